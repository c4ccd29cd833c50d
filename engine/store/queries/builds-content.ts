// Reads for incremental builds: the live rows of a few content items (the same columns, filters and
// order as site-reader's loadSiteRows, so engine/build can patch a loaded index with them; the
// incremental-equivalence test compares the result with a full load), and the next instant a
// start or end date changes what is live.
import type { SqlValue, Store } from '../connection';
import type { ContentRow, LinkRow, NamedLinkRow, ScheduleRow } from '../site-reader';

const LIVE = '(c.status = 1 AND (c.start_date IS NULL OR c.start_date <= ?) AND (c.end_date IS NULL OR c.end_date > ?))';
const json = <T>(v: unknown, fallback: T): T => (typeof v === 'string' ? (JSON.parse(v) as T) : ((v as T | null) ?? fallback));
const bool = (v: unknown) => v === 1 || v === true;

export interface ContentPatchRows {
  content: ContentRow[]; authors: NamedLinkRow[]; terms: NamedLinkRow[]; related: LinkRow[];
  contentMemberships: LinkRow[]; schedules: ScheduleRow[];
}

function mapContent(r: Record<string, unknown>): ContentRow {
  return {
    id: r.id as number, type: r.type as string, name: r.name as string, slug: r.slug as string, teaser: (r.teaser as string) ?? '',
    published: (r.published as number | null) ?? null, startDate: (r.startDate as number | null) ?? null, endDate: (r.endDate as number | null) ?? null,
    updatedAt: r.updatedAt as number, primarySectionId: r.primarySectionId as number, primaryImageId: (r.primaryImageId as number | null) ?? null,
    labels: json<string[]>(r.labels, []), gatingSurveyType: (r.gatingSurveyType as string | null) ?? null,
    userRegistrationRequired: bool(r.userRegistrationRequired), linkUrl: (r.linkUrl as string | null) ?? null,
    seoTitle: (r.seoTitle as string | null) ?? null, description: typeof r.description === 'string' ? r.description : null,
    event: r.event === null || r.event === undefined ? null : json<Record<string, unknown>>(r.event, {}),
  };
}

/** Live rows (at `now`) of the given content ids of the tenant; ids not live are simply absent. */
export async function loadContentPatch(store: Store, tenantKey: string, now: number, ids: readonly number[]): Promise<ContentPatchRows> {
  const out: ContentPatchRows = { content: [], authors: [], terms: [], related: [], contentMemberships: [], schedules: [] };
  const t = Math.trunc(now);
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const inList = `c.id IN (${part.map(() => '?').join(',')})`;
    const p = [tenantKey, now, now, ...part] as SqlValue[];
    const [content, authors, terms, related, members, schedules] = await Promise.all([
      store.all<Record<string, unknown>>(
        `SELECT c.id, c.type, c.name, c.slug, c.teaser, c.published, c.start_date AS startDate, c.end_date AS endDate,
           c.updated_at AS updatedAt, c.primary_section_id AS primarySectionId, c.primary_image_id AS primaryImageId,
           c.labels, c.gating_survey_type AS gatingSurveyType, c.user_registration_required AS userRegistrationRequired,
           c.link_url AS linkUrl, c.seo_title AS seoTitle, json_extract(c.metadata, '$.description') AS description, c.event
         FROM content c WHERE c.tenant_key = ? AND ${LIVE} AND ${inList} ORDER BY c.id`, p),
      store.all<NamedLinkRow>(`SELECT ca.content_id AS contentId, ca.person_id AS targetId, p.full_name AS name, ca.position AS position
        FROM content_authors ca JOIN content c ON c.id = ca.content_id JOIN persons p ON p.id = ca.person_id
        WHERE c.tenant_key = ? AND ${LIVE} AND ${inList} ORDER BY ca.content_id, ca.position`, p),
      store.all<NamedLinkRow>(`SELECT ct.content_id AS contentId, ct.taxonomy_id AS targetId, t.name AS name, 0 AS position
        FROM content_taxonomy ct JOIN content c ON c.id = ct.content_id JOIN taxonomy t ON t.id = ct.taxonomy_id
        WHERE c.tenant_key = ? AND ${LIVE} AND ${inList} ORDER BY ct.content_id, t.name`, p),
      store.all<LinkRow>(`SELECT r.content_id AS contentId, r.related_id AS targetId, r.position AS position
        FROM content_related r JOIN content c ON c.id = r.content_id WHERE c.tenant_key = ? AND ${LIVE} AND ${inList} ORDER BY r.content_id, r.position`, p),
      store.all<LinkRow>(`SELECT m.content_id AS contentId, m.membership_id AS targetId, 0 AS position
        FROM content_memberships m JOIN content c ON c.id = m.content_id WHERE c.tenant_key = ? AND ${LIVE} AND ${inList}`, p),
      store.all<ScheduleRow>(`SELECT s.content_id AS contentId, s.section_id AS sectionId, s.option AS option
        FROM website_schedules s JOIN content c ON c.id = s.content_id
        WHERE c.tenant_key = ? AND ${LIVE} AND ${inList} AND (s.start_date IS NULL OR s.start_date <= ${t}) AND (s.end_date IS NULL OR s.end_date > ${t})`, p),
    ]);
    out.content.push(...content.map(mapContent));
    out.authors.push(...authors);
    out.terms.push(...terms);
    out.related.push(...related);
    out.contentMemberships.push(...members);
    out.schedules.push(...schedules);
  }
  return out;
}

/**
 * The first instant after `now` at which a published item's or a schedule's start or end date
 * changes what the tenant's site shows (null: none pending).
 */
export async function nextDateBoundary(store: Store, tenantKey: string, now: number): Promise<number | null> {
  const rows = await store.all<{ t: number | null }>(
    `SELECT min(t) AS t FROM (
       SELECT min(start_date) AS t FROM content WHERE tenant_key = ? AND status = 1 AND start_date > ?
       UNION ALL SELECT min(end_date) FROM content WHERE tenant_key = ? AND status = 1 AND end_date > ?
       UNION ALL SELECT min(s.start_date) FROM website_schedules s JOIN content c ON c.id = s.content_id WHERE c.tenant_key = ? AND c.status = 1 AND s.start_date > ?
       UNION ALL SELECT min(s.end_date) FROM website_schedules s JOIN content c ON c.id = s.content_id WHERE c.tenant_key = ? AND c.status = 1 AND s.end_date > ?
     )`, [tenantKey, now, tenantKey, now, tenantKey, now, tenantKey, now]);
  return rows[0]?.t ?? null;
}

/** Bodies of the given ids (the tenant's only), by id. */
export async function loadBodies(store: Store, tenantKey: string, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const rows = await store.all<{ id: number; body: string }>(
      `SELECT id, body FROM content WHERE tenant_key = ? AND id IN (${part.map(() => '?').join(',')})`, [tenantKey, ...part] as SqlValue[]);
    for (const r of rows) out.set(r.id, r.body ?? '');
  }
  return out;
}

/** A stamp of the tenant's newsletter pages' sources (campaigns, templates, ads): changes when any row does. */
export async function newsletterStamp(store: Store, tenantKey: string): Promise<string> {
  const rows = await store.all<{ t: string; n: number; s: number; m: number | null }>(
    `SELECT 'c' AS t, count(*) AS n, total(id) AS s, max(updated_at) AS m FROM newsletter_campaigns WHERE tenant_key = ?
     UNION ALL SELECT 't', count(*), total(id), max(updated_at) FROM newsletter_templates WHERE tenant_key = ?
     UNION ALL SELECT 'a', count(*), total(id), max(updated_at) FROM newsletter_ads WHERE tenant_key = ?`, [tenantKey, tenantKey, tenantKey]);
  return rows.map((r) => `${r.t}${r.n}/${r.s}/${r.m ?? ''}`).join(';');
}
