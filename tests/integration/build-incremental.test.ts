// Incremental builds equal full builds: a seeded random sequence of edits (create, retitle, move
// to another section, unpublish, reschedule, change a menu, change settings), and after each the
// incrementally updated site must equal a from-scratch build of the same database, byte for byte
// apart from build ids and timestamps (whole trees compared). Plus the visible consequences a
// reader checks: a published article on its section pages, home, sitemap, news sitemap and feeds;
// an unpublished one gone everywhere and answering 404; and a build with nothing changed.
import { mkdtempSync, readdirSync, readFileSync, realpathSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import type { Store } from '../../engine/store/connection';
import { runBuild } from '../../engine/build/index';
import { TenantBuilder } from '../../engine/build/incremental/tenant-builder';
import { fullTenantBuild } from '../../engine/build/full-build';
import { runSiteBuild } from '../../engine/build/index';
import { changedInputs, planEdit } from '../../engine/build/incremental/edit-plan';
import { TenantIndexCache } from '../../engine/build/incremental/tenant-index';
import { findTarget, loadTargetState, readEpoch } from '../../engine/store/queries/builds';
import { ALPHA, BUILD_NOW, id, listFiles, publishedTree, seedBuildSite } from './build-site-fixture';

const ORIGIN = 'https://{key}.example.com';
const opts = (outDir: string) => ({ outDir, originTemplate: ORIGIN, clientDir: null, workers: 1 });

let store: Store;
let out: string;
let builder: TenantBuilder;
let clock = BUILD_NOW - 3_600_000;
const tick = () => (clock += 1000);

/** A tiny deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const tree = publishedTree;

async function fullTree(): Promise<Map<string, string>> {
  const fresh = mkdtempSync(join(tmpdir(), 'masthead-full-'));
  await runBuild(store, { ...opts(fresh), tenants: ['alpha'], now: BUILD_NOW });
  return tree(realpathSync(join(fresh, 'alpha')));
}

function expectSameTree(actual: Map<string, string>, expected: Map<string, string>, label: string) {
  expect([...actual.keys()], `${label}: file list`).toEqual([...expected.keys()]);
  for (const [path, body] of expected) {
    if (actual.get(path) !== body) expect(actual.get(path), `${label}: ${path}`).toBe(body);
  }
}

const site = () => realpathSync(join(out, 'alpha'));
const load = (rel: string) => cheerio.load(readFileSync(join(site(), rel), 'utf8'));
const sec = (n: number) => ALPHA + n;
/** The page paths the live build lists. */
const livePaths = () => {
  const latest = (JSON.parse(readFileSync(join(site(), 'builds', 'latest.json'), 'utf8')) as { id: string }).id;
  return (JSON.parse(readFileSync(join(site(), 'builds', 'meta', `${latest}.json`), 'utf8')) as { prerendered: string[] }).prerendered;
};
/** The <h1> of a content item's live page, found through the build's page list. */
const prerenderedTitle = (cid: number) => {
  const path = livePaths().find((p) => p.includes(`/${cid}/`) && !p.startsWith('/print/'))!;
  return load(`${path.slice(1)}/index.html`)('h1').first().text();
};

beforeAll(async () => {
  ({ store } = await seedBuildSite());
  out = mkdtempSync(join(tmpdir(), 'masthead-inc-'));
  await runBuild(store, { ...opts(out), tenants: ['alpha'], now: BUILD_NOW });
  builder = new TenantBuilder(store, 'alpha', opts(out), fullTenantBuild);
}, 120_000);

afterAll(async () => {
  await store?.close();
});

let nextId = id(ALPHA, 60);
async function createArticle(name: string, sectionId: number, extra: { home?: boolean; published?: number } = {}): Promise<number> {
  const cid = nextId++;
  await store.run(
    `INSERT INTO content (id, tenant_key, type, name, slug, teaser, body, status, published, primary_section_id, labels, metadata, updated_at)
     VALUES (?, 'alpha', 'News', ?, ?, 'A fresh teaser.', '<p>Fresh body.</p>', 1, ?, ?, '[]', '{}', ?)`,
    [cid, name, name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), extra.published ?? BUILD_NOW - 3_600_000, sectionId, tick()]);
  await store.run("INSERT INTO website_schedules (content_id, section_id, option) VALUES (?, ?, 'Standard')", [cid, sectionId]);
  if (extra.home) await store.run("INSERT INTO website_schedules (content_id, section_id, option) VALUES (?, ?, 'Featured')", [cid, sec(1)]);
  return cid;
}

async function liveIds(): Promise<number[]> {
  const rows = await store.all<{ id: number }>("SELECT id FROM content WHERE tenant_key = 'alpha' AND status = 1 AND type <> 'Promotion' ORDER BY id");
  return rows.map((r) => r.id);
}

describe('incremental build', () => {
  it('renders nothing when nothing changed', async () => {
    const r = await builder.update({ now: BUILD_NOW, reload: true });
    expect(r.full).toBe(false);
    expect(r.pagesWritten).toBe(0);
    expect(r.filesWritten).toBe(0);
    expect(r.skipped).toBe(true);
  });

  it('puts a newly published article on its section pages, home, the sitemap, the news sitemap and the feeds', async () => {
    const cid = await createArticle('Port congestion eases in Rotterdam', sec(4), { home: true });
    // maxShare 1: in this small site one new article shifts most pages' lists.
    const r = await builder.update({ now: BUILD_NOW, contentIds: [cid], maxShare: 1 });
    expect(r.full).toBe(false);
    const latest = JSON.parse(readFileSync(join(site(), 'builds', 'latest.json'), 'utf8')) as { id: string };
    expect(latest.id).toBe(r.buildId);
    const meta = JSON.parse(readFileSync(join(site(), 'builds', 'meta', `${r.buildId}.json`), 'utf8')) as { prerendered: string[]; routeRules: Record<string, unknown> };
    const path = meta.prerendered.find((p) => p.includes(String(cid)) && !p.startsWith('/print'))!;
    expect(path).toMatch(/^\/markets\/ocean-freight\/spot-rates\/\d{8}\//);
    expect(meta.routeRules[`/${cid}`]).toEqual({ redirect: { to: path, statusCode: 301 } });
    const hrefs = ($: cheerio.CheerioAPI) => $('a').map((_, a) => $(a).attr('href')).get();
    expect(hrefs(load('index.html'))).toContain(path);
    for (const s of ['markets/ocean-freight/spot-rates', 'markets/ocean-freight', 'markets']) expect(hrefs(load(`${s}/index.html`)), s).toContain(path);
    expect(load(`${path.slice(1)}/index.html`)('h1').text()).toContain('Port congestion eases in Rotterdam');
    const url = `https://alpha.example.com${path}`;
    expect(readFileSync(join(site(), 'sitemap/News.xml'), 'utf8')).toContain(`<loc>${url}</loc>`);
    expect(readFileSync(join(site(), 'sitemap-google-news.xml'), 'utf8')).toContain(`<loc>${url}</loc>`);
    for (const feed of ['__rss/website-scheduled-content.xml', '__rss/sections/markets.xml', '__rss/sections/markets/ocean-freight/spot-rates.xml']) {
      const $ = cheerio.load(readFileSync(join(site(), feed), 'utf8'), { xml: true });
      expect($('item > link').map((_, l) => $(l).text()).get(), feed).toContain(url);
    }
    expectSameTree(tree(site()), await fullTree(), 'after publish');

    await store.run("UPDATE content SET status = 2, updated_at = ? WHERE id = ?", [tick(), cid]);
    const r2 = await builder.update({ now: BUILD_NOW, contentIds: [cid], maxShare: 1 });
    expect(r2.filesDeleted).toBeGreaterThan(0);
    expect(existsSync(join(site(), `${path.slice(1)}/index.html`))).toBe(false);
    expect(existsSync(join(site(), `print/content/${cid}/index.html`))).toBe(false);
    const all = listFiles(site()).filter((f) => !f.startsWith('builds/') && /\.(html|xml|json|txt)$|_redirects|nginx/.test(f));
    for (const f of all) expect(readFileSync(join(site(), f), 'utf8').includes(String(cid)), f).toBe(false);
    expectSameTree(tree(site()), await fullTree(), 'after unpublish');
  }, 120_000);

  it('publishes an edit\'s own pages first and the sitemaps, feeds and route files in the second phase', async () => {
    const planFor = async () => {
      const target = (await findTarget(store, 'alpha', out))!;
      const state = await loadTargetState(store, target.id);
      const { index, patched } = await new TenantIndexCache(store, 'alpha', ORIGIN).at(target, { reload: true }, BUILD_NOW);
      const { changed } = await changedInputs(store, 'alpha', index, patched, state, undefined);
      return planEdit(index, state, changed);
    };
    const kinds = (jobs: { kind: string }[]) => new Set(jobs.map((j) => j.kind));
    const cid = (await liveIds())[0]!;
    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['A title only crawlers see late', tick(), cid]);
    const retitle = await planFor();
    expect(retitle.removals).toEqual([]);
    expect(kinds(retitle.urgent).has('content')).toBe(true);
    expect(kinds(retitle.urgent).has('crawler')).toBe(false);
    expect(kinds(retitle.deferred).has('crawler')).toBe(true);
    await builder.update({ now: BUILD_NOW, contentIds: [cid] });
    // Both phases ran: the feed has the new title.
    const $ = cheerio.load(readFileSync(join(site(), '__rss/website-scheduled-content.xml'), 'utf8'), { xml: true });
    expect($('item > title').map((_, t) => $(t).text()).get()).toContain('A title only crawlers see late');

    await store.run('UPDATE content SET status = 0, updated_at = ? WHERE id = ?', [tick(), cid]);
    const unpublish = await planFor();
    expect(unpublish.removals.length).toBeGreaterThan(0);
    // No redirect claims the removed page's path: the route files wait for the second phase too.
    expect(unpublish.urgent.filter((j) => j.kind === 'crawler')).toEqual([]);
    expect(unpublish.deferred.filter((j) => j.kind === 'crawler')).toEqual([{ kind: 'crawler' }]);
    await builder.update({ now: BUILD_NOW, contentIds: [cid] });
    await store.run('UPDATE content SET status = 1, updated_at = ? WHERE id = ?', [tick(), cid]);
    await builder.update({ now: BUILD_NOW, contentIds: [cid] });
  });

  it('publishes a newer edit first when it interrupts the second phase, and finishes the rest later, even after a restart', async () => {
    const feedTitles = () => {
      const $ = cheerio.load(readFileSync(join(site(), '__rss/website-scheduled-content.xml'), 'utf8'), { xml: true });
      return $('item > title').map((_, t) => $(t).text()).get();
    };
    // maxShare 1: on this small site most edits touch more than half of the pages.
    const always = { yieldTo: () => true, yieldSliceMs: 0, maxShare: 1 };
    const a = await createArticle('Interrupted story one', sec(2), { home: true });
    const r1 = await builder.update({ contentIds: [a], now: BUILD_NOW, ...always });
    expect(r1.interrupted).toBe(true);
    expect(builder.unfinished).toBe(true);
    // Phase 1 is live (the article's page, home), the crawler files of phase 2 are not yet.
    expect(load('index.html')('main a').map((_, x) => load('index.html')(x).text()).get()).toContain('Interrupted story one');
    expect(feedTitles()).not.toContain('Interrupted story one');

    const [b] = await liveIds();
    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['Interrupting retitle', tick(), b!]);
    const r2 = await builder.update({ contentIds: [b!], now: BUILD_NOW, ...always });
    expect(r2.interrupted).toBe(true);
    expect(prerenderedTitle(b!)).toBe('Interrupting retitle');
    expect(feedTitles()).not.toContain('Interrupted story one');

    // What the store queue runs when no request waits but an update is unfinished.
    const r3 = await builder.update({ contentIds: [], now: BUILD_NOW, maxShare: 1 });
    expect(r3.interrupted).toBe(false);
    expect(builder.unfinished).toBe(false);
    expect(feedTitles()).toEqual(expect.arrayContaining(['Interrupted story one', 'Interrupting retitle']));
    expectSameTree(tree(site()), await fullTree(), 'finished');

    // A restart loses the memory of the interrupted phase: the next update redoes it in full.
    const c = await createArticle('Interrupted story two', sec(3), { home: true });
    const r5 = await builder.update({ contentIds: [c], now: BUILD_NOW, ...always });
    expect(r5.interrupted).toBe(true);
    // A server started now would catch up: the stored state does not claim the current data.
    expect((await findTarget(store, 'alpha', out))!.epoch).not.toBe(await readEpoch(store));
    const restarted = new TenantBuilder(store, 'alpha', opts(out), fullTenantBuild);
    const r4 = await restarted.update({ contentIds: [], now: BUILD_NOW, maxShare: 1 });
    expect(r4.full).toBe(false);
    expectSameTree(tree(site()), await fullTree(), 'after a restart');
    builder.forget();
  }, 120_000);

  it('applies a redirect an unpublished page blocked in the first phase, and drops its sitemap entry in the second', async () => {
    const sitemaps = () => readdirSync(site()).filter((f) => /^sitemap.*\.xml$/.test(f)).map((f) => readFileSync(join(site(), f), 'utf8')).join('');
    const listed = sitemaps();
    const live = await liveIds();
    const path = livePaths().find((p) => live.some((id) => p.includes(`/${id}/`)) && !p.startsWith('/print/') && listed.includes(`alpha.example.com${p}<`))!;
    const cid = live.find((id) => path.includes(`/${id}/`))!;
    await store.run("INSERT INTO redirects (tenant_key, from_path, to_path) VALUES ('alpha', ?, '/markets')", [path]);
    await builder.update({ reload: true, now: BUILD_NOW, maxShare: 1 });
    const redirectsFrom = () => readFileSync(join(site(), '_redirects'), 'utf8').split('\n').filter((l) => l.startsWith(`${path} `));
    expect(redirectsFrom()).toEqual([]);
    await store.run('UPDATE content SET status = 2, updated_at = ? WHERE id = ?', [tick(), cid]);
    const r = await builder.update({ contentIds: [cid], now: BUILD_NOW, maxShare: 1, yieldTo: () => true, yieldSliceMs: 0 });
    expect(r.interrupted).toBe(true);
    // First phase: the page is gone and its path redirects (stub page and _redirects line).
    expect(redirectsFrom()).toEqual([`${path} /markets 301!`]);
    expect(load(`${path.slice(1)}/index.html`)('meta[http-equiv="refresh"]').attr('content')).toContain('/markets');
    expect(sitemaps()).toContain(`alpha.example.com${path}<`);
    await builder.update({ contentIds: [], now: BUILD_NOW, maxShare: 1 });
    expect(sitemaps()).not.toContain(`alpha.example.com${path}<`);
    expectSameTree(tree(site()), await fullTree(), 'after the second phase');
    await store.run("DELETE FROM redirects WHERE tenant_key = 'alpha' AND from_path = ?", [path]);
    await store.run('UPDATE content SET status = 1, updated_at = ? WHERE id = ?', [tick(), cid]);
    await builder.update({ reload: true, now: BUILD_NOW, maxShare: 1 });
  }, 120_000);

  it('equals a from-scratch build after each of a random sequence of edits', async () => {
    const rand = prng(20261122);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const sections = [sec(2), sec(3), sec(4)];
    const kinds = ['create', 'retitle', 'move', 'unpublish', 'reschedule', 'menu', 'settings'] as const;
    const done = new Set<string>();
    for (let step = 0; step < 14; step++) {
      const kind = step < kinds.length ? kinds[step]! : pick(kinds);
      done.add(kind);
      const ids = await liveIds();
      let change: { contentIds?: number[]; reload?: boolean };
      if (kind === 'create') {
        change = { contentIds: [await createArticle(`Step ${step} story ${Math.floor(rand() * 1000)}`, pick(sections), { home: rand() < 0.5, published: BUILD_NOW - Math.floor(rand() * 9) * 86_400_000 })] };
      } else if (kind === 'retitle') {
        const cid = pick(ids);
        await store.run('UPDATE content SET name = ?, slug = ?, updated_at = ? WHERE id = ?', [`Retitled ${step}`, `retitled-${step}`, tick(), cid]);
        change = { contentIds: [cid] };
      } else if (kind === 'move') {
        const cid = pick(ids);
        const to = pick(sections);
        await store.run('UPDATE content SET primary_section_id = ?, updated_at = ? WHERE id = ?', [to, tick(), cid]);
        await store.run("DELETE FROM website_schedules WHERE content_id = ? AND option = 'Standard'", [cid]);
        await store.run("INSERT OR IGNORE INTO website_schedules (content_id, section_id, option) VALUES (?, ?, 'Standard')", [cid, to]);
        change = { contentIds: [cid] };
      } else if (kind === 'unpublish') {
        const cid = pick(ids);
        await store.run('UPDATE content SET status = 2, updated_at = ? WHERE id = ?', [tick(), cid]);
        change = { contentIds: [cid] };
      } else if (kind === 'reschedule') {
        const cid = pick(ids);
        const published = BUILD_NOW - Math.floor(rand() * 30) * 86_400_000;
        await store.run('UPDATE content SET published = ?, end_date = ?, updated_at = ? WHERE id = ?',
          [published, rand() < 0.3 ? BUILD_NOW - 1000 : null, tick(), cid]);
        change = { contentIds: [cid] };
      } else if (kind === 'menu') {
        await store.run("UPDATE menus SET links = ?, updated_at = ? WHERE tenant_key = 'alpha' AND key = 'header_primary'", [
          JSON.stringify([{ label: `Markets ${step}`, href: '/markets', external: false }, { label: 'Spot Rates', href: '/markets/ocean-freight/spot-rates', external: false }]), tick()]);
        change = { reload: true };
      } else {
        await store.run("UPDATE tenants SET settings = json_set(settings, '$.footer.text', ?) WHERE tenant_key = 'alpha'", [`Trade news, edition ${step}.`]);
        change = { reload: true };
      }
      // Every third content edit goes through the database comparison instead of the named ids.
      if (change.contentIds && step % 3 === 2) change = { reload: true };
      // maxShare 1: menus and settings touch every page, which would otherwise go to a full build.
      const r = await builder.update({ ...change, now: BUILD_NOW, maxShare: 1 });
      expect(r.full, `step ${step} (${kind})`).toBe(false);
      expectSameTree(tree(site()), await fullTree(), `step ${step} (${kind})`);
    }
    expect([...done].sort()).toEqual([...kinds].sort());
  }, 300_000);

  it('a builder whose target another builder (process or instance) updated meanwhile reloads, so it never writes back what it cached', async () => {
    // `other` holds the tenant's index and state from before `builder`'s edit, as a second
    // instance on the same database and output folder does.
    const other = new TenantBuilder(store, 'alpha', opts(out), fullTenantBuild);
    await other.warm(BUILD_NOW);
    const [a, b] = await liveIds();
    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['Retitled by the first instance', tick(), a!]);
    expect((await builder.update({ contentIds: [a!], now: BUILD_NOW, maxShare: 1 })).full).toBe(false);
    expect(prerenderedTitle(a!)).toBe('Retitled by the first instance');

    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['Retitled by the second instance', tick(), b!]);
    const r = await other.update({ contentIds: [b!], now: BUILD_NOW, maxShare: 1 });
    expect(r.full).toBe(false);
    expect(prerenderedTitle(a!)).toBe('Retitled by the first instance');
    expect(prerenderedTitle(b!)).toBe('Retitled by the second instance');
    // Lists that show both items (the home page and their sections) carry both new titles.
    expectSameTree(tree(site()), await fullTree(), 'after edits by two builders');
    // And the first builder, now behind the second, picks up its work too.
    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['Retitled again by the first instance', tick(), a!]);
    expect((await builder.update({ contentIds: [a!], now: BUILD_NOW, maxShare: 1 })).full).toBe(false);
    expectSameTree(tree(site()), await fullTree(), 'after the first builder edits again');
  }, 120_000);

  it('a failed update leaves nothing behind that the next one misses, even when the data goes back to what was live', async () => {
    const [, , cid] = await liveIds();
    const [row] = await store.all<{ name: string; updatedAt: number }>('SELECT name, updated_at AS updatedAt FROM content WHERE id = ?', [cid!]);
    const live = row!.name;
    // A file where the print view's folder goes: the item's page is written, then its print view fails.
    const printDir = join(site(), 'print', 'content', String(cid));
    rmSync(printDir, { recursive: true, force: true });
    writeFileSync(printDir, 'in the way');
    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['A title that failed half-way', tick(), cid!]);
    await expect(builder.update({ contentIds: [cid!], now: BUILD_NOW, maxShare: 1 })).rejects.toThrow(/ENOTDIR|EEXIST|not a directory/i);
    expect(prerenderedTitle(cid!)).toBe('A title that failed half-way');
    // The title goes back (the data now equals the live build's state again) and the folder is freed.
    rmSync(printDir);
    // The row exactly as the live build saw it (its fingerprint with it).
    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', [live, row!.updatedAt, cid!]);
    // A reload (what a restart or a no-change `masthead build` runs), not a named item: only the stored state says what to redo.
    expect((await builder.update({ reload: true, now: BUILD_NOW, maxShare: 1 })).full).toBe(false);
    expect(prerenderedTitle(cid!)).toBe(live);
    expect(load(`print/content/${cid!}/index.html`)('h1').text()).toBe(live);
    expectSameTree(tree(site()), await fullTree(), 'after a failed update and an undo');
  }, 120_000);

  it('goes to a full build (staging + swap) when most pages change', async () => {
    await store.run("UPDATE tenants SET settings = json_set(settings, '$.footer.text', 'Everything changes.') WHERE tenant_key = 'alpha'");
    const r = await builder.update({ reload: true, now: BUILD_NOW });
    expect(r.full).toBe(true);
    expect(readFileSync(join(site(), 'index.html'), 'utf8')).toContain('Everything changes.');
    expectSameTree(tree(site()), await fullTree(), 'after a settings edit');
  }, 120_000);

  it('masthead build with nothing changed reads and renders nothing; a change is built incrementally; --full rebuilds', async () => {
    const latest = () => (JSON.parse(readFileSync(join(site(), 'builds', 'latest.json'), 'utf8')) as { id: string }).id;
    const before = latest();
    const same = await runSiteBuild(store, { ...opts(out), tenants: ['alpha'], now: BUILD_NOW });
    expect(same.modes).toEqual({ alpha: 'unchanged' });
    expect(same.pages).toBe(0);
    expect(latest()).toBe(before);

    const [first] = await liveIds();
    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['Renamed by the CLI test', tick(), first!]);
    const changed = await runSiteBuild(store, { ...opts(out), tenants: ['alpha'], now: BUILD_NOW });
    expect(changed.modes).toEqual({ alpha: 'incremental' });
    expect(changed.pages).toBeGreaterThan(0);
    expect(latest()).not.toBe(before);
    expect(readFileSync(join(site(), `print/content/${first!}/index.html`), 'utf8')).toContain('Renamed by the CLI test');
    expectSameTree(tree(site()), await fullTree(), 'after a retitle');

    const full = await runSiteBuild(store, { ...opts(out), tenants: ['alpha'], now: BUILD_NOW, full: true });
    expect(full.modes).toEqual({ alpha: 'full' });
    expect(full.pages).toBeGreaterThan(changed.pages);
  }, 120_000);
  // Last: a theme change leaves the previous hashed stylesheet behind, which the tree comparisons above would see.
  it('rewrites /css/dragonform.css in place when the theme colours change (another system links its fixed path)', async () => {
    const form = () => readFileSync(join(site(), 'css', 'dragonform.css'), 'utf8');
    expect(form()).not.toContain('--color-primary:#7a1f5c');
    await store.run("UPDATE tenants SET settings = json_set(settings, '$.colors.primary.main', '#7a1f5c') WHERE tenant_key = 'alpha'");
    const r = await builder.update({ reload: true, now: BUILD_NOW, maxShare: 1 });
    expect(r.full).toBe(false);
    expect(form()).toContain('--color-primary:#7a1f5c');
  }, 120_000);
});
