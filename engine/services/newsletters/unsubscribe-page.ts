// The small HTML pages of the unsubscribe route, and the form bodies it reads (RFC 8058: the
// one-click POST carries List-Unsubscribe=One-Click as multipart/form-data or
// application/x-www-form-urlencoded). Every value is escaped; the pages load nothing.
import { escapeHtml } from '../../domain/html-escape';


/** Headers of every page: not cached, not indexed, not framed, no referrer (the token is in the URL). */
export { PAGE_HEADERS } from '../page-shell';

const STYLE = 'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}'
  + 'button{font:inherit;padding:.6rem 1.4rem;border:0;border-radius:4px;background:#222;color:#fff;cursor:pointer}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`
    + `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** "a•••@example.com": enough for readers to recognise their address, not enough to read it off a shared screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** GET: asks before doing anything, so link scanners that follow the link unsubscribe nobody. */
export function confirmPage(o: { token: string; email: string; newsletter: string }): string {
  return page('Unsubscribe', `<p>Stop sending <strong>${escapeHtml(o.newsletter)}</strong> to ${escapeHtml(maskEmail(o.email))}?</p>`
    + `<form method="post" action="?token=${encodeURIComponent(o.token)}">`
    + '<input type="hidden" name="List-Unsubscribe" value="One-Click">'
    + '<button type="submit">Unsubscribe</button></form>');
}

export function messagePage(title: string, message: string): string {
  return page(title, `<p>${escapeHtml(message)}</p>`);
}

export { urlencodedFields } from '../page-shell';

/** The plain fields of a multipart/form-data body (files are ignored). */
export function multipartFields(body: string, contentType: string | undefined): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const b = boundary?.[1] ?? boundary?.[2];
  const out: Record<string, string> = {};
  if (!b) return out;
  for (const part of body.split(`--${b}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /content-disposition:[^\r\n]*;\s*name="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined || /filename=/i.test(head) || name in out) continue;
    out[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return out;
}
