// House ads of the ads client (issue 19; public §4 Ads, §9): the sticky bottom bar (after the
// first scroll; its X closes it for the session), the welcome ad (after its delay, closed after its
// length or on X / Escape) and the measurement of every [data-house-ad] creative — a viewable
// impression (50% in view for 1 s) and its clicks through the event pipeline, its impression tracker
// requested only with advertising consent. ads.ts starts them.
import { track } from './events';

/** The sticky bar stays closed for the rest of the session once closed. */
export const STICKY_CLOSED_KEY = 'masthead-ad-sticky-closed';

/** The reader's consent as the ads client asks it (site/client/consent.ts). */
export interface Consent { has(category: 'targeting'): boolean; onChange(fn: () => void): () => void }

/** A viewable impression: this share of the creative in view… */
export const VIEWABLE_RATIO = 0.5;
/** …for this long (ms). */
export const VIEWABLE_MS = 1000;

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
