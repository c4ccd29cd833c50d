// /admin/update-layout-schedule-options (issue 22): every content list of a tenant's layouts that
// reads one schedule option is switched to another (or to any option). A dry run lists the blocks
// and writes nothing; a real run saves each layout with history and a rebuild; other lists, other
// tenants and bad options are left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';

let h: Harness;
const grid = { rows: [{ settings: { layout: '1_1' }, columns: [
  { blocks: [{ id: 'featured', type: 'content_list', data: { section: 'current', limit: 4, scheduleOption: 'Featured' } }] },
  { blocks: [{ id: 'standard', type: 'content_list', data: { section: 'current', limit: 4, scheduleOption: 'Standard' } }] },
] }] };
beforeAll(async () => {
  h = await startApi();
  expect((await h.op('updateLayout', { id: 170, input: { primaryGrid: grid } }, { as: 'alphaAdmin' })).error).toBeUndefined();
  expect((await h.op('updateLayout', { id: 270, input: { primaryGrid: grid } }, { as: 'admin', tenant: 'beta' })).error).toBeUndefined();
  h.changes.length = 0;
});
afterAll(async () => { await h.close(); });

const options = async (tenant: string, id: number) => {
  const [r] = await h.store.all<{ primary_grid: string }>('select primary_grid from layouts where tenant_key = ? and id = ?', [tenant, id]);
  return JSON.parse(r!.primary_grid).rows[0].columns.map((c: { blocks: { data: { scheduleOption?: string } }[] }) => c.blocks[0]!.data.scheduleOption ?? null);
};

describe('bulk schedule options of layouts', () => {
  it('a dry run lists the content lists reading the option and writes nothing', async () => {
    const r = await h.op('updateLayoutScheduleOptions', { from: 'Featured', to: 'Pinned' }, { as: 'alphaAdmin' });
    expect(r.error).toBeUndefined();
    expect(r.data.updateLayoutScheduleOptions).toEqual([{ layoutId: 170, name: 'Section default', blocks: ['primary row 1, column 1: featured'], state: 'planned' }]);
    expect(await options('alpha', 170)).toEqual(['Featured', 'Standard']);
    expect(h.changes).toEqual([]);
  });

  it('a real run changes only those lists, with history and a rebuild, in this tenant only', async () => {
    const r = await h.op('updateLayoutScheduleOptions', { from: 'Featured', to: 'Pinned', dryRun: false }, { as: 'alphaAdmin' });
    expect(r.data.updateLayoutScheduleOptions[0].state).toBe('updated');
    expect(await options('alpha', 170)).toEqual(['Pinned', 'Standard']);
    expect(await options('beta', 270)).toEqual(['Featured', 'Standard']);
    expect(h.changes).toEqual([{ tenantKey: 'alpha', change: { entity: 'layout', action: 'update', ids: [170] } }]);
    const hist = await h.store.all<{ action: string }>("select action from history where entity_type = 'layout' and entity_id = '170' order by id desc limit 1");
    expect(hist[0]!.action).toBe('update-schedule-options');
    await h.op('updateLayoutScheduleOptions', { from: 'Pinned', to: null, dryRun: false }, { as: 'alphaAdmin' });
    expect(await options('alpha', 170)).toEqual([null, 'Standard']);
  });

  it('refuses unknown options naming the field, and needs manage_site_layouts', async () => {
    const bad = await h.op('updateLayoutScheduleOptions', { from: 'Nope', to: 'Pinned' }, { as: 'alphaAdmin' });
    expect(bad.error!.extensions.field).toBe('from');
    expect((await h.op('updateLayoutScheduleOptions', { from: 'Standard', to: 'Standard' }, { as: 'alphaAdmin' })).error!.extensions.field).toBe('to');
    expect((await h.op('updateLayoutScheduleOptions', { from: 'Standard', to: 'Pinned' }, { as: 'alphaViewer' })).status).toBe(403);
  });
});
