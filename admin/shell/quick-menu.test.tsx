// @vitest-environment happy-dom
// The Ctrl/Cmd+K quick menu against a fake API behind the real transport (issue 35): besides the
// screens, it finds content by title, people and sections, asks only what the user may open, waits
// for a pause in typing, and is driven by the keyboard.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Permission } from '../../engine/domain/permissions';
import { configureTransport } from '../data/transport';
import { QuickMenu } from './quick-menu';

interface Call { op: string; variables: Record<string, any> }
let calls: Call[] = [];

function fakeApi() {
  calls = [];
  const answers: Record<string, (v: Record<string, any>) => unknown> = {
    getContentStream: (v) => (String(v.input.phrase ?? '').toLowerCase() === 'diesel'
      ? { items: [
        { id: 10100041, type: 'Article', name: 'Fuel costs and the freight market', status: 1, published: null, primarySectionId: 103 },
        { id: 10100042, type: 'PressRelease', name: 'Diesel surcharges climb again', status: 1, published: null, primarySectionId: 103 },
      ], totalCount: 2 }
      : { items: [], totalCount: 0 }),
    getPersonStream: (v) => (String(v.input.phrase ?? '').toLowerCase() === 'diesel' ? [{ id: 7, fullName: 'Dana Diesel', title: 'Fuel editor' }] : []),
    getWebsiteSectionsHierarchy: () => [{ id: 103, name: 'Diesel and fuel', alias: 'fuel', parentId: null }, { id: 104, name: 'Ports', alias: 'ports', parentId: null }],
  };
  configureTransport({
    version: `quick-menu-test-${Math.random()}`,
    bearer: () => 'token',
    fetch: async (url, init) => {
      const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
      if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
      const body = JSON.parse(init.body ?? '{}') as { query: string; variables: Record<string, any> };
      const op = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
      calls.push({ op, variables: body.variables });
      const answer = answers[op];
      if (!answer) throw new Error(`unexpected operation ${op}`);
      return new Response(JSON.stringify({ data: { [op]: answer(body.variables) } }), { headers: { 'content-type': 'application/json' } });
    },
  });
}

function show(permissions: Permission[]) {
  const onOpen = vi.fn();
  render(<QuickMenu permissions={permissions} onOpen={onOpen} onClose={() => undefined} />);
  return { onOpen, input: screen.getByRole('combobox', { name: 'Go to' }) };
}

/** Types one character at a time, as a person does. */
function type(input: HTMLElement, text: string) {
  for (let i = 1; i <= text.length; i++) fireEvent.change(input, { target: { value: text.slice(0, i) } });
}

afterEach(cleanup);

describe('quick menu search (issue 35)', () => {
  it('finds content by title, people and sections, once typing pauses', async () => {
    fakeApi();
    const { input } = show(['manage_content', 'view_site_sections']);
    type(input, 'diesel');
    const found = await screen.findByRole('option', { name: /Diesel surcharges climb again/ });
    expect(found.textContent).toContain('Press release · 10100042');
    expect(found.textContent).toContain('Content');
    expect(screen.getByRole('option', { name: /Dana Diesel/ }).textContent).toContain('Fuel editor');
    expect(screen.getByRole('option', { name: /Diesel and fuel/ }).textContent).toContain('Sections');
    expect(screen.queryByRole('option', { name: /Ports/ })).toBeNull();
    // The API's phrase also matches bodies: the item with the word in its title comes first.
    const content = screen.getAllByRole('option').filter((o) => o.textContent?.endsWith('Content')).map((o) => o.textContent);
    expect(content).toEqual([expect.stringContaining('Diesel surcharges'), expect.stringContaining('Fuel costs')]);
    // One question per kind for the whole word, not one per keystroke.
    expect(calls.filter((c) => c.op === 'getContentStream').map((c) => c.variables.input.phrase)).toEqual(['diesel']);
    expect(calls.filter((c) => c.op === 'getPersonStream').map((c) => c.variables.input.phrase)).toEqual(['diesel']);
  });

  it('opens a found item with the arrow keys and Enter', async () => {
    fakeApi();
    const { input, onOpen } = show(['manage_content']);
    type(input, 'diesel');
    await screen.findByRole('option', { name: /Diesel surcharges climb again/ });
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    const target = options.findIndex((o) => o.textContent?.includes('Diesel surcharges'));
    for (let i = 0; i < target; i++) fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(options[target]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith('/admin/edit-content/10100042');
  });

  it('finds settings by the name of their card, and asks nothing the user may not open', async () => {
    fakeApi();
    const { input } = show(['view_site_settings']);
    type(input, 'consent');
    const hit = await screen.findByRole('option', { name: /Consent and tracking settings/ });
    expect(hit.textContent).toContain('Site settings');
    await screen.findByRole('listbox', { name: 'Menu entries' });
    expect(screen.getByRole('listbox').getAttribute('data-answered')).toBe('consent');
    expect(calls).toEqual([]);
  });
});
