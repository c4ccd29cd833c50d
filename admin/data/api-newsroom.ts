// Newsroom operations of the admin (issue 16): content research, saved searches, CSV export, bulk
// update and syndication. Same rules as api.ts (one function per operation, the only place that
// knows these documents); a separate file to keep api.ts short.
import { request } from './transport';

const q = <T>(name: string, variables?: Record<string, unknown>, tenantKey?: string) =>
  request<T>('query', name, variables, tenantKey ? { tenantKey } : {});
const m = <T>(name: string, variables?: Record<string, unknown>, tenantKey?: string) =>
  request<T>('mutation', name, variables, tenantKey ? { tenantKey } : {});

/** The research filter (api/research/schema.graphql ContentResearchInput); absent keys do not filter. */
export interface ResearchQuery {
  tenantKeys?: string[];
  text?: string;
  types?: string[];
  sectionIds?: number[];
  taxonomyIds?: number[];
  authorIds?: number[];
  publishedFrom?: string;
  publishedTo?: string;
  statuses?: number[];
}
export interface ResearchRow { id: number; tenantKey: string; type: string; name: string; status: number; published: string | null; primarySectionId: number }
export interface SavedSearch { id: number; name: string; query: ResearchQuery; createdAt: string }

export const researchContent = async (query: ResearchQuery, skip: number, limit: number) => {
  const a = await q<{ rows: ResearchRow[]; totalCount: number }>('researchContent', { input: { ...query, skip, limit } });
  return { items: a.rows, totalCount: a.totalCount };
};
export const researchContentCsv = (query: ResearchQuery) => q<string>('researchContentCsv', { input: query });
export const getResearchSearches = () => q<SavedSearch[]>('getResearchSearches');
export const saveResearchSearch = (name: string, query: ResearchQuery) => m<SavedSearch>('saveResearchSearch', { name, query });
export const deleteResearchSearch = (id: number) => m<{ ok: boolean }>('deleteResearchSearch', { id });

/** What a bulk update sets (api/research BulkContentSetInput); only the fields given change. */
export interface BulkSet {
  status?: number;
  primarySectionId?: number;
  published?: string;
  startDate?: string;
  endDate?: string;
  authorIds?: number[];
  taxonomyIds?: number[];
  addTaxonomyIds?: number[];
  removeTaxonomyIds?: number[];
  schedules?: { sectionId: number; option: string }[];
}
export interface BulkChange { id: number; changes: Record<string, { from: unknown; to: unknown }> }
export interface BulkResult { dryRun: boolean; count: number; items: BulkChange[] }
export type BulkSelection = { ids: number[] } | { query: ResearchQuery };

export const bulkUpdateContent = (selection: BulkSelection, set: BulkSet, dryRun: boolean, tenantKey: string) =>
  m<BulkResult>('bulkUpdateContent', { input: { ...selection, set, dryRun } }, tenantKey);

export interface SyndicationLink { copyId: number; copyTenantKey: string; copyName: string; sourceId: number; sourceTenantKey: string; sourceName: string; createdAt: string }
export const getContentSyndication = () => q<SyndicationLink[]>('getContentSyndication');
export const syndicateContent = (input: { id: number; targetTenantKey: string; primarySectionId: number }, tenantKey: string) =>
  m<{ copyId: number; sourceId: number; targetTenantKey: string }>('syndicateContent', { input }, tenantKey);
export const detachSyndicatedContent = (id: number, tenantKey: string) => m<{ ok: boolean }>('detachSyndicatedContent', { id }, tenantKey);
