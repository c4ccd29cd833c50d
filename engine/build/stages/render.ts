// Stage 4, render: a resolved page → its HTML document (React server-rendered, site/document.tsx)
// and its _payload.json (the data the page was rendered from, escaped so it can be inlined).
import { renderDocumentParts, type DocumentParts } from '../../../site/document';
import { escapeJsonForHtml } from '../../../site/json';
import type { ChromeView, PageView } from '../../../site/model';
import type { BuildCaches } from '../caches';

export interface RenderedPage { path: string; htmlFile: string; html: string; payloadFile: string | null; payload: string | null }
/** A rendered page with its HTML still in parts (see renderDocumentParts): the build encodes them. */
export interface RenderedParts { path: string; htmlFile: string; parts: DocumentParts; payloadFile: string | null; payload: string | null }

/** Folder of a page path, relative to the tenant root: "/" → "", "/a/b" → "a/b". */
export function pageDir(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

// Stands for the content view while the rest of the page is serialised (JSON writes U+0000 as \u0000).
const CONTENT_MARK = '\u0000masthead:content\u0000';
const CONTENT_MARK_JSON = JSON.stringify(CONTENT_MARK);

/**
 * The page's payload. The content view (most of a print view's payload: the body) is serialised
 * once per item and spliced into both payloads; JSON.stringify of an object is the concatenation
 * of its members' JSON, and escapeJsonForHtml escapes character by character, so the bytes are
 * those of escaping the whole page at once.
 */
function payloadOf(page: PageView, contentJson?: BuildCaches['contentJson']): string {
  // The structured data is derived from the rest (and written into the page): not repeated here.
  const view = { ...page, head: { ...page.head, jsonLd: undefined } };
  if (!page.content) return escapeJsonForHtml(view);
  // Escaped JSON of content views by object, in the build's caches: a print view's is its content page's (resolvePrintPage).
  let content = contentJson?.get(page.content);
  if (content === undefined) contentJson?.set(page.content, (content = escapeJsonForHtml(page.content)));
  const json = escapeJsonForHtml({ ...view, content: CONTENT_MARK });
  const at = json.indexOf(CONTENT_MARK_JSON);
  // A page whose own text holds the mark as well (not seen in practice) is serialised whole.
  if (at < 0 || json.includes(CONTENT_MARK_JSON, at + 1)) return escapeJsonForHtml(view);
  return json.slice(0, at) + content + json.slice(at + CONTENT_MARK_JSON.length);
}

/** `headHtml`: the page's <head> markup when the caller has it already (renderDocumentParts). */
export function renderPageParts(page: PageView, chrome: ChromeView, headHtml?: string, caches?: BuildCaches): RenderedParts {
  const parts = renderDocumentParts(page, chrome, headHtml);
  if (page.kind === 'not-found') return { path: page.path, htmlFile: '404.html', parts, payloadFile: null, payload: null };
  const dir = pageDir(page.path);
  const prefix = dir ? `${dir}/` : '';
  return { path: page.path, htmlFile: `${prefix}index.html`, parts, payloadFile: `${prefix}_payload.json`, payload: payloadOf(page, caches?.contentJson) };
}

export function renderPage(page: PageView, chrome: ChromeView): RenderedPage {
  const r = renderPageParts(page, chrome);
  return { path: r.path, htmlFile: r.htmlFile, html: r.parts.parts.join(''), payloadFile: r.payloadFile, payload: r.payload };
}
