// Stage 3, resolve: a page's layout, grid and head → a PageView (site/model.ts). Pure functions of
// the build context; nothing here reads the store or the file system.
import { displayDate, displayInstant, formatDisplayDate, isoCalendarDate } from '../../domain/dates';
import { safeHref } from '../../domain/links';
import { teaserText } from '../../domain/text';
import { zmagViewerUrl } from '../../domain/magazine';
import type { ContentView, PageView, SiteLink } from '../../../site/model';
import { breadcrumbs, imageView, type ResolveContext } from './resolve-context';
import { adEnvOf, pagePath, type PageEnv } from './blocks';
import { resolveGrid } from './resolve-grid';
import { bodyAdSlots, insertBodyAds, pageAds, withListNative, type AdEnv } from './resolve-ads';
import { contentHead, sectionHead, webPageHead } from './resolve-head';
import { layoutForContent, layoutForHome, layoutForSection } from './resolve-layout';
import { withMembershipsModule } from './resolve-module';
import { isGated, isMetered } from './pages';
import { issueLink } from './resolve-magazine';
import type { BuildContent, BuildPerson, BuildSection } from '../types';

export { pagePath } from './blocks';
export { createResolveContext, type ResolveContext } from './resolve-context';
export { resolveIssuePage, resolvePublicationPage } from './resolve-magazine';

export const NOT_FOUND_HEADING = '404 - Page Not Found';

export { hasPage, isGated } from './pages';

/** Author links (to the pages of active authors; others stay plain names) and the item's terms. */
function bylines(ctx: ResolveContext, c: BuildContent): Pick<ContentView, 'authorLinks' | 'topics'> {
  const out: Pick<ContentView, 'authorLinks' | 'topics'> = {};
  if (c.terms.length) out.topics = c.terms;
  if (c.authors.length && ctx.index.persons) {
    const persons = personsById(ctx);
    out.authorLinks = c.authors.map((a) => {
      const p = persons.get(a.id);
      return p ? { label: a.name, href: p.path, newTab: false } : { label: a.name, href: '', newTab: false };
    });
  }
  return out;
}

function personsById(ctx: ResolveContext): Map<number, BuildPerson> {
  const list = ctx.index.persons ?? [];
  const { personMaps } = ctx.caches;
  let m = personMaps.get(list);
  if (!m) personMaps.set(list, (m = new Map(list.map((p) => [p.id, p]))));
  return m;
}

export function contentView(ctx: ResolveContext, c: BuildContent, sanitizedBody: string): ContentView {
  const gated = isGated(c) || isMetered(ctx.index, c, ctx.caches);
  const section = ctx.sectionById.get(c.sectionId);
  const instant = displayInstant(c);
  const place = c.event ? [c.event.city, c.event.state, c.event.country].filter(Boolean).join(', ') : '';
  const external = c.linkUrl ? safeHref(c.linkUrl) : null;
  return {
    id: c.id, type: c.type, title: c.name, teaser: teaserText(c.teaser), date: displayDate(c),
    dateTime: instant === null ? null : isoCalendarDate(instant), updated: formatDisplayDate(c.updatedAt),
    authors: c.authors.map((a) => a.name), ...bylines(ctx, c), labels: c.labels,
    section: section && section !== ctx.homeSection ? { label: section.name, href: section.path, newTab: false } : null,
    image: imageView(c.image),
    event: c.event && (c.event.venue || place) ? { venue: c.event.venue ?? null, place: place || null } : null,
    bodyHtml: gated ? '' : sanitizedBody,
    gated,
    zmagViewerUrl: c.zmagId ? zmagViewerUrl(c.zmagId) : null,
    externalUrl: external ? { label: c.type === 'Webinar' || c.type === 'Event' ? 'Register' : 'Visit website', href: external, newTab: !external.startsWith('/') } : null,
    issue: issueLink(ctx, c.id),
  };
}

function basePage(kind: PageView['kind'], path: string, heading: string): Omit<PageView, 'head'> {
  return {
    kind, path, heading, headingHidden: false, intro: null, layoutId: null, hideHeader: false, hideFooter: false,
    sectionPath: null, breadcrumbs: [], rows: [], content: null, shell: null,
    inputs: { contentIds: [], sectionIds: [], layoutId: null },
  };
}

export interface ListingPage { page: PageView; pages: number }

/** Home (section null) or a section listing, page `page` (1-based). */
export function resolveListingPage(ctx: ResolveContext, section: BuildSection | null, page = 1): ListingPage {
  const isHome = section === null;
  const base = isHome ? '/' : section.path;
  const layout = isHome ? layoutForHome(ctx.layouts) : layoutForSection(ctx.layouts, section.id, section.path);
  const env: PageEnv = { kind: isHome ? 'home' : 'section', path: base, page, section: isHome ? ctx.homeSection : section, content: null, contentView: null, layout };
  const grid = resolveGrid(ctx, layout.primaryGrid, env, new Set());
  const rows = withListNative(ctx, adEnvOf(env), grid.rows, new Set());
  const ads = pageAds(ctx, adEnvOf(env), rows);
  const n = Math.min(page, grid.pages);
  const path = pagePath(base, n);
  const crumbs = isHome ? [{ label: 'Home', href: '/', newTab: false }] : breadcrumbs(ctx, section.id);
  const sectionIds = [...grid.sectionIds, ...(section ? [section.id] : [])];
  const view: PageView = {
    ...basePage(isHome ? 'home' : 'section', path, isHome ? ctx.siteName : section.name),
    headingHidden: isHome,
    intro: isHome ? null : section.description,
    layoutId: layout.id || null,
    hideHeader: layout.hideHeader,
    hideFooter: layout.hideFooter,
    sectionPath: isHome ? null : section.path,
    sectionId: isHome ? ctx.homeSection?.id ?? null : section.id,
    breadcrumbs: crumbs,
    head: sectionHead(ctx, section, path, n, crumbs),
    rows,
    inputs: { contentIds: [...grid.used], sectionIds: [...new Set(sectionIds)], layoutId: layout.id || null },
    ...(ads ? { ads } : {}),
  };
  return { page: view, pages: grid.pages };
}

/** A content item's page at its canonical path. `body` is already sanitised. */
export function resolveContentPage(ctx: ResolveContext, c: BuildContent, body: string): PageView {
  const layout = layoutForContent(ctx.layouts, c);
  const plain = contentView(ctx, c, body);
  const section = ctx.sectionById.get(c.sectionId) ?? null;
  const adEnv: AdEnv = { pageType: 'content', section, content: c, excludeAds: layout.excludeAds };
  // Body units go after their paragraph counts, at the top level of the body only.
  const natives = new Set<number>();
  const bodySlots = plain.bodyHtml ? bodyAdSlots(ctx, adEnv, natives) : [];
  const view = bodySlots.length ? { ...plain, bodyHtml: insertBodyAds(plain.bodyHtml, bodySlots) } : plain;
  const placed = bodySlots.map((s) => s.slot).filter((s) => view.bodyHtml.includes(`id="${s.id}"`));
  const env: PageEnv = { kind: 'content', path: c.path, page: 1, section, content: c, contentView: view, layout };
  const grid = resolveGrid(ctx, layout.primaryGrid, env, new Set([c.id]));
  const rows = withListNative(ctx, adEnv, grid.rows, natives);
  const ads = pageAds(ctx, adEnv, rows, placed);
  const crumbs = breadcrumbs(ctx, c.sectionId, { label: c.name, href: c.path, newTab: false });
  return {
    ...basePage('content', c.path, c.name),
    layoutId: layout.id || null,
    hideHeader: layout.hideHeader,
    hideFooter: layout.hideFooter,
    sectionPath: section && section !== ctx.homeSection ? section.path : null,
    sectionId: section?.id ?? null,
    breadcrumbs: crumbs,
    head: contentHead(ctx, c, view, crumbs),
    rows,
    content: view,
    inputs: { contentIds: [...grid.used], sectionIds: [...new Set([c.sectionId, ...grid.sectionIds])], layoutId: layout.id || null },
    ...(ads ? { ads } : {}),
  };
}

export function printPath(id: number): string {
  return `/print/content/${id}`;
}

/**
 * The print view /print/content/<id>: the article alone, canonical to the content page, noindex.
 * Pass the item's resolved content page to reuse its content view and head.
 */
export function resolvePrintPage(ctx: ResolveContext, c: BuildContent, body: string, contentPage?: PageView): PageView {
  // The print view has no ads: a content page whose body holds ad slots is not reused.
  const bodyAds = contentPage?.ads?.slots.some((s) => s.type === 'content-body-native' || s.type === 'content-body-embed');
  const view = (!bodyAds && contentPage?.content) || contentView(ctx, c, body);
  const path = printPath(c.id);
  const crumbs = contentPage?.breadcrumbs ?? breadcrumbs(ctx, c.sectionId, { label: c.name, href: c.path, newTab: false });
  const printCrumbs = [...crumbs, { label: 'Print', href: path, newTab: false }];
  return {
    ...basePage('print', path, c.name),
    breadcrumbs: printCrumbs,
    head: contentPage ? { ...contentPage.head, robots: 'noindex' } : contentHead(ctx, c, view, crumbs, true),
    content: view,
    inputs: { contentIds: [c.id], sectionIds: [c.sectionId], layoutId: null },
  };
}

function shellPage(ctx: ResolveContext, kind: PageView['kind'], path: string, heading: string, island: string, extra: Partial<PageView> = {}): PageView {
  const crumbs: SiteLink[] = [{ label: 'Home', href: '/', newTab: false }, { label: heading, href: path, newTab: false }];
  return {
    ...basePage(kind, path, heading),
    breadcrumbs: crumbs,
    head: webPageHead(ctx, { title: heading, path, description: extra.intro ?? null, crumbs, canonicalPath: path, robots: 'noindex' }),
    shell: { island, links: [], props: {} },
    ...extra,
  };
}

/** /search, /account, /account/login, /membership/choose and one signup page per active membership. */
export function resolveShellPages(ctx: ResolveContext): PageView[] {
  const memberships = ctx.index.memberships ?? [];
  const choose: SiteLink[] = memberships.map((m) => ({ label: m.title, href: `/membership/signup/${m.alias}`, newTab: false }));
  const pages = [
    shellPage(ctx, 'search', '/search', 'Search', 'search'),
    shellPage(ctx, 'account', '/account', 'My Account', 'account', {
      shell: { island: 'account', links: [], props: { newsletters: ctx.subscribeNewsletters.map((n) => ({ id: n.id, title: n.title })) } },
    }),
    shellPage(ctx, 'login', '/account/login', 'Log In', 'login', {
      intro: 'Log in to your account to read member content and manage your newsletters.',
      shell: { island: 'login', links: [{ label: 'Join now', href: '/membership/choose', newTab: false }], props: {} },
    }),
    withMembershipsModule(ctx, shellPage(ctx, 'membership-choose', '/membership/choose', 'Choose a Membership', 'membership-choose', {
      intro: memberships.length ? 'Pick the membership that suits you.' : 'No memberships are available right now.',
      shell: { island: 'membership-choose', links: choose, props: {} },
    })),
  ];
  for (const m of memberships) {
    const path = `/membership/signup/${m.alias}`;
    pages.push(shellPage(ctx, 'membership-signup', path, `Sign Up: ${m.title}`, 'membership-signup', {
      intro: m.description || null,
      shell: { island: 'membership-signup', links: [{ label: 'Choose a different membership', href: '/membership/choose', newTab: false }], props: { alias: m.alias } },
    }));
  }
  return pages;
}

/** 404.html: '404 - Page Not Found' with a Return to Home link. */
export function resolveNotFoundPage(ctx: ResolveContext): PageView {
  const crumbs: SiteLink[] = [{ label: 'Home', href: '/', newTab: false }];
  return {
    ...basePage('not-found', '/404.html', NOT_FOUND_HEADING),
    intro: 'The page you are looking for could not be found.',
    head: webPageHead(ctx, { title: NOT_FOUND_HEADING, path: '/404.html', description: 'The page you are looking for could not be found.', crumbs, canonicalPath: null, robots: 'noindex' }),
  };
}
