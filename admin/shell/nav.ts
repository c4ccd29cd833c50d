// The admin menu: groups and links, each shown only to a user holding one of its permissions
// (admin §6), plus optional conditions: global staff only, or a tenant module switched on. The same
// list feeds the left panel and the Ctrl/Cmd+K quick menu.
import { hasAnyPermission, type Permission } from '../../engine/domain/permissions';
import { REPORT_DEFINITIONS, type ReportDefinition } from '../../engine/domain/reports';

export type IconName =
  | 'home' | 'content' | 'sections' | 'layouts' | 'menus' | 'redirects' | 'settings' | 'ads'
  | 'users' | 'history' | 'profile' | 'plus'
  | 'star' | 'globe' | 'bell' | 'chart';

export interface NavLink {
  label: string;
  href: string;
  icon: IconName;
  /** Any one of these is enough. */
  permissions: readonly Permission[];
  /** Extra words the quick menu matches. */
  keywords?: string;
  /** Only for global staff (all sites). */
  global?: boolean;
  /** Only when the current tenant has this module switched on. */
  module?: string;
}

/** Who is looking, beyond permissions: global scope and the current tenant's modules. */
export interface NavWhen {
  isGlobal?: boolean;
  modules?: readonly string[];
}

export interface NavGroup {
  label: string;
  permissions: readonly Permission[];
  links: readonly NavLink[];
}

/** The menu links of report definitions (one screen renders each; engine/domain/reports.ts). */
function reportLinks(which: (d: ReportDefinition) => boolean): NavLink[] {
  return (REPORT_DEFINITIONS as readonly ReportDefinition[]).filter(which).map((d) => ({
    label: d.title, href: `/admin${d.path}`, icon: 'chart', permissions: d.permissions, keywords: `report ${d.group.toLowerCase()} ${d.id.replace(/-/g, ' ')}`,
    ...(d.crossSite ? { global: true } : {}),
  }));
}

/** Every permission that opens one of these reports: the group shows to anyone holding one. */
function reportPermissions(which: (d: ReportDefinition) => boolean): Permission[] {
  return [...new Set((REPORT_DEFINITIONS as readonly ReportDefinition[]).filter(which).flatMap((d) => d.permissions))];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'Content',
    permissions: ['manage_content', 'bulk_update_content', 'manage_assets'],
    links: [
      { label: 'All content', href: '/admin/content', icon: 'content', permissions: ['manage_content'], keywords: 'articles list search' },
      { label: 'New article', href: '/admin/create-content/article', icon: 'plus', permissions: ['manage_content'], keywords: 'create add' },
      { label: 'Content research', href: '/admin/content-research', icon: 'content', permissions: ['manage_content', 'bulk_update_content'], keywords: 'find search filter saved csv export' },
      { label: 'Bulk update', href: '/admin/bulk-update-content', icon: 'layouts', permissions: ['bulk_update_content'], keywords: 'many items status section authors taxonomy schedules' },
      { label: 'Syndication', href: '/admin/content-syndication', icon: 'globe', permissions: ['manage_content'], keywords: 'share copy other site canonical detach' },
      { label: 'Media library', href: '/admin/digital-media-library', icon: 'content', permissions: ['manage_assets'], keywords: 'images upload assets photos' },
    ],
  },
  {
    label: 'People and taxonomy',
    permissions: ['manage_content', 'manage_contacts', 'manage_taxonomy'],
    links: [
      { label: 'People', href: '/admin/persons', icon: 'users', permissions: ['manage_content', 'manage_contacts'], keywords: 'persons authors contacts bylines' },
      { label: 'New person', href: '/admin/persons?action=add', icon: 'plus', permissions: ['manage_content', 'manage_contacts'], keywords: 'create add author person contact' },
      { label: 'Taxonomy', href: '/admin/taxonomy', icon: 'menus', permissions: ['manage_taxonomy'], keywords: 'tags terms topics merge export csv' },
      { label: 'Contacts', href: '/admin/contacts-settings', icon: 'users', permissions: ['manage_contacts'], keywords: 'contacts settings newsroom' },
    ],
  },
  {
    label: 'Website',
    permissions: ['view_site_sections', 'manage_site_sections', 'view_site_layouts', 'manage_site_layouts', 'manage_menus', 'manage_redirects'],
    links: [
      { label: 'Website sections', href: '/admin/website-sections', icon: 'sections', permissions: ['view_site_sections', 'manage_site_sections'], keywords: 'tree alias' },
      { label: 'Layouts', href: '/admin/layouts', icon: 'layouts', permissions: ['view_site_layouts', 'manage_site_layouts'], keywords: 'grid blocks web layout' },
      { label: 'Theme test', href: '/admin/test', icon: 'globe', permissions: ['view_site_layouts', 'manage_site_layouts'], keywords: 'design brand colours fonts sample blocks forms test-form-api' },
      { label: 'Layout schedule options', href: '/admin/update-layout-schedule-options', icon: 'layouts', permissions: ['manage_site_layouts'], keywords: 'bulk pinned content list option' },
      { label: 'Menus', href: '/admin/menus', icon: 'menus', permissions: ['manage_menus'], keywords: 'navigation header footer links' },
      { label: 'Redirects', href: '/admin/redirects', icon: 'redirects', permissions: ['manage_redirects'], keywords: '301 path' },
    ],
  },
  {
    label: 'Newsletters',
    permissions: ['manage_newsletter_templates', 'manage_newsletter_templates_basic', 'manage_newsletter_campaigns', 'manage_newsletter_ads'],
    links: [
      { label: 'Campaigns', href: '/admin/newsletter-campaigns', icon: 'content', permissions: ['manage_newsletter_campaigns'], keywords: 'newsletter email issue send deploy preview' },
      { label: 'Newsletter templates', href: '/admin/newsletter-templates', icon: 'layouts', permissions: ['manage_newsletter_templates', 'manage_newsletter_templates_basic'], keywords: 'newsletter email header footer' },
      { label: 'Newsletter ads', href: '/admin/newsletter-ads', icon: 'ads', permissions: ['manage_newsletter_ads'], keywords: 'newsletter email advertising schedule placement' },
      { label: 'Newsletter content', href: '/admin/newsletter-content', icon: 'menus', permissions: ['manage_newsletter_templates'], keywords: 'newsletter subscribe items' },
      { label: 'New newsletter template', href: '/admin/create-newsletter-template', icon: 'plus', permissions: ['manage_newsletter_templates'], keywords: 'newsletter create add' },
    ],
  },
  {
    label: 'Configuration',
    permissions: ['view_site_settings', 'manage_site_settings', 'view_ad_unit_patterns', 'manage_ad_unit_patterns', 'manage_header_cta'],
    links: [
      { label: 'Site settings', href: '/admin/edit-site-settings', icon: 'settings', permissions: ['view_site_settings', 'manage_site_settings'], keywords: 'tag manager logo colors' },
      { label: 'Site settings (new)', href: '/admin/site-settings-new', icon: 'settings', permissions: ['view_site_settings', 'manage_site_settings'], keywords: 'site settings new general header footer' },
      { label: 'Header call to action', href: '/admin/edit-cta-message', icon: 'settings', permissions: ['manage_header_cta'], keywords: 'cta message header banner' },
      { label: 'Ad unit patterns', href: '/admin/ad-unit-patterns', icon: 'ads', permissions: ['view_ad_unit_patterns', 'manage_ad_unit_patterns'], keywords: 'advertising gam' },
      { label: 'Ad units', href: '/admin/ad-units', icon: 'ads', permissions: ['view_ad_unit_patterns', 'manage_ad_unit_patterns'], keywords: 'advertising gam slots leaderboard sticky native refresh' },
      { label: 'House ads', href: '/admin/house-ads', icon: 'ads', permissions: ['view_ad_unit_patterns', 'manage_ad_unit_patterns'], keywords: 'advertising native skin welcome sticky creative schedule' },
    ],
  },
  {
    label: 'Members',
    permissions: ['manage_memberships', 'manage_site_users', 'manage_ip_gating'],
    links: [
      { label: 'Memberships', href: '/admin/memberships', icon: 'star', permissions: ['manage_memberships'], keywords: 'paywall free paid signup' },
      { label: 'Site users', href: '/admin/site-users', icon: 'users', permissions: ['manage_site_users'], keywords: 'members readers accounts simulate' },
      { label: 'Migrate site users', href: '/admin/migrate-site-users', icon: 'users', permissions: ['manage_site_users'], keywords: 'csv import members migration merge' },
      { label: 'IP gating', href: '/admin/ip-gating-settings', icon: 'globe', permissions: ['manage_ip_gating'], keywords: 'site license company ip ranges cidr' },
    ],
  },
  {
    label: 'Magazine',
    permissions: ['manage_magazine_publications', 'manage_magazine_issues', 'manage_magazine_sections', 'manage_print_export'],
    links: [
      { label: 'Magazine issues', href: '/admin/magazine-issues', icon: 'content', permissions: ['manage_magazine_issues'], keywords: 'magazine print issue cover mail date stories placements' },
      { label: 'New magazine issue', href: '/admin/magazine-issues?action=add', icon: 'plus', permissions: ['manage_magazine_issues'], keywords: 'magazine create add issue' },
      { label: 'Magazine publications', href: '/admin/magazine-publications', icon: 'layouts', permissions: ['manage_magazine_publications'], keywords: 'magazine publication subscribe renewal' },
      { label: 'New magazine publication', href: '/admin/magazine-publications?action=add', icon: 'plus', permissions: ['manage_magazine_publications'], keywords: 'magazine create add publication' },
      { label: 'Magazine sections', href: '/admin/magazine-sections', icon: 'sections', permissions: ['manage_magazine_sections'], keywords: 'magazine issue sections order' },
      { label: 'New magazine section', href: '/admin/magazine-sections?action=add', icon: 'plus', permissions: ['manage_magazine_sections'], keywords: 'magazine create add section' },
      { label: 'Print exports', href: '/admin/print-exports', icon: 'content', permissions: ['manage_print_export'], keywords: 'print export icml indesign zip' },
    ],
  },
  {
    label: 'Analytics',
    permissions: ['view_common_reports'],
    links: reportLinks((d) => d.group === 'Analytics'),
  },
  {
    label: 'Reports and analyses',
    permissions: reportPermissions((d) => d.group !== 'Analytics'),
    links: [
      ...reportLinks((d) => d.group !== 'Analytics'),
      { label: 'Page speed', href: '/admin/page-speed-report', icon: 'chart', permissions: ['view_common_reports'], keywords: 'lighthouse performance accessibility core web vitals report' },
    ],
  },
  {
    label: 'Company data',
    permissions: ['manage_content'],
    links: [
      { label: 'Company updates', href: '/admin/company-updates', icon: 'content', permissions: ['manage_content'], module: 'company-updates', keywords: 'company profile update link review' },
    ],
  },
  {
    label: 'Contributors',
    permissions: ['manage_contracts'],
    links: [
      { label: 'Contracts', href: '/admin/contracts', icon: 'content', permissions: ['manage_contracts'], keywords: 'contributor freelance terms approve' },
      { label: 'New contract', href: '/admin/create-contract', icon: 'plus', permissions: ['manage_contracts'], keywords: 'contributor create add' },
    ],
  },
  {
    label: 'System',
    permissions: ['manage_users', 'view_history', 'manage_modules'],
    links: [
      { label: 'CMS users', href: '/admin/cms-users', icon: 'users', permissions: ['manage_users'], keywords: 'staff accounts roles' },
      { label: 'History', href: '/admin/history', icon: 'history', permissions: ['view_history'], keywords: 'audit changes log' },
      { label: 'System status', href: '/admin/system', icon: 'settings', permissions: ['manage_modules'], global: true, keywords: 'server database builds queue rebuild versions' },
      { label: 'Migrate site settings', href: '/admin/migrate-site-settings-post-uiux', icon: 'settings', permissions: ['manage_modules'], global: true, keywords: 'schema upgrade dry run settings migration' },
      { label: 'Brand copy', href: '/admin/aspire-to-aspire-migration-config', icon: 'settings', permissions: ['manage_modules'], global: true, keywords: 'copy configuration sections layouts menus templates between sites aspire migration' },
      { label: 'Internal news', href: '/admin/aspire-news', icon: 'bell', permissions: ['manage_users'], global: true, keywords: 'staff announcements alerts aspire news' },
    ],
  },
];

/** Links every signed-in user has, outside the permission groups. */
export const ACCOUNT_LINKS: readonly NavLink[] = [
  { label: 'Dashboard', href: '/admin', icon: 'home', permissions: [], keywords: 'home start' },
  { label: 'My profile', href: '/admin/user', icon: 'profile', permissions: [], keywords: 'password account' },
];

function allowed(held: readonly Permission[], wanted: readonly Permission[]): boolean {
  return wanted.length === 0 || hasAnyPermission(held, wanted);
}

function shown(l: NavLink, held: readonly Permission[], when: NavWhen): boolean {
  return allowed(held, l.permissions) && (!l.global || !!when.isGlobal) && (!l.module || !!when.modules?.includes(l.module));
}

/** The groups and links this user may see; empty groups are dropped. */
export function visibleGroups(held: readonly Permission[], when: NavWhen = {}, groups: readonly NavGroup[] = NAV_GROUPS): NavGroup[] {
  return groups
    .filter((g) => allowed(held, g.permissions))
    .map((g) => ({ ...g, links: g.links.filter((l) => shown(l, held, when)) }))
    .filter((g) => g.links.length > 0);
}

export interface QuickEntry extends NavLink {
  group: string;
}

/** Every entry of the quick menu for this user, in menu order. */
export function quickEntries(held: readonly Permission[], when: NavWhen = {}): QuickEntry[] {
  const account = ACCOUNT_LINKS.map((l) => ({ ...l, group: 'Go to' }));
  const grouped = visibleGroups(held, when).flatMap((g) => g.links.map((l) => ({ ...l, group: g.label })));
  return [...account, ...grouped];
}

/**
 * Filters entries by typed text: every word must occur in the label, group or keywords; matches
 * at the start of the label come first, then the menu order.
 */
export function filterEntries(entries: readonly QuickEntry[], text: string): QuickEntry[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  const hits = entries.filter((e) => {
    const hay = `${e.label} ${e.group} ${e.keywords ?? ''}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const first = words[0] as string;
  const rank = (e: QuickEntry) => (e.label.toLowerCase().startsWith(first) ? 0 : 1);
  return hits.map((e, i) => ({ e, i })).sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i).map((x) => x.e);
}
