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
// - House fallbacks (ad-server brands): a slot's prerendered house creative shows until GPT answers;
//   it stays (and is measured) when the answer is empty and goes when an ad fills the slot. The
//   slot flags loaded, rendered and visible are data attributes of the slot (public §4).
// - Ad-frame messages (public §7): native items, skin data and welcome ads from frames in the
//   page's slots; malformed ones are ignored silently (§8).
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
interface GptSlot { addService(s: unknown): GptSlot; defineSizeMapping(m: unknown): GptSlot; setCollapseEmptyDiv(collapse: boolean): GptSlot; getSlotElementId(): string }
interface GptSlotEvent { slot: GptSlot; isEmpty?: boolean }
interface GptSizeMappingBuilder { addSize(viewport: [number, number], sizes: unknown): GptSizeMappingBuilder; build(): unknown }
interface PubAds {
  setTargeting(key: string, value: string): void; enableSingleRequest(): void; collapseEmptyDivs(): void;
  enableLazyLoad(o: typeof LAZY_LOAD): void; refresh(slots: GptSlot[]): void;
  addEventListener(type: 'slotRenderEnded' | 'slotOnload' | 'impressionViewable', fn: (e: GptSlotEvent) => void): void;
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
export function startGpt(ads: PageAdsView, doc: Document = document, consent: Consent | null = null): Map<string, GptSlot> {
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
      // A slot with a house fallback keeps its space when the answer is empty: the fallback, shown
      // meanwhile, stays. data-ad-pending: asked for, not rendered yet.
      const el = doc.getElementById(slot.id)!;
      if (el.querySelector('.ad-fallback')) gs.setCollapseEmptyDiv(false);
      el.dataset.adPending = '';
      gs.addService(pubads);
      defined.set(slot.id, gs);
    }
    watchSlotEvents(pubads, (e) => doc.getElementById(e.slot.getSlotElementId()), consent);
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
 * The slot flags (public §4: loaded, rendered, visible) as data attributes of the slot element —
 * data-ad-loaded when the creative's frame loaded, data-ad-rendered="filled"|"empty" when GPT
 * rendered its answer, data-ad-visible when the impression became viewable — and the house
 * fallback: kept and measured when the answer is empty, removed when an ad fills the slot.
 */
export function watchSlotEvents(pubads: Pick<PubAds, 'addEventListener'>, elementOf: (e: GptSlotEvent) => HTMLElement | null, consent: Consent | null): void {
  pubads.addEventListener('slotRenderEnded', (e) => {
    const el = elementOf(e);
    if (!el) return;
    delete el.dataset.adPending;
    el.dataset.adRendered = e.isEmpty ? 'empty' : 'filled';
    const fallback = el.querySelector<HTMLElement>('.ad-fallback');
    if (!fallback) return;
    if (e.isEmpty) measureHouseAds(consent, [...fallback.querySelectorAll<HTMLElement>('[data-house-ad]')]);
    else fallback.remove();
  });
  pubads.addEventListener('slotOnload', (e) => { const el = elementOf(e); if (el) el.dataset.adLoaded = ''; });
  pubads.addEventListener('impressionViewable', (e) => { const el = elementOf(e); if (el) el.dataset.adVisible = ''; });
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
let stickyStarted = false;
export function startSticky(doc: Document = document): void {
  const bar = doc.querySelector<HTMLElement>('[data-ad-sticky]');
  if (stickyStarted || !bar || sessionFlag(STICKY_CLOSED_KEY)) return;
  stickyStarted = true;
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

/**
 * The welcome ad (public §4, §9: delay default 0 s, length default 15 s): opens its delay after the
 * page loaded and closes after its length, on X, on Escape or on a click beside it. Closing resets
 * it: its timers stop, a tag ad's frame is emptied (the third-party tag stops running) and the
 * dialog is back in its first state — so it opens once per page view, and a page shown again from
 * the back/forward cache runs it from the start with its full length. A tag ad runs only with
 * advertising consent. Returns the close function.
 */
export function startWelcome(consent: Consent | null, doc: Document = document, el = doc.querySelector<HTMLElement>('[data-ad-welcome]')): () => void {
  if (!el) return () => undefined;
  const delay = Number(el.dataset.delay ?? 0) * 1000;
  const length = Number(el.dataset.length ?? 15) * 1000;
  let timers: ReturnType<typeof setTimeout>[] = [];
  const clear = () => { for (const t of timers) clearTimeout(t); timers = []; };
  const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') close(); };
  const close = () => {
    clear();
    run += 1;
    el.classList.remove('is-open');
    doc.removeEventListener('keydown', onKey);
    el.querySelector('iframe[data-srcdoc]')?.removeAttribute('srcdoc');
  };
  let run = 0;
  const show = () => {
    el.classList.add('is-open');
    doc.addEventListener('keydown', onKey);
    timers.push(setTimeout(close, length));
  };
  const open = () => {
    const frame = el.querySelector<HTMLIFrameElement>('iframe[data-srcdoc]');
    if (frame) {
      if (!consent?.has('targeting')) return;
      frame.srcdoc = frame.dataset.srcdoc ?? '';
      return show();
    }
    // An image ad opens once its image is ready, so the dialog never grows while it is shown (CLS).
    const img = el.querySelector('img');
    if (!img || img.complete) return show();
    const at = run;
    void img.decode().catch(() => undefined).then(() => { if (at === run) show(); });
  };
  const schedule = () => { close(); run += 1; timers.push(setTimeout(open, delay)); };
  el.querySelector('.ad-welcome-close')?.addEventListener('click', close);
  el.addEventListener('click', (e) => { if (e.target === el) close(); });
  // The delay counts from the page's load, so the ad never competes with the page's own content.
  if (doc.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  window.addEventListener('pageshow', (e) => { if (e.persisted) schedule(); });
  return close;
}

/** A native ad item an ad frame sends (public §7). */
export interface AdFrameNative { title: string; url: string; summary?: string; image?: string; label?: string }
/**
 * What an ad frame may post to the page (public §7), as a JSON string: native ad items for the
 * content-list or body slot the frame is in, the skin's data (from the reskin slot's frame) or a
 * welcome ad. Anything else — not JSON, another shape, an unsafe address — is ignored silently (§8).
 */
export type AdFrameMessage =
  | { type: 'native'; items: AdFrameNative[] }
  | { type: 'skin'; clickUrl: string; background?: string; image?: string }
  | { type: 'welcome'; image: string; clickUrl?: string; delay?: number; length?: number };
/** Native items are shown this long after the frame sent them (public §9: completion delayed 500 ms). */
export const NATIVE_COMPLETION_MS = 500;

const webUrl = (v: unknown): string | undefined => {
  if (typeof v !== 'string') return undefined;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch { return undefined; }
};
const text = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.trim() && v.length <= max ? v.trim() : undefined);
const seconds = (v: unknown, min: number, max: number): number | undefined => (Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? v as number : undefined);

/** Reads an ad frame's message; null for anything malformed. Optional fields that are malformed are dropped. */
export function parseAdFrameMessage(data: unknown): AdFrameMessage | null {
  if (typeof data !== 'string') return null;
  let m: Record<string, unknown>;
  try {
    const v: unknown = JSON.parse(data);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    m = v as Record<string, unknown>;
  } catch { return null; }
  const opt = <K extends string, V>(k: K, v: V | undefined) => (v === undefined ? {} : { [k]: v } as Record<K, V>);
  if (m.type === 'native') {
    if (!Array.isArray(m.items)) return null;
    const items = (m.items as unknown[]).slice(0, 5).flatMap((raw): AdFrameNative[] => {
      const i = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
      const title = text(i.title, 200);
      const url = webUrl(i.url);
      return title && url ? [{ title, url, ...opt('summary', text(i.summary, 500)), ...opt('image', webUrl(i.image)), ...opt('label', text(i.label, 60)) }] : [];
    });
    return items.length ? { type: 'native', items } : null;
  }
  if (m.type === 'skin') {
    const clickUrl = webUrl(m.clickUrl);
    const background = typeof m.background === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(m.background) ? m.background : undefined;
    return clickUrl ? { type: 'skin', clickUrl, ...opt('background', background), ...opt('image', webUrl(m.image)) } : null;
  }
  if (m.type === 'welcome') {
    const image = webUrl(m.image);
    return image ? { type: 'welcome', image, ...opt('clickUrl', webUrl(m.clickUrl)), ...opt('delay', seconds(m.delay, 0, 120)), ...opt('length', seconds(m.length, 1, 300)) } : null;
  }
  return null;
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, attrs: Record<string, string>, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}
const SPONSORED_LINK = { rel: 'sponsored noopener', target: '_blank' };

/** A native card like the house natives' (site/ads-html.ts), built from an ad frame's item. */
function nativeCard(doc: Document, item: AdFrameNative, tag: 'li' | 'aside'): HTMLElement {
  const link = el(doc, 'a', { class: 'native-ad-link', href: item.url, ...SPONSORED_LINK },
    ...(item.image ? [el(doc, 'img', { class: 'native-ad-image', src: item.image, alt: '', loading: 'lazy' })] : []),
    el(doc, 'span', { class: 'native-ad-title' }, item.title));
  return el(doc, tag, { class: 'native-ad' }, el(doc, 'span', { class: 'native-ad-label' }, item.label ?? 'Sponsored'), link,
    ...(item.summary ? [el(doc, 'p', { class: 'native-ad-summary' }, item.summary)] : []));
}

/**
 * What the page does with an ad frame's message (public §7): native items replace the frame in its
 * native slot (after NATIVE_COMPLETION_MS; the slot's data-ad-native says "complete"); the reskin
 * frame's skin colours the page around the site column and links its margins; a welcome ad opens
 * like the house one (it closes after its length and resets). Messages from frames of other slots
 * do nothing.
 */
export function applyAdFrameMessage(msg: AdFrameMessage, frame: HTMLIFrameElement, doc: Document = document): void {
  const slot = frame.closest<HTMLElement>('.ad-slot');
  if (!slot) return;
  if (msg.type === 'native') {
    if (!slot.matches('.ad-content-list-native, .ad-content-body-native')) return;
    setTimeout(() => {
      const box = el(doc, 'div', { class: 'ad-frame-native' }, ...msg.items.map((i) => nativeCard(doc, i, 'aside')));
      slot.querySelector('.ad-frame-native')?.remove();
      frame.hidden = true;
      slot.append(box);
      slot.dataset.adNative = 'complete';
    }, NATIVE_COMPLETION_MS);
  } else if (msg.type === 'skin') {
    if (!slot.matches('.ad-reskin')) return;
    const body = doc.body;
    body.classList.add('ad-frame-skin');
    if (msg.background) body.style.backgroundColor = msg.background;
    if (msg.image) body.style.backgroundImage = `url("${msg.image.replace(/["\\]/g, '')}")`;
    body.dataset.adSkinUrl = msg.clickUrl;
    body.addEventListener('click', (e) => { if (e.target === body) window.open(body.dataset.adSkinUrl, '_blank', 'noopener'); });
  } else {
    doc.querySelector('[data-ad-welcome][data-ad-frame]')?.remove();
    const img = el(doc, 'img', { src: msg.image, alt: 'Advertisement' });
    const box = el(doc, 'div', { class: 'ad-welcome-box' }, el(doc, 'button', { type: 'button', class: 'ad-welcome-close', 'aria-label': 'Close ad' }, '×'),
      msg.clickUrl ? el(doc, 'a', { href: msg.clickUrl, ...SPONSORED_LINK }, img) : img);
    const dialog = el(doc, 'div', { class: 'ad-welcome', 'data-ad-welcome': '', 'data-ad-frame': '', role: 'dialog', 'aria-label': 'Advertisement',
      'data-delay': String(msg.delay ?? 0), 'data-length': String(msg.length ?? 15) }, box);
    doc.body.append(dialog);
    startWelcome(null, doc, dialog);
  }
}

/** Listens for ad frames' messages: only from a frame inside one of the page's ad slots. */
export function listenToAdFrames(doc: Document = document): void {
  window.addEventListener('message', (e: MessageEvent) => {
    if (!e.source) return;
    const frame = [...doc.querySelectorAll<HTMLIFrameElement>('.ad-slot iframe')].find((f) => f.contentWindow === e.source);
    if (!frame) return;
    const msg = parseAdFrameMessage(e.data);
    if (msg) applyAdFrameMessage(msg, frame, doc);
  });
}

const contentIdOf = (doc: Document): number | undefined => {
  const v = Number(doc.body.dataset.pageContent);
  return Number.isSafeInteger(v) && v > 0 ? v : undefined;
};

/** Viewable impressions (50% for 1 s, once per creative) and clicks of the house creatives, through the event pipeline. */
export function measureHouseAds(consent: Consent | null, creatives: readonly HTMLElement[] = [...document.querySelectorAll<HTMLElement>('[data-house-ad]')]): void {
  if (creatives.length === 0) return;
  const contentId = contentIdOf(creatives[0]!.ownerDocument);
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
    measureHouseAds(consent, [...doc.querySelectorAll<HTMLElement>('[data-house-ad]')]);
    return;
  }
  // The sticky bar opens before consent only when it has a house fallback to show.
  if (doc.querySelector('[data-ad-sticky] .ad-fallback')) startSticky(doc);
  const tryStart = () => {
    if (gptStarted || !consent?.has('targeting')) return;
    listenToAdFrames(doc);
    startGpt(ads, doc, consent);
    startSticky(doc);
  };
  tryStart();
  // Without advertising consent no ad is asked for: the slots' house fallbacks show (and are measured).
  if (!gptStarted) {
    measureHouseAds(consent, [...doc.querySelectorAll<HTMLElement>('.ad-fallback [data-house-ad]')]);
    consent?.onChange(tryStart);
  }
}
