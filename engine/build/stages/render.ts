// Stage 4, render: a resolved page → its HTML document (React server-rendered, site/document.tsx)
// and its _payload.json (the data the page was rendered from, escaped so it can be inlined).
import { renderDocumentParts, type DocumentParts } from '../../../site/document';
import { escapeJsonForHtml } from '../../../site/json';
import type { ChromeView, PageView } from '../../../site/model';

export interface RenderedPage { path: string; htmlFile: string; html: string; payloadFile: string | null; payload: string | null }
/** A rendered page with its HTML still in parts (see renderDocumentParts): the build encodes them. */
export interface RenderedParts { path: string; htmlFile: string; parts: DocumentParts; payloadFile: string | null; payload: string | null }

/** Folder of a page path, relative to the tenant root: "/" → "", "/a/b" → "a/b". */
export function pageDir(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

export function renderPageParts(page: PageView, chrome: ChromeView): RenderedParts {
  const parts = renderDocumentParts(page, chrome);
  if (page.kind === 'not-found') return { path: page.path, htmlFile: '404.html', parts, payloadFile: null, payload: null };
  const dir = pageDir(page.path);
  const prefix = dir ? `${dir}/` : '';
  // The structured data is derived from the rest (and written into the page): not repeated here.
  const payload = escapeJsonForHtml({ ...page, head: { ...page.head, jsonLd: undefined } });
  return { path: page.path, htmlFile: `${prefix}index.html`, parts, payloadFile: `${prefix}_payload.json`, payload };
}

export function renderPage(page: PageView, chrome: ChromeView): RenderedPage {
  const r = renderPageParts(page, chrome);
  return { path: r.path, htmlFile: r.htmlFile, html: r.parts.parts.join(''), payloadFile: r.payloadFile, payload: r.payload };
}
