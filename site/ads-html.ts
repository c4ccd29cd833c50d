// House ad markup as HTML strings (issue 19): native cards go into prerendered lists and into
// sanitised article bodies, which are strings, so they are written here with every value escaped.
// Links to advertisers carry rel="sponsored"; the data attributes are what the ads client measures
// (viewable impressions and clicks through the event pipeline).
import type { AdSlotView, HouseBannerView, NativeAdView } from './model';
import { escapeHtml } from '../engine/domain/html-escape';


/** A native ad card: label, linked image and title, summary. `tag` is li in lists, aside in bodies. */
export function nativeAdHtml(ad: NativeAdView, tag: 'li' | 'aside'): string {
  const e = escapeHtml;
  const img = ad.image
    ? `<img class="native-ad-image" src="${e(ad.image.src)}" alt="" loading="lazy" decoding="async"${ad.image.width ? ` width="${ad.image.width}" height="${ad.image.height}"` : ''}/>`
    : '';
  const tracker = ad.tracker ? ` data-ad-tracker="${e(ad.tracker)}"` : '';
  return `<${tag} class="native-ad${tag === 'li' ? ' item' : ''}" data-house-ad="${ad.id}" data-ad-unit="${e(ad.unitKey)}"${tracker}>`
    + `<span class="native-ad-label">${e(ad.label)}</span>`
    + `<a class="native-ad-link" href="${e(ad.url)}" rel="sponsored noopener" target="_blank">${img}<span class="native-ad-title">${e(ad.title)}</span></a>`
    + (ad.summary ? `<p class="native-ad-summary">${e(ad.summary)}</p>` : '')
    + `</${tag}>`;
}

/** A house banner: the linked image at its own size (the sticky bar and sized slots it fits). */
export function bannerAdHtml(ad: HouseBannerView, unitKey: string): string {
  const e = escapeHtml;
  return `<a href="${e(ad.clickUrl)}" rel="sponsored noopener" target="_blank" data-house-ad="${ad.id}" data-ad-unit="${e(unitKey)}">`
    + `<img src="${e(ad.image)}" alt="${e(ad.alt)}" width="${ad.width}" height="${ad.height}" loading="lazy"/></a>`;
}

/** A slot's house fallback creative (ad-server brands), shown until Google Publisher Tag fills the slot. */
export function adFallbackHtml(slot: AdSlotView): string {
  const f = slot.fallback;
  if (!f) return '';
  return f.kind === 'native'
    ? `<div class="ad-fallback">${nativeAdHtml(f.ad, 'aside')}</div>`
    : `<div class="ad-fallback ad-fallback-banner">${bannerAdHtml(f.ad, slot.key)}</div>`;
}

/**
 * A slot's element: the container the ads client fills (ids and keys are restricted by the schema),
 * with the house creative `inner` (house-ad brands) or the slot's fallback inside. `li` in lists.
 */
export function adSlotHtml(slot: AdSlotView, tag: 'div' | 'li' = 'div', inner?: string): string {
  return `<${tag} class="ad-slot ad-${slot.type}" id="${slot.id}" data-ad-key="${slot.key}">${inner ?? adFallbackHtml(slot)}</${tag}>`;
}
