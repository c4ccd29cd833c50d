// Body and html-block HTML through sanitize-html, configured from the one allow-list
// (engine/domain/body-html.ts, which the admin's editor follows too): no script or style, no
// iframes, objects or forms, no event-handler or style attributes, only the listed link and image
// schemes. Headings h1 become h2 (a page has exactly one h1); every image gets an alt.
//
// Nesting: an element dropped with its content that is never closed (<iframe>, <noscript>,
// <textarea>… to the end of the text) would take the rest of the body with it. Such an element
// loses its opening tag instead, and what follows it is sanitised like any other content.
import { createRequire } from 'node:module';
import sanitizeHtml from 'sanitize-html';
import {
  BODY_ATTRIBUTES, BODY_DROPPED_WITH_CONTENT, BODY_IMAGE_SCHEMES, BODY_LINK_SCHEMES, BODY_RENAMES, BODY_TAGS, isBodyUrl,
} from '../domain/body-html';

const DROPPED = new Set<string>(BODY_DROPPED_WITH_CONTENT);
/** "<" or "</" (with any spaces) then a dropped element's name, any case: a superset of the tags unwrapUnclosed looks at. */
const MAY_DROP = new RegExp(`<\\s*/?\\s*(?:${BODY_DROPPED_WITH_CONTENT.join('|')})`, 'i');

/** The htmlparser2 that sanitize-html itself loads (its version may differ from ours), so both read the markup alike. */
const { Parser } = createRequire(createRequire(import.meta.url).resolve('sanitize-html'))('htmlparser2') as typeof import('htmlparser2');

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BODY_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(BODY_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedSchemes: [...BODY_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...BODY_IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...BODY_DROPPED_WITH_CONTENT],
  transformTags: {
    ...Object.fromEntries(Object.entries(BODY_RENAMES).map(([from, to]) => [from, (_: string, attribs: sanitizeHtml.Attributes) => ({ tagName: to, attribs })])),
    a: (tagName, attribs) => ({ tagName, attribs: withUrl(attribs, 'href') }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...withUrl(attribs, 'src'), alt: attribs.alt ?? '', loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => (frame.tag === 'img' && !frame.attribs.src) || (frame.tag === 'a' && !frame.attribs.href && !frame.text.trim()),
};

/** The attributes without `name` when the allow-list refuses its address (e.g. //host). */
function withUrl(attribs: sanitizeHtml.Attributes, name: 'href' | 'src'): sanitizeHtml.Attributes {
  const value = attribs[name];
  if (value === undefined || isBodyUrl(name, value)) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

/**
 * Removes every dropped-with-content element that is closed, whole, and only the opening tag of
 * one that never is (see the header), as sanitize-html's own parser reads the markup.
 */
function unwrapUnclosed(html: string): string {
  // Without a tag that may name one (htmlparser2 reads a tag's name from an ASCII letter right
  // after "<" or "</" and lower-cases it), the parse below would find nothing to cut: most bodies
  // skip it. It was a second full parse of every body, a quarter of the sanitising.
  if (!MAY_DROP.test(html)) return html;
  const cuts: [number, number][] = [];
  const open: { name: string; start: number; end: number }[] = [];
  let unclosed = false;
  const parser = new Parser({
    onopentag(name) {
      if (DROPPED.has(name)) open.push({ name, start: parser.startIndex, end: parser.endIndex });
    },
    onclosetag(name, isImplied) {
      if (!DROPPED.has(name) || open.at(-1)?.name !== name) return;
      const o = open.pop()!;
      if (isImplied) unclosed = true;
      cuts.push(isImplied ? [o.start, o.end] : [o.start, parser.endIndex]);
    },
  }, { decodeEntities: true });
  parser.end(html);
  if (!unclosed) return html;
  // Keep the outermost cuts: a whole element removed also removes any cut inside it.
  cuts.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let at = 0;
  for (const [start, end] of cuts) {
    if (start < at) continue;
    out += html.slice(at, start);
    at = end + 1;
  }
  return out + html.slice(at);
}

/** Sanitised HTML for a content body or an html block. */
export function sanitizeBody(html: string): string {
  if (!html) return '';
  return sanitizeHtml(unwrapUnclosed(html), OPTIONS).trim();
}
