import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Writable } from 'node:stream';
import { main } from '../../cli/main';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

const exec = promisify(execFile);

function sink() {
  let text = '';
  const stream = new Writable({ write(chunk, _enc, cb) { text += String(chunk); cb(); } });
  return { stream, get text() { return text; } };
}

async function run(...args: string[]) {
  const out = sink();
  const err = sink();
  const code = await main(['node', 'masthead', ...args], { stdout: out.stream, stderr: err.stream });
  return { code, stdout: out.text, stderr: err.text };
}

describe('masthead CLI', () => {
  it('runs as `npx masthead` from the package bin and prints help', async () => {
    const { stdout } = await exec(process.execPath, ['bin/masthead.js', '--help']);
    expect(stdout).toMatch(/Usage: masthead/);
    for (const cmd of ['db', 'seed', 'fixtures', 'demo']) expect(stdout).toContain(cmd);
  });

  it('exits 2 on a usage error', async () => {
    const r = await exec(process.execPath, ['bin/masthead.js', 'seed']).catch((e) => e);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing required argument 'dir'/);
    const bad = await exec(process.execPath, ['bin/masthead.js', 'fixtures', 'generate', '--items', 'many', '--out', '/tmp/x']).catch((e) => e);
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
    expect(r.stderr.trim().split('\n')).toEqual(['error: tenants/alpha/persons.json: record 1 (id 110): lastName: Field is required']);
    const v = await run('--db', db, '--verbose', 'seed', dir);
    expect(v.stderr).toMatch(/\n\s+at /);
  });

  it('takes the database from MASTHEAD_DB unless --db is given', async () => {
    const fromEnv = tempDbPath();
    const r = await exec(process.execPath, ['bin/masthead.js', 'db', 'migrate'], { env: { ...process.env, MASTHEAD_DB: fromEnv } });
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
});
