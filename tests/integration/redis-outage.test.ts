// Redis going away under a running API (issue 40): a redis-server of the test's own, killed and
// started again on its port. Decided (docs/operations.md): limits of sign-ins and forms fail
// closed (503 with Retry-After: nothing is let through unchecked); readers' event ingestion and
// the site-license cache fail open (events go through uncounted, a cache miss reads the database);
// once Redis is back, limits count again without a restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisSharedState, type SharedState } from '../../engine/services/kernel/shared-state';
import { startApi, type Harness } from './api-harness';
import { waitUntil } from './build-site-fixture';
import { freePort } from '../helpers/serve-process';

let port: number;
let redis: ChildProcess | null = null;
let shared: SharedState;
let h: Harness;

async function startRedis(): Promise<void> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  redis = child;
  expect(await waitUntil(() => out.includes('Ready to accept connections'), 15_000)).toBe(true);
}

async function stopRedis(): Promise<void> {
  const child = redis!;
  const closed = new Promise((r) => child.once('close', r));
  child.kill('SIGKILL');
  await closed;
  redis = null;
}

const login = (password: string) => h.op('loginCmsUser', { username: 'alpha.admin', password });

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  shared = await redisSharedState({ url: `redis://127.0.0.1:${port}`, prefix: 'outage-test:', onError: () => {} });
  h = await startApi({ shared });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await shared?.close().catch(() => undefined);
  if (redis) await stopRedis();
});

describe('Redis away', () => {
  it('refuses sign-ins with 503 and Retry-After, lets readers\' events through, and counts again once Redis is back', async () => {
    expect((await login('wrong password here')).status).toBe(401);
    await stopRedis();
    const refused = await login('wrong password here');
    expect(refused.status).toBe(503);
    expect(refused.error!.extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Event limits fail open: the limiters of ingestion answer, uncounted.
    const events = shared.limiter('event-test', { max: 1, windowMs: 60_000, onOutage: 'open' }, Date.now);
    expect(await events.attempt('reader')).toBe(0);
    expect(await events.take('reader', 5)).toBe(5);
    // The license cache misses rather than fails; an invalidation is not an error of the change.
    expect(await shared.licenses.get('alpha', '203.0.113.7')).toBeUndefined();
    await expect(shared.publish({ tenantKey: 'alpha', entity: 'content' })).resolves.toBeUndefined();

    await startRedis();
    // ioredis reconnects by itself: the limit counts again (5 failures, then 429).
    let status = 0;
    for (let i = 0; i < 50 && status !== 401; i++) {
      status = (await login('wrong password here')).status;
      if (status === 503) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login('wrong password here')).status);
    expect(statuses).toContain(429);
  }, 90_000);
});
