// Where the admin browser tests run. One setting: MASTHEAD_E2E_TARGET.
//   stack (default): the in-process wiring of stack.ts (sites + API + admin on one port).
//   serve: the real `masthead serve` as a child process, on a database seeded from the same
//          fixtures, once it mounts the API and the admin beside the sites.
// Both answer the admin at http://localhost:<port>/admin and each site at http://<key>.localhost:<port>/.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, ensureAdminBuilt } from './build-admin';

import type { Target } from './types';

export type { Target };

export const TARGET = (process.env.MASTHEAD_E2E_TARGET ?? 'stack') as Target['kind'];
export const FIXTURES = process.env.MASTHEAD_E2E_FIXTURES ?? join(ROOT, 'fixtures', 'demo');

/** Demo staff logins (fixtures/demo/users.json). */
export const LOGINS = {
  admin: { username: 'admin', password: 'masthead-demo-admin' },
  freightwiseEditor: { username: 'freightwise.editor', password: 'freightwise-demo-editor' },
} as const;

export async function startTarget(): Promise<Target> {
  if (TARGET === 'serve') return startServe();
  const { startStack } = await import('./stack');
  return startStack(FIXTURES);
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

async function startServe(): Promise<Target> {
  await ensureAdminBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'masthead-e2e-serve-'));
  const db = join(dir, 'db.sqlite');
  const out = join(dir, 'out');
  const bin = join(ROOT, 'bin', 'masthead.js');
  const port = await freePort();
  // Uploads and the fixture photos' derivatives (made by the seed) stay in this run's folder.
  const env = { ...process.env, MASTHEAD_ASSETS_DIR: join(dir, 'assets') };
  for (const args of [['seed', FIXTURES], ['build', '--out', out, '--origin-template', `http://{key}.localhost:${port}`]]) {
    const r = spawnSync(process.execPath, [bin, '--db', db, ...args], { cwd: ROOT, encoding: 'utf8', env });
    if (r.status !== 0) throw new Error(`masthead ${args[0]} failed: ${r.stderr || r.stdout}`);
  }
  const child = spawn(process.execPath, [bin, '--db', db, 'serve', '--port', String(port), '--out', out, '--no-captcha'], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, MASTHEAD_UNSUBSCRIBE_SECRET: 'e2e-unsubscribe-secret-0123456789' },
  });
  let log = '';
  child.stdout.on('data', (d) => { log += String(d); });
  child.stderr.on('data', (d) => { log += String(d); });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`http://localhost:${port}/admin/login`);
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`masthead serve did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    kind: 'serve',
    adminUrl: (path = '/admin') => `http://localhost:${port}${path}`,
    publicUrl: (tenantKey, path = '/') => `http://${tenantKey}.localhost:${port}${path}`,
    settle: async () => undefined,
    async rollupEvents() {
      const r = spawnSync(process.execPath, [bin, '--db', db, 'events', 'rollup'], { cwd: ROOT, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`masthead events rollup failed: ${r.stderr || r.stdout}`);
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
