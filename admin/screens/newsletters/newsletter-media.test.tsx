// @vitest-environment happy-dom
// The newsletter editors' images come from the media library (issue 16): the template's header
// image and an ad's image and logo open the shared library picker (components/asset-id-field.tsx),
// searched for images only; the picked asset is saved as a media reference (header.imageAssetId,
// imageAssetId, logoAssetId), a display ad needs no image address then, and emptying the field
// clears the stored reference (null; an absent field would keep it). Against a fake API behind the
// real transport.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newsletterTemplateSchema } from '../../../engine/domain/newsletter';
import { configureTransport } from '../../data/transport';
import type { NewsletterAdRecord } from '../../data/types';
import { ToastProvider } from '../../app/toasts';
import { RouterProvider } from '../../lib/router';

vi.mock('../../app/session', () => ({ useSession: () => ({ permissions: ['manage_newsletter_templates', 'manage_newsletter_ads'] }) }));
vi.mock('../../app/tenant', () => ({ useTenant: () => ({ tenantKey: 'alpha' }) }));
import TemplateEditScreen from './template-edit';
import { AdDialog } from './ad-dialog';

interface Call { op: string; variables: Record<string, any> }
let calls: Call[];
const callsOf = (op: string) => calls.filter((c) => c.op === op);

const ASSET = {
  id: 31, name: 'masthead.png', path: '/media/alpha/31.png', mimeType: 'image/png', width: 1400, height: 200, bytes: 10, alt: 'Masthead', caption: null, credit: null,
  focalX: 0.5, focalY: 0.5, tags: [], decorative: false, original: '31.png', derivatives: [], usedBy: [],
};
const template = (header: Record<string, unknown> = {}) => ({
  ...newsletterTemplateSchema.parse({ name: 'Alpha Daily', header, footer: { subscriptions: { unsubscribeLink: '/unsubscribe' } } }),
  id: 1, legacyNewsletterProductId: null, newsletterId: null, updatedAt: '2026-11-01T00:00:00.000Z',
});

function fakeApi(answers: Record<string, (v: Record<string, any>) => unknown>) {
  calls = [];
  const base: Record<string, (v: Record<string, any>) => unknown> = {
    getNewsletterItems: () => ({ edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 }),
    getAssetStream: () => ({ rows: [ASSET], totalCount: 1 }),
  };
  configureTransport({
    version: `newsletter-media-test-${Math.random()}`,
    bearer: () => 'token',
    tenantKey: () => 'alpha',
    fetch: async (url, init) => {
      const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
      if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
      const body = JSON.parse(init.body ?? '{}') as { query: string; variables: Record<string, any> };
      const op = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
      calls.push({ op, variables: body.variables });
      const answer = answers[op] ?? base[op];
      if (!answer) throw new Error(`unexpected operation ${op}`);
      return new Response(JSON.stringify({ data: { [op]: answer(body.variables) } }), { headers: { 'content-type': 'application/json' } });
    },
  });
}

async function settle() {
  for (let i = 0; i < 6; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
}
async function show(node: ReactNode) {
  render(<RouterProvider><ToastProvider>{node}</ToastProvider></RouterProvider>);
  await settle();
}
async function click(name: string | RegExp, scope: HTMLElement = document.body) {
  await act(async () => { fireEvent.click(within(scope).getByRole('button', { name })); });
  await settle();
}
const input = (label: string | RegExp, scope: HTMLElement = document.body) => within(scope).getByLabelText(label) as HTMLInputElement;

beforeEach(() => { window.localStorage.clear(); window.history.pushState(null, '', '/admin/edit-newsletter-template/1'); });
afterEach(() => { cleanup(); vi.restoreAllMocks(); });

describe('newsletter template editor: header image from the media library', () => {
  it('picks the header image in the library (images only) and saves it as header.imageAssetId', async () => {
    fakeApi({ getNewsletterTemplate: () => template(), updateNewsletterTemplate: (v) => ({ ...template(v.input.header), id: 1 }) });
    await show(<TemplateEditScreen params={{ id: '1' }} />);
    await click('Choose header image from the library');
    expect(callsOf('getAssetStream').at(-1)!.variables.input).toMatchObject({ type: 'image' });
    const library = screen.getByRole('group', { name: 'Media library for Header image' });
    await click('Asset 31: masthead.png', library);
    expect(input(/^Header image(?! address)/).value).toBe('31');
    await click('Save');
    const sent = callsOf('updateNewsletterTemplate');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.variables).toMatchObject({ id: 1, input: { header: { imageAssetId: 31 } } });
    expect(sent[0]!.variables.input.header.image).toBeUndefined();
  });

  it('refuses typed text that is no id, naming the field, and clears a stored image with null', async () => {
    fakeApi({ getNewsletterTemplate: () => template({ imageAssetId: 31 }), updateNewsletterTemplate: (v) => ({ ...template(), id: 1, ...v.input }) });
    await show(<TemplateEditScreen params={{ id: '1' }} />);
    expect(input(/^Header image(?! address)/).value).toBe('31');
    fireEvent.change(input(/^Header image(?! address)/), { target: { value: 'logo.png' } });
    await click('Save');
    expect(input(/^Header image(?! address)/).getAttribute('aria-invalid')).toBe('true');
    expect(callsOf('updateNewsletterTemplate')).toEqual([]);
    fireEvent.change(input(/^Header image(?! address)/), { target: { value: '' } });
    await click('Save');
    expect(callsOf('updateNewsletterTemplate').map((c) => c.variables.input.header.imageAssetId)).toEqual([null]);
  });
});

describe('newsletter ad editor: image and logo from the media library', () => {
  const AD: NewsletterAdRecord = {
    id: 4, title: 'Port audit', campaignName: null, companySource: 'new', company: { id: null, name: 'Acme' }, logo: null, image: null,
    logoAssetId: 31, imageAssetId: null, placement: 'sponsored-content', label: 'Advertisement', url: 'https://acme.example/', body: '', ctaLabel: '',
    adCategory: 'Advertising', priority: 10, schedules: [], updatedAt: '2026-11-01T00:00:00.000Z',
  };

  it('creates a display ad whose image is a library pick (no image address needed)', async () => {
    fakeApi({ createNewsletterAd: (v) => ({ ...AD, ...v.input, id: 5 }) });
    const onSaved = vi.fn();
    await show(<AdDialog ad={null} templates={[]} allTemplates={[]} tenantKey="alpha" onClose={() => undefined} onSaved={onSaved} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.change(input(/^Title/, dialog), { target: { value: 'Leaderboard' } });
    fireEvent.change(input(/^Company name/, dialog), { target: { value: 'Acme' } });
    fireEvent.change(input(/^Placement/, dialog), { target: { value: 'leaderboard-600x100' } });
    fireEvent.change(input(/^URL/, dialog), { target: { value: 'https://acme.example/' } });
    await click('Choose image from the library', dialog);
    expect(callsOf('getAssetStream').at(-1)!.variables.input).toMatchObject({ type: 'image' });
    await click('Asset 31: masthead.png', screen.getByRole('group', { name: 'Media library for Image' }));
    await click('Create ad', dialog);
    expect(callsOf('createNewsletterAd').map((c) => c.variables.input)).toEqual([expect.objectContaining({ imageAssetId: 31, placement: 'leaderboard-600x100' })]);
    expect(callsOf('createNewsletterAd')[0]!.variables.input.image).toBeUndefined();
    expect(onSaved).toHaveBeenCalled();
  });

  it('shows the stored logo reference and clears it with null when emptied', async () => {
    fakeApi({ updateNewsletterAd: (v) => ({ ...AD, ...v.input }) });
    await show(<AdDialog ad={AD} templates={[]} allTemplates={[]} tenantKey="alpha" onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(input(/^Logo(?! address)/, dialog).value).toBe('31');
    fireEvent.change(input(/^Logo(?! address)/, dialog), { target: { value: '' } });
    await click('Save', dialog);
    expect(callsOf('updateNewsletterAd').map((c) => [c.variables.id, c.variables.input.logoAssetId])).toEqual([[4, null]]);
  });
});
