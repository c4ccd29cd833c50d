// <head>: title with the site-name suffix, description, canonical, robots, Open Graph and Twitter
// tags (share image 1200×630, public §9), the RSS alternate link of section pages and JSON-LD.
// The charset and viewport metas are written by document.ts (React spells the attribute charSet).
import type { ChromeView, HeadView } from './model';
import { escapeJsonForHtml } from './json';
import { TAG_MANAGER_ID } from '../engine/domain/settings';
import { CAPTCHA_META } from './islands/captcha';
import { CONSENT_META } from '../engine/domain/consent';

/**
 * Tracking metadata (public §2, §4, §7): the tag-manager container id and an inline loader that
 * only prepares it: the dataLayer, gtag and the Google Consent Mode v2 defaults (everything denied
 * in opt-in regions, granted in opt-out ones). The tag manager itself is loaded by the consent
 * client (site/client/consent.ts) once the performance category is granted, and only once.
 * A signed draft preview renders none of it; on prerendered pages, which are the same for every
 * query string, the loader does nothing when the address has preview-mode=true (and the consent
 * client then loads nothing either: the meta is marked off).
 */
export const TRACKING_META = 'masthead-tag-manager';
export const TRACKING_LOADER = `(function(d,w){var m=d.querySelector('meta[name="${TRACKING_META}"]');if(!m)return;`
  + `if(new URLSearchParams(w.location.search).get('preview-mode')==='true'){m.setAttribute('data-off','');return;}`
  + `w.dataLayer=w.dataLayer||[];w.gtag=function(){w.dataLayer.push(arguments);};`
  + `var v=m.getAttribute('data-consent-mode')==='opt-out'?'granted':'denied';`
  + `w.gtag('consent','default',{analytics_storage:v,ad_storage:v,ad_user_data:v,ad_personalization:v,functionality_storage:v,personalization_storage:v,security_storage:'granted',wait_for_update:500});`
  + `})(document,window);`;

function Tracking({ head, chrome }: { head: HeadView; chrome: ChromeView }) {
  const id = chrome.tagManagerId;
  const consent = head.noTracking ? null : chrome.consent ?? null;
  const tag = !head.noTracking && id && TAG_MANAGER_ID.test(id);
  return (
    <>
      {consent ? <meta name={CONSENT_META} content={JSON.stringify(consent)} /> : null}
      {tag ? <meta name={TRACKING_META} content={id} data-consent-mode={consent?.mode ?? 'opt-in'} /> : null}
      {tag ? <script dangerouslySetInnerHTML={{ __html: TRACKING_LOADER }} /> : null}
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

const NOINDEX_META = '<meta name="robots" content="noindex"/>';

/**
 * The markup Head renders for `{ ...head, robots: 'noindex' }`, derived from `html` (what it
 * rendered for `head`) without a second render: the print view's head is its content page's with
 * robots noindex (engine/build/stages/resolve.ts). The robots meta follows the canonical link, or
 * the description when there is none; React escapes ">" in attribute values, so the first "/>"
 * after the tag's start ends it. Null when `head` has another robots value.
 */
export function noindexHeadMarkup(html: string, head: HeadView): string | null {
  if (head.robots === 'noindex') return html;
  if (head.robots) return null;
  const tag = head.canonical ? '<link rel="canonical" href="' : '<meta name="description" content="';
  const start = html.indexOf(tag);
  const end = start < 0 ? -1 : html.indexOf('/>', start);
  if (end < 0) return null;
  return html.slice(0, end + 2) + NOINDEX_META + html.slice(end + 2);
}
