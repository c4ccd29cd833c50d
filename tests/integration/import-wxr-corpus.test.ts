// Issue 36: WordPress exports as WordPress writes them. Each file of tests/fixtures/import/ (one per
// case) is imported into its own tenant of a real SQLite store, and the test checks what lands:
// counts, bodies, sections, tags, authors, images, the 301s of the old permalinks, and the report's
// lines. A last test writes a large export on the fly with bad items spread through it.
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load as parseHtml } from 'cheerio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { runImport, type ImportOptions } from '../../engine/import/run';
import { reportLines, type ImportReport } from '../../engine/import/report';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { snapshot } from './import-helpers';

const CORPUS = join(import.meta.dirname, '..', 'fixtures', 'import');
const file = (name: string) => join(CORPUS, name);
const text = (name: string) => readFileSync(file(name), 'utf8');
/** The line the <item> holding `needle` starts on. */
const itemLine = (name: string, needle: string) => { const t = text(name); return t.slice(0, t.lastIndexOf('<item>', t.indexOf(needle))).split('\n').length; };

let store: Store;
let mediaDir: string;
let tenants = 0;

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  mediaDir = join(mkdtempSync(join(tmpdir(), 'masthead-import36-')), 'uploads');
  mkdirSync(join(mediaDir, '2019', '05'), { recursive: true });
  writeFileSync(join(mediaDir, '2019', '05', 'dock.png'), await sharp({ create: { width: 80, height: 45, channels: 3, background: '#1d4e89' } }).png().toBuffer());
  writeFileSync(join(mediaDir, '2019', '05', 'quay.png'), await sharp({ create: { width: 64, height: 36, channels: 3, background: '#c2410c' } }).png().toBuffer());
}, 60_000);
afterAll(async () => { await store?.close(); });

/** A fresh tenant (seeded like the other import tests), and an import of the file into it. */
async function freshTenant(): Promise<string> {
  tenants += 1;
  const key = `corpus${tenants}`;
  await seedFixtures(store, writeFixtureSet([tenantFixture(key, 1000 * tenants)], []));
  return key;
}
const wp = (tenantKey: string, name: string, extra: Partial<ImportOptions> = {}) =>
  runImport(store, { source: 'wordpress', file: name.startsWith('/') ? name : file(name), tenantKey, mediaDir, fetchTimeoutMs: 1000, ...extra });

type Row = Record<string, any>;
const rows = (sql: string, params: (string | number)[] = []) => store.all<Row>(sql, params);
const imported = (tenant: string) => rows(`SELECT c.*, s.alias AS section, json_extract(c.metadata, '$.import.id') AS source_id FROM content c JOIN website_sections s ON s.id = c.primary_section_id WHERE c.tenant_key = ? AND json_extract(c.metadata, '$.import.id') IS NOT NULL ORDER BY c.id`, [tenant]);
const bySource = async (tenant: string, id: string) => (await imported(tenant)).find((r) => r.source_id === id)!;
const redirects = async (tenant: string) => Object.fromEntries((await rows(`SELECT r.from_path, r.to_path FROM redirects r JOIN import_sources s ON s.kind = 'redirect' AND s.target_id = r.id WHERE r.tenant_key = ?`, [tenant])).map((r) => [r.from_path, r.to_path]));
const authorsOf = async (id: number) => (await rows('SELECT p.full_name FROM content_authors a JOIN persons p ON p.id = a.person_id WHERE a.content_id = ? ORDER BY a.rowid', [id])).map((r) => r.full_name);
const tagsOf = async (id: number) => (await rows('SELECT t.name FROM content_taxonomy c JOIN taxonomy t ON t.id = c.taxonomy_id WHERE c.content_id = ? ORDER BY t.name', [id])).map((r) => r.name);
const zero = { content: 0, section: 0, person: 0, taxonomy: 0, asset: 0, redirect: 0 };
/** A second import of the same file changes no row. */
async function idempotent(tenant: string, name: string): Promise<ImportReport> {
  const before = await snapshot((s) => store.all(s));
  const again = await wp(tenant, name);
  expect(await snapshot((s) => store.all(s))).toBe(before);
  expect(again.counts.created).toEqual(zero);
  expect(again.counts.updated).toEqual(zero);
  return again;
}

describe('files that are not WordPress exports are refused before anything is written', () => {
  it.each([
    ['not-an-export.html', /not a WordPress export: (the root element is <html>, not <rss>|the file is not XML)/],
    ['not-an-export-sitemap.xml', /not a WordPress export: the root element is <urlset>, not <rss>/],
    ['not-an-export-feed.xml', /no <wp:wxr_version>: not a WordPress export \(WXR 1\.0, 1\.1 or 1\.2\)/],
  ])('%s', async (name, message) => {
    const tenant = await freshTenant();
    const before = await snapshot((s) => store.all(s));
    const error = await wp(tenant, name).then(() => null, (e: Error) => e);
    expect(error?.message).toMatch(message);
    expect(error?.message.startsWith(file(name))).toBe(true);
    expect(await snapshot((s) => store.all(s))).toBe(before);
  });
});

describe('WXR as WordPress writes it (issue 36)', () => {
  it('namespaces are matched by URI: https://wordpress.org/export/1.1/ under other prefixes, and a wp: prefix bound elsewhere is ignored', async () => {
    const tenant = await freshTenant();
    const r = await wp(tenant, 'wxr-namespaces.xml');
    expect(r.version).toBe('1.1');
    expect(r.counts.created).toEqual({ content: 1, section: 1, person: 1, taxonomy: 0, asset: 0, redirect: 1 });
    const [post] = await imported(tenant);
    expect(post).toMatchObject({ name: 'Prefixed namespaces', source_id: '21', section: 'ports', status: 1, teaser: 'The excerpt.', published: Date.UTC(2019, 4, 4, 10) });
    expect(post!.body).toBe('<p>Body through <strong>c:encoded</strong>.</p>');
    expect(await authorsOf(post!.id)).toEqual(['Ed Itor']);
    expect(await redirects(tenant)).toEqual({ '/2019/05/prefixed': `/ports/${post!.id}/prefixed` });
    await idempotent(tenant, 'wxr-namespaces.xml');
  });

  it('a WordPress 2.x export (WXR 1.0): authors only named by dc:creator are created, domain="tag" tags are read', async () => {
    const tenant = await freshTenant();
    const r = await wp(tenant, 'wxr-1.0-wordpress-2.xml');
    expect(r.version).toBe('1.0');
    expect(r.counts.created).toEqual({ content: 1, section: 1, person: 1, taxonomy: 1, asset: 0, redirect: 1 });
    expect(r.warningDetails).toContainEqual({ kind: 'author-undeclared', record: 'author Harriet Quay', detail: 'named by items but not declared in the export; created from the login' });
    expect(reportLines(r)).toContain('  warnings  author-undeclared 1');
    const [post] = await imported(tenant);
    expect(post).toMatchObject({ name: 'Tugboats of 2009', section: 'harbour-life', published: Date.UTC(2009, 10, 10, 9) });
    expect(post!.body).toBe('<p>Three tugs worked the harbour that winter.</p>\n<p>They never stopped.</p>');
    expect(await authorsOf(post!.id)).toEqual(['Harriet Quay']);
    expect(await tagsOf(post!.id)).toEqual(['Tugs']);
    expect(await redirects(tenant)).toEqual({ '/2009/11/tugboats-of-2009': `/harbour-life/${post!.id}/tugboats-of-2009` });
    await idempotent(tenant, 'wxr-1.0-wordpress-2.xml');
  });

  it('an old blog exported in ISO-8859-1 (the XML declaration\'s encoding) reads as the same text', async () => {
    const tenant = await freshTenant();
    const r = await wp(tenant, 'wxr-latin1.xml');
    expect(r.counts.created).toMatchObject({ content: 1, section: 1, person: 1, redirect: 1 });
    const [post] = await imported(tenant);
    expect(post).toMatchObject({ name: 'Café an der Förde', section: 'forde', body: '<p>Grüße aus Kiel, ½ Preis für Kaffee.</p>' });
    expect(await authorsOf(post!.id)).toEqual(['jürgen']);
    expect(await redirects(tenant)).toEqual({ '/2011/03/cafe-an-der-foerde': `/forde/${post!.id}/cafe-an-der-foerde` });
  });

  it('items of every post type: posts and pages import, a reusable block is inlined, the rest is counted by type', async () => {
    const tenant = await freshTenant();
    const r = await wp(tenant, 'wxr-post-types.xml');
    expect(r.counts.created).toMatchObject({ content: 2, redirect: 2 });
    expect(r.skipped).toEqual([]);
    expect(r.notImported).toEqual({ wp_block: 1, revision: 1, nav_menu_item: 1, product: 1, comment: 3 });
    expect(reportLines(r)).toContain('  not imported  comment 3, wp_block 1, revision 1, nav_menu_item 1, product 1');
    const post = await bySource(tenant, '51');
    expect(post.type).toBe('Article');
    expect(post.body.replace(/\s+/g, ' ')).toBe('<p>Lead paragraph.</p> <p>Get the <strong>Morning Brief</strong> every weekday.</p>');
    const page = await bySource(tenant, '52');
    expect(page).toMatchObject({ type: 'Page', section: 'pages', name: 'Contact' });
    expect((await imported(tenant)).map((x) => x.source_id)).toEqual(['51', '52']);
    expect(await redirects(tenant)).toEqual({ '/reusable': `/news/${post.id}/reusable`, '/contact': `/pages/${page.id}/contact` });
    await idempotent(tenant, 'wxr-post-types.xml');
  });

  it('ids and dates: an empty or missing wp:post_id, a 0000-00-00 GMT date, no date at all, a draft without a slug; two impossible items are skipped with their lines', async () => {
    const name = 'wxr-ids-and-dates.xml';
    const tenant = await freshTenant();
    const r = await wp(tenant, name);
    expect(r.counts.created.content).toBe(5);
    expect(r.skipped).toEqual([
      { record: '<item> "Bad id" (id six)', reason: 'wp:post_id must be a whole number (got "six")', line: itemLine(name, '<wp:post_id>six<') },
      { record: '<item> "February the thirtieth" (id 7)', reason: 'wp:post_date_gmt is not a date: "2020-02-30 09:00:00"', line: itemLine(name, '2020-02-30') },
    ]);
    const lines = reportLines(r);
    expect(lines).toContain('  skipped   2');
    expect(lines).toContain(`    <item> "Bad id" (id six), line ${itemLine(name, '<wp:post_id>six<')}: wp:post_id must be a whole number (got "six")`);
    expect(lines).toContain(`    <item> "February the thirtieth" (id 7), line ${itemLine(name, '2020-02-30')}: wp:post_date_gmt is not a date: "2020-02-30 09:00:00"`);
    expect(r.warnings).toEqual({ 'post-id-missing': 2, 'date-missing': 1 });

    const posts = await imported(tenant);
    const named = (n: string) => posts.find((p) => p.name === n)!;
    expect(named('Empty post id')).toMatchObject({ status: 1, slug: 'empty-id', published: Date.UTC(2020, 1, 2, 9) });
    expect(named('Empty post id').source_id).toMatch(/^h[0-9a-f]{12}$/);
    expect(named('Missing post id').source_id).toMatch(/^h[0-9a-f]{12}$/);
    expect(named('Zero GMT date')).toMatchObject({ status: 1, published: Date.UTC(2020, 1, 4, 10, 30) }); // wp:post_date (site time) stands in
    expect(named('No date at all')).toMatchObject({ status: 2, published: null });
    expect(named('Draft: Port Strike Looms')).toMatchObject({ status: 2, slug: 'draft-port-strike-looms' });
    expect(Object.keys(await redirects(tenant)).sort()).toEqual(['/empty-id', '/missing-id', '/zero-gmt']); // drafts get none

    // The same file again: the derived ids are stable, nothing changes.
    const again = await idempotent(tenant, name);
    expect(again.counts.unchanged.content).toBe(5);
    expect(again.skipped).toHaveLength(2);

    // Fixed: the two skipped items import, nothing else changes.
    const fixedFile = join(mkdtempSync(join(tmpdir(), 'masthead-import36-')), 'fixed.xml');
    writeFileSync(fixedFile, text(name).replace('<wp:post_id>six</wp:post_id>', '<wp:post_id>6</wp:post_id>').replace('2020-02-30 09:00:00', '2020-02-29 09:00:00'));
    const others = JSON.stringify(await imported(tenant));
    const fixed = await wp(tenant, fixedFile);
    expect(fixed.skipped).toEqual([]);
    expect(fixed.counts.created).toMatchObject({ content: 2, redirect: 2 });
    expect(fixed.counts.updated).toEqual(zero);
    expect(fixed.counts.unchanged.content).toBe(5);
    const after = await imported(tenant);
    expect(JSON.stringify(after.slice(0, 5))).toBe(others);
    expect(after.slice(5).map((p) => [p.name, p.source_id])).toEqual([['Bad id', '6'], ['February the thirtieth', '7']]);
  });

  it('nested categories become nested sections (a fourth level folds into the third); undeclared categories, tags and authors are created', async () => {
    const tenant = await freshTenant();
    const r = await wp(tenant, 'wxr-undeclared-terms.xml');
    expect(r.counts.created).toEqual({ content: 3, section: 4, person: 2, taxonomy: 2, asset: 0, redirect: 3 });
    expect(r.warnings).toEqual({ 'category-undeclared': 1, 'tag-undeclared': 1, 'author-undeclared': 1, 'category-folded': 1 });
    expect(r.skipped).toEqual([{ record: 'post "In the bin" (id 4)', reason: 'in the trash', line: itemLine('wxr-undeclared-terms.xml', '<wp:post_id>4<') }]);
    expect(r.warningDetails).toContainEqual({ kind: 'category-undeclared', record: 'category rivers-canals', detail: 'used by items but not declared in the export; created as "Rivers & Canals"' });
    const sections = await rows('SELECT s.name, s.alias, p.alias AS parent FROM website_sections s LEFT JOIN website_sections p ON p.id = s.parent_id WHERE s.tenant_key = ? ORDER BY s.alias', [tenant]);
    expect(sections.filter((s) => /^(world|rivers)/.test(s.alias))).toEqual([
      { name: 'Rivers & Canals', alias: 'rivers-and-canals', parent: null },
      { name: 'World', alias: 'world', parent: null },
      { name: 'Europe', alias: 'world/europe', parent: 'world' },
      { name: 'Baltic', alias: 'world/europe/baltic', parent: 'world/europe' },
    ]);
    const ferries = await bySource(tenant, '1');
    const gdansk = await bySource(tenant, '2');
    const inland = await bySource(tenant, '3');
    expect([ferries.section, gdansk.section, inland.section]).toEqual(['world/europe/baltic', 'world/europe/baltic', 'rivers-and-canals']);
    expect(await tagsOf(inland.id)).toEqual(['Barges', 'Ferries']);
    expect(await authorsOf(inland.id)).toEqual(['guest-writer']);
    expect(await authorsOf(ferries.id)).toEqual(['Ed Itor']);
    expect(await redirects(tenant)).toEqual({
      '/2021/04/baltic-ferries': `/world/europe/baltic/${ferries.id}/baltic-ferries`,
      '/2021/04/gdansk-shipyard': `/world/europe/baltic/${gdansk.id}/gdansk-shipyard`,
      '/2021/04/inland-waterways': `/rivers-and-canals/${inland.id}/inland-waterways`,
    });
    await idempotent(tenant, 'wxr-undeclared-terms.xml');
  });

  it('multi-byte text: Japanese and emoji titles, Arabic and Hebrew categories (one section each), CDATA split across "]]>"', async () => {
    const tenant = await freshTenant();
    const r = await wp(tenant, 'wxr-multibyte.xml');
    expect(r.counts.created).toEqual({ content: 3, section: 3, person: 1, taxonomy: 0, asset: 0, redirect: 3 });
    const tokyo = await bySource(tenant, '1');
    const jeddah = await bySource(tenant, '2');
    const haifa = await bySource(tenant, '3');
    expect(tokyo.name).toBe('東京港の夜 🚢 コンテナ');
    expect(tokyo.body).toBe('<p>夜のクレーン 🏗️ と 🌊。</p>');
    expect(jeddah.name).toBe('ميناء جدة الإسلامي');
    expect(parseHtml(jeddah.body)('p').text()).toBe('وصلت السفينة إلى الميناء صباح اليوم.');
    expect(haifa.name).toBe('Code: a[b[0]]> c — נמל חיפה');
    expect(parseHtml(haifa.body)('p').text()).toBe('שלום from Haifa. The sequence ]]> stays, and so does 👩‍👩‍👧.');
    const names = await rows('SELECT id, name, alias FROM website_sections WHERE tenant_key = ? AND name IN (?, ?)', [tenant, 'أخبار', 'חדשות']);
    expect(names).toHaveLength(2);
    expect(new Set(names.map((s) => s.alias)).size).toBe(2); // not both 'item'
    expect(jeddah.section).toBe(names.find((s) => s.name === 'أخبار')!.alias);
    expect(haifa.section).toBe(names.find((s) => s.name === 'חדשות')!.alias);
    expect(await authorsOf(tokyo.id)).toEqual(['佐藤 由紀']);
    const old = await redirects(tenant);
    expect(old['/2022/07/%E6%9D%B1%E4%BA%AC%E6%B8%AF']).toBe(`/news/${tokyo.id}/${tokyo.slug}`);
    expect(old['/2022/07/%D9%85%D9%8A%D9%86%D8%A7%D8%A1']).toBe(`/${jeddah.section}/${jeddah.id}/${jeddah.slug}`);
    await idempotent(tenant, 'wxr-multibyte.xml');
  });

  it('featured images through _thumbnail_id, an attachment found through its serialized _wp_attachment_metadata, serialized postmeta read without harm', async () => {
    const tenant = await freshTenant();
    const r = await wp(tenant, 'wxr-featured-images.xml');
    expect(r.counts.created).toMatchObject({ content: 4, asset: 2, redirect: 4 });
    expect(r.skipped).toEqual([]);
    expect(r.warningDetails).toEqual([
      { kind: 'image-missing', record: 'post "Thumbnail id that is not one" (id 212)', detail: '_thumbnail_id "a:1:{i:0;i:201;}" is not an attachment id; no featured image' },
      { kind: 'image-missing', record: 'post "Thumbnail not in the export" (id 213)', detail: 'featured image attachment 999 is not in the export' },
    ]);
    const asset = async (id: number) => (await rows('SELECT path, mime_type, width, height, alt FROM assets WHERE id = ?', [id]))[0];
    const dock = await bySource(tenant, '210');
    expect(await asset(dock.primary_image_id)).toMatchObject({ mime_type: 'image/png', width: 80, height: 45, alt: 'The dock at Kiel' });
    const quay = await bySource(tenant, '211');
    expect(await asset(quay.primary_image_id)).toMatchObject({ mime_type: 'image/png', width: 64, height: 36, alt: 'quay' });
    expect((await bySource(tenant, '212')).primary_image_id).toBeNull();
    expect((await bySource(tenant, '213')).primary_image_id).toBeNull();
    await idempotent(tenant, 'wxr-featured-images.xml');
  });

  it('shortcodes and Gutenberg blocks become the body HTML Masthead has; unknown shortcodes stay text', async () => {
    const tenant = await freshTenant();
    const r = await wp(tenant, 'wxr-shortcodes-and-blocks.xml');
    expect(r.counts.created).toMatchObject({ content: 2, asset: 2, redirect: 2 });
    expect(r.warnings).toEqual({ 'embed-as-link': 5, 'shortcode-kept': 1, 'block-dropped': 1 });
    expect(r.warningDetails).toContainEqual({ kind: 'shortcode-kept', record: 'post "Classic with shortcodes" (id 310)', detail: '[pullquote] is not a shortcode Masthead knows; kept as text' });
    expect(r.warningDetails).toContainEqual({ kind: 'block-dropped', record: 'post "Block editor post" (id 311)', detail: 'wp:latest-comments (rendered by WordPress at request time)' });

    const classic = await bySource(tenant, '310');
    const $ = parseHtml(classic.body);
    expect(classic.body).not.toMatch(/\[(caption|gallery|embed|audio|video)\b/);
    expect($('p').first().text()).toBe('Opening paragraph.');
    expect($('figure').first().find('figcaption').text()).toBe('Morning at the dock');
    expect($('figure img').map((_i, el) => $(el).attr('src')).get().every((src) => /^\/images\/corpus\d+\/import\/[0-9a-f]{24}\.png$/.test(src))).toBe(true);
    expect($('figure')).toHaveLength(3); // the caption and the two gallery images
    for (const url of ['https://www.youtube.com/watch?v=abc123', 'https://cdn.example.org/podcast/ep1.mp3', 'https://cdn.example.org/video/launch.mp4']) expect($(`a[href="${url}"]`)).toHaveLength(1);
    expect(classic.body).toContain('<p>[pullquote align="right"]Ports never sleep.[/pullquote]</p>');
    expect(classic.body).toContain('<p>Numbers [1] and [sic] are not shortcodes.</p>');

    const blocks = await bySource(tenant, '311');
    const b$ = parseHtml(blocks.body);
    expect(blocks.body).not.toContain('wp:');
    expect(b$('h2').text()).toBe('Berth schedule');
    expect(b$('figure figcaption').text()).toBe('Quay four');
    expect(b$('blockquote cite').text()).toBe('The harbour master');
    expect(b$('a[href="https://vimeo.com/76979871"]')).toHaveLength(1);
    expect(b$('a[href="https://cdn.example.org/podcast/ep2.mp3"]')).toHaveLength(1);
    expect(await redirects(tenant)).toEqual({ '/2019/06/classic': `/news/${classic.id}/classic`, '/2019/06/blocks': `/news/${blocks.id}/blocks` });
    await idempotent(tenant, 'wxr-shortcodes-and-blocks.xml');
  });
});

describe('old permalinks', () => {
  it('the URLs of a post\'s earlier slugs (_wp_old_slug) 301 to its new path as well; a draft gets none', async () => {
    const tenant = await freshTenant();
    const r = await wp(tenant, 'wxr-old-slugs.xml');
    expect(r.counts.created).toMatchObject({ content: 2, redirect: 3 });
    const post = await bySource(tenant, '1');
    const to = `/news/${post.id}/port-strike-ends`;
    expect(await redirects(tenant)).toEqual({ '/2023/09/port-strike-ends': to, '/2023/09/port-strike-looms': to, '/2023/09/port-strike-day-3': to });
    await idempotent(tenant, 'wxr-old-slugs.xml');
  });
});

describe('a large export generated on the fly', () => {
  it('a password-protected post is not made public: it needs registration, and the report names it', async () => {
    const t = await freshTenant();
    const r = await wp(t, 'wxr-protected.xml');
    expect(r.counts.created.content).toBe(2);
    expect(r.warnings).toEqual({ 'password-as-registration': 1 });
    expect(r.warningDetails).toContainEqual(expect.objectContaining({ kind: 'password-as-registration', detail: 'protected by a password in WordPress; imported as registration required (the password is not kept)' }));
    expect((await bySource(t, '1')).user_registration_required).toBe(1);
    expect((await bySource(t, '2')).user_registration_required).toBe(0);
    expect(JSON.stringify(await rows('SELECT * FROM content WHERE tenant_key = ?', [t]))).not.toContain('harbour2023');
    await idempotent(t, 'wxr-protected.xml');
  });

  it('2,000 posts in batches, with bad items spread through it: each is skipped and named, everything else imports', async () => {
    const tenant = await freshTenant();
    const big = join(mkdtempSync(join(tmpdir(), 'masthead-import36-')), 'big.xml');
    const out = createWriteStream(big);
    const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((res) => out.once('drain', () => res())));
    await write('<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="https://wordpress.org/export/1.2/">\n<channel><title>Big</title><link>https://big.example.invalid</link><wp:wxr_version>1.2</wp:wxr_version>\n');
    await write('<wp:category><wp:category_nicename>desk</wp:category_nicename><wp:cat_name>Desk</wp:cat_name></wp:category>\n');
    const bad = new Set([137, 700, 1401, 1999]);
    let line = 5;
    const lines: Record<number, number> = {};
    for (let i = 1; i <= 2000; i++) {
      const date = bad.has(i) ? '2021-02-31 08:00:00' : `2021-0${1 + (i % 9)}-1${i % 10} 08:00:00`;
      lines[i] = line;
      const item = `<item>\n<title>Post ${i} — ü ✓</title><link>https://big.example.invalid/p/${i}/</link><dc:creator>${i % 2 ? 'ann' : 'bob'}</dc:creator>\n<content:encoded><![CDATA[<p>Body ${i}</p>\n\n<p>[caption]<img src="https://big.example.invalid/x.png" alt="">A ${i}[/caption]</p>]]></content:encoded>\n<wp:post_id>${i}</wp:post_id><wp:post_date_gmt>${date}</wp:post_date_gmt><wp:post_name>post-${i}</wp:post_name><wp:status>${i % 10 ? 'publish' : 'draft'}</wp:status><wp:post_type>${i % 250 === 5 ? 'revision' : 'post'}</wp:post_type>\n<category domain="category" nicename="${i % 3 ? 'desk' : 'wire'}"><![CDATA[${i % 3 ? 'Desk' : 'Wire'}]]></category>\n</item>\n`;
      line += item.split('\n').length - 1;
      await write(item);
    }
    await write('</channel>\n</rss>\n');
    await new Promise<void>((res) => out.end(() => res()));

    const r = await wp(tenant, big, { batchSize: 250, dryRun: false, mediaDir: undefined, fetchTimeoutMs: 1 });
    expect(r.skipped).toEqual([...bad].map((i) => ({ record: `<item> "Post ${i} — ü ✓" (id ${i})`, reason: 'wp:post_date_gmt is not a date: "2021-02-31 08:00:00"', line: lines[i] })));
    expect(r.notImported).toEqual({ revision: 8 });
    expect(r.counts.created.content).toBe(2000 - 4 - 8);
    expect(r.counts.created.section).toBe(2); // desk, and wire (used, not declared)
    expect(r.counts.created.person).toBe(2); // ann and bob (not declared)
    const [{ n, published }] = await rows(`SELECT count(*) AS n, sum(status = 1) AS published FROM content WHERE tenant_key = ? AND json_extract(metadata, '$.import.id') IS NOT NULL`, [tenant]) as [{ n: number; published: number }];
    expect(n).toBe(1988);
    expect(published).toBe(1988 - 199); // every tenth is a draft (post 700 of them is skipped)
    const [{ m }] = await rows(`SELECT count(*) AS m FROM redirects WHERE tenant_key = ? AND from_path LIKE '/p/%'`, [tenant]) as [{ m: number }];
    expect(m).toBe(published);
  }, 120_000);
});
