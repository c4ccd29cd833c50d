// `masthead serve`'s wiring (cli/serve/app.ts createMastheadServer) with a real mailer to an
// in-process SMTP server: the stack of the browser tests that follow a link sent by e-mail (staff
// reset, contributor contracts, company updates). With `build: true` the sites are built first and
// the real durable rebuild queue rebuilds after each API change (as `masthead serve` does);
// otherwise the rebuild requests go nowhere.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createMastheadServer } from '../../../cli/serve/app';
import { createBuildQueue, runBuild, type RebuildQueue } from '../../../engine/build/index';
import { seedFixtures } from '../../../engine/fixtures/seed';
import { createMailer, type Mailer } from '../../../engine/mail';
import { startTestSmtpServer, type TestSmtpServer } from '../../../engine/mail/testing';
import { SERVE_READERS } from '../../../cli/serve/readers';
import { openStore, type Store } from '../../../engine/store/connection';
import { ADMIN_DIST, ROOT, ensureAdminBuilt } from './build-admin';
import { noRebuilds } from '../../helpers/no-rebuilds';

export interface MailStack {
  smtp: TestSmtpServer;
  mailer: Mailer;
  store: Store;
  app: FastifyInstance;
  /** http://localhost:<port>/admin */
  admin: string;
  publicUrl: (tenantKey: string, path?: string) => string;
  /** Waits until every requested rebuild is done (a no-op without `build`). */
  settle: () => Promise<void>;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const NO_REBUILDS: RebuildQueue = noRebuilds();

export interface MailStackOptions {
  /** The mailer's default From. */
  from: string;
  /** Build the sites and rebuild after each change through the real queue. */
  build?: boolean;
  fixtures?: string;
  /** Runs on the seeded store before the build and the server start (e.g. switch a module on). */
  prepare?: (store: Store) => Promise<void>;
}

export async function startStackWithMail(o: MailStackOptions): Promise<MailStack> {
  await ensureAdminBuilt();
  const smtp = await startTestSmtpServer();
  const mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: o.from });
  const dir = mkdtempSync(join(tmpdir(), 'masthead-e2e-mail-'));
  const store = await openStore({ path: join(dir, 'db.sqlite'), readers: SERVE_READERS });
  await seedFixtures(store, o.fixtures ?? join(ROOT, 'fixtures', 'demo'));
  await o.prepare?.(store);
  const outDir = join(dir, 'out');
  // The port is part of every absolute link (mail, sites), so it is chosen before anything starts.
  const port = await freePort();
  const originTemplate = `http://{key}.localhost:${port}`;
  const admin = `http://localhost:${port}/admin`;
  let rebuilder = NO_REBUILDS;
  if (o.build) {
    await runBuild(store, { outDir, originTemplate, workers: 1 });
    rebuilder = createBuildQueue({ store, outDir, originTemplate, workers: 1, onError: (key, e) => console.error(`rebuild of ${key} failed`, e) });
  }
  const app = await createMastheadServer({
    outDir, store, adminDir: ADMIN_DIST, mode: 'production', rebuilder, originTemplate,
    mail: { mailer, unsubscribeSecret: 'e2e-unsubscribe-secret-0123456789' },
    adminUrl: admin,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    smtp, mailer, store, app, admin,
    publicUrl: (tenantKey, path = '/') => `http://${tenantKey}.localhost:${port}${path}`,
    settle: () => rebuilder.idle(),
    async stop() {
      await app.close();
      await store.close();
      await mailer.close();
      await smtp.close();
    },
  };
}
