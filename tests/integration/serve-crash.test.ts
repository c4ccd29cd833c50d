// A real crash of `masthead serve` mid-rebuild (issue #5, "a crash mid-rebuild resumes on restart
// and loses nothing"): the CLI seeds, creates a staff user and builds; serve runs as a child
// process; a signed-in editor retitles three published articles over real HTTP, and the server is
// killed with SIGKILL the moment the last answer arrives. The stored requests must then be open,
// and a restarted serve on the same database and out dir must publish every retitle in a new build.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../engine/store/connection';
import { tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { BIN, children, cli as run, freePort } from '../helpers/serve-process';

const PASSWORD = 'crash-test password 42';
const BASE = 100;
/** Three published Articles of tenantFixture('alpha', 100) (status 1, not the draft). */
const ARTICLES = [2, 3, 5].map((n) => 10_000_000 + BASE * 100 + n);

let dir: string;
let db: string;
let out: string;
let port: number;
let origin: string;
/** Runs `masthead --db <db> <args>` to completion (tests/helpers/serve-process.ts). */
const cli = (args: string[], input = '') => run(['--db', db, ...args], input);

interface Server { child: ChildProcess; stderr: () => string; exited: Promise<void> }

/** Starts `masthead serve` and resolves once it listens (its "Serving …" line). */
function serve(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--db', db, 'serve', '--port', String(port), '--out', out, '--origin-template', origin, '--no-admin'],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MASTHEAD_UNSUBSCRIBE_SECRET: 'serve-crash-unsubscribe-secret' } });
    children.add(child);
    let stdout = '';
    let stderr = '';
    const exited = new Promise<void>((done) => child.on('exit', () => { children.delete(child); done(); }));
    const timer = setTimeout(() => reject(new Error(`serve did not start in 60 s: ${stderr}`)), 60_000);
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('Press Ctrl+C')) { clearTimeout(timer); resolve({ child, stderr: () => stderr, exited }); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`serve exited (${code}) before listening: ${stderr}`)); });
  });
}

interface Answer { status: number; text: string }

/** One HTTP request to the server on loopback, as the alpha site (Host alpha.localhost:<port>). */
function http(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, onAnswer?: () => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request({
      host: '127.0.0.1', port, method, path, agent: false,
      headers: { host: `alpha.localhost:${port}`, ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => { onAnswer?.(); resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }); });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function graphql(documentId: string, variables: Record<string, unknown>, token?: string, onAnswer?: () => void) {
  const r = await http('POST', '/graphql', { documentId, variables }, token ? { authorization: `Bearer ${token}` } : {}, onAnswer);
  const body = JSON.parse(r.text) as { data?: Record<string, any>; errors?: { message: string }[] };
  if (r.status !== 200 || body.errors?.length) throw new Error(`${documentId}: ${r.status} ${r.text}`);
  return body.data!;
}

const latestId = () => (JSON.parse(readFileSync(join(out, 'alpha', 'builds', 'latest.json'), 'utf8')) as { id: string }).id;

async function requestRows() {
  const store = await openStore({ path: db });
  try {
    return await store.all<{ id: number; state: string; buildId: string | null; change: string }>(
      'SELECT id, state, build_id AS buildId, change FROM rebuild_requests ORDER BY id');
  } finally {
    await store.close();
  }
}

/** The page's h1 over HTTP, or null while it does not answer 200. */
async function headline(path: string): Promise<string | null> {
  const r = await http('GET', path);
  return r.status === 200 ? load(r.text)('h1').first().text().trim() : null;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'masthead-crash-'));
  db = join(dir, 'db.sqlite');
  out = join(dir, 'out');
  port = await freePort();
  origin = `http://{key}.localhost:${port}`;
  const seeded = await cli(['seed', writeFixtureSet([tenantFixture('alpha', BASE)])]);
  expect(seeded.code, seeded.stderr).toBe(0);
  const user = await cli(['user', 'create', '--username', 'crash.editor', '--email', 'crash@alpha.example',
    '--first-name', 'Cra', '--last-name', 'Sh', '--role', 'editor', '--tenants', 'alpha'], `${PASSWORD}\n`);
  expect(user.code, user.stderr).toBe(0);
  const built = await cli(['build', '--out', out, '--origin-template', origin, '--workers', '1']);
  expect(built.code, built.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('masthead serve killed mid-rebuild', () => {
  it('resumes the stored rebuild on restart and publishes every edit made before the kill', async () => {
    const before = latestId();
    const edits = new Map<string, string>(); // canonical path -> newest title
    let open: Awaited<ReturnType<typeof requestRows>> = [];
    let attempts = 0;
    // A rebuild of this small site can in principle finish before the kill lands; then edit again.
    while (!open.length && attempts < 5) {
      attempts += 1;
      const server = await serve();
      const { loginCmsUser } = await graphql('loginCmsUser', { username: 'crash.editor', password: PASSWORD });
      const token = loginCmsUser.bearerToken as string;
      const answers: Record<string, any>[] = [];
      for (const [i, cid] of ARTICLES.entries()) {
        const title = `Crash test retitle ${attempts}.${i} of ${cid}`;
        const last = i === ARTICLES.length - 1;
        // The request is stored before the answer is sent, so killing on the answer loses nothing stored.
        const data = await graphql('updateContent', { id: cid, input: { name: title } }, token, last ? () => server.child.kill('SIGKILL') : undefined);
        answers.push(data.updateContent);
      }
      await server.exited;
      expect(server.child.signalCode).toBe('SIGKILL');
      expect(server.stderr()).not.toContain('rebuild of alpha failed');
      for (const [i, a] of answers.entries()) {
        expect(a).toMatchObject({ id: ARTICLES[i], name: `Crash test retitle ${attempts}.${i} of ${ARTICLES[i]}`, status: 1 });
        edits.set(a.canonicalPath as string, a.name as string);
      }
      const rows = await requestRows();
      // Every mutation's request was stored before its answer: none may be missing.
      expect(rows.length).toBeGreaterThanOrEqual(attempts * ARTICLES.length);
      open = rows.filter((r) => r.state === 'pending' || r.state === 'running');
    }
    expect(open.length).toBeGreaterThan(0);
    const openIds = open.map((r) => r.id);

    const server = await serve();
    try {
      const deadline = Date.now() + 20_000;
      const seen = new Map<string, string | null>();
      for (;;) {
        for (const path of edits.keys()) seen.set(path, await headline(path));
        if ([...edits].every(([path, title]) => seen.get(path) === title) || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(edits));

      // The restarted writer finished the open requests in a new build that latest.json names.
      let rows = await requestRows();
      const until = Date.now() + 20_000;
      while (rows.some((r) => r.state !== 'done') && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
        rows = await requestRows();
      }
      expect(rows.filter((r) => r.state !== 'done')).toEqual([]);
      const latest = latestId();
      expect(latest).not.toBe(before);
      const resumed = rows.filter((r) => openIds.includes(r.id));
      expect(new Set(resumed.map((r) => r.buildId))).toEqual(new Set([latest]));
      expect(existsSync(join(out, 'alpha', 'builds', 'meta', `${latest}.json`))).toBe(true);
      const served = await http('GET', `/builds/latest.json?${Date.now()}`);
      expect(served.status).toBe(200);
      expect((JSON.parse(served.text) as { id: string }).id).toBe(latest);
      expect(server.stderr()).not.toContain('rebuild of alpha failed');
    } finally {
      server.child.kill('SIGTERM');
      const hung = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
      await server.exited;
      clearTimeout(hung);
    }
  }, 240_000);
});
