// Typed admin operations over the transport: one function per GraphQL operation of the API
// (api/documents/{query,mutation}/<name>.gql). Variables and answers are normalised here, so screens
// never see transport details; aligning with the API is a change to this file only.
import { request } from './transport';
import type { SessionTokens } from '../lib/session-store';
import type { BuildStatus } from '../lib/publish-status';
import type {
  AdUnitPattern, Asset, CmsUser, ContentDetail, ContentSummary, HistoryEntry, LayoutDetail,
  LayoutSummary, MenuLink, Page, Person, Redirect, SectionNode, SiteSettings, TaxonomyTerm, Tenant,
} from './types';
import { normaliseSections } from './sections';
import { fromApiContent, fromApiSummary, fromApiUser, type ApiContent, type ApiUser } from './normalise';

const q = <T>(name: string, variables?: Record<string, unknown>, tenantKey?: string) =>
  request<T>('query', name, variables, tenantKey ? { tenantKey } : {});
const m = <T>(name: string, variables?: Record<string, unknown>, tenantKey?: string) =>
  request<T>('mutation', name, variables, tenantKey ? { tenantKey } : {});

function page<T>(answer: unknown): Page<T> {
  if (Array.isArray(answer)) return { items: answer as T[], totalCount: answer.length };
  const a = (answer ?? {}) as { items?: T[]; totalCount?: number };
  const items = a.items ?? [];
  return { items, totalCount: a.totalCount ?? items.length };
}

// Session (admin §7.2)
export const loginCmsUser = (username: string, password: string) => m<SessionTokens>('loginCmsUser', { username, password });
export const refreshTokenCmsUser = (refreshToken: string) => m<SessionTokens>('refreshTokenCmsUser', { refreshToken });
export const getActiveCMSUser = async () => fromApiUser(await q<ApiUser>('getActiveCMSUser'));
export const validateCMSUserBearerToken = async () => Boolean((await q<{ valid?: boolean } | null>('validateCMSUserBearerToken'))?.valid);
export const logoutCmsUser = (refreshToken: string | null) => m<unknown>('logoutCmsUser', { refreshToken });
export const requestResetCMSUserPassword = (email: string) => m<unknown>('requestResetCMSUserPassword', { email });
export const resetCMSUserPassword = (password: string, hash: string) => m<unknown>('resetCMSUserPassword', { password, hash });
export const validateCMSUserInvite = (password: string, hash: string) => m<unknown>('validateCMSUserInvite', { password, hash });
/** Every session ends; the answer is a fresh token pair for this one. */
export const changeOwnCmsUserPassword = (currentPassword: string, newPassword: string) =>
  m<SessionTokens>('changeOwnCmsUserPassword', { currentPassword, newPassword });
export const updateOwnCmsUserProfile = async (input: { firstName: string; lastName: string }) =>
  fromApiUser(await m<ApiUser>('updateOwnCmsUserProfile', { input }));

// Tenants and selections (admin §7.3)
export const getTenantInfo = async (includeTest = false) =>
  page<Tenant>(await q('getTenantInfo', { includeTest })).items.map((t) => ({ ...t, domain: t.domain ?? '' }));
export const getSiteSettingsNew = (tenantKey?: string) => q<SiteSettings>('getSiteSettingsNew', {}, tenantKey);
export const getWebsiteSectionsHierarchy = async (tenantKey?: string): Promise<SectionNode[]> =>
  normaliseSections(await q<unknown>('getWebsiteSectionsHierarchy', { includeInactive: true }, tenantKey));
export const getPersonStream = async (phrase = '') =>
  page<Person>(await q('getPersonStream', { input: { status: 1, phrase: phrase || undefined, pagination: { limit: 9999 } } })).items;
export const matchTaxonomyStream = async (phrase: string, excludeIds: number[] = []) =>
  page<TaxonomyTerm>(await q('matchTaxonomyStream', { input: { phrase, excludeIds, sortField: 'name', sortOrder: 'asc', limit: 1000 } })).items;
export const getTaxonomyStream = async (includeIds: number[]) =>
  includeIds.length === 0 ? [] : page<TaxonomyTerm>(await q('getTaxonomyStream', { input: { includeIds, pagination: { limit: 1000 } } })).items;
/** The image library. Needs a getAssetStream operation the API does not have yet. */
export const getAssetStream = async (phrase = '') =>
  page<Asset>(await q('getAssetStream', { input: { phrase: phrase || undefined, pagination: { limit: 200 } } })).items;

// Content
export interface ContentFilter {
  type?: string;
  status?: number;
  sectionId?: number;
  search?: string;
  skip: number;
  limit: number;
}

/**
 * The content list. The API filters by status scope only (active: published; any: all), so a draft
 * or deleted filter is applied to the page the API returns.
 */
export const getContentStream = async (f: ContentFilter): Promise<Page<ContentSummary>> => {
  const narrow = f.status === 0 || f.status === 2;
  const answer = page<ApiContent>(await q('getContentStream', {
    input: {
      type: f.type || undefined,
      sectionId: f.sectionId,
      phrase: f.search || undefined,
      status: f.status === 1 ? 'active' : 'any',
      sortField: 'updated',
      sortOrder: 'desc',
      pagination: narrow ? { skip: 0, limit: 100 } : { skip: f.skip, limit: f.limit },
    },
  }));
  const items = answer.items.map(fromApiSummary);
  if (!narrow) return { items, totalCount: answer.totalCount };
  const kept = items.filter((c) => c.status === f.status);
  return { items: kept.slice(f.skip, f.skip + f.limit), totalCount: kept.length };
};
export const getContent = async (id: number) => fromApiContent(await q<ApiContent>('getContent', { id, status: 'any', requirePublished: false }));
export type ContentWrite = Omit<ContentDetail, 'id' | 'path' | 'updatedAt' | 'assets'>;
export const createContent = async (input: ContentWrite, tenantKey: string) => fromApiContent(await m<ApiContent>('createContent', { input }, tenantKey));
export const updateContent = async (id: number, input: ContentWrite, tenantKey: string) => fromApiContent(await m<ApiContent>('updateContent', { id, input }, tenantKey));

// Website sections
export type SectionWrite = { name: string; parentId: number | null; manualAlias: boolean; alias?: string; description?: string; gamAlias?: string };
export const createWebsiteSection = (input: SectionWrite, tenantKey: string) => m<SectionNode>('createWebsiteSection', { input }, tenantKey);
export const updateWebsiteSection = (id: number, input: SectionWrite, tenantKey: string) => m<SectionNode>('updateWebsiteSection', { id, input }, tenantKey);
export const deleteWebsiteSection = (id: number, tenantKey: string) => m<unknown>('deleteWebsiteSection', { id }, tenantKey);

// Layouts
export const getLayoutStream = async () => page<LayoutSummary>(await q('getLayoutStream', { input: { pagination: { limit: 1000 } } })).items;
export const getLayout = (id: number) => q<LayoutDetail>('getLayout', { id });
export type LayoutWrite = Omit<LayoutDetail, 'id' | 'tenants'>;
export const createLayout = (input: LayoutWrite, tenantKey: string) => m<LayoutDetail>('createLayout', { input }, tenantKey);
export const updateLayout = (id: number, input: LayoutWrite, tenantKey: string) => m<LayoutDetail>('updateLayout', { id, input }, tenantKey);
export const deleteLayout = (id: number, tenantKey: string) => m<unknown>('deleteLayout', { id }, tenantKey);

// Menus, redirects, settings, ad unit patterns
export const getMenus = async (): Promise<Record<string, MenuLink[]>> => {
  const a = await q<{ key: string; links: MenuLink[] }[] | Record<string, MenuLink[]>>('getMenus');
  return Array.isArray(a) ? Object.fromEntries(a.map((x) => [x.key, x.links])) : a;
};
export const updateMenu = (key: string, links: MenuLink[], tenantKey: string) => m<unknown>('updateMenu', { key, links }, tenantKey);
export const getRedirectStream = async () => page<Redirect>(await q('getRedirectStream', { pagination: { limit: 1000 } })).items;
/** Tests a path: the redirect a visit to `from` would follow, or null. */
export const getWebsiteRedirect = (from: string, preserveQueryString = true) =>
  q<{ to: string; from?: string; code?: number } | null>('getWebsiteRedirect', { from, preserveQueryString });
export type RedirectWrite = Omit<Redirect, 'id'>;
export const createRedirect = (input: RedirectWrite, tenantKey: string) => m<Redirect>('createRedirect', { input }, tenantKey);
export const updateRedirect = (id: number, input: RedirectWrite, tenantKey: string) => m<Redirect>('updateRedirect', { id, input }, tenantKey);
export const deleteRedirect = (id: number, tenantKey: string) => m<unknown>('deleteRedirect', { id }, tenantKey);
export const updateSiteSettings = (settings: SiteSettings, tenantKey: string) => m<SiteSettings>('updateSiteSettings', { settings }, tenantKey);
export const getAdUnitPatternStream = async () => page<AdUnitPattern>(await q('getAdUnitPatternStream', { pagination: { limit: 1000 } })).items;
export type AdUnitPatternWrite = Omit<AdUnitPattern, 'id'>;
export const createAdUnitPattern = (input: AdUnitPatternWrite, tenantKey: string) => m<AdUnitPattern>('createAdUnitPattern', { input }, tenantKey);
export const updateAdUnitPattern = (id: number, input: AdUnitPatternWrite, tenantKey: string) => m<AdUnitPattern>('updateAdUnitPattern', { id, input }, tenantKey);
export const deleteAdUnitPattern = (id: number, tenantKey: string) => m<unknown>('deleteAdUnitPattern', { id }, tenantKey);

// CMS users and history
export const getCmsUserStream = async () => page<ApiUser>(await q('getCmsUserStream', { input: { pagination: { limit: 1000 } } })).items.map(fromApiUser);
export type CmsUserWrite = Pick<CmsUser, 'email' | 'username' | 'firstName' | 'lastName' | 'role' | 'extraPermissions' | 'status' | 'isGlobal' | 'tenants'>;
/** Creates the account and e-mails an invite link; answers when the link expires. */
export const createCmsUser = async (input: CmsUserWrite) => {
  const a = await m<{ user: ApiUser; inviteExpiresAt: string }>('createCmsUser', { input });
  return { user: fromApiUser(a.user), inviteExpiresAt: a.inviteExpiresAt };
};
export const updateCmsUser = async (id: number, input: CmsUserWrite) => fromApiUser(await m<ApiUser>('updateCmsUser', { id, input }));
export const getHistory = async (f: { entityType?: string; entityId?: string; skip: number; limit: number }): Promise<Page<HistoryEntry>> => {
  type Raw = Omit<HistoryEntry, 'actor'> & { actorType: string; actorId: number | null; actorUsername: string | null };
  const p = page<Raw>(await q('getHistory', { input: { entityType: f.entityType || undefined, entityId: f.entityId || undefined, pagination: { skip: f.skip, limit: f.limit } } }));
  return {
    totalCount: p.totalCount,
    items: p.items.map(({ actorType, actorId, actorUsername, ...e }) => ({ ...e, actor: { type: actorType, id: actorId, username: actorUsername } })),
  };
};

// Builds (the incremental-rebuild issue): not in the API yet. The answer is read leniently (state or
// status; buildId or id) until its shape is fixed.
export const getBuildStatus = async (tenantKey?: string): Promise<BuildStatus> => {
  const a = (await q<Record<string, unknown> | null>('getBuildStatus', {}, tenantKey)) ?? {};
  const state = String(a.state ?? a.status ?? a.phase ?? '').toLowerCase();
  return {
    state: (['queued', 'building', 'live', 'failed'].includes(state) ? state : 'live') as BuildStatus['state'],
    buildId: (a.buildId ?? a.id ?? null) as string | null,
    startedAt: (a.startedAt ?? null) as string | null,
    finishedAt: (a.finishedAt ?? null) as string | null,
    pagesWritten: (a.pagesWritten ?? null) as number | null,
  };
};
