// <head> markup as a string (issue 37): React's bytes for site/head.tsx Head, rendered for every
// content and listing page. Same tags in the same order, values escaped as React does.
// tests/integration/build-string-render.test.ts compares every page of the demo with React's.
import type { ChromeView, HeadView } from './model';
import { escapeJsonForHtml } from './json';
import { TAG_MANAGER_ID } from '../engine/domain/settings';
import { CAPTCHA_META } from './islands/captcha';
import { CONSENT_META } from '../engine/domain/consent';
import { TRACKING_LOADER, TRACKING_META } from './head';
import { escapeLikeReact as t, LeaveToReact, url } from './print-html';

// The print view shares its content page's structured data object: serialise it once (as head.tsx).
const jsonLdCache = new WeakMap<object, string>();
function jsonLd(value: Record<string, unknown>): string {
  let json = jsonLdCache.get(value);
  if (json === undefined) jsonLdCache.set(value, (json = escapeJsonForHtml(value)));
  return json;
}

const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${t(content)}"/>`;

/**
 * The tracking metadata (head.tsx Tracking): its metas, and its loader script. React hoists the
 * metas (and every <title>, <meta> and non-stylesheet <link>) ahead of the other tags, so the
 * metas go before the stylesheet link and the scripts after it.
 */
function tracking(head: HeadView, chrome: ChromeView): { metas: string; script: string } {
  const id = chrome.tagManagerId;
  const consent = head.noTracking ? null : chrome.consent ?? null;
  const tag = !head.noTracking && id && TAG_MANAGER_ID.test(id);
  return {
    metas: (consent ? meta('name', CONSENT_META, JSON.stringify(consent)) : '')
      + (tag ? `<meta name="${TRACKING_META}" content="${t(id)}" data-consent-mode="${t(consent?.mode ?? 'opt-in')}"/>` : ''),
    script: tag ? `<script>${TRACKING_LOADER}</script>` : '',
  };
}

/** Head's markup, or null when React must render it (a value it would rewrite or leave out). */
export function headHtml(head: HeadView, chrome: ChromeView): string | null {
  // Values React leaves out (null, undefined) where head.tsx does not test them: left to React.
  if (typeof head.title !== 'string' || typeof head.description !== 'string' || typeof chrome.siteName !== 'string') return null;
  try {
    const img = head.image;
    const track = tracking(head, chrome);
    return `<title>${t(head.title)}</title>${meta('name', 'description', head.description)}`
      + (head.canonical ? `<link rel="canonical" href="${url(head.canonical)}"/>` : '')
      + (head.robots ? meta('name', 'robots', head.robots) : '')
      + (chrome.recaptchaKey ? meta('name', CAPTCHA_META, chrome.recaptchaKey) : '')
      + meta('property', 'og:site_name', chrome.siteName) + meta('property', 'og:type', head.ogType) + meta('property', 'og:title', head.title)
      + meta('property', 'og:description', head.description)
      + (head.canonical ? meta('property', 'og:url', head.canonical) : '')
      + (img ? meta('property', 'og:image', img.url) + meta('property', 'og:image:width', String(img.width)) + meta('property', 'og:image:height', String(img.height)) + meta('property', 'og:image:alt', img.alt) : '')
      + meta('name', 'twitter:card', img ? 'summary_large_image' : 'summary') + meta('name', 'twitter:title', head.title) + meta('name', 'twitter:description', head.description)
      + (img ? meta('name', 'twitter:image', img.url) : '')
      + (head.rssHref ? `<link rel="alternate" type="application/rss+xml" title="${t(head.rssTitle ?? chrome.siteName)}" href="${url(head.rssHref)}"/>` : '')
      + (chrome.favicon ? `<link rel="icon" href="${url(chrome.favicon)}"/>` : '') + track.metas
      + `<link rel="stylesheet" href="${url(chrome.cssHref)}" integrity="${t(chrome.cssIntegrity)}"/>`
      + `<script type="application/ld+json">${jsonLd(head.jsonLd)}</script>${track.script}`;
  } catch (e) {
    if (e instanceof LeaveToReact) return null;
    throw e;
  }
}
