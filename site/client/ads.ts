// The ads client (issue 19; public §4 Ads, §9): no framework, loaded only on pages with ad slots.
//
// - Google Publisher Tag, the way Google documents it: after advertising (targeting) consent only,
//   the script loads once (from the page's configured URL), every slot of the page is defined with
//   its size mapping, page-level targeting (section, content id, content type, page type, tenant),
//   single request architecture, lazy loading (fetch margin 100%, render margin 50%, mobile
//   scaling 2) and collapsing of empty divs.
// - Refresh: a slot with a refresh rate is refreshed every refreshRate seconds only while more than
//   75% of it is in view (IntersectionObserver) and the tab is visible.
// - Sticky bottom: shown after the reader first scrolls; its X closes it for the session.
// - House ads (tenants without an ad server; prerendered by the build): the welcome ad shows after
//   its delay and closes after its length (or on X / Escape); every [data-house-ad] creative sends a
//   viewable impression (50% in view for 1 s) and its clicks through the event pipeline, and its
//   impression tracker is requested only with advertising consent.
import { ADS_CONFIG_ID } from '../../engine/domain/ads-config';
import type { AdSlotView, PageAdsView } from '../model';
import { track } from './events';
/** A slot refreshes only while more than this share of it is in view (public §4). */
export const REFRESH_IN_VIEW_RATIO = 0.75;
/** The sticky bar stays closed for the rest of the session once closed. */
export const STICKY_CLOSED_KEY = 'masthead-ad-sticky-closed';
/** Lazy-load margins (public §9). */
export const LAZY_LOAD = { fetchMarginPercent: 100, renderMarginPercent: 50, mobileScaling: 2 };

interface Consent { has(category: 'targeting'): boolean; onChange(fn: () => void): () => void }

/** A viewable impression: this share of the creative in view… */
export const VIEWABLE_RATIO = 0.5;
/** …for this long (ms). */
export const VIEWABLE_MS = 1000;

/* Minimal GPT surface we use (https://developers.google.com/publisher-tag/reference). */
interface GptSlot { addService(s: unknown): GptSlot; defineSizeMapping(m: unknown): GptSlot }
interface GptSizeMappingBuilder { addSize(viewport: [number, number], sizes: unknown): GptSizeMappingBuilder; build(): unknown }
interface PubAds {
  setTargeting(key: string, value: string): void; enableSingleRequest(): void; collapseEmptyDivs(): void;
  enableLazyLoad(o: typeof LAZY_LOAD): void; refresh(slots: GptSlot[]): void;
}
interface Googletag {
  cmd: { push(fn: () => void): void } | (() => void)[];
  defineSlot(path: string, sizes: unknown, id: string): GptSlot | null;
  sizeMapping(): GptSizeMappingBuilder; pubads(): PubAds; enableServices(): void; display(id: string): void;
}
const w = window as unknown as { googletag?: Googletag };

export function readAdsConfig(doc: Document = document): PageAdsView | null {
  const raw = doc.getElementById(ADS_CONFIG_ID)?.textContent;
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as PageAdsView;
    return v && Array.isArray(v.slots) ? v : null;
  } catch {
    return null;
  }
}

/** GPT sizes: 'fluid' for native units without sizes. */
const gptSizes = (s: AdSlotView): unknown => (s.sizes.length ? s.sizes : 'fluid');

let gptStarted = false;

/** Loads GPT once and defines, targets and displays every slot of the page. Returns the defined slots by element id. */
export function startGpt(ads: PageAdsView, doc: Document = document): Map<string, GptSlot> {
  const defined = new Map<string, GptSlot>();
  if (gptStarted || !ads.gptUrl) return defined;
  gptStarted = true;
  const gt = (w.googletag = w.googletag ?? ({ cmd: [] } as unknown as Googletag));
  const s = doc.createElement('script');
  s.async = true;
  s.src = ads.gptUrl;
  s.crossOrigin = 'anonymous';
  doc.head.appendChild(s);
  gt.cmd.push(() => {
    const g = w.googletag!;
    const pubads = g.pubads();
    for (const [k, v] of Object.entries(ads.targeting)) if (v) pubads.setTargeting(k, v);
    for (const slot of ads.slots) {
      if (!doc.getElementById(slot.id)) continue;
      const gs = g.defineSlot(slot.path, gptSizes(slot), slot.id);
      if (!gs) continue;
      if (slot.sizeMapping.length) {
        const m = g.sizeMapping();
        for (const e of [...slot.sizeMapping].sort((a, b) => b.minWidth - a.minWidth)) m.addSize([e.minWidth, 0], e.sizes);
        gs.defineSizeMapping(m.build());
      }
      gs.addService(pubads);
      defined.set(slot.id, gs);
    }
    pubads.enableSingleRequest();
    pubads.enableLazyLoad(LAZY_LOAD);
    pubads.collapseEmptyDivs();
    g.enableServices();
    for (const id of defined.keys()) g.display(id);
    watchRefresh(ads.slots, defined, (gs) => g.pubads().refresh([gs]), doc);
  });
  return defined;
}

/**
 * Refreshes each slot with a refresh rate every refreshRate seconds, only while more than 75% of
 * it is in view and the tab is visible. Returns a stop function.
 */
export function watchRefresh<T>(slots: readonly AdSlotView[], defined: ReadonlyMap<string, T>, refresh: (slot: T) => void, doc: Document = document): () => void {
  const inView = new Map<Element, boolean>();
  const timers: ReturnType<typeof setInterval>[] = [];
  const observer = typeof IntersectionObserver === 'function'
    ? new IntersectionObserver((entries) => {
      for (const e of entries) inView.set(e.target, e.isIntersecting && e.intersectionRatio > REFRESH_IN_VIEW_RATIO);
    }, { threshold: [0, REFRESH_IN_VIEW_RATIO, 0.8, 1] })
    : null;
  for (const slot of slots) {
    const gs = defined.get(slot.id);
    const el = doc.getElementById(slot.id);
    if (!gs || !el || slot.refreshRate <= 0 || !observer) continue;
    observer.observe(el);
    timers.push(setInterval(() => {
      if (inView.get(el) && doc.visibilityState === 'visible') refresh(gs);
    }, slot.refreshRate * 1000));
  }
  return () => {
    observer?.disconnect();
    for (const t of timers) clearInterval(t);
  };
}

function sessionFlag(key: string): boolean {
  try { return sessionStorage.getItem(key) === '1'; } catch { return false; }
}
function setSessionFlag(key: string): void {
  try { sessionStorage.setItem(key, '1'); } catch { /* storage off: closed for this page only */ }
}

/** The sticky bottom bar: shown after the first scroll unless closed earlier in the session; X closes it. */
export function startSticky(doc: Document = document): void {
  const bar = doc.querySelector<HTMLElement>('[data-ad-sticky]');
  if (!bar || sessionFlag(STICKY_CLOSED_KEY)) return;
  const show = () => {
    if (sessionFlag(STICKY_CLOSED_KEY)) return;
    bar.classList.add('is-open');
    const banner = doc.querySelector<HTMLElement>('.consent');
    // Sticky ad is offset by the consent banner's height (public §9).
    bar.style.setProperty('--consent-offset', banner ? `${banner.offsetHeight}px` : '0px');
    // The page's floating controls (Back To Top) rise above the open bar instead of under it.
    doc.documentElement.style.setProperty('--ad-sticky-height', `${bar.offsetHeight}px`);
  };
  window.addEventListener('scroll', show, { once: true, passive: true });
  bar.querySelector('.ad-sticky-close')?.addEventListener('click', () => {
    setSessionFlag(STICKY_CLOSED_KEY);
    bar.classList.remove('is-open');
    doc.documentElement.style.removeProperty('--ad-sticky-height');
  });
}

/** The welcome ad: shown its delay after the page loaded, closed after its length, on X or on Escape. A tag ad runs only with advertising consent. */
export function startWelcome(consent: Consent | null, doc: Document = document): void {
  const el = doc.querySelector<HTMLElement>('[data-ad-welcome]');
  if (!el) return;
  const delay = Number(el.dataset.delay ?? 0) * 1000;
  const length = Number(el.dataset.length ?? 15) * 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const close = () => {
    el.classList.remove('is-open');
    if (timer) clearTimeout(timer);
    doc.removeEventListener('keydown', onKey);
  };
  const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') close(); };
  el.querySelector('.ad-welcome-close')?.addEventListener('click', close);
  el.addEventListener('click', (e) => { if (e.target === el) close(); });
  // The delay counts from the page's load, so the ad never competes with the page's own content.
  const afterLoad = (fn: () => void) => (doc.readyState === 'complete' ? fn() : window.addEventListener('load', fn, { once: true }));
  afterLoad(() => setTimeout(() => {
    const frame = el.querySelector<HTMLIFrameElement>('iframe[data-srcdoc]');
    if (frame) {
      if (!consent?.has('targeting')) return;
      frame.srcdoc = frame.dataset.srcdoc ?? '';
    }
    el.classList.add('is-open');
    doc.addEventListener('keydown', onKey);
    timer = setTimeout(close, length);
  }, delay));
}

const contentIdOf = (doc: Document): number | undefined => {
  const v = Number(doc.body.dataset.pageContent);
  return Number.isSafeInteger(v) && v > 0 ? v : undefined;
};

/** Viewable impressions (50% for 1 s, once per creative) and clicks of the house creatives, through the event pipeline. */
export function measureHouseAds(consent: Consent | null, doc: Document = document): void {
  const creatives = [...doc.querySelectorAll<HTMLElement>('[data-house-ad]')];
  if (creatives.length === 0) return;
  const contentId = contentIdOf(doc);
  const info = (el: HTMLElement) => ({ adId: Number(el.dataset.houseAd), unitKey: el.dataset.adUnit || undefined, contentId });
  const timers = new Map<Element, ReturnType<typeof setTimeout>>();
  const seen = new Set<Element>();
  const observer = typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => {
    for (const e of entries) {
      const el = e.target as HTMLElement;
      if (seen.has(el)) continue;
      if (e.isIntersecting && e.intersectionRatio >= VIEWABLE_RATIO) {
        if (!timers.has(el)) timers.set(el, setTimeout(() => {
          seen.add(el);
          observer?.unobserve(el);
          track('ViewHouseAd', info(el));
          const tracker = el.dataset.adTracker;
          if (tracker && consent?.has('targeting')) new Image().src = tracker;
        }, VIEWABLE_MS));
      } else {
        clearTimeout(timers.get(el));
        timers.delete(el);
      }
    }
  }, { threshold: [0, VIEWABLE_RATIO, 1] }) : null;
  for (const el of creatives) {
    observer?.observe(el);
    el.addEventListener('click', (e) => {
      const a = (e.target as Element).closest('a[href]');
      if (a) track('ClickHouseAd', { ...info(el), url: (a as HTMLAnchorElement).href });
    });
  }
}

/**
 * Starts the ads of the page. House ads: the sticky bar, the welcome ad and their measurement now.
 * GPT: once advertising consent is given (now or later), the slots and the sticky bar.
 */
export function startAds(consent: Consent | null, doc: Document = document): void {
  const ads = readAdsConfig(doc);
  if (!ads) return;
  if (!ads.gptUrl) {
    startSticky(doc);
    startWelcome(consent, doc);
    measureHouseAds(consent, doc);
    return;
  }
  const tryStart = () => {
    if (gptStarted || !consent?.has('targeting')) return;
    startGpt(ads, doc);
    startSticky(doc);
  };
  tryStart();
  if (!gptStarted) consent?.onChange(tryStart);
}
