// Resolve + render of the page groups, shared by the full build's workers and the incremental
// builder (so both produce the same bytes by construction). A group is the unit rendered together:
// a content item's page and print view, all pages of one listing, or the shells with 404.html.
// Each page comes back with its files, a content hash and the input keys it read.
import type { ChromeView, HeadView, PageView } from '../../../site/model';
import { noindexHeadMarkup } from '../../../site/head';
import { authorGroup, contentGroup, digest, listingGroup, magazineGroup, SHELL_DEPS } from '../deps';
import { magazinePageDeps, pageDeps } from './page-deps';
import { resolveAuthorPage } from './resolve-author';
import { authorsWithPages } from './pages';
import type { DocumentParts } from '../../../site/document';
import { renderPageParts } from './render';
import { membershipsModuleDeps } from './resolve-module';
import { resolveLeadersPages } from './resolve-leaders';
import { resolvePartsPages } from './resolve-parts';
import {
  hasPage, resolveContentPage, resolveIssuePage, resolveListingPage, resolveNotFoundPage, resolvePrintPage, resolvePublicationPage, resolveShellPages,
  type ResolveContext,
} from './resolve';
import { sanitizeBody } from '../../html/sanitize';
import type { BuildCaches } from '../caches';
import type { BuildContent, BuildPerson, BuildSection } from '../types';

/** A file's bytes: encoded to UTF-8 once, then hashed and written as they are. */
export interface PageFile { path: string; body: Buffer }
export interface PageOut {
  /** Page path (/404.html for the error page). */
  path: string;
  grp: string;
  hash: string;
  deps: string[];
  files: PageFile[];
  /** False for 404.html, which is not listed in builds/meta prerendered. */
  listed: boolean;
}

/** Most encoded chrome parts kept per chrome (BuildCaches.encodedChrome: a tenant's, once per worker). */
const ENCODED_MAX = 1_000;

/*
 * Pages are encoded in the build's scratch buffer (BuildCaches.scratch) before one copy into a
 * buffer of their exact size: a Buffer.from per part and a Buffer.concat allocated each part and
 * the page again (a 24 KB page: 15 µs before, 7 µs so).
 */

/** Room for `bytes` more bytes after the first `used` ones of the scratch buffer; the buffer. */
function reserve(caches: BuildCaches, used: number, bytes: number): Buffer {
  const scratch = caches.scratch;
  if (used + bytes <= scratch.length) return scratch;
  const grown = Buffer.allocUnsafeSlow(Math.max(used + bytes, scratch.length * 2));
  scratch.copy(grown, 0, 0, used);
  return (caches.scratch = grown);
}

/** Copies the first `used` bytes of the scratch buffer out. */
function takeScratch(caches: BuildCaches, used: number): Buffer {
  const out = Buffer.allocUnsafeSlow(used);
  caches.scratch.copy(out, 0, 0, used);
  return out;
}

/** A string's UTF-8 bytes (what Buffer.from gives), through the scratch buffer. */
function encodeString(caches: BuildCaches, s: string): Buffer {
  // A UTF-16 code unit is at most 3 UTF-8 bytes (a surrogate pair, two units, is 4).
  return takeScratch(caches, reserve(caches, 0, s.length * 3).write(s, 0));
}

/**
 * The document's bytes. Pages are mostly two-byte strings (one typographic character is enough),
 * whose UTF-8 encoding costs about 2 µs per KB; the chrome (header, mega menu, footer) is a third
 * of a page and the same on every page, so its bytes are reused.
 */
function encodeDocument(caches: BuildCaches, chrome: ChromeView, doc: DocumentParts): Buffer {
  const { encodedChrome } = caches;
  let cache = encodedChrome.get(chrome);
  if (!cache) encodedChrome.set(chrome, (cache = new Map()));
  let used = 0;
  for (let i = 0; i < doc.parts.length; i++) {
    const s = doc.parts[i]!;
    if (!s) continue;
    if (!doc.shared[i]) {
      used += reserve(caches, used, s.length * 3).write(s, used);
      continue;
    }
    let b = cache.get(s);
    if (!b) {
      if (cache.size >= ENCODED_MAX) cache.clear();
      cache.set(s, (b = Buffer.from(s)));
    }
    used += b.copy(reserve(caches, used, b.length), used);
  }
  return takeScratch(caches, used);
}

export function emitPageView(ctx: ResolveContext, chrome: ChromeView, page: PageView, grp: string, deps: string[]): PageOut {
  return emitRendered(ctx.caches, chrome, page, grp, deps).out;
}

/** The page's files and its <head> markup; `headHtml`: that markup when already known. */
function emitRendered(caches: BuildCaches, chrome: ChromeView, page: PageView, grp: string, deps: string[], headHtml?: string): { out: PageOut; head: string } {
  const r = renderPageParts(page, chrome, headHtml, caches);
  // Same hash as digest(html, '\0', payload): update() encodes strings as UTF-8 too.
  const html = encodeDocument(caches, chrome, r.parts);
  const files: PageFile[] = [{ path: r.htmlFile, body: html }];
  let hash: string;
  if (r.payloadFile && r.payload !== null) {
    const payload = encodeString(caches, r.payload);
    files.push({ path: r.payloadFile, body: payload });
    hash = digest(html, '\0', payload);
  } else {
    hash = digest(html, '\0', r.payload ?? '');
  }
  const out = { path: page.kind === 'not-found' ? '/404.html' : page.path, grp, hash, deps, files, listed: page.kind !== 'not-found' };
  return { out, head: r.parts.head };
}

/** True when two heads differ at most in their robots value. */
function sameHeadButRobots(a: HeadView, b: HeadView): boolean {
  const keys = Object.keys(a) as (keyof HeadView)[];
  return keys.length === Object.keys(b).length && keys.every((k) => k === 'robots' || a[k] === b[k]);
}

/**
 * A content item's page and print view (none for items without a page). `body` as stored. The
 * print view's head is its page's with robots noindex: its markup is derived, not rendered again.
 * With the content view's JSON shared by both payloads (render.ts), the print head and the two
 * payloads cost 31 µs per item instead of 44 (CPU, 2,000 items of the 20,000-item corpus).
 */
export function contentPages(ctx: ResolveContext, chrome: ChromeView, c: BuildContent, body: string): PageOut[] {
  if (!hasPage(c)) return [];
  const clean = sanitizeBody(body);
  const grp = contentGroup(c.id);
  const page = resolveContentPage(ctx, c, clean);
  const print = resolvePrintPage(ctx, c, clean, page);
  const first = emitRendered(ctx.caches, chrome, page, grp, pageDeps(ctx, page, c));
  const printHead = print.head.robots === 'noindex' && sameHeadButRobots(page.head, print.head) ? noindexHeadMarkup(first.head, page.head) : null;
  return [first.out, emitRendered(ctx.caches, chrome, print, grp, pageDeps(ctx, print, c), printHead ?? undefined).out];
}

/** Listing pages from..to (to null: page `from` only) and the listing's page count. */
export function listingPages(ctx: ResolveContext, chrome: ChromeView, section: BuildSection | null, from: number, to: number | null): { pages: PageOut[]; count: number } {
  const out: PageOut[] = [];
  let count = 1;
  const last = to ?? from;
  const grp = listingGroup(section?.id ?? null);
  for (let n = from; n <= last; n++) {
    const { page, pages } = resolveListingPage(ctx, section, n);
    count = pages;
    if (n > pages) break;
    out.push(emitPageView(ctx, chrome, page, grp, pageDeps(ctx, page)));
  }
  return { pages: out, count };
}

/** Every page of a listing. */
export function allListingPages(ctx: ResolveContext, chrome: ChromeView, section: BuildSection | null): PageOut[] {
  const first = listingPages(ctx, chrome, section, 1, null);
  return first.count > 1 ? [...first.pages, ...listingPages(ctx, chrome, section, 2, first.count).pages] : first.pages;
}

export function shellPages(ctx: ResolveContext, chrome: ChromeView): PageOut[] {
  const shells = [...resolveShellPages(ctx), resolveNotFoundPage(ctx)].map((p) => emitPageView(ctx, chrome, p, 'shells', p.kind === 'membership-choose' ? [...new Set([...(p.layoutId ? pageDeps(ctx, p) : SHELL_DEPS), ...membershipsModuleDeps(ctx)])].sort() : SHELL_DEPS));
  return [...shells, ...modulePages(ctx, chrome)];
}

/**
 * The layout modules' pages (leaders, sourceesb), rendered with the shells. The membership chooser
 * reads every module layout, so adding one re-renders this group. Leaders pages also read the
 * whole-site list (a company added or removed); parts pages read the held catalogue.
 */
function modulePages(ctx: ResolveContext, chrome: ChromeView): PageOut[] {
  const mod = membershipsModuleDeps(ctx);
  const deps = (p: PageView, extra: string) => [...new Set([...pageDeps(ctx, p), ...mod, extra])].sort();
  return [
    ...resolveLeadersPages(ctx).map((p) => emitPageView(ctx, chrome, p, 'shells', deps(p, 'list:all'))),
    ...resolvePartsPages(ctx).map((p) => emitPageView(ctx, chrome, p, 'shells', deps(p, 'parts'))),
  ];
}

/** One author's page (none when the person signs no live item). */
export function authorPage(ctx: ResolveContext, chrome: ChromeView, p: BuildPerson): PageOut[] {
  if (!authorsWithPages(ctx.index, ctx.caches).has(p.id)) return [];
  const page = resolveAuthorPage(ctx, p);
  return [emitPageView(ctx, chrome, page, authorGroup(p.id), [...pageDeps(ctx, page), `p:${p.id}`].sort())];
}

/** Every author page of the tenant. */
export function authorPages(ctx: ResolveContext, chrome: ChromeView): PageOut[] {
  return (ctx.index.persons ?? []).flatMap((p) => authorPage(ctx, chrome, p));
}

/** The magazine page groups of the index: one per publication page, one per live issue page. */
export function magazineGroups(ctx: ResolveContext): string[] {
  const m = ctx.index.magazine;
  if (!m) return [];
  return [...m.publications.map((p) => magazineGroup('publication', p.id)), ...m.issues.map((i) => magazineGroup('issue', i.id))];
}

/** The page of one magazine group (none when the publication or the live issue is gone). */
export function magazinePages(ctx: ResolveContext, chrome: ChromeView, grp: string): PageOut[] {
  const [, kind, raw] = grp.split(':');
  const id = Number(raw);
  if (kind === 'publication') {
    const p = ctx.publicationById.get(id);
    if (!p) return [];
    const page = resolvePublicationPage(ctx, p);
    return [emitPageView(ctx, chrome, page, grp, magazinePageDeps(ctx, page, `mag:p:${id}`))];
  }
  const issue = ctx.index.magazine?.issues.find((i) => i.id === id);
  if (!issue || !ctx.publicationById.has(issue.publicationId)) return [];
  const page = resolveIssuePage(ctx, issue);
  return [emitPageView(ctx, chrome, page, grp, magazinePageDeps(ctx, page, `mag:i:${id}`))];
}
