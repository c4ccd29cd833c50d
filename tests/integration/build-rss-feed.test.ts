// RSS feed blocks (issue 17): the build reads the external feed a layout names (here a local HTTP
// server), shows its items up to the block's limit as escaped plain text with http(s) links only,
// stores them as the last good copy (markup in a title or summary is removed, never rendered), fetches again only once the copy is 15 minutes old, keeps the
// last good copy when the feed fails (with a warning), and leaves the block out when a feed never
// worked. Feeds on the build machine's own network are refused unless the build allows them.
// Atom feeds parse too.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild, type BuildSummary } from '../../engine/build/index';
import { isPrivateAddress, parseFeed, refreshFeeds } from '../../engine/build/feeds';
import { layoutSchema } from '../../engine/domain/layout';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { feedRows } from '../../engine/store/queries/feeds';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { pageProblems } from './build-quality';

const NOW = Date.parse('2026-11-02T15:00:00Z');
const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Wire</title>
<item><title>Rates &lt;script&gt;alert(1)&lt;/script&gt; climb</title><link>https://wire.example/1</link>
  <description>&lt;p&gt;Spot rates rose &lt;b&gt;4%&lt;/b&gt; this week.&lt;/p&gt;</description><pubDate>Sun, 01 Nov 2026 14:00:00 GMT</pubDate></item>
<item><title>Bad link</title><link>javascript:alert(2)</link></item>
<item><title>Ports steady</title><link>https://wire.example/2</link></item>
<item><title>Third story</title><link>https://wire.example/3</link></item>
</channel></rss>`;

let server: Server;
let origin = '';
let mode: 'ok' | 'fail' = 'ok';
const hits: string[] = [];
let store: Store;
let out: string;

async function build(now: number): Promise<{ summary: BuildSummary; home: ReturnType<typeof load>; beta: ReturnType<typeof load> }> {
  // The test's feeds are on 127.0.0.1, which a build refuses unless allowed.
  const summary = await runBuild(store, { outDir: out, now, originTemplate: 'https://{key}.example', workers: 1, tenants: ['alpha', 'beta'], clientDir: null, feedsAllowPrivateHosts: true } as Parameters<typeof runBuild>[1]);
  // The fixture's section layout holds the block: the section page shows it.
  const page = (key: string) => load(readFileSync(join(realpathSync(join(out, key)), 'markets', 'index.html'), 'utf8'));
  return { summary, home: page('alpha'), beta: page('beta') };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/feed.xml' && mode === 'ok') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(RSS);
    } else {
      res.writeHead(500);
      res.end('down');
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const withFeed = (key: string, base: number, path: string) => {
    const t = tenantFixture(key, base);
    t.layouts[0]!.primaryGrid.rows[0]!.columns[0]!.blocks.push({ id: 'wire', type: 'rss_feed', settings: { title: 'From the wire' }, data: { url: `${origin}${path}`, limit: 2, showSummary: true } } as never);
    return t;
  };
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, writeFixtureSet([withFeed('alpha', 100, '/feed.xml'), withFeed('beta', 200, '/missing.xml')]));
  out = mkdtempSync(join(tmpdir(), 'mh-rss-build-'));
}, 60_000);
afterAll(async () => {
  await store?.close();
  await new Promise((ok) => server.close(ok));
});

const items = ($: ReturnType<typeof load>) => $('.feed-items .feed-item').toArray().map((li) => ({
  title: $(li).find('a').text(), href: $(li).find('a').attr('href'), rel: $(li).find('a').attr('rel'), summary: $(li).find('.feed-summary').text(), date: $(li).find('time').attr('datetime') ?? null,
}));

describe('RSS feed block in the build', () => {
  it('shows the feed\u2019s items up to the limit as escaped text with http(s) links, and stores them as the last good copy', async () => {
    const { home } = await build(NOW);
    expect(items(home)).toEqual([
      { title: 'Rates climb', href: 'https://wire.example/1', rel: 'noopener noreferrer external', summary: 'Spot rates rose 4% this week.', date: '2026-11-01' },
      { title: 'Ports steady', href: 'https://wire.example/2', rel: 'noopener noreferrer external', summary: '', date: null },
    ]);
    expect(home('.feed-items script').length).toBe(0);
    expect(home('.feed-items').html()).not.toMatch(/<script|alert\(1\)/);
    expect(home('.feed-items').text()).not.toContain('Bad link');
    expect(await pageProblems(realpathSync(join(out, 'alpha')), ['markets/index.html'])).toEqual([]);
    const rows = await feedRows(store.db, 'alpha');
    expect(rows.map((r) => [r.url, r.items.length, r.fetchedAt])).toEqual([[`${origin}/feed.xml`, 3, NOW]]);
  });

  it('leaves the block out (with a warning) when its feed never answered', async () => {
    const { beta, summary } = await build(NOW + 60_000);
    expect(beta('.feed-items').length).toBe(0);
    expect(summary.tenants.find((t) => t.key === 'beta')!.warnings.join('\n')).toMatch(/RSS feed .*\/missing\.xml not refreshed \(HTTP 500\); the block is left out/);
  });

  it('does not fetch again within 15 minutes; after that a failing feed keeps the last good copy', async () => {
    const before = hits.filter((h) => h === '/feed.xml').length;
    await build(NOW + 5 * 60_000);
    expect(hits.filter((h) => h === '/feed.xml').length).toBe(before);
    mode = 'fail';
    const { home, summary } = await build(NOW + 20 * 60_000);
    expect(hits.filter((h) => h === '/feed.xml').length).toBe(before + 1);
    expect(items(home).map((i) => i.title)).toEqual(['Rates climb', 'Ports steady']);
    expect(summary.tenants.find((t) => t.key === 'alpha')!.warnings.join('\n')).toMatch(/not refreshed \(HTTP 500\); keeping the last good copy/);
    expect((await feedRows(store.db, 'alpha'))[0]!.fetchedAt).toBe(NOW);
  });
});

describe('feed hosts', () => {
  it('refuses feeds on loopback, private and link-local addresses by default, without a request', async () => {
    const layout = layoutSchema.parse({ id: 1, name: 'x', type: 'section', primaryGrid: { rows: [{ columns: [{ blocks: [{ id: 'f', type: 'rss_feed', data: { url: `${origin}/feed.xml` } }] }] }] } });
    const before = hits.length;
    const warnings = await refreshFeeds(store, 'alpha', [layout], { now: NOW + 24 * 3_600_000 });
    expect(warnings).toEqual([expect.stringMatching(/not refreshed \(refused: the address is loopback, private or link-local\); keeping the last good copy/)]);
    expect(hits.length).toBe(before);
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1']) expect(isPrivateAddress(ip), ip).toBe(false);
  });
});

describe('parseFeed', () => {
  it('reads Atom entries (link href, summary, updated) and skips entries without a title or an http(s) link', () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
      <entry><title type="html">Cranes &amp;amp; quays</title><link rel="alternate" href="https://atom.example/a"/><summary>Short &lt;i&gt;note&lt;/i&gt;</summary><updated>2026-10-30T09:00:00Z</updated></entry>
      <entry><title>No link</title></entry>
      <entry><title></title><link href="https://atom.example/b"/></entry>
      <entry><title>Data link</title><link href="data:text/html,hi"/></entry></feed>`;
    expect(parseFeed(atom)).toEqual([{ title: 'Cranes & quays', link: 'https://atom.example/a', summary: 'Short note', published: Date.parse('2026-10-30T09:00:00Z') }]);
    expect(parseFeed('not xml at all')).toEqual([]);
  });
});
