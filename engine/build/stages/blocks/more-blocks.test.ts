// Resolve rules of the carousel, video playlist, company videos, US map and comments blocks (public
// §4 "Blocks dropped when empty", "Hidden blocks"): each block's drop rule and its view.
import { describe, expect, it } from 'vitest';
import { layoutSchema, type LayoutInput } from '../../../domain/layout';
import { siteSettingsSchema } from '../../../domain/settings';
import type { BlockView } from '../../../../site/model';
import { playlistKey } from '../../playlists';
import { createResolveContext } from '../resolve';
import { acmeSections, acmeTenant, blocksOf } from '../../../../tests/helpers/block-tenant';
import type { BuildAsset, BuildContent, TenantIndex } from '../../types';

const NOW = Date.UTC(2026, 10, 1);
const IMG = { path: '/images/acme/port.jpg', alt: 'The port', width: 1200, height: 800, caption: 'Cranes at dawn', credit: null };

function item(id: number, extra: Partial<BuildContent> = {}): BuildContent {
  return {
    id, type: 'Article', name: `Story ${id}`, slug: `story-${id}`, teaser: 'Teaser', published: NOW - id, updatedAt: NOW, path: `/news/${id}/story-${id}`,
    sectionId: 2, image: null, authors: [], terms: [], labels: [], linkUrl: null, seoTitle: null, description: null, event: null,
    membershipIds: [], surveyType: null, startDate: null, endDate: null, relatedIds: [], ...extra,
  };
}
const asset = (id: number, path: string, mimeType = 'image/jpeg'): BuildAsset => ({ id, path, mimeType, alt: `Asset ${id}`, width: 800, height: 600, caption: `Caption ${id}`, credit: null });

function ctxWith(blocks: unknown[], extra: Partial<TenantIndex> = {}, settings: Record<string, unknown> = {}, layoutExtra: Record<string, unknown> = {}) {
  const grid = { rows: [{ settings: { layout: '1' }, columns: [{ blocks }] }] };
  const index: TenantIndex = {
    tenant: acmeTenant(settings),
    sections: acmeSections(NOW),
    content: [
      item(10000001, { image: IMG }),
      item(10000002),
      item(10000003, { membershipIds: [7] }),
      item(10000020, { type: 'Company', relatedIds: [10000021, 10000001] }),
      item(10000021, { type: 'Video' }),
      item(10000022, { type: 'Video', relatedIds: [10000020] }),
      item(10000023, { type: 'Video' }),
      item(10000024, { type: 'Company' }),
    ],
    schedules: [10000001, 10000002].map((contentId) => ({ contentId, sectionId: 2, option: 'Standard' as const })),
    redirects: [], now: NOW,
    layouts: [layoutSchema.parse({ id: 1, name: 'Content', type: 'content', primaryGrid: grid, ...layoutExtra } as LayoutInput), layoutSchema.parse({ id: 2, name: 'Section', type: 'section', primaryGrid: grid, ...layoutExtra } as LayoutInput)],
    assets: [asset(20, '/images/acme/a.jpg'), asset(21, '/images/acme/b.jpg'), asset(30, '/files/acme/guide.pdf', 'application/pdf')],
    ...extra,
  };
  return createResolveContext(index);
}

const parseBlock = (b: unknown) => layoutSchema.safeParse({ id: 1, name: 'x', type: 'section', primaryGrid: { rows: [{ columns: [{ blocks: [b] }] }] } });

describe('carousel', () => {
  it('shows library images in order (documents and unknown ids left out) up to the limit, captions as text', () => {
    const [b] = blocksOf(ctxWith([{ id: 'c', type: 'carousel', data: { assetIds: [21, 30, 999, 20] } }]), null);
    expect(b?.kind === 'carousel' && b.slides.map((s) => [s.image?.src, s.caption, s.href])).toEqual([['/images/acme/b.jpg', 'Caption 21', null], ['/images/acme/a.jpg', 'Caption 20', null]]);
    const [one] = blocksOf(ctxWith([{ id: 'c', type: 'carousel', data: { assetIds: [21, 20], limit: 1 } }]), null);
    expect(one?.kind === 'carousel' && one.slides.length).toBe(1);
  });
  it('shows content items of the section schedule as linked slides, skipping the page’s own item', () => {
    const block = [{ id: 'c', type: 'carousel', data: { source: 'content', section: 2 } }];
    const [b] = blocksOf(ctxWith(block), 10000002);
    expect(b?.kind === 'carousel' && b.slides.map((s) => [s.title, s.href, s.image?.src ?? null])).toEqual([['Story 10000001', '/news/10000001/story-10000001', '/images/acme/port.jpg']]);
  });
  it('drops with no slides (no images, or no content left)', () => {
    expect(blocksOf(ctxWith([{ id: 'c', type: 'carousel', data: { assetIds: [30] } }]), null)).toEqual([]);
    expect(blocksOf(ctxWith([{ id: 'c', type: 'carousel', data: { source: 'content', section: 2, contentTypes: ['Video'] } }]), null)).toEqual([]);
  });
  it('refuses a limit over 20, naming the field', () => {
    expect(parseBlock({ id: 'c', type: 'carousel', data: { limit: 21 } }).error?.issues[0]).toMatchObject({ message: 'Must be 1 to 20', path: ['primaryGrid', 'rows', 0, 'columns', 0, 'blocks', 0, 'data', 'limit'] });
  });
});

describe('video playlist', () => {
  const PL = 'PLabcdefghij123';
  const block = [{ id: 'p', type: 'video_playlist', data: { playlistId: PL, videos: [{ youtubeId: 'bbbbbbbbbbb', title: 'Stored' }, { youtubeId: 'aaaaaaaaaaa', title: 'Dup' }] } }];
  const feeds = { [playlistKey(PL)]: [{ title: 'From the API', link: 'https://www.youtube.com/watch?v=aaaaaaaaaaa', summary: '', published: null }] };
  const key = { youtube: { apiKey: 'AIzaSyTESTKEY_0123456789' } };
  it('with an API key shows the playlist’s videos read at build time, then the stored ones (no repeats), behind the facade', () => {
    const [b] = blocksOf(ctxWith(block, { feeds }, key), null);
    expect(b).toMatchObject({ kind: 'video', lockedFor: null, videos: [{ youtubeId: 'aaaaaaaaaaa', title: 'From the API' }, { youtubeId: 'bbbbbbbbbbb', title: 'Stored' }] });
  });
  it('without a key shows the stored videos only', () => {
    const [b] = blocksOf(ctxWith(block, { feeds }), null);
    expect(b?.kind === 'video' && b.videos.map((v) => v.title)).toEqual(['Stored', 'Dup']);
  });
  it('drops with no video at all, and refuses a bad playlist id by field', () => {
    expect(blocksOf(ctxWith([{ id: 'p', type: 'video_playlist', data: { playlistId: PL } }], {}, key), null)).toEqual([]);
    expect(parseBlock({ id: 'p', type: 'video_playlist', data: { playlistId: 'a b' } }).error?.issues[0]?.path.at(-1)).toBe('playlistId');
  });
});

describe('company videos', () => {
  const block = [{ id: 'v', type: 'company_videos', data: { display: 'list' } }];
  const ids = (b: BlockView | undefined) => (b?.kind === 'list' ? b.items.map((i) => i.id) : []);
  it('lists the Video items linked to the company page, both directions, and no other type', () => {
    expect(ids(blocksOf(ctxWith(block), 10000020)[0])).toEqual([10000021, 10000022]);
  });
  it('drops without edges, and on pages that are not a company', () => {
    expect(blocksOf(ctxWith(block), 10000024)).toEqual([]);
    expect(blocksOf(ctxWith(block), 10000001)).toEqual([]);
    expect(blocksOf(ctxWith(block), null)).toEqual([]);
  });
});

describe('US map', () => {
  it('links every state (and DC) from the template, and is a hidden block on gated pages', () => {
    const block = [{ id: 'm', type: 'us_map', data: { linkTemplate: '/directory/{state}?n={name}' } }];
    const [open] = blocksOf(ctxWith(block), 10000001);
    expect(open?.kind === 'usmap' && open.states.length).toBe(51);
    expect(open?.kind === 'usmap' && open.states.find((s) => s.code === 'NY')).toMatchObject({ href: '/directory/ny?n=New%20York', row: 3, col: 9 });
    expect(open?.kind === 'usmap' && open.lockedFor).toBeNull();
    const [gated] = blocksOf(ctxWith(block), 10000003);
    expect(gated?.kind === 'usmap' && gated.lockedFor).toBe(10000003);
  });
  it('refuses a template without {state} or {name}, or a javascript: one, naming the field', () => {
    for (const linkTemplate of ['/directory', 'javascript:alert({state})', '']) {
      expect(parseBlock({ id: 'm', type: 'us_map', data: { linkTemplate } }).error?.issues[0]?.path.at(-1), linkTemplate).toBe('linkTemplate');
    }
  });
});

describe('comments', () => {
  const block = [{ id: 'k', type: 'comments' }];
  const provider = { name: 'Viafoura', scriptUrl: 'https://cdn.viafoura.example/vf.js' };
  const on = { memberships: { enabled: true, commenting: true, commentingProvider: provider } };
  it('is the provider’s island on a content page when memberships and commenting are on', () => {
    expect(blocksOf(ctxWith(block, {}, on), 10000001)[0]).toMatchObject({
      kind: 'island', island: 'comments', props: { provider: 'Viafoura', scriptUrl: provider.scriptUrl, contentId: 10000001 },
    });
  });
  it('drops when commenting is off, memberships are off, no provider is set, or on a listing page', () => {
    expect(blocksOf(ctxWith(block, {}, { memberships: { enabled: true, commenting: false, commentingProvider: provider } }), 10000001)).toEqual([]);
    expect(blocksOf(ctxWith(block, {}, { memberships: { enabled: false, commenting: true, commentingProvider: provider } }), 10000001)).toEqual([]);
    expect(blocksOf(ctxWith(block, {}, { memberships: { enabled: true, commenting: true } }), 10000001)).toEqual([]);
    expect(blocksOf(ctxWith(block, {}, on), null)).toEqual([]);
  });
  it('accepts only an https provider script, naming the field', () => {
    const r = siteSettingsSchema.safeParse({ general: { siteName: 'A' }, header: {}, footer: {}, tenantInfo: { name: 'A', domain: 'a.test' }, memberships: { commentingProvider: { name: 'X', scriptUrl: 'http://x.example/a.js' } } });
    expect(r.error?.issues.find((i) => i.path.includes('scriptUrl'))?.message).toBe('Must be an absolute https URL');
  });
});

describe('load more (public §3 loadMoreType)', () => {
  const block = [{ id: 'more', type: 'load_more' }];
  it('none: the block drops and no marker is added', () => {
    expect(blocksOf(ctxWith(block, {}, {}, { loadMoreType: 'none' }), null)).toEqual([]);
    expect(blocksOf(ctxWith([{ id: 'h', type: 'html', data: { html: '<p>x</p>' } }], {}, {}, { loadMoreType: 'none' }), null).map((b) => b.kind)).toEqual(['html']);
  });
  it.each(['custom-click', 'custom-scroll', 'page-click', 'page-scroll'] as const)('%s: the marker island carries the mode and what the page shows', (mode) => {
    const [b] = blocksOf(ctxWith(block, {}, {}, { loadMoreType: mode }), 10000001);
    expect(b).toMatchObject({ kind: 'island', island: 'load-more', props: { type: mode, layoutId: 1, contentId: 10000001 } });
    expect(b?.kind === 'island' && b.props.excludeContentIds).toContain(10000001);
  });
});

describe('gating form on metered pages (public §4: shows when gating passed but the meter failed)', () => {
  it('is placed on an open item the meter covers (the island asks the gate decision), and drops on an item the meter exempts', () => {
    const gate = [{ id: 'g', type: 'gating_form' }];
    const metering = (exemptContentTypes: string[]) => ({ memberships: { enabled: true, contentMetering: { enabled: true, numberOfFreeViews: 3, meteringPeriod: 30, exemptContentTypes, exemptSectionIds: [] } } });
    expect(blocksOf(ctxWith(gate, {}, metering([])), 10000002)[0]).toMatchObject({ kind: 'island', island: 'gating-form', props: { contentId: 10000002 } });
    expect(blocksOf(ctxWith(gate, {}, metering(['Article'])), 10000002)).toEqual([]);
  });
});

describe('content sidebars', () => {
  const block = [{ id: 's', type: 'content_sidebars', settings: { title: 'At a glance' } }];
  const withSidebars = (id: number, sidebars: string[]) => (ctx: ReturnType<typeof ctxWith>) => { ctx.contentById.get(id)!.sidebars = sidebars; return ctx; };
  it('shows the content item’s sidebars in order on its page', () => {
    const ctx = withSidebars(10000001, ['<p>One</p>', '<p>Two</p>'])(ctxWith(block));
    expect(blocksOf(ctx, 10000001)[0]).toMatchObject({ kind: 'sidebars', sidebars: ['<p>One</p>', '<p>Two</p>'], settings: { title: 'At a glance' } });
  });
  it('drops without sidebars and on listing pages', () => {
    expect(blocksOf(ctxWith(block), 10000002)).toEqual([]);
    expect(blocksOf(withSidebars(10000001, ['<p>One</p>'])(ctxWith(block)), null)).toEqual([]);
  });
  it('on a gated page keeps the sidebars out of the static files and leaves them to the gate answer', () => {
    const [b] = blocksOf(withSidebars(10000003, ['<p>Members only</p>'])(ctxWith(block)), 10000003);
    expect(b).toMatchObject({ kind: 'sidebars', sidebars: [], lockedFor: 10000003 });
    expect(JSON.stringify(b)).not.toContain('Members only');
  });
});
