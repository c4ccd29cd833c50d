// The spec audit (issue 42 acceptance): every admin route the spec names (admin §2.2, 98 of them)
// resolves to a screen of admin/routes.tsx that a test renders, and every operation the spec names
// (admin §7.2–7.3 and public §7, 87 of them) is a registered document, served by GET, valid against
// the schema, with a resolver for each of its root fields, and answered over HTTP without a server
// error. The lists below are copied from the spec's text (../shared/spec), section by section, so a
// route or an operation dropped from the product fails here by name.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kind, validate, type GraphQLObjectType, type OperationDefinitionNode } from '../../api/graphql';
import { loadDocuments } from '../../api/documents';
import { buildSchema } from '../../api/schema';
import { REPORT_DEFINITIONS } from '../../engine/domain/reports';
import { resolveRoute } from '../../admin/routes';
import { startApi, type Harness } from './api-harness';

/** admin §2.2, in the spec's order (98). */
const SPEC_ADMIN_ROUTES = [
  // Account and session
  '/admin', '/admin/login', '/admin/logout', '/admin/user', '/admin/user/activate', '/admin/user/reset-password', '/admin/cms-users', '/admin/create-cms-user',
  // Content
  '/admin/content', '/admin/create-content/:type', '/admin/edit-content/:id', '/admin/content-research', '/admin/content-syndication', '/admin/bulk-update-content',
  '/admin/digital-media-library',
  // Sections and layouts
  '/admin/website-sections', '/admin/edit-website-section/:id', '/admin/create-website-section', '/admin/layouts', '/admin/edit-web-layout/:id', '/admin/create-web-layout',
  // Site configuration
  '/admin/menus', '/admin/ad-unit-patterns', '/admin/create-ad-unit-pattern', '/admin/redirects', '/admin/create-redirect', '/admin/edit-site-settings',
  '/admin/site-settings-new', '/admin/contacts-settings', '/admin/edit-cta-message', '/admin/ip-gating-settings', '/admin/create-ip-gating',
  // System and tools
  '/admin/system', '/admin/history', '/admin/test', '/admin/test-form-api', '/admin/openai', '/admin/aspire-news', '/admin/migrate-site-users',
  '/admin/migrate-site-settings-post-uiux', '/admin/aspire-to-aspire-migration-config', '/admin/run-aspire-to-aspire-migration', '/admin/update-layout-schedule-options',
  // Newsletters
  '/admin/newsletter-templates', '/admin/create-newsletter-template', '/admin/edit-newsletter-template/:id', '/admin/newsletter-campaigns',
  '/admin/create-newsletter-campaign', '/admin/edit-newsletter-campaign/:id', '/admin/newsletter-ads', '/admin/create-newsletter-ad', '/admin/newsletter-content',
  // Members and contracts
  '/admin/memberships', '/admin/create-membership', '/admin/site-users', '/admin/contracts', '/admin/create-contract', '/admin/contract/:id', '/admin/persons',
  // Magazine
  '/admin/magazine-publications/', '/admin/magazine-issues/', '/admin/magazine-sections/',
  // Taxonomy and company data
  '/admin/taxonomy', '/admin/company-updates', '/admin/company-updates/:id',
  // Exports and reports
  '/admin/print-exports', '/admin/page-speed-report', '/admin/company-export', '/admin/taxonomy-export', '/admin/rmi-report', '/admin/ad-unit-settings-report',
  '/admin/editorial-tracking-report', '/admin/content-velocity-report', '/admin/content-detail-report', '/admin/content-length-report', '/admin/cross-site-reports',
  '/admin/cross-site-exports',
  // Analysis screens
  '/admin/layout-block-usage', '/admin/layout-block-option-usage', '/admin/nl-block-analysis', '/admin/layout-analysis', '/admin/ss-analysis',
  // Analytics reports
  '/admin/content-views-report', '/admin/top-content-pages-by-pub-date-report', '/admin/content-favorites-report', '/admin/registrations-report',
  '/admin/incomplete-registrations-report', '/admin/login-report', '/admin/newsletter-subscriptions-report', '/admin/company-engagement-report',
  '/admin/blueconic-recommendations-report', '/admin/blueconic-page-views-report', '/admin/blueconic-client-report',
  '/admin/site-license-company-page-views-report', '/admin/sponsored-search-logo-clicks-report', '/admin/menu-link-clicks-report',
  '/admin/site-performance-report', '/admin/media-gallery-report',
];

const EVENTS = [
  'PageView', 'BlueConicRedirect', 'Registration', 'NewsletterSubscription', 'ClickBlueConicRecommendation', 'ViewBlueConicRecommendation', 'ClickSocialCompany',
  'ClickSocialBrand', 'ClickSocialShares', 'ClickMenu', 'ClickSponsoredSearchLogo', 'ClickSectionLink', 'ClickContentBody', 'ClickCompanyWebsite', 'FavoriteContent',
  'ClickMagazineIssueLink', 'ClickDownloadButton', 'ClickContentLink', 'ClickOmedaInjectionLink', 'ClickBlockTitleLink', 'ViewMediaGallery',
];

/** The spec's operations by section; the kind where the spec gives it, else null. Names listed twice in the spec are listed once (87). */
const SPEC_OPERATIONS: Record<string, Record<string, 'query' | 'mutation' | null>> = {
  'admin §7.2 staff session': {
    refreshTokenCmsUser: 'mutation', loginCmsUser: 'mutation', getActiveCMSUser: 'query', validateCMSUserBearerToken: 'query',
    requestResetCMSUserPassword: 'mutation', resetCMSUserPassword: 'mutation', validateCMSUserInvite: 'mutation', logoutCmsUser: 'mutation',
  },
  'admin §7.3 selection and page': Object.fromEntries([
    'getTenantInfo', 'getSiteSettingsNew', 'getAdUnitPatternStream', 'getAdUnitAdminPatternStream', 'getContentStream', 'getPersonStream', 'getContractStreamForSelect',
    'matchTaxonomyStream', 'getTaxonomyStream', 'getMembershipStream', 'getNewsletterTemplateStream', 'getPublicationStream', 'getWebsiteSectionsHierarchy',
    'getWebsiteLayoutPage', 'getContent', 'getWebsiteSection', 'getWebsiteSectionBasic', 'getIssue', 'getIssues', 'getMagazinePublication', 'getWebsiteRedirect',
    'getAsset', 'getContacts', 'getNewsletterTemplate', 'getNewsletterCampaignStream', 'getAspireNewsStream',
  ].map((n): [string, 'query' | null] => [n, 'query']).concat([['markAspireNewsRead', null], ['deleteAspireNews', null], ['setAspireNews', null]])),
  'public §7 site user': {
    loginSiteUser: null, logoutSiteUser: null, requestRegisterSiteUser: null, registerSiteUser: null, getSiteUserStub: null, getSiteUser: null, simulateSiteUser: null,
    getActiveSiteUserWithNewsletters: null, updateSiteUserProfile: null, updateSiteUserProfileAdmin: null, requestSiteUserChangeUsername: null,
    updateSiteUserUsername: null, requestSiteUserPasswordReset: null, resetSiteUserPassword: null, updateSiteUserPassword: null, addSiteUserFavorite: null,
    removeSiteUserFavorite: null, subscribeSiteUserNewsletter: null, unsubscribeSiteUserNewsletter: null, setOmedaCustomer: null, subscribeAnonymousCustomer: 'mutation',
  },
  'public §7 memberships and demographics': { getMembership: null, getOmedaDemographicStream: null, siteLicenseCompany: null },
  'public §7 page service': {
    getNextSecondaryGrid: null, getNextSecondaryPage: null, getBlueConicRecommendations: null, getRSSFeedContentStream: null, getYoutubePlaylistVideos: null,
  },
  'public §7 event tracking': Object.fromEntries(EVENTS.map((e) => [`setEvent${e}`, 'mutation' as const])),
};
const ALL_OPERATIONS = Object.values(SPEC_OPERATIONS).flatMap((s) => Object.entries(s));

describe('the spec audit: admin routes', () => {
  it('lists the spec\'s 98 admin routes', () => {
    expect(new Set(SPEC_ADMIN_ROUTES).size).toBe(98);
  });

  // admin-routes (e2e) opens every route written out in admin/routes.tsx in Chromium; the report
  // routes come from the report catalogue and each renders in report-screen.test.tsx.
  const written = new Set([...readFileSync(join(import.meta.dirname, '..', '..', 'admin', 'routes.tsx'), 'utf8').matchAll(/path: '([^']+)'/g)].map((m) => m[1]!));
  const reports = new Set<string>(REPORT_DEFINITIONS.map((d) => d.path));

  it.each(SPEC_ADMIN_ROUTES)('%s opens a screen that a test renders', (specPath) => {
    const sub = specPath.replace(/^\/admin/, '').replace(/\/$/, '').replace(':type', 'Article').replace(':id', '10100001') || '/';
    const found = resolveRoute(sub);
    expect(found, `${specPath} is the not-found screen`).not.toBeNull();
    const path = found!.route.path;
    expect(written.has(path) || reports.has(path), `${specPath} → ${path} is rendered by no test`).toBe(true);
  });
});

describe('the spec audit: operations', () => {
  const registry = loadDocuments();
  const schema = buildSchema({ mode: 'development', documentsVersion: registry.version });
  let h: Harness;

  beforeAll(async () => { h = await startApi(); }, 60_000);
  afterAll(async () => { await h?.close(); });

  it('lists the spec\'s 87 operations', () => {
    expect(new Set(ALL_OPERATIONS.map(([n]) => n)).size).toBe(87);
    expect(ALL_OPERATIONS.length).toBe(87);
  });

  it.each(ALL_OPERATIONS)('%s is a registered document, valid, with a resolver for each root field', (name, kind) => {
    const doc = registry.byName.get(name);
    expect(doc, `no document api/documents/*/${name}.gql`).toBeDefined();
    if (kind) expect(doc!.kind).toBe(kind);
    expect(validate(schema, doc!.document)).toEqual([]);
    const op = doc!.document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    const root = (doc!.kind === 'query' ? schema.getQueryType() : schema.getMutationType()) as GraphQLObjectType;
    const fields = op.selectionSet.selections.filter((s) => s.kind === Kind.FIELD).map((s) => s.name.value).filter((f) => f !== '__typename');
    expect(fields.length).toBeGreaterThan(0);
    for (const f of fields) expect(root.getFields()[f]?.resolve, `${name}: ${f} has no resolver`).toBeTypeOf('function');
  });

  it.each(ALL_OPERATIONS)('%s is served over HTTP and answered without a server error', async (name) => {
    const doc = registry.byName.get(name)!;
    const got = await h.app.inject({ method: 'GET', url: `/graphql/${doc.kind}/${name}.gql?v=${registry.version}` });
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe(doc.text);
    // No variables: most answer with an input error naming the field, which is an answer. A fresh
    // token each time, as logoutCmsUser ends the session it is sent with.
    const token = await h.token('admin');
    const r = await h.gql(doc.text, {}, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status, JSON.stringify(r.body.errors)).toBeLessThan(500);
    for (const e of r.body.errors ?? []) expect(e.extensions?.code, `${name}: ${e.message}`).not.toBe('INTERNAL');
  });
});
