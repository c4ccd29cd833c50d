// The sourceesb parts directory (admin §3.1 "Modules", issue 42) against a local HTTP server on
// 127.0.0.1 speaking the parts API (engine/domain/sourceesb.ts): a full build reads the catalogue
// with the tenant's token (search pages, each part's details, datasheets), bounded by maxParts, and
// renders /parts, the part pages and the datasheet pages with every API string escaped and only
// http(s) datasheet links. When the API fails or hangs the build goes on: the last good copy
// stays (with a warning naming the tenant and the URL), and a tenant that never had one gets
// the "unavailable" note. Checked in the built HTML.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild, runSiteBuild, type BuildSummary } from '../../engine/build/index';
import { layoutSchema } from '../../engine/domain/layout';
import { PARTS_CACHE_KEY } from '../../engine/domain/sourceesb';
import type { Store } from '../../engine/store/connection';
import { writeLayouts } from '../../engine/store/writes';
import { PARTS_UNAVAILABLE_TEXT } from '../../site/module-texts';
import { listFiles, seedBuildSite } from './build-site-fixture';
import { pageProblems } from './build-quality';

const TOKEN = 'sesb-test-token-5f1c';
const HOSTILE_NAME = 'Relief valve <script>window.__pwned=1</script>';
const HOSTILE_DESC = 'Cracks at 3 bar. <img src="x" onerror="window.__pwned=2">';
interface ApiPart { partNumber: string; name: string; manufacturer: string; category: string; description: string; specs: { name: string; value: string }[]; hasDatasheet: boolean; sheet?: string }
const PARTS: ApiPart[] = [
  { partNumber: 'VB-6204-2RS', name: 'Deep groove ball bearing', manufacturer: 'Varden', category: 'Bearings', description: '20 mm bore.', specs: [{ name: 'Bore', value: '20 mm' }], hasDatasheet: true, sheet: 'https://sheets.example/vb-6204.pdf' },
  { partNumber: 'HFP/RV 3"', name: HOSTILE_NAME, manufacturer: 'Hollis <b>Fluid</b>', category: 'Hydraulics', description: HOSTILE_DESC, specs: [{ name: 'Set "pressure"', value: '"><svg onload=alert(1)>' }], hasDatasheet: true, sheet: 'javascript:alert(3)' },
  { partNumber: 'LSW-PX18', name: 'Proximity sensor', manufacturer: 'Lumen', category: 'Sensors', description: '', specs: [], hasDatasheet: false },
  { partNumber: 'LSW-PX30', name: 'Proximity sensor, M30', manufacturer: 'Lumen', category: 'Sensors', description: '', specs: [], hasDatasheet: false },
];

let server: Server;
let base = '';
let mode: 'ok' | 'fail' | 'hang' = 'ok';
const auth: string[] = [];
let store: Store;

function listen(): Promise<void> {
  server = createServer((req, res) => {
    auth.push(req.headers.authorization ?? '');
    if (mode === 'hang') return; // never answers: the build's timeout must end the wait
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (mode === 'fail') return json(503, { error: 'maintenance' });
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { error: 'token' });
    const m = /^\/api\/v1\/parts(?:\/([^/]+)(\/datasheet)?)?$/.exec(url.pathname);
    if (!m) return json(404, { error: 'no route' });
    if (!m[1]) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const hits = PARTS.filter((p) => !q || p.partNumber.toLowerCase().includes(q) || p.name.toLowerCase().includes(q));
      return json(200, { total: hits.length, page, parts: hits.slice((page - 1) * limit, page * limit).map(({ partNumber, name, manufacturer, category }) => ({ partNumber, name, manufacturer, category })) });
    }
    const part = PARTS.find((p) => p.partNumber === decodeURIComponent(m[1]!));
    if (!part) return json(404, { error: 'unknown part' });
    if (m[2]) return part.hasDatasheet ? json(200, { url: part.sheet, title: `${part.partNumber} datasheet`, format: 'PDF', pages: 4 }) : json(404, { error: 'none' });
    const { sheet: _s, ...details } = part;
    return json(200, details);
  });
  return new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
}

const layout = layoutSchema.parse({
  id: 990101, name: 'Parts directory', type: 'module', key: 'sourceesb',
  primaryGrid: { rows: [{ settings: { layout: '1' }, columns: [{ blocks: [{ id: 'about', type: 'html', data: { html: '<p>Supplier data.</p>' } }] }] }] },
});
const setSettings = (sourceesb: unknown) => store.run("UPDATE tenants SET settings = json_set(settings, '$.sourceesb', json(?)) WHERE tenant_key = 'alpha'", [JSON.stringify(sourceesb)]);

async function build(): Promise<{ summary: BuildSummary; root: string }> {
  const out = mkdtempSync(join(tmpdir(), 'masthead-sourceesb-'));
  const summary = await runBuild(store, {
    outDir: out, now: Date.parse('2026-11-02T15:00:00Z'), originTemplate: 'https://{key}.example', workers: 1, tenants: ['alpha'], clientDir: null,
    feedsAllowPrivateHosts: true, sourceesbTokens: { alpha: TOKEN },
  });
  return { summary, root: realpathSync(join(out, 'alpha')) };
}
const html = (root: string, path: string) => readFileSync(join(root, path.replace(/^\//, ''), 'index.html'), 'utf8');
const page = (root: string, path: string) => load(html(root, path));
const partLinks = ($: ReturnType<typeof load>) => $('main table.parts-table tbody td:first-child a').map((_, a) => [[$(a).text(), $(a).attr('href')!]]).get() as unknown as [string, string][];

beforeAll(async () => {
  await listen();
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  ({ store } = await seedBuildSite());
  await writeLayouts(store.db, 'alpha', [layout]);
}, 60_000);
afterAll(async () => {
  await store?.close();
  await new Promise((ok) => server.close(ok));
});

describe('the sourceesb parts directory', () => {
  it('shows the unavailable note while the API has never answered, without breaking the build', async () => {
    mode = 'fail';
    await setSettings({ apiBaseUrl: base });
    const { summary, root } = await build();
    expect(summary.tenants[0]!.warnings.find((w) => w.includes('sourceesb'))).toMatch(new RegExp(`tenant alpha at ${base.replace(/[.]/g, '\\.')} not read \\(HTTP 503`));
    const $ = page(root, '/parts');
    expect($('main .parts-unavailable').text()).toBe(PARTS_UNAVAILABLE_TEXT);
    expect($('main table.parts-table').length).toBe(0);
    expect(existsSync(join(root, 'parts/vb-6204-2rs/index.html'))).toBe(false);
    // The rest of the site is built as usual.
    expect(existsSync(join(root, 'index.html'))).toBe(true);
  }, 120_000);

  it('reads the catalogue with the tenant token and renders search, details and datasheet pages', async () => {
    mode = 'ok';
    auth.length = 0;
    const { summary, root } = await build();
    expect(summary.tenants[0]!.warnings.filter((w) => w.includes('sourceesb'))).toEqual([]);
    expect(auth.length).toBeGreaterThan(PARTS.length);
    expect(new Set(auth)).toEqual(new Set([`Bearer ${TOKEN}`]));
    const $ = page(root, '/parts');
    expect(partLinks($).map(([pn]) => pn)).toEqual(PARTS.map((p) => p.partNumber));
    expect($('main [data-island="parts-search"]').attr('data-props')).toContain('/parts/_payload.json');
    const [, href] = partLinks($)[0]!;
    expect(href).toBe('/parts/vb-6204-2rs');
    const $p = page(root, href);
    expect($p('main h1').text()).toBe('VB-6204-2RS Deep groove ball bearing');
    expect($p('main table.part-specs th').text()).toBe('Bore');
    expect($p('main .part-links a.button').attr('href')).toBe('/parts/vb-6204-2rs/datasheet');
    const $d = page(root, '/parts/vb-6204-2rs/datasheet');
    expect($d('main .part-links a.button').attr('href')).toBe('https://sheets.example/vb-6204.pdf');
    expect($d('main').text()).toContain('VB-6204-2RS datasheet');
    // No datasheet page for a part without one.
    expect(existsSync(join(root, 'parts/lsw-px18/datasheet/index.html'))).toBe(false);
    expect($('main').text()).toContain('Supplier data.');
    // The token never reaches the published files or the stored copy.
    for (const f of listFiles(root)) if (/\.(html|json|xml|txt)$/.test(f)) expect(readFileSync(join(root, f), 'utf8'), f).not.toContain(TOKEN);
    const row = await store.all<{ items: string }>('SELECT items FROM feed_cache WHERE tenant_key = ? AND url = ?', ['alpha', PARTS_CACHE_KEY]);
    expect(row[0]!.items).not.toContain(TOKEN);
  }, 120_000);

  it('escapes the API\'s strings and links a datasheet only when its address is http(s)', async () => {
    const { root } = await build();
    const $ = page(root, '/parts');
    const [pn, href] = partLinks($)[1]!;
    expect(pn).toBe('HFP/RV 3"');
    expect(href).toBe('/parts/hfp-rv-3');
    const raw = html(root, href);
    expect(raw).not.toContain('<script>window.__pwned');
    expect(raw).not.toContain('<img src="x"');
    expect(raw).not.toContain('<svg onload');
    const $p = load(raw);
    expect($p('main h1').text()).toBe(`HFP/RV 3" ${HOSTILE_NAME}`);
    expect($p('main .part-description').text()).toBe(HOSTILE_DESC);
    expect($p('main table.part-specs td').text()).toBe('"><svg onload=alert(1)>');
    expect($p('main script, main img[src="x"], main svg[onload]').length).toBe(0);
    expect($('main table.parts-table').text()).toContain('Hollis <b>Fluid</b>');
    const $d = page(root, `${href}/datasheet`);
    expect($d('main a[href^="javascript"]').length).toBe(0);
    expect($d('main .part-links a.button').length).toBe(0);
    expect($d('main').text()).toContain('The datasheet file is not available.');
    // Every parts page is valid HTML with the accessibility basics, hostile strings and all.
    expect(await pageProblems(root, listFiles(root).filter((f) => f.startsWith('parts/')))).toEqual([]);
  }, 120_000);

  it('keeps the last good copy when the API is down or hangs, naming the tenant and the URL', async () => {
    for (const m of ['fail', 'hang'] as const) {
      mode = m;
      await setSettings({ apiBaseUrl: base, timeoutMs: 300 });
      const { summary, root } = await build();
      const warning = summary.tenants[0]!.warnings.find((w) => w.includes('sourceesb'));
      expect(warning, m).toContain(`tenant alpha at ${base}`);
      expect(warning, m).toContain(m === 'fail' ? 'HTTP 503' : 'timed out');
      expect(warning, m).toContain(`keeping the last good copy (${PARTS.length} parts)`);
      expect(partLinks(page(root, '/parts')).length, m).toBe(PARTS.length);
      expect(page(root, '/parts')('main .parts-unavailable').length, m).toBe(0);
      expect(existsSync(join(root, 'parts/vb-6204-2rs/datasheet/index.html')), m).toBe(true);
    }
  }, 120_000);

  it('is read again by an incremental `masthead build`, which updates the changed part pages', async () => {
    mode = 'ok';
    await setSettings({ apiBaseUrl: base });
    const out = mkdtempSync(join(tmpdir(), 'masthead-sourceesb-site-'));
    const options = { outDir: out, originTemplate: 'https://{key}.example', workers: 1, tenants: ['alpha'], clientDir: null, feedsAllowPrivateHosts: true, sourceesbTokens: { alpha: TOKEN } };
    await runSiteBuild(store, { ...options, now: Date.parse('2026-11-02T15:00:00Z') });
    const root = realpathSync(join(out, 'alpha'));
    expect(page(root, '/parts/lsw-px18')('main h1').text()).toBe('LSW-PX18 Proximity sensor');
    PARTS[2]!.name = 'Proximity sensor, M18 flush';
    try {
      const again = await runSiteBuild(store, { ...options, now: Date.parse('2026-11-02T15:05:00Z') });
      expect(again.modes.alpha).toBe('incremental');
      const live = realpathSync(join(out, 'alpha'));
      expect(page(live, '/parts/lsw-px18')('main h1').text()).toBe('LSW-PX18 Proximity sensor, M18 flush');
      expect(page(live, '/parts')('main table.parts-table').text()).toContain('Proximity sensor, M18 flush');
    } finally {
      PARTS[2]!.name = 'Proximity sensor';
    }
  }, 120_000);

  it('reads at most maxParts parts', async () => {
    mode = 'ok';
    await setSettings({ apiBaseUrl: base, maxParts: 2 });
    const { summary, root } = await build();
    expect(summary.tenants[0]!.warnings.filter((w) => w.includes('sourceesb'))).toEqual([]);
    expect(partLinks(page(root, '/parts')).map(([p]) => p)).toEqual(PARTS.slice(0, 2).map((p) => p.partNumber));
    expect(existsSync(join(root, 'parts/lsw-px18/index.html'))).toBe(false);
  }, 120_000);
});
