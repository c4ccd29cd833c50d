// Stage 4, render: a resolved page → its HTML document (React server-rendered, site/document.tsx)
// and its _payload.json (the data the page was rendered from, escaped so it can be inlined).
import { renderDocumentParts, type DocumentParts } from '../../../site/document';
import { escapeJsonForHtml } from '../../../site/json';
import type { BlockView, ChromeView, ColumnView, ItemView, PageView, RowView } from '../../../site/model';
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

// Stands for a list's items while the rest of the page is serialised.
const ITEMS_MARK = '\u0000masthead:items\u0000';
const ITEMS_MARK_JSON = JSON.stringify(ITEMS_MARK);

/** JSON.stringify(items) escaped, from each item's cached JSON (an array's JSON is its members' joined by commas). */
function itemsJson(items: ItemView[], itemJson: BuildCaches['itemJson'] | undefined): string {
  let out = '[';
  for (let i = 0; i < items.length; i++) {
    const v = items[i]!;
    let json = itemJson?.get(v);
    if (json === undefined) itemJson?.set(v, (json = escapeJsonForHtml(v)));
    out += i ? `,${json}` : json;
  }
  return `${out}]`;
}

/**
 * The rows with the items of every list ('list' and 'related' blocks) a mark, copied only where
 * they change; the lists' JSON is pushed onto `json` in the order JSON.stringify meets their marks
 * (rows, columns, blocks: an array or object is written in its own order). Null: no list.
 */
function markLists(rows: RowView[], json: string[], itemJson: BuildCaches['itemJson'] | undefined): RowView[] | null {
  let out: RowView[] | null = null;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    let columns: ColumnView[] | null = null;
    for (let c = 0; c < row.columns.length; c++) {
      const col = row.columns[c]!;
      let blocks: BlockView[] | null = null;
      for (let b = 0; b < col.blocks.length; b++) {
        const block = col.blocks[b]!;
        if ((block.kind !== 'list' && block.kind !== 'related') || !block.items.length) continue;
        json.push(itemsJson(block.items, itemJson));
        (blocks ??= col.blocks.slice())[b] = { ...block, items: ITEMS_MARK } as unknown as BlockView;
      }
      if (blocks) (columns ??= row.columns.slice())[c] = { ...col, blocks };
    }
    if (columns) (out ??= rows.slice())[r] = { ...row, columns };
  }
  return out;
}

/**
 * The page's payload. The content view (most of a print view's payload: the body) is serialised
 * once per item and spliced into both payloads, and each list item once per build (itemJson);
 * JSON.stringify of an object or array is the concatenation of its members' JSON, and
 * escapeJsonForHtml escapes character by character, so the bytes are those of escaping the whole
 * page at once. A page whose own text holds a mark (not seen in practice) is serialised whole.
 */
function payloadOf(page: PageView, caches?: Pick<BuildCaches, 'contentJson' | 'itemJson'>): string {
  // The structured data is derived from the rest (and written into the page): not repeated here.
  const view = { ...page, head: { ...page.head, jsonLd: undefined } };
  const lists: string[] = [];
  const rows = markLists(page.rows, lists, caches?.itemJson);
  let content: string | undefined;
  if (page.content) {
    // A print view's content view is its content page's (resolvePrintPage): serialised once for both.
    content = caches?.contentJson.get(page.content);
    if (content === undefined) caches?.contentJson.set(page.content, (content = escapeJsonForHtml(page.content)));
  }
  if (!rows && content === undefined) return escapeJsonForHtml(view);
  const json = escapeJsonForHtml({ ...view, rows: rows ?? page.rows, content: content === undefined ? page.content : CONTENT_MARK });
  const parts = rows ? json.split(ITEMS_MARK_JSON) : [json];
  if (parts.length !== lists.length + 1) return escapeJsonForHtml(view);
  if (content !== undefined) {
    let found = -1;
    for (let i = 0; i < parts.length; i++) {
      const at = parts[i]!.indexOf(CONTENT_MARK_JSON);
      if (at < 0) continue;
      if (found >= 0 || parts[i]!.includes(CONTENT_MARK_JSON, at + 1)) return escapeJsonForHtml(view);
      found = i;
      parts[i] = parts[i]!.slice(0, at) + content + parts[i]!.slice(at + CONTENT_MARK_JSON.length);
    }
    if (found < 0) return escapeJsonForHtml(view);
  }
  let out = parts[0]!;
  for (let i = 0; i < lists.length; i++) out += lists[i]! + parts[i + 1]!;
  return out;
}

/** `headHtml`: the page's <head> markup when the caller has it already (renderDocumentParts). */
export function renderPageParts(page: PageView, chrome: ChromeView, headHtml?: string, caches?: BuildCaches): RenderedParts {
  const parts = renderDocumentParts(page, chrome, headHtml);
  if (page.kind === 'not-found') return { path: page.path, htmlFile: '404.html', parts, payloadFile: null, payload: null };
  const dir = pageDir(page.path);
  const prefix = dir ? `${dir}/` : '';
  return { path: page.path, htmlFile: `${prefix}index.html`, parts, payloadFile: `${prefix}_payload.json`, payload: payloadOf(page, caches) };
}

export function renderPage(page: PageView, chrome: ChromeView): RenderedPage {
  const r = renderPageParts(page, chrome);
  return { path: r.path, htmlFile: r.htmlFile, html: r.parts.parts.join(''), payloadFile: r.payloadFile, payload: r.payload };
}
