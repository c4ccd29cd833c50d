// Resolve rules of the media and content blocks (public §4 "Blocks dropped when empty", "Hidden
// blocks"): each block's drop rule, its view, and the shared block settings.
import { describe, expect, it } from 'vitest';
import { layoutSchema, type LayoutInput } from '../../../domain/layout';
import { siteSettingsSchema } from '../../../domain/settings';
import type { BlockView } from '../../../../site/model';
import { createResolveContext } from '../resolve';
import { acmeSections, acmeTenant, blocksOf } from '../../../../tests/helpers/block-tenant';
import type { BuildAsset, BuildContent, TenantIndex } from '../../types';

const NOW = Date.UTC(2026, 10, 1);
const IMG = { path: '/images/acme/port.jpg', alt: 'The port', width: 1200, height: 800, caption: 'Cranes at dawn', credit: 'A. Photographer' };

function item(id: number, extra: Partial<BuildContent> = {}): BuildContent {
  return {
    id, type: 'Article', name: `Story ${id}`, slug: `story-${id}`, teaser: 'Teaser', published: NOW, updatedAt: NOW, path: `/news/${id}/story-${id}`,
    sectionId: 2, image: null, authors: [], terms: [], labels: [], linkUrl: null, seoTitle: null, description: null, event: null,
    membershipIds: [], surveyType: null, startDate: null, endDate: null, relatedIds: [], ...extra,
  };
}
const asset = (id: number, path: string, mimeType = 'image/jpeg', extra: Partial<BuildAsset> = {}): BuildAsset =>
  ({ id, path, mimeType, alt: `Asset ${id}`, width: 800, height: 600, caption: null, credit: null, ...extra });

function ctxWith(blocks: unknown[], extra: Partial<TenantIndex> = {}) {
  const layout = layoutSchema.parse({ id: 1, name: 'Content', type: 'content', primaryGrid: { rows: [{ settings: { layout: '1' }, columns: [{ blocks }] }] } } as LayoutInput);
  const section = layoutSchema.parse({ id: 2, name: 'Section', type: 'section', primaryGrid: { rows: [{ settings: { layout: '1' }, columns: [{ blocks }] }] } } as LayoutInput);
  const index: TenantIndex = {
    tenant: acmeTenant(),
    sections: acmeSections(NOW),
    content: [
      item(10000001, { image: IMG }),
      item(10000002),
      item(10000003, { image: IMG, membershipIds: [7] }),
      item(10000004, { type: 'Webinar', linkUrl: 'https://webinars.example/register/42' }),
      item(10000005, { type: 'Webinar', linkUrl: 'javascript:alert(1)' }),
      item(10000006, { type: 'Event', linkUrl: 'https://events.example/register' }),
      // Events and webinars around NOW (2026-11-01): past, running, upcoming.
      item(10000011, { type: 'Event', event: { startDate: Date.UTC(2026, 9, 1, 17), endDate: Date.UTC(2026, 9, 3, 17) } }),
      item(10000012, { type: 'Event', event: { startDate: Date.UTC(2026, 9, 30, 17), endDate: Date.UTC(2026, 10, 2, 17) } }),
      item(10000013, { type: 'Webinar', event: { startDate: Date.UTC(2026, 8, 15, 17) } }),
      item(10000014, { type: 'Webinar', event: { startDate: Date.UTC(2026, 11, 9, 17) } }),
      item(10000015, { type: 'Event', event: { startDate: Date.UTC(2026, 10, 20, 17), endDate: Date.UTC(2026, 10, 21, 17) } }),
    ],
    schedules: [], redirects: [], now: NOW, layouts: [layout, section],
    ...extra,
    assets: [asset(20, '/images/acme/a.jpg'), asset(21, '/images/acme/b.jpg'), asset(30, '/files/acme/guide.pdf', 'application/pdf', { caption: 'The 2027 buyer’s guide' }), asset(31, '/files/acme/untitled.pdf', 'application/pdf', { alt: '' })],
  };
  return createResolveContext(index);
}

const kinds = (bs: BlockView[]) => bs.map((b) => b.kind);

describe('image gallery', () => {
  const grid = [{ id: 'g', type: 'image_gallery', data: { assetIds: [20, 30, 21, 999] } }];
  it('shows the primary image first, then the library images, leaving out documents and unknown ids', () => {
    const [g] = blocksOf(ctxWith(grid), 10000001);
    expect(g?.kind === 'gallery' && g.images.map((i) => i.src)).toEqual(['/images/acme/port.jpg', '/images/acme/a.jpg', '/images/acme/b.jpg']);
    expect(g?.kind === 'gallery' && g.lockedFor).toBeNull();
  });
  it('drops on a content page without a primary image', () => {
    expect(blocksOf(ctxWith(grid), 10000002)).toEqual([]);
  });
  it('needs no primary image when told not to include it, and drops with no image at all', () => {
    expect(kinds(blocksOf(ctxWith([{ id: 'g', type: 'image_gallery', data: { assetIds: [20], includePrimaryImage: false } }]), 10000002))).toEqual(['gallery']);
    expect(blocksOf(ctxWith([{ id: 'g', type: 'image_gallery', data: { assetIds: [30], includePrimaryImage: false } }]), 10000002)).toEqual([]);
  });
  it('on a listing page starts with the first library image', () => {
    const [g] = blocksOf(ctxWith(grid), null);
    expect(g?.kind === 'gallery' && g.images[0]!.src).toBe('/images/acme/a.jpg');
  });
  it('on a gated page names the content whose gate decides whether it is hidden', () => {
    const [g] = blocksOf(ctxWith(grid), 10000003);
    expect(g?.kind === 'gallery' && g.lockedFor).toBe(10000003);
  });
});

describe('video player', () => {
  it('drops without videos, keeps them in order otherwise, and is locked on a gated page', () => {
    expect(blocksOf(ctxWith([{ id: 'v', type: 'video_player', data: { videos: [] } }]), 10000001)).toEqual([]);
    const videos = [{ youtubeId: 'dQw4w9WgXcQ', title: 'Port tour' }, { youtubeId: 'aaaaaaaaaaa', title: 'Crane demo' }];
    const [v] = blocksOf(ctxWith([{ id: 'v', type: 'video_player', data: { videos } }]), 10000003);
    expect(v).toMatchObject({ kind: 'video', videos, lockedFor: 10000003 });
  });
  it('refuses an id that is not a YouTube id, naming the field', () => {
    const r = layoutSchema.safeParse({ id: 1, name: 'x', type: 'content', primaryGrid: { rows: [{ columns: [{ blocks: [{ id: 'v', type: 'video_player', data: { videos: [{ youtubeId: 'https://evil.example/x', title: 'T' }] } }] }] }] } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path.join('.')).toBe('primaryGrid.rows.0.columns.0.blocks.0.data.videos.0.youtubeId');
  });
});

describe('document download', () => {
  it('links the PDF with its caption as label, or the default label', () => {
    const [d] = blocksOf(ctxWith([{ id: 'd', type: 'document_download', data: { assetId: 30 } }]), 10000001);
    expect(d).toMatchObject({ kind: 'document', document: { href: '/files/acme/guide.pdf', label: 'The 2027 buyer’s guide', format: 'PDF' } });
    const [u] = blocksOf(ctxWith([{ id: 'd', type: 'document_download', data: { assetId: 31 } }]), 10000001);
    expect(u?.kind === 'document' && u.document.label).toBe('Download the document');
  });
  it('drops without a file, with an image instead of a document, and (a public one) on a gated page', () => {
    for (const data of [{}, { assetId: 999 }, { assetId: 20 }, { assetId: 20, gated: true }]) expect(blocksOf(ctxWith([{ id: 'd', type: 'document_download', data }]), 10000001)).toEqual([]);
    expect(blocksOf(ctxWith([{ id: 'd', type: 'document_download', data: { assetId: 30 } }]), 10000003)).toEqual([]);
  });
  it('links a gated document to the API route on open and gated pages, never to its file', () => {
    const block = [{ id: 'd', type: 'document_download', data: { assetId: 30, gated: true, membershipIds: [7] } }];
    for (const [page, lockedFor] of [[10000001, null], [10000003, 10000003], [null, null]] as const) {
      expect(blocksOf(ctxWith(block), page)).toEqual([{ kind: 'document', id: 'd', settings: expect.anything(), document: { href: '/api/documents/30', label: 'The 2027 buyer’s guide', format: 'PDF', membersOnly: true }, lockedFor }]);
    }
  });
});

describe('webinar link', () => {
  it('links a Webinar’s linkUrl in a new tab, and drops without a (safe) linkUrl or on other pages', () => {
    const b = [{ id: 'w', type: 'webinar_link', data: { label: 'Join the session' } }];
    expect(blocksOf(ctxWith(b), 10000004)[0]).toMatchObject({ kind: 'webinar', link: { href: 'https://webinars.example/register/42', label: 'Join the session', newTab: true } });
    expect(blocksOf(ctxWith(b), 10000001)).toEqual([]);
    expect(blocksOf(ctxWith(b), 10000005)).toEqual([]);
    expect(blocksOf(ctxWith(b), null)).toEqual([]);
    expect(blocksOf(ctxWith(b), 10000006)).toEqual([]);
  });
  it('image grids leave documents out', () => {
    const [g] = blocksOf(ctxWith([{ id: 'i', type: 'image_grid', data: { assetIds: [30, 20] } }]), 10000001);
    expect(g?.kind === 'images' && g.images.map((i) => i.src)).toEqual(['/images/acme/a.jpg']);
  });
});

describe('inquiry form (RMI)', () => {
  const form = [{ id: 'q', type: 'inquiry_form', settings: { title: 'Ask the team' }, data: { buttonLabel: 'Send question' } }];
  const withRmi = (rmi: unknown) => {
    const ctx = ctxWith(form);
    (ctx.index.tenant.settings as { rmi?: unknown }).rmi = rmi;
    return ctx;
  };
  it('shows with RMI enabled and a contact, carrying the page’s item and the button label', () => {
    const ctx = withRmi({ enabled: true, contactEmail: 'sales@acme.test' });
    expect(blocksOf(ctx, 10000001)).toEqual([{ kind: 'inquiry', id: 'q', settings: expect.objectContaining({ title: 'Ask the team' }), contentId: 10000001, submitLabel: 'Send question' }]);
    expect(blocksOf(ctx, null)[0]).toMatchObject({ kind: 'inquiry', contentId: null });
  });
  it('drops when RMI is off, unset, or has no contact address', () => {
    expect(blocksOf(withRmi(undefined), 10000001)).toEqual([]);
    expect(blocksOf(withRmi({ enabled: false, contactEmail: 'sales@acme.test' }), 10000001)).toEqual([]);
    expect(blocksOf(withRmi({ enabled: true }), 10000001)).toEqual([]);
  });
  it('settings refuse RMI switched on without a contact, naming the field', () => {
    const base = { general: { siteName: 'A' }, header: { logo: '/l.svg' }, footer: {}, tenantInfo: { name: 'A', domain: 'a.test' },
      colors: { primary: { main: '#000000', container: '#ffffff', onContainer: '#000000' }, secondary: { main: '#000000', container: '#ffffff', onContainer: '#000000' } } };
    const r = siteSettingsSchema.safeParse({ ...base, rmi: { enabled: true } });
    expect(r.error?.issues[0]?.path).toEqual(['rmi', 'contactEmail']);
    expect(siteSettingsSchema.safeParse({ ...base, rmi: { enabled: true, contactEmail: 'not-an-address' } }).error?.issues[0]?.path).toEqual(['rmi', 'contactEmail']);
  });
});

describe('shared block settings', () => {
  it('carries keepInView, trackingId and a safe titleIcon; a CTA needs text or a whole button', () => {
    const settings = { title: 'Watch', titleIcon: '/images/acme/play.svg', keepInView: true, trackingId: 'video-rail', cta: { text: ' ', buttonLabel: 'More' } };
    const [v] = blocksOf(ctxWith([{ id: 'v', type: 'video_player', settings, data: { videos: [{ youtubeId: 'dQw4w9WgXcQ', title: 'T' }] } }]), 10000001);
    expect(v?.settings).toEqual({ title: 'Watch', link: null, colorScheme: 'default', cta: null, keepInView: true, trackingId: 'video-rail', titleIcon: '/images/acme/play.svg' });
    const [w] = blocksOf(ctxWith([{ id: 'v', type: 'video_player', settings: { title: 'W', titleIcon: 'javascript:x()' }, data: { videos: [{ youtubeId: 'dQw4w9WgXcQ', title: 'T' }] } }]), 10000001);
    expect(w?.settings.titleIcon).toBeNull();
  });
  it('refuses a tracking id with spaces or markup, naming the field', () => {
    const r = layoutSchema.safeParse({ id: 1, name: 'x', type: 'content', primaryGrid: { rows: [{ columns: [{ blocks: [{ id: 'h', type: 'webinar_link', settings: { trackingId: 'a "b"' } }] }] }] } });
    expect(r.error?.issues[0]?.path.at(-1)).toBe('trackingId');
  });
});

describe('RSS feed', () => {
  const FEED = 'https://wire.example/feed.xml';
  const block = (data: Record<string, unknown>) => [{ id: 'f', type: 'rss_feed', data: { url: FEED, ...data } }];
  const feeds = { [FEED]: [
    { title: 'One', link: 'https://wire.example/1', summary: 'First summary', published: Date.UTC(2026, 9, 30, 15) },
    { title: 'Two', link: 'https://wire.example/2', summary: 'Second', published: null },
    { title: 'Three', link: 'https://wire.example/3', summary: '', published: null },
  ] };

  it('shows the feed\'s last good items up to the limit, with display dates, and summaries only when asked', () => {
    expect(blocksOf(ctxWith(block({ limit: 2, showSummary: true }), { feeds }), null)[0]).toMatchObject({
      kind: 'feed', showSummary: true, items: [
        { title: 'One', href: 'https://wire.example/1', summary: 'First summary', date: 'Oct. 30, 2026', dateTime: '2026-10-30' },
        { title: 'Two', href: 'https://wire.example/2', summary: 'Second', date: null, dateTime: null },
      ],
    });
    const plain = blocksOf(ctxWith(block({}), { feeds }), null)[0] as Extract<BlockView, { kind: 'feed' }>;
    expect(plain.items.map((i) => i.summary)).toEqual(['', '', '']);
  });

  it('drops without items (a feed never read, or read empty)', () => {
    expect(kinds(blocksOf(ctxWith(block({})), null))).toEqual([]);
    expect(kinds(blocksOf(ctxWith(block({}), { feeds: { [FEED]: [] } }), null))).toEqual([]);
  });

  it('accepts only an http(s) feed address and 1 to 20 items', () => {
    const parse = (data: Record<string, unknown>) => layoutSchema.safeParse({ id: 1, name: 'x', type: 'section', primaryGrid: { rows: [{ columns: [{ blocks: [{ id: 'f', type: 'rss_feed', data }] }] }] } });
    expect(parse({ url: FEED }).success).toBe(true);
    for (const bad of [{ url: 'javascript:alert(1)' }, { url: 'ftp://x.example/feed' }, { url: FEED, limit: 21 }, { url: FEED, limit: 0 }, {}]) expect(parse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('event and webinar list', () => {
  const ids = (b: BlockView | undefined) => (b?.kind === 'list' ? b.items.map((i) => i.id) : []);
  const ev = (data: Record<string, unknown>) => [{ id: 'e', type: 'event_list', data }];
  it('lists upcoming events and webinars soonest first, running ones included, with the display dates', () => {
    const [b] = blocksOf(ctxWith(ev({})), null);
    expect(ids(b)).toEqual([10000012, 10000015, 10000014]);
    expect(b?.kind === 'list' && b.items.map((i) => i.date)).toEqual(['Oct. 30, 2026 – Nov. 2, 2026', 'Nov. 20, 2026 – Nov. 21, 2026', 'Dec. 9, 2026']);
  });
  it('lists past ones latest first, filters by type, and honours the limit', () => {
    expect(ids(blocksOf(ctxWith(ev({ when: 'past' })), null)[0])).toEqual([10000011, 10000013]);
    expect(ids(blocksOf(ctxWith(ev({ contentTypes: ['Webinar'] })), null)[0])).toEqual([10000014]);
    expect(ids(blocksOf(ctxWith(ev({ limit: 1 })), null)[0])).toEqual([10000012]);
  });
  it('drops when nothing matches, skips the page’s own item, and caps the limit at 100 (admin §9)', () => {
    expect(blocksOf(ctxWith(ev({ when: 'past', contentTypes: ['Webinar'], limit: 5 })), 10000013)).toEqual([]);
    expect(ids(blocksOf(ctxWith(ev({})), 10000012)[0])).toEqual([10000015, 10000014]);
    const r = layoutSchema.safeParse({ id: 1, name: 'x', type: 'content', primaryGrid: { rows: [{ columns: [{ blocks: ev({ limit: 101 }) }] }] } });
    expect(r.error?.issues[0]).toMatchObject({ message: 'At most 100', path: ['primaryGrid', 'rows', 0, 'columns', 0, 'blocks', 0, 'data', 'limit'] });
  });
});

describe('existing blocks’ drop rules (public §4)', () => {
  const sub = [{ id: 's', type: 'newsletter_subscribe' }];
  const nl = (id: number, showInSubscribeBlock: boolean) => ({ id, title: `Letter ${id}`, description: '', showInSubscribeBlock });
  it('the subscribe block drops with no newsletter flagged for it, and shows only the flagged ones', () => {
    expect(blocksOf(ctxWith(sub, { newsletters: [nl(1, false)] }), null)).toEqual([]);
    const [b] = blocksOf(ctxWith(sub, { newsletters: [nl(1, false), nl(2, true)] }), null);
    expect(b?.kind === 'newsletter' && b.newsletters.map((n) => n.id)).toEqual([2]);
  });
  it('the gating form drops on an open page and shows on a gated one', () => {
    const gate = [{ id: 'g', type: 'gating_form' }];
    expect(blocksOf(ctxWith(gate), 10000001)).toEqual([]);
    expect(blocksOf(ctxWith(gate), 10000003)[0]).toMatchObject({ kind: 'island', island: 'gating-form', props: { contentId: 10000003 } });
  });
});
