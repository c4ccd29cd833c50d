// The plain-text part of a newsletter, written from the same resolved view as the HTML, so both
// parts carry the same stories, ads and links.
import { htmlToText } from '../domain/text';
import type { BlockView, ItemView, NewsletterView } from './view';

function item(it: ItemView): string[] {
  const meta = [it.labels.join(' · '), it.author, it.eventInfo].filter(Boolean).join(' · ');
  return [it.title, ...(meta ? [meta] : []), ...(it.teaser ? [it.teaser] : []), it.href, ''];
}

function block(b: BlockView): string[] {
  const heading = 'title' in b && b.title ? [b.title.label.toUpperCase(), ''] : [];
  switch (b.kind) {
    case 'content_list': return [...heading, ...b.items.flatMap(item)];
    case 'contacts': return [...heading, ...b.contacts.flatMap(item)];
    case 'html': {
      const text = htmlToText(b.html);
      return text ? [...heading, text, ''] : heading;
    }
    case 'issue': return [...heading, htmlToText(b.html), ...(b.href ? [b.href] : []), ''];
    case 'ad': return [`[${b.label}] ${b.headline}`, ...(b.body ? [b.body] : []), b.href, ''];
    case 'passendo': return [`[${b.image.alt}] ${b.image.href ?? ''}`, ''];
  }
}

/** The text/plain part. */
export function newsletterText(v: NewsletterView): string {
  const h = v.header;
  const lines: string[] = [v.subject];
  if (v.preheader) lines.push(v.preheader);
  lines.push('');
  if (v.webVersionUrl) lines.push(`View this email in your browser: ${v.webVersionUrl}`, '');
  lines.push(h.name, ...(h.style === 3 ? [h.date] : []), ...(h.tagLine ? [h.tagLine] : []), '');
  for (const row of v.rows) {
    if (row.title) lines.push(`== ${row.title.text} ==`, '');
    for (const col of row.columns) for (const b of col) lines.push(...block(b));
  }
  const f = v.footer;
  lines.push('----', f.safeSenderInfo, '', `Unsubscribe: ${f.unsubscribe}`);
  if (f.manageSubscriptions) lines.push(`Manage subscriptions: ${f.manageSubscriptions}`);
  if (f.subscribe) lines.push(`Subscribe: ${f.subscribe}`);
  lines.push(`Customer Service: ${f.customerService}`, `Privacy Policy: ${f.privacyPolicy}`, '', f.copyright);
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
