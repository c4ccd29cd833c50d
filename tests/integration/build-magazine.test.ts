// Issue and publication pages through incremental rebuilds (issue 21): an issue's pages appear and
// disappear with its status and schedule; an issue edit re-renders exactly the issue page, the
// publication page and the articles it lists (the only HTML pages whose bytes change), and after
// each step the incrementally updated site equals a full build of the same database. The pages are
// html-validate clean, link nowhere broken and are in the sitemap; articles in the issue show
// "From the <Month Year> issue of <Publication>" linking to it.
import { mkdtempSync, realpathSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { TenantBuilder } from '../../engine/build/incremental/tenant-builder';
import { fullTenantBuild } from '../../engine/build/full-build';
import type { Store } from '../../engine/store/connection';
import { ALPHA, BUILD_NOW, id, publishedTree, seedBuildSite } from './build-site-fixture';
import { brokenLinks, pageProblems } from './build-quality';

const ORIGIN = 'https://{key}.example.com';
const opts = (outDir: string) => ({ outDir, originTemplate: ORIGIN, clientDir: null, workers: 1 });
const PUB = 7001;
const ISSUE = 7101;
const DAY = 86_400_000;
const [A1, A2, A3] = [id(ALPHA, 1), id(ALPHA, 2), id(ALPHA, 3)];
const PUB_PAGE = `magazine/${PUB}/alpha-monthly/index.html`;
const issuePage = (slug: string) => `magazine/issue/${ISSUE}/${slug}/index.html`;

let store: Store;
let out: string;
let builder: TenantBuilder;
const site = () => realpathSync(join(out, 'alpha'));
const page = (rel: string) => cheerio.load(readFileSync(join(site(), rel), 'utf8'));
const articleFile = async (cid: number) => {
  const [row] = await store.all<{ slug: string; alias: string }>('SELECT c.slug, s.alias FROM content c JOIN website_sections s ON s.id = c.primary_section_id WHERE c.id = ?', [cid]);
  return `${row!.alias}/${cid}/${row!.slug}/index.html`;
};

/** HTML pages whose bytes differ between two trees (added, changed or removed). */
function changedPages(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => k.endsWith('.html') && before.get(k) !== after.get(k)).sort();
}

async function fullTree(now: number): Promise<Map<string, string>> {
  const fresh = mkdtempSync(join(tmpdir(), 'masthead-mag-full-'));
  await runBuild(store, { ...opts(fresh), tenants: ['alpha'], now });
  return publishedTree(realpathSync(join(fresh, 'alpha')));
}

async function step(now: number, change: () => Promise<void>): Promise<{ changed: string[]; tree: Map<string, string> }> {
  const before = publishedTree(site());
  await change();
  const r = await builder.update({ now, reload: true, maxShare: 1 });
  expect(r.full).toBe(false);
  const tree = publishedTree(site());
  const expected = await fullTree(now);
  expect([...tree.keys()]).toEqual([...expected.keys()]);
  for (const [path, body] of expected) if (tree.get(path) !== body) expect(tree.get(path), path).toBe(body);
  return { changed: changedPages(before, tree), tree };
}

beforeAll(async () => {
  ({ store } = await seedBuildSite());
  await store.run("INSERT INTO magazine_publications (id, tenant_key, name, description, subscribe_url) VALUES (?, 'alpha', 'Alpha Monthly', 'Our print edition.', 'https://alpha.example/subscribe')", [PUB]);
  await store.run("INSERT INTO magazine_sections (id, tenant_key, publication_id, name, position) VALUES (7201, 'alpha', ?, 'News', 0), (7202, 'alpha', ?, 'Features', 1)", [PUB, PUB]);
  out = mkdtempSync(join(tmpdir(), 'masthead-mag-'));
  await runBuild(store, { ...opts(out), tenants: ['alpha'], now: BUILD_NOW });
  builder = new TenantBuilder(store, 'alpha', opts(out), fullTenantBuild);
}, 120_000);

afterAll(async () => { await store?.close(); });

describe('magazine pages through incremental rebuilds', () => {
  it('a publication without live issues has its page, saying so, and is not in the sitemap yet', () => {
    expect(page(PUB_PAGE)('h1').text()).toBe('Alpha Monthly');
    expect(page(PUB_PAGE)('.publication-latest').text()).toContain('No issue is online yet.');
    expect(readFileSync(join(site(), 'sitemap.xml'), 'utf8')).not.toContain('sitemap/magazine.xml');
  });

  it('publishing an issue adds its page, the publication\u2019s latest issue and the issue line of the articles it lists — and nothing else', async () => {
    const { changed } = await step(BUILD_NOW, async () => {
      await store.run("INSERT INTO magazine_issues (id, publication_id, name, description, issue_date, status) VALUES (?, ?, 'October 2026', 'Ports and rates.', ?, 1)", [ISSUE, PUB, Date.UTC(2026, 9, 15, 12)]);
      await store.run('INSERT INTO magazine_issue_content (issue_id, section_id, content_id, position) VALUES (?, 7201, ?, 0), (?, 7201, ?, 1), (?, 7202, ?, 0)', [ISSUE, A2, ISSUE, A1, ISSUE, A3]);
    });
    const articles = await Promise.all([A1, A2, A3].map(articleFile));
    expect(changed).toEqual([PUB_PAGE, issuePage('october-2026'), ...articles].sort());
    const $ = page(issuePage('october-2026'));
    expect($('h1').text()).toBe('October 2026');
    expect($('.issue-section').map((_, s) => $(s).find('h3').text()).get()).toEqual(['News', 'Features']);
    expect($('.issue-section').first().find('.item-title a').map((_, a) => $(a).attr('href')).get()).toEqual([
      `/${articles[1]!.replace(/\/index\.html$/, '')}`, `/${articles[0]!.replace(/\/index\.html$/, '')}`,
    ]);
    const pub = page(PUB_PAGE);
    expect(pub('.publication-latest .issue-title a').attr('href')).toBe(`/magazine/issue/${ISSUE}/october-2026`);
    expect(pub('.archive-year h3').text()).toBe('2026');
    const line = page(articles[0]!)('.content-issue a');
    expect(line.text()).toBe('From the October 2026 issue of Alpha Monthly');
    expect(line.attr('href')).toBe(`/magazine/issue/${ISSUE}/october-2026`);
    expect(readFileSync(join(site(), 'sitemap/magazine.xml'), 'utf8')).toContain(`https://alpha.example.com/magazine/issue/${ISSUE}/october-2026`);
    const files = [PUB_PAGE, issuePage('october-2026'), ...articles];
    expect(await pageProblems(site(), files)).toEqual([]);
  }, 120_000);

  it('an issue edit (rename) re-renders exactly the issue page, the publication page and the listed articles', async () => {
    const { changed } = await step(BUILD_NOW, async () => {
      await store.run("UPDATE magazine_issues SET name = 'October 2026 Special' WHERE id = ?", [ISSUE]);
    });
    const articles = await Promise.all([A1, A2, A3].map(articleFile));
    expect(changed).toEqual([PUB_PAGE, issuePage('october-2026'), issuePage('october-2026-special'), ...articles].sort());
    expect(existsSync(join(site(), issuePage('october-2026')))).toBe(false);
    expect(brokenLinks(site()).filter((l) => l.includes('magazine'))).toEqual([]);
  }, 120_000);

  it('an inactive issue disappears with its line; a scheduled one appears when its start date passes', async () => {
    const { changed } = await step(BUILD_NOW, async () => { await store.run('UPDATE magazine_issues SET status = 0 WHERE id = ?', [ISSUE]); });
    const articles = await Promise.all([A1, A2, A3].map(articleFile));
    expect(changed).toEqual([PUB_PAGE, issuePage('october-2026-special'), ...articles].sort());
    expect(existsSync(join(site(), issuePage('october-2026-special')))).toBe(false);
    expect(page(articles[0]!)('.content-issue')).toHaveLength(0);

    const start = BUILD_NOW + DAY;
    await step(BUILD_NOW, async () => { await store.run('UPDATE magazine_issues SET status = 1, start_date = ? WHERE id = ?', [start, ISSUE]); });
    expect(existsSync(join(site(), issuePage('october-2026-special')))).toBe(false);
    // the live build's next time boundary is the issue's start (the rebuild queue arms its timer for it)
    const [target] = await store.all<{ next: number }>("SELECT next_boundary AS next FROM build_targets WHERE tenant_key = 'alpha' AND out_dir = ?", [realpathSync(out)]);
    expect(target?.next).toBe(start);
    await step(start + 1000, async () => {});
    expect(page(issuePage('october-2026-special'))('h1').text()).toBe('October 2026 Special');
    await step(start + 2 * DAY, async () => { await store.run('UPDATE magazine_issues SET end_date = ? WHERE id = ?', [start + DAY, ISSUE]); });
    expect(existsSync(join(site(), issuePage('october-2026-special')))).toBe(false);
  }, 240_000);
});
