// The whole product in one process, wired the way `masthead serve` mounts it: the built sites by
// Host, the API (POST /graphql and its documents) and the admin SPA at /admin on one port. Each API
// change is stored in the durable rebuild queue and rebuilt incrementally, as in `masthead serve`; see target.ts.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import fastifyStatic from '@fastify/static';
import { SERVE_READERS } from '../../../cli/serve/readers';
import { openStore } from '../../../engine/store/connection';
import { seedFixtures } from '../../../engine/fixtures/seed';
import { rollupEvents } from '../../../engine/store/queries/events';
import { runBuild } from '../../../engine/build/index';
import { registerApi, type ApiOptions } from '../../../api/app';
import { createSiteServer } from '../../../cli/serve/site-server';
import { createBuildQueue, type RebuildQueue } from '../../../engine/build/index';
import { ADMIN_DIST, ROOT, ensureAdminBuilt } from './build-admin';
import type { Target } from './types';

/** `api`: more options of the API (e.g. the assistant's endpoint), over the stack's own. */
export async function startStack(fixtures = join(ROOT, 'fixtures', 'demo'), api: Partial<ApiOptions> = {}): Promise<Target> {
  await ensureAdminBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'masthead-e2e-'));
  const store = await openStore({ path: join(dir, 'db.sqlite'), readers: SERVE_READERS });
  await seedFixtures(store, fixtures);
  const outDir = join(dir, 'out');
  // The media library's folder (MASTHEAD_ASSETS_DIR in `masthead serve`).
  const assetsDir = join(dir, 'assets');

  const app = createSiteServer({ outDir });
  let port = 0;
  const origin = () => `http://{key}.localhost:${port}`;
  // The real durable queue `masthead serve` runs (incremental rebuilds, one writer per tenant),
  // created once the port (part of every absolute link) is known.
  let queue: RebuildQueue | null = null;
  await registerApi(app, { store, onChange: (tenantKey, change) => queue?.request(tenantKey, change), cacheTtlMs: 0, assets: { dir: assetsDir }, ...api });
  await app.register(fastifyStatic, { root: ADMIN_DIST, prefix: '/admin/', decorateReply: false, index: false, wildcard: false });
  const shell = readFileSync(join(ADMIN_DIST, 'index.html'));
  const spa = (_req: unknown, reply: { type: (t: string) => { header: (k: string, v: string) => { send: (b: Buffer) => unknown } } }) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(shell);
  app.get('/admin', spa);
  app.get('/admin/*', spa);

  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  await runBuild(store, { outDir, originTemplate: origin(), workers: 1, assetsDir });
  queue = createBuildQueue({ store, outDir, originTemplate: origin(), workers: 1, assetsDir, onError: (key, e) => console.error(`rebuild of ${key} failed`, e) });
  await queue.start();

  return {
    kind: 'stack',
    adminUrl: (path = '/admin') => `http://localhost:${port}${path}`,
    publicUrl: (tenantKey, path = '/') => `http://${tenantKey}.localhost:${port}${path}`,
    settle: () => queue!.idle(),
    rollupEvents: async () => { await rollupEvents(store, Date.now()); },
    async stop() {
      await queue?.close();
      await app.close();
      await store.close();
    },
  };
}
