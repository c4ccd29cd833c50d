// The project's standalone HTML pages (not prerendered: links a reader or contributor opens from an
// e-mail, such as company updates, contract approval, unsubscribe, preview sign-in): one shell, one
// set of headers, one form-body parser. Transport-free: api/http/standalone-page.ts sends them.
// Escaping is the project's one (engine/domain/html-escape.ts).
import { escapeHtml } from '../domain/html-escape';

/** Headers of every standalone page: never cached or indexed, never framed, no scripts. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
} as const;

const BASE_STYLE = 'body{font:16px/1.6 system-ui,sans-serif;max-width:44rem;margin:6vh auto;padding:0 1.5rem;color:#1f2430}h1{font-size:1.6rem}a{color:#1d4ed8}'
  + 'label{display:block;font-weight:600;margin:1rem 0 .25rem}'
  + 'button{font:inherit;margin-top:1rem;padding:.55rem 1.1rem;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer}'
  + '.error{color:#b42318;font-weight:600}';

/** A whole page: `body` is markup (escape what it quotes); `style` adds the page's own rules. */
export function standalonePage(title: string, body: string, style = ''): string {
  return '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>'
    + `<meta name="robots" content="noindex"/><title>${escapeHtml(title)}</title><style>${BASE_STYLE}${style}</style>`
    + `</head><body><main>${body}</main></body></html>\n`;
}

/** The fields of an application/x-www-form-urlencoded body (first value of each name). */
export function urlencodedFields(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(body)) if (!(k in out)) out[k] = v;
  return out;
}

/** A page that says one thing, with a way back to the site's home (preview, simulation and theme-test links that cannot be opened). */
export function messagePage(title: string, text: string): string {
  return standalonePage(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Return to Home</a></p>`);
}
