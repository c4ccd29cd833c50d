import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { CLI_RUNNERS, ensureCompiledCli, runBin } from '../helpers/cli';

/** Packages `masthead --help` must not load: they are what made start-up take seconds. */
const HEAVY = ['ink', 'react', 'react-dom', 'fastify', 'graphql', 'drizzle-orm', 'sqlite3', 'mjml', 'sharp', 'zod', 'vite'];

beforeAll(ensureCompiledCli, 120_000);

// The same behaviour from the TypeScript sources and from the compiled CLI (dist/cli).
describe.each(CLI_RUNNERS)('masthead CLI ($name)', (cli) => {
  const run = (...args: string[]) => cli.run(args);
  const bin = (args: string[], env: Record<string, string> = {}) => runBin(args, { ...env, MASTHEAD_CLI: cli.binChoice });

  it('runs as `npx masthead` from the package bin and prints help', async () => {
    const { stdout } = await bin(['--help']);
    expect(stdout).toMatch(/Usage: masthead/);
    for (const cmd of ['db', 'seed', 'fixtures', 'demo']) expect(stdout).toContain(cmd);
  });

  it('exits 2 on a usage error', async () => {
    const r = await bin(['seed']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing required argument 'dir'/);
    const bad = await bin(['fixtures', 'generate', '--items', 'many', '--out', '/tmp/x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--items must be a whole number/);
  });

  it('seeds with --json and reports identical row counts on a second run', async () => {
    const db = tempDbPath();
    const dir = writeFixtureSet([tenantFixture('alpha', 100)]);
    const first = await run('--db', db, '--json', 'seed', dir);
    expect(first.code).toBe(0);
    const a = JSON.parse(first.stdout);
    expect(a.tenants).toEqual(['alpha']);
    expect(a.rows.content).toBe(12);
    const second = JSON.parse((await run('--db', db, '--json', 'seed', dir)).stdout);
    expect(second.rows).toEqual(a.rows);
  });

  it('prints one error line naming file, record and field, exits 1, and shows the stack only with --verbose', async () => {
    const db = tempDbPath();
    const t = tenantFixture('alpha', 100);
    (t.persons[0] as any).lastName = '';
    const dir = writeFixtureSet([t]);
    const r = await run('--db', db, 'seed', dir);
    expect(r.code).toBe(1);
    // A child process also shows its plain progress lines ("seeding …") on the same stderr.
    expect(r.stderr.trim().split('\n').filter((l) => !l.startsWith('seeding'))).toEqual(['error: tenants/alpha/persons.json: record 1 (id 110): lastName: Field is required']);
    const v = await run('--db', db, '--verbose', 'seed', dir);
    expect(v.stderr).toMatch(/\n\s+at /);
  });

  it('takes the database from MASTHEAD_DB unless --db is given', async () => {
    const fromEnv = tempDbPath();
    const r = await bin(['db', 'migrate'], { MASTHEAD_DB: fromEnv });
    expect(r.stdout).toContain(fromEnv);
    expect(existsSync(fromEnv)).toBe(true);
    const again = await run('--db', fromEnv, 'db', 'migrate');
    expect(again.stdout).toMatch(/is up to date/);
  });

  it('validates a fixture set without a database', async () => {
    const dir = writeFixtureSet([tenantFixture('alpha', 100)]);
    writeFileSync(join(dir, 'tenants', 'alpha', 'stray.json'), '[]');
    const r = await run('fixtures', 'check', dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/tenants\/alpha\/stray\.json: file: \(file\): Unknown fixture file/);
  });

  it('refuses an ad unit fixture whose key another unit of the tenant already has, naming file, record and field', async () => {
    const dir = writeFixtureSet([tenantFixture('alpha', 100)]);
    const unit = { type: 'layout-block', size: [[300, 250]] };
    writeFileSync(join(dir, 'tenants', 'alpha', 'ad-units.json'), JSON.stringify([{ id: 900, key: 'rail', ...unit }, { id: 901, key: 'rail', ...unit }]));
    const r = await run('fixtures', 'check', dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/tenants\/alpha\/ad-units\.json: record 2.*: key: Key rail is already used by record 1/);
  });

  it('starts `--help` without loading the packages of the commands (ink, react, fastify, graphql, drizzle, sqlite3, mjml, sharp)', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'masthead-imports-')), 'imports.log');
    const recorder = new URL('../helpers/import-recorder.mjs', import.meta.url).href;
    const r = await bin(['--help'], { MASTHEAD_IMPORT_LOG: log, NODE_OPTIONS: `--import ${recorder}` });
    expect(r.stdout).toMatch(/Usage: masthead/);
    const loaded = new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean));
    expect(loaded.has('commander')).toBe(true);
    expect(HEAVY.filter((p) => loaded.has(p))).toEqual([]);
    // tsx compiles the sources with esbuild; the compiled CLI needs neither.
    if (cli.name === 'compiled') expect([...loaded].filter((p) => p === 'tsx' || p === 'esbuild')).toEqual([]);
    // Packages compiled into dist/cli (cli/cli-bundle.ts) are not imports there: no chunk loaded may hold them.
    const chunks = [...loaded].filter((l) => l.startsWith('file:') && l.includes('/dist/cli/')).map((l) => readFileSync(new URL(l.slice(5)), 'utf8'));
    if (cli.name === 'compiled') expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.filter((text) => /^\/\/ node_modules\/(zod|drizzle-orm)\//m.test(text))).toEqual([]);
  });

  it('answers a no-change build without loading the renderer or the HTML sanitiser', async () => {
    const db = tempDbPath();
    expect((await run('--db', db, '--json', 'seed', writeFixtureSet([tenantFixture('alpha', 30)]))).code).toBe(0);
    const out = join(mkdtempSync(join(tmpdir(), 'masthead-cli-nochange-')), 'site');
    const args = ['--db', db, '--json', 'build', '--out', out, '--workers', '1', '--origin-template', 'http://{key}.localhost'];
    expect((await run(...args)).code).toBe(0);
    const log = join(mkdtempSync(join(tmpdir(), 'masthead-imports-')), 'imports.log');
    const recorder = new URL('../helpers/import-recorder.mjs', import.meta.url).href;
    const r = await bin(args, { MASTHEAD_IMPORT_LOG: log, NODE_OPTIONS: `--import ${recorder}` });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { modes: Record<string, string> }).modes).toEqual({ alpha: 'unchanged' });
    const loaded = new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean));
    expect(loaded.has('sqlite3')).toBe(true);
    expect(['react-dom', 'sanitize-html', 'mjml', 'sharp', 'fastify', 'graphql'].filter((p) => loaded.has(p))).toEqual([]);
  });

  it('builds a seeded site with --json', async () => {
    const db = tempDbPath();
    expect((await run('--db', db, '--json', 'seed', writeFixtureSet([tenantFixture('alpha', 100)]))).code).toBe(0);
    const out = join(mkdtempSync(join(tmpdir(), 'masthead-cli-build-')), 'site');
    const r = await run('--db', db, '--json', 'build', '--out', out, '--workers', '1', '--origin-template', 'http://{key}.localhost');
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { pages: number; tenants: { key: string }[] };
    expect(summary.tenants.map((t) => t.key)).toEqual(['alpha']);
    expect(summary.pages).toBeGreaterThan(12);
    expect(readFileSync(join(out, 'alpha', 'index.html'), 'utf8')).toMatch(/^<!doctype html>/i);
    const again = JSON.parse((await run('--db', db, '--json', 'build', '--out', out, '--workers', '1', '--origin-template', 'http://{key}.localhost')).stdout) as { modes: Record<string, string> };
    expect(again.modes).toEqual({ alpha: 'unchanged' });
  });
});

describe('bin/masthead.js', () => {
  it('runs the compiled CLI while it is fresh (no TypeScript loader at start-up)', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'masthead-imports-')), 'imports.log');
    const recorder = new URL('../helpers/import-recorder.mjs', import.meta.url).href;
    const r = await runBin(['--help'], { MASTHEAD_IMPORT_LOG: log, NODE_OPTIONS: `--import ${recorder}` });
    expect(r.code).toBe(0);
    const loaded = new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean));
    expect(loaded.has('commander')).toBe(true);
    expect(loaded.has('tsx')).toBe(false);
  });
});
