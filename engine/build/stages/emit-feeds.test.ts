import { describe, expect, it } from 'vitest';
import Parser from 'rss-parser';
import { XMLParser } from 'fast-xml-parser';
import { emitFeeds, FEED_ITEM_LIMIT, HOME_FEED_PATH, rssPathForQuery, sectionFeedPath } from './emit-feeds';
import type { EmittedFile } from '../types';
import type { BuildSchedule } from '../types';
import { HOUR, makeContent, makeIndex, makeSections, NOW, ORIGIN } from '../../../tests/helpers/crawler-index';

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => ['item', 'category'].includes(n) });
const rss = new Parser({ customFields: { item: [['media:content', 'mediaContent']] } });
const file = (files: EmittedFile[], path: string) => {
  const f = files.find((x) => x.path === path);
  if (!f) throw new Error(`no ${path} among ${files.map((x) => x.path).join(', ')}`);
  return String(f.body);
};
const links = async (body: string) => (await rss.parseString(body)).items.map((i) => i.link);
const url = (path: string) => `${ORIGIN}${path}`;

describe('rssPathForQuery', () => {
  it('answers the spec query form with the static feed file', () => {
    expect(rssPathForQuery(undefined)).toBe(HOME_FEED_PATH);
    expect(rssPathForQuery('')).toBe(HOME_FEED_PATH);
    expect(rssPathForQuery('{}')).toBe(HOME_FEED_PATH);
    expect(rssPathForQuery('{"sectionAlias":"home"}')).toBe(HOME_FEED_PATH);
    expect(rssPathForQuery('{"sectionAlias":"markets/ocean-freight"}')).toBe('__rss/sections/markets/ocean-freight.xml');
  });

  it('gives null for input that is not the JSON shape or an alias that could leave the feed folder', () => {
    for (const input of ['not json', '[]', 'null', '{"sectionAlias":5}', '{"sectionAlias":"../../secrets"}', '{"sectionAlias":"a/./b"}', '{"sectionAlias":"/etc/passwd"}', '{"sectionAlias":"A%2F"}']) {
      expect(rssPathForQuery(input), input).toBeNull();
    }
  });
});

describe('emitFeeds', () => {
  const sections = makeSections();
  const image = { path: '/images/ship.jpg', alt: 'A ship', width: 1200, height: 630, caption: null, credit: null };
  const spot = makeContent(10000001, { sectionId: 4, hoursAgo: 1, image, terms: ['Rates', 'Asia'], authors: [{ id: 1, name: 'Rosa Delgado' }] });
  const ocean = makeContent(10000002, { sectionId: 3, hoursAgo: 2 });
  const logistics = makeContent(10000003, { sectionId: 5, hoursAgo: 3 });
  const promo = makeContent(10000004, { type: 'Promotion', sectionId: 3, hoursAgo: 0.5, linkUrl: 'https://sponsor.example/' });
  const base = [spot, ocean, logistics, promo];

  it('writes the home feed and one feed per section', () => {
    const files = emitFeeds(makeIndex({ content: base }));
    expect(files.map((f) => f.path)).toEqual([HOME_FEED_PATH, ...sections.map((s) => sectionFeedPath(s.alias))]);
    expect(files.every((f) => f.contentType.startsWith('application/rss+xml'))).toBe(true);
  });

  it('puts content scheduled to a section or its descendants in its feed, newest first, without promotions', async () => {
    const files = emitFeeds(makeIndex({ content: base }));
    expect(await links(file(files, sectionFeedPath('markets')))).toEqual([url(spot.path), url(ocean.path)]);
    expect(await links(file(files, sectionFeedPath('markets/ocean-freight/spot-rates')))).toEqual([url(spot.path)]);
    expect(await links(file(files, sectionFeedPath('logistics')))).toEqual([url(logistics.path)]);
  });

  it('carries the item fields a reader needs', async () => {
    const body = file(emitFeeds(makeIndex({ content: base })), sectionFeedPath('markets'));
    const feed = await rss.parseString(body);
    const item = feed.items[0]!;
    expect(item.title).toBe(spot.name);
    expect(item.guid).toBe(url(spot.path));
    expect(item.content).toBe(spot.teaser);
    expect(Date.parse(item.pubDate!)).toBe(spot.published);
    expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(item.categories).toEqual(['Spot Rates', 'Rates', 'Asia']);
    expect(item.creator).toBe('Rosa Delgado');
    expect((item as any).mediaContent.$).toEqual({ url: url('/images/ship.jpg'), medium: 'image', width: '1200', height: '630' });
    const raw = xml.parse(body).rss.channel;
    expect(raw.item[0].guid['@isPermaLink']).toBe('true');
  });

  it('describes the channel with a self link', () => {
    const raw = xml.parse(file(emitFeeds(makeIndex({ content: base })), sectionFeedPath('markets/ocean-freight'))).rss.channel;
    expect(raw.title).toBe('Ocean Freight | FreightWise');
    expect(raw.link).toBe(url('/markets/ocean-freight'));
    expect(raw.language).toBe('en');
    expect(Date.parse(raw.lastBuildDate)).toBe(NOW - (NOW % 1000));
    expect(raw['atom:link']).toEqual({ '@href': url('/__rss/sections/markets/ocean-freight.xml'), '@rel': 'self', '@type': 'application/rss+xml' });
  });

  it('feeds the home page with content scheduled to the home section, at most 50', async () => {
    const many = Array.from({ length: 60 }, (_, i) => makeContent(20_000_000 + i, { hoursAgo: i + 1 }));
    const schedules: BuildSchedule[] = many.map((c) => ({ contentId: c.id, sectionId: 1, option: 'Standard' }));
    const newer = makeContent(10000009, { sectionId: 5, hoursAgo: 0.1 });
    const files = emitFeeds(makeIndex({ content: [...many, newer], schedules }));
    const home = await links(file(files, HOME_FEED_PATH));
    expect(home).toHaveLength(FEED_ITEM_LIMIT);
    expect(home).toEqual(many.slice(0, FEED_ITEM_LIMIT).map((c) => url(c.path)));
  });

  it('falls back to the newest live content when nothing is scheduled to home', async () => {
    const home = await links(file(emitFeeds(makeIndex({ content: base })), HOME_FEED_PATH));
    expect(home).toEqual([spot, ocean, logistics].map((c) => url(c.path)));
  });

  it('escapes text so a hostile title stays text', async () => {
    const name = '<script>alert(1)</script> Rates & "Routes"';
    const files = emitFeeds(makeIndex({ content: [makeContent(10000005, { name, teaser: 'a < b & c', terms: ['R&D <b>'] })] }));
    const body = file(files, HOME_FEED_PATH);
    expect(body).not.toContain('<script>');
    const item = (await rss.parseString(body)).items[0]!;
    expect([item.title, item.content, item.categories?.[1]]).toEqual([name, 'a < b & c', 'R&D <b>']);
  });

  it('refuses a section alias that is not a path of lower-case segments, naming the section', () => {
    const bad = [...sections, { ...sections[1]!, id: 9, alias: '../../etc' }];
    expect(() => emitFeeds(makeIndex({ sections: bad }))).toThrow(/sections\[id=9\]\.alias/);
  });

  it('uses the publication date for pubDate', async () => {
    const c = makeContent(10000006, { hoursAgo: 5 });
    const item = (await rss.parseString(file(emitFeeds(makeIndex({ content: [c] })), HOME_FEED_PATH))).items[0]!;
    expect(Date.parse(item.pubDate!)).toBe(NOW - 5 * HOUR);
  });
});
