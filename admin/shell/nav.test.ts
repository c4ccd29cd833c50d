import { describe, expect, it } from 'vitest';
import { ROLES, permissionsFor } from '../../engine/domain/permissions';
import { enabledModules } from '../../engine/domain/settings';
import { ROUTES } from '../routes';
import { NAV_GROUPS, filterEntries, quickEntries, visibleGroups, visibleTools } from './nav';
import { menuHrefFor } from './shell';

const EDITOR_MENU: [string, string[]][] = [
  ['Content', ['All content', 'Content research', 'Assistant', 'Syndication', 'Taxonomy']],
  ['Media', ['Media library']],
  ['People', ['People']],
  ['Analytics', ['Content views', 'Top content by publication date', 'Content favourites', 'Registrations', 'Incomplete registrations', 'Logins',
    'Newsletter subscriptions', 'Menu link clicks', 'Media gallery views', 'Company engagement', 'Site-license company page views', 'Site performance',
    'Sponsored search logo clicks', 'Recommendations', 'Recommendation page views', 'Recommendation clients']],
  ['Reports', ['Content detail', 'Content velocity', 'Content length', 'Editorial tracking', 'RMI inquiries', 'Layout block usage', 'Company export',
    'Layout block option usage', 'Newsletter block analysis', 'Layout analysis', 'Taxonomy export', 'Page speed']],
  ['Magazine', ['Print exports']],
  ['Site and settings', ['Website sections', 'Layouts']],
  ['Tools', ['All tools', 'History']],
];

const labelsOf = (held: Parameters<typeof visibleGroups>[0], when?: Parameters<typeof visibleGroups>[1]) => visibleGroups(held, when).flatMap((g) => g.links.map((l) => l.label));

describe('menu permissions (admin §6)', () => {
  it('an editor sees content, people, reports and the layouts, and nothing of site configuration or users', () => {
    expect(visibleGroups(permissionsFor('editor')).map((g) => [g.label, g.links.map((l) => l.label)])).toEqual(EDITOR_MENU);
  });
  it('an admin sees every link; nobody signed in sees none', () => {
    const all = labelsOf([...ROLES.admin]);
    expect(all).toContain('CMS users');
    expect(all).toContain('Site settings');
    expect(visibleGroups([])).toEqual([]);
  });
  it('report screens show with view_common_reports; layout block usage also with the layout permissions', () => {
    expect(visibleGroups(['view_common_reports']).map((g) => g.label)).toEqual(['Analytics', 'Reports']);
    expect(visibleGroups(['view_site_layouts']).map((g) => [g.label, g.links.map((l) => l.label)])).toEqual([
      ['Reports', ['Layout block usage', 'Layout block option usage', 'Layout analysis']], ['Site and settings', ['Layouts']], ['Tools', ['All tools']],
    ]);
    expect(visibleGroups(['view_history']).map((g) => g.label)).toEqual(['Tools']);
    // The site settings analysis opens with the settings permissions alone (its group follows its reports' permissions).
    expect(visibleGroups(['view_site_settings']).find((g) => g.label === 'Reports')?.links.map((l) => l.label)).toEqual(['Site settings analysis']);
  });
  it('a group with one permitted link shows only that link', () => {
    const groups = visibleGroups(['manage_redirects']);
    expect(groups.map((g) => [g.label, g.links.map((l) => l.label)])).toEqual([['Site and settings', ['Redirects']]]);
  });
});

describe('menu shape (issue 35)', () => {
  const everyone = { isGlobal: true, modules: ['company-updates', 'memberships', 'ip-gating'] };
  const all = [...ROLES.admin];
  const menuHrefs = visibleGroups(all, everyone).flatMap((g) => g.links.map((l) => l.href));
  it('has at most 12 top-level entries, the dashboard included, for the user who may see everything', () => {
    expect(1 + visibleGroups(all, everyone).length).toBeLessThanOrEqual(12);
    expect(1 + NAV_GROUPS.length).toBeLessThanOrEqual(12);
  });
  it('no two entries of the menu, the Tools page and the quick menu lead to the same address', () => {
    const hrefs = quickEntries(all, everyone).map((e) => e.href);
    expect(hrefs.length).toBeGreaterThan(60);
    expect(hrefs.filter((h, i) => hrefs.indexOf(h) !== i)).toEqual([]);
    // Site settings had two entries rendering one screen: one is left, the other address leads to it.
    expect(hrefs).toContain('/admin/edit-site-settings');
    expect(hrefs).not.toContain('/admin/site-settings-new');
  });
  it('one-off migrations and test screens are on the Tools page, not in the menu, each with one line on what it does', () => {
    const tools = visibleTools(all, everyone);
    expect(tools.map((t) => t.label)).toEqual(['Migrate site settings', 'Brand copy', 'Migrate site users', 'Layout schedule options', 'Theme test', 'Theme test: forms']);
    for (const t of tools) {
      expect(menuHrefs, t.href).not.toContain(t.href);
      expect(t.description, t.href).toMatch(/^[A-Z].{30,170}\.$/);
    }
    expect(menuHrefs).toContain('/admin/tools');
    // Global tools only for global staff: a site admin sees the Tools page with the others.
    expect(visibleTools(permissionsFor('site_admin')).map((t) => t.label)).not.toContain('Brand copy');
    expect(visibleTools(permissionsFor('site_admin')).map((t) => t.label)).toContain('Migrate site users');
    expect(labelsOf(['manage_redirects'])).not.toContain('All tools');
  });
  it('every route of routes.tsx is reachable from the menu, the Tools page or the quick menu; editors and forms from their list', () => {
    const offered = new Set(quickEntries(all, everyone).map((e) => e.href.split(/[?#]/)[0]));
    // Reached from another screen: the run screen from the brand copy choice; the retired settings address leads on.
    const viaScreen: Record<string, string> = { '/run-aspire-to-aspire-migration': '/admin/aspire-to-aspire-migration-config', '/site-settings-new': '/admin/edit-site-settings' };
    const unreachable = ROUTES.filter((r) => !r.public).filter((r) => {
      const own = r.path === '/' ? '/admin' : `/admin${r.path}`;
      if (offered.has(own)) return false;
      const from = viaScreen[r.path] ?? (r.path.includes(':') ? r.onTenantSwitch : undefined);
      return !(from && offered.has(from));
    }).map((r) => r.path);
    expect(unreachable).toEqual([]);
  });
  it('the screen of an editor, a create form or a tool marks its menu entry', () => {
    expect(menuHrefFor('/admin/edit-content/10100184')).toBe('/admin/content');
    expect(menuHrefFor('/admin/create-content/press-release')).toBe('/admin/content');
    expect(menuHrefFor('/admin/create-cms-user')).toBe('/admin/cms-users');
    expect(menuHrefFor('/admin/edit-web-layout/4101')).toBe('/admin/layouts');
    expect(menuHrefFor('/admin/test-form-api')).toBe('/admin/tools');
    expect(menuHrefFor('/admin/run-aspire-to-aspire-migration')).toBe('/admin/tools');
    expect(menuHrefFor('/admin/site-settings-new')).toBe('/admin/edit-site-settings');
    expect(menuHrefFor('/admin/')).toBe('/admin');
    expect(menuHrefFor('/admin/redirects')).toBe('/admin/redirects');
  });
});

describe('menu conditions beyond permissions (issue 22)', () => {
  const labels = (held: Parameters<typeof visibleGroups>[0], when: Parameters<typeof visibleGroups>[1]) =>
    visibleGroups(held, when).flatMap((g) => g.links.map((l) => l.label));
  it('internal news management shows only to global staff holding manage_users', () => {
    expect(labels([...ROLES.admin], { isGlobal: true })).toContain('Internal news');
    expect(labels([...ROLES.admin], { isGlobal: false })).not.toContain('Internal news');
    expect(labels(['manage_users'], {})).not.toContain('Internal news');
    expect(labels(permissionsFor('site_admin'), { isGlobal: true })).not.toContain('Internal news');
    expect(filterEntries(quickEntries([...ROLES.admin], { isGlobal: true }), 'internal news').map((e) => e.label)).toEqual(['Internal news']);
    expect(filterEntries(quickEntries([...ROLES.admin]), 'internal news')).toEqual([]);
  });
  it('system status shows only to global staff holding manage_modules', () => {
    expect(labels([...ROLES.admin], { isGlobal: true })).toContain('System status');
    expect(labels([...ROLES.admin], {})).not.toContain('System status');
    expect(labels(['manage_users'], { isGlobal: true })).not.toContain('System status');
    expect(visibleTools([...ROLES.admin], { isGlobal: true }).map((t) => t.label)).toContain('Migrate site settings');
    expect(visibleTools([...ROLES.admin], {}).map((t) => t.label)).not.toContain('Migrate site settings');
  });
  it('contract entries show only with manage_contracts', () => {
    expect(labels(permissionsFor('site_admin'), {})).toContain('Contracts');
    expect(labels(['manage_contracts'], {})).toEqual(['Contracts']);
    expect(filterEntries(quickEntries(['manage_contracts']), 'contract').map((e) => e.label)).toEqual(['Contracts', 'New contract']);
    expect(labels(permissionsFor('editor'), { isGlobal: true })).not.toContain('Contracts');
    expect(labels(permissionsFor('viewer'), {})).not.toContain('Contracts');
  });
  it('a link tied to a module shows only while the tenant has it switched on', () => {
    const groups = [{ label: 'Company', icon: 'content' as const, permissions: ['manage_content'] as const, links: [
      { label: 'Company updates', href: '/admin/company-updates', icon: 'content' as const, permissions: ['manage_content'] as const, module: 'company-updates' },
    ] }];
    expect(visibleGroups(['manage_content'], { modules: ['company-updates'] }, groups).flatMap((g) => g.links.map((l) => l.label))).toEqual(['Company updates']);
    expect(visibleGroups(['manage_content'], { modules: [] }, groups)).toEqual([]);
    expect(visibleGroups(['manage_redirects'], { modules: ['company-updates'] }, groups)).toEqual([]);
  });
  it('the real menu shows Company updates to manage_content only while the tenant has the company-updates module', () => {
    expect(labels(permissionsFor('editor'), { modules: ['company-updates'] })).toContain('Company updates');
    expect(labels(permissionsFor('editor'), { modules: [] })).not.toContain('Company updates');
    expect(labels([...ROLES.admin], { isGlobal: true })).not.toContain('Company updates');
    expect(labels(['manage_contracts'], { modules: ['company-updates'] })).not.toContain('Company updates');
  });
});

describe('menu conditions: memberships module on, IP gating allowed (admin §6, issue 42)', () => {
  const members = (held: Parameters<typeof visibleGroups>[0], when: Parameters<typeof visibleGroups>[1]) =>
    visibleGroups(held, when).find((g) => g.label === 'Members')?.links.map((l) => l.label) ?? [];
  const admin = permissionsFor('site_admin');
  const quick = (when: Parameters<typeof quickEntries>[1]) => quickEntries(admin, when).map((e) => e.label);

  it('the tenant settings name the modules: memberships when on, IP gating with them unless disabled', () => {
    expect(enabledModules({})).toEqual([]);
    expect(enabledModules({ memberships: { enabled: false } })).toEqual([]);
    expect(enabledModules({ memberships: { enabled: true } })).toEqual(['memberships', 'ip-gating']);
    expect(enabledModules({ memberships: { enabled: true, disableIpGating: true } })).toEqual(['memberships']);
    // IP gating only ever passes membership gating: without memberships it is not offered.
    expect(enabledModules({ memberships: { enabled: false, disableIpGating: false } })).toEqual([]);
    expect(enabledModules({ modules: { companyUpdates: true }, memberships: { enabled: true } })).toEqual(['company-updates', 'memberships', 'ip-gating']);
  });

  it('memberships and site users show only while the memberships module is on; IP gating only while allowed', () => {
    expect(members(admin, { modules: ['memberships', 'ip-gating'] })).toEqual(['Memberships', 'Site users', 'IP gating']);
    expect(members(admin, { modules: ['memberships'] })).toEqual(['Memberships', 'Site users']);
    expect(members(admin, { modules: [] })).toEqual([]);
    expect(visibleGroups(admin, { modules: [] }).map((g) => g.label)).not.toContain('Members');
    // A condition does not stand in for the permission.
    expect(members(['manage_site_users'], { modules: ['memberships', 'ip-gating'] })).toEqual(['Site users']);
    expect(members(permissionsFor('editor'), { modules: ['memberships', 'ip-gating'] })).toEqual([]);
  });

  it('the quick menu follows the same conditions, create forms included', () => {
    const on = quick({ modules: ['memberships', 'ip-gating'] });
    for (const l of ['Memberships', 'Site users', 'IP gating', 'New membership', 'New IP licence']) expect(on).toContain(l);
    const noIp = quick({ modules: ['memberships'] });
    expect(noIp).toContain('New membership');
    expect(noIp).not.toContain('IP gating');
    expect(noIp).not.toContain('New IP licence');
    const off = quick({ modules: [] });
    for (const l of ['Memberships', 'Site users', 'IP gating', 'New membership', 'New IP licence']) expect(off).not.toContain(l);
  });

  it('the real settings of a site drive the menu end to end', () => {
    const when = (memberships: { enabled: boolean; disableIpGating?: boolean }) => ({ modules: enabledModules({ memberships }) });
    expect(members(admin, when({ enabled: true }))).toEqual(['Memberships', 'Site users', 'IP gating']);
    expect(members(admin, when({ enabled: true, disableIpGating: true }))).toEqual(['Memberships', 'Site users']);
    expect(members(admin, when({ enabled: false }))).toEqual([]);
  });
});

describe('newsroom entries (issue 16)', () => {
  const labels = (held: Parameters<typeof visibleGroups>[0]) => visibleGroups(held).flatMap((g) => g.links.map((l) => l.label));
  it('bulk update shows only with bulk_update_content; research with it or manage_content', () => {
    expect(labels(permissionsFor('editor'))).not.toContain('Bulk update');
    expect(labels(permissionsFor('site_admin'))).toEqual(expect.arrayContaining(['Content research', 'Bulk update', 'Syndication']));
    expect(labels(['bulk_update_content'])).toEqual(['Content research', 'Bulk update', 'Import']);
    expect(labels(['manage_content'])).not.toContain('Bulk update');
  });

  it('the import screen (issue 36) is in the Tools group for holders of bulk_update_content only', () => {
    const tools = (held: Parameters<typeof visibleGroups>[0]) => visibleGroups(held).find((g) => g.label === 'Tools')?.links.map((l) => l.href) ?? [];
    expect(tools(permissionsFor('site_admin'))).toContain('/admin/import');
    expect(tools(permissionsFor('editor'))).not.toContain('/admin/import');
    expect(tools(permissionsFor('viewer'))).not.toContain('/admin/import');
  });
});

describe('quick menu filter', () => {
  const entries = quickEntries([...ROLES.admin]);
  it('matches every typed word against label, group and keywords, label-start first', () => {
    // Label starts first, then matches inside a label ("Sponso-red").
    expect(filterEntries(entries, 'red').map((e) => e.label)).toEqual(['Redirects', 'Sponsored search logo clicks', 'New redirect']);
    expect(filterEntries(entries, 'site set').map((e) => e.label).slice(0, 2)).toEqual(['Site settings', 'Site settings analysis']);
    expect(filterEntries(entries, 'LAY')[0]?.label).toBe('Layouts');
    expect(filterEntries(entries, 'password').map((e) => e.label)).toEqual(['My profile']);
    expect(filterEntries(entries, 'zzz')).toEqual([]);
    expect(filterEntries(entries, '  ')).toHaveLength(entries.length);
  });
  it('offers only permitted entries', () => {
    const editor = quickEntries(permissionsFor('editor'));
    expect(filterEntries(editor, 'users')).toEqual([]);
    expect(filterEntries(editor, 'settings').map((e) => e.href).filter((h) => h.includes('settings'))).toEqual([]);
    expect(filterEntries(editor, 'migrate')).toEqual([]);
  });
  it('finds the site settings by the name of a card, and the create forms and tools by name', () => {
    expect(filterEntries(entries, 'consent').map((e) => [e.label, e.href])).toEqual([['Consent and tracking settings', '/admin/edit-site-settings#consent-and-tracking']]);
    expect(filterEntries(entries, 'new house').map((e) => e.href)).toEqual(['/admin/create-house-ad']);
    expect(filterEntries(entries, 'theme test').map((e) => e.href)).toEqual(['/admin/test', '/admin/test-form-api', '/admin/tools']);
  });
});

describe('magazine menu (issue 21)', () => {
  const labels = (held: Parameters<typeof visibleGroups>[0]) => visibleGroups(held).flatMap((g) => g.links.map((l) => l.label));
  it('each magazine screen shows with its own permission; print exports only with manage_print_export', () => {
    expect(labels(['manage_magazine_issues'])).toEqual(['Magazine issues']);
    expect(labels(['manage_magazine_publications'])).toEqual(['Magazine publications']);
    expect(labels(['manage_magazine_sections'])).toEqual(['Magazine sections']);
    expect(labels(['manage_print_export'])).toEqual(['Print exports']);
    expect(labels(permissionsFor('site_admin'))).toEqual(expect.arrayContaining(['Magazine issues', 'Magazine publications', 'Magazine sections']));
    // Editors hold manage_print_export (the role catalogue) but none of the magazine management permissions.
    expect(labels(permissionsFor('editor')).filter((l) => /magazine|print/i.test(l))).toEqual(['Print exports']);
    expect(labels(permissionsFor('viewer')).filter((l) => /magazine|print/i.test(l))).toEqual([]);
    expect(filterEntries(quickEntries([...ROLES.admin]), 'new magazine issue').map((e) => e.href)).toEqual(['/admin/magazine-issues?action=add']);
  });
});
