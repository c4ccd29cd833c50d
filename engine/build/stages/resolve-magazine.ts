// Stage 3, resolve, magazine part (admin §2.2, public §2 page kinds issue and publication): an
// issue page (cover, description, digital edition link, table of contents by section) and a
// publication page (latest issue, archive by year, subscribe and renewal links), each with its own
// layout (a url-override of its path, else the first section layout of page type issue or
// publication, else none); and the "From the <Month Year> issue of <Publication>" link of content
// placed in a live issue; both carry the ads their layout and the units' page types allow (page types
// issue and publication). Pure functions of the build context.
import { fromIssueText, issueMonthYear } from '../../domain/magazine';
import { safeHref } from '../../domain/links';
import { zonedYear } from '../../domain/dates';
import type { IssueCardView, ItemView, PageView, SiteLink } from '../../../site/model';
import { imageView, itemView, type ResolveContext } from './resolve-context';
import { issueCard as card, issueCover, publicationIssues } from './resolve-issues';
import { adEnvOf, type PageEnv } from './blocks';
import { resolveGrid } from './resolve-grid';
import { pageAds, withListNative } from './resolve-ads';
import { webPageHead } from './resolve-head';
import { layoutForMagazine } from './resolve-layout';
import type { BuildIssue, BuildPublication } from '../types';

/** The content page's issue line, or null when the item is in no live issue. */
export function issueLink(ctx: ResolveContext, contentId: number): SiteLink | null {
  const issue = ctx.issueOfContent.get(contentId);
  const publication = issue && ctx.publicationById.get(issue.publicationId);
  if (!issue || !publication) return null;
  return { label: fromIssueText(issue.issueDate, publication.name), href: issue.path, newTab: false };
}

function link(label: string, href: string | null): SiteLink | null {
  const safe = href ? safeHref(href) : null;
  return safe ? { label, href: safe, newTab: !safe.startsWith('/') } : null;
}

function magazinePage(ctx: ResolveContext, kind: 'issue' | 'publication', path: string, heading: string, intro: string | null, crumbs: SiteLink[]) {
  const layout = layoutForMagazine(ctx.layouts, kind, path);
  // The ad rules see the page as its own page type (a unit's excludePageTypes may name issue or publication).
  const env: PageEnv = { kind: 'section', path, page: 1, section: ctx.homeSection, content: null, contentView: null, layout, adPageType: kind };
  const grid = resolveGrid(ctx, layout.primaryGrid, env, new Set());
  const rows = withListNative(ctx, adEnvOf(env), grid.rows, new Set());
  const ads = pageAds(ctx, adEnvOf(env), rows);
  const page: Omit<PageView, 'magazine'> = {
    kind, path, heading, headingHidden: false, intro, layoutId: layout.id || null, hideHeader: layout.hideHeader, hideFooter: layout.hideFooter,
    sectionPath: null, breadcrumbs: crumbs, rows, content: null, shell: null, ...(ads ? { ads } : {}),
    head: webPageHead(ctx, { title: heading, path, description: intro, crumbs, canonicalPath: path }),
    inputs: { contentIds: [...grid.used], sectionIds: [...grid.sectionIds], layoutId: layout.id || null },
  };
  return page;
}

export function resolveIssuePage(ctx: ResolveContext, issue: BuildIssue): PageView {
  const publication = ctx.publicationById.get(issue.publicationId)!;
  const pubLink: SiteLink = { label: publication.name, href: publication.path, newTab: false };
  const crumbs: SiteLink[] = [{ label: 'Home', href: '/', newTab: false }, pubLink, { label: issue.name, href: issue.path, newTab: false }];
  const page = magazinePage(ctx, 'issue', issue.path, issue.name, null, crumbs);
  // every placed id is an input, live or not: an item going live later changes the contents
  const listed = issue.sections.flatMap((s) => s.contentIds);
  const sections = issue.sections.map((s) => ({
    name: s.name,
    items: s.contentIds.map((id) => itemView(ctx, id)).filter((v): v is ItemView => v !== null),
  })).filter((s) => s.items.length > 0);
  return {
    ...page,
    head: webPageHead(ctx, { title: `${issue.name} | ${publication.name}`, path: issue.path, description: issue.description || fromIssueText(issue.issueDate, publication.name).replace(/^From the /, 'The '), crumbs, canonicalPath: issue.path }),
    inputs: { ...page.inputs, contentIds: [...new Set([...page.inputs.contentIds, ...listed])] },
    magazine: {
      kind: 'issue', publication: pubLink, date: issueMonthYear(issue.issueDate), description: issue.description, cover: issueCover(ctx, issue),
      digitalEdition: link('Read the digital edition', issue.digitalEditionUrl), sections,
    },
  };
}

export function resolvePublicationPage(ctx: ResolveContext, publication: BuildPublication): PageView {
  const crumbs: SiteLink[] = [{ label: 'Home', href: '/', newTab: false }, { label: publication.name, href: publication.path, newTab: false }];
  const page = magazinePage(ctx, 'publication', publication.path, publication.name, publication.description || null, crumbs);
  const issues = publicationIssues(ctx, publication.id);
  const archive: { year: number; issues: IssueCardView[] }[] = [];
  for (const i of issues) {
    const year = zonedYear(i.issueDate);
    let group = archive.at(-1);
    if (!group || group.year !== year) archive.push(group = { year, issues: [] });
    group.issues.push(card(ctx, i));
  }
  return {
    ...page,
    magazine: {
      kind: 'publication', description: publication.description, cover: imageView(publication.cover),
      latest: issues[0] ? card(ctx, issues[0]) : null, archive,
      subscribe: link('Subscribe', publication.subscribeUrl), renewal: link('Renew your subscription', publication.renewalUrl),
    },
  };
}
