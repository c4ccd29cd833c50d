// Stage 2, load: store → TenantIndex. One read of each table (engine/store/site-reader), mapped to
// the build contract: canonical paths from engine/domain/paths, only active sections, schedules
// of live content in known sections, layouts re-validated (a bad one is skipped with a warning).
import { MENU_KEYS, SCHEDULE_OPTIONS, type ContentType, type ScheduleOption } from '../../domain/enums';
import { layoutSchema, type Layout } from '../../domain/layout';
import { contentPath, sectionPath } from '../../domain/paths';
import type { Store } from '../../store/connection';
import { loadSiteRows, type ContentRow, type SiteRows } from '../../store/site-reader';
import type { BuildAsset, BuildContent, BuildImage, BuildMagazine, BuildMenus, BuildPerson, BuildSection, TenantIndex } from '../types';
import { authorPath } from '../../domain/people';
import { sanitizeBody } from '../../html/sanitize';
import { sanitizedSidebars } from '../../html/sidebars';
import { isIssueLive, issuePath, publicationPath } from '../../domain/magazine';
import { partsCatalogueOf, PARTS_CACHE_KEY } from '../../domain/sourceesb';

import { tenantScriptSources } from './security-headers';
import { adScriptHost, tagManagerHost } from '../../domain/consent';
import { DEFAULT_ORIGIN_TEMPLATE, tenantOrigin } from './origin';

export interface LoadOptions {
  now: number; originTemplate?: string | undefined;
  /** The CSP script allow-list per tenant key ('*': every tenant). */
  scriptSources?: Readonly<Record<string, readonly string[]>> | undefined;
  /** Media on object storage: the CDN URL of the derivatives (engine/assets/media-store.ts); null: copied from the folder. */
  mediaPublicUrl?: string | null | undefined;
}
export interface LoadResult { index: TenantIndex; warnings: string[] }

export { DEFAULT_ORIGIN_TEMPLATE, tenantOrigin } from './origin';

function groupBy<T>(rows: T[], key: (r: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

function sectionsOf(rows: SiteRows): { active: BuildSection[]; aliasById: Map<number, string> } {
  const byId = new Map(rows.sections.map((s) => [s.id, s]));
  const depth = (id: number | null, n = 0): number => (id === null || n > 10 ? n : depth(byId.get(id)?.parentId ?? null, n + 1));
  const active = rows.sections.filter((s) => s.status === 1).map((s) => ({
    id: s.id, name: s.name, alias: s.alias, path: sectionPath(s.alias), parentId: s.parentId,
    description: s.description, depth: depth(s.id), updatedAt: s.updatedAt, gamAlias: s.gamAlias ?? null,
  }));
  return { active, aliasById: new Map(rows.sections.map((s) => [s.id, s.alias])) };
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}
function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v : undefined;
}

function eventOf(e: ContentRow['event']): BuildContent['event'] {
  if (!e) return null;
  const out = { startDate: num(e.startDate), endDate: num(e.endDate), venue: str(e.venue), city: str(e.city), state: str(e.state), country: str(e.country) };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as BuildContent['event'];
}

// Every item with no labels, authors, terms… shares one frozen empty array, and items showing the
// same image or author share one object: a structured clone keeps that sharing, so a 200,000-item
// index costs less memory in the main thread and in every render worker.
const EMPTY = Object.freeze([]) as unknown as never[];
const list = <T>(items: T[] | undefined): T[] => (items && items.length ? items : EMPTY);

// Only copies carry the key, so every other item's fingerprint stays what it was.
const withCanonical = (url: string | undefined): { canonicalUrl?: string } => (url ? { canonicalUrl: url } : {});

/** A syndicated copy's canonical URL: the source's path on the source tenant's origin. */
function canonicalOf(c: ContentRow, originTemplate: string): string | undefined {
  const s = c.syndicatedFrom;
  if (!s) return undefined;
  try {
    return `${tenantOrigin(originTemplate, s.tenantKey, s.domain)}${contentPath({ id: s.id, slug: s.slug, name: s.name, sectionAlias: s.sectionAlias })}`;
  } catch {
    return undefined;
  }
}

function contentOf(rows: SiteRows, aliasById: Map<number, string>, assets: Map<number, BuildAsset>, originTemplate: string): BuildContent[] {
  const authors = groupBy(rows.authors, (r) => r.contentId);
  const terms = groupBy(rows.terms, (r) => r.contentId);
  const related = groupBy(rows.related, (r) => r.contentId);
  const members = groupBy(rows.contentMemberships, (r) => r.contentId);
  const images = new Map<number, BuildContent['image']>();
  const people = new Map<number, { id: number; name: string }>();
  const imageOf = (id: number | null) => {
    if (id === null) return null;
    let img = images.get(id);
    if (img === undefined) {
      const a = assets.get(id);
      img = a ? { path: a.path, alt: a.alt, width: a.width, height: a.height, caption: a.caption, credit: a.credit, media: a.media ?? null } : null;
      images.set(id, img);
    }
    return img;
  };
  const personOf = (id: number, name: string) => {
    let p = people.get(id);
    if (!p) people.set(id, (p = { id, name }));
    return p;
  };
  return rows.content.map((c) => ({
    id: c.id, type: c.type as ContentType, name: c.name, slug: c.slug, teaser: c.teaser, published: c.published,
    updatedAt: c.updatedAt, path: contentPath({ id: c.id, slug: c.slug, name: c.name, sectionAlias: aliasById.get(c.primarySectionId) ?? null }),
    sectionId: c.primarySectionId,
    image: imageOf(c.primaryImageId),
    authors: list(authors.get(c.id)?.map((a) => personOf(a.targetId, a.name))),
    terms: list(terms.get(c.id)?.map((t) => t.name)),
    labels: list(c.labels), linkUrl: c.linkUrl, zmagId: c.zmagId ?? null, seoTitle: c.seoTitle, description: c.description, event: eventOf(c.event),
    membershipIds: list(members.get(c.id)?.map((m) => m.targetId)), surveyType: c.gatingSurveyType,
    startDate: c.startDate, endDate: c.endDate,
    relatedIds: list(related.get(c.id)?.map((r) => r.targetId)), registrationRequired: c.userRegistrationRequired,
    ...withSidebars(c.sidebars),
    ...withCanonical(canonicalOf(c, originTemplate)),
  }));
}

/** The item's sidebars, sanitised like bodies; no key when it has none. */
function withSidebars(raw: unknown): { sidebars?: string[] } {
  const sidebars = sanitizedSidebars(raw);
  return sidebars.length ? { sidebars } : {};
}

/** Active people with their photo and sanitised bio (fixtures may hold unsanitised HTML). */
function personsOf(rows: SiteRows, assets: Map<number, BuildAsset>): BuildPerson[] {
  return rows.persons.map((p) => {
    const a = p.imageId === null ? undefined : assets.get(p.imageId);
    const bio = p.bio ? sanitizeBody(p.bio).trim() : '';
    return {
      id: p.id, name: p.fullName, title: p.title, bio: bio || null,
      image: a ? { path: a.path, alt: a.alt, width: a.width, height: a.height, caption: a.caption, credit: a.credit } : null,
      socialLinks: p.socialLinks, path: authorPath({ id: p.id, fullName: p.fullName }), updatedAt: p.updatedAt,
    };
  });
}

function layoutsOf(rows: SiteRows, warnings: string[]): Layout[] {
  const out: Layout[] = [];
  for (const row of rows.layouts) {
    const parsed = layoutSchema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
    else warnings.push(`layout ${String(row.id)}: ${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'} (skipped)`);
  }
  return out;
}

function menusOf(rows: SiteRows): BuildMenus {
  const menus = Object.fromEntries(MENU_KEYS.map((k) => [k, []])) as unknown as BuildMenus;
  for (const m of rows.menus) if ((MENU_KEYS as readonly string[]).includes(m.key)) menus[m.key as keyof BuildMenus] = m.links;
  return menus;
}

/** Publications and the issues live at `now` (status 1, inside their schedule), newest first. */
function magazineOf(rows: SiteRows['magazine'], assets: Map<number, BuildAsset>, now: number): BuildMagazine {
  const image = (id: number | null): BuildImage | null => {
    const a = id === null ? undefined : assets.get(id);
    return a ? { path: a.path, alt: a.alt, width: a.width, height: a.height, caption: a.caption, credit: a.credit } : null;
  };
  const publications = rows.publications.map((p) => ({
    id: p.id, name: p.name, description: p.description ?? '', path: publicationPath(p), subscribeUrl: p.subscribeUrl, renewalUrl: p.renewalUrl, cover: image(p.coverAssetId),
  }));
  const known = new Set(publications.map((p) => p.id));
  let nextChange: number | null = null;
  for (const i of rows.issues) {
    for (const t of [i.startDate, i.endDate]) if (t !== null && t > now && (nextChange === null || t < nextChange)) nextChange = t;
  }
  const issues = rows.issues.filter((i) => known.has(i.publicationId) && isIssueLive(i, now))
    .sort((a, b) => b.issueDate - a.issueDate || b.id - a.id)
    .map((i) => ({
      id: i.id, publicationId: i.publicationId, name: i.name, description: i.description ?? '', issueDate: i.issueDate, path: issuePath(i),
      coverImage: i.coverImage, digitalEditionUrl: i.digitalEditionUrl,
      sections: rows.sections.filter((s) => s.publicationId === i.publicationId).map((s) => ({
        id: s.id, name: s.name,
        contentIds: rows.placements.filter((p) => p.issueId === i.id && p.sectionId === s.id).sort((a, b) => a.position - b.position).map((p) => p.contentId),
      })),
    }));
  return { publications, issues, nextChange };
}

/** Maps raw rows to the TenantIndex (pure; exported for tests). */
export function indexFromRows(rows: SiteRows, options: LoadOptions): LoadResult {
  const warnings: string[] = [];
  const t = rows.tenant;
  const { active, aliasById } = sectionsOf(rows);
  const base = options.mediaPublicUrl ? `${options.mediaPublicUrl}/${t.tenantKey}` : null;
  const assets = new Map<number, BuildAsset>(rows.assets.map((a) => [a.id, base && a.media ? { ...a, media: { ...a.media, base } } : { ...a }]));
  const content = contentOf(rows, aliasById, assets, options.originTemplate ?? DEFAULT_ORIGIN_TEMPLATE);
  const live = new Set(content.map((c) => c.id));
  const activeIds = new Set(active.map((s) => s.id));
  const schedules = rows.schedules
    .filter((s) => live.has(s.contentId) && activeIds.has(s.sectionId) && (SCHEDULE_OPTIONS as readonly string[]).includes(s.option))
    .map((s) => ({ contentId: s.contentId, sectionId: s.sectionId, option: s.option as ScheduleOption }));
  const index: TenantIndex = {
    tenant: {
      key: t.tenantKey, name: t.name, domain: t.domain, abbreviation: t.abbreviation,
      origin: tenantOrigin(options.originTemplate ?? DEFAULT_ORIGIN_TEMPLATE, t.tenantKey, t.domain),
      language: t.settings.general.language ?? 'en', settings: t.settings,
      scriptSources: [...new Set([...tenantScriptSources(options.scriptSources ?? {}, t.tenantKey), ...[tagManagerHost(t.settings.general.tagManagerId), adScriptHost(t.settings.ads)].filter((h): h is string => !!h)])],
    },
    sections: active,
    content,
    schedules,
    redirects: [...rows.redirects, ...rows.oldAliases].map((r) => ({ ...r, status: 301 as const })),
    now: options.now,
    layouts: layoutsOf(rows, warnings),
    menus: menusOf(rows),
    memberships: rows.memberships,
    newsletters: rows.newsletters,
    assets: [...assets.values()],
    persons: personsOf(rows, assets),
    magazine: magazineOf(rows.magazine, assets, options.now),
    ads: rows.ads,
    feeds: Object.fromEntries((rows.feeds ?? []).filter((f) => f.url !== PARTS_CACHE_KEY).map((f) => [f.url, f.items])),
    parts: partsCatalogueOf((rows.feeds ?? []).find((f) => f.url === PARTS_CACHE_KEY)?.items),
  };
  return { index, warnings };
}

/** Stage 2: reads one tenant from the store at `now`. */
export async function load(store: Store, tenantKey: string, options: LoadOptions): Promise<LoadResult> {
  return indexFromRows(await loadSiteRows(store, tenantKey, options.now), options);
}
