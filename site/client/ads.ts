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
//
// This file holds Google Publisher Tag, refresh and startAds; the house ads are in ads-house.ts and
// the ad-frame messages in ad-frames.ts.
import { ADS_CONFIG_ID } from '../../engine/domain/ads-config';
import type { AdSlotView, PageAdsView } from '../model';
import { listenToAdFrames } from './ad-frames';
import { measureHouseAds, startSticky, startWelcome, type Consent } from './ads-house';

/** A slot refreshes only while more than this share of it is in view (public §4). */
export const REFRESH_IN_VIEW_RATIO = 0.75;
/** Lazy-load margins (public §9). */
export const LAZY_LOAD = { fetchMarginPercent: 100, renderMarginPercent: 50, mobileScaling: 2 };

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
