// Head data of a page (public §9 "page title suffix is the site name", share image 1200×630):
// title, description, canonical URL, robots, Open Graph image, RSS alternate and JSON-LD
// (NewsArticle for content, WebPage otherwise, plus a BreadcrumbList).
import { paywallProperties } from '../../domain/paywall';
import { teaserText, truncateWords } from '../../domain/text';
import type { ContentView, HeadView, SiteLink } from '../../../site/model';
import { absolute, type ResolveContext } from './resolve-context';
import type { BuildContent, BuildSection } from '../types';

export const RSS_PATH = '/__rss/website-scheduled-content.xml';
const DESCRIPTION_MAX = 300;

export function pageTitle(ctx: ResolveContext, title: string): string {
  return `${title} | ${ctx.siteName}`;
}

/** The spec's query form of a section feed: /__rss/website-scheduled-content.xml?input={"sectionAlias":"…"}. */
export function sectionRssHref(alias: string): string {
  return `${RSS_PATH}?input=${encodeURIComponent(JSON.stringify({ sectionAlias: alias }))}`;
}

function breadcrumbLd(ctx: ResolveContext, crumbs: SiteLink[], canonical: string | null) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem', position: i + 1, name: c.label,
      item: i === crumbs.length - 1 && canonical ? canonical : absolute(ctx, c.href),
    })),
  };
}

function publisherLd(ctx: ResolveContext) {
  const logo = ctx.index.tenant.settings.header.logo;
  return { '@type': 'Organization', name: ctx.siteName, url: `${ctx.origin}/`, ...(logo ? { logo: { '@type': 'ImageObject', url: absolute(ctx, logo) } } : {}) };
}

function description(...candidates: (string | null | undefined)[]): string {
  for (const c of candidates) {
    const t = c ? truncateWords(c.replace(/<[^>]*>/g, ' '), DESCRIPTION_MAX) : '';
    if (t) return t;
  }
  return '';
}

export interface WebPageHeadInput {
  title: string;
  path: string;
  description: string | null;
  crumbs: SiteLink[];
  /** null: no canonical (the error page). */
  canonicalPath: string | null;
  robots?: string | null;
  rss?: { href: string; title: string } | null;
}

export function webPageHead(ctx: ResolveContext, input: WebPageHeadInput): HeadView {
  const canonical = input.canonicalPath === null ? null : absolute(ctx, input.canonicalPath);
  const title = pageTitle(ctx, input.title);
  const desc = description(input.description, ctx.index.tenant.settings.footer.text, ctx.siteName);
  return {
    title, description: desc, canonical, robots: input.robots ?? null, ogType: 'website', image: null,
    rssHref: input.rss?.href ?? null, rssTitle: input.rss?.title ?? null,
    jsonLd: {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', name: title, description: desc, ...(canonical ? { url: canonical } : {}), isPartOf: { '@type': 'WebSite', name: ctx.siteName, url: `${ctx.origin}/` } },
        breadcrumbLd(ctx, input.crumbs, canonical),
      ],
    },
  };
}

export function sectionHead(ctx: ResolveContext, section: BuildSection | null, path: string, page: number, crumbs: SiteLink[]): HeadView {
  const isHome = section === null || section === ctx.homeSection;
  const name = isHome ? (ctx.homeSection?.name ?? 'Home') : section.name;
  return webPageHead(ctx, {
    title: page > 1 ? `${name} – Page ${page}` : name,
    path,
    description: section?.description ?? null,
    crumbs,
    canonicalPath: path,
    rss: isHome
      ? { href: RSS_PATH, title: `${ctx.siteName} RSS` }
      : { href: sectionRssHref(section.alias), title: `${section.name} | ${ctx.siteName} RSS` },
  });
}

const iso = (ms: number | null) => (ms === null ? undefined : new Date(ms).toISOString());

export function contentHead(ctx: ResolveContext, c: BuildContent, view: ContentView, crumbs: SiteLink[], print = false): HeadView {
  // A syndicated copy names the source's page (on the source's site) as the original.
  const own = absolute(ctx, c.path);
  const canonical = c.canonicalUrl ?? own;
  const title = pageTitle(ctx, c.seoTitle || c.name);
  const desc = description(c.description, teaserText(c.teaser), c.name);
  const img = c.image ? { url: absolute(ctx, c.image.path), width: c.image.width, height: c.image.height, alt: c.image.alt } : null;
  const noindex = print || ctx.noIndexTypes.has(c.type);
  const article = {
    '@type': 'NewsArticle',
    '@id': `${canonical}#article`,
    headline: truncateWords(c.name, 110),
    description: desc,
    url: canonical,
    mainEntityOfPage: canonical,
    datePublished: iso(c.published ?? c.updatedAt),
    dateModified: iso(c.updatedAt),
    ...(c.authors.length ? { author: c.authors.map((a) => ({ '@type': 'Person', name: a.name })) } : {}),
    ...(img ? { image: [img.url] } : {}),
    ...(view.section ? { articleSection: view.section.label } : {}),
    ...(c.terms.length ? { keywords: c.terms.join(', ') } : {}),
    publisher: publisherLd(ctx),
    ...paywallProperties(view.gated),
  };
  return {
    title, description: desc, canonical, robots: noindex ? 'noindex' : null, ogType: 'article', image: img,
    rssHref: null, rssTitle: null,
    jsonLd: { '@context': 'https://schema.org', '@graph': [article, breadcrumbLd(ctx, crumbs, own)] },
  };
}
