// /admin/migrate-site-settings-post-uiux (issue 22): stored site settings in an older shape are
// brought to the current schema. A dry run reports and writes nothing; a real run writes the
// normalised settings of every tenant that validates (history, one rebuild each) and leaves an
// invalid one untouched, naming its first failing field. Global staff with manage_modules only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';
import { setTenantSetting } from '../helpers/tenant-settings';

let h: Harness;
beforeAll(async () => {
  h = await startApi();
  // alpha was saved before `modules` existed; beta holds a value the schema now refuses.
  await setTenantSetting(h.store, 'alpha', 'modules', undefined);
  await setTenantSetting(h.store, 'beta', 'general.siteName', '');
});
afterAll(async () => { await h.close(); });

const stored = async (key: string) => JSON.parse((await h.store.all<{ settings: string }>('select settings from tenants where tenant_key = ?', [key]))[0]!.settings);

describe('site settings migration', () => {
  it('a dry run reports the keys the schema would add and the invalid tenants, and writes nothing', async () => {
    const r = await h.op('migrateSiteSettings', { dryRun: true }, { as: 'admin' });
    expect(r.error).toBeUndefined();
    expect(r.data.migrateSiteSettings).toEqual([
      { tenantKey: 'alpha', name: 'alpha News', state: 'changed', keys: expect.arrayContaining(['modules']), error: null },
      { tenantKey: 'beta', name: 'beta News', state: 'invalid', keys: [], error: 'general.siteName: Field is required' },
    ]);
    expect((await stored('alpha')).modules).toBeUndefined();
    expect(h.changes).toEqual([]);
  });

  it('a real run writes the valid tenants with history and a rebuild, and leaves the invalid one', async () => {
    const r = await h.op('migrateSiteSettings', { dryRun: false }, { as: 'admin' });
    expect(r.data.migrateSiteSettings.map((x: { state: string }) => x.state)).toEqual(['migrated', 'invalid']);
    expect((await stored('alpha')).modules).toEqual({ companyUpdates: false });
    expect((await stored('beta')).general.siteName).toBe('');
    expect(h.changes).toEqual([{ tenantKey: 'alpha', change: { entity: 'settings', action: 'update', ids: ['alpha'] } }]);
    const hist = await h.store.all<{ action: string }>("select action from history where entity_type = 'settings' and entity_id = 'alpha'");
    expect(hist.map((x) => x.action)).toEqual(['migrate']);
    const again = await h.op('migrateSiteSettings', { dryRun: true }, { as: 'admin' });
    expect(again.data.migrateSiteSettings[0].state).toBe('unchanged');
  });

  it('is refused to anyone but global staff with manage_modules', async () => {
    expect((await h.op('migrateSiteSettings', { dryRun: true }, { as: 'alphaAdmin' })).status).toBe(403);
    expect((await h.op('migrateSiteSettings', { dryRun: true })).status).toBe(401);
  });
});
