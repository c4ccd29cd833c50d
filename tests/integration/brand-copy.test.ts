// Copying a brand's configuration between tenants (issue 24; /admin/aspire-to-aspire-migration-config
// and /admin/run-aspire-to-aspire-migration): a dry run lists what a run would create, update and
// keep and writes nothing; a run copies sections (under their copied parents), layouts, menus, ad
// unit patterns, newsletter templates and chosen settings with new ids and section ids remapped,
// clears references to content and media, and never touches content; a second run changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';
import { setTenantSetting } from '../helpers/tenant-settings';

let h: Harness;
const row = async (sql: string, p: unknown[] = []) => (await h.store.all<Record<string, any>>(sql, p as (string | number)[]))[0];
const untouched = async () => {
  const out: Record<string, number> = {};
  for (const t of ['content', 'assets', 'site_users', 'redirects', 'persons', 'taxonomy', 'memberships']) out[t] = (await row(`select count(*) n from ${t} where tenant_key = 'beta'`))!.n;
  return out;
};
const copy = (input: Record<string, unknown>, as: 'admin' | 'alphaAdmin' = 'admin') => h.op('copyBrandConfiguration', { input }, { as });
const ALL = ['sections', 'layouts', 'menus', 'settings', 'adUnitPatterns', 'newsletterTemplates'];

beforeAll(async () => {
  h = await startApi();
  await h.store.run(`insert into website_sections (id, tenant_key, parent_id, name, alias, system_alias, sequence) values
    (105, 'alpha', null, 'Insights', 'insights', 'insights', 5), (106, 'alpha', 105, 'Ports', 'insights/ports', 'insights/ports', 0)`);
  await h.store.run(`insert into layouts (id, tenant_key, name, type, aliases, content_types, content_ids, section_ids, exclude_ads, primary_grid) values
    (175, 'alpha', 'Ports page', 'section', '[]', '[]', '[10010001]', '[106, 103]', '{}',
     '{"rows":[{"settings":{"layout":"1"},"columns":[{"blocks":[{"id":"l","type":"content_list","data":{"section":105,"limit":5}},{"id":"g","type":"image_grid","data":{"assetIds":[120]}}]}]}]}')`);
  await h.store.run(`insert into ad_unit_patterns (id, tenant_key, name, pattern, sizes) values (190, 'alpha', 'Leaderboard', '/1234/alpha/{section}', '[[728,90]]')`);
  await h.store.run(`insert into newsletter_templates (id, tenant_key, name, newsletter_id, config) values (195, 'alpha', 'Daily brief', 150, '{"sections":[{"blocks":[{"data":{"section":106}}]}]}')`);
  await h.store.run(`update menus set links = ? where tenant_key = 'alpha' and key = 'header_primary'`, [JSON.stringify([{ label: 'Insights', href: '/insights', external: false }])]);
  await setTenantSetting(h.store, 'alpha', 'colors.primary.main', '#111111');
  await setTenantSetting(h.store, 'alpha', 'footer.text', 'Alpha footer');
});
afterAll(async () => { await h.close(); });

describe('copying a brand configuration', () => {
  it('a dry run lists what would be created, updated and kept, and writes nothing', async () => {
    const before = await h.store.all('select * from website_sections order by id');
    const r = await copy({ from: 'alpha', to: 'beta', parts: ALL });
    expect(r.error).toBeUndefined();
    const res = r.data.copyBrandConfiguration;
    expect(res).toMatchObject({ dryRun: true, created: 5, updated: 2 });
    const act = (a: string) => res.lines.filter((l: { action: string }) => l.action === a).map((l: { part: string; name: string }) => `${l.part} ${l.name}`);
    expect(act('create')).toEqual(['sections insights', 'sections insights/ports', 'layouts Ports page', 'adUnitPatterns Leaderboard', 'newsletterTemplates Daily brief']);
    expect(act('update')).toEqual(['menus header_primary', 'settings footer, colors']);
    expect(act('unchanged')).toContain('layouts Section default');
    expect(await h.store.all('select * from website_sections order by id')).toEqual(before);
    expect(h.changes).toEqual([]);
  });

  it('a run copies with new ids and remapped sections, clears content references, and leaves content alone', async () => {
    const before = await untouched();
    const r = await copy({ from: 'alpha', to: 'beta', parts: ALL, dryRun: false });
    expect(r.data.copyBrandConfiguration).toMatchObject({ dryRun: false, created: 5, updated: 2 });
    const insights = await row(`select * from website_sections where tenant_key = 'beta' and alias = 'insights'`);
    const ports = await row(`select * from website_sections where tenant_key = 'beta' and alias = 'insights/ports'`);
    expect(insights!.id).not.toBe(105);
    expect(ports).toMatchObject({ parent_id: insights!.id, name: 'Ports' });
    const oceanBeta = (await row(`select id from website_sections where tenant_key = 'beta' and alias = 'markets/ocean-freight'`))!.id;
    const layout = await row(`select * from layouts where tenant_key = 'beta' and name = 'Ports page'`);
    expect(layout!.id).not.toBe(175);
    expect(JSON.parse(layout!.section_ids)).toEqual([ports!.id, oceanBeta]);
    expect(JSON.parse(layout!.content_ids)).toEqual([]);
    const blocks = JSON.parse(layout!.primary_grid).rows[0].columns[0].blocks;
    expect(blocks[0].data.section).toBe(insights!.id);
    expect(blocks[1].data.assetIds).toEqual([]);
    const warnings = r.data.copyBrandConfiguration.lines.filter((l: { action: string }) => l.action === 'warning').map((l: { detail: string }) => l.detail);
    expect(warnings).toEqual(expect.arrayContaining(['contentIds: 1 content or media references cleared (content is not copied)']));
    expect(await row(`select pattern, sizes from ad_unit_patterns where tenant_key = 'beta'`)).toEqual({ pattern: '/1234/alpha/{section}', sizes: '[[728,90]]' });
    const template = await row(`select * from newsletter_templates where tenant_key = 'beta'`);
    expect(template!.newsletter_id).toBe(250);
    expect(JSON.parse(template!.config).sections[0].blocks[0].data.section).toBe(ports!.id);
    expect(JSON.parse((await row(`select links from menus where tenant_key = 'beta' and key = 'header_primary'`))!.links)).toEqual([{ label: 'Insights', href: '/insights', external: false }]);
    const settings = JSON.parse((await row(`select settings from tenants where tenant_key = 'beta'`))!.settings);
    expect(settings.colors.primary.main).toBe('#111111');
    expect(settings.general.siteName).toBe('beta News');
    expect(settings.header.logo).toBe('/images/beta/ship.svg');
    expect(await untouched()).toEqual(before);
    expect(h.changes).toEqual([{ tenantKey: 'beta', change: { entity: 'settings', action: 'update', ids: ['beta'] } }]);
    expect((await row(`select action from history where tenant_key = 'beta' and action = 'copy-brand'`))!.action).toBe('copy-brand');
  });

  it('a second run finds everything in place and changes nothing', async () => {
    const r = await copy({ from: 'alpha', to: 'beta', parts: ALL, dryRun: false });
    expect(r.data.copyBrandConfiguration).toMatchObject({ created: 0, updated: 0 });
    expect(h.changes).toHaveLength(1);
  });

  it('a header logo path of the source site is reported when copied', async () => {
    const r = await copy({ from: 'alpha', to: 'beta', parts: ['settings'], settingsKeys: ['header'] });
    expect(r.data.copyBrandConfiguration.lines).toContainEqual({ part: 'settings', action: 'warning', name: 'header', detail: 'header.logo: /images/alpha/ship.svg is a file of the source site; this site keeps /images/beta/ship.svg' });
  });

  it('is for global staff with manage_modules; bad input is refused naming the field', async () => {
    expect((await copy({ from: 'alpha', to: 'beta', parts: ALL }, 'alphaAdmin')).error!.extensions.code).toBe('FORBIDDEN');
    const cases: [Record<string, unknown>, string][] = [
      [{ from: 'alpha', to: 'alpha', parts: ALL }, 'input.to'],
      [{ from: 'nope', to: 'beta', parts: ALL }, 'input.from'],
      [{ from: 'alpha', to: 'beta', parts: [] }, 'input.parts'],
      [{ from: 'alpha', to: 'beta', parts: ['content'] }, 'input.parts[0]'],
    ];
    for (const [input, field] of cases) expect((await copy(input)).error!.extensions, JSON.stringify(input)).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });
});
