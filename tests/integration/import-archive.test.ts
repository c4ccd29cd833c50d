// Issue 24: a WordPress (WXR 1.2) and a Ghost (5.x) export, written to the formats' documentation,
// are imported into a tenant twice — the second run changes no row — and then built: the imported
// pages pass html-validate, and every old URL 301s to a page that exists, in the static output's
// redirect files and in `masthead serve`.
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { load as parseHtml } from 'cheerio';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMastheadServer } from '../../cli/serve/app';
import { createBuildQueue, runBuild } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { runImport } from '../../engine/import/run';
import type { ImportReport } from '../../engine/import/report';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { pageProblems } from './build-quality';
import { listFiles } from './build-site-fixture';
import { importWorld, snapshot, type ImportWorld } from './import-helpers';

let store: Store;
let world: ImportWorld;
const reports: Record<string, ImportReport[]> = { wordpress: [], ghost: [] };

const importBoth = async () => {
  reports.wordpress!.push(await runImport(store, { source: 'wordpress', file: world.wxr, tenantKey: 'alpha', mediaDir: world.mediaDir, fetchTimeoutMs: 2000 }));
  reports.ghost!.push(await runImport(store, { source: 'ghost', file: world.ghost, tenantKey: 'alpha', mediaDir: world.mediaDir, fetchTimeoutMs: 2000 }));
};
const content = (sql: string, params: (string | number)[] = []) => store.all<Record<string, any>>(sql, params);
const byImportId = async (source: string, id: string) => (await content(`SELECT * FROM content WHERE json_extract(metadata, '$.import.source') = ? AND json_extract(metadata, '$.import.id') = ?`, [source, id]))[0]!;

beforeAll(async () => {
  world = await importWorld();
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100)], []));
}, 60_000);
afterAll(async () => {
  await store?.close();
  await world?.close();
});

describe('import from WordPress and Ghost', () => {
  it('a dry run prints what it would create and skip, and writes nothing', async () => {
    const before = await snapshot((s) => store.all(s));
    const r = await runImport(store, { source: 'wordpress', file: world.wxr, tenantKey: 'alpha', mediaDir: world.mediaDir, dryRun: true });
    expect(await snapshot((s) => store.all(s))).toBe(before);
    expect(world.served).toEqual([]);
    expect(r.plan).toContain('create section "Shipping" /news/markets/shipping');
    expect(r.plan.some((l) => /^create content post "Hello block editor" → \/news\/markets\/shipping\/\d{8}\/hello-block-editor$/.test(l))).toBe(true);
    expect(r.plan.some((l) => /^skip post "Thrown away" \(id 14\), line \d+: in the trash$/.test(l))).toBe(true);
    expect(r.counts.created.content).toBe(4);
  });

  it('imports posts, pages, drafts, sections, tags, authors and images, and a second run changes nothing', async () => {
    await importBoth();
    const first = await snapshot((s) => store.all(s));
    const [wp, ghost] = [reports.wordpress![0]!, reports.ghost![0]!];
    expect(wp.counts.created).toEqual({ content: 4, section: 5, person: 2, taxonomy: 2, asset: 2, redirect: 3 });
    expect(ghost.counts.created).toMatchObject({ content: 3, person: 2, taxonomy: 2, redirect: 2 });
    expect(wp.skipped.map((s) => s.reason)).toEqual(['in the trash']);
    expect(wp.notImported).toEqual({ nav_menu_item: 1, comment: 1 }); // Masthead has no comment storage: counted
    expect(wp.warnings).toMatchObject({ 'category-folded': 1, 'block-dropped': 1, 'shortcode-dropped': 1, 'shortcode-kept': 1, 'image-missing': 1 });
    expect(world.served).toContain('/wp-content/uploads/2024/03/harbor.png');

    await importBoth();
    expect(await snapshot((s) => store.all(s))).toBe(first);
    const dry = await runImport(store, { source: 'wordpress', file: world.wxr, tenantKey: 'alpha', mediaDir: world.mediaDir, dryRun: true });
    expect(dry.counts.created).toEqual({ content: 0, section: 0, person: 0, taxonomy: 0, asset: 0, redirect: 0 });
    expect(dry.counts.updated).toEqual({ content: 0, section: 0, person: 0, taxonomy: 0, asset: 0, redirect: 0 });
    expect(dry.plan.filter((l) => !l.startsWith('skip '))).toEqual([]);
    for (const r of [reports.wordpress![1]!, reports.ghost![1]!]) {
      expect(r.counts.created).toEqual({ content: 0, section: 0, person: 0, taxonomy: 0, asset: 0, redirect: 0 });
      expect(r.counts.updated).toEqual({ content: 0, section: 0, person: 0, taxonomy: 0, asset: 0, redirect: 0 });
    }
  }, 60_000);

  it('maps the WordPress records as the issue says', async () => {
    const sections = new Map((await content('SELECT id, alias FROM website_sections')).map((s) => [s.id as number, s.alias as string]));
    const hello = await byImportId('wordpress', '10');
    expect(String(hello.id)).toMatch(/^\d{8}$/);
    expect(sections.get(hello.primary_section_id)).toBe('news/markets/shipping');
    expect(hello.status).toBe(1);
    expect(hello.published).toBe(Date.UTC(2024, 2, 1, 10));
    expect(hello.teaser).toBe('Rates fell again.');
    expect(hello.seo_title).toBe('Hello block editor');
    expect(JSON.parse(hello.metadata).description).toBe('Container rates fell again; what carriers say.');
    const $ = parseHtml(hello.body);
    expect(hello.body).not.toContain('wp:');
    expect($('h3').text()).toBe('What carriers say');
    expect($('figure img').attr('src')).toMatch(/^\/images\/alpha\/import\/[0-9a-f]{24}\.png$/);
    expect($('a[href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"]')).toHaveLength(1);
    const [featured] = await content('SELECT path, mime_type, width, height, alt, length(data) AS n FROM assets WHERE id = ?', [hello.primary_image_id]);
    expect(featured).toMatchObject({ mime_type: 'image/png', width: 80, height: 45, alt: 'A harbor at dawn' });
    expect((await content('SELECT p.full_name FROM content_authors a JOIN persons p ON p.id = a.person_id WHERE a.content_id = ?', [hello.id])).map((r) => r.full_name)).toEqual(['Jane Doe']);
    expect((await content('SELECT t.name FROM content_taxonomy c JOIN taxonomy t ON t.id = c.taxonomy_id WHERE c.content_id = ?', [hello.id])).map((r) => r.name)).toEqual(['Rates']);

    const classic = await byImportId('wordpress', '11');
    expect(classic.name).toBe('Über die Häfen — 東京 & Rotterdam');
    expect(sections.get(classic.primary_section_id)).toBe('news/markets/shipping'); // deep-sea (level 4) folded
    const c$ = parseHtml(classic.body);
    expect(c$('p').first().text()).toBe('Classic editor text with a literal ]]> in it and a footnote [sic].');
    expect(c$('figure figcaption').first().text()).toBe('The harbor at dawn');
    expect(classic.body).not.toMatch(/\[(caption|gallery|contact-form-7)/);
    expect(c$('p').text()).toContain('[unknown_plugin color="red"]Kept words[/unknown_plugin]'); // unknown shortcodes stay text (issue 36)
    expect((await content('SELECT p.full_name FROM content_authors a JOIN persons p ON p.id = a.person_id WHERE a.content_id = ?', [classic.id])).map((r) => r.full_name)).toEqual(['Zoë Ångström']);

    const draft = await byImportId('wordpress', '12');
    expect(draft).toMatchObject({ status: 2, name: 'Rates & routes: a draft' });
    const page = await byImportId('wordpress', '13');
    expect(page).toMatchObject({ type: 'Page', status: 1 });
    const ghost = await byImportId('ghost', '65f0a1b2c3d4e5f601234567');
    expect(ghost).toMatchObject({ seo_title: 'Ghost of the quay — night shifts', teaser: 'Night work at the quay.' });
    expect(parseHtml(ghost.body)('img').attr('src')).toMatch(/^\/images\/alpha\/import\//);
    expect((await content('SELECT t.name FROM content_taxonomy c JOIN taxonomy t ON t.id = c.taxonomy_id WHERE c.content_id = ? ORDER BY t.name', [ghost.id])).map((r) => r.name)).toEqual(['Nachtschicht', 'Ports']);
    expect(await content('SELECT from_path FROM redirects WHERE to_path LIKE ?', [`%/${draft.id}/%`])).toEqual([]);
  });

  describe('built and served', () => {
    let app: FastifyInstance;
    let base: string;
    let outDir: string;
    beforeAll(async () => {
      outDir = join(mkdtempSync(join(tmpdir(), 'masthead-import-build-')), 'out');
      const originTemplate = 'http://{key}.localhost:4000';
      await runBuild(store, { outDir, originTemplate, workers: 1 });
      app = await createMastheadServer({ outDir, store, adminDir: null, rebuilder: createBuildQueue({ store, outDir, originTemplate, workers: 1 }), mode: 'production', originTemplate });
      await app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    }, 120_000);
    afterAll(async () => { await app?.close(); });

    it('every old URL redirects 301 to a built page that exists, in _redirects and in serve', async () => {
      const site = realpathSync(join(outDir, 'alpha'));
      const rules = readFileSync(join(site, '_redirects'), 'utf8').split('\n');
      const nginx = readFileSync(join(site, 'nginx-redirects.conf'), 'utf8');
      const imported = await content(`SELECT r.from_path, r.to_path FROM redirects r JOIN import_sources s ON s.kind = 'redirect' AND s.target_id = r.id`);
      expect(imported.map((r) => r.from_path).sort()).toEqual(['/2024/03/%C3%BCber-die-h%C3%A4fen', '/2024/03/hello-block-editor', '/about', '/contact', '/ghost-of-the-quay']);
      for (const { from_path: from, to_path: to } of imported) {
        expect(rules).toContain(`${from} ${to} 301!`);
        expect(nginx).toContain(`"${decodeURIComponent(from)}" "${to}";`); // nginx matches the decoded $uri
        expect(existsSync(join(site, to.slice(1), 'index.html')), to).toBe(true);
        for (const path of [from, `${from}/`]) {
          const r = await fetch(`${base}${path}`, { headers: { host: 'alpha.localhost' }, redirect: 'manual' });
          expect(r.status, path).toBe(301);
          expect(r.headers.get('location')).toBe(to);
        }
        const page = await fetch(`${base}${to}`, { headers: { host: 'alpha.localhost' } });
        expect(page.status).toBe(200);
      }
      // The old URL as WordPress linked it (lower-case escapes) reaches the same page.
      const lower = await fetch(`${base}/2024/03/%c3%bcber-die-h%c3%a4fen/`, { headers: { host: 'alpha.localhost' }, redirect: 'manual' });
      expect(lower.status).toBe(301);
    });

    it('the built site, imported pages and old-URL stubs included, has no html-validate errors', async () => {
      const site = realpathSync(join(outDir, 'alpha'));
      const ids = (await content(`SELECT id FROM content WHERE status = 1 AND json_extract(metadata, '$.import.id') IS NOT NULL`)).map((r) => String(r.id));
      expect(ids).toHaveLength(5);
      const files = listFiles(site);
      for (const id of ids) expect(files.some((f) => f.includes(`/${id}/`)), id).toBe(true);
      expect(files).toContain('2024/03/hello-block-editor/index.html');
      expect(await pageProblems(site, files)).toEqual([]);
    });
  });
});
