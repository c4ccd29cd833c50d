// The body HTML allow-list (content bodies and html blocks): the one table the admin's editor
// (admin/lib/sanitize-body.ts, in the browser) and the server's sanitiser (engine/html/sanitize.ts:
// build, previews, the API's secondary pages and gated bodies) both follow, so that nothing an
// editor may save is dropped by the build and nothing the build drops is kept by the editor.
// Pure data and checks; browser-safe.

/** Elements a body may hold, after renaming (BODY_RENAMES). */
export const BODY_TAGS = [
  'p', 'br', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's',
  'sub', 'sup', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  'pre', 'code', 'hr', 'span', 'dl', 'dt', 'dd', 'abbr', 'cite', 'q', 'mark', 'small',
] as const;
export type BodyTag = (typeof BODY_TAGS)[number];

/** Elements kept under another name: a page has exactly one h1 (its title), so body headings start at h2. */
export const BODY_RENAMES: Readonly<Record<string, BodyTag>> = { h1: 'h2' };

/** Attributes each element may carry; every other attribute (event handlers, style, class…) goes. */
export const BODY_ATTRIBUTES: Readonly<Partial<Record<BodyTag, readonly string[]>>> = {
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'title', 'loading'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  abbr: ['title'],
  ol: ['start'],
};

/** Elements removed together with everything inside them (any other unknown element is unwrapped to its content). */
export const BODY_DROPPED_WITH_CONTENT = [
  'script', 'style', 'textarea', 'option', 'select', 'noscript', 'iframe', 'object', 'embed', 'template', 'title',
  'svg', 'math', 'head', 'xmp', 'noembed', 'noframes', 'plaintext', 'frameset', 'frame', 'applet',
] as const;

/** Schemes a link may use; scheme-less (relative) addresses are allowed, protocol-relative (//host) ones are not. */
export const BODY_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
/** Schemes an image source may use. */
export const BODY_IMAGE_SCHEMES = ['http', 'https'] as const;

const KEPT = new Set<string>(BODY_TAGS);

/** The element a body keeps for `tag` (lower case), after renaming; null when it is not kept. */
export function bodyTagFor(tag: string): BodyTag | null {
  const t = tag.toLowerCase();
  const renamed = BODY_RENAMES[t] ?? t;
  return KEPT.has(renamed) ? (renamed as BodyTag) : null;
}

/** True when `attr` may stay on the body element `tag`. */
export function isBodyAttribute(tag: string, attr: string): boolean {
  return (BODY_ATTRIBUTES[tag as BodyTag] ?? []).includes(attr.toLowerCase());
}

/**
 * True when a link (`href`) or image (`src`) address is allowed: a listed scheme, or no scheme at
 * all but not //host. Control characters and blanks are ignored when reading the scheme, as
 * browsers do ("java\tscript:").
 */
export function isBodyUrl(kind: 'href' | 'src', url: string): boolean {
  // eslint-disable-next-line no-control-regex -- browsers ignore these inside a scheme
  const probe = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (probe.startsWith('//') || probe.startsWith('/\\') || probe.startsWith('\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(probe)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  return (kind === 'href' ? BODY_LINK_SCHEMES : BODY_IMAGE_SCHEMES).includes(scheme as never);
}
