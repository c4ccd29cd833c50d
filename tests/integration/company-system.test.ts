// /admin/system's data (issue 22): the server status for global staff with manage_modules, and the
// "rebuild tenant" action, which asks the rebuild queue for a full build of that tenant.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../engine/mail';
import { startTestSmtpServer } from '../../engine/mail/testing';
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

  it('raises an alarm for a tenant whose rebuilds keep failing: its changes are not live yet, with the attempts, the next retry and the error', async () => {
    const error = 'Rebuild of "alpha" failed: ENOSPC: no space left on device, write (/srv/out/alpha/index.html)';
    await h.store.run("insert into rebuild_requests (tenant_key, change, enqueued_at, state, attempts, retry_at, error) values ('alpha', '{\"entity\":\"content\",\"ids\":[1]}', 1000, 'pending', 3, 1800000000000, ?)", [error]);
    try {
      const s = (await h.op('getSystemStatus', {}, { as: 'admin' })).data.getSystemStatus;
      expect(s.queueDepth).toBe(1);
      expect(s.builds[0]).toMatchObject({ tenantKey: 'alpha', openRequests: 1, failedAttempts: 3, error });
      expect(new Date(s.builds[0].retryAt).getTime()).toBe(1_800_000_000_000);
      expect(s.warnings[0]).toBe(`Rebuilds of alpha are failing: 1 change is not live yet (3 failed attempts since 1970-01-01 00:00:01 UTC; next retry 2027-01-15 08:00:00 UTC). Last error: ${error}`);
    } finally {
      await h.store.run("delete from rebuild_requests where tenant_key = 'alpha'", []);
    }
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

  it('shows the version, the last mail send, captcha and crawler verification state, and disk use of out/ and the media library', async () => {
    const smtp = await startTestSmtpServer();
    const mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: 'Ops <ops@example.com>' });
    const dir = mkdtempSync(join(tmpdir(), 'masthead-system-'));
    mkdirSync(join(dir, 'out', 'alpha', 'news'), { recursive: true });
    writeFileSync(join(dir, 'out', 'alpha', 'index.html'), 'x'.repeat(1000));
    writeFileSync(join(dir, 'out', 'alpha', 'news', 'index.html'), 'y'.repeat(24));
    const s2 = await startApi({ mode: 'production', members: { mailer }, folders: { out: join(dir, 'out') } });
    try {
      const before = (await s2.op('getSystemStatus', {}, { as: 'admin' })).data.getSystemStatus;
      expect(before.mastheadVersion).toMatch(/^\d+\.\d+\.\d+/);
      expect(before.mailTransport).toBe('smtp');
      expect(before.mailLastSend).toBeNull();
      expect(before.captcha).toBe('unconfigured');
      expect(before.crawlerVerification).toEqual({ method: 'reverse and forward DNS', cachedVerdicts: 0 });
      expect(before.disk).toEqual([
        { name: 'out', path: join(dir, 'out'), bytes: 1024, files: 2, complete: true },
        { name: 'assets', path: null, bytes: 0, files: 0, complete: true },
      ]);
      await mailer.send({ to: 'someone@example.com', subject: 'Hi', text: 'Hello' });
      const after = (await s2.op('getSystemStatus', {}, { as: 'admin' })).data.getSystemStatus;
      expect(after.mailLastSend).toMatchObject({ ok: true, error: null });
    } finally {
      await s2.close();
      await mailer.close();
      await smtp.close();
    }
  });
});
