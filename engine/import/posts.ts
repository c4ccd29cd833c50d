// One post or page of an export to a content record: status, dates, authors, section, tags,
// teaser from the excerpt, body through the shared sanitiser with its images moved into the media
// library, SEO title and description, and a 301 from its old URL to its new canonical path.
import { contentSchema, type ContentInput } from '../domain/records';
import { contentPath, slugify } from '../domain/paths';
import { sanitizeBody } from '../html/sanitize';
import { convertWordPressBody } from './wp-body';
import { ImportFormatError, type ArchiveSource, type ImportAttachment, type ImportPost } from './model';
import type { MediaLibrary, Resolved } from './media';
import type { Structure } from './structure';
import { escapeHtml } from '../domain/html-escape';

export interface MappedPost {
  record: ContentInput;
  /** Images the post uses, with the rows of those imported now. */
  images: Resolved[];
  /** The old URL's path (normalised) → the new canonical path, for published items. */
  redirect?: { from: string; to: string } | undefined;
  /** 301s from the item's earlier URLs (old slugs), for published items. */
  extraRedirects?: { from: string; to: string }[] | undefined;
  /** The old URL's path whatever the status (an item no longer published loses its redirect). */
  oldFrom?: string | undefined;
}

export interface PostContext {
  file: string;
  source: ArchiveSource;
  structure: Structure;
  attachments: Map<string, ImportAttachment>;
  /** Reusable blocks (WordPress wp_block items) by id. */
  blocks?: Map<string, string> | undefined;
  media: MediaLibrary;
  siteUrl?: string | undefined;
  warn(kind: string, record: string, detail: string): void;
}

/** Statuses that are not imported, with the reason given in the report. */
export const SKIPPED_STATUS: Record<string, string> = {
  trash: 'in the trash', 'auto-draft': 'an auto-draft WordPress made, never saved', inherit: 'a revision',
};

const decodeEntities = (s: string) => s.replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#0?39;|&#8217;/g, '’').replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)));
const plain = (html: string) => decodeEntities(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();

/** Yoast's title template with the variables it stores (%%title%%, %%sep%%, %%sitename%%…). */
function yoastTitle(template: string | undefined, title: string): string | undefined {
  if (!template) return undefined;
  const out = template.replace(/%%title%%/g, title).replace(/%%sep%%/g, '–').replace(/%%[a-z_]+%%/g, '').replace(/\s*–\s*$/, '').replace(/\s+/g, ' ').trim();
  return out || undefined;
}

/** The path of an old URL, without a trailing slash; null when it has none worth redirecting (/?p=12). */
export function oldPath(link: string | undefined, siteUrl: string | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try { url = new URL(link, siteUrl ? `${siteUrl.replace(/\/+$/, '')}/` : 'http://old.invalid/'); } catch { return null; }
  const path = url.pathname.replace(/\/+$/, '').replace(/%[0-9a-f]{2}/gi, (e) => e.toUpperCase());
  return path && path !== '/' ? path : null;
}

export async function mapPost(p: ImportPost, ctx: PostContext, id: number): Promise<MappedPost> {
  const label = `${p.kind} "${p.title.slice(0, 60)}" (id ${p.sourceId})`;
  const fail = (field: string, message: string): never => { throw new ImportFormatError(ctx.file, p.pos, label, `${field}: ${message}`); };
  const w = (kind: string, detail: string) => ctx.warn(kind, label, detail);
  const s = ctx.structure;

  for (const n of p.notes ?? []) w(n.kind, n.detail);
  let status: 1 | 2 = p.status === 'publish' || p.status === 'future' ? 1 : 2;
  if (p.status === 'private') w('private-as-draft', 'a private post is imported as a draft');
  else if (!['publish', 'future', 'draft', 'pending'].includes(p.status)) fail('status', `unknown status ${JSON.stringify(p.status)}`);
  if (status === 1 && p.published === undefined) {
    w('date-missing', 'published, but the export gives no date (wp:post_date_gmt and wp:post_date are empty or 0000-00-00); imported as a draft');
    status = 2;
  }

  const sectionId = (p.kind === 'page'
    ? s.pagesSection
    : p.categories.map((c) => s.sectionOf.get(c)).find((x) => x !== undefined) ?? s.defaultSection) || s.defaultSection;
  for (const c of p.categories) if (!s.sectionOf.has(c)) w('category-unknown', `category ${c} is not in the export's category list`);
  if (!sectionId) fail('primarySectionId', 'no section for this item (its categories are unknown and no default section was planned)');

  const images: Resolved[] = [];
  let primaryImageId: number | undefined;
  const featuredSrc = p.featuredAttachment ? ctx.attachments.get(p.featuredAttachment) : undefined;
  if (p.featuredAttachment && !featuredSrc) w('image-missing', `featured image attachment ${p.featuredAttachment} is not in the export`);
  const featuredUrl = featuredSrc?.url ?? p.featuredImage;
  if (featuredUrl) {
    const r = await ctx.media.resolve(featuredUrl, featuredSrc?.alt ?? featuredSrc?.title ?? p.title);
    if (r) { images.push(r); primaryImageId = r.assetId; }
  }

  const converted = ctx.source === 'wordpress' ? convertWordPressBody(p.body, ctx.attachments, w, ctx.blocks) : p.body;
  let body = sanitizeBody(converted);
  const srcs = [...new Set([...body.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/g)].map((m) => decodeEntities(m[1]!)))];
  const replaced = new Map<string, string | null>();
  for (const src of srcs) {
    const r = await ctx.media.resolve(src, '');
    if (r) { if (!images.some((x) => x.assetId === r.assetId)) images.push(r); replaced.set(src, r.path); }
    else replaced.set(src, /^https?:\/\//i.test(src) ? src : null);
  }
  if (replaced.size) {
    body = body.replace(/<img\b[^>]*>/g, (tag) => {
      const m = /\ssrc="([^"]*)"/.exec(tag);
      if (!m) return tag;
      const to = replaced.get(decodeEntities(m[1]!));
      if (to === null) { w('image-dropped', `relative image ${m[1]} could not be found`); return ''; }
      return to ? tag.replace(m[0], ` src="${escapeHtml(to)}"`) : tag;
    });
  }

  const rawSlug = (() => { try { return decodeURIComponent(p.slug); } catch { return p.slug; } })();
  const name = plain(p.title) || (w('title-missing', 'no title; named "Untitled"'), 'Untitled');
  const record: ContentInput = {
    id, type: p.kind === 'page' ? 'Page' : 'Article', name: name.slice(0, 300), slug: slugify(rawSlug || name),
    teaser: plain(p.excerpt).slice(0, 2000), body, status,
    published: p.published !== undefined ? new Date(p.published).toISOString() : undefined,
    primarySectionId: sectionId,
    authorIds: [...new Set(p.authors.map((a) => s.personOf.get(a)).filter((x): x is number => x !== undefined))],
    imageIds: images.map((i) => i.assetId), primaryImageId,
    taxonomyIds: [...new Set(p.tags.map((t) => s.tagOf.get(t)).filter((x): x is number => x !== undefined))],
    seoTitle: yoastTitle(p.seoTitle, name)?.slice(0, 300),
    ...(p.registrationRequired ? { userRegistrationRequired: true } : {}),
    metadata: {
      ...(p.seoDescription ? { description: plain(p.seoDescription).slice(0, 500) } : {}),
      import: { source: ctx.source, id: p.sourceId, ...(p.link ? { url: p.link } : {}) },
    },
    schedules: [{ sectionId, option: 'Standard' }],
  };
  for (const a of p.authors) if (!s.personOf.has(a)) w('author-unknown', `author ${a} is not in the export's author list`);
  const checked = contentSchema.safeParse(record);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    fail(issue.path.join('.') || 'record', issue.message);
  }
  const oldFrom = oldPath(p.link, ctx.siteUrl);
  const from = status === 1 ? oldFrom : null;
  if (status === 1 && p.link && !from) w('redirect-unusable', `old URL ${p.link} has no path to redirect`);
  const to = contentPath({ id, slug: record.slug, name: record.name, sectionAlias: s.aliasOf.get(sectionId) ?? null });
  const extra = status === 1
    ? [...new Set((p.oldLinks ?? []).map((l) => oldPath(l, ctx.siteUrl)).filter((x): x is string => !!x && x !== to && x !== from))].map((f) => ({ from: f, to }))
    : [];
  return { record, images, redirect: from && from !== to ? { from, to } : undefined, extraRedirects: extra.length ? extra : undefined, oldFrom: oldFrom ?? undefined };
}
