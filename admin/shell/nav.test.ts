import { describe, expect, it } from 'vitest';
import { ROLES, permissionsFor } from '../../engine/domain/permissions';
import { filterEntries, quickEntries, visibleGroups } from './nav';

describe('menu permissions (admin §6)', () => {
  it('an editor sees content, sections, layouts and history, and nothing of site configuration or users', () => {
    const labels = visibleGroups(permissionsFor('editor')).flatMap((g) => g.links.map((l) => l.label));
    expect(labels).toEqual(['All content', 'New article', 'Website sections', 'Layouts', 'History']);
  });
  it('an admin sees every link; nobody signed in sees none', () => {
    const all = visibleGroups([...ROLES.admin]).flatMap((g) => g.links);
    expect(all.map((l) => l.label)).toContain('CMS users');
    expect(all.map((l) => l.label)).toContain('Site settings');
    expect(visibleGroups([])).toEqual([]);
  });
  it('a group with one permitted link shows only that link', () => {
    const groups = visibleGroups(['manage_redirects']);
    expect(groups.map((g) => [g.label, g.links.map((l) => l.label)])).toEqual([['Website', ['Redirects']]]);
  });
});

describe('quick menu filter', () => {
  const entries = quickEntries([...ROLES.admin]);
  it('matches every typed word against label, group and keywords, label-start first', () => {
    expect(filterEntries(entries, 'red').map((e) => e.label)).toEqual(['Redirects']);
    expect(filterEntries(entries, 'site set').map((e) => e.label)).toEqual(['Site settings']);
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
