// @vitest-environment happy-dom
// The part search island of the sourceesb parts directory (issue 42): it searches the /parts page's
// prerendered payload (fetched once), by keyword or by part number with its punctuation left out,
// keeps the search in the address (?q=), runs one found there, and says when nothing matches or the
// payload cannot be read. Part names from the parts API stay text.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartRowView } from '../model';
import { PARTS_SEARCH_TEXTS, PartsSearch } from './parts-search';

const part = (partNumber: string, name: string, manufacturer = 'Varden', category = 'Bearings'): PartRowView =>
  ({ partNumber, name, manufacturer, category, href: `/parts/${partNumber.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` });
const PARTS = [
  part('VB-6204-2RS', 'Deep groove ball bearing'),
  part('HFP-GP16-20', 'Gear pump <b>16 cc</b>', 'Hollis Fluid Power', 'Hydraulics'),
  part('LSW-PX18-8N', 'Inductive proximity sensor', 'Lumen Sensorworks', 'Sensors'),
];
let fetches: string[];
let ok: boolean;

beforeEach(() => {
  fetches = [];
  ok = true;
  vi.stubGlobal('fetch', async (url: string) => {
    fetches.push(url);
    return ok ? new Response(JSON.stringify({ kind: 'parts', module: { kind: 'parts', parts: PARTS } }), { status: 200 }) : new Response('down', { status: 503 });
  });
  history.replaceState(null, '', '/parts');
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); history.replaceState(null, '', '/'); });

async function search(text: string) {
  await act(async () => { fireEvent.change(screen.getByLabelText(PARTS_SEARCH_TEXTS.label), { target: { value: text } }); });
  await act(async () => { fireEvent.submit(screen.getByRole('search')); });
}
const found = () => screen.queryAllByRole('link').map((a) => a.getAttribute('href'));

describe('part search island', () => {
  it('finds parts by keyword and by part number written without punctuation, reading the payload once', async () => {
    render(<PartsSearch indexHref="/parts/_payload.json" />);
    expect(fetches).toEqual([]);
    await search('bearing');
    expect(await screen.findByText(PARTS_SEARCH_TEXTS.found(1))).toBeTruthy();
    expect(found()).toEqual(['/parts/vb-6204-2rs']);
    expect(location.search).toBe('?q=bearing');
    await search('lswpx18');
    expect(await screen.findByText(PARTS_SEARCH_TEXTS.found(1))).toBeTruthy();
    expect(found()).toEqual(['/parts/lsw-px18-8n']);
    await search('hollis pump');
    expect(await screen.findByText(PARTS_SEARCH_TEXTS.found(1))).toBeTruthy();
    // The API's markup in a name is shown as text.
    expect(screen.getByRole('link').textContent).toBe('HFP-GP16-20 Gear pump <b>16 cc</b>');
    expect(document.querySelector('.parts-results b')).toBeNull();
    await search('flange');
    expect(await screen.findByText(PARTS_SEARCH_TEXTS.none('flange'))).toBeTruthy();
    expect(found()).toEqual([]);
    expect(fetches).toEqual(['/parts/_payload.json']);
  });

  it('runs the search the address names', async () => {
    history.replaceState(null, '', '/parts?q=sensor');
    render(<PartsSearch indexHref="/parts/_payload.json" />);
    expect(await screen.findByText(PARTS_SEARCH_TEXTS.found(1))).toBeTruthy();
    expect((screen.getByLabelText(PARTS_SEARCH_TEXTS.label) as HTMLInputElement).value).toBe('sensor');
    expect(found()).toEqual(['/parts/lsw-px18-8n']);
  });

  it('says the search is unavailable when the payload cannot be read, and tries again next time', async () => {
    ok = false;
    render(<PartsSearch indexHref="/parts/_payload.json" />);
    await search('pump');
    expect(await screen.findByText(PARTS_SEARCH_TEXTS.failed)).toBeTruthy();
    ok = true;
    await search('pump');
    expect(await screen.findByText(PARTS_SEARCH_TEXTS.found(1))).toBeTruthy();
    expect(fetches).toHaveLength(2);
  });
});
