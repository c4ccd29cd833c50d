// Links and markup in newsletters: every href and src becomes absolute to the tenant's origin (mail
// clients have no base URL), refused schemes never become links, and staff HTML is sanitised with
// an allow-list that keeps what email layouts use (tables, inline styles) and nothing executable.
import sanitizeHtml from 'sanitize-html';
import { safeHref } from '../domain/links';

/** "https://host" from an origin or URL; throws for anything that is not http(s). */
export function normalizeOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`origin must be an absolute http(s) URL (got "${origin}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`origin must be http(s) (got "${origin}")`);
  return url.origin;
}

/**
 * The absolute form of a link: site paths ("/…", "#…", "?…") are resolved under the origin;
 * http(s) and mailto: addresses are kept; anything refused (javascript:, data:, //host, …) is null.
 */
export function absoluteLink(origin: string, href: string | null | undefined): string | null {
  const safe = safeHref(href);
  if (safe === null) return null;
  if (/^(https?:|mailto:|tel:)/i.test(safe)) return safe;
  return new URL(safe.startsWith('/') ? safe : `/${safe}`, `${origin}/`).href;
}

const SAFE_CSS = [/^(?!.*(?:url|expression|image-set|var)\s*\()[^<>{};]*$/i];
const STYLE_PROPS = [
  'color', 'background-color', 'background', 'font-size', 'font-weight', 'font-style', 'font-family', 'text-align',
  'text-decoration', 'text-transform', 'line-height', 'letter-spacing', 'padding', 'padding-top', 'padding-bottom',
  'padding-left', 'padding-right', 'margin', 'margin-top', 'margin-bottom', 'margin-left', 'margin-right', 'width',
  'max-width', 'min-width', 'height', 'border', 'border-top', 'border-bottom', 'border-left', 'border-right',
  'border-radius', 'border-collapse', 'display', 'vertical-align', 'white-space',
];

function options(origin: string): sanitizeHtml.IOptions {
  const absolute = (attr: 'href' | 'src') => (tagName: string, attribs: sanitizeHtml.Attributes) => {
    const out = { ...attribs };
    const link = absoluteLink(origin, attribs[attr]);
    if (link === null) delete out[attr];
    else out[attr] = link;
    if (tagName === 'a' && out.target === '_blank') out.rel = 'noopener';
    // Images never overflow their column in narrow clients.
    if (tagName === 'img') out.style = `${out.style ? `${out.style.replace(/;\s*$/, '')};` : ''}max-width:100%;height:auto`;
    return { tagName, attribs: out };
  };
  return {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'center', 'font'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel', 'style'],
      img: ['src', 'alt', 'width', 'height', 'style', 'align'],
      table: ['width', 'cellpadding', 'cellspacing', 'border', 'role', 'bgcolor', 'align', 'style'],
      td: ['width', 'height', 'valign', 'align', 'bgcolor', 'colspan', 'rowspan', 'style'],
      th: ['width', 'valign', 'align', 'bgcolor', 'colspan', 'rowspan', 'style'],
      font: ['color', 'size', 'face'],
      '*': ['style', 'align'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    allowedStyles: { '*': Object.fromEntries(STYLE_PROPS.map((p) => [p, SAFE_CSS])) },
    transformTags: { a: absolute('href'), img: absolute('src') },
  };
}

const cached = new Map<string, sanitizeHtml.IOptions>();

/** Staff HTML made safe for an email and a web page, with absolute links. */
export function sanitizeNewsletterHtml(html: string, origin: string): string {
  let o = cached.get(origin);
  if (!o) {
    o = options(origin);
    cached.set(origin, o);
  }
  return sanitizeHtml(html, o);
}
