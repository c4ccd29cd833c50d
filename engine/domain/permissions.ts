// Staff permissions (admin §6) and the roles that bundle them. A check passes when the user holds
// any one of the requested permissions; nobody signed in holds none.

export const PERMISSIONS = [
  'manage_content', 'manage_taxonomy', 'bulk_update_content', 'manage_assets',
  'manage_newsletter_templates', 'manage_newsletter_templates_basic', 'manage_newsletter_campaigns',
  'manage_newsletter_ads', 'manage_magazine_publications', 'manage_magazine_issues',
  'manage_magazine_sections', 'manage_contracts', 'manage_memberships', 'manage_site_users',
  'manage_ip_gating', 'view_common_reports', 'manage_print_export', 'manage_contacts',
  'manage_header_cta', 'view_site_layouts', 'manage_site_layouts', 'view_site_sections',
  'manage_site_sections', 'manage_menus', 'manage_redirects', 'view_site_settings',
  'manage_site_settings', 'view_ad_unit_patterns', 'manage_ad_unit_patterns', 'manage_users',
  'manage_modules', 'view_history',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EDITORIAL: Permission[] = [
  'manage_content', 'manage_taxonomy', 'manage_assets', 'view_site_sections', 'view_site_layouts',
  'view_common_reports', 'manage_print_export', 'view_history',
];
const NEWSLETTERS: Permission[] = [
  'manage_newsletter_templates_basic', 'manage_newsletter_campaigns', 'manage_newsletter_ads',
];
const SITE: Permission[] = [
  'manage_site_sections', 'manage_site_layouts', 'manage_menus', 'manage_redirects',
  'view_site_settings', 'manage_site_settings', 'view_ad_unit_patterns', 'manage_ad_unit_patterns',
  'manage_header_cta', 'manage_contacts',
];
const AUDIENCE: Permission[] = ['manage_memberships', 'manage_site_users', 'manage_ip_gating'];

/**
 * Roles (the spec names only the default, editor). Each role is a fixed permission set; a user's
 * extraPermissions are added on top.
 */
export const ROLES = {
  /** Writes and publishes content; reads site structure. */
  editor: [...EDITORIAL],
  /** Editor plus newsletters. */
  newsletter_editor: [...EDITORIAL, ...NEWSLETTERS],
  /** Runs one or more sites: content, structure, newsletters, audience. Not staff accounts. */
  site_admin: [...EDITORIAL, ...NEWSLETTERS, ...SITE, ...AUDIENCE, 'bulk_update_content',
    'manage_newsletter_templates', 'manage_magazine_publications', 'manage_magazine_issues',
    'manage_magazine_sections', 'manage_contracts'],
  /** Everything, including staff accounts and developer tools. */
  admin: [...PERMISSIONS],
  /** Reads reports and history only. */
  viewer: ['view_common_reports', 'view_site_sections', 'view_site_layouts', 'view_site_settings',
    'view_ad_unit_patterns', 'view_history'],
} as const satisfies Record<string, readonly Permission[]>;
export type Role = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as [Role, ...Role[]];
export const DEFAULT_ROLE: Role = 'editor';

/** The effective permission set of a role plus extra permissions. */
export function permissionsFor(role: Role, extra: readonly Permission[] = []): Permission[] {
  return [...new Set<Permission>([...ROLES[role], ...extra])];
}

/** Any-of check (admin §6): true when `held` contains at least one of `wanted`. */
export function hasAnyPermission(
  held: readonly Permission[] | null | undefined,
  wanted: readonly Permission[],
): boolean {
  if (!held || held.length === 0) return false;
  return wanted.some((p) => held.includes(p));
}
