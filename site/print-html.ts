// The print view's <main> as a string (issue 37): half of a build's pages are print views, and
// their markup is small and fixed, so it is written here without React. The bytes are exactly
// those React writes for `<Main>` of a print page (site/pages.tsx, content.tsx, items.tsx Picture):
// the same elements, attributes in the same order, and every text and attribute value escaped by
// the project's one escape (engine/domain/html-escape.ts) in React's spelling of the apostrophe.
// tests/integration/build-string-render.test.ts renders every print view of the demo both ways.
// The gate and zmag islands (stateful components) are still rendered by React, only for the items
// that have them; a page this renderer does not cover returns null and React renders it.
import type { ContentView, ImageView, PageView, SiteLink } from './model';
import { escapeHtml } from '../engine/domain/html-escape';
import { safeHref } from '../engine/domain/links';

/**
 * Text or an attribute value as React escapes it: the same five characters as escapeHtml, with
 * the apostrophe as `&#x27;` (React's spelling) instead of `&#39;`.
 */
export function escapeLikeReact(text: string): string {
  const e = escapeHtml(text);
  return e.length !== text.length && e.includes('&#39;') ? e.replaceAll('&#39;', '&#x27;') : e;
}

const t = escapeLikeReact;

/**
 * Whether the string renderers are used (always, in builds); off, React renders every part, as
 * before them. Set by site/document.tsx setStringRenderers for the test that compares the two.
 */
export const stringRenderers = { on: true };

/** Thrown where React would write something other than a plain escape: the page goes to React. */
export class LeaveToReact extends Error {}

/** React's test for a javascript: URL in src/href (replaced by a throwing script): such pages go to React. */
// eslint-disable-next-line no-control-regex
const JAVASCRIPT_URL = /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;

/** Islands: rendered by React (stateful components), given by the caller so this module stays React-free. */
export interface PrintIslands { gate(content: ContentView): string; zmag(content: ContentView): string }

/** A URL React writes as it is (not a javascript: one, which it rewrites). */
export function url(value: string): string {
  if (JAVASCRIPT_URL.test(value)) throw new LeaveToReact();
  return t(value);
}

/** site/link.tsx A: an anchor for a safe href, else the label in a span. */
export function anchor(link: SiteLink, className?: string): string {
  const href = safeHref(link.href);
  const cls = className === undefined ? '' : ` class="${t(className)}"`;
  if (href === null) return `<span${cls}>${t(link.label)}</span>`;
  return `<a href="${url(href)}"${cls}${link.newTab ? ' target="_blank" rel="noopener"' : ''}>${t(link.label)}</a>`;
}

export function breadcrumbs(crumbs: SiteLink[]): string {
  if (crumbs.length < 2) return '';
  let li = '';
  for (let i = 0; i < crumbs.length; i++) {
    const b = crumbs[i]!;
    li += i === crumbs.length - 1 ? `<li><span aria-current="page">${t(b.label)}</span></li>` : `<li>${anchor(b)}</li>`;
  }
  return `<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>${li}</ol></nav>`;
}

export function byline(c: ContentView): string {
  if (c.authors.length === 0 && !c.date) return '';
  let authors = '';
  if (c.authors.length > 0) {
    const links = c.authorLinks;
    const names = !links || links.length !== c.authors.length
      ? t(c.authors.join(', '))
      : links.map((l, i) => `<span>${i > 0 ? ', ' : ''}${anchor(l, 'author-link')}</span>`).join('');
    authors = `<span class="authors">By ${names}</span>`;
  }
  const time = c.date ? `<time${c.dateTime ? ` datetime="${t(c.dateTime)}"` : ''}>${t(c.date)}</time>` : '';
  return `<p class="byline">${authors}${time}</p>`;
}

/** An attribute when its value is not undefined (React leaves those out). */
export function opt(name: string, value: string | number | undefined): string {
  return value === undefined ? '' : ` ${name}="${typeof value === 'number' ? value : t(value)}"`;
}

/**
 * site/items.tsx Picture (`eager`, `className`, `sizes` as there; sizes defaults to the image's).
 * Throws LeaveToReact where React would write something else.
 */
export function picture(image: ImageView, eager = true, className?: string, sizesOverride?: string): string {
  if (image.src === '' || JAVASCRIPT_URL.test(image.src) || !Number.isFinite(image.width) || !Number.isFinite(image.height) || typeof image.alt !== 'string') throw new LeaveToReact();
  const sizes = sizesOverride ?? image.sizes;
  let out = `<picture${opt('class', className)}>`;
  for (const s of image.sources ?? []) out += `<source${opt('type', s.type)}${opt('srcSet', s.srcset)}${opt('sizes', sizes)}/>`;
  const position = image.position ? image.position.trim() : '';
  out += `<img${opt('src', image.src)}${opt('srcSet', image.srcset)}${opt('sizes', image.srcset ? sizes : undefined)}${opt('alt', image.alt)}`
    + `${opt('width', image.width)}${opt('height', image.height)}${eager ? '' : ' loading="lazy"'} decoding="async"${image.position ? ` style="object-position:${t(position)}"` : ''}/>`;
  return `${out}</picture>`;
}

export function contentBody(c: ContentView, islands: PrintIslands): string {
  const zmag = c.zmagViewerUrl ? islands.zmag(c) : '';
  if (c.gated) return `<div class="content-body gated">${c.teaser ? `<p>${t(c.teaser)}</p>` : ''}${islands.gate(c)}${zmag}</div>`;
  return `<div class="content-body rich-text">${c.bodyHtml}</div>${zmag}`;
}

function article(c: ContentView, islands: PrintIslands): string {
  let out = '<article class="print-article">';
  if (c.teaser) out += `<p class="deck">${t(c.teaser)}</p>`;
  out += byline(c);
  if (c.image) out += `<figure>${picture(c.image)}${c.image.caption ? `<figcaption>${t(c.image.caption)}</figcaption>` : ''}</figure>`;
  return `${out}${contentBody(c, islands)}</article>`;
}

/** The pages this renderer writes: print views (grid pages are site/main-html.ts's). */
function canRender(page: PageView): boolean {
  return page.kind === 'print' && page.content !== null && page.rows.length === 0 && !page.shell && !page.magazine;
}

/** The print page's <main>, or null when React must render it. */
export function printMainHtml(page: PageView, islands: PrintIslands): string | null {
  if (!canRender(page)) return null;
  try {
    return `<main id="main" class="main main-print"><div class="site-width">${pageHeader(page)}${article(page.content!, islands)}</div></main>`;
  } catch (e) {
    if (e instanceof LeaveToReact) return null;
    throw e;
  }
}

/** Breadcrumbs and the page header (h1 and intro) of site/pages.tsx Main. */
export function pageHeader(page: PageView): string {
  const intro = page.intro && page.kind !== 'not-found' && !page.shell ? `<p class="page-intro">${t(page.intro)}</p>` : '';
  return `${breadcrumbs(page.breadcrumbs)}<div class="page-header"><h1 class="${page.headingHidden ? 'visually-hidden' : 'page-title'}">${t(page.heading)}</h1>${intro}</div>`;
}
