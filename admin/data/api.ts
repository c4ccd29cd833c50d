// Typed admin operations over the transport: one function per GraphQL operation of the API
// (api/documents/{query,mutation}/<name>.gql). Variables and answers are normalised here, so screens
// never see transport details; aligning with the API is a change to this file only.
import { request } from './transport';
import type { SessionTokens } from '../lib/session-store';
import type { BuildStatus } from '../lib/publish-status';
import type {
  AdUnitPattern, AdUnitView, Asset, HouseAdView, CmsUser, ContentDetail, ContentSummary, HistoryEntry, LayoutDetail,
  LayoutSummary, MenuLink, Page, Person, Redirect, SectionNode, SiteSettings, TaxonomyTerm, Tenant,
} from './types';
import type { Contacts, PersonInput } from './types';
import type {
  NewsletterAdRecord, NewsletterCampaignRecord, NewsletterCampaignSummary, NewsletterItemRecord, NewsletterPreview,
  NewsletterSendSummary, NewsletterTemplateRecord, NewsletterTemplateSummary,
} from './types';
import type { AspireNews, CompanyUpdate, Contract, DemographicQuestionSummary, Membership, SiteLicenseCompany, SiteUser } from './types';
import { normaliseSections } from './sections';
import { fromApiContent, fromApiSummary, fromApiUser, type ApiContent, type ApiUser } from './normalise';

import type { MediaAsset } from './types';

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
/** The taxonomy tree screen: every term (the match limit, 1000, admin §9), sorted by full name. */
export const getTaxonomyTree = async (phrase = '') =>
  page<TaxonomyTerm>(await q('matchTaxonomyStream', { input: { phrase: phrase || undefined, sortField: 'fullName', sortOrder: 'asc', limit: 1000 } })).items;
export const getTaxonomyStream = async (includeIds: number[]) =>
  includeIds.length === 0 ? [] : page<TaxonomyTerm>(await q('getTaxonomyStream', { input: { includeIds, pagination: { limit: 1000 } } })).items;
/** The image library (media library assets, newest first). */
export const getAssetStream = async (phrase = '') => (await getMediaAssets({ phrase })).rows as Asset[];

export interface AssetFilter { phrase?: string; tag?: string; type?: string; used?: boolean; limit?: number; skip?: number }
export const getMediaAssets = async (filter: AssetFilter = {}) => {
  const r = await q<{ rows: MediaAsset[]; totalCount: number }>('getAssetStream', { input: { ...filter, phrase: filter.phrase || undefined, tag: filter.tag || undefined, type: filter.type || undefined, limit: filter.limit ?? 200 } });
  return r;
};
export const updateAsset = (id: number, input: Partial<Pick<MediaAsset, 'name' | 'alt' | 'caption' | 'credit' | 'focalX' | 'focalY' | 'tags' | 'decorative'>>) =>
  m<MediaAsset>('updateAsset', { id, input });
export const deleteAsset = (id: number) => m<{ ok: boolean }>('deleteAsset', { id });

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
/** A signed link on the tenant's site: a draft preview of content `preview`, or a one-time staff pass to `site` (shows the staff toolbar there). */
export const createStaffLink = (target: { preview: number } | { site: string }, tenantKey: string) =>
  'preview' in target
    ? m<{ path: string; url: string | null; expiresAt: string }>('createContentPreviewLink', { id: target.preview }, tenantKey)
    : m<{ path: string; url: string | null; expiresAt: string }>('createStaffSiteLink', { path: target.site, adminOrigin: window.location.origin }, tenantKey);

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
export const updateHeaderCta = (text: string, tenantKey: string) => m<{ headerCtaText: string | null }>('updateHeaderCta', { text }, tenantKey);
export const getAdUnitPatternStream = async () => page<AdUnitPattern>(await q('getAdUnitPatternStream', { pagination: { limit: 1000 } })).items;
export type AdUnitPatternWrite = Omit<AdUnitPattern, 'id'>;
export const createAdUnitPattern = (input: AdUnitPatternWrite, tenantKey: string) => m<AdUnitPattern>('createAdUnitPattern', { input }, tenantKey);
export const updateAdUnitPattern = (id: number, input: AdUnitPatternWrite, tenantKey: string) => m<AdUnitPattern>('updateAdUnitPattern', { id, input }, tenantKey);
export const deleteAdUnitPattern = (id: number, tenantKey: string) => m<unknown>('deleteAdUnitPattern', { id }, tenantKey);
export const getAdUnits = () => q<AdUnitView[]>('getAdUnits');
export type AdUnitWrite = Omit<AdUnitView, 'id' | 'targetId'> & { targetId: string | null };
export const createAdUnit = (input: AdUnitWrite, tenantKey: string) => m<AdUnitView>('createAdUnit', { input }, tenantKey);
export const updateAdUnit = (id: number, input: AdUnitWrite, tenantKey: string) => m<AdUnitView>('updateAdUnit', { id, input }, tenantKey);
export const deleteAdUnit = (id: number, tenantKey: string) => m<unknown>('deleteAdUnit', { id }, tenantKey);
export const getHouseAds = () => q<HouseAdView[]>('getHouseAds');
export type AdUnitReportRow = { key: string; type: string; sizes: [number, number][]; refreshRate: number; useSectionAlias: boolean; excludePageTypes: string[]; placedIn: string[]; excludedBy: string[] };
export const getAdUnitSettingsReport = () => q<AdUnitReportRow[]>('getAdUnitSettingsReport');
export type HouseAdWrite = { name: string; kind: string; status: number; priority: number; startDate: string | null; endDate: string | null; unitKeys: string[] } & Record<string, unknown>;
export const createHouseAd = (input: HouseAdWrite, tenantKey: string) => m<HouseAdView>('createHouseAd', { input }, tenantKey);
export const updateHouseAd = (id: number, input: HouseAdWrite, tenantKey: string) => m<HouseAdView>('updateHouseAd', { id, input }, tenantKey);
export const deleteHouseAd = (id: number, tenantKey: string) => m<unknown>('deleteHouseAd', { id }, tenantKey);

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

// Members (admin §3.6; public §3, §4, §7): memberships (manage_memberships), site users
// (manage_site_users) and site-license companies of the IP gating settings (manage_ip_gating).
export type MembershipWrite = Omit<Membership, 'id'>;
export const getMembershipStream = async (tenantKey?: string) =>
  page<Membership>(await q('getMembershipStream', { input: { pagination: { limit: 1000 } } }, tenantKey)).items;
export const createMembership = (input: MembershipWrite, tenantKey: string) => m<Membership>('createMembership', { input }, tenantKey);
export const updateMembership = (id: number, input: MembershipWrite, tenantKey: string) => m<Membership>('updateMembership', { id, input }, tenantKey);
/** Refused (CONFLICT) while content lists the membership or members hold it. */
export const deleteMembership = (id: number, tenantKey: string) => m<unknown>('deleteMembership', { id }, tenantKey);
/** Demographic questions a membership may require; every status (staff). */
export const getDemographicQuestions = async (tenantKey?: string) =>
  page<DemographicQuestionSummary>(await q('getOmedaDemographicStream', { input: { pagination: { limit: 100 } } }, tenantKey)).items;
export const getSiteUserStream = async (f: { phrase?: string; status?: number; skip: number; limit: number }, tenantKey?: string) =>
  page<SiteUser>(await q('getSiteUserStream', { input: { phrase: f.phrase || undefined, status: f.status, pagination: { skip: f.skip, limit: f.limit } } }, tenantKey));
export type SiteUserAdminWrite = { firstName?: string; lastName?: string; email?: string; username?: string; status?: 0 | 1; membershipIds?: number[] };
export const updateSiteUserProfileAdmin = (id: number, input: SiteUserAdminWrite, tenantKey: string) =>
  m<SiteUser>('updateSiteUserProfileAdmin', { id, input }, tenantKey);
/** Signs this browser in as the member on the tenant's API (1-day session flagged as simulating). */
export const simulateSiteUser = (username: string, tenantKey: string) =>
  m<{ token: string; tokenExpiration: string; message: string | null; simulateCode: string | null; userInfo: SiteUser }>('simulateSiteUser', { username }, tenantKey);
export const getSiteLicenseCompanyStream = async (phrase = '', tenantKey?: string) =>
  page<SiteLicenseCompany>(await q('getSiteLicenseCompanyStream', { input: { phrase: phrase || undefined, pagination: { limit: 1000 } } }, tenantKey)).items;
export type SiteLicenseCompanyWrite = { name: string; status: 0 | 1; ranges: string[] };
export const createSiteLicenseCompany = (input: SiteLicenseCompanyWrite, tenantKey: string) => m<SiteLicenseCompany>('createSiteLicenseCompany', { input }, tenantKey);
export const updateSiteLicenseCompany = (id: number, input: SiteLicenseCompanyWrite, tenantKey: string) =>
  m<SiteLicenseCompany>('updateSiteLicenseCompany', { id, input }, tenantKey);
export const deleteSiteLicenseCompany = (id: number, tenantKey: string) => m<unknown>('deleteSiteLicenseCompany', { id }, tenantKey);
/** The company whose ranges hold `ip` (staff may test any address), or null. */
export const testSiteLicenseIp = (ip: string, tenantKey?: string) =>
  q<{ companyName: string; ipAddress: string } | null>('siteLicenseCompany', { userIpAddress: ip }, tenantKey);

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
    requestedAt: (a.requestedAt ?? null) as string | null,
    error: (a.error ?? null) as string | null,
    warnings: Array.isArray(a.warnings) ? a.warnings.filter((w): w is string => typeof w === 'string') : [],
  };
};

// The start page (issue 35): drafts, scheduled items and the next newsletter send; a part the user may not open is null.
export interface DashboardItem { id: number; name: string; type: string; published: string | null; updatedAt: string | null }
export interface Dashboard {
  draftCount: number | null;
  scheduledCount: number | null;
  nextScheduled: DashboardItem[] | null;
  recentDrafts: DashboardItem[] | null;
  nextNewsletter: { id: number; name: string; subject: string | null; deploymentDate: string } | null;
}
export const getDashboard = () => q<Dashboard>('getDashboard');

// Newsletters (admin §3.7–3.9): templates, campaigns (with the live preview, test sends and
// deploys), ads and newsletter items. Writes go to the tenant the editor pinned.
export const getNewsletterTemplateStream = async (opts: { anyStatus?: boolean } = {}, tenantKey?: string) =>
  page<NewsletterTemplateSummary>(await q('getNewsletterTemplateStream', { input: { ...(opts.anyStatus ? { anyStatus: true } : { status: 1 }), pagination: { limit: 1000 } } }, tenantKey)).items;
export const getNewsletterTemplate = (id: number) => q<NewsletterTemplateRecord>('getNewsletterTemplate', { id });
export const createNewsletterTemplate = (input: Record<string, unknown>, tenantKey: string) => m<NewsletterTemplateRecord>('createNewsletterTemplate', { input }, tenantKey);
export const updateNewsletterTemplate = (id: number, input: Record<string, unknown>, tenantKey: string) => m<NewsletterTemplateRecord>('updateNewsletterTemplate', { id, input }, tenantKey);
export const deleteNewsletterTemplate = (id: number, tenantKey: string) => m<unknown>('deleteNewsletterTemplate', { id }, tenantKey);
export const getNewsletterCampaignStream = async (f: { templateId?: number; skip: number; limit: number }) => {
  const p = page<NewsletterCampaignSummary>(await q('getNewsletterCampaignStream', { input: { templateId: f.templateId, pagination: { skip: f.skip, limit: f.limit } } }));
  return p;
};
export const getNewsletterCampaign = (id: number) => q<NewsletterCampaignRecord>('getNewsletterCampaign', { id });
export const createNewsletterCampaign = (input: Record<string, unknown>, tenantKey: string) => m<NewsletterCampaignRecord>('createNewsletterCampaign', { input }, tenantKey);
export const updateNewsletterCampaign = (id: number, input: Record<string, unknown>, tenantKey: string) => m<NewsletterCampaignRecord>('updateNewsletterCampaign', { id, input }, tenantKey);
export const deleteNewsletterCampaign = (id: number, tenantKey: string) => m<unknown>('deleteNewsletterCampaign', { id }, tenantKey);
/** The email as edited: with an id the input patches the stored campaign; nothing is written. */
export const renderNewsletterCampaignPreview = (id: number | null, input: Record<string, unknown>, tenantKey: string) =>
  q<NewsletterPreview>('renderNewsletterCampaignPreview', id ? { id, input } : { input }, tenantKey);
export const sendNewsletterTest = (id: number, tenantKey: string) => m<NewsletterSendSummary>('sendNewsletterTest', { id }, tenantKey);
export const deployNewsletterCampaign = (id: number, force: boolean, tenantKey: string) => m<NewsletterSendSummary>('deployNewsletterCampaign', { id, force }, tenantKey);
export const getNewsletterAdStream = async () => page<NewsletterAdRecord>(await q('getNewsletterAdStream', { input: { pagination: { limit: 1000 } } })).items;
export const getNewsletterAd = (id: number) => q<NewsletterAdRecord>('getNewsletterAd', { id });
export const createNewsletterAd = (input: Record<string, unknown>, tenantKey: string) => m<NewsletterAdRecord>('createNewsletterAd', { input }, tenantKey);
export const updateNewsletterAd = (id: number, input: Record<string, unknown>, tenantKey: string) => m<NewsletterAdRecord>('updateNewsletterAd', { id, input }, tenantKey);
export const deleteNewsletterAd = (id: number, tenantKey: string) => m<unknown>('deleteNewsletterAd', { id }, tenantKey);
export const getNewsletterItems = async (tenantKey?: string) => page<NewsletterItemRecord>(await q('getNewsletterItems', {}, tenantKey)).items;
export type NewsletterItemWrite = Omit<NewsletterItemRecord, 'id' | 'omedaProductId'> & { omedaProductId?: string };
export const createNewsletterItem = (input: NewsletterItemWrite, tenantKey: string) => m<NewsletterItemRecord>('createNewsletterItem', { input }, tenantKey);
export const updateNewsletterItem = (id: number, input: NewsletterItemWrite, tenantKey: string) => m<NewsletterItemRecord>('updateNewsletterItem', { id, input }, tenantKey);
export const deleteNewsletterItem = (id: number, tenantKey: string) => m<unknown>('deleteNewsletterItem', { id }, tenantKey);

// Internal news (admin §2.3 flyout, §7.3); global, so no tenant is sent.
export interface AspireNewsPage { items: AspireNews[]; totalCount: number; unreadCount: number }
export const getAspireNewsStream = (f: { skip?: number; limit?: number; hideRead?: boolean; status?: 1 | 2 } = {}) =>
  q<AspireNewsPage>('getAspireNewsStream', f);
export const getAspireNewsAlerts = () => q<AspireNews[]>('getAspireNewsAlerts');
export const markAspireNewsRead = (id: number) => m<AspireNews>('markAspireNewsRead', { id });
export const setAspireNews = (news: { id?: number; title: string; description: string; date: string; status: 1 | 2; alert: boolean }) =>
  m<AspireNews>('setAspireNews', { news });
export const deleteAspireNews = (id: number) => m<{ ok: boolean }>('deleteAspireNews', { id });

// Contributor contracts (admin §2.2, §3.6)
export interface ContractInput { contributorName: string; contributorEmail: string; rate: string; startsOn?: string; endsOn?: string; template: string; personId?: number }
export const getContractStream = (skip = 0, limit = 50) => q<{ items: Contract[]; totalCount: number }>('getContractStream', { skip, limit });
export const getContractStreamForSelect = () => q<{ id: number; label: string }[]>('getContractStreamForSelect');
export const getContract = (id: number) => q<Contract>('getContract', { id });
export const createContract = (input: ContractInput) => m<{ contract: Contract; link: string }>('createContract', { input });
export const updateContract = (id: number, input: ContractInput) => m<Contract>('updateContract', { id, input });
export const sendContractLink = (id: number) => m<{ contract: Contract; link: string }>('sendContractLink', { id });
export const revokeContractLink = (id: number) => m<Contract>('revokeContractLink', { id });
export const deleteContract = (id: number) => m<{ ok: boolean }>('deleteContract', { id });

// System (/admin/system)
export interface SystemStatus {
  mastheadVersion: string; nodeVersion: string; sqliteVersion: string; databasePath: string; databaseBytes: number; migrationsApplied: number;
  queueDepth: number; mailTransport: string; warnings: string[];
  mailLastSend: { at: string; ok: boolean; error: string | null } | null;
  captcha: string;
  crawlerVerification: { method: string; cachedVerdicts: number };
  disk: { name: string; path: string | null; bytes: number; files: number; complete: boolean }[];
  jobs: SystemJob[];
  builds: { tenantKey: string; state: string; buildId: string | null; startedAt: string | null; finishedAt: string | null; durationMs: number | null; pagesWritten: number; openRequests: number; error: string | null; failedAttempts: number; retryAt: string | null }[];
}
/** A background job of the server (engine/jobs/runner.ts). */
export interface SystemJob {
  name: string; title: string; everyMs: number; running: boolean; lastFinishedAt: string | null; lastOkAt: string | null;
  lastResult: string | null; lastError: string | null; failures: number; nextRunAt: string | null;
}
export const getSystemStatus = () => q<SystemStatus>('getSystemStatus');
export interface ScheduleOptionChange { layoutId: number; name: string; blocks: string[]; state: 'planned' | 'updated' | 'skipped' }
export const updateLayoutScheduleOptions = (from: string, to: string | null, dryRun: boolean) =>
  m<ScheduleOptionChange[]>('updateLayoutScheduleOptions', { from, to, dryRun });
export interface SettingsMigrationRow { tenantKey: string; name: string; state: 'unchanged' | 'changed' | 'migrated' | 'invalid'; keys: string[]; error: string | null }
export const migrateSiteSettings = (dryRun: boolean) => m<SettingsMigrationRow[]>('migrateSiteSettings', { dryRun });
export const rebuildTenant = (tenantKey: string) => m<{ ok: boolean }>('rebuildTenant', {}, tenantKey);
/** Starts a background job now; answered at once with the job (running). */
export const runBackgroundJob = (name: string) => m<SystemJob>('runBackgroundJob', { name });
/** A signed link (one hour) to the tenant's theme test page: every block type or every form, with sample data. */
export const createThemeTestLink = (kind: 'blocks' | 'forms', tenantKey: string) =>
  m<{ path: string; url: string | null; expiresAt: string }>('createThemeTestLink', { kind }, tenantKey);

// People, taxonomy and contacts (issue 16)
/** Every person of the tenant (any status) for /admin/persons; the list limit is 9999 (admin §9). */
export const getPersonList = async (phrase = '') =>
  page<Person>(await q('getPersonStream', { input: { phrase: phrase || undefined, pagination: { limit: 9999 } } })).items;
export const createPerson = (input: PersonInput, tenantKey?: string) => m<Person>('createPerson', { input }, tenantKey);
export const updatePerson = (id: number, input: PersonInput, tenantKey?: string) => m<Person>('updatePerson', { id, input }, tenantKey);
export const deletePerson = (id: number, tenantKey?: string) => m<unknown>('deletePerson', { id }, tenantKey);
export const createTaxonomyTerm = (input: { type: string; name: string; parentId: number | null }, tenantKey?: string) =>
  m<TaxonomyTerm>('createTaxonomyTerm', { input }, tenantKey);
export const updateTaxonomyTerm = (id: number, input: { type?: string; name?: string; parentId?: number | null }, tenantKey?: string) =>
  m<TaxonomyTerm>('updateTaxonomyTerm', { id, input }, tenantKey);
export const deleteTaxonomyTerm = (id: number, tenantKey?: string) => m<unknown>('deleteTaxonomyTerm', { id }, tenantKey);
export const mergeTaxonomyTerms = (sourceId: number, targetId: number, tenantKey?: string) =>
  m<{ target: TaxonomyTerm; movedContent: number }>('mergeTaxonomyTerms', { sourceId, targetId }, tenantKey);
export const taxonomyExportCsv = () => q<string>('taxonomyExportCsv');
export const getContacts = () => q<Contacts>('getContacts');
export const updateContactsSettings = (input: { title: string; personIds: number[] }, tenantKey?: string) =>
  m<Contacts>('updateContactsSettings', { input }, tenantKey);
export const getSiteSettingsForEdit = () => q<{ settings: SiteSettings; canEdit: boolean }>('getSiteSettingsForEdit');

// Company updates (issue 22): manage_content and the tenant's company-updates module.
export interface CompanyUpdateRequest { contentId: number; contactName: string; contactEmail: string }
export const getCompanyUpdateStream = (skip = 0, limit = 50) => q<{ items: CompanyUpdate[]; totalCount: number }>('getCompanyUpdateStream', { skip, limit });
export const getCompanyUpdate = (id: number) => q<CompanyUpdate>('getCompanyUpdate', { id });
export const getCompanyOptions = () => q<{ id: number; name: string }[]>('getCompanyOptions');
export const createCompanyUpdate = (input: CompanyUpdateRequest) => m<{ update: CompanyUpdate; link: string }>('createCompanyUpdate', { input });
export const revokeCompanyUpdateLink = (id: number) => m<CompanyUpdate>('revokeCompanyUpdateLink', { id });
export const reviewCompanyUpdate = (id: number, input: { accept: string[]; message: string }) => m<CompanyUpdate>('reviewCompanyUpdate', { id, input });
