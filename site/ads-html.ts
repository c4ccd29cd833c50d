// House ad markup as HTML strings (issue 19): native cards go into prerendered lists and into
// sanitised article bodies, which are strings, so they are written here with every value escaped.
// Links to advertisers carry rel="sponsored"; the data attributes are what the ads client measures
// (viewable impressions and clicks through the event pipeline).
import type { NativeAdView } from './model';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c]!);

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
