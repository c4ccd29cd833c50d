// The admin menu: groups and links, each shown only to a user holding one of its permissions
// (admin §6), plus optional conditions: global staff only, or a tenant module switched on (company
// updates, memberships, IP gating allowed). The same lists feed the left panel, the Tools page and
// the Ctrl/Cmd+K quick menu (which also offers the create forms and the site settings' cards by name).
import { hasAnyPermission, type Permission } from '../../engine/domain/permissions';
import { REPORT_DEFINITIONS, type ReportDefinition } from '../../engine/domain/reports';

export type IconName =
  | 'home' | 'content' | 'sections' | 'layouts' | 'menus' | 'redirects' | 'settings' | 'ads'
  | 'users' | 'history' | 'profile' | 'plus'
  | 'star' | 'globe' | 'bell' | 'chart' | 'image' | 'mail' | 'tool' | 'folder' | 'sliders' | 'search' | 'download' | 'copy';

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
  /**
   * Only when the current tenant has this module switched on (engine/domain/settings.ts
   * enabledModules): company-updates, memberships ("memberships module on"), ip-gating ("IP gating allowed").
   */
  module?: string;
  /** One line on what the screen does (the Tools page). */
  description?: string;
  /** The Tools page: shown while the user may open one of the tools. */
  tools?: boolean;
}

/** Who is looking, beyond permissions: global scope and the current tenant's modules. */
export interface NavWhen {
  isGlobal?: boolean;
  modules?: readonly string[];
}

export interface NavGroup {
  label: string;
  icon: IconName;
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

const SITE_SECTIONS: Permission[] = ['view_site_sections', 'manage_site_sections'];
const SITE_LAYOUTS: Permission[] = ['view_site_layouts', 'manage_site_layouts'];
const SITE_SETTINGS: Permission[] = ['view_site_settings', 'manage_site_settings'];
const AD_PATTERNS: Permission[] = ['view_ad_unit_patterns', 'manage_ad_unit_patterns'];

/**
 * One-off migrations and test screens: not in the menu but on the Tools page (/admin/tools), each
 * with one line on what it does, and in the quick menu.
 */
export const TOOLS: readonly NavLink[] = [
  { label: 'Migrate site settings', href: '/admin/migrate-site-settings-post-uiux', icon: 'tool', permissions: ['manage_modules'], global: true, keywords: 'schema upgrade dry run settings migration',
    description: 'Brings every site’s stored settings to the current settings schema: a dry run first, then the migration after a confirmation.' },
  { label: 'Brand copy', href: '/admin/aspire-to-aspire-migration-config', icon: 'copy', permissions: ['manage_modules'], global: true, keywords: 'copy configuration sections layouts menus templates between sites aspire migration',
    description: 'Copies sections, layouts, menus, templates and settings groups from one site to another, previewed before it runs.' },
  { label: 'Migrate site users', href: '/admin/migrate-site-users', icon: 'users', permissions: ['manage_site_users'], keywords: 'csv import members migration merge',
    description: 'Imports site users from a CSV file: check the guessed column mapping, see each row’s result, then import the valid rows.' },
  { label: 'Layout schedule options', href: '/admin/update-layout-schedule-options', icon: 'layouts', permissions: ['manage_site_layouts'], keywords: 'bulk pinned content list option',
    description: 'Switches the schedule option that the content lists of every layout read, checked before it is applied.' },
  { label: 'Theme test', href: '/admin/test', icon: 'globe', permissions: SITE_LAYOUTS, keywords: 'theme test design brand colours fonts sample blocks',
    description: 'Opens a page of the site with every block type, list display and colour scheme, to check the theme.' },
  { label: 'Theme test: forms', href: '/admin/test-form-api', icon: 'globe', permissions: SITE_LAYOUTS, keywords: 'theme test forms test-form-api sample',
    description: 'Opens a page of the site with every site form, to check how they look and validate.' },
];

/**
 * The menu (admin §2.3): at most 12 top-level entries (Dashboard and these groups), grouped the way
 * Ghost and WordPress group theirs. A group the user sees one link of shows as that link.
 */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'Content',
    icon: 'content',
    permissions: ['manage_content', 'bulk_update_content', 'manage_taxonomy'],
    links: [
      { label: 'All content', href: '/admin/content', icon: 'content', permissions: ['manage_content'], keywords: 'articles list search scheduled drafts' },
      { label: 'Content research', href: '/admin/content-research', icon: 'search', permissions: ['manage_content', 'bulk_update_content'], keywords: 'find search filter saved csv export' },
      { label: 'Bulk update', href: '/admin/bulk-update-content', icon: 'layouts', permissions: ['bulk_update_content'], keywords: 'many items status section authors taxonomy schedules' },
      { label: 'Assistant', href: '/admin/openai', icon: 'tool', permissions: ['manage_content'], keywords: 'openai ai chatgpt llm prompt suggest headlines teaser seo tags' },
      { label: 'Syndication', href: '/admin/content-syndication', icon: 'globe', permissions: ['manage_content'], keywords: 'share copy other site canonical detach' },
      { label: 'Taxonomy', href: '/admin/taxonomy', icon: 'menus', permissions: ['manage_taxonomy'], keywords: 'tags terms topics merge export csv' },
      { label: 'Company updates', href: '/admin/company-updates', icon: 'content', permissions: ['manage_content'], module: 'company-updates', keywords: 'company profile update link review' },
    ],
  },
  {
    label: 'Media',
    icon: 'image',
    permissions: ['manage_assets'],
    links: [
      { label: 'Media library', href: '/admin/digital-media-library', icon: 'image', permissions: ['manage_assets'], keywords: 'images upload assets photos files pdf' },
    ],
  },
  {
    label: 'People',
    icon: 'users',
    permissions: ['manage_content', 'manage_contacts', 'manage_contracts', 'manage_users'],
    links: [
      { label: 'People', href: '/admin/persons', icon: 'users', permissions: ['manage_content', 'manage_contacts'], keywords: 'persons authors contacts bylines' },
      { label: 'Contacts', href: '/admin/contacts-settings', icon: 'users', permissions: ['manage_contacts'], keywords: 'contacts settings newsroom' },
      { label: 'Contracts', href: '/admin/contracts', icon: 'content', permissions: ['manage_contracts'], keywords: 'contributor freelance terms approve' },
      { label: 'CMS users', href: '/admin/cms-users', icon: 'users', permissions: ['manage_users'], keywords: 'staff accounts roles' },
      { label: 'Internal news', href: '/admin/aspire-news', icon: 'bell', permissions: ['manage_users'], global: true, keywords: 'staff announcements alerts aspire news' },
    ],
  },
  {
    label: 'Members',
    icon: 'star',
    permissions: ['manage_memberships', 'manage_site_users', 'manage_ip_gating'],
    links: [
      { label: 'Memberships', href: '/admin/memberships', icon: 'star', permissions: ['manage_memberships'], module: 'memberships', keywords: 'paywall free paid signup' },
      { label: 'Site users', href: '/admin/site-users', icon: 'users', permissions: ['manage_site_users'], module: 'memberships', keywords: 'members readers accounts simulate' },
      { label: 'IP gating', href: '/admin/ip-gating-settings', icon: 'globe', permissions: ['manage_ip_gating'], module: 'ip-gating', keywords: 'site license company ip ranges cidr test' },
    ],
  },
  {
    label: 'Newsletters',
    icon: 'mail',
    permissions: ['manage_newsletter_templates', 'manage_newsletter_templates_basic', 'manage_newsletter_campaigns', 'manage_newsletter_ads'],
    links: [
      { label: 'Campaigns', href: '/admin/newsletter-campaigns', icon: 'mail', permissions: ['manage_newsletter_campaigns'], keywords: 'newsletter email issue send deploy preview' },
      { label: 'Newsletter templates', href: '/admin/newsletter-templates', icon: 'layouts', permissions: ['manage_newsletter_templates', 'manage_newsletter_templates_basic'], keywords: 'newsletter email header footer' },
      { label: 'Newsletter ads', href: '/admin/newsletter-ads', icon: 'ads', permissions: ['manage_newsletter_ads'], keywords: 'newsletter email advertising schedule placement' },
      { label: 'Newsletter content', href: '/admin/newsletter-content', icon: 'menus', permissions: ['manage_newsletter_templates'], keywords: 'newsletter subscribe items' },
    ],
  },
  {
    label: 'Advertising',
    icon: 'ads',
    permissions: AD_PATTERNS,
    links: [
      { label: 'Ad units', href: '/admin/ad-units', icon: 'ads', permissions: AD_PATTERNS, keywords: 'advertising gam slots leaderboard sticky native refresh' },
      { label: 'House ads', href: '/admin/house-ads', icon: 'ads', permissions: AD_PATTERNS, keywords: 'advertising native skin welcome sticky creative schedule' },
      { label: 'Ad unit patterns', href: '/admin/ad-unit-patterns', icon: 'ads', permissions: AD_PATTERNS, keywords: 'advertising gam' },
    ],
  },
  {
    label: 'Analytics',
    icon: 'chart',
    permissions: ['view_common_reports'],
    links: reportLinks((d) => d.group === 'Analytics'),
  },
  {
    label: 'Reports',
    icon: 'sliders',
    permissions: [...new Set([...reportPermissions((d) => d.group !== 'Analytics'), 'view_common_reports' as const])],
    links: [
      ...reportLinks((d) => d.group !== 'Analytics'),
      { label: 'Page speed', href: '/admin/page-speed-report', icon: 'chart', permissions: ['view_common_reports'], keywords: 'lighthouse performance accessibility core web vitals report' },
    ],
  },
  {
    label: 'Magazine',
    icon: 'folder',
    permissions: ['manage_magazine_publications', 'manage_magazine_issues', 'manage_magazine_sections', 'manage_print_export'],
    links: [
      { label: 'Magazine issues', href: '/admin/magazine-issues', icon: 'content', permissions: ['manage_magazine_issues'], keywords: 'magazine print issue cover mail date stories placements' },
      { label: 'Magazine publications', href: '/admin/magazine-publications', icon: 'layouts', permissions: ['manage_magazine_publications'], keywords: 'magazine publication subscribe renewal' },
      { label: 'Magazine sections', href: '/admin/magazine-sections', icon: 'sections', permissions: ['manage_magazine_sections'], keywords: 'magazine issue sections order' },
      { label: 'Print exports', href: '/admin/print-exports', icon: 'download', permissions: ['manage_print_export'], keywords: 'print export icml indesign zip' },
    ],
  },
  {
    label: 'Site and settings',
    icon: 'settings',
    permissions: [...SITE_SECTIONS, ...SITE_LAYOUTS, 'manage_menus', 'manage_redirects', ...SITE_SETTINGS, 'manage_header_cta'],
    links: [
      { label: 'Website sections', href: '/admin/website-sections', icon: 'sections', permissions: SITE_SECTIONS, keywords: 'tree alias' },
      { label: 'Layouts', href: '/admin/layouts', icon: 'layouts', permissions: SITE_LAYOUTS, keywords: 'grid blocks web layout' },
      { label: 'Menus', href: '/admin/menus', icon: 'menus', permissions: ['manage_menus'], keywords: 'navigation header footer links' },
      { label: 'Redirects', href: '/admin/redirects', icon: 'redirects', permissions: ['manage_redirects'], keywords: '301 path' },
      { label: 'Site settings', href: '/admin/edit-site-settings', icon: 'settings', permissions: SITE_SETTINGS, keywords: 'tag manager logo colors general header footer' },
      { label: 'Header call to action', href: '/admin/edit-cta-message', icon: 'settings', permissions: ['manage_header_cta'], keywords: 'cta message header banner' },
    ],
  },
  {
    label: 'Tools',
    icon: 'tool',
    permissions: [...new Set([...TOOLS.flatMap((t) => t.permissions), 'view_history' as const, 'bulk_update_content' as const])],
    links: [
      { label: 'All tools', href: '/admin/tools', icon: 'tool', permissions: [...new Set(TOOLS.flatMap((t) => t.permissions))], tools: true, keywords: 'migrations imports theme test one-off' },
      { label: 'Import', href: '/admin/import', icon: 'download', permissions: ['bulk_update_content'], keywords: 'import wordpress wxr ghost substack members csv archive migrate export dry run' },
      { label: 'System status', href: '/admin/system', icon: 'settings', permissions: ['manage_modules'], global: true, keywords: 'server database builds queue rebuild versions health' },
      { label: 'History', href: '/admin/history', icon: 'history', permissions: ['view_history'], keywords: 'audit changes log' },
    ],
  },
];

/**
 * Quick-menu entries that are not in the menu: forms that create a record (their list screens have
 * the same button) and the cards of the site settings, by name.
 */
export const QUICK_ONLY: readonly (NavLink & { group: string })[] = [
  { group: 'Create', label: 'New article', href: '/admin/create-content/article', icon: 'plus', permissions: ['manage_content'], keywords: 'create add content write' },
  { group: 'Create', label: 'New person', href: '/admin/persons?action=add', icon: 'plus', permissions: ['manage_content', 'manage_contacts'], keywords: 'create add author person contact' },
  { group: 'Create', label: 'New contract', href: '/admin/create-contract', icon: 'plus', permissions: ['manage_contracts'], keywords: 'contributor create add' },
  { group: 'Create', label: 'New CMS user', href: '/admin/create-cms-user', icon: 'plus', permissions: ['manage_users'], keywords: 'create add staff account invite' },
  { group: 'Create', label: 'New website section', href: '/admin/create-website-section', icon: 'plus', permissions: ['manage_site_sections'], keywords: 'create add section' },
  { group: 'Create', label: 'New layout', href: '/admin/create-web-layout', icon: 'plus', permissions: ['manage_site_layouts'], keywords: 'create add web layout' },
  { group: 'Create', label: 'New redirect', href: '/admin/create-redirect', icon: 'plus', permissions: ['manage_redirects'], keywords: 'create add 301' },
  { group: 'Create', label: 'New ad unit pattern', href: '/admin/create-ad-unit-pattern', icon: 'plus', permissions: ['manage_ad_unit_patterns'], keywords: 'create add advertising' },
  { group: 'Create', label: 'New ad unit', href: '/admin/create-ad-unit', icon: 'plus', permissions: ['manage_ad_unit_patterns'], keywords: 'create add advertising slot' },
  { group: 'Create', label: 'New house ad', href: '/admin/create-house-ad', icon: 'plus', permissions: ['manage_ad_unit_patterns'], keywords: 'create add advertising creative' },
  { group: 'Create', label: 'New newsletter template', href: '/admin/create-newsletter-template', icon: 'plus', permissions: ['manage_newsletter_templates'], keywords: 'newsletter create add' },
  { group: 'Create', label: 'New campaign', href: '/admin/create-newsletter-campaign', icon: 'plus', permissions: ['manage_newsletter_campaigns'], keywords: 'newsletter create add issue send' },
  { group: 'Create', label: 'New newsletter ad', href: '/admin/create-newsletter-ad', icon: 'plus', permissions: ['manage_newsletter_ads'], keywords: 'newsletter create add advertising' },
  { group: 'Create', label: 'New membership', href: '/admin/create-membership', icon: 'plus', permissions: ['manage_memberships'], module: 'memberships', keywords: 'create add paywall' },
  { group: 'Create', label: 'New IP licence', href: '/admin/create-ip-gating', icon: 'plus', permissions: ['manage_ip_gating'], module: 'ip-gating', keywords: 'create add site license company ip gating' },
  { group: 'Create', label: 'New magazine issue', href: '/admin/magazine-issues?action=add', icon: 'plus', permissions: ['manage_magazine_issues'], keywords: 'magazine create add issue' },
  { group: 'Create', label: 'New magazine publication', href: '/admin/magazine-publications?action=add', icon: 'plus', permissions: ['manage_magazine_publications'], keywords: 'magazine create add publication' },
  { group: 'Create', label: 'New magazine section', href: '/admin/magazine-sections?action=add', icon: 'plus', permissions: ['manage_magazine_sections'], keywords: 'magazine create add section' },
  ...([
    ['General', 'site name domain tag manager gtm language'], ['Header and footer', 'logo header footer copyright'], ['Colours', 'colors theme brand fonts'],
    ['Social links', 'facebook linkedin twitter x youtube'], ['Integrations', 'comments youtube api key provider'], ['Memberships and metering', 'meter paywall free articles gating'],
    ['Consent and tracking', 'consent cookie banner gdpr privacy tag manager categories'], ['Ads', 'ad server gam google publisher tag house ads'],
    ['Inquiry form (RMI)', 'rmi inquiry request more information'],
  ] as const).map(([title, words]) => ({
    group: 'Site settings', label: `${title} settings`, href: `/admin/edit-site-settings#${cardAnchor(title)}`, icon: 'settings' as const, permissions: SITE_SETTINGS, keywords: `settings ${words}`,
  })),
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
  if (l.tools) return visibleTools(held, when).length > 0;
  return allowed(held, l.permissions) && (!l.global || !!when.isGlobal) && (!l.module || !!when.modules?.includes(l.module));
}

/** The tools of the Tools page this user may open. */
export function visibleTools(held: readonly Permission[], when: NavWhen = {}): NavLink[] {
  return TOOLS.filter((t) => shown(t, held, when));
}

/** The anchor of a settings card (`Card` gives its section this id): "Consent and tracking" → "consent-and-tracking". */
export function cardAnchor(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
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

/** Every entry of the quick menu for this user: the menu in its order, the tools, then create forms and settings cards. */
export function quickEntries(held: readonly Permission[], when: NavWhen = {}): QuickEntry[] {
  const account = ACCOUNT_LINKS.map((l) => ({ ...l, group: 'Go to' }));
  const grouped = visibleGroups(held, when).flatMap((g) => g.links.map((l) => ({ ...l, group: g.label })));
  const tools = visibleTools(held, when).map((l) => ({ ...l, group: 'Tools' }));
  const extra = QUICK_ONLY.filter((l) => shown(l, held, when));
  return [...account, ...grouped, ...tools, ...extra];
}

/**
 * Filters entries by typed text: every word must occur in the label, group or keywords. Labels that
 * start with the typed text come first (shorter first), then labels starting with its first word,
 * then labels holding every word, then the rest; each in menu order.
 */
export function filterEntries(entries: readonly QuickEntry[], text: string): QuickEntry[] {
  const typed = text.toLowerCase().trim().replace(/\s+/g, ' ');
  const words = typed.split(' ').filter(Boolean);
  if (words.length === 0) return [...entries];
  const hits = entries.filter((e) => {
    const hay = `${e.label} ${e.group} ${e.keywords ?? ''}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const rank = (e: QuickEntry) => {
    const label = e.label.toLowerCase();
    if (label.startsWith(typed)) return 0;
    if (label.startsWith(words[0] as string)) return 1;
    return words.every((w) => label.includes(w)) ? 2 : 3;
  };
  const length = (e: QuickEntry, r: number) => (r === 0 ? e.label.length : 0);
  return hits.map((e, i) => ({ e, i, r: rank(e) }))
    .sort((a, b) => a.r - b.r || length(a.e, a.r) - length(b.e, b.r) || a.i - b.i)
    .map((x) => x.e);
}
