// Issue 36: Ghost exports as Ghost writes them. A Ghost 3 export whose posts carry only mobiledoc
// and a Ghost 5 export whose posts carry only lexical (no rendered html), with the Koenig cards
// (image, gallery, embed, bookmark, callout, toggle, button, header, html, markdown), internal
// #tags, an author with several roles, a post of a type that is not imported, one without a slug,
// and one with a bad date (skipped and named by its JSON path). Each is imported into its own
// tenant of a real SQLite store; the test checks what lands and the report's lines.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load as parseHtml } from 'cheerio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { runImport } from '../../engine/import/run';
import { reportLines } from '../../engine/import/report';
import { CLI_RUNNERS } from '../helpers/cli';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { snapshot } from './import-helpers';

const CORPUS = join(import.meta.dirname, '..', 'fixtures', 'import');
let store: Store;
let mediaDir: string;
let dbPath: string;

beforeAll(async () => {
  dbPath = tempDbPath();
  store = await openStore({ path: dbPath });
  await seedFixtures(store, writeFixtureSet([tenantFixture('ghostthree', 100), tenantFixture('ghostfive', 200), tenantFixture('substack', 300), tenantFixture('ghostfour', 400)], []));
  mediaDir = join(mkdtempSync(join(tmpdir(), 'masthead-import36g-')), 'images');
  mkdirSync(join(mediaDir, '2019', '05'), { recursive: true });
  writeFileSync(join(mediaDir, '2019', '05', 'dock.png'), await sharp({ create: { width: 80, height: 45, channels: 3, background: '#1d4e89' } }).png().toBuffer());
  writeFileSync(join(mediaDir, '2019', '05', 'quay.png'), await sharp({ create: { width: 64, height: 36, channels: 3, background: '#c2410c' } }).png().toBuffer());
}, 60_000);
afterAll(async () => { await store?.close(); });

// Nothing listens on port 9: the images come from the media folder.
const ghost = (tenantKey: string, name: string) => runImport(store, { source: 'ghost', file: join(CORPUS, name), tenantKey, mediaDir, siteUrl: 'http://127.0.0.1:9', fetchTimeoutMs: 1000 });
type Row = Record<string, any>;
const rows = (sql: string, params: (string | number)[] = []) => store.all<Row>(sql, params);
const bySource = async (id: string) => (await rows(`SELECT c.*, s.alias AS section FROM content c JOIN website_sections s ON s.id = c.primary_section_id WHERE json_extract(c.metadata, '$.import.id') = ?`, [id]))[0]!;
const names = async (sql: string, id: number) => (await rows(sql, [id])).map((r) => r.name);
const authorsOf = (id: number) => names('SELECT p.full_name AS name FROM content_authors a JOIN persons p ON p.id = a.person_id WHERE a.content_id = ? ORDER BY a.rowid', id);
const tagsOf = (id: number) => names('SELECT t.name FROM content_taxonomy c JOIN taxonomy t ON t.id = c.taxonomy_id WHERE c.content_id = ? ORDER BY t.name', id);
const redirectsOf = async (tenant: string) => Object.fromEntries((await rows(`SELECT r.from_path, r.to_path FROM redirects r JOIN import_sources s ON s.kind = 'redirect' AND s.target_id = r.id WHERE r.tenant_key = ?`, [tenant])).map((r) => [r.from_path, r.to_path]));
const zero = { content: 0, section: 0, person: 0, taxonomy: 0, asset: 0, redirect: 0 };

async function importedTwice(tenant: string, name: string) {
  const first = await ghost(tenant, name);
  const before = await snapshot((s) => store.all(s));
  const again = await ghost(tenant, name);
  expect(await snapshot((s) => store.all(s))).toBe(before);
  expect(again.counts.created).toEqual(zero);
  expect(again.counts.updated).toEqual(zero);
  return first;
}

describe('Ghost exports as Ghost writes them (issue 36)', () => {
  it('Ghost 3, mobiledoc only: text, lists, quotes, links and cards become body HTML; #tags stay out; an author with two roles imports once', async () => {
    const r = await importedTwice('ghostthree', 'ghost-3-mobiledoc.json');
    expect(r.version).toBe('3.42.1');
    expect(r.counts.created).toEqual({ content: 2, section: 2, person: 2, taxonomy: 1, asset: 2, redirect: 2 });
    expect(r.skipped).toEqual([]);
    expect(r.warnings).toEqual({ 'embed-as-link': 2, 'card-dropped': 1 });
    expect(r.warningDetails).toContainEqual({ kind: 'card-dropped', record: 'post "Harbour diary" (id 5ec1000000000000000000a1)', detail: 'signup card (Masthead has nothing like it)' });
    expect(reportLines(r)).toContain('  warnings  embed-as-link 2, card-dropped 1');

    const post = await bySource('5ec1000000000000000000a1');
    expect(post).toMatchObject({ name: 'Harbour diary', status: 1, section: 'news', teaser: 'Tides and cranes.', seo_title: 'Diary of the harbour', published: Date.UTC(2020, 4, 1, 10) });
    const $ = parseHtml(post.body);
    expect($('h2').first().text()).toBe('Harbour diary'); // mobiledoc h1 → h2 (the page's h1 is the title)
    expect($('p').first().html()).toBe('Tides were <strong>high</strong> — read <a href="https://example.org/tides">the tables</a><br><em>next line</em>');
    expect($('ul').first().find('li').map((_i, el) => $(el).text()).get()).toEqual(['one', 'two']);
    expect($('blockquote').text()).toBe('Never late.');
    expect($('figure').first().find('figcaption').html()).toBe('Morning <em>light</em>'); // image card
    expect($('figure img').map((_i, el) => $(el).attr('src')).get()).toHaveLength(3); // image + gallery of two
    expect($('figure img').map((_i, el) => $(el).attr('src')).get().every((s) => /^\/images\/ghostthree\/import\/[0-9a-f]{24}\.png$/.test(s))).toBe(true);
    expect($('a[href="https://www.youtube.com/watch?v=ghost3"]').text()).toBe('Harbour timelapse'); // embed card
    expect($('a[href="https://example.org/report"]').parent().text()).toBe('Port report 2020 — Annual figures.'); // bookmark card
    expect($('h2').eq(1).text()).toBe('Key numbers'); // markdown card
    expect($('ul').eq(1).html()).toBe('<li><strong>12</strong> berths</li><li>4 cranes</li>');
    expect($('td').first().text()).toBe('Berth 1'); // html card
    expect($('hr')).toHaveLength(1);
    expect($('pre code').text()).toBe('if (tide > 3) open();');
    expect(post.body).not.toContain('Subscribe');
    expect(await tagsOf(post.id)).toEqual(['Tides']);
    expect(await authorsOf(post.id)).toEqual(['Mara Quay', 'Olu Dock']);
    const [{ n }] = await rows(`SELECT count(*) AS n FROM persons WHERE tenant_key = 'ghostthree' AND full_name = 'Mara Quay'`) as [{ n: number }];
    expect(n).toBe(1);
    const featured = (await rows('SELECT width, height FROM assets WHERE id = ?', [post.primary_image_id]))[0];
    expect(featured).toMatchObject({ width: 64, height: 36 });
    const page = await bySource('5ec1000000000000000000a2');
    expect(page).toMatchObject({ type: 'Page', section: 'pages', body: '<p>We watch the harbour.</p>' });
    expect(await redirectsOf('ghostthree')).toEqual({ '/harbour-diary': `/news/${post.id}/harbour-diary`, '/about': `/pages/${page.id}/about` });
  });

  it('Ghost 4, rendered html beside mobiledoc, posts_meta: SEO fields from posts_meta, callout and button cards, a scheduled post kept for its date, members-only and paid posts need registration; products and #tags stay out', async () => {
    const r = await importedTwice('ghostfour', 'ghost-4-mobiledoc.json');
    expect(r.version).toBe('4.48.9');
    expect(r.counts.created).toEqual({ content: 4, section: 1, person: 1, taxonomy: 1, asset: 0, redirect: 4 });
    expect(r.skipped).toEqual([]);
    // Posts only members (or paying members) could read in Ghost are not public here.
    expect(r.warnings).toEqual({ 'members-only': 1, 'paid-as-registration': 1 });
    expect(r.warningDetails).toContainEqual({ kind: 'paid-as-registration', record: 'post "Rate card for subscribers" (id 60a4000000000000000000c4)', detail: 'for paying members in Ghost (visibility "paid"); imported as registration required: tie it to a membership in the admin' });
    expect((await bySource('60a4000000000000000000c3')).user_registration_required).toBe(1);
    expect((await bySource('60a4000000000000000000c4')).user_registration_required).toBe(1);
    const post = await bySource('60a4000000000000000000c1');
    expect(post.user_registration_required).toBe(0);
    expect(post).toMatchObject({ name: 'Quay cranes return', status: 1, teaser: 'Berth 4 is busy again.', seo_title: 'Cranes back at the quay', published: Date.UTC(2021, 5, 1, 9) });
    const $ = parseHtml(post.body);
    expect($('p').first().html()).toBe('Two cranes are back at <strong>berth 4</strong>.');
    expect(post.body).toContain('Berth 4 reopens Monday.'); // callout card
    expect($('a[href="https://example.org/notice"]').text()).toBe('Read the notice'); // button card
    expect(await tagsOf(post.id)).toEqual(['Cranes']);
    expect(await authorsOf(post.id)).toEqual(['Ines Pier']);
    // Scheduled in Ghost: imported for its date, not live before it.
    const later = await bySource('60a4000000000000000000c2');
    expect(later.published).toBe(Date.UTC(2031, 0, 5, 7));
    expect(await redirectsOf('ghostfour')).toEqual({
      '/quay-cranes-return': `/${post.section}/${post.id}/quay-cranes-return`,
      '/night-shift-on-the-pier': `/${later.section}/${later.id}/night-shift-on-the-pier`,
      '/berth-plans-for-members': expect.any(String),
      '/rate-card-for-subscribers': expect.any(String),
    });
  });

  it('Ghost 5, lexical only: every card kind; a slugless draft gets a slug; a bad date is skipped and named by its path; an email-only post is counted', async () => {
    const r = await importedTwice('ghostfive', 'ghost-5-lexical.json');
    expect(r.version).toBe('5.82.0');
    expect(r.counts.created).toEqual({ content: 2, section: 1, person: 1, taxonomy: 1, asset: 2, redirect: 1 });
    expect(r.skipped).toEqual([{ record: 'posts[2] "Broken date" (id 65f2000000000000000000b3)', reason: 'published_at is not a date: "the ides of March"', path: 'db[0].data.posts[2].published_at' }]);
    expect(r.notImported).toEqual({ 'newsletter-email': 1 });
    const lines = reportLines(r);
    expect(lines).toContain('    posts[2] "Broken date" (id 65f2000000000000000000b3) at db[0].data.posts[2].published_at: published_at is not a date: "the ides of March"');
    expect(lines).toContain('  not imported  newsletter-email 1');
    expect(r.warningDetails).toContainEqual({ kind: 'card-dropped', record: 'post "Berth schedule" (id 65f2000000000000000000b1)', detail: 'paywall card (Masthead has nothing like it)' });

    const post = await bySource('65f2000000000000000000b1');
    expect(post).toMatchObject({ name: 'Berth schedule', seo_title: 'Berths this week', status: 1 });
    const $ = parseHtml(post.body);
    expect($('p').first().html()).toBe('Ships arrive <em>on time</em> and <strong>leave</strong><br><a href="https://example.org/berths">see berths</a>');
    expect($('ol').first().find('li').map((_i, el) => $(el).text()).get()).toEqual(['first', 'second']);
    expect($('figure figcaption').first().text()).toBe('The dock'); // image
    expect($('figure')).toHaveLength(2); // image + gallery of one
    expect($('a[href="https://vimeo.com/76979871"]').text()).toBe('Cranes'); // embed
    expect($('a[href="https://example.org/guide"]').parent().text()).toBe('Harbour guide — Everything about berths.'); // bookmark
    expect($('blockquote').first().text()).toBe('💡 Pilots board two miles out.'); // callout
    expect($('h3').first().text()).toBe('When do gates open?'); // toggle
    expect($('h3').first().next().text()).toBe('At six.');
    expect($('a[href="https://example.org/tour"]').text()).toBe('Book a tour'); // button
    expect($('h2').eq(1).text()).toBe('Night shift'); // header
    expect($('a[href="https://example.org/night"]').text()).toBe('Watch');
    expect(post.body).toContain('<p>Raw <u>HTML</u> card</p>'); // html (class dropped by the sanitiser)
    expect($('h3').eq(1).text()).toBe('Tonnage'); // markdown
    expect($('ol').eq(1).find('li').map((_i, el) => $(el).text()).get()).toEqual(['coal', 'grain']);
    expect($('hr')).toHaveLength(1);
    expect($('p').last().text()).toBe('Members read on. ✓ 日本語');
    expect(await tagsOf(post.id)).toEqual(['Berths']);
    expect(await authorsOf(post.id)).toEqual(['Kai Berth']);

    const draft = await bySource('65f2000000000000000000b2');
    expect(draft).toMatchObject({ status: 2, slug: 'a-post-with-no-slug', body: '<p>Slugless.</p>' });
    expect(await redirectsOf('ghostfive')).toEqual({ '/berth-schedule': `/news/${post.id}/berth-schedule` });
  });
});

describe('Substack exports (issue 36)', () => {
  const substack = () => runImport(store, { source: 'substack', file: join(CORPUS, 'substack'), tenantKey: 'substack', mediaDir, fetchTimeoutMs: 1000 });
  it('posts.csv and posts/*.html: newsletters and podcasts import, drafts as drafts, /p/<slug> 301s; a missing body and a bad date are skipped with their lines; threads are counted', async () => {
    const r = await substack();
    expect(r.counts.created).toMatchObject({ content: 3, section: 1, asset: 1, redirect: 2 });
    expect(r.skipped).toEqual([
      { record: 'post "A post whose body is missing" (id 104.lost-body)', reason: 'posts/104.lost-body.html is missing from the export', line: 5 },
      { record: 'post "Bad date" (id 105.bad-date)', reason: 'post_date is not a date: "last Tuesday"', line: 6 },
    ]);
    expect(r.notImported).toEqual({ thread: 1 });
    expect(reportLines(r)).toContain('    post "A post whose body is missing" (id 104.lost-body), line 5: posts/104.lost-body.html is missing from the export');
    const quay = await bySource('101');
    expect(quay).toMatchObject({ name: 'The quay at dawn', status: 1, teaser: 'What the night shift saw, in "their" words', published: Date.UTC(2023, 3, 1, 8), slug: 'the-quay-at-dawn' });
    const $ = parseHtml(quay.body);
    expect($('figure img').attr('src')).toMatch(/^\/images\/substack\/import\/[0-9a-f]{24}\.png$/);
    expect($('figcaption').text()).toBe('Dawn at the dock');
    expect($('p').last().text()).toBe('Ünïcödé ✓ and 日本語.');
    const podcast = await bySource('102');
    expect(parseHtml(podcast.body)('a[href="https://cdn.example.org/port-talk-1.mp3"]').text()).toBe('Listen to the episode');
    expect(await bySource('103')).toMatchObject({ status: 2, name: 'Draft notes, unfinished' });
    expect(await redirectsOf('substack')).toEqual({ '/p/the-quay-at-dawn': `/news/${quay.id}/the-quay-at-dawn`, '/p/port-talk-episode-1': `/news/${podcast.id}/port-talk-episode-1` });
    const before = await snapshot((s) => store.all(s));
    const again = await substack();
    expect(await snapshot((s) => store.all(s))).toBe(before);
    expect(again.counts.created).toEqual(zero);
  });

  it('masthead import substack <folder> --dry-run prints the report and writes nothing', async () => {
    const before = await snapshot((s) => store.all(s));
    const reportFile = join(mkdtempSync(join(tmpdir(), 'masthead-import36s-')), 'report.json');
    const r = await CLI_RUNNERS[0]!.run(['--db', dbPath, 'import', 'substack', join(CORPUS, 'substack'), '--tenant', 'substack', '--dry-run', '--report', reportFile]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Dry run of substack export');
    expect(r.stdout).toContain('post "Bad date" (id 105.bad-date), line 6: post_date is not a date: "last Tuesday"');
    expect(JSON.parse(readFileSync(reportFile, 'utf8'))).toMatchObject({ dryRun: true, tenant: 'substack', notImported: { thread: 1 } });
    expect(await snapshot((s) => store.all(s))).toBe(before);
  });

  it('a folder without posts.csv is refused before anything is written', async () => {
    const error = await runImport(store, { source: 'substack', file: mediaDir, tenantKey: 'substack' }).then(() => null, (e: Error) => e);
    expect(error?.message).toContain('not a Substack export: no posts.csv in this folder');
  });
});
