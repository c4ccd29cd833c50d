// Ad-frame messages of the ads client (issue 19; public §7): native items, skin data and welcome
// ads sent by frames in the page's slots; malformed ones are ignored silently (§8). ads.ts listens
// once GPT starts.
import { startWelcome } from './ads-house';

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
