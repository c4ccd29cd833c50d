// Resolve + render of the page groups, shared by the full build's workers and the incremental
// builder (so both produce the same bytes by construction). A group is the unit rendered together:
// a content item's page and print view, all pages of one listing, or the shells with 404.html.
// Each page comes back with its files, a content hash and the input keys it read.
import type { ChromeView, PageView } from '../../site/model';
import { contentGroup, digest, listingGroup, pageDeps, SHELL_DEPS } from './deps';
import { renderPage } from './render';
import {
  hasPage, resolveContentPage, resolveListingPage, resolveNotFoundPage, resolvePrintPage, resolveShellPages, type ResolveContext,
} from './resolve';
import { sanitizeBody } from './sanitize';
import type { BuildContent, BuildSection } from './types';

export interface PageFile { path: string; body: string }
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

export function emitPageView(ctx: ResolveContext, chrome: ChromeView, page: PageView, grp: string, deps: string[]): PageOut {
  const r = renderPage(page, chrome);
  const files: PageFile[] = [{ path: r.htmlFile, body: r.html }];
  if (r.payloadFile && r.payload !== null) files.push({ path: r.payloadFile, body: r.payload });
  return { path: page.kind === 'not-found' ? '/404.html' : page.path, grp, hash: digest(r.html, '\0', r.payload ?? ''), deps, files, listed: page.kind !== 'not-found' };
}

/** A content item's page and print view (none for items without a page). `body` as stored. */
export function contentPages(ctx: ResolveContext, chrome: ChromeView, c: BuildContent, body: string): PageOut[] {
  if (!hasPage(c)) return [];
  const clean = sanitizeBody(body);
  const grp = contentGroup(c.id);
  const page = resolveContentPage(ctx, c, clean);
  const print = resolvePrintPage(ctx, c, clean, page);
  return [emitPageView(ctx, chrome, page, grp, pageDeps(ctx, page, c)), emitPageView(ctx, chrome, print, grp, pageDeps(ctx, print, c))];
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
  return [...resolveShellPages(ctx), resolveNotFoundPage(ctx)].map((p) => emitPageView(ctx, chrome, p, 'shells', SHELL_DEPS));
}
