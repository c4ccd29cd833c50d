// Publishing is atomic (DESIGN §4): a build killed part-way (SIGKILL, no cleanup) leaves the
// previous build complete and served — latest.json names it and every page it lists is there with
// its old content — and the next build recovers and publishes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { createSiteServer } from '../../cli/serve/site-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'masthead.js');
const ITEMS = 2500;

let store: Store;
let dbPath: string;
let out: string;

function bigTenant() {
  const t = tenantFixture('gamma', 3000);
  const base = t.content[0]!;
  t.content = Array.from({ length: ITEMS }, (_, i) => ({
    ...base, id: 10_300_001 + i, name: `Gamma story ${i + 1}`, slug: undefined as never, status: 1,
    published: new Date(Date.UTC(2026, 9, 1) - i * 3_600_000).toISOString(),
    schedules: [{ sectionId: 3003, option: 'Standard' }],
  })) as typeof t.content;
  return t;
}

function build(args: string[] = []) {
  return spawn(process.execPath, [BIN, '--db', dbPath, '--json', 'build', '--out', out, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
}

function buildToEnd(): { id: string } {
  const r = spawnSync(process.execPath, [BIN, '--db', dbPath, '--json', 'build', '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
  return { id: (JSON.parse(r.stdout) as { buildId: string }).buildId };
}

const latest = () => JSON.parse(readFileSync(join(out, 'gamma', 'builds', 'latest.json'), 'utf8')) as { id: string };
const meta = (buildId: string) => JSON.parse(readFileSync(join(out, 'gamma', 'builds', 'meta', `${buildId}.json`), 'utf8')) as { prerendered: string[] };
const pageFile = (path: string) => join(out, 'gamma', path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);

beforeAll(async () => {
  dbPath = tempDbPath();
  store = await openStore({ path: dbPath });
  await seedFixtures(store, writeFixtureSet([bigTenant()]));
  out = mkdtempSync(join(tmpdir(), 'masthead-atomic-'));
}, 120_000);

afterAll(async () => {
  await store?.close();
});

describe('atomic publishing', () => {
  it('keeps the previous build complete and served when a build is killed part-way, then recovers', async () => {
    const first = buildToEnd();
    expect(latest().id).toBe(first.id);
    const firstPages = meta(first.id).prerendered;
    expect(firstPages.length).toBeGreaterThan(ITEMS);

    // Change every title, so a page of the killed build is recognisable.
    await store.run("UPDATE content SET name = name || ' REVISED'");

    const child = build();
    const stagingRoot = join(out, '.builds', 'gamma');
    let staging: string | undefined;
    const deadline = Date.now() + 120_000;
    // Wait until the second build is writing content pages into its staging folder, then kill it.
    while (Date.now() < deadline) {
      staging = readdirSync(stagingRoot).find((n) => n.startsWith('.staging-'));
      if (staging && existsSync(join(stagingRoot, staging, 'print', 'content'))) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(staging, 'the second build started writing').toBeDefined();
    await new Promise((r) => setTimeout(r, 150));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(existsSync(join(stagingRoot, staging!, 'print', 'content')), 'killed while unpublished').toBe(true);

    // The previous build is still the one served, complete and with its old content.
    expect(latest().id).toBe(first.id);
    expect(readlinkSync(join(out, 'gamma'))).toContain(first.id);
    for (const p of firstPages) expect(existsSync(pageFile(p)), p).toBe(true);
    const sample = firstPages.filter((p) => /\/\d{8}\//.test(p)).slice(0, 50);
    for (const p of sample) expect(readFileSync(pageFile(p), 'utf8'), p).not.toContain('REVISED');
    const app = createSiteServer({ outDir: out });
    const res = await app.inject({ method: 'GET', url: sample[0]!, headers: { host: 'gamma.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Gamma story');
    expect(res.body).not.toContain('REVISED');
    await app.close();

    // The next build takes over the dead build's lock, publishes and removes the leftover.
    const third = buildToEnd();
    expect(latest().id).toBe(third.id);
    const revised = meta(third.id).prerendered.find((p) => /\/\d{8}\//.test(p))!;
    expect(readFileSync(pageFile(revised), 'utf8')).toContain('REVISED');
    expect(readdirSync(stagingRoot).filter((n) => n.startsWith('.staging-'))).toEqual([]);
    expect(existsSync(join(stagingRoot, '.lock'))).toBe(false);
  }, 300_000);
});
