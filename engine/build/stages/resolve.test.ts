import { describe, expect, it } from 'vitest';
import { layoutSchema, type LayoutInput } from '../../domain/layout';
import { siteSettingsSchema } from '../../domain/settings';
import type { BlockView, PageView } from '../../../site/model';
import { buildLayoutLookup, layoutForContent, layoutForHome, layoutForSection } from './resolve-layout';
import { clampListLimit } from './resolve-lists';
import { narrowLayout } from './resolve-grid';
import {
  createResolveContext, resolveContentPage, resolveListingPage, resolveNotFoundPage, resolvePrintPage, resolveShellPages,
} from './resolve';
import type { BuildContent, BuildIssue, BuildSection, TenantIndex } from '../types';
import { fingerprints, fingerprintsOf } from './fingerprints';
import { pageDeps } from './page-deps';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 1);

function section(id: number, alias: string, parentId: number | null = null): BuildSection {
  return { id, name: alias.split('/').pop()!.replace(/^./, (c) => c.toUpperCase()), alias, path: `/${alias}`, parentId, description: null, depth: alias.split('/').length, updatedAt: NOW };
}

function item(id: number, sectionId: number, alias: string, daysAgo: number, extra: Partial<BuildContent> = {}): BuildContent {
  return {
    id, type: 'Article', name: `Story ${id}`, slug: `story-${id}`, teaser: `Teaser of ${id}`, published: NOW - daysAgo * DAY, updatedAt: NOW,
    path: `/${alias}/${id}/story-${id}`, sectionId, image: null, authors: [], terms: [], labels: [], linkUrl: null, seoTitle: null,
    description: null, event: null, membershipIds: [], surveyType: null, startDate: null, endDate: null, relatedIds: [], ...extra,
  };
}

const list = (id: string, data: Record<string, unknown>, title?: string) => ({ id, type: 'content_list' as const, data, settings: title ? { title } : {} });
const oneRow = (blocks: unknown[], layout = '1') => ({ rows: [{ settings: { layout }, columns: [{ blocks }] }] });
const layout = (l: Record<string, unknown>) => layoutSchema.parse({ name: `Layout ${String(l.id)}`, primaryGrid: { rows: [] }, ...l } as unknown as LayoutInput);

function fixture(layouts: ReturnType<typeof layout>[] = [], extra: Partial<TenantIndex> = {}): TenantIndex {
  const sections = [section(1, 'home'), section(2, 'markets'), section(3, 'markets/ocean', 2), section(4, 'tech')];
  const content = [
    item(10000001, 3, 'markets/ocean', 1),
    item(10000002, 2, 'markets', 2),
    item(10000003, 3, 'markets/ocean', 3),
    item(10000004, 4, 'tech', 4, { type: 'News' }),
    item(10000005, 2, 'markets', 5),
    item(10000006, 2, 'markets', 6, { type: 'Promotion', linkUrl: 'https://sponsor.example/offer' }),
  ];
  return {
    tenant: {
      key: 'acme', name: 'Acme', domain: 'acme.test', abbreviation: 'AC', origin: 'https://acme.test', language: 'en',
      settings: siteSettingsSchema.parse({
        general: { siteName: 'Acme Trade', enableNoIndexByContentType: ['News'] },
        header: { logo: '/images/acme/logo.svg' },
        footer: { text: 'Trade news.' },
        tenantInfo: { name: 'Acme', domain: 'acme.test' },
        colors: { primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' }, secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' } },
      }),
    },
    sections,
    content,
    schedules: [
      ...content.map((c) => ({ contentId: c.id, sectionId: c.sectionId, option: 'Standard' as const })),
      { contentId: 10000005, sectionId: 2, option: 'Pinned' },
      { contentId: 10000003, sectionId: 3, option: 'Featured' },
      { contentId: 10000004, sectionId: 1, option: 'Featured' },
    ],
    redirects: [],
    now: NOW,
    layouts,
    ...extra,
  };
}

const blocks = (p: PageView): BlockView[] => p.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks));
const listIds = (b: BlockView | undefined) => (b && (b.kind === 'list' || b.kind === 'related') ? b.items.map((i) => i.id) : []);

describe('layout selection (admin §3.1)', () => {
  const L = [
    layout({ id: 1, type: 'content' }),
    layout({ id: 2, type: 'content-type-override', contentTypes: ['News'] }),
    layout({ id: 3, type: 'content-override', contentTypes: ['Article'], contentIds: [10000001] }),
    layout({ id: 4, type: 'url-override', aliases: ['/markets/ocean/10000001/story-10000001', '/tech'] }),
    layout({ id: 5, type: 'section', sectionIds: [3] }),
    layout({ id: 6, type: 'section', pageType: 'section' }),
    layout({ id: 7, type: 'section', pageType: 'home', sectionIds: [1] }),
  ];
  const lookup = buildLayoutLookup(L);
  it('picks url-override, then content-override, then content-type-override, then the content default', () => {
    expect(layoutForContent(lookup, { id: 10000001, type: 'Article', path: '/markets/ocean/10000001/story-10000001' }).id).toBe(4);
    expect(layoutForContent(lookup, { id: 10000001, type: 'Article', path: '/other' }).id).toBe(3);
    expect(layoutForContent(lookup, { id: 10000004, type: 'News', path: '/tech/10000004/x' }).id).toBe(2);
    expect(layoutForContent(lookup, { id: 10000002, type: 'Article', path: '/markets/10000002/x' }).id).toBe(1);
  });
  it('gives sections their own layout, else the default that is not the home layout; home its own', () => {
    expect(layoutForSection(lookup, 3, '/markets/ocean').id).toBe(5);
    expect(layoutForSection(lookup, 2, '/markets').id).toBe(6);
    expect(layoutForSection(lookup, 4, '/tech').id).toBe(4);
    expect(layoutForHome(lookup).id).toBe(7);
    expect(layoutForHome(buildLayoutLookup([...L, layout({ id: 8, type: 'url-override', aliases: ['/'] })])).id).toBe(8);
  });
  it('falls back to built-in layouts when a tenant has none', () => {
    const empty = buildLayoutLookup([]);
    expect(layoutForHome(empty).id).toBe(0);
    expect(layoutForSection(empty, 2, '/markets').primaryGrid.rows.length).toBeGreaterThan(0);
  });
});

describe('issue list blocks (admin §9 issue limits)', () => {
  // 14 live issues of publication 71, newest first (as the loader hands them over)
  const issues: BuildIssue[] = Array.from({ length: 14 }, (_, k) => ({
    id: 900 + k, publicationId: 71, name: `Issue ${14 - k}`, description: '', issueDate: NOW - k * 30 * DAY, path: `/magazine/issue/${900 + k}/issue-${14 - k}`,
    coverImage: null, digitalEditionUrl: null, sections: [],
  }));
  const magazine = { publications: [{ id: 71, name: 'Acme Monthly', description: '', path: '/magazine/71/acme-monthly', subscribeUrl: null, renewalUrl: null, cover: null }], issues, nextChange: null };
  const issueBlock = (id: string, data: Record<string, unknown>) => ({ id, type: 'issue_list' as const, data, settings: {} });

  it('shows a publication\u2019s newest issues: single 1, grid 12, list 13; a publication without live issues drops the block', () => {
    const grid = oneRow([
      issueBlock('one', { publicationId: 71, display: 'single' }), issueBlock('grid', { publicationId: 71 }),
      issueBlock('list', { publicationId: 71, display: 'list' }), issueBlock('none', { publicationId: 72, display: 'list' }),
    ]);
    const ctx = createResolveContext(fixture([layout({ id: 7, type: 'section', pageType: 'home', primaryGrid: grid })], { magazine }));
    const page = resolveListingPage(ctx, null).page;
    const shown = blocks(page).filter((b) => b.kind === 'issues');
    expect(shown.map((b) => [b.id, b.display, b.issues.length])).toEqual([['one', 'single', 1], ['grid', 'grid', 12], ['list', 'list', 13]]);
    expect(shown[0]!.issues[0]).toMatchObject({ title: 'Issue 14', href: '/magazine/issue/900/issue-14' });
    expect(shown[2]!.issues.at(-1)!.title).toBe('Issue 2');
    // the page is rebuilt when the publication's issues change
    expect(pageDeps(ctx, page)).toContain('mag:p:71');
  });
});

describe('content lists', () => {
  it('caps the limit at 100 and turns an invalid limit into 1 (admin §9)', () => {
    expect([clampListLimit(500), clampListLimit(0), clampListLimit(-3), clampListLimit(2.5), clampListLimit('7'), clampListLimit(12)]).toEqual([100, 1, 1, 1, 1, 12]);
  });
  it('orders Pinned, then Featured, then newest, with content of child sections bubbling up', () => {
    const ctx = createResolveContext(fixture([layout({ id: 6, type: 'section', primaryGrid: oneRow([list('l', { section: 'current', limit: 10 })]) })]));
    const page = resolveListingPage(ctx, ctx.sectionById.get(2)!).page;
    // 10000005 is pinned, 10000003 (child section) featured, then the rest newest first.
    expect(listIds(blocks(page)[0])).toEqual([10000005, 10000003, 10000001, 10000002, 10000006]);
  });
  it('filters by schedule option and content type', () => {
    const ctx = createResolveContext(fixture([layout({ id: 6, type: 'section', primaryGrid: oneRow([
      list('f', { section: 2, scheduleOption: 'Featured', limit: 10 }),
      list('t', { section: 'home', contentTypes: ['News'], limit: 10 }),
    ]) })]));
    const [featured, news] = blocks(resolveListingPage(ctx, ctx.sectionById.get(4)!).page);
    expect(listIds(featured)).toEqual([10000003]);
    expect(listIds(news)).toEqual([10000004]);
  });
  it('never repeats content already shown on the page (usedContentIds), and a content page never lists itself', () => {
    const grid = oneRow([list('a', { section: 2, limit: 2 }), list('b', { section: 2, limit: 10 })]);
    const ctx = createResolveContext(fixture([layout({ id: 1, type: 'content', primaryGrid: grid })]));
    const page = resolveContentPage(ctx, ctx.contentById.get(10000005)!, '<p>x</p>');
    const [a, b] = blocks(page);
    expect(listIds(a)).toEqual([10000003, 10000001]);
    expect(listIds(b)).toEqual([10000002, 10000006]);
    expect(page.inputs.contentIds).toContain(10000005);
  });
  it('shows content scheduled to the section aliased "home" on the home page', () => {
    const ctx = createResolveContext(fixture([layout({ id: 7, type: 'section', pageType: 'home', primaryGrid: oneRow([list('h', { section: 'current', limit: 5 })]) })]));
    expect(listIds(blocks(resolveListingPage(ctx, null).page)[0])).toEqual([10000004]);
  });
  it('links Promotion items straight to their linkUrl', () => {
    const ctx = createResolveContext(fixture([layout({ id: 6, type: 'section', primaryGrid: oneRow([list('l', { section: 'current', limit: 10 })]) })]));
    const b = blocks(resolveListingPage(ctx, ctx.sectionById.get(2)!).page)[0];
    const promo = b?.kind === 'list' ? b.items.find((i) => i.id === 10000006) : undefined;
    expect(promo).toMatchObject({ href: 'https://sponsor.example/offer', newTab: true });
  });
  it('paginates a paginate:true list as …/page/N with previous and next links', () => {
    const ctx = createResolveContext(fixture([layout({ id: 6, type: 'section', primaryGrid: oneRow([list('l', { section: 'current', limit: 2, paginate: true })]) })]));
    const markets = ctx.sectionById.get(2)!;
    const first = resolveListingPage(ctx, markets, 1);
    expect(first.pages).toBe(3);
    expect(first.page.path).toBe('/markets');
    const second = resolveListingPage(ctx, markets, 2).page;
    expect(second.path).toBe('/markets/page/2');
    const b = blocks(second)[0];
    expect(b?.kind === 'list' && b.pagination).toEqual({ page: 2, pages: 3, prev: '/markets', next: '/markets/page/3' });
    expect(listIds(b)).toEqual([10000001, 10000002]);
    expect(second.head.canonical).toBe('https://acme.test/markets/page/2');
  });
});

describe('grids (public §4)', () => {
  it('drops blocks without data, then empty columns and rows, and remaps and narrows row layouts', () => {
    const grid = { rows: [
      { settings: { layout: '1_3' }, columns: [{ blocks: [list('a', { section: 2, limit: 1 })] }, { blocks: [{ id: 'img', type: 'primary_image' }] }] },
      { settings: { layout: '1' }, columns: [{ blocks: [{ id: 'rel', type: 'related_content' }, list('none', { section: 4, scheduleOption: 'Sponsored' })] }] },
      { settings: { layout: '3_1' }, columns: [{ blocks: [list('b', { section: 2, limit: 1 })] }, { blocks: [list('c', { section: 2, limit: 1 })] }] },
      { settings: { layout: '1_2_1' }, columns: [{ blocks: [list('d', { section: 2, limit: 1 })] }, { blocks: [list('e', { section: 2, limit: 1 })] }, { blocks: [list('f', { section: 2, limit: 1 })] }] },
    ] };
    const ctx = createResolveContext(fixture([layout({ id: 6, type: 'section', primaryGrid: grid })]));
    const page = resolveListingPage(ctx, ctx.sectionById.get(4)!).page;
    expect(page.rows.map((r) => r.layout)).toEqual(['1', '2_1', '1_1']);
    expect(page.rows.map((r) => r.columns.length)).toEqual([1, 2, 2]);
  });
  it('narrows a row to the layout of the columns left', () => {
    expect(narrowLayout('2_1', [0])).toBe('1');
    expect(narrowLayout('1_1_1_1', [0, 2, 3])).toBe('1_1_1');
    expect(narrowLayout('1_1_1', [0, 2])).toBe('1_1');
  });
});

describe('content pages, heads and shells', () => {
  const ctx = createResolveContext(fixture());
  it('gives content pages a suffixed title, absolute canonical, NewsArticle and BreadcrumbList JSON-LD', () => {
    const page = resolveContentPage(ctx, ctx.contentById.get(10000001)!, '<p>Body</p>');
    expect(page.head.title).toBe('Story 10000001 | Acme Trade');
    expect(page.head.canonical).toBe('https://acme.test/markets/ocean/10000001/story-10000001');
    const graph = page.head.jsonLd['@graph'] as { '@type': string; itemListElement?: { name: string }[] }[];
    expect(graph.map((g) => g['@type'])).toEqual(['NewsArticle', 'BreadcrumbList']);
    expect(graph[1]!.itemListElement!.map((e) => e.name)).toEqual(['Home', 'Markets', 'Ocean', 'Story 10000001']);
    expect(page.head.robots).toBeNull();
    expect(page.breadcrumbs.map((b) => b.href)).toEqual(['/', '/markets', '/markets/ocean', page.path]);
  });
  it('marks content types listed in enableNoIndexByContentType noindex, and the print view too', () => {
    expect(resolveContentPage(ctx, ctx.contentById.get(10000004)!, '').head.robots).toBe('noindex');
    const print = resolvePrintPage(ctx, ctx.contentById.get(10000001)!, '<p>x</p>');
    expect(print.path).toBe('/print/content/10000001');
    expect(print.head.robots).toBe('noindex');
    expect(print.head.canonical).toBe('https://acme.test/markets/ocean/10000001/story-10000001');
  });
  it('never puts a gated body into the page, only its teaser', () => {
    const gated = { ...ctx.contentById.get(10000002)!, membershipIds: [5] };
    const page = resolveContentPage(ctx, gated, '<p>Secret body</p>');
    expect(page.content?.gated).toBe(true);
    expect(page.content?.bodyHtml).toBe('');
    expect(JSON.stringify(page)).not.toContain('Secret body');
  });
  it('links section pages to their RSS feed in the query form and uses WebPage JSON-LD', () => {
    const page = resolveListingPage(ctx, ctx.sectionById.get(3)!).page;
    expect(page.head.rssHref).toBe(`/__rss/website-scheduled-content.xml?input=${encodeURIComponent('{"sectionAlias":"markets/ocean"}')}`);
    expect((page.head.jsonLd['@graph'] as { '@type': string }[])[0]!['@type']).toBe('WebPage');
    expect(page.head.title).toBe('Ocean | Acme Trade');
  });
  it('builds the shells and the 404 page', () => {
    const shells = resolveShellPages(createResolveContext(fixture([], { memberships: [{ id: 1, title: 'Insider', alias: 'insider', description: '', isFree: true }] })));
    expect(shells.map((p) => p.path)).toEqual(['/search', '/account', '/account/login', '/membership/choose', '/membership/signup/insider']);
    const nf = resolveNotFoundPage(ctx);
    expect(nf.heading).toBe('404 - Page Not Found');
    expect(nf.head.canonical).toBeNull();
  });
});

describe('built-in layouts', () => {
  it('are valid layouts (what layoutSchema outputs)', async () => {
    const { FALLBACK_LAYOUTS } = await import('./resolve-layout');
    for (const l of Object.values(FALLBACK_LAYOUTS)) expect(layoutSchema.parse({ ...l, id: 1 })).toEqual({ ...l, id: 1 });
  });
});

describe('related content and body recommendations (admin §9, public §9)', () => {
  const grid = oneRow([{ id: 'rel', type: 'related_content', data: { limit: 4 } }]);
  const extraContent = [
    item(10000011, 3, 'markets/ocean', 20, { terms: ['Ports'] }),
    item(10000012, 4, 'tech', 10, { terms: ['Ports'] }),
    item(10000013, 4, 'tech', 30, { type: 'Blog', terms: ['Rail'] }),
    item(10000014, 4, 'tech', 40, { type: 'Company', terms: ['Ports'] }),
  ];
  const index = (self: Partial<BuildContent>) => {
    const f = fixture([layout({ id: 1, type: 'content', primaryGrid: grid })]);
    const content = [...f.content.map((c) => (c.id === 10000001 ? { ...c, ...self } : c)), ...extraContent];
    return { ...f, content, schedules: [...f.schedules, ...extraContent.map((c) => ({ contentId: c.id, sectionId: c.sectionId, option: 'Standard' as const }))] };
  };
  const related = (self: Partial<BuildContent>) => {
    const ctx = createResolveContext(index(self));
    const b = blocks(resolveContentPage(ctx, ctx.contentById.get(10000001)!, '<p>x</p>')).find((x) => x.kind === 'related');
    return b?.kind === 'related' ? b : undefined;
  };
  it('fills an Article\'s block to 4 after the editor\'s picks: shared terms first, then section, newest; never companies', () => {
    const b = related({ terms: ['Ports'], relatedIds: [10000005] });
    // 10000012 shares the term (newer than 10000011, which also shares the section and so scores higher); 10000003 shares the section.
    expect(listIds(b)).toEqual([10000005, 10000011, 10000012, 10000003]);
    expect(b?.recommended).toEqual({ provider: 'masthead', ids: [10000011, 10000012, 10000003] });
  });
  it('recommends on News and Blog pages too, but not on other types (only the editor\'s picks there)', () => {
    expect(listIds(related({ type: 'News' }))).toHaveLength(4);
    expect(related({ type: 'Blog' })?.recommended?.ids).toHaveLength(4);
    const video = related({ type: 'Video', relatedIds: [10000002] });
    expect(listIds(video)).toEqual([10000002]);
    expect(video?.recommended).toBeUndefined();
    expect(related({ type: 'Webinar' })).toBeUndefined();
  });
  it('is the same on every build of the same data, whatever the build\'s time', () => {
    expect(related({ terms: ['Rail'] })?.recommended).toEqual(related({ terms: ['Rail'] })?.recommended);
    const later = { ...index({ terms: ['Ports'] }), now: NOW + 400 * DAY };
    const ctx = createResolveContext(later);
    const b = blocks(resolveContentPage(ctx, ctx.contentById.get(10000001)!, '<p>x</p>')).find((x) => x.kind === 'related');
    expect(b?.kind === 'related' && b.recommended).toEqual(related({ terms: ['Ports'] })?.recommended);
  });
  it('records what a page\'s recommendations read, and an edit to it changes that fingerprint only (incremental builds)', () => {
    const idx = index({ terms: ['Ports'] });
    const ctx = createResolveContext(idx);
    const page = resolveContentPage(ctx, ctx.contentById.get(10000001)!, '<p>x</p>');
    const deps = pageDeps(ctx, page, ctx.contentById.get(10000001)!);
    expect(deps).toEqual(expect.arrayContaining(['rt:Ports', 'rs:3']));
    expect(deps).not.toContain('rt:Rail');
    const before = fingerprints(idx);
    const after = fingerprints({ ...idx, content: [...idx.content, item(10000020, 4, 'tech', 1, { terms: ['Ports'] })] });
    expect(after.get('rt:Ports')).not.toBe(before.get('rt:Ports'));
    expect(after.get('rt:Rail')).toBe(before.get('rt:Rail'));
    expect(after.get('rs:3')).toBe(before.get('rs:3'));
  });
});

describe('fingerprints of a content patch (incremental builds)', () => {
  const person = (id: number): NonNullable<TenantIndex['persons']>[number] => ({
    id, name: `Person ${id}`, title: null, bio: null, image: null, socialLinks: [], path: `/author/${id}/person-${id}`, updatedAt: NOW,
  });
  const base = () => fixture([], { persons: [person(1), person(2)] });
  /** The index after replacing item `id` (and its schedules) the way TenantIndexCache patches, and the patch it names. */
  function patch(before: TenantIndex, id: number, next: BuildContent | null, schedules: TenantIndex['schedules']) {
    const old = before.content.find((c) => c.id === id)!;
    const after: TenantIndex = {
      ...before,
      content: [...before.content.filter((c) => c.id !== id), ...(next ? [next] : [])].sort((a, b) => (b.published ?? 0) - (a.published ?? 0) || b.id - a.id),
      schedules: [...before.schedules.filter((s) => s.contentId !== id), ...schedules],
    };
    const sectionIds = new Set([old.sectionId, ...before.schedules.filter((s) => s.contentId === id).map((s) => s.sectionId), ...(next ? [next.sectionId] : []), ...schedules.map((s) => s.sectionId)]);
    const personIds = new Set([...old.authors, ...(next?.authors ?? [])].map((a) => a.id));
    return { after, patch: { contentIds: new Set([id]), sectionIds, personIds } };
  }
  function expectCovers(before: TenantIndex, after: TenantIndex, p: Parameters<typeof fingerprintsOf>[1]) {
    const full0 = fingerprints(before);
    const full1 = fingerprints(after);
    const part = fingerprintsOf(after, p);
    const keys = new Set([...full0.keys(), ...full1.keys()]);
    const changed = [...keys].filter((k) => full0.get(k) !== full1.get(k));
    expect(changed.length).toBeGreaterThan(0);
    for (const k of changed) expect(part.covers(k), k).toBe(true);
    for (const [k, v] of part.values) expect(v, k).toBe(full1.get(k));
    for (const k of keys) if (part.covers(k)) expect(part.values.get(k), k).toBe(full1.get(k));
    return part;
  }

  it('covers every key a moved item changes, with the full computation\'s values, and lists only the sections it touched', () => {
    const before = base();
    const moved = { ...before.content.find((c) => c.id === 10000003)!, sectionId: 4, path: '/tech/10000003/story-10000003', authors: [{ id: 1, name: 'Person 1' }] };
    const { after, patch: p } = patch(before, 10000003, moved, [{ contentId: 10000003, sectionId: 4, option: 'Standard' }]);
    const part = expectCovers(before, after, p);
    // ocean (3), its parent markets (2) and tech (4) read the item's schedules; home (1) does not.
    expect([...part.values.keys()].filter((k) => k.startsWith('list:')).sort()).toEqual(['list:2', 'list:3', 'list:4', 'list:all']);
    expect(part.covers('list:1')).toBe(false);
    expect(part.covers('c:10000001')).toBe(false);
    expect(part.values.get('p:1')).toBeDefined();
  });

  it('covers an unpublished item and its author losing their page', () => {
    const signed = base();
    signed.content = signed.content.map((c) => (c.id === 10000002 ? { ...c, authors: [{ id: 2, name: 'Person 2' }] } : c));
    const { after, patch: p } = patch(signed, 10000002, null, []);
    const part = expectCovers(signed, after, p);
    expect(part.covers('p:2')).toBe(true);
    expect(part.values.has('p:2')).toBe(false);
    expect(part.values.has('c:10000002')).toBe(false);
  });
});

describe('pages whose blocks pick items by rule (incremental builds)', () => {
  const L = [layout({ id: 9, type: 'section', sectionIds: [2], primaryGrid: oneRow([{ id: 'e', type: 'event_list' }, { id: 'v', type: 'company_videos' }]) })];
  it('depend on every dated event and on what videos name, so a new event or video re-renders them', () => {
    const idx = fixture(L);
    const ctx = createResolveContext(idx);
    const page = resolveListingPage(ctx, ctx.sectionById.get(2)!).page;
    expect(page.layoutId).toBe(9);
    expect(pageDeps(ctx, page)).toEqual(expect.arrayContaining(['events', 'videos']));
    expect(pageDeps(ctx, resolveListingPage(ctx, ctx.sectionById.get(4)!).page)).not.toContain('events');
    const before = fingerprints(idx);
    const event = item(10000030, 4, 'tech', 1, { type: 'Event', event: { startDate: NOW + DAY, endDate: NOW + 2 * DAY } });
    const withEvent = fingerprints({ ...idx, content: [...idx.content, event] });
    expect(withEvent.get('events')).not.toBe(before.get('events'));
    expect(withEvent.get('videos')).toBe(before.get('videos'));
    const video = item(10000031, 4, 'tech', 1, { type: 'Video', relatedIds: [10000002] });
    const withVideo = fingerprints({ ...idx, content: [...idx.content, video] });
    expect(withVideo.get('videos')).not.toBe(before.get('videos'));
    expect(withVideo.get('events')).toBe(before.get('events'));
    // An ended event changes what an upcoming list reads.
    const eventIdx = { ...idx, content: [...idx.content, event] };
    expect(fingerprints({ ...eventIdx, now: NOW + 2 * DAY + 1 }).get('events')).not.toBe(fingerprints(eventIdx).get('events'));
    expect(fingerprints({ ...eventIdx, now: NOW + DAY }).get('events')).toBe(fingerprints(eventIdx).get('events'));
  });
});
