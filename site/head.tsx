// <head>: title with the site-name suffix, description, canonical, robots, Open Graph and Twitter
// tags (share image 1200×630, public §9), the RSS alternate link of section pages and JSON-LD.
// The charset and viewport metas are written by document.ts (React spells the attribute charSet).
import type { ChromeView, HeadView } from './model';
import { escapeJsonForHtml } from './json';
import { TAG_MANAGER_ID } from '../engine/domain/settings';
import { CAPTCHA_META } from './islands/captcha';

/**
 * Tracking metadata (public §2, §7): the tag-manager container id and the loader that starts it.
 * A signed draft preview renders none of it; on prerendered pages, which are the same for every
 * query string, the loader does nothing when the address has preview-mode=true.
 */
export const TRACKING_META = 'masthead-tag-manager';
export const TRACKING_LOADER = `(function(d,w){var m=d.querySelector('meta[name="${TRACKING_META}"]');`
  + `if(!m||new URLSearchParams(w.location.search).get('preview-mode')==='true')return;`
  + `w.dataLayer=w.dataLayer||[];w.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`
  + `var s=d.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(m.content);`
  + `d.head.appendChild(s);})(document,window);`;

function Tracking({ head, chrome }: { head: HeadView; chrome: ChromeView }) {
  const id = chrome.tagManagerId;
  if (head.noTracking || !id || !TAG_MANAGER_ID.test(id)) return null;
  return (
    <>
      <meta name={TRACKING_META} content={id} />
      <script dangerouslySetInnerHTML={{ __html: TRACKING_LOADER }} />
    </>
  );
}

// The print view shares its content page's structured data object: serialise it once.
const jsonLdCache = new WeakMap<object, string>();
function jsonLd(value: Record<string, unknown>): string {
  let json = jsonLdCache.get(value);
  if (json === undefined) jsonLdCache.set(value, (json = escapeJsonForHtml(value)));
  return json;
}

export function Head({ head, chrome }: { head: HeadView; chrome: ChromeView }) {
  const img = head.image;
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      {head.canonical && <link rel="canonical" href={head.canonical} />}
      {head.robots && <meta name="robots" content={head.robots} />}
      {chrome.recaptchaKey && <meta name={CAPTCHA_META} content={chrome.recaptchaKey} />}
      <meta property="og:site_name" content={chrome.siteName} />
      <meta property="og:type" content={head.ogType} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      {head.canonical && <meta property="og:url" content={head.canonical} />}
      {img && <meta property="og:image" content={img.url} />}
      {img && <meta property="og:image:width" content={String(img.width)} />}
      {img && <meta property="og:image:height" content={String(img.height)} />}
      {img && <meta property="og:image:alt" content={img.alt} />}
      <meta name="twitter:card" content={img ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      {img && <meta name="twitter:image" content={img.url} />}
      {head.rssHref && <link rel="alternate" type="application/rss+xml" title={head.rssTitle ?? chrome.siteName} href={head.rssHref} />}
      {chrome.favicon && <link rel="icon" href={chrome.favicon} />}
      <link rel="stylesheet" href={chrome.cssHref} integrity={chrome.cssIntegrity} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(head.jsonLd) }} />
      <Tracking head={head} chrome={chrome} />
    </>
  );
}
