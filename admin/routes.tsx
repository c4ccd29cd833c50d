// The admin routes (admin §2.2) this release implements, with the permission each needs. Paths are
// below /admin. Public routes work without a session; any other unknown path is the not-found screen.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Permission } from '../engine/domain/permissions';
import { REPORT_DEFINITIONS } from '../engine/domain/reports';
import { matchPath, type Params } from './lib/path-match';

export interface RouteDef {
  path: string;
  screen: LazyExoticComponent<ComponentType<{ params: Params }>>;
  /** Any one is enough; empty means every signed-in user. */
  permissions: readonly Permission[];
  public?: boolean;
  /** Where a tenant switch sends this screen (editors leave the document they hold). */
  onTenantSwitch?: string;
}

const screen = (load: () => Promise<{ default: ComponentType<{ params: Params }> }>) => lazy(load);

const Login = screen(() => import('./screens/login'));
const ResetPassword = screen(() => import('./screens/reset-password'));
const Dashboard = screen(() => import('./screens/dashboard'));
const ThemeTestBlocks = screen(() => import('./screens/system/theme-test').then((m) => ({ default: m.ThemeTestBlocks })));
const ThemeTestForms = screen(() => import('./screens/system/theme-test').then((m) => ({ default: m.ThemeTestForms })));
const Profile = screen(() => import('./screens/profile'));
const ContentList = screen(() => import('./screens/content/content-list'));
const ContentEdit = screen(() => import('./screens/content/content-edit'));
const ContentResearch = screen(() => import('./screens/newsroom/content-research'));
const BulkUpdateContent = screen(() => import('./screens/newsroom/bulk-update-content'));
const ContentSyndication = screen(() => import('./screens/newsroom/content-syndication'));
const MediaLibrary = screen(() => import('./screens/assets/media-library'));
const Sections = screen(() => import('./screens/sections/sections'));
const Layouts = screen(() => import('./screens/layouts/layouts'));
const LayoutEdit = screen(() => import('./screens/layouts/layout-edit'));
const Menus = screen(() => import('./screens/site/menus'));
const Redirects = screen(() => import('./screens/site/redirects'));
const SiteSettings = screen(() => import('./screens/site/site-settings'));
const EditCtaMessage = screen(() => import('./screens/site/edit-cta-message'));
const AdUnitPatterns = screen(() => import('./screens/site/ad-unit-patterns'));
const AdUnits = screen(() => import('./screens/site/ad-units'));
const HouseAds = screen(() => import('./screens/site/house-ads'));
const CmsUsers = screen(() => import('./screens/system/cms-users'));
const History = screen(() => import('./screens/system/history'));
const AspireNews = screen(() => import('./screens/system/aspire-news'));
const System = screen(() => import('./screens/system/system'));
const LayoutScheduleOptions = screen(() => import('./screens/layouts/schedule-options'));
const MigrateSiteSettings = screen(() => import('./screens/system/migrate-site-settings'));
const BrandCopyConfig = screen(() => import('./screens/system/brand-copy-config'));
const BrandCopyRun = screen(() => import('./screens/system/brand-copy-run'));
const Contracts = screen(() => import('./screens/contracts/contracts'));
const ContractEdit = screen(() => import('./screens/contracts/contract-edit'));
const CompanyUpdates = screen(() => import('./screens/company/company-updates'));
const CompanyUpdateReview = screen(() => import('./screens/company/company-update-review'));
const Logout = screen(() => import('./screens/logout'));
const Persons = screen(() => import('./screens/people/persons'));
const Taxonomy = screen(() => import('./screens/people/taxonomy'));
const ContactsSettings = screen(() => import('./screens/people/contacts-settings'));
/** /admin/site-settings-new and /admin/edit-site-settings were one screen twice: the older address now leads to the other. */
const SiteSettingsNew = screen(() => import('./screens/redirect-to').then((m) => ({ default: m.redirectTo('/admin/edit-site-settings') })));
const Tools = screen(() => import('./screens/system/tools'));
const Assistant = screen(() => import('./screens/assistant/openai'));
const Import = screen(() => import('./screens/system/import'));
const NewsletterTemplates = screen(() => import('./screens/newsletters/templates'));
const NewsletterTemplateEdit = screen(() => import('./screens/newsletters/template-edit'));
const NewsletterCampaigns = screen(() => import('./screens/newsletters/campaigns'));
const NewsletterCampaignEdit = screen(() => import('./screens/newsletters/campaign-edit'));
const NewsletterAds = screen(() => import('./screens/newsletters/ads'));
const NewsletterContent = screen(() => import('./screens/newsletters/newsletter-content'));
const NL_TEMPLATES: Permission[] = ['manage_newsletter_templates', 'manage_newsletter_templates_basic'];
const Memberships = screen(() => import('./screens/members/memberships'));
const SiteUsers = screen(() => import('./screens/members/site-users'));
const MigrateSiteUsers = screen(() => import('./screens/members/migrate-site-users'));
const IpGating = screen(() => import('./screens/members/ip-gating'));
const MagazinePublications = screen(() => import('./screens/magazine/publications'));
const MagazineIssues = screen(() => import('./screens/magazine/issues'));
const MagazineSections = screen(() => import('./screens/magazine/sections'));
const PrintExports = screen(() => import('./screens/magazine/print-exports'));
/** Every report definition (engine/domain/reports.ts) on the one report screen. */
const Report = screen(() => import('./screens/reports/report-screen'));
const PageSpeedReport = screen(() => import('./screens/reports/page-speed-report'));

const SITE_SECTIONS: Permission[] = ['view_site_sections', 'manage_site_sections'];
const SITE_LAYOUTS: Permission[] = ['view_site_layouts', 'manage_site_layouts'];

export const ROUTES: readonly RouteDef[] = [
  { path: '/login', screen: Login, permissions: [], public: true },
  { path: '/logout', screen: Logout, permissions: [], public: true },
  { path: '/user/reset-password', screen: ResetPassword, permissions: [], public: true },
  { path: '/user/activate', screen: ResetPassword, permissions: [], public: true },
  { path: '/', screen: Dashboard, permissions: [] },
  { path: '/user', screen: Profile, permissions: [] },
  { path: '/content', screen: ContentList, permissions: ['manage_content'] },
  { path: '/create-content/:type', screen: ContentEdit, permissions: ['manage_content'], onTenantSwitch: '/admin/content' },
  { path: '/edit-content/:id', screen: ContentEdit, permissions: ['manage_content'], onTenantSwitch: '/admin/content' },
  { path: '/content-research', screen: ContentResearch, permissions: ['manage_content', 'bulk_update_content'] },
  { path: '/bulk-update-content', screen: BulkUpdateContent, permissions: ['bulk_update_content'] },
  { path: '/content-syndication', screen: ContentSyndication, permissions: ['manage_content'] },
  { path: '/digital-media-library', screen: MediaLibrary, permissions: ['manage_assets'] },
  { path: '/website-sections', screen: Sections, permissions: SITE_SECTIONS },
  { path: '/create-website-section', screen: Sections, permissions: ['manage_site_sections'], onTenantSwitch: '/admin/website-sections' },
  { path: '/edit-website-section/:id', screen: Sections, permissions: SITE_SECTIONS, onTenantSwitch: '/admin/website-sections' },
  { path: '/layouts', screen: Layouts, permissions: SITE_LAYOUTS },
  { path: '/create-web-layout', screen: LayoutEdit, permissions: ['manage_site_layouts'], onTenantSwitch: '/admin/layouts' },
  { path: '/edit-web-layout/:id', screen: LayoutEdit, permissions: SITE_LAYOUTS, onTenantSwitch: '/admin/layouts' },
  { path: '/menus', screen: Menus, permissions: ['manage_menus'] },
  { path: '/redirects', screen: Redirects, permissions: ['manage_redirects'] },
  { path: '/create-redirect', screen: Redirects, permissions: ['manage_redirects'], onTenantSwitch: '/admin/redirects' },
  { path: '/edit-site-settings', screen: SiteSettings, permissions: ['view_site_settings', 'manage_site_settings'] },
  { path: '/edit-cta-message', screen: EditCtaMessage, permissions: ['manage_header_cta'] },
  { path: '/site-settings-new', screen: SiteSettingsNew, permissions: ['view_site_settings', 'manage_site_settings'] },
  { path: '/contacts-settings', screen: ContactsSettings, permissions: ['manage_contacts'] },
  { path: '/persons', screen: Persons, permissions: ['manage_content', 'manage_contacts'] },
  { path: '/taxonomy', screen: Taxonomy, permissions: ['manage_taxonomy'] },
  { path: '/ad-unit-patterns', screen: AdUnitPatterns, permissions: ['view_ad_unit_patterns', 'manage_ad_unit_patterns'] },
  { path: '/create-ad-unit-pattern', screen: AdUnitPatterns, permissions: ['manage_ad_unit_patterns'], onTenantSwitch: '/admin/ad-unit-patterns' },
  { path: '/ad-units', screen: AdUnits, permissions: ['view_ad_unit_patterns', 'manage_ad_unit_patterns'] },
  { path: '/create-ad-unit', screen: AdUnits, permissions: ['manage_ad_unit_patterns'], onTenantSwitch: '/admin/ad-units' },
  { path: '/house-ads', screen: HouseAds, permissions: ['view_ad_unit_patterns', 'manage_ad_unit_patterns'] },
  { path: '/create-house-ad', screen: HouseAds, permissions: ['manage_ad_unit_patterns'], onTenantSwitch: '/admin/house-ads' },
  { path: '/cms-users', screen: CmsUsers, permissions: ['manage_users'] },
  { path: '/create-cms-user', screen: CmsUsers, permissions: ['manage_users'] },
  { path: '/history', screen: History, permissions: ['view_history'] },
  { path: '/openai', screen: Assistant, permissions: ['manage_content'] },
  { path: '/aspire-news', screen: AspireNews, permissions: ['manage_users'] },
  { path: '/system', screen: System, permissions: ['manage_modules'] },
  { path: '/tools', screen: Tools, permissions: [] },
  { path: '/import', screen: Import, permissions: ['bulk_update_content'] },
  { path: '/test', screen: ThemeTestBlocks, permissions: SITE_LAYOUTS },
  { path: '/test-form-api', screen: ThemeTestForms, permissions: SITE_LAYOUTS },
  { path: '/update-layout-schedule-options', screen: LayoutScheduleOptions, permissions: ['manage_site_layouts'] },
  { path: '/migrate-site-settings-post-uiux', screen: MigrateSiteSettings, permissions: ['manage_modules'] },
  { path: '/aspire-to-aspire-migration-config', screen: BrandCopyConfig, permissions: ['manage_modules'] },
  { path: '/run-aspire-to-aspire-migration', screen: BrandCopyRun, permissions: ['manage_modules'] },
  { path: '/contracts', screen: Contracts, permissions: ['manage_contracts'] },
  { path: '/create-contract', screen: ContractEdit, permissions: ['manage_contracts'], onTenantSwitch: '/admin/contracts' },
  { path: '/contract/:id', screen: ContractEdit, permissions: ['manage_contracts'], onTenantSwitch: '/admin/contracts' },
  { path: '/company-updates', screen: CompanyUpdates, permissions: ['manage_content'] },
  { path: '/company-updates/:id', screen: CompanyUpdateReview, permissions: ['manage_content'], onTenantSwitch: '/admin/company-updates' },
  { path: '/newsletter-templates', screen: NewsletterTemplates, permissions: NL_TEMPLATES },
  { path: '/create-newsletter-template', screen: NewsletterTemplateEdit, permissions: ['manage_newsletter_templates'], onTenantSwitch: '/admin/newsletter-templates' },
  { path: '/edit-newsletter-template/:id', screen: NewsletterTemplateEdit, permissions: NL_TEMPLATES, onTenantSwitch: '/admin/newsletter-templates' },
  { path: '/newsletter-campaigns', screen: NewsletterCampaigns, permissions: ['manage_newsletter_campaigns'] },
  { path: '/create-newsletter-campaign', screen: NewsletterCampaignEdit, permissions: ['manage_newsletter_campaigns'], onTenantSwitch: '/admin/newsletter-campaigns' },
  { path: '/edit-newsletter-campaign/:id', screen: NewsletterCampaignEdit, permissions: ['manage_newsletter_campaigns'], onTenantSwitch: '/admin/newsletter-campaigns' },
  { path: '/newsletter-ads', screen: NewsletterAds, permissions: ['manage_newsletter_ads'] },
  { path: '/create-newsletter-ad', screen: NewsletterAds, permissions: ['manage_newsletter_ads'], onTenantSwitch: '/admin/newsletter-ads' },
  { path: '/newsletter-content', screen: NewsletterContent, permissions: ['manage_newsletter_templates'] },
  { path: '/memberships', screen: Memberships, permissions: ['manage_memberships'] },
  { path: '/create-membership', screen: Memberships, permissions: ['manage_memberships'], onTenantSwitch: '/admin/memberships' },
  { path: '/site-users', screen: SiteUsers, permissions: ['manage_site_users'] },
  { path: '/migrate-site-users', screen: MigrateSiteUsers, permissions: ['manage_site_users'] },
  { path: '/ip-gating-settings', screen: IpGating, permissions: ['manage_ip_gating'] },
  { path: '/create-ip-gating', screen: IpGating, permissions: ['manage_ip_gating'], onTenantSwitch: '/admin/ip-gating-settings' },
  { path: '/magazine-publications', screen: MagazinePublications, permissions: ['manage_magazine_publications'], onTenantSwitch: '/admin/magazine-publications' },
  { path: '/magazine-issues', screen: MagazineIssues, permissions: ['manage_magazine_issues'], onTenantSwitch: '/admin/magazine-issues' },
  { path: '/magazine-sections', screen: MagazineSections, permissions: ['manage_magazine_sections'], onTenantSwitch: '/admin/magazine-sections' },
  { path: '/print-exports', screen: PrintExports, permissions: ['manage_print_export'] },
  ...REPORT_DEFINITIONS.map((d) => ({ path: d.path, screen: Report, permissions: d.permissions })),
  { path: '/page-speed-report', screen: PageSpeedReport, permissions: ['view_common_reports'] },
];

export function resolveRoute(sub: string): { route: RouteDef; params: Params } | null {
  for (const route of ROUTES) {
    const params = matchPath(route.path, sub);
    if (params) return { route, params };
  }
  return null;
}
