// getBuildStatus (the admin's publish toolbar polls it): queued before any build or while a change
// waits, building while one runs, live with the build id, times and pages written; staff of the
// tenant only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTarget, enqueueRebuild, updateTarget } from '../../engine/store/queries/builds';
import { startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

const status = async (as: 'alphaViewer' | 'alphaEditor' | 'betaEditor' = 'alphaViewer') => h.op('getBuildStatus', {}, { as, tenant: 'alpha' });

describe('getBuildStatus', () => {
  it('refuses anonymous callers and staff of other tenants', async () => {
    expect((await h.op('getBuildStatus', {}, { tenant: 'alpha' })).error?.extensions.code).toBe('UNAUTHENTICATED');
    expect((await status('betaEditor')).error?.extensions.code).toBe('FORBIDDEN');
  });

  it('reports queued, building and live with the build id, times and pages written', async () => {
    let r = await status();
    expect(r.error).toBeUndefined();
    expect(r.data.getBuildStatus).toEqual({ state: 'queued', buildId: null, requestedAt: null, startedAt: null, finishedAt: null, pagesWritten: 0, error: null, warnings: [] });

    const target = await ensureTarget(h.store, 'alpha', '/srv/out');
    await updateTarget(h.store, target.id, { buildId: '20261122T040000000Z-abc123', state: 'live', startedAt: Date.UTC(2026, 10, 22, 4), finishedAt: Date.UTC(2026, 10, 22, 4, 0, 2), pagesWritten: 42 });
    r = await status();
    expect(r.data.getBuildStatus).toEqual({
      state: 'live', buildId: '20261122T040000000Z-abc123', requestedAt: '2026-11-22T04:00:00.000Z', startedAt: '2026-11-22T04:00:00.000Z',
      finishedAt: '2026-11-22T04:00:02.000Z', pagesWritten: 42, error: null, warnings: [],
    });

    await enqueueRebuild(h.store, 'alpha', { entity: 'content', action: 'update', ids: [10_010_001] }, Date.UTC(2026, 10, 22, 4, 5));
    r = await status('alphaEditor');
    expect(r.data.getBuildStatus).toMatchObject({ state: 'queued', buildId: '20261122T040000000Z-abc123', requestedAt: '2026-11-22T04:05:00.000Z' });

    await h.store.run("UPDATE rebuild_requests SET state = 'running', started_at = ?", [Date.UTC(2026, 10, 22, 4, 5, 1)]);
    r = await status();
    expect(r.data.getBuildStatus).toMatchObject({ state: 'building', startedAt: '2026-11-22T04:05:01.000Z' });

    await updateTarget(h.store, target.id, { state: 'failed', error: 'disk full' });
    await h.store.run("UPDATE rebuild_requests SET state = 'failed'");
    r = await status();
    expect(r.data.getBuildStatus).toMatchObject({ state: 'failed', error: 'disk full' });
  });
});
