// Media blocks (public §3 "Grid", §4 "Hidden blocks", "Blocks dropped when empty"): each resolver
// returns the block's view, or null when the block drops.
// - image_grid: media library images (documents are not images).
// - image_gallery: the page's primary image (content pages) then media library images; drops
//   without a primary image.
// - video_player: YouTube videos by id; drops without one. Played from youtube-nocookie.com only
//   after the reader clicks (site/islands/video-player.tsx).
// - document_download: a PDF from the media library; drops without a file. A public document drops
//   on a gated page (its file has a public link); a gated one (data.gated) links to the API route
//   that serves it after the gating check, on any page, and its file is never published.
// - company_videos: on a Company page, the Video items linked to it (its related items, and videos
//   naming it as related); drops without such edges.
// Gallery and video are "hidden blocks" (public §4): on a gated page they carry the content id, and
// their island shows them only when the page's gate decision does not list them as hidden.
import { gatedDocumentHref } from '../../../domain/documents';
import { safeHref } from '../../../domain/links';
import type { BlockView, ImageView } from '../../../../site/model';
import { imageView, itemsFor, type ResolveContext } from '../resolve-context';
import { takeUnused } from '../resolve-lists';
import { lockedFor, settingsView, views, type Of, type PageEnv } from './common';

export const DOCUMENT_MIME_TYPES = new Set(['application/pdf']);
export const DEFAULT_DOCUMENT_LABEL = 'Download the document';

export function resolveImageGrid(ctx: ResolveContext, b: Of<'image_grid'>): BlockView | null {
  // Documents in the library are not images.
  const images = b.data.assetIds.map((id) => ctx.assets.get(id)).filter((a) => a?.mimeType.startsWith('image/')).map((a) => imageView(a)).filter((i) => i !== null);
  return images.length ? { kind: 'images', id: b.id, settings: settingsView(b.settings), images } : null;
}

export function resolveGallery(ctx: ResolveContext, b: Of<'image_gallery'>, env: PageEnv): BlockView | null {
  const primary = b.data.includePrimaryImage && env.contentView ? env.contentView.image : null;
  const images: ImageView[] = [];
  const seen = new Set<string>();
  const add = (img: ImageView | null) => {
    if (img && !seen.has(img.src)) { seen.add(img.src); images.push(img); }
  };
  add(primary);
  for (const id of b.data.assetIds) {
    const a = ctx.assets.get(id);
    if (a && a.mimeType.startsWith('image/')) add(imageView(a));
  }
  // Without a primary image the gallery drops: on a content page, the item's own image (when the
  // block includes it); elsewhere, the first library image.
  if (b.data.includePrimaryImage && env.contentView && !primary) return null;
  if (images.length === 0) return null;
  return { kind: 'gallery', id: b.id, settings: settingsView(b.settings), images, lockedFor: lockedFor(env) };
}

export function resolveVideo(b: Of<'video_player'>, env: PageEnv): BlockView | null {
  if (b.data.videos.length === 0) return null;
  return { kind: 'video', id: b.id, settings: settingsView(b.settings), videos: b.data.videos.map((v) => ({ ...v })), lockedFor: lockedFor(env) };
}

export function resolveDocument(ctx: ResolveContext, b: Of<'document_download'>, env: PageEnv): BlockView | null {
  const a = b.data.assetId === undefined ? undefined : ctx.assets.get(b.data.assetId);
  if (!a || !DOCUMENT_MIME_TYPES.has(a.mimeType)) return null;
  const label = b.data.label?.trim() || a.caption?.trim() || a.alt.trim() || DEFAULT_DOCUMENT_LABEL;
  // A gated document links to the API, which checks the reader's gate before sending the file.
  if (b.data.gated) return { kind: 'document', id: b.id, settings: settingsView(b.settings), document: { href: gatedDocumentHref(a.id), label, format: 'PDF', membersOnly: true }, lockedFor: lockedFor(env) };
  if (lockedFor(env) !== null) return null;
  const href = safeHref(a.path);
  if (!href) return null;
  return { kind: 'document', id: b.id, settings: settingsView(b.settings), document: { href, label, format: 'PDF' } };
}

/** Company id → the Video items that list it as related, once per build context. */
function videosNaming(ctx: ResolveContext): Map<number, number[]> {
  const { videosByCompany } = ctx.caches;
  let map = videosByCompany.get(ctx);
  if (!map) {
    map = new Map();
    for (const c of ctx.index.content) {
      if (c.type !== 'Video') continue;
      for (const id of c.relatedIds ?? []) map.set(id, [...(map.get(id) ?? []), c.id]);
    }
    videosByCompany.set(ctx, map);
  }
  return map;
}

export function resolveCompanyVideos(ctx: ResolveContext, b: Of<'company_videos'>, env: PageEnv, used: Set<number>): BlockView | null {
  const company = env.content;
  if (company?.type !== 'Company') return null;
  const linked = (company.relatedIds ?? []).filter((id) => ctx.contentById.get(id)?.type === 'Video');
  const ids = [...new Set([...linked, ...(videosNaming(ctx).get(company.id) ?? [])])];
  const items = views(ctx, takeUnused(ids, b.data.limit, used), used);
  return items.length ? { kind: 'list', id: b.id, settings: settingsView(b.settings), display: b.data.display, items: itemsFor(items, b.data.display, ctx.caches), pagination: null } : null;
}
