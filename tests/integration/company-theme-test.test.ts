// The theme test pages (issue 22; /admin/test and /admin/test-form-api): staff with the layout
// permissions get a signed link; the site host renders every block type, or every form, with sample
// data in that tenant's theme, loads no script, is never cached or indexed; a link is bound to its
// tenant, its page and its hour.
import { load, type CheerioAPI } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../../engine/domain/layout';
import { BLOCK_LABELS, THEME_TEST_FORMS } from '../../engine/domain/theme-test';
import { THEME_TEST_INVALID, THEME_TEST_TTL_MS } from '../../engine/services/system/theme-test';
import { startApi, type Harness } from './api-harness';

const NOW = Date.parse('2026-03-20T12:00:00.000Z');
let clock = NOW;
let h: Harness;
beforeAll(async () => { h = await startApi({ now: () => clock }); });
afterAll(async () => { await h.close(); });

async function link(kind: string, as: 'alphaViewer' | 'alphaEditor' = 'alphaViewer', tenant = 'alpha'): Promise<string> {
  const r = await h.op('createThemeTestLink', { kind }, { as, tenant });
  expect(r.error).toBeUndefined();
  expect(r.data.createThemeTestLink.expiresAt).toBe(new Date(NOW + THEME_TEST_TTL_MS).toISOString());
  return r.data.createThemeTestLink.path;
}
const open = (path: string, host = 'alpha.localhost') => h.app.inject({ method: 'GET', url: path, headers: { host } });
const rowTitles = ($: CheerioAPI) => $('main h2').map((_, e) => $(e).text().trim()).get();

describe('theme test pages', () => {
  it('blocks: one titled row per block type with sample data, in the tenant theme, no script, not cached', async () => {
    const res = await open(await link('blocks'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const $ = load(res.body);
    expect($('h1').first().text()).toBe('Theme test: every block');
    const titles = rowTitles($);
    for (const t of BLOCK_TYPES) expect(titles, t).toContain(`${BLOCK_LABELS[t]} (${t})`);
    expect(titles).toEqual(expect.arrayContaining(['Content list displays', 'Colour schemes']));
    // Sample data fills every block: lists have items, the body its headings, the grid images.
    expect($('.block-list').first().find('li').length).toBeGreaterThan(0);
    expect($('.block-body h2').first().text()).toBe('A second-level heading');
    expect($('.block-images img').length).toBeGreaterThan(0);
    expect($('.block-newsletter form input[type="checkbox"]').length).toBeGreaterThan(0);
    expect($('.ad-slot[data-ad-key="theme-test"]').length).toBe(1);
    expect($('.gating-form form input[type="email"]').length).toBe(1);
    for (const c of ['default', 'primary', 'secondary', 'dark']) expect($(`.scheme-${c}`).length, c).toBeGreaterThan(0);
    // The tenant's own stylesheet, no client script, no tracking metadata, no toolbar root.
    expect($('link[rel="stylesheet"]').attr('href')).toMatch(/^\/assets\/site\.[0-9a-f]{12}\.css$/);
    expect($('script[src]').length).toBe(0);
    expect($('meta[name="robots"]').attr('content')).toBe('noindex, nofollow');
    expect($('[data-island="staff-toolbar"]').length).toBe(0);
  });

  it('forms: every site form with sample newsletters, none of which can submit through a script', async () => {
    const $ = load((await open(await link('forms', 'alphaEditor'))).body);
    expect($('h1').first().text()).toBe('Theme test: every form');
    expect(rowTitles($)).toEqual([...THEME_TEST_FORMS]);
    expect($('form').length).toBeGreaterThanOrEqual(THEME_TEST_FORMS.length);
    expect($('input[type="password"]').length).toBeGreaterThan(0);
    expect($('input[type="email"]').length).toBeGreaterThanOrEqual(3);
    expect($('script[src]').length).toBe(0);
  });

  it('is refused on another tenant, when tampered or expired, for other kinds and without the permission', async () => {
    const path = await link('blocks');
    const foreign = await open(path, 'beta.localhost');
    expect(foreign.statusCode).toBe(403);
    expect(load(foreign.body)('p').first().text()).toBe(THEME_TEST_INVALID);
    expect((await open(path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).statusCode).toBe(403);
    expect((await open('/__preview/theme-test')).statusCode).toBe(403);
    expect((await open(path, 'unknown.example')).statusCode).toBe(404);
    clock = NOW + THEME_TEST_TTL_MS;
    expect((await open(path)).statusCode).toBe(403);
    clock = NOW;
    const bad = await h.op('createThemeTestLink', { kind: 'tables' }, { as: 'alphaViewer' });
    expect(bad.status).toBe(400);
    expect(bad.error!.extensions.field).toBe('kind');
    expect((await h.op('createThemeTestLink', { kind: 'blocks' }, { as: 'betaEditor', tenant: 'alpha' })).status).toBe(403);
    expect((await h.op('createThemeTestLink', { kind: 'blocks' })).status).toBe(401);
  });
});
