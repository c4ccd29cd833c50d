// The event client (issue #18): events are queued in the page and flushed in batches (at most
// MAX_BATCH per request) with navigator.sendBeacon to POST /api/events when the page is hidden and
// every FLUSH_MS. Performance events are queued only while that category is granted
// (site/client/consent.ts); strictly necessary ones (the registration funnel, newsletter sign-ups)
// by the tenant's policy: always (default), or only with performance consent (consent.eventsAllowed). A page view is sent once per page id per tab: the page's own, then each article a
// "load more" appends; back/forward (from the bfcache or reloaded) finds the id already sent.
// The page's id, content and section come from <body data-page-id data-page-content
// data-page-section> (site/document.tsx); clicks are read from the markup (clickEvent): funnel links
// (data-track-step), block titles (data-block-id), listed items (.item[data-content-id]), links in
// the article body, the footer's social links and the menus. Recommended items (a related block's
// data-recommended) record ViewBlueConicRecommendation when half the block is in view and
// ClickBlueConicRecommendation when clicked, with the recommendation id <provider>:<content id>.
import { EVENT_CATEGORY, MAX_BATCH, type EventType } from '../../engine/domain/events';
import type { ConsentApi } from './consent';

export const FLUSH_MS = 5000;
const SENT_KEY = 'mh_pv';
const SESSION_KEY = 'mh_sid';

type Input = Record<string, string | number | undefined>;

let queue: { type: EventType; input: Input }[] = [];
type EventConsent = Pick<ConsentApi, 'has'> & Partial<Pick<ConsentApi, 'eventsAllowed' | 'onChange'>>;
let consentApi: EventConsent = { has: () => false };
let listening = false;

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The reader's session id: random, per tab session (no cookie). */
export function sessionId(): string {
  const s = store();
  let id = s?.getItem(SESSION_KEY);
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
    s?.setItem(SESSION_KEY, id);
  }
  return id;
}

function endpoint(): string {
  const api = document.querySelector<HTMLMetaElement>('meta[name="masthead-api"]')?.content;
  return api ? api.replace(/\/graphql\/?$/, '') + '/api/events' : '/api/events';
}

/** Queues an event (dropped when its consent category is not granted). */
export function track(type: EventType, input: Input): boolean {
  const category = EVENT_CATEGORY[type];
  if (!(consentApi.eventsAllowed ? consentApi.eventsAllowed(category) : consentApi.has(category))) return false;
  queue.push({ type, input });
  if (queue.length >= MAX_BATCH) flush();
  return true;
}

/** Sends a page view unless this page id was already sent in this tab. */
export function trackPageView(pageId: string, input: Omit<Input, 'pageId'>): boolean {
  const s = store();
  const sent: string[] = JSON.parse(s?.getItem(SENT_KEY) ?? '[]') as string[];
  if (sent.includes(pageId)) return false;
  if (!track('PageView', { ...input, pageId })) return false;
  sent.push(pageId);
  s?.setItem(SENT_KEY, JSON.stringify(sent.slice(-500)));
  return true;
}

/** Sends the queue now, MAX_BATCH events per beacon. */
export function flush(): void {
  while (queue.length) {
    const events = queue.slice(0, MAX_BATCH);
    queue = queue.slice(MAX_BATCH);
    const body = JSON.stringify({ tenant: document.documentElement.dataset.tenant, sessionId: sessionId(), events });
    if (!navigator.sendBeacon?.(endpoint(), body)) {
      void fetch(endpoint(), { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => {});
    }
  }
}

/** The number of events waiting (for tests). */
export const pending = (): number => queue.length;

const contentIdOf = (el: Element | null): number | undefined => {
  const n = Number(el?.getAttribute('data-content-id'));
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

function articleViews(root: ParentNode): void {
  for (const a of root.querySelectorAll('.load-more-page[data-content-id]')) {
    const contentId = contentIdOf(a);
    if (contentId) trackPageView(`content:${contentId}`, { contentId, path: location.pathname });
  }
}

function menuOf(a: Element): string | null {
  if (a.closest('.mega-menu')) return 'mega_menu';
  if (a.closest('header')) return 'header';
  if (a.closest('footer')) return 'footer';
  return null;
}

const intAttr = (el: Element | null | undefined, name: string): number | undefined => {
  const n = Number(el?.getAttribute(name));
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * The event a click on a link records (public §7 "Tracked interactions": registration clicks,
 * block title clicks, content links, body links, social and menu clicks), read from the markup.
 */
export function clickEvent(a: Element): { type: EventType; input: Input } | null {
  const href = a.getAttribute('href') ?? '';
  if (!/^(https?:\/\/|\/)/i.test(href)) return null;
  const url = href.slice(0, 2048);
  const step = a.getAttribute('data-track-step');
  if (step) return { type: 'Registration', input: { step } };
  // House ads record their own clicks (ClickHouseAd, site/client/ads.ts), not as body, list or menu links.
  if (a.closest('[data-house-ad]')) return null;
  const blockId = a.closest('[data-block-id]')?.getAttribute('data-block-id')?.slice(0, 64) || undefined;
  if (a.closest('.block-title') && blockId) return { type: 'ClickBlockTitleLink', input: { blockId, url } };
  const item = contentIdOf(a.closest('.item[data-content-id]'));
  const page = intAttr(document.body, 'data-page-content');
  const recs = a.closest('[data-recommended]');
  if (item && recs && recommendedIds(recs).includes(item)) {
    return { type: 'ClickBlueConicRecommendation', input: { recommendationId: `${recommenderOf(recs)}:${item}`, url, contentId: page } };
  }
  if (item) return { type: 'ClickContentLink', input: { contentId: item, url, blockId } };
  if (page && a.closest('.content-body')) return { type: 'ClickContentBody', input: { contentId: page, url } };
  const label = (a.textContent ?? '').trim();
  if (a.closest('.social-links')) return { type: 'ClickSocialBrand', input: { network: (label || new URL(href, location.href).hostname).toLowerCase().slice(0, 50) } };
  const menu = menuOf(a);
  if (menu) return { type: 'ClickMenu', input: { menu, label: label.slice(0, 200) || '(image)', url } };
  return null;
}

const recommendedIds = (el: Element): number[] => (el.getAttribute('data-recommended') ?? '').split(' ').map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
const recommenderOf = (el: Element): string => el.getAttribute('data-recommender')?.replace(/[^a-z]/g, '') || 'masthead';
const viewedRecommendations = new WeakSet<Element>();

/**
 * A recommendation block was seen (half of it in view): one ViewBlueConicRecommendation per
 * recommended item, once per block and page, naming the page's item.
 */
export function recommendationViews(block: Element): void {
  if (viewedRecommendations.has(block)) return;
  viewedRecommendations.add(block);
  const contentId = intAttr(document.body, 'data-page-content');
  for (const id of recommendedIds(block)) track('ViewBlueConicRecommendation', { recommendationId: `${recommenderOf(block)}:${id}`, contentId });
}

function watchRecommendations(root: ParentNode): void {
  const blocks = [...root.querySelectorAll('[data-recommended]')];
  if (!blocks.length || typeof IntersectionObserver !== 'function') return;
  const observer = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (e.isIntersecting && e.intersectionRatio >= 0.5) { observer.unobserve(e.target); recommendationViews(e.target); }
    }
  }, { threshold: [0.5] });
  for (const b of blocks) observer.observe(b);
}

/** Starts the client: the page's view, appended articles' views, link clicks, and the flushes. */
export function startEvents(api: EventConsent): void {
  consentApi = api;
  const body = document.body;
  const contentId = intAttr(body, 'data-page-content');
  const sectionId = intAttr(body, 'data-page-section');
  const views = () => {
    trackPageView(body.getAttribute('data-page-id') ?? `path:${location.pathname}`, { path: location.pathname, contentId, sectionId });
    articleViews(document);
  };
  views();
  watchRecommendations(document);
  if (listening) return;
  listening = true;
  // A reader who grants consent on this page counts as having viewed it (still once per page id).
  api.onChange?.(views);
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) articleViews(n.parentElement ?? n);
  }).observe(document.body, { childList: true, subtree: true });
  document.addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest?.('a[href]');
    const ev = a && clickEvent(a);
    if (ev) track(ev.type, ev.input);
  }, { capture: true });
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flush(); });
  window.addEventListener('pagehide', flush);
  setInterval(flush, FLUSH_MS);
}
