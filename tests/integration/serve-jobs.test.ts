// `masthead serve` runs its background work on one job runner (issue 38): the feed refresh, the
// scheduled sends and the page speed runs are named jobs at the intervals their settings give
// (0 turns one off), listed on /admin/system's Background jobs card with their next run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { BIN, children, cli as run, freePort } from '../helpers/serve-process';

const PASSWORD = 'serve-jobs test password 42';
let dir: string;
let db: string;
let port: number;
let server: ChildProcess | undefined;

function graphql(documentId: string, variables: Record<string, unknown>, token?: string): Promise<Record<string, any>> {
  const payload = JSON.stringify({ documentId, variables });
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port, method: 'POST', path: '/graphql', agent: false,
      headers: { host: `alpha.localhost:${port}`, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => { text += d.toString(); });
      res.on('end', () => {
        const body = JSON.parse(text) as { data?: Record<string, any>; errors?: { message: string }[] };
        if (res.statusCode !== 200 || body.errors?.length) reject(new Error(`${documentId}: ${res.statusCode} ${text}`));
        else resolve(body.data!);
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'masthead-serve-jobs-'));
  db = join(dir, 'db.sqlite');
  port = await freePort();
  expect((await run(['--db', db, 'seed', writeFixtureSet([tenantFixture('alpha', 100)])])).code).toBe(0);
  const user = await run(['--db', db, 'user', 'create', '--username', 'jobs.admin', '--email', 'jobs@alpha.example',
    '--first-name', 'Jo', '--last-name', 'Bs', '--role', 'admin', '--global'], `${PASSWORD}\n`);
  expect(user.code, user.stderr).toBe(0);
  const env = { ...process.env, MASTHEAD_FEED_REFRESH_MINUTES: '7', MASTHEAD_SCHEDULED_SEND_MINUTES: '2', MASTHEAD_EVENT_ROLLUP_MINUTES: '0', MASTHEAD_UNSUBSCRIBE_SECRET: 'serve-jobs-unsubscribe-secret' };
  await new Promise<void>((resolve, reject) => {
    const child = server = spawn(process.execPath, [BIN, '--db', db, 'serve', '--port', String(port), '--out', join(dir, 'out'), '--origin-template', `http://{key}.localhost:${port}`, '--no-admin'],
      { stdio: ['ignore', 'pipe', 'pipe'], env });
    children.add(child);
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start in 60 s: ${stderr}`)), 60_000);
    child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('Press Ctrl+C')) { clearTimeout(timer); resolve(); }
    });
    child.on('exit', (code) => { children.delete(child); clearTimeout(timer); reject(new Error(`serve exited (${code}) before listening: ${stderr}`)); });
  });
}, 120_000);

afterAll(async () => {
  server?.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('masthead serve background jobs', () => {
  it('lists feed refresh, scheduled sends and page speed runs at their settings\u2019 intervals on the System screen', async () => {
    const { loginCmsUser } = await graphql('loginCmsUser', { username: 'jobs.admin', password: PASSWORD });
    const { getSystemStatus } = await graphql('getSystemStatus', {}, loginCmsUser.bearerToken as string);
    const jobs = getSystemStatus.jobs as { name: string; everyMs: number; failures: number; nextRunAt: string | null }[];
    expect(jobs.map((j) => [j.name, j.everyMs, j.failures])).toEqual([
      // The rebuild queue's row: it runs on each change, not on a timer.
      ['rebuild', 0, 0],
      ['feed-refresh', 7 * 60_000, 0],
      ['scheduled-sends', 2 * 60_000, 0],
      ['page-speed', 5 * 60_000, 0],
    ]);
    for (const j of jobs.slice(1)) expect(Date.parse(j.nextRunAt!)).toBeGreaterThan(Date.now());
  });
});
