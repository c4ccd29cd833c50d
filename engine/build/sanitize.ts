// Body and html-block HTML through sanitize-html with an allow-list: no script or style, no
// iframes, objects or forms, no event-handler or style attributes, only http(s)/mailto/tel links
// and http(s) images. Headings h1 become h2 (a page has exactly one h1); every image gets an alt.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's',
    'sub', 'sup', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
    'pre', 'code', 'hr', 'span', 'dl', 'dt', 'dd', 'abbr', 'cite', 'q', 'mark', 'small',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
  transformTags: {
    h1: 'h2',
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => (frame.tag === 'img' && !frame.attribs.src) || (frame.tag === 'a' && !frame.attribs.href && !frame.text.trim()),
};
// loading="lazy" is added by the transform, so it must be allowed too.
(OPTIONS.allowedAttributes as Record<string, string[]>).img!.push('loading');

/** Sanitised HTML for a content body or an html block. */
export function sanitizeBody(html: string): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}
