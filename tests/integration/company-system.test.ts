// /admin/system's data (issue 22): the server status for global staff with manage_modules, and the
// "rebuild tenant" action, which asks the rebuild queue for a full build of that tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

describe('system status', () => {
  it('reports the database, migrations, queue and builds to global admins only', async () => {
    await h.store.run("insert into build_targets (tenant_key, out_dir, state, build_id, started_at, finished_at, pages_written) values ('alpha', '/tmp/out', 'live', 'b1', 1000, 4500, 42)", []);
    const r = await h.op('getSystemStatus', {}, { as: 'admin' });
    expect(r.error).toBeUndefined();
    const s = r.data.getSystemStatus;
    expect(s.databasePath).toBe(h.store.path);
    expect(s.databaseBytes).toBeGreaterThan(0);
    expect(s.migrationsApplied).toBeGreaterThanOrEqual(7);
    expect(s.nodeVersion).toBe(process.version);
    expect(s.builds).toEqual([expect.objectContaining({ tenantKey: 'alpha', state: 'live', durationMs: 3500, pagesWritten: 42, openRequests: 0 })]);
    expect((await h.op('getSystemStatus', {}, { as: 'alphaManager' })).status).toBe(403);
    expect((await h.op('getSystemStatus', {})).status).toBe(401);
  });

  it('rebuild tenant requests a full build of the current tenant and records it in history', async () => {
    h.changes.length = 0;
    expect((await h.op('rebuildTenant', {}, { as: 'alphaAdmin' })).status).toBe(403);
    expect(h.changes).toEqual([]);
    const r = await h.op('rebuildTenant', {}, { as: 'admin', tenant: 'beta' });
    expect(r.data.rebuildTenant.ok).toBe(true);
    expect(h.changes).toEqual([{ tenantKey: 'beta', change: { entity: 'full', action: 'update', ids: [] } }]);
    const hist = await h.store.all<{ action: string }>("select action from history where entity_type = 'tenant' and entity_id = 'beta'", []);
    expect(hist.map((x) => x.action)).toEqual(['rebuild']);
  });
});
