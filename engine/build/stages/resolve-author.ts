// Author pages (issue 16; public §3 page data "authors"): /author/<id>/<slug> for every active
// person who signs live content — name, title, photo, bio and social links, then their items,
// newest first. Pure functions of the build context, like resolve.ts.
import { safeHref } from '../../domain/links';
import type { BlockSettingsView, BlockView, ItemView, PageView, RowView, SiteLink } from '../../../site/model';
import { imageView, itemView, type ResolveContext } from './resolve-context';
import { webPageHead } from './resolve-head';
import { AUTHOR_PAGE_ITEMS, authorsWithPages } from './pages';
import type { BuildPerson } from '../types';
import { escapeHtml } from '../../domain/html-escape';

const NO_SETTINGS: BlockSettingsView = { title: null, link: null, colorScheme: 'default', cta: null };


function row(blocks: BlockView[]): RowView {
  return { layout: '1', title: null, link: null, width: 'restricted', backgroundColor: null, textColor: null, columns: [{ blocks }] };
}

/** The bio (already sanitised) and the social links as one html block; null when there is neither. */
function profileHtml(p: BuildPerson): string | null {
  const links = p.socialLinks.flatMap((l) => {
    const href = safeHref(l.url);
    return href ? [`<li><a href="${escapeHtml(href)}" rel="me noopener" target="_blank">${escapeHtml(l.network)}</a></li>`] : [];
  });
  const parts = [p.bio ?? '', links.length ? `<ul class="author-links" aria-label="${escapeHtml(p.name)} elsewhere">${links.join('')}</ul>` : ''];
  const html = parts.join('');
  return html ? html : null;
}

/** The ids of the items an author page lists (at most AUTHOR_PAGE_ITEMS, newest first). */
export function authorItemIds(ctx: ResolveContext, personId: number): number[] {
  return (authorsWithPages(ctx.index, ctx.caches).get(personId) ?? []).slice(0, AUTHOR_PAGE_ITEMS);
}

export function resolveAuthorPage(ctx: ResolveContext, p: BuildPerson): PageView {
  const ids = authorItemIds(ctx, p.id);
  const items = ids.map((id) => itemView(ctx, id)).filter((v): v is ItemView => v !== null);
  const crumbs: SiteLink[] = [{ label: 'Home', href: '/', newTab: false }, { label: p.name, href: p.path, newTab: false }];
  const blocks: BlockView[] = [];
  const photo = imageView(p.image);
  if (photo) blocks.push({ kind: 'image', id: 'author-photo', settings: NO_SETTINGS, image: photo });
  const profile = profileHtml(p);
  if (profile) blocks.push({ kind: 'html', id: 'author-profile', settings: NO_SETTINGS, html: profile });
  const rows = blocks.length ? [row(blocks)] : [];
  rows.push(row([{ kind: 'list', id: 'author-content', settings: { ...NO_SETTINGS, title: `Latest from ${p.name}` }, display: 'list', items, pagination: null }]));
  return {
    kind: 'author', path: p.path, heading: p.name, headingHidden: false, intro: p.title, layoutId: null,
    hideHeader: false, hideFooter: false, sectionPath: null, breadcrumbs: crumbs,
    head: webPageHead(ctx, { title: p.name, path: p.path, description: p.title ? `${p.name}, ${p.title}` : `Articles by ${p.name}`, crumbs, canonicalPath: p.path }),
    rows, content: null, shell: null,
    inputs: { contentIds: ids, sectionIds: [], layoutId: null },
  };
}

/** Every author page of the tenant. */
export function resolveAuthorPages(ctx: ResolveContext): PageView[] {
  const authors = authorsWithPages(ctx.index, ctx.caches);
  return (ctx.index.persons ?? []).filter((p) => authors.has(p.id)).map((p) => resolveAuthorPage(ctx, p));
}
