// The theme test pages behind /admin/test and /admin/test-form-api (issue 22): every block type of
// the layout editor, and every site form, rendered with sample data in one tenant's theme (its
// stylesheet, header, menus and footer), so designers can check a brand without building a
// layout. Rendered in memory through the site's own components, like the draft preview; nothing is
// written. The page loads no client script: the forms look as they do on the site but submit
// nothing (no member, subscription or registration can come from a test page).
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { INQUIRY_TEXTS } from '../../domain/inquiry';
import { BLOCK_TYPES, type BlockType } from '../../domain/layout';
import { BLOCK_LABELS, THEME_TEST_FORMS, THEME_TEST_KINDS, type ThemeTestKind } from '../../domain/theme-test';
import type { Store } from '../../store/connection';
import { sanitizeBody } from '../../html/sanitize';
import type { BlockSettingsView, BlockView, ContentView, ImageView, ItemView, PageView, RowView } from '../../../site/model';
import { RegisterByEmail } from '../../../site/islands/gate-form';
import { LOAD_MORE_TEXTS } from '../../../site/islands/load-more';
import { COMMENTS_TEXTS } from '../../../site/islands/comments';
import { US_STATES } from '../../domain/us-states';
import { memberShell } from '../../../site/islands/member-shells';
import { SubscribeForm } from '../../../site/islands/subscribe-form';
import { buildChrome } from './chrome';
import { stylesheet } from './emit';
import { load } from './load';
import { renderPage } from './render';
import { createResolveContext, imageView, itemView, type ResolveContext } from './resolve-context';

export { BLOCK_LABELS, THEME_TEST_FORMS, THEME_TEST_KINDS, type ThemeTestKind };

export interface ThemeTestRequest {
  tenantKey: string; now: number;
  /** The site origin the page is opened on (absolute links). */
  origin: string;
  kind: ThemeTestKind;
}

const SAMPLE_BODY = '<p>This paragraph is sample text with <a href="/">a link</a>, <strong>bold</strong> and <em>italic</em> words, so the body type, '
  + 'line height and link colour can be checked.</p><h2>A second-level heading</h2><p>Short paragraph after a heading.</p>'
  + '<h3>A third-level heading</h3><ul><li>First point of a list</li><li>Second point, a little longer than the first</li></ul>'
  + '<ol><li>Numbered step one</li><li>Numbered step two</li></ol><blockquote><p>A pull quote, set as the theme sets quotes.</p></blockquote>'
  + '<table><thead><tr><th>Port</th><th>Volume</th></tr></thead><tbody><tr><td>Long Beach</td><td>9.1 M TEU</td></tr><tr><td>Savannah</td><td>5.9 M TEU</td></tr></tbody></table>';

const PLACEHOLDER: ImageView = {
  src: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675"><rect width="1200" height="675" fill="#c9ced8"/><path d="M0 675 420 260l260 260 160-160 360 315z" fill="#8b93a3"/><circle cx="900" cy="190" r="80" fill="#eef1f6"/></svg>')}`,
  alt: 'Sample image', width: 1200, height: 675, caption: 'A sample caption', credit: 'Sample credit',
};

const settings = (title: string | null, colorScheme: BlockSettingsView['colorScheme'] = 'default'): BlockSettingsView =>
  ({ title, link: null, colorScheme, cta: null });

function row(title: string, blocks: BlockView[][], layout: RowView['layout'] = '1'): RowView {
  return { layout, title, link: null, width: 'site-width', backgroundColor: null, textColor: null, columns: blocks.map((b) => ({ blocks: b })) };
}

const html = (id: string, title: string | null, markup: string): BlockView => ({ kind: 'html', id, settings: settings(title), html: markup });

/** The tenant's own images and items where it has them, else neutral samples. */
function samples(ctx: ResolveContext) {
  const images = [...ctx.assets.values()].map((a) => imageView(a)).filter((i): i is ImageView => i !== null).slice(0, 6);
  const items = ctx.index.content.map((c) => itemView(ctx, c.id)).filter((i): i is ItemView => i !== null).slice(0, 8);
  const fallbackItems: ItemView[] = Array.from({ length: 6 }, (_, i) => ({
    id: i + 1, type: 'Article', title: `Sample headline number ${i + 1} for a content list`, href: '/', newTab: false,
    teaser: 'A teaser of two lines at most, so the list can be checked with a realistic length of text.',
    date: 'March 20, 2026', dateTime: '2026-03-20', image: i % 2 ? null : PLACEHOLDER, labels: i === 0 ? ['Sponsored'] : [], sectionName: 'Sample section',
  }));
  const newsletters = ctx.subscribeNewsletters.length ? ctx.subscribeNewsletters : [
    { id: 1, title: 'Daily Briefing', description: 'The day’s news every weekday morning.' },
    { id: 2, title: 'Weekly Review', description: 'The week’s most read stories on Fridays.' },
  ];
  return { images: images.length ? images : [PLACEHOLDER, PLACEHOLDER, PLACEHOLDER], items: items.length ? items : fallbackItems, newsletters };
}

function sampleContent(image: ImageView): ContentView {
  return {
    id: 10000000, type: 'Article', title: 'Theme test: a sample article headline of a typical length', teaser: 'The deck under the headline, one sentence long.',
    date: 'March 20, 2026', dateTime: '2026-03-20', updated: null, authors: ['Sample Author'], topics: ['Sample topic'], labels: ['Sample label'],
    section: { label: 'Sample section', href: '/', newTab: false }, image, event: null, bodyHtml: sanitizeBody(SAMPLE_BODY), gated: false, externalUrl: null,
  };
}

const markup = <P extends object>(component: ComponentType<P>, props: P) => renderToStaticMarkup(createElement(component, props));

/** One row per block type (the row title names it), then the list displays and the colour schemes. */
function blockRows(ctx: ResolveContext, s: ReturnType<typeof samples>): RowView[] {
  const view: Record<BlockType, BlockView> = {
    content_list: { kind: 'list', id: 'tt-list', settings: settings('Latest news'), display: 'cards', items: s.items.slice(0, 6), pagination: { page: 1, pages: 3, prev: null, next: '/' } },
    content_hero: { kind: 'hero', id: 'tt-hero', settings: settings(null) },
    content_body: { kind: 'body', id: 'tt-body', settings: settings(null) },
    primary_image: { kind: 'image', id: 'tt-image', settings: settings(null), image: s.images[0]! },
    related_content: { kind: 'related', id: 'tt-related', settings: settings('Related content'), items: s.items.slice(0, 4) },
    html: html('tt-html', 'Custom HTML', sanitizeBody('<p>An HTML block with <a href="/">a link</a> and a button: <a class="button" href="/">Button</a></p>')),
    image_grid: { kind: 'images', id: 'tt-images', settings: settings('Image grid'), images: s.images },
    newsletter_subscribe: { kind: 'newsletter', id: 'tt-newsletter', settings: settings('Get our newsletters'), newsletters: s.newsletters, promoCode: null, recaptchaKey: null },
    ad_slot: { kind: 'ad', id: 'tt-ad', settings: settings(null), slot: { id: 'ad-theme-test', key: 'theme-test', type: 'layout-block', path: '/theme-test', sizes: [[728, 90], [300, 250]], sizeMapping: [], refreshRate: 0 } },
    gating_form: html('tt-gating', null, `<div class="gating-form">${markup(RegisterByEmail, { idPrefix: 'tt-gating' })}</div>`),
    load_more: html('tt-load-more', null, `<div class="load-more"><button type="button" class="button load-more-button">${LOAD_MORE_TEXTS.button}</button></div>`),
    issue_list: { kind: 'issues', id: 'tt-issues', settings: settings('Magazine issues'), display: 'grid', issues: [1, 2, 3].map((n) => ({
      title: `Sample issue ${n}`, href: '/', date: `March ${2027 - n}`, cover: s.images[0] ?? null, description: 'The issue’s description, one sentence long.',
    })) },
    image_gallery: { kind: 'gallery', id: 'tt-gallery', settings: settings('Image gallery'), images: s.images, lockedFor: null },
    video_player: { kind: 'video', id: 'tt-video', settings: settings('Video player'), videos: [{ youtubeId: 'aqz-KE-bpKQ', title: 'Sample video' }], lockedFor: null },
    document_download: { kind: 'document', id: 'tt-document', settings: settings('Document download'), document: { href: '/', label: 'Sample report', format: 'PDF' } },
    webinar_link: { kind: 'webinar', id: 'tt-webinar', settings: settings(null), link: { label: 'Register for the webinar', href: '/', newTab: false } },
    inquiry_form: { kind: 'inquiry', id: 'tt-inquiry', settings: settings('Request more information'), contentId: null, submitLabel: INQUIRY_TEXTS.submit },
    event_list: { kind: 'list', id: 'tt-events', settings: settings('Upcoming events and webinars'), display: 'list', items: s.items.slice(0, 3), pagination: null },
    rss_feed: {
      kind: 'feed', id: 'tt-feed', settings: settings('From the wire'), showSummary: true, items: [
        { title: 'Carriers add capacity on transpacific lanes', href: 'https://example.com/wire/1', summary: 'An external feed item, read at build time.', date: 'Nov. 2, 2026', dateTime: '2026-11-02' },
        { title: 'Port volumes steady into the holidays', href: 'https://example.com/wire/2', summary: '', date: null, dateTime: null },
      ],
    },
    carousel: { kind: 'carousel', id: 'tt-carousel', settings: settings('Carousel'), slides: s.items.slice(0, 4).map((i) => ({ image: i.image ?? s.images[0]!, title: i.title, href: i.href, newTab: false, caption: null })) },
    video_playlist: { kind: 'video', id: 'tt-playlist', settings: settings('Video playlist'), videos: [{ youtubeId: 'aqz-KE-bpKQ', title: 'Sample video' }, { youtubeId: 'YE7VzlLtp-4', title: 'Second sample video' }], lockedFor: null },
    company_videos: { kind: 'list', id: 'tt-company-videos', settings: settings('Company videos'), display: 'cards', items: s.items.slice(0, 3), pagination: null },
    us_map: { kind: 'usmap', id: 'tt-us-map', settings: settings('Find us by state'), states: US_STATES.map((st) => ({ ...st, href: '/' })), lockedFor: null },
    content_sidebars: { kind: 'sidebars', id: 'tt-sidebars', settings: settings('Content sidebars'), sidebars: [sanitizeBody('<h3>At a glance</h3><p>A sidebar the editor attached to the item: a box of facts beside the story.</p>')], lockedFor: null },
    comments: html('tt-comments', 'Comments', `<div class="comments"><p class="comments-waiting">${COMMENTS_TEXTS.waiting('the comment provider')}</p></div>`),
  };
  const rows = BLOCK_TYPES.map((t) => row(`${BLOCK_LABELS[t]} (${t})`, [[view[t]]]));
  const display = (d: 'list' | 'cards' | 'compact' | 'hero'): BlockView =>
    ({ kind: 'list', id: `tt-display-${d}`, settings: settings(`Display: ${d}`), display: d, items: s.items.slice(0, 3), pagination: null });
  rows.push(row('Content list displays', [[display('list')], [display('compact')]], '1_1'));
  rows.push(row('Content list display: hero', [[display('hero')]]));
  const schemes = (['default', 'primary', 'secondary', 'dark'] as const).map((c): BlockView[] => [{
    kind: 'list', id: `tt-scheme-${c}`, settings: { ...settings(`Colour scheme: ${c}`, c), cta: { text: 'A call to action under the list.', button: { label: 'Call to action', href: '/', newTab: false } } },
    display: 'compact', items: s.items.slice(0, 2), pagination: null,
  }]);
  rows.push(row('Colour schemes', schemes, '1_1_1_1'));
  return rows;
}

/** Every site form, server-rendered with sample data, in its theme. */
function formRows(s: ReturnType<typeof samples>): RowView[] {
  const login = memberShell('login');
  const forms: Record<(typeof THEME_TEST_FORMS)[number], string> = {
    'Newsletter subscribe': '',
    'Registration (gating form)': `<div class="gating-form">${markup(RegisterByEmail, { idPrefix: 'tt-form-gating' })}</div>`,
    'Member login': login ? `<div class="shell member-shell member-login">${markup(login, { links: [] })}</div>` : '',
    'Subscribe pane': `<div class="subscribe-pane">${markup(SubscribeForm, { uid: 'tt-pane', newsletters: s.newsletters, promoCode: null, recaptchaKey: null })}</div>`,
  };
  return THEME_TEST_FORMS.map((name) => row(name, [[name === 'Newsletter subscribe'
    ? { kind: 'newsletter', id: 'tt-form-newsletter', settings: settings('Get our newsletters'), newsletters: s.newsletters, promoCode: null, recaptchaKey: null }
    : html(`tt-form-${name.toLowerCase().replace(/\W+/g, '-')}`, null, forms[name])]]));
}

/** The theme test page of `kind` for a tenant, as one HTML document. */
export async function renderThemeTestPage(store: Store, r: ThemeTestRequest): Promise<{ html: string }> {
  const { index } = await load(store, r.tenantKey, { now: r.now });
  index.tenant.origin = r.origin;
  const ctx = createResolveContext(index);
  const s = samples(ctx);
  const css = stylesheet(index);
  const heading = r.kind === 'blocks' ? 'Theme test: every block' : 'Theme test: every form';
  const page: PageView = {
    kind: 'content', path: `/__theme-test/${r.kind}`, heading, headingHidden: false,
    intro: `Sample data in the theme of ${ctx.siteName}. Forms on this page submit nothing.`,
    layoutId: null, hideHeader: false, hideFooter: false, sectionPath: null, breadcrumbs: [],
    head: {
      title: `${heading} · ${ctx.siteName}`, description: '', canonical: null, robots: 'noindex, nofollow', ogType: 'website',
      image: null, rssHref: null, rssTitle: null, jsonLd: {}, noTracking: true,
    },
    rows: r.kind === 'blocks' ? blockRows(ctx, s) : formRows(s),
    content: r.kind === 'blocks' ? sampleContent(s.images[0]!) : null,
    shell: null, inputs: { contentIds: [], sectionIds: [], layoutId: null }, preview: true,
  };
  return { html: renderPage(page, buildChrome(index, { href: css.href, integrity: css.integrity }, null)).html };
}
