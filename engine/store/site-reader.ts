// Read-only loaders the site build needs. One query per table for a tenant (no per-page round
// trips), bodies and asset bytes streamed in chunks so memory stays bounded. "Live" content is
// published (status 1) and inside its startDate/endDate window at `now`; schedules count only
// inside their own windows. Rows come back raw (JSON columns parsed); engine/build/load.ts maps them.
import type { AdUnit } from '../domain/ads';
import type { HouseAd } from '../domain/house-ads';
import { houseAdOf } from './queries/house-ads';
import { feedRows, type FeedRow } from './queries/feeds';
import type { SiteSettings } from '../domain/settings';
import type { SqlValue, Store } from './connection';
import { allTenants } from './tenant-scope';

export interface TenantRow { tenantKey: string; name: string; domain: string; abbreviation: string; isTest: boolean; settings: SiteSettings }
export interface SectionRow { id: number; name: string; alias: string; parentId: number | null; description: string | null; status: number; sequence: number; updatedAt: number; gamAlias?: string | null }
export interface ContentRow {
  id: number; type: string; name: string; slug: string; teaser: string; published: number | null; startDate: number | null;
  endDate: number | null; updatedAt: number; primarySectionId: number; primaryImageId: number | null; labels: string[];
  gatingSurveyType: string | null; userRegistrationRequired: boolean; linkUrl: string | null; seoTitle: string | null;
  /** Digital edition (zmag) publication id (issue 21). */
  zmagId?: string | null;
  description: string | null; event: Record<string, unknown> | null;
  /** metadata.sidebars as stored (engine/domain/sidebars.ts reads it). */
  sidebars?: unknown;
  /** A syndicated copy's source (engine/store/schema-syndication.ts): its page is canonical to it. */
  syndicatedFrom?: SyndicatedFrom | null;
}
/** What the copy's canonical URL is made of: the source tenant and the source item's path parts. */
export interface SyndicatedFrom { tenantKey: string; domain: string; id: number; slug: string; name: string; sectionAlias: string | null }
/** An uploaded asset's derivatives and focal point (asset_media); null for fixture assets without media metadata. */
export interface AssetMediaMeta { derivatives: { width: number; height: number; format: string; file: string }[]; focalX: number; focalY: number; decorative: boolean; original?: string | null }
export interface AssetMetaRow { id: number; path: string; mimeType: string; alt: string; caption: string | null; credit: string | null; width: number; height: number; media: AssetMediaMeta | null }
export interface LinkRow { contentId: number; targetId: number; position: number }
export interface NamedLinkRow { contentId: number; targetId: number; name: string; position: number }
export interface ScheduleRow { contentId: number; sectionId: number; option: string }
export interface LayoutRow { [column: string]: unknown }
export interface MenuRow { key: string; links: { label: string; href: string; external: boolean }[] }
export interface RedirectRow { from: string; to: string; preserveQueryString: boolean }
export interface MembershipRow { id: number; title: string; alias: string; description: string; isFree: boolean }
export interface NewsletterRow { id: number; title: string; description: string; showInSubscribeBlock: boolean }
export interface PersonSiteRow { id: number; fullName: string; title: string | null; bio: string | null; imageId: number | null; socialLinks: { network: string; url: string }[]; updatedAt: number }
export interface MagazineRows {
  publications: { id: number; name: string; description: string; subscribeUrl: string | null; renewalUrl: string | null; coverAssetId: number | null }[];
  /** Every issue of the tenant (any status; the build picks the live ones at its `now`). */
  issues: { id: number; publicationId: number; name: string; description: string; issueDate: number; coverImage: string | null; digitalEditionUrl: string | null; status: number; startDate: number | null; endDate: number | null }[];
  sections: { id: number; publicationId: number; name: string; position: number }[];
  placements: { issueId: number; sectionId: number; contentId: number; position: number }[];
}

export interface SiteRows {
  tenant: TenantRow;
  sections: SectionRow[];
  /** Live content without bodies, newest published first. */
  content: ContentRow[];
  authors: NamedLinkRow[];
  terms: NamedLinkRow[];
  related: LinkRow[];
  contentMemberships: LinkRow[];
  schedules: ScheduleRow[];
  assets: AssetMetaRow[];
  layouts: LayoutRow[];
  menus: MenuRow[];
  redirects: RedirectRow[];
  /** Old section aliases (from → to). Not stored yet, so always empty. */
  oldAliases: RedirectRow[];
  memberships: MembershipRow[];
  newsletters: NewsletterRow[];
  /** Active people (status 1): authors' pages. */
  persons: PersonSiteRow[];
  magazine: MagazineRows;
  /** Ad units by key and the tenant's first layout-block ad-unit pattern (issue 19). */
  ads: { units: AdUnit[]; pattern: string | null; house: HouseAd[] };
  /** The last good copy of each external feed RSS feed blocks read (engine/build/feeds.ts). */
  feeds: FeedRow[];
}

const LIVE = '(c.status = 1 AND (c.start_date IS NULL OR c.start_date <= ?) AND (c.end_date IS NULL OR c.end_date > ?))';
const json = <T>(v: unknown, fallback: T): T => (typeof v === 'string' ? (JSON.parse(v) as T) : ((v as T | null) ?? fallback));
const bool = (v: unknown) => v === 1 || v === true;

/** Every tenant, ordered by key (the first one is what `localhost` serves). */
export async function listTenants(store: Store): Promise<TenantRow[]> {
  const rows = await store.all<Record<string, unknown>>(
    'SELECT tenant_key AS tenantKey, name, domain, abbreviation, is_test AS isTest, settings FROM tenants ORDER BY tenant_key',
  );
  return rows.map((r) => ({
    tenantKey: String(r.tenantKey), name: String(r.name), domain: String(r.domain), abbreviation: String(r.abbreviation),
    isTest: bool(r.isTest), settings: json<SiteSettings>(r.settings, {} as SiteSettings),
  }));
}

const CONTENT = `SELECT c.id, c.type, c.name, c.slug, c.teaser, c.published, c.start_date AS startDate, c.end_date AS endDate,
    c.updated_at AS updatedAt, c.primary_section_id AS primarySectionId, c.primary_image_id AS primaryImageId,
    c.labels, c.gating_survey_type AS gatingSurveyType, c.user_registration_required AS userRegistrationRequired,
    c.link_url AS linkUrl, c.zmag_id AS zmagId, c.seo_title AS seoTitle, json_extract(c.metadata, '$.description') AS description, json_extract(c.metadata, '$.sidebars') AS sidebars, c.event,
    syn.source_tenant_key AS srcKey, srct.domain AS srcDomain, src.id AS srcId, src.slug AS srcSlug, src.name AS srcName, srcs.alias AS srcAlias
  FROM content c
  LEFT JOIN content_syndication syn ON syn.copy_id = c.id
  LEFT JOIN content src ON src.id = syn.source_id
  LEFT JOIN website_sections srcs ON srcs.id = src.primary_section_id
  LEFT JOIN tenants srct ON srct.tenant_key = syn.source_tenant_key
  WHERE c.tenant_key = ? AND $LIVE ORDER BY c.id`;

function contentRowOf(r: Record<string, unknown>): ContentRow {
  return {
    id: r.id as number, type: r.type as string, name: r.name as string, slug: r.slug as string, teaser: (r.teaser as string) ?? '',
    published: (r.published as number | null) ?? null, startDate: (r.startDate as number | null) ?? null, endDate: (r.endDate as number | null) ?? null,
    updatedAt: r.updatedAt as number, primarySectionId: r.primarySectionId as number, primaryImageId: (r.primaryImageId as number | null) ?? null,
    labels: json<string[]>(r.labels, []), gatingSurveyType: (r.gatingSurveyType as string | null) ?? null,
    userRegistrationRequired: bool(r.userRegistrationRequired), linkUrl: (r.linkUrl as string | null) ?? null, zmagId: (r.zmagId as string | null) ?? null,
    seoTitle: (r.seoTitle as string | null) ?? null, description: typeof r.description === 'string' ? r.description : null,
    event: r.event === null || r.event === undefined ? null : json<Record<string, unknown>>(r.event, {}),
    sidebars: typeof r.sidebars === 'string' ? json<unknown>(r.sidebars, null) : null,
    syndicatedFrom: typeof r.srcKey === 'string' && typeof r.srcId === 'number' ? {
      tenantKey: r.srcKey, domain: String(r.srcDomain ?? ''), id: r.srcId, slug: String(r.srcSlug ?? ''), name: String(r.srcName ?? ''),
      sectionAlias: typeof r.srcAlias === 'string' ? r.srcAlias : null,
    } : null,
  };
}

/** Newest published first (undated last), then highest id: the order of TenantIndex.content. */
function newestFirst(a: ContentRow, b: ContentRow): number {
  if (a.published !== b.published) {
    if (a.published === null) return 1;
    if (b.published === null) return -1;
    return b.published - a.published;
  }
  return b.id - a.id;
}


const AUTHORS = `SELECT ca.content_id AS contentId, ca.person_id AS targetId, p.full_name AS name, ca.position AS position
  FROM content_authors ca JOIN content c ON c.id = ca.content_id JOIN persons p ON p.id = ca.person_id
  WHERE c.tenant_key = ? AND $LIVE ORDER BY ca.content_id, ca.position`;
const TERMS = `SELECT ct.content_id AS contentId, ct.taxonomy_id AS targetId, t.name AS name, 0 AS position
  FROM content_taxonomy ct JOIN content c ON c.id = ct.content_id JOIN taxonomy t ON t.id = ct.taxonomy_id
  WHERE c.tenant_key = ? AND $LIVE ORDER BY ct.content_id, t.name`;
const RELATED = `SELECT r.content_id AS contentId, r.related_id AS targetId, r.position AS position
  FROM content_related r JOIN content c ON c.id = r.content_id WHERE c.tenant_key = ? AND $LIVE ORDER BY r.content_id, r.position`;
const MEMBERS = `SELECT m.content_id AS contentId, m.membership_id AS targetId, 0 AS position
  FROM content_memberships m JOIN content c ON c.id = m.content_id WHERE c.tenant_key = ? AND $LIVE`;
const SCHEDULES = `SELECT s.content_id AS contentId, s.section_id AS sectionId, s.option AS option
  FROM website_schedules s JOIN content c ON c.id = s.content_id
  WHERE c.tenant_key = ? AND $LIVE AND (s.start_date IS NULL OR s.start_date <= $NOW) AND (s.end_date IS NULL OR s.end_date > $NOW)`;

export type LiveContentRows = Pick<SiteRows, 'content' | 'authors' | 'terms' | 'related' | 'contentMemberships' | 'schedules'>;

/**
 * The tenant's content live at `now` that also meets `where` (SQL over c.id, with `params`), with
 * its link rows, each by id: what a full load reads slice by slice and an incremental build reads
 * for a few ids (engine/store/queries/builds-content.ts), so both see the same rows.
 */
export async function liveContentRows(store: Store, key: string, now: number, where: string, params: readonly SqlValue[]): Promise<LiveContentRows> {
  const p = [key, now, now, ...params] as SqlValue[];
  const q = <T>(sql: string) => store.all<T>(sql.replace('$LIVE', `${LIVE} AND ${where}`).replaceAll('$NOW', String(Math.trunc(now))), p);
  const [content, authors, terms, related, contentMemberships, schedules] = await Promise.all([
    // A syndicated copy's source is another tenant's item (its canonical link): read acting for all
    // tenants, the query itself keeping to this tenant's content (c.tenant_key = ?).
    allTenants('syndication', () => q<Record<string, unknown>>(CONTENT)), q<NamedLinkRow>(AUTHORS), q<NamedLinkRow>(TERMS), q<LinkRow>(RELATED), q<LinkRow>(MEMBERS), q<ScheduleRow>(SCHEDULES),
  ]);
  return { content: content.map(contentRowOf), authors, terms, related, contentMemberships, schedules };
}

/** Appends every list of `more` to the same list of `out` (no spread: slices can be large). */
export function appendRows(out: LiveContentRows, more: LiveContentRows): void {
  for (const k of ['content', 'authors', 'terms', 'related', 'contentMemberships', 'schedules'] as const) {
    const to = out[k] as unknown[];
    for (const row of more[k]) to.push(row);
  }
}

/** Live content is read in slices of this many ids, so no query result is huge whatever the tenant's size. */
const PAGE = 5000;

async function siteStructure(store: Store, key: string) {
  const [sections, assets, layouts, menus, redirects, memberships, newsletters, persons, magazine, adUnits, patterns, house] = await Promise.all([
    store.all<SectionRow>(
      `SELECT id, name, alias, parent_id AS parentId, description, status, sequence, updated_at AS updatedAt, gam_alias AS gamAlias
       FROM website_sections WHERE tenant_key = ? ORDER BY sequence, id`, [key]),
    store.all<Record<string, unknown>>(
      `SELECT a.id, a.path, a.mime_type AS mimeType, a.alt, a.caption, a.credit, a.width, a.height,
         m.derivatives, m.focal_x AS focalX, m.focal_y AS focalY, m.decorative, m.original
       FROM assets a LEFT JOIN asset_media m ON m.asset_id = a.id WHERE a.tenant_key = ? ORDER BY a.id`, [key]),
    store.all<LayoutRow>(
      `SELECT id, name, type, key, aliases, propagate, page_type AS pageType, content_types AS contentTypes, content_ids AS contentIds,
         section_ids AS sectionIds, gating_requirements AS gatingRequirements, is_global AS isGlobal, hide_header AS hideHeader,
         hide_footer AS hideFooter, load_more_type AS loadMoreType, exclude_ads AS excludeAds, primary_grid AS primaryGrid,
         secondary_grid AS secondaryGrid
       FROM layouts WHERE tenant_key = ? ORDER BY id`, [key]),
    store.all<Record<string, unknown>>('SELECT key, links FROM menus WHERE tenant_key = ?', [key]),
    store.all<Record<string, unknown>>(
      'SELECT from_path AS "from", to_path AS "to", preserve_query_string AS preserveQueryString FROM redirects WHERE tenant_key = ? ORDER BY id', [key]),
    store.all<Record<string, unknown>>(
      'SELECT id, title, alias, description, is_free AS isFree FROM memberships WHERE tenant_key = ? AND status = 1 ORDER BY id', [key]),
    store.all<Record<string, unknown>>(
      'SELECT id, title, description, show_in_subscribe_block AS showInSubscribeBlock FROM newsletters WHERE tenant_key = ? ORDER BY id', [key]),
    store.all<Record<string, unknown>>(
      `SELECT id, full_name AS fullName, title, bio, image_id AS imageId, social_links AS socialLinks, updated_at AS updatedAt
       FROM persons WHERE tenant_key = ? AND status = 1 ORDER BY id`, [key]),
    magazineRows(store, key),
    store.all<Record<string, unknown>>(
      `SELECT id, key, type, size, size_mapping AS sizeMapping, use_section_alias AS useSectionAlias, refresh_rate AS refreshRate,
         exclude_page_types AS excludePageTypes, target_id AS targetId, position FROM ad_units WHERE tenant_key = ? ORDER BY key`, [key]),
    store.all<{ pattern: string }>(`SELECT pattern FROM ad_unit_patterns WHERE tenant_key = ? AND type = 'layout-block' ORDER BY id LIMIT 1`, [key]),
    store.all<Record<string, unknown>>(
      `SELECT id, name, kind, status, priority, start_at AS startAt, end_at AS endAt, unit_keys AS unitKeys, creative FROM house_ads WHERE tenant_key = ? ORDER BY id`, [key]),
  ]);
  const feeds = await feedRows(store.db, key);
  return {
    feeds,
    sections, assets: assets.map(assetMetaOf),
    layouts: layouts.map(parseLayoutRow),
    menus: menus.map((m) => ({ key: String(m.key), links: json<MenuRow['links']>(m.links, []) })),
    redirects: redirects.map((r) => ({ from: String(r.from), to: String(r.to), preserveQueryString: bool(r.preserveQueryString) })),
    memberships: memberships.map((m) => ({ id: m.id as number, title: String(m.title), alias: String(m.alias), description: String(m.description ?? ''), isFree: bool(m.isFree) })),
    newsletters: newsletters.map((n) => ({ id: n.id as number, title: String(n.title), description: String(n.description ?? ''), showInSubscribeBlock: bool(n.showInSubscribeBlock) })),
    persons: persons.map((p) => ({
      id: p.id as number, fullName: String(p.fullName), title: (p.title as string | null) ?? null, bio: (p.bio as string | null) ?? null,
      imageId: (p.imageId as number | null) ?? null, socialLinks: json<PersonSiteRow['socialLinks']>(p.socialLinks, []), updatedAt: p.updatedAt as number,
    })),
    magazine,
    ads: {
      units: adUnits.map((u): AdUnit => ({
        id: u.id as number, key: String(u.key), type: u.type as AdUnit['type'], size: json<AdUnit['size']>(u.size, []),
        sizeMapping: json<AdUnit['sizeMapping']>(u.sizeMapping, []), useSectionAlias: bool(u.useSectionAlias), refreshRate: Number(u.refreshRate ?? 0),
        excludePageTypes: json<AdUnit['excludePageTypes']>(u.excludePageTypes, []), position: Number(u.position ?? 3),
        ...(typeof u.targetId === 'string' && u.targetId ? { targetId: u.targetId } : {}),
      })),
      pattern: patterns[0]?.pattern ?? null,
      house: house.map((h) => houseAdOf({
        id: h.id as number, name: String(h.name), kind: h.kind as HouseAd['kind'], status: Number(h.status), priority: Number(h.priority),
        startAt: (h.startAt as number | null) ?? null, endAt: (h.endAt as number | null) ?? null,
        unitKeys: json<string[]>(h.unitKeys, []), creative: json<Record<string, unknown>>(h.creative, {}),
      })),
    },
  };
}

/** The tenant's publications, issues, issue sections and placements (issue and publication pages). */
async function magazineRows(store: Store, key: string): Promise<MagazineRows> {
  const [publications, issues, sections, placements] = await Promise.all([
    store.all<MagazineRows['publications'][number]>(
      `SELECT id, name, description, subscribe_url AS subscribeUrl, renewal_url AS renewalUrl, cover_asset_id AS coverAssetId
       FROM magazine_publications WHERE tenant_key = ? ORDER BY id`, [key]),
    store.all<MagazineRows['issues'][number]>(
      `SELECT i.id, i.publication_id AS publicationId, i.name, i.description, i.issue_date AS issueDate, i.cover_image AS coverImage,
         i.digital_edition_url AS digitalEditionUrl, i.status, i.start_date AS startDate, i.end_date AS endDate
       FROM magazine_issues i WHERE i.publication_id IN (SELECT id FROM magazine_publications WHERE tenant_key = ?) ORDER BY i.id`, [key]),
    store.all<MagazineRows['sections'][number]>(
      'SELECT id, publication_id AS publicationId, name, position FROM magazine_sections WHERE tenant_key = ? ORDER BY position, id', [key]),
    store.all<MagazineRows['placements'][number]>(
      `SELECT p.issue_id AS issueId, p.section_id AS sectionId, p.content_id AS contentId, p.position
       FROM magazine_issue_content p WHERE p.section_id IN (SELECT id FROM magazine_sections WHERE tenant_key = ?) ORDER BY p.issue_id, p.position`, [key]),
  ]);
  return { publications, issues, sections, placements };
}

function assetMetaOf(r: Record<string, unknown>): AssetMetaRow {
  const base = {
    id: r.id as number, path: String(r.path), mimeType: String(r.mimeType), alt: String(r.alt), caption: (r.caption as string | null) ?? null,
    credit: (r.credit as string | null) ?? null, width: r.width as number, height: r.height as number,
  };
  if (r.derivatives === null || r.derivatives === undefined) return { ...base, media: null };
  return { ...base, media: { derivatives: json<AssetMediaMeta['derivatives']>(r.derivatives, []), focalX: Number(r.focalX), focalY: Number(r.focalY), decorative: bool(r.decorative), original: (r.original as string | null) ?? null } };
}

const LAYOUT_JSON = ['aliases', 'contentTypes', 'contentIds', 'sectionIds', 'excludeAds', 'primaryGrid', 'secondaryGrid'];
const LAYOUT_BOOL = ['propagate', 'isGlobal', 'hideHeader', 'hideFooter'];
function parseLayoutRow(row: LayoutRow): LayoutRow {
  const out: LayoutRow = {};
  for (const [k, v] of Object.entries(row)) {
    if (v === null) continue; // optional columns: absent rather than null, as the domain schema expects
    out[k] = LAYOUT_JSON.includes(k) ? json(v, null) : LAYOUT_BOOL.includes(k) ? bool(v) : v;
  }
  return out;
}

/** How many published items each tenant has inside its window at `now` (sizes the build's workers). */
export async function countLiveContent(store: Store, now: number): Promise<Map<string, number>> {
  const rows = await allTenants('build-sizing', () => store.all<{ k: string; n: number }>(`SELECT c.tenant_key AS k, count(*) AS n FROM content c WHERE ${LIVE} GROUP BY c.tenant_key`, [now, now]));
  return new Map(rows.map((r) => [r.k, r.n]));
}

/** Everything a tenant's build needs except bodies and asset bytes. Throws when the tenant is unknown. */
export async function loadSiteRows(store: Store, tenantKey: string, now: number): Promise<SiteRows> {
  const tenant = (await listTenants(store)).find((t) => t.tenantKey === tenantKey);
  if (!tenant) throw new Error(`Unknown tenant "${tenantKey}"`);
  const structure = await siteStructure(store, tenantKey);
  const out: LiveContentRows = { content: [], authors: [], terms: [], related: [], contentMemberships: [], schedules: [] };
  const ids = (await store.all<{ id: number }>(`SELECT c.id FROM content c WHERE c.tenant_key = ? AND ${LIVE} ORDER BY c.id`, [tenantKey, now, now])).map((r) => r.id);
  for (let i = 0; i < ids.length; i += PAGE) {
    const after = i === 0 ? 0 : ids[i - 1]!;
    const upTo = ids[Math.min(i + PAGE, ids.length) - 1]!;
    appendRows(out, await liveContentRows(store, tenantKey, now, 'c.id > ? AND c.id <= ?', [after, upTo]));
  }
  out.content.sort(newestFirst);
  return { tenant, ...structure, ...out, oldAliases: [] };
}

/**
 * Bodies of the given content ids, `chunkSize` at a time, in the order given. Ids that are not the
 * tenant's are skipped. Only one chunk is held at a time.
 */
export async function* streamContentBodies(store: Store, tenantKey: string, ids: readonly number[], chunkSize = 400): AsyncGenerator<{ id: number; body: string }[]> {
  const size = Math.max(1, Math.min(chunkSize, 900));
  for (let i = 0; i < ids.length; i += size) {
    const slice = ids.slice(i, i + size);
    const rows = await store.all<{ id: number; body: string }>(
      `SELECT id, body FROM content WHERE tenant_key = ? AND id IN (${slice.map(() => '?').join(',')})`,
      [tenantKey, ...slice] as SqlValue[],
    );
    const byId = new Map(rows.map((r) => [r.id, r.body ?? '']));
    yield slice.filter((id) => byId.has(id)).map((id) => ({ id, body: byId.get(id)! }));
  }
}

/** The tenant's asset files (path, type, bytes), a few at a time. */
export async function* streamAssetFiles(store: Store, tenantKey: string, chunkSize = 50): AsyncGenerator<{ id: number; path: string; mimeType: string; data: Buffer }[]> {
  let after = 0;
  for (;;) {
    const rows = await store.all<{ id: number; path: string; mimeType: string; data: Buffer }>(
      'SELECT id, path, mime_type AS mimeType, data FROM assets WHERE tenant_key = ? AND id > ? AND length(data) > 0 ORDER BY id LIMIT ?',
      [tenantKey, after, chunkSize],
    );
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    yield rows;
  }
}
