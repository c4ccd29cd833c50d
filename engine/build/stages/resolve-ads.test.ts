// Which ad slots a page gets at build time (issue 19): layout and page-type exclusions, unit paths
// with the section's gamAlias, body units after their paragraph count, unknown blocks dropped.
import { describe, expect, it } from 'vitest';
import { adUnitSchema } from '../../domain/ads';
import { houseAdSchema } from '../../domain/house-ads';
import { prerenderBlocks } from '../../../site/blocks';
import { layoutSchema, type LayoutInput } from '../../domain/layout';
import { siteSettingsSchema } from '../../domain/settings';
import type { BlockView, PageView } from '../../../site/model';
import { createResolveContext, resolveContentPage, resolveIssuePage, resolveListingPage, resolvePrintPage, resolvePublicationPage } from './resolve';
import type { BuildContent, BuildSection, TenantIndex } from '../types';

const NOW = Date.UTC(2026, 10, 1);
const section = (id: number, alias: string, gamAlias: string | null = null): BuildSection =>
  ({ id, name: alias, alias, path: `/${alias}`, parentId: null, description: null, depth: 1, updatedAt: NOW, gamAlias });
const item = (id: number, sectionId: number, alias: string): BuildContent => ({
  id, type: 'Article', name: `Story ${id}`, slug: `story-${id}`, teaser: '', published: NOW - 1000, updatedAt: NOW,
  path: `/${alias}/${id}/story-${id}`, sectionId, image: null, authors: [], terms: [], labels: [], linkUrl: null, seoTitle: null,
  description: null, event: null, membershipIds: [], surveyType: null, startDate: null, endDate: null, relatedIds: [],
});
const unit = (u: Record<string, unknown>) => adUnitSchema.parse({ id: 1, ...u });
const grid = (blocks: unknown[]) => ({ rows: [{ settings: { layout: '1' }, columns: [{ blocks }] }] });
const layout = (l: Record<string, unknown>) => layoutSchema.parse({ name: `L${String(l.id)}`, primaryGrid: { rows: [] }, ...l } as unknown as LayoutInput);
const adBlock = (id: string, slot: string) => ({ id, type: 'ad_slot', data: { slot } });

function index(layouts: ReturnType<typeof layout>[], gpt = true, house: ReturnType<typeof houseAdSchema.parse>[] = []): TenantIndex {
  return {
    tenant: {
      key: 'acme', name: 'Acme', domain: 'acme.test', abbreviation: 'AC', origin: 'https://acme.test', language: 'en',
      settings: siteSettingsSchema.parse({
        general: { siteName: 'Acme' }, header: { logo: '/l.svg' }, footer: {}, tenantInfo: { name: 'Acme', domain: 'acme.test' },
        colors: { primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' }, secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' } },
        ...(gpt ? { ads: { gpt: {} } } : {}),
      }),
    },
    sections: [section(1, 'home'), section(2, 'markets', 'mkts')],
    content: [item(10000001, 2, 'markets')],
    schedules: [{ contentId: 10000001, sectionId: 2, option: 'Standard' }],
    redirects: [], now: NOW, layouts,
    ads: {
      pattern: '/1234/acme/[section]/[position]',
      house,
      units: [
        unit({ key: 'top', type: 'header-leaderboard', size: [[728, 90]], sizeMapping: [{ minWidth: 0, sizes: [[320, 50]] }, { minWidth: 1024, sizes: [[728, 90], [970, 250]] }], useSectionAlias: true, refreshRate: 30, excludePageTypes: ['home'] }),
        unit({ key: 'rail', type: 'layout-block', size: [[300, 250]], useSectionAlias: true }),
        unit({ key: 'sticky', type: 'sticky-bottom', size: [[320, 50]] }),
        unit({ key: 'body-native', type: 'content-body-native', position: 2 }),
        unit({ key: 'body-embed', type: 'content-body-embed', size: [[300, 250]], position: 1 }),
        unit({ key: 'list-native', type: 'content-list-native', position: 1 }),
        unit({ key: 'skin', type: 'reskin', size: [[1, 1]] }),
      ],
    },
  };
}

const blocks = (p: PageView): BlockView[] => p.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks));
const LAYOUTS = [
  layout({ id: 1, type: 'section', pageType: 'home', primaryGrid: grid([adBlock('a', 'rail'), adBlock('b', 'no-such-unit')]) }),
  layout({ id: 2, type: 'section', primaryGrid: grid([adBlock('a', 'rail')]) }),
  layout({ id: 3, type: 'content', excludeAds: { stickyLeaderboardAd: true, contentBodyEmbedAd: true }, primaryGrid: grid([{ id: 'body', type: 'content_body' }]) }),
];

describe('page ad slots', () => {
  it('gives the home page its blocks and page units but not units that exclude home, and drops blocks naming no unit', () => {
    const ctx = createResolveContext(index(LAYOUTS));
    const home = resolveListingPage(ctx, null).page;
    expect(home.ads?.slots.map((s) => [s.id, s.path])).toEqual([['ad-sticky', '/1234/acme/sticky'], ['ad-skin', '/1234/acme/skin'], ['ad-rail-a', '/1234/acme/home/rail']]);
    expect(blocks(home).map((b) => b.kind)).toEqual(['ad']);
    expect(home.ads?.targeting).toEqual({ section: 'home', contentId: null, contentType: null, pageType: 'home', tenant: 'acme' });
    expect(home.ads?.gptUrl).toBe('https://securepubads.g.doubleclick.net/tag/js/gpt.js');
  });

  it('puts the section gamAlias in the path and the targeting, and reserves the tallest mapped height', () => {
    const ctx = createResolveContext(index(LAYOUTS));
    const markets = resolveListingPage(ctx, ctx.sectionById.get(2)!).page;
    expect(markets.ads?.slots.find((s) => s.key === 'top')?.path).toBe('/1234/acme/mkts/top');
    expect(markets.ads?.targeting.section).toBe('mkts');
    expect(markets.ads?.css).toBe('#ad-top{min-height:50px}#ad-rail-a{min-height:250px}@media (min-width:1024px){#ad-top{min-height:250px}}');
    expect(markets.ads?.css).not.toContain('ad-sticky');
  });

  it('inserts body units after their paragraph count unless the layout excludes their kind; the print view has none', () => {
    const ctx = createResolveContext(index(LAYOUTS));
    const c = ctx.contentById.get(10000001)!;
    const page = resolveContentPage(ctx, c, '<p>one</p><ul><li><p>x</p></li></ul><p>two</p><p>three</p>');
    expect(page.content?.bodyHtml).toBe('<p>one</p><ul><li><p>x</p></li></ul><p>two</p><div class="ad-slot ad-content-body-native" id="ad-body-native" data-ad-key="body-native"></div><p>three</p>');
    expect(page.ads?.slots.map((s) => s.key)).toEqual(['top', 'skin', 'body-native']);
    expect(page.ads?.targeting).toMatchObject({ contentId: '10000001', contentType: 'Article', pageType: 'content', section: 'mkts' });
    expect(resolvePrintPage(ctx, c, '<p>one</p><p>two</p>', page).content?.bodyHtml).toBe('<p>one</p><p>two</p>');
    const short = resolveContentPage(ctx, c, '<p>only one</p>');
    expect(short.ads?.slots.map((s) => s.key)).toEqual(['top', 'skin']);
  });

  it('a tenant without an ad server and without house creatives gets no slots and no empty containers', () => {
    const ctx = createResolveContext(index(LAYOUTS, false));
    const home = resolveListingPage(ctx, null).page;
    expect(home.ads).toBeUndefined();
    expect(blocks(home)).toEqual([]);
  });
});

describe('house ads (tenants without an ad server)', () => {
  const native = (id: number, title: string, extra: Record<string, unknown> = {}) => houseAdSchema.parse({ id, name: title, kind: 'native', native: { nativeTitle: title, nativeUrl: 'https://sponsor.example/x', nativeSummary: 'Read <this>' }, ...extra });
  const HOUSE = [
    native(1, 'House filler', { priority: 1 }),
    native(2, 'Standard report', { priority: 10 }),
    native(3, 'Expired', { priority: 10, endDate: '2026-01-01' }),
    houseAdSchema.parse({ id: 4, name: 'Skin', kind: 'skin', skin: { adTitle: 'Summit', adClickUrl: 'https://summit.example', background: '#112233', leftImagePath: '/l.svg' } }),
    houseAdSchema.parse({ id: 5, name: 'Welcome', kind: 'welcome', welcome: { adImagePath: '/w.svg', adClickUrl: 'https://summit.example' } }),
    houseAdSchema.parse({ id: 6, name: 'Sticky', kind: 'sticky', sticky: { imagePath: '/s.svg', clickUrl: 'https://nl.example', alt: 'Get the newsletter' } }),
  ];
  const listLayouts = [
    layout({ id: 1, type: 'section', pageType: 'home', primaryGrid: grid([{ id: 'l', type: 'content_list', data: { section: 2, limit: 5 } }, adBlock('a', 'rail')]) }),
    layout({ id: 3, type: 'content', excludeAds: { welcomeAd: true }, primaryGrid: grid([{ id: 'body', type: 'content_body' }]) }),
  ];

  it('puts the best live native in the first list at its position, drops display blocks, and shows skin, welcome and sticky', () => {
    const ctx = createResolveContext(index(listLayouts, false, HOUSE));
    const home = resolveListingPage(ctx, null).page;
    const list = blocks(home).find((b) => b.kind === 'list');
    expect(list?.kind === 'list' && list.native).toMatchObject({ at: 1, ad: { id: 2, title: 'Standard report', label: 'Sponsored', unitKey: 'list-native' } });
    expect(blocks(home).some((b) => b.kind === 'ad')).toBe(false);
    expect(home.ads?.slots.map((s) => s.key)).toEqual(['sticky']);
    expect(home.ads?.house).toMatchObject({ skin: { id: 4, background: '#112233', left: { image: '/l.svg', url: 'https://summit.example' } }, welcome: { id: 5, delay: 0, length: 15 }, sticky: { id: 6 } });
    expect(home.ads?.css).toContain('body{background-color:#112233}');
  });

  it('renders the natives escaped, with the sponsored label and rel, in the list and in the body (another native there), and no welcome where the layout excludes it', () => {
    const ctx = createResolveContext(index(listLayouts, false, HOUSE));
    const c = ctx.contentById.get(10000001)!;
    const page = resolveContentPage(ctx, c, '<p>one</p><p>two</p><p>three</p>');
    expect(page.content?.bodyHtml).toContain('<p>two</p><div class="ad-slot ad-content-body-native" id="ad-body-native" data-ad-key="body-native"><aside class="native-ad" data-house-ad="2" data-ad-unit="body-native"><span class="native-ad-label">Sponsored</span><a class="native-ad-link" href="https://sponsor.example/x" rel="sponsored noopener" target="_blank"><span class="native-ad-title">Standard report</span></a><p class="native-ad-summary">Read &lt;this&gt;</p></aside></div><p>three</p>');
    expect(page.content?.bodyHtml).not.toContain('body-embed');
    expect(page.ads?.house?.welcome).toBeNull();
    const home = resolveListingPage(ctx, null).page;
    const html = [...prerenderBlocks(home.rows, new Map()).values()].join('');
    expect(html.startsWith('<li class="native-ad item" data-house-ad="2" data-ad-unit="list-native"><span class="native-ad-label">Sponsored</span>')).toBe(true);
  });
});

describe('house fallbacks and list natives (brands with an ad server)', () => {
  const native = (id: number, title: string) => houseAdSchema.parse({ id, name: title, kind: 'native', native: { nativeTitle: title, nativeUrl: 'https://sponsor.example/x' } });
  const banner = (id: number, width: number, height: number) => houseAdSchema.parse({ id, name: `B${id}`, kind: 'sticky', sticky: { imagePath: `/b${id}.png`, clickUrl: 'https://nl.example', alt: 'Newsletter', width, height } });
  const HOUSE = [native(1, 'First'), native(2, 'Second'), banner(3, 300, 250), banner(4, 970, 90)];
  const listLayouts = [
    layout({ id: 1, type: 'section', pageType: 'home', primaryGrid: grid([{ id: 'l', type: 'content_list', data: { section: 2, limit: 5 } }, adBlock('a', 'rail')]) }),
    layout({ id: 3, type: 'content', primaryGrid: grid([{ id: 'body', type: 'content_body' }, { id: 'l', type: 'content_list', data: { section: 2, limit: 5 } }]) }),
  ];

  it('puts the content-list-native slot at its list position with a native fallback, and gives sized slots a banner of one of their sizes', () => {
    const ctx = createResolveContext(index(listLayouts, true, HOUSE));
    const home = resolveListingPage(ctx, null).page;
    const list = blocks(home).find((b) => b.kind === 'list');
    expect(list?.kind === 'list' && list.native).toMatchObject({ at: 1, slot: { id: 'ad-list-native', path: '/1234/acme/list-native', fallback: { kind: 'native', ad: { id: 1 } } } });
    expect(home.ads?.slots.map((s) => s.id)).toContain('ad-list-native');
    const rail = home.ads?.slots.find((s) => s.key === 'rail');
    expect(rail?.fallback).toMatchObject({ kind: 'banner', ad: { id: 3, width: 300, height: 250 } });
    // The sticky position takes any banner; the skin none.
    expect(home.ads?.slots.find((s) => s.key === 'sticky')?.fallback?.kind).toBe('banner');
    expect(home.ads?.slots.find((s) => s.key === 'skin')?.fallback).toBeUndefined();
    expect(home.ads?.css).toContain('#ad-rail-a{min-height:250px}#ad-rail-a .ad-fallback-banner img{max-height:250px}');
    const html = [...prerenderBlocks(home.rows, new Map()).values()].join('');
    expect(html.startsWith('<li class="ad-slot ad-content-list-native" id="ad-list-native" data-ad-key="list-native"><div class="ad-fallback"><aside class="native-ad" data-house-ad="1" data-ad-unit="list-native">')).toBe(true);
  });

  it('gives the body native slot a native fallback; the client configuration leaves fallbacks out', async () => {
    const ctx = createResolveContext(index(listLayouts, true, HOUSE));
    const page = resolveContentPage(ctx, ctx.contentById.get(10000001)!, '<p>one</p><p>two</p><p>three</p>');
    expect(page.content?.bodyHtml).toContain('<div class="ad-slot ad-content-body-native" id="ad-body-native" data-ad-key="body-native"><div class="ad-fallback"><aside class="native-ad" data-house-ad="1"');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { AdsBottom } = await import('../../../site/ads');
    const html = renderToStaticMarkup(AdsBottom({ ads: page.ads! }));
    const json = /<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const config = JSON.parse(json) as { slots: Record<string, unknown>[] };
    expect(config.slots.find((s) => s.key === 'body-native')).not.toHaveProperty('fallback');
  });
});

describe('magazine pages', () => {
  const magazine = {
    publications: [{ id: 71, name: 'Acme Monthly', description: '', path: '/magazine/71/acme-monthly', subscribeUrl: null, renewalUrl: null, cover: null }],
    issues: [{ id: 900, publicationId: 71, name: 'May', description: '', issueDate: NOW, path: '/magazine/issue/900/may', coverImage: null, digitalEditionUrl: null, sections: [] }],
    nextChange: null,
  };
  const layouts = [
    layout({ id: 5, type: 'section', pageType: 'issue', primaryGrid: grid([adBlock('r', 'rail')]) }),
    layout({ id: 6, type: 'section', pageType: 'publication', excludeAds: { headerLeaderboardAd: true }, primaryGrid: grid([adBlock('r', 'rail')]) }),
  ];

  it('issue and publication pages get their slots by their own page type and layout exclusions', () => {
    const idx = index(layouts);
    // The header leaderboard excludes issue pages; the skin runs everywhere.
    idx.ads!.units[0] = unit({ ...idx.ads!.units[0], excludePageTypes: ['issue'] });
    const ctx = createResolveContext({ ...idx, magazine });
    const issue = resolveIssuePage(ctx, magazine.issues[0]!);
    const publication = resolvePublicationPage(ctx, magazine.publications[0]!);
    expect(issue.ads?.slots.map((s) => s.key)).toEqual(['sticky', 'skin', 'rail']);
    expect(issue.ads?.targeting.pageType).toBe('issue');
    expect(publication.ads?.targeting.pageType).toBe('publication');
    // The publication layout switches the header leaderboard off.
    expect(publication.ads?.slots.map((s) => s.key)).toEqual(['sticky', 'skin', 'rail']);
    const open = createResolveContext({ ...index([layouts[0]!, layout({ id: 6, type: 'section', pageType: 'publication' })]), magazine });
    expect(resolvePublicationPage(open, magazine.publications[0]!).ads?.slots.map((s) => s.key)).toEqual(['top', 'sticky', 'skin']);
  });
});

describe('a native\'s media library image', () => {
  it('shows the library image\'s derivative, which the build publishes', async () => {
    const { referencedMedia } = await import('./media');
    const asset = {
      id: 120, path: '/images/acme/ship.jpg', alt: 'Ship', width: 1600, height: 900, caption: null, credit: null, mimeType: 'image/jpeg',
      media: { derivatives: [{ width: 640, height: 360, format: 'jpeg', file: 'ab12-640.jpg' }, { width: 640, height: 360, format: 'webp', file: 'ab12-640.webp' }], focalX: 0.5, focalY: 0.5, decorative: false },
    };
    const house = [houseAdSchema.parse({ id: 1, name: 'Lib', kind: 'native', native: { nativeTitle: 'Library', nativeUrl: 'https://a.example', nativeImagePath: '/ignored.svg', nativeImageAssetId: 120 } })];
    const idx = { ...index(LAYOUTS, false, house), assets: [asset] };
    const page = resolveContentPage(createResolveContext(idx), idx.content[0]!, '<p>one</p><p>two</p>');
    const img = /<img class="native-ad-image" src="([^"]+)"[^>]*width="(\d+)" height="(\d+)"/.exec(page.content!.bodyHtml)!;
    const published = referencedMedia(idx);
    expect(img[1]).not.toBe('/ignored.svg');
    expect(published.get(img[1]!.slice(1))).toBe('ab12-640.jpg');
    expect([img[2], img[3]]).toEqual(['640', '360']);
    expect(referencedMedia({ ...idx, ads: { ...idx.ads!, house: [] } }).size).toBe(0);
  });
});
