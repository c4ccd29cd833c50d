// Page resolution for getWebsiteLayoutPage (admin §2.4): a path becomes a url-override page, a
// content page (a non-canonical path redirects 301 to the canonical one), a magazine issue or
// publication page (likewise), a section page or a stored redirect; with none of these, nothing.
// Structure comes from the cached site snapshot.
import { issuePath, publicationPath } from '../../domain/magazine';
import { contentPath, sectionPath } from '../../domain/paths';
import type { ContentHead } from '../../store/queries/content';
import type { LayoutRecord } from '../../store/queries/layouts';
import type { SectionNode, SiteSnapshot } from '../kernel/site-cache';

export const MAX_PATH_LENGTH = 2000;

/** "/markets/ocean-freight/" → "/markets/ocean-freight"; query and hash dropped; null when not a path. */
export function normalizePath(alias: string): string | null {
  let p = alias.trim().split(/[?#]/)[0] ?? '';
  if (p.length > MAX_PATH_LENGTH || /[\s\\<>"]/.test(p) || /^[a-z][a-z0-9+.-]*:/i.test(p)) return null;
  p = `/${p}`.replace(/\/{2,}/g, '/');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p;
}

export interface PageData {
  type: 'home' | 'section' | 'content' | 'issue' | 'publication' | 'url';
  contentId: number | null;
  sectionId: number | null;
  issueId: number | null;
  publicationId: number | null;
  name: string | null;
  canonicalPath: string | null;
}

export interface ResolvedPage {
  layout: LayoutRecord | null;
  pageData: PageData | null;
  redirect: { to: string; code: 301 } | null;
}

const data = (d: Partial<PageData> & Pick<PageData, 'type'>): PageData => ({
  contentId: null, sectionId: null, issueId: null, publicationId: null, name: null, canonicalPath: null, ...d,
});

function urlOverride(site: SiteSnapshot, path: string): LayoutRecord | undefined {
  const overrides = site.layouts.filter((l) => l.type === 'url-override');
  const exact = overrides.find((l) => l.aliases.some((a) => normalizePath(a) === path));
  if (exact) return exact;
  let best: { l: LayoutRecord; len: number } | undefined;
  for (const l of overrides.filter((x) => x.propagate)) {
    for (const a of l.aliases) {
      const n = normalizePath(a);
      if (n && n !== '/' && path.startsWith(`${n}/`) && n.length > (best?.len ?? 0)) best = { l, len: n.length };
    }
  }
  return best?.l;
}

export function sectionLayout(site: SiteSnapshot, section: SectionNode | undefined): LayoutRecord | null {
  const sections = site.layouts.filter((l) => l.type === 'section');
  if (section) {
    for (const s of [...section.hierarchy].reverse()) {
      const specific = sections.find((l) => l.sectionIds.includes(s.id));
      if (specific) return specific;
    }
  }
  return sections.find((l) => l.sectionIds.length === 0) ?? null;
}

export function contentLayout(site: SiteSnapshot, c: Pick<ContentHead, 'id' | 'type'>): LayoutRecord | null {
  return site.layouts.find((l) => l.type === 'content-override' && l.contentIds.includes(c.id))
    ?? site.layouts.find((l) => l.type === 'content-type-override' && l.contentTypes.includes(c.type))
    ?? site.layouts.find((l) => l.type === 'content' && (l.contentTypes.length === 0 || l.contentTypes.includes(c.type)))
    ?? null;
}

/** An issue or publication page's layout: the first section layout of that page type (by id), else none. */
export function magazineLayout(site: SiteSnapshot, kind: 'issue' | 'publication'): LayoutRecord | null {
  return site.layouts.find((l) => l.type === 'section' && l.pageType === kind) ?? null;
}

/** The visible issue or publication a /magazine/… path names (the caller applies status, schedule and preview rules). */
export type MagazinePage =
  | { kind: 'issue'; id: number; name: string; publicationId: number }
  | { kind: 'publication'; id: number; name: string };

function magazineData(m: MagazinePage, canonicalPath: string): PageData {
  return data({
    type: m.kind, issueId: m.kind === 'issue' ? m.id : null, publicationId: m.kind === 'issue' ? m.publicationId : m.id, name: m.name, canonicalPath,
  });
}

/** The eight-digit content id a path names (the last such segment), or null. */
export function contentIdIn(path: string): number | null {
  const segs = path.split('/').filter((s) => /^\d{8}$/.test(s));
  const last = segs[segs.length - 1];
  return last ? Number(last) : null;
}

export interface PageInputs {
  site: SiteSnapshot;
  path: string;
  /** The visible content item the path names, if any (the caller applies status and preview rules). */
  content: ContentHead | null;
  /** The visible issue or publication the path names, if any. */
  magazine?: MagazinePage | null;
}

export function resolvePage({ site, path, content, magazine = null }: PageInputs): ResolvedPage | null {
  const override = urlOverride(site, path);
  const magazineCanonical = magazine && (magazine.kind === 'issue' ? issuePath(magazine) : publicationPath(magazine));
  if (override && magazine && path === magazineCanonical) return { layout: override, redirect: null, pageData: magazineData(magazine, path) };
  if (override) {
    const type = path === '/' ? 'home' : override.pageType === 'home' || override.pageType === 'section' || override.pageType === 'content' ? override.pageType : 'url';
    const home = path === '/' ? site.byAlias.get('home') : undefined;
    return { layout: override, redirect: null, pageData: data({ type, sectionId: home?.id ?? null, name: override.name, canonicalPath: path }) };
  }
  if (content) {
    const section = site.sections.get(content.primarySectionId);
    const canonical = contentPath({ id: content.id, slug: content.slug, name: content.name, sectionAlias: section?.alias ?? null });
    const pageData = data({ type: 'content', contentId: content.id, sectionId: content.primarySectionId, name: content.name, canonicalPath: canonical });
    if (path !== canonical) return { layout: null, pageData, redirect: { to: canonical, code: 301 } };
    const layout = contentLayout(site, content);
    return layout ? { layout, pageData, redirect: null } : null;
  }
  if (magazine && magazineCanonical) {
    const pageData = magazineData(magazine, magazineCanonical);
    if (path !== magazineCanonical) return { layout: null, pageData, redirect: { to: magazineCanonical, code: 301 } };
    const layout = magazineLayout(site, magazine.kind);
    return layout ? { layout, pageData, redirect: null } : null;
  }
  const section = path === '/' ? site.byAlias.get('home') : site.byAlias.get(path.slice(1));
  if (section && section.status === 1) {
    const layout = sectionLayout(site, section);
    const pageData = data({ type: path === '/' ? 'home' : 'section', sectionId: section.id, name: section.name, canonicalPath: path === '/' ? '/' : sectionPath(section.alias) });
    if (layout) return { layout, pageData, redirect: null };
  }
  const redirect = site.redirects.get(path) ?? site.redirects.get(`${path}/`);
  if (redirect) return { layout: null, pageData: null, redirect: { to: redirect.to, code: 301 } };
  return null;
}
