import { describe, expect, it } from 'vitest';
import { ROLES, permissionsFor } from '../../engine/domain/permissions';
import { filterEntries, quickEntries, visibleGroups } from './nav';

describe('menu permissions (admin §6)', () => {
  it('an editor sees content, sections, layouts and history, and nothing of site configuration or users', () => {
    const labels = visibleGroups(permissionsFor('editor')).flatMap((g) => g.links.map((l) => l.label));
    expect(labels).toEqual(['All content', 'New article', 'Content research', 'Syndication', 'Media library', 'People', 'New person', 'Taxonomy', 'Website sections', 'Layouts', 'Theme test', 'Print exports',
      'Content views', 'Top content by publication date', 'Content favourites', 'Registrations', 'Incomplete registrations', 'Logins',
      'Newsletter subscriptions', 'Menu link clicks', 'Media gallery views', 'Company engagement', 'Site-license company page views', 'Site performance', 'Sponsored search logo clicks',
      'Recommendations', 'Recommendation page views', 'Recommendation clients',
      'Content detail', 'Content velocity', 'Content length', 'Editorial tracking', 'RMI inquiries', 'Layout block usage', 'Company export',
      'Layout block option usage', 'Newsletter block analysis', 'Layout analysis', 'Taxonomy export', 'Page speed', 'History']);
  });
  it('an admin sees every link; nobody signed in sees none', () => {
    const all = visibleGroups([...ROLES.admin]).flatMap((g) => g.links);
    expect(all.map((l) => l.label)).toContain('CMS users');
    expect(all.map((l) => l.label)).toContain('Site settings');
    expect(visibleGroups([])).toEqual([]);
  });
  it('report screens show with view_common_reports; layout block usage also with the layout permissions', () => {
    expect(visibleGroups(['view_common_reports']).map((g) => g.label)).toEqual(['Analytics', 'Reports and analyses']);
    expect(visibleGroups(['view_site_layouts']).flatMap((g) => g.links.map((l) => l.label))).toEqual(['Layouts', 'Theme test', 'Layout block usage', 'Layout block option usage', 'Layout analysis']);
    expect(visibleGroups(['view_history']).map((g) => g.label)).toEqual(['System']);
    // The site settings analysis opens with the settings permissions alone (its group follows its reports' permissions).
    expect(visibleGroups(['view_site_settings']).find((g) => g.label === 'Reports and analyses')?.links.map((l) => l.label)).toEqual(['Site settings analysis']);
  });
  it('a group with one permitted link shows only that link', () => {
    const groups = visibleGroups(['manage_redirects']);
    expect(groups.map((g) => [g.label, g.links.map((l) => l.label)])).toEqual([['Website', ['Redirects']]]);
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
    expect(labels([...ROLES.admin], { isGlobal: true })).toContain('Migrate site settings');
    expect(labels([...ROLES.admin], {})).not.toContain('Migrate site settings');
  });
  it('contract entries show only with manage_contracts', () => {
    expect(labels(permissionsFor('site_admin'), {})).toEqual(expect.arrayContaining(['Contracts', 'New contract']));
    expect(labels(['manage_contracts'], {})).toEqual(['Contracts', 'New contract']);
    expect(labels(permissionsFor('editor'), { isGlobal: true })).not.toContain('Contracts');
    expect(labels(permissionsFor('viewer'), {})).not.toContain('Contracts');
  });
  it('a link tied to a module shows only while the tenant has it switched on', () => {
    const groups = [{ label: 'Company', permissions: ['manage_content'] as const, links: [
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

describe('newsroom entries (issue 16)', () => {
  const labels = (held: Parameters<typeof visibleGroups>[0]) => visibleGroups(held).flatMap((g) => g.links.map((l) => l.label));
  it('bulk update shows only with bulk_update_content; research with it or manage_content', () => {
    expect(labels(permissionsFor('editor'))).not.toContain('Bulk update');
    expect(labels(permissionsFor('site_admin'))).toEqual(expect.arrayContaining(['Content research', 'Bulk update', 'Syndication']));
    expect(labels(['bulk_update_content'])).toEqual(['Content research', 'Bulk update']);
    expect(labels(['manage_content'])).not.toContain('Bulk update');
  });
});

describe('quick menu filter', () => {
  const entries = quickEntries([...ROLES.admin]);
  it('matches every typed word against label, group and keywords, label-start first', () => {
    // Label starts first, then matches inside a label ("Sponso-red").
    expect(filterEntries(entries, 'red').map((e) => e.label)).toEqual(['Redirects', 'Sponsored search logo clicks']);
    expect(filterEntries(entries, 'site set').map((e) => e.label)).toEqual(['Site settings', 'Site settings (new)', 'Site settings analysis']);
    expect(filterEntries(entries, 'LAY')[0]?.label).toBe('Layouts');
    expect(filterEntries(entries, 'password').map((e) => e.label)).toEqual(['My profile']);
    expect(filterEntries(entries, 'zzz')).toEqual([]);
    expect(filterEntries(entries, '  ')).toHaveLength(entries.length);
  });
  it('offers only permitted entries', () => {
    const editor = quickEntries(permissionsFor('editor'));
    expect(filterEntries(editor, 'users')).toEqual([]);
    expect(filterEntries(editor, 'settings')).toEqual([]);
  });
});

describe('magazine menu (issue 21)', () => {
  const labels = (held: Parameters<typeof visibleGroups>[0]) => visibleGroups(held).flatMap((g) => g.links.map((l) => l.label));
  it('each magazine screen shows with its own permission; print exports only with manage_print_export', () => {
    expect(labels(['manage_magazine_issues'])).toEqual(['Magazine issues', 'New magazine issue']);
    expect(labels(['manage_magazine_publications'])).toEqual(['Magazine publications', 'New magazine publication']);
    expect(labels(['manage_magazine_sections'])).toEqual(['Magazine sections', 'New magazine section']);
    expect(labels(['manage_print_export'])).toEqual(['Print exports']);
    expect(labels(permissionsFor('site_admin'))).toEqual(expect.arrayContaining(['Magazine issues', 'Magazine publications', 'Magazine sections']));
    // Editors hold manage_print_export (the role catalogue) but none of the magazine management permissions.
    expect(labels(permissionsFor('editor')).filter((l) => /magazine|print/i.test(l))).toEqual(['Print exports']);
    expect(labels(permissionsFor('viewer')).filter((l) => /magazine|print/i.test(l))).toEqual([]);
    expect(filterEntries(quickEntries([...ROLES.admin]), 'new magazine issue').map((e) => e.href)).toEqual(['/admin/magazine-issues?action=add']);
  });
});
