// Full-text content search over the FTS5 index of migration 0004 (`content_search`, rowid = content
// id). The text is reduced to its words (engine/domain/search) and each is quoted and matched as a
// prefix, so no input can inject FTS syntax. Results are ordered by relevance (bm25: name weighs
// most, then teaser, then body) unless another order is asked for; counts per type and per website
// schedule section come from the same filters for the search page's facets.
//
// On PostgreSQL the same functions use content.search_vector (a generated tsvector with a GIN
// index, 'simple' configuration: lower-cased words, no stemming, as FTS5's unicode61 tokenizer):
// every word a prefix (`'word':*`), all required; relevance is ts_rank over name (weight A),
// teaser (B) and the whole text (D), so name weighs most, then teaser, then body, as bm25's weights.
import { searchTerms } from '../../domain/search';
import { dialectOf, type SqlValue, type Store } from '../connection';
import { contentByIds, type ContentRecord } from './content';

/** The MATCH expression for a text: every word as a quoted prefix, all required; null when no words. */
export function ftsMatch(text: string): string | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t.replaceAll('"', '""')}"*`).join(' ');
}

/** The tsquery text for a search text: every word as a quoted prefix, all required; null when no words. */
export function tsQuery(text: string): string | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  return terms.map((t) => `'${t.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(' & ');
}

/** How each dialect matches, ranks and reads the searched rows. */
interface Fts {
  match(text: string): string | null;
  from: string;
  matches: string;
  /** Gated items match on name and teaser only: the SQL, bound to the match once more. */
  nameOrTeaser: (match: string) => { sql: string; param: string };
  registrationRequired: string;
  blanks: string;
  /** Best first when the caller asks for descending relevance. */
  relevance: (dir: 'ASC' | 'DESC') => string;
  /** Extra parameters the ORDER BY binds (before LIMIT). */
  relevanceParams: (match: string) => SqlValue[];
}

const SQLITE_FTS: Fts = {
  match: ftsMatch,
  from: 'FROM content_search JOIN content c ON c.id = content_search.rowid',
  matches: 'content_search MATCH ?',
  nameOrTeaser: (match) => ({ sql: 'c.id IN (SELECT rowid FROM content_search WHERE content_search MATCH ?)', param: `{name teaser} : (${match})` }),
  registrationRequired: 'c.user_registration_required = 1',
  blanks: "' ' || char(9, 10, 11, 12, 13)",
  // bm25 is lower for better matches, so "desc" (the default) means best first.
  relevance: (dir) => `bm25(content_search, 10.0, 4.0, 1.0) ${dir === 'DESC' ? 'ASC' : 'DESC'}`,
  relevanceParams: () => [],
};

const NAME_TEASER_VECTOR = "to_tsvector('simple', coalesce(c.name, '') || ' ' || coalesce(c.teaser, ''))";
const PG_FTS: Fts = {
  match: tsQuery,
  from: 'FROM content c',
  matches: "c.search_vector @@ to_tsquery('simple', ?)",
  nameOrTeaser: (match) => ({ sql: `${NAME_TEASER_VECTOR} @@ to_tsquery('simple', ?)`, param: match }),
  registrationRequired: 'c.user_registration_required IS TRUE',
  blanks: "' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13)",
  relevance: (dir) => "ts_rank(setweight(to_tsvector('simple', coalesce(c.name, '')), 'A') || setweight(to_tsvector('simple', coalesce(c.teaser, '')), 'B')"
    + ` || c.search_vector, to_tsquery('simple', ?)) ${dir}`,
  relevanceParams: (match) => [match],
};

const ftsOf = (store: Store): Fts => (dialectOf(store) === 'postgres' ? PG_FTS : SQLITE_FTS);

export interface ContentSearchFilter {
  tenantKey: string;
  text: string;
  statuses: number[];
  /** Public reads: published at or before this instant and inside the item's start/end window. */
  liveAt?: number | undefined;
  types?: string[] | undefined;
  excludeTypes?: string[] | undefined;
  /** Items with a website schedule in any of these sections, live at `now`. */
  sectionIds?: number[] | undefined;
  scheduleOption?: string | undefined;
  excludeIds?: number[] | undefined;
  now: number;
  /**
   * Readers' searches: the body of a gated item (membership, survey or registration) does not
   * match, only its name and teaser do, so a search cannot confirm what a gated body says.
   */
  hideGatedBodies?: boolean | undefined;
  sortField: 'relevance' | 'published' | 'startDate' | 'name' | 'id' | 'updated';
  sortOrder: 'asc' | 'desc';
  limit: number;
  skip: number;
}

interface Where { sql: string; params: SqlValue[] }

const ids = (list: readonly (number | string)[]) => JSON.stringify(list);

function scheduleClause(f: Pick<ContentSearchFilter, 'sectionIds' | 'scheduleOption' | 'now'>, out: Where): void {
  if (!f.sectionIds?.length && f.scheduleOption === undefined) return;
  let s = 'EXISTS (SELECT 1 FROM website_schedules ws WHERE ws.content_id = c.id'
    + ' AND (ws.start_date IS NULL OR ws.start_date <= ?) AND (ws.end_date IS NULL OR ws.end_date > ?)';
  out.params.push(f.now, f.now);
  if (f.sectionIds?.length) {
    s += ' AND ws.section_id IN (SELECT value FROM json_each(?))';
    out.params.push(ids(f.sectionIds));
  }
  if (f.scheduleOption !== undefined) {
    s += ' AND ws.option = ?';
    out.params.push(f.scheduleOption);
  }
  out.sql += ` AND ${s})`;
}

/** The shared WHERE (after the text match), optionally without the type or schedule filter (facets). */
function where(fts: Fts, f: ContentSearchFilter, match: string, omit: { types?: boolean; sections?: boolean } = {}): Where {
  const out: Where = {
    sql: `${fts.matches} AND c.tenant_key = ? AND c.status IN (SELECT value FROM json_each(?))`,
    params: [match, f.tenantKey, ids(f.statuses)],
  };
  if (f.liveAt !== undefined) {
    out.sql += ' AND c.published IS NOT NULL AND c.published <= ? AND (c.start_date IS NULL OR c.start_date <= ?)'
      + ' AND (c.end_date IS NULL OR c.end_date > ?)';
    out.params.push(f.liveAt, f.liveAt, f.liveAt);
  }
  if (!omit.types && f.types?.length) {
    out.sql += ' AND c.type IN (SELECT value FROM json_each(?))';
    out.params.push(ids(f.types));
  }
  if (f.excludeTypes?.length) {
    out.sql += ' AND c.type NOT IN (SELECT value FROM json_each(?))';
    out.params.push(ids(f.excludeTypes));
  }
  if (f.excludeIds?.length) {
    out.sql += ' AND c.id NOT IN (SELECT value FROM json_each(?))';
    out.params.push(ids(f.excludeIds));
  }
  scheduleClause({ sectionIds: omit.sections ? undefined : f.sectionIds, scheduleOption: f.scheduleOption, now: f.now }, out);
  if (f.hideGatedBodies) gatedClause(fts, match, out);
  return out;
}

/**
 * Gated items match on their name and teaser only. The condition is engine/domain/gating.ts
 * isGatedItem in SQL (a survey type counts once blanks are trimmed); a test checks the two agree.
 */
function gatedClause(fts: Fts, match: string, out: Where): void {
  const gated = `(${fts.registrationRequired} OR trim(coalesce(c.gating_survey_type, ''), ${fts.blanks}) <> ''`
    + ' OR EXISTS (SELECT 1 FROM content_memberships cm WHERE cm.content_id = c.id))';
  const own = fts.nameOrTeaser(match);
  out.sql += ` AND (NOT ${gated} OR ${own.sql})`;
  out.params.push(own.param);
}

const ORDER: Record<Exclude<ContentSearchFilter['sortField'], 'relevance'>, string> = {
  published: 'c.published', startDate: 'c.start_date', name: 'c.name', id: 'c.id', updated: 'c.updated_at',
};

/** One page of matching items (full rows) and the total count. No words in the text: nothing. */
export async function searchContent(store: Store, f: ContentSearchFilter): Promise<{ rows: ContentRecord[]; total: number }> {
  const fts = ftsOf(store);
  const match = fts.match(f.text);
  if (!match) return { rows: [], total: 0 };
  const w = where(fts, f, match);
  const dir = f.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const byRelevance = f.sortField === 'relevance';
  const order = byRelevance
    ? `${fts.relevance(dir)}, c.published DESC, c.id DESC`
    : `${ORDER[f.sortField as keyof typeof ORDER]} ${dir}, c.id ${dir}`;
  const orderParams = byRelevance ? fts.relevanceParams(match) : [];
  const [page, count] = await Promise.all([
    store.all<{ id: number }>(`SELECT c.id AS id ${fts.from} WHERE ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?`, [...w.params, ...orderParams, f.limit, f.skip]),
    store.all<{ n: number }>(`SELECT count(*) AS n ${fts.from} WHERE ${w.sql}`, w.params),
  ]);
  const order_ = page.map((r) => r.id);
  const byId = new Map((await contentByIds(store.db, f.tenantKey, order_)).map((r) => [r.id, r]));
  return { rows: order_.map((id) => byId.get(id)).filter((r): r is ContentRecord => r !== undefined), total: Number(count[0]?.n ?? 0) };
}

export interface SearchFacets {
  types: { value: string; count: number }[];
  sections: { sectionId: number; count: number }[];
}

/**
 * Matching items per content type (ignoring the type filter) and per website schedule section
 * (ignoring the section filter), each with every other filter applied; most first.
 */
export async function searchFacets(store: Store, f: ContentSearchFilter): Promise<SearchFacets> {
  const fts = ftsOf(store);
  const match = fts.match(f.text);
  if (!match) return { types: [], sections: [] };
  const wt = where(fts, f, match, { types: true });
  const ws = where(fts, f, match, { sections: true });
  const [types, sections] = await Promise.all([
    store.all<{ value: string; n: number }>(
      `SELECT c.type AS value, count(*) AS n ${fts.from} WHERE ${wt.sql} GROUP BY c.type ORDER BY n DESC, value ASC`, wt.params),
    store.all<{ sid: number; n: number }>(
      `SELECT s.section_id AS sid, count(DISTINCT c.id) AS n ${fts.from}
        JOIN website_schedules s ON s.content_id = c.id AND (s.start_date IS NULL OR s.start_date <= ?) AND (s.end_date IS NULL OR s.end_date > ?)
        WHERE ${ws.sql} GROUP BY s.section_id ORDER BY n DESC, sid ASC`, [f.now, f.now, ...ws.params]),
  ]);
  return {
    types: types.map((r) => ({ value: r.value, count: Number(r.n) })),
    sections: sections.map((r) => ({ sectionId: Number(r.sid), count: Number(r.n) })),
  };
}
