// The crawler files and redirect outputs of one tenant, written to disk and read back the way a
// crawler, a feed reader and a static host would: sitemaps validated against the sitemaps.org
// XSDs with xmllint, feeds parsed with a standard RSS parser, redirects matched and emitted.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import Parser from 'rss-parser';
import { XMLParser } from 'fast-xml-parser';
import { emitNewsSitemap, emitSitemaps } from '../../engine/build/stages/emit-sitemaps';
import { emitFeeds, rssPathForQuery } from '../../engine/build/stages/emit-feeds';
import { emitRobots } from '../../engine/build/stages/emit-robots';
import { buildRouteRules, emitRedirects, matchRedirect } from '../../engine/build/stages/emit-redirects';
import type { BuildContent, BuildSchedule, EmittedFile, TenantIndex } from '../../engine/build/types';
import { HOUR, makeContent, makeIndex, makeSections, ORIGIN } from '../helpers/crawler-index';

const SCHEMAS = '/work/shared/schemas';
const HOSTILE = '<script>alert("pwned")</script> Rates & Routes';
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => ['url', 'sitemap', 'item', 'image:image'].includes(n) });

function xmllint(args: string[]): { ok: boolean; out: string } {
  const r = spawnSync('/usr/bin/xmllint', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}` };
}

function corpus(): TenantIndex {
  const sections = makeSections();
  const image = { path: '/images/Ship on the "Pacific" & more.jpg', alt: 'Ship', width: 1200, height: 630, caption: null, credit: null };
  const content: BuildContent[] = [
    ...Array.from({ length: 5_200 }, (_, i) => makeContent(20_000_000 + i, { sectionId: (i % 4) + 2, hoursAgo: 100 + i, ...(i % 3 === 0 ? { image } : {}) })),
    ...Array.from({ length: 30 }, (_, i) => makeContent(30_000_000 + i, { type: 'News', sectionId: 3, hoursAgo: i * 2 + 0.5 })),
    ...Array.from({ length: 4 }, (_, i) => makeContent(31_000_000 + i, { type: 'PressRelease', sectionId: 5, hoursAgo: 10 + i })),
    ...Array.from({ length: 4 }, (_, i) => makeContent(32_000_000 + i, { type: 'Blog', sectionId: 4, hoursAgo: 20 + i * 10 })),
    ...Array.from({ length: 3 }, (_, i) => makeContent(33_000_000 + i, { type: 'Contact', sectionId: 5, hoursAgo: 5 + i })),
    makeContent(34_000_000, { type: 'Promotion', sectionId: 3, hoursAgo: 1, linkUrl: 'https://sponsor.example/offer' }),
    makeContent(35_000_000, { type: 'News', sectionId: 3, hoursAgo: 0.2, name: HOSTILE, teaser: `${HOSTILE} teaser`, terms: ['R&D', '<b>bold</b>'], image }),
  ];
  const schedules: BuildSchedule[] = content.flatMap((c, i) => [
    { contentId: c.id, sectionId: c.sectionId, option: 'Standard' as const },
    ...(i % 40 === 0 ? [{ contentId: c.id, sectionId: 1, option: 'Featured' as const }] : []),
  ]);
  const redirects = [
    { from: '/old-markets', to: '/markets', preserveQueryString: true, status: 301 as const },
    { from: '/shipping', to: '/markets/ocean-freight', preserveQueryString: false, status: 301 as const },
    { from: '/evil', to: 'javascript:alert(1)', preserveQueryString: false, status: 301 as const },
  ];
  return makeIndex({ content, sections, schedules, redirects, noindex: ['Contact'] });
}

describe('crawler files and redirects of a tenant', () => {
  const index = corpus();
  const dir = mkdtempSync(join(tmpdir(), 'masthead-crawler-'));
  let files: EmittedFile[] = [];
  const read = (path: string) => readFileSync(join(dir, path), 'utf8');
  const paths = () => files.map((f) => f.path);
  const sitemapFiles = () => paths().filter((p) => p.startsWith('sitemap/'));
  const locsOf = (path: string): string[] => (xml.parse(read(path)).urlset.url as { loc: string }[]).map((u) => u.loc);

  beforeAll(() => {
    files = [...emitSitemaps(index), ...emitNewsSitemap(index), ...emitRobots(index), ...emitFeeds(index), ...emitRedirects(index)];
    for (const f of files) {
      mkdirSync(dirname(join(dir, f.path)), { recursive: true });
      writeFileSync(join(dir, f.path), f.body);
    }
  });

  it('validates the sitemap index against siteindex.xsd and every sitemap against sitemap.xsd', () => {
    const idx = xmllint(['--noout', '--schema', join(SCHEMAS, 'siteindex.xsd'), join(dir, 'sitemap.xml')]);
    expect(idx.out).toContain('validates');
    expect(idx.ok).toBe(true);
    const maps = [...sitemapFiles(), 'sitemap-google-news.xml'].map((p) => join(dir, p));
    const res = xmllint(['--noout', '--schema', join(SCHEMAS, 'sitemap.xsd'), ...maps]);
    expect(res.out.match(/ validates$/gm)).toHaveLength(maps.length);
    expect(res.ok, res.out).toBe(true);
  });

  it('uses a schema check that does reject a broken sitemap (control)', () => {
    const broken = read('sitemap/News.xml').replace(/<lastmod>[^<]+<\/lastmod>/, '<lastmod>yesterday</lastmod>');
    writeFileSync(join(dir, 'broken.xml'), broken);
    expect(xmllint(['--noout', '--schema', join(SCHEMAS, 'sitemap.xsd'), join(dir, 'broken.xml')]).ok).toBe(false);
  });

  it('lists every section sitemap and type sitemap in the index, and splits Article at 5,000', () => {
    const listed = (xml.parse(read('sitemap.xml')).sitemapindex.sitemap as { loc: string }[]).map((s) => s.loc);
    expect(listed).toEqual(sitemapFiles().map((p) => `${ORIGIN}/${p}`));
    expect(sitemapFiles()).toEqual(['sitemap/sections.xml', 'sitemap/Article.xml', 'sitemap/Article-2.xml', 'sitemap/Blog.xml', 'sitemap/News.xml', 'sitemap/PressRelease.xml']);
    expect(locsOf('sitemap/Article.xml')).toHaveLength(5_000);
    expect(locsOf('sitemap/Article-2.xml')).toHaveLength(200);
  });

  it('lists exactly the indexable pages: home, sections, and content that is neither a promotion nor noindex', () => {
    const listed = sitemapFiles().flatMap(locsOf).sort();
    const expected = [
      '/', ...index.sections.filter((s) => s.alias !== 'home').map((s) => s.path),
      ...index.content.filter((c) => c.type !== 'Promotion' && c.type !== 'Contact').map((c) => c.path),
    ].map((p) => new URL(p, ORIGIN).href).sort();
    expect(listed).toEqual(expected);
  });

  it('gives images absolute, escaped locations', () => {
    const urls = xml.parse(read('sitemap/Article.xml')).urlset.url as Record<string, any>[];
    const withImage = urls.filter((u) => u['image:image']);
    expect(withImage.length).toBeGreaterThan(1_000);
    expect(withImage[0]!['image:image'][0]['image:loc']).toBe(`${ORIGIN}/images/Ship%20on%20the%20%22Pacific%22%20&%20more.jpg`);
  });

  it('builds the news sitemap from the last 2 days of News, PressRelease and Blog, with every news field', () => {
    const urls = xml.parse(read('sitemap-google-news.xml')).urlset.url as Record<string, any>[];
    const since = index.now - 48 * HOUR;
    const expected = index.content.filter((c) => ['News', 'PressRelease', 'Blog'].includes(c.type) && (c.published ?? 0) >= since);
    expect(urls.map((u) => u.loc)).toEqual(expected.map((c) => `${ORIGIN}${c.path}`));
    for (const u of urls) {
      const n = u['news:news'];
      expect(n['news:publication']).toEqual({ 'news:name': 'FreightWise', 'news:language': 'en' });
      expect(n['news:publication_date']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(typeof n['news:title']).toBe('string');
    }
    expect(urls[0]!['news:news']['news:title']).toBe(HOSTILE);
  });

  it('never lets markup from the database into any crawler file as markup', () => {
    for (const p of paths()) expect(read(p), p).not.toMatch(/<script|<b>/i);
  });

  it('writes robots.txt pointing at both sitemaps, which exist', () => {
    const robots = read('robots.txt');
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toMatch(/^Disallow: \/account$/m);
    const maps = [...robots.matchAll(/^Sitemap: (.+)$/gm)].map((m) => m[1]!);
    expect(maps).toEqual([`${ORIGIN}/sitemap.xml`, `${ORIGIN}/sitemap-google-news.xml`]);
    for (const m of maps) expect(paths()).toContain(new URL(m).pathname.slice(1));
  });

  it('writes RSS 2.0 feeds a standard parser reads, linking only to pages that exist', async () => {
    const parser = new Parser();
    const pages = new Set(index.content.filter((c) => c.type !== 'Promotion').map((c) => `${ORIGIN}${c.path}`));
    const feeds = paths().filter((p) => p.startsWith('__rss/'));
    expect(feeds).toHaveLength(index.sections.length + 1);
    expect(xmllint(['--noout', ...feeds.map((p) => join(dir, p))]).ok).toBe(true);
    for (const p of feeds) {
      const body = read(p);
      const feed = await parser.parseString(body);
      expect(xml.parse(body).rss['@version']).toBe('2.0');
      expect(feed.items.length, p).toBeGreaterThan(0);
      expect(feed.items.length).toBeLessThanOrEqual(50);
      for (const item of feed.items) expect(pages.has(item.link!), item.link).toBe(true);
    }
    const ocean = await parser.parseString(read('__rss/sections/markets/ocean-freight.xml'));
    expect(ocean.items[0]?.title).toBe(HOSTILE);
    expect(ocean.items[0]?.categories).toEqual(['Ocean Freight', 'R&D', '<b>bold</b>']);
  });

  it('answers the spec query form for every section with a feed file that was written', () => {
    for (const s of index.sections) {
      const p = rssPathForQuery(JSON.stringify({ sectionAlias: s.alias }));
      expect(p && paths().includes(p), s.alias).toBe(true);
    }
  });

  it('redirects every /:id to the canonical path (a promotion to its link) and keeps the outputs in step', () => {
    const rules = buildRouteRules(index);
    for (const c of index.content) {
      expect(matchRedirect(rules, `/${c.id}`)?.location).toBe(c.type === 'Promotion' ? c.linkUrl : c.path);
    }
    expect(matchRedirect(rules, '/old-markets?utm=1')?.location).toBe('/markets?utm=1');
    expect(matchRedirect(rules, '/evil')).toBeNull();
    const netlify = read('_redirects').split('\n').filter((l) => l && !l.startsWith('#'));
    expect(netlify).toHaveLength(Object.keys(rules).length);
    const nginx = read('nginx-redirects.conf');
    expect(nginx).toMatch(/^map \$uri \$masthead_redirect \{$/m);
    expect(nginx.match(/^ {4}"\/\d{8}" "[^"]+";$/gm)).toHaveLength(index.content.length);
  });
});
