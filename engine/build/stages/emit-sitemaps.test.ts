import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import {
  absoluteUrl, emitNewsSitemap, emitSitemaps, escapeXml, NEWS_LIMIT, newsLanguage, tenantOrigin, w3cDateTime,
} from './emit-sitemaps';
import type { EmittedFile } from '../types';
import { HOUR, makeContent, makeIndex, NOW, ORIGIN } from '../../../tests/helpers/crawler-index';

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'sitemap', 'image:image'].includes(name) });
const parse = (f: EmittedFile | undefined) => parser.parse(String(f?.body));
const byPath = (files: EmittedFile[], path: string) => files.find((f) => f.path === path);
const locs = (f: EmittedFile | undefined): string[] => (parse(f).urlset.url as { loc: string }[]).map((u) => u.loc);

describe('XML and URL helpers', () => {
  it('escapes markup characters and drops characters XML cannot hold', () => {
    expect(escapeXml(`<script>a & "b" 'c'</script>\u0001\uFFFF`)).toBe('&lt;script&gt;a &amp; &quot;b&quot; &apos;c&apos;&lt;/script&gt;');
  });

  it('keeps every site path on the tenant origin, even one written like //other-host', () => {
    expect(absoluteUrl(ORIGIN, '/markets')).toBe(`${ORIGIN}/markets`);
    expect(absoluteUrl(ORIGIN, 'images/a b.jpg')).toBe(`${ORIGIN}/images/a%20b.jpg`);
    expect(absoluteUrl(ORIGIN, '//evil.example/x')).toBe(`${ORIGIN}/evil.example/x`);
    expect(absoluteUrl(ORIGIN, 'https://cdn.example/i.jpg')).toBe('https://cdn.example/i.jpg');
  });

  it('rejects an origin that is not an absolute http(s) origin, naming the field', () => {
    for (const origin of ['javascript:alert(1)', 'freightwise.com', 'ftp://freightwise.com', 'https://freightwise.com/sub']) {
      expect(() => tenantOrigin(makeIndex({ origin }))).toThrow(/tenant\.origin/);
    }
    expect(tenantOrigin(makeIndex({ origin: 'http://freightwise.localhost:4000/' }))).toBe('http://freightwise.localhost:4000');
  });

  it('formats lastmod as a W3C datetime in UTC', () => {
    expect(w3cDateTime(Date.parse('2026-03-04T05:06:07.890Z'))).toBe('2026-03-04T05:06:07Z');
  });
});

describe('emitSitemaps', () => {
  const content = [
    makeContent(10000001, { type: 'Article', image: { path: '/images/ship.jpg', alt: 'Ship', width: 1200, height: 630, caption: null, credit: null } }),
    makeContent(10000002, { type: 'News', sectionId: 4 }),
    makeContent(10000003, { type: 'Promotion', linkUrl: 'https://sponsor.example/' }),
    makeContent(10000004, { type: 'Contact', sectionId: 5 }),
  ];
  const files = emitSitemaps(makeIndex({ content, noindex: ['Contact'] }));

  it('writes a sitemap index of the sections sitemap and one sitemap per content type present', () => {
    const index = parse(byPath(files, 'sitemap.xml')).sitemapindex.sitemap as { loc: string; lastmod: string }[];
    expect(index.map((s) => s.loc)).toEqual([`${ORIGIN}/sitemap/sections.xml`, `${ORIGIN}/sitemap/Article.xml`, `${ORIGIN}/sitemap/News.xml`]);
    expect(files.map((f) => f.path).sort()).toEqual(['sitemap.xml', 'sitemap/Article.xml', 'sitemap/News.xml', 'sitemap/sections.xml']);
    expect(index[1]?.lastmod).toBe(w3cDateTime(content[0]!.updatedAt));
  });

  it('lists the home page and every section path, the home section only once as /', () => {
    expect(locs(byPath(files, 'sitemap/sections.xml'))).toEqual([
      `${ORIGIN}/`, `${ORIGIN}/markets`, `${ORIGIN}/markets/ocean-freight`, `${ORIGIN}/markets/ocean-freight/spot-rates`, `${ORIGIN}/logistics`,
    ]);
  });

  it('gives a section the lastmod of the newest content scheduled under it', () => {
    const urls = parse(byPath(files, 'sitemap/sections.xml')).urlset.url as { loc: string; lastmod: string }[];
    expect(urls.find((u) => u.loc === `${ORIGIN}/markets`)?.lastmod).toBe(w3cDateTime(content[0]!.updatedAt));
    expect(urls.find((u) => u.loc === `${ORIGIN}/logistics`)?.lastmod).toBe(w3cDateTime(content[3]!.updatedAt));
  });

  it('lists content at its canonical path with lastmod and an absolute image entry', () => {
    const url = parse(byPath(files, 'sitemap/Article.xml')).urlset.url[0];
    expect(url.loc).toBe(`${ORIGIN}${content[0]!.path}`);
    expect(url.lastmod).toBe(w3cDateTime(content[0]!.updatedAt));
    expect(url['image:image'][0]['image:loc']).toBe(`${ORIGIN}/images/ship.jpg`);
  });

  it('leaves out promotions (redirects) and noindex content types', () => {
    const all = files.filter((f) => f.path.startsWith('sitemap/')).flatMap(locs);
    expect(all).not.toContain(`${ORIGIN}${content[2]!.path}`);
    expect(all).not.toContain(`${ORIGIN}${content[3]!.path}`);
  });

  it('splits a type after 5,000 URLs into <Type>-2.xml', () => {
    const many = Array.from({ length: 10_001 }, (_, i) => makeContent(20_000_000 + i, { hoursAgo: i / 100 }));
    const split = emitSitemaps(makeIndex({ content: many }));
    expect(split.map((f) => f.path)).toEqual(['sitemap.xml', 'sitemap/sections.xml', 'sitemap/Article.xml', 'sitemap/Article-2.xml', 'sitemap/Article-3.xml']);
    expect([2, 3, 4].map((i) => locs(split[i]).length)).toEqual([5000, 5000, 1]);
  });
});

describe('emitNewsSitemap', () => {
  const news = (id: number, hoursAgo: number, type: 'News' | 'PressRelease' | 'Blog' | 'Article' = 'News', name?: string) =>
    makeContent(id, { type, hoursAgo, ...(name ? { name } : {}) });

  it('lists News, PressRelease and Blog from the last 2 days, newest first, with the news fields', () => {
    const content = [news(10000001, 47, 'Blog'), news(10000002, 1), news(10000003, 49), news(10000004, 2, 'Article'), news(10000005, 3, 'PressRelease')];
    const [file] = emitNewsSitemap(makeIndex({ content, language: 'en-US' }));
    expect(file?.path).toBe('sitemap-google-news.xml');
    const urls = parse(file).urlset.url as Record<string, any>[];
    expect(urls.map((u) => u.loc)).toEqual([10000002, 10000005, 10000001].map((id) => `${ORIGIN}${content.find((c) => c.id === id)!.path}`));
    const n = urls[0]!['news:news'];
    expect(n['news:publication']).toEqual({ 'news:name': 'FreightWise', 'news:language': 'en' });
    expect(n['news:publication_date']).toBe(w3cDateTime(NOW - HOUR));
    expect(n['news:title']).toBe(content[1]!.name);
  });

  it('caps the list at 1,000 items', () => {
    const content = Array.from({ length: 1_200 }, (_, i) => news(30_000_000 + i, i / 100));
    expect(parse(emitNewsSitemap(makeIndex({ content }))[0]).urlset.url).toHaveLength(NEWS_LIMIT);
  });

  it('escapes titles so markup in them stays text', () => {
    const title = '<script>alert("x")</script> Rates & "Routes"';
    const [file] = emitNewsSitemap(makeIndex({ content: [news(10000001, 1, 'News', title)] }));
    expect(String(file?.body)).not.toContain('<script>');
    expect(parse(file).urlset.url[0]['news:news']['news:title']).toBe(title);
  });

  it('stays a valid urlset (the home page, no news entry) when nothing is recent', () => {
    const urls = parse(emitNewsSitemap(makeIndex({ content: [news(10000001, 72)] }))[0]).urlset.url;
    expect(urls).toEqual([{ loc: `${ORIGIN}/`, lastmod: w3cDateTime(NOW) }]);
  });

  it('uses the ISO 639 code Google News expects', () => {
    expect([newsLanguage('en-US'), newsLanguage('de'), newsLanguage('zh-TW')]).toEqual(['en', 'de', 'zh-tw']);
  });
});
