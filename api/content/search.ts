// getContentStream's full-text branch (input.search; public §2 /search, §5): the FTS5 query of
// engine/store/queries/search with the stream's filters, plus `facets` on the answer (matches per
// type and per website schedule section) for the search page. Anonymous readers see published
// items inside their window only; `status: any` stays a staff read (checked by the caller). A
// gated item matches readers on its name and teaser only.
import type { SearchFacets } from '../../engine/store/queries/search';
import * as q from '../../engine/store/queries/search';
import { may } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { connection } from '../../engine/services/kernel/paging';

export interface SearchArgs {
  search: string;
  status: 'active' | 'any';
  types: string[];
  excludeContentTypes?: string[] | undefined;
  sectionId?: number | undefined;
  sectionIds?: number[] | undefined;
  scheduleOption?: string | undefined;
  excludeContentIds?: number[] | undefined;
  sortField?: q.ContentSearchFilter['sortField'] | undefined;
  sortOrder: 'asc' | 'desc';
  limit: number;
  skip: number;
}

/** The filter a facets resolver re-runs; kept on the connection object, not exposed in the schema. */
const FILTER = Symbol('searchFilter');

export async function searchStream(ctx: GqlContext, tenantKey: string, a: SearchArgs) {
  const now = ctx.services.now();
  const sectionIds = [...(a.sectionIds ?? []), ...(a.sectionId !== undefined ? [a.sectionId] : [])];
  const filter: q.ContentSearchFilter = {
    tenantKey,
    text: a.search,
    statuses: a.status === 'any' ? [0, 1, 2] : [1],
    liveAt: a.status === 'any' ? undefined : now,
    types: a.types.length ? a.types : undefined,
    excludeTypes: a.excludeContentTypes,
    sectionIds: sectionIds.length ? [...new Set(sectionIds)] : undefined,
    scheduleOption: a.scheduleOption,
    excludeIds: a.excludeContentIds,
    // Only staff who may read every body search gated ones (the content reads' rule). Metered
    // bodies stay searchable: the meter lends them to readers, and the page still counts the view.
    hideGatedBodies: !may(await ctx.actor(), tenantKey, ['manage_content']),
    now,
    sortField: a.sortField ?? 'relevance',
    sortOrder: a.sortOrder,
    limit: a.limit,
    skip: a.skip,
  };
  const { rows, total } = await q.searchContent(ctx.services.store, filter);
  return { ...connection(rows, a.skip, total), [FILTER]: filter };
}

interface FacetsAnswer {
  types: { value: string; count: number }[];
  websiteSchedules: { sectionId: number; count: number; section: unknown }[];
}

/** ContentConnection.facets: null unless the stream was a search. */
export async function searchFacets(conn: { [FILTER]?: q.ContentSearchFilter }, ctx: GqlContext): Promise<FacetsAnswer | null> {
  const filter = conn[FILTER];
  if (!filter) return null;
  const f: SearchFacets = await q.searchFacets(ctx.services.store, filter);
  const sections = (await ctx.site()).sections;
  return {
    types: f.types,
    websiteSchedules: f.sections.flatMap((s) => {
      const section = sections.get(s.sectionId);
      return section && section.status === 1 ? [{ sectionId: s.sectionId, count: s.count, section }] : [];
    }),
  };
}
