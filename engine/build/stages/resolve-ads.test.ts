// Which ad slots a page gets at build time (issue 19): layout and page-type exclusions, unit paths
// with the section's gamAlias, body units after their paragraph count, unknown blocks dropped.
import { describe, expect, it } from 'vitest';
import { adUnitSchema } from '../../domain/ads';
import { layoutSchema, type LayoutInput } from '../../domain/layout';
import { siteSettingsSchema } from '../../domain/settings';
import type { BlockView, PageView } from '../../../site/model';
import { createResolveContext, resolveContentPage, resolveListingPage, resolvePrintPage } from './resolve';
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

function index(layouts: ReturnType<typeof layout>[], gpt = true): TenantIndex {
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
      units: [
        unit({ key: 'top', type: 'header-leaderboard', size: [[728, 90]], sizeMapping: [{ minWidth: 0, sizes: [[320, 50]] }, { minWidth: 1024, sizes: [[728, 90], [970, 250]] }], useSectionAlias: true, refreshRate: 30, excludePageTypes: ['home'] }),
        unit({ key: 'rail', type: 'layout-block', size: [[300, 250]], useSectionAlias: true }),
        unit({ key: 'sticky', type: 'sticky-bottom', size: [[320, 50]] }),
        unit({ key: 'body-native', type: 'content-body-native', position: 2 }),
        unit({ key: 'body-embed', type: 'content-body-embed', size: [[300, 250]], position: 1 }),
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
    expect(home.ads?.slots.map((s) => [s.id, s.path])).toEqual([['ad-sticky', '/1234/acme/sticky'], ['ad-rail-a', '/1234/acme/home/rail']]);
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
    expect(page.ads?.slots.map((s) => s.key)).toEqual(['top', 'body-native']);
    expect(page.ads?.targeting).toMatchObject({ contentId: '10000001', contentType: 'Article', pageType: 'content', section: 'mkts' });
    expect(resolvePrintPage(ctx, c, '<p>one</p><p>two</p>', page).content?.bodyHtml).toBe('<p>one</p><p>two</p>');
    const short = resolveContentPage(ctx, c, '<p>only one</p>');
    expect(short.ads?.slots.map((s) => s.key)).toEqual(['top']);
  });

  it('house-ads tenants get the same slots without a GPT script', () => {
    const ctx = createResolveContext(index(LAYOUTS, false));
    expect(resolveListingPage(ctx, null).page.ads?.gptUrl).toBeNull();
  });
});
