// `masthead assets gc` (issue 16): files of deleted assets (original and derivatives) and stray temp
// files are removed; every file an asset row names stays; --dry-run lists the same files and
// removes nothing.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_RUNNERS, ensureCompiledCli, type CliRunner } from '../helpers/cli';
import { startApi, type Harness } from './api-harness';

let h: Harness;
let dir: string;
let kept: Record<string, any>;
let gone: Record<string, any>;

async function gc(cli: CliRunner, ...flags: string[]) {
  const r = await cli.run(['--db', h.store.path, '--json', 'assets', 'gc', ...flags], { MASTHEAD_ASSETS_DIR: dir });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as { dryRun: boolean; removed: { tenant: string; file: string }[] };
}

beforeAll(ensureCompiledCli, 180_000);
/** A library with one kept asset, one deleted asset and a stray temp file, before each CLI's turn. */
async function setUp() {
  dir = await mkdtemp(join(tmpdir(), 'mh-assets-gc-'));
  h = await startApi({ assets: { dir, maxBytes: 1024 * 1024 } });
  const create = async (r: number) => {
    const bytes = await sharp({ create: { width: 700, height: 500, channels: 3, background: { r, g: 1, b: 1 } } }).jpeg().toBuffer();
    const res = await h.op('createAsset', { input: { dataBase64: bytes.toString('base64'), name: `f${r}.jpg` } }, { as: 'alphaEditor' });
    expect(res.error).toBeUndefined();
    return res.data.createAsset as Record<string, any>;
  };
  kept = await create(30);
  gone = await create(90);
  expect((await h.op('deleteAsset', { id: gone.id }, { as: 'alphaEditor' })).error).toBeUndefined();
  await writeFile(join(dir, 'alpha', 'abandoned.jpg.123.tmp'), 'partial');
}
async function tearDown() {
  await h.close();
  await rm(dir, { recursive: true, force: true });
}

const filesOf = (a: Record<string, any>) => [a.original, ...a.derivatives.map((d: { file: string }) => d.file)] as string[];

// The TypeScript sources and the compiled CLI (dist/cli, what bin/masthead.js runs) pass the same tests.
describe.each(CLI_RUNNERS)('masthead assets gc ($name CLI)', (cli) => {
  beforeAll(setUp);
  afterAll(tearDown);
  it('--dry-run lists the deleted asset\'s files and the temp file, and removes nothing', async () => {
    const before = (await readdir(join(dir, 'alpha'))).sort();
    const r = await gc(cli, '--dry-run');
    expect(r.dryRun).toBe(true);
    expect(r.removed.map((x) => x.file).sort()).toEqual([...filesOf(gone), 'abandoned.jpg.123.tmp'].sort());
    expect((await readdir(join(dir, 'alpha'))).sort()).toEqual(before);
  });

  it('removes the unreferenced files and keeps every file an asset names', async () => {
    const r = await gc(cli);
    expect(r.removed.map((x) => x.file).sort()).toEqual([...filesOf(gone), 'abandoned.jpg.123.tmp'].sort());
    expect((await readdir(join(dir, 'alpha'))).sort()).toEqual(filesOf(kept).sort());
    expect((await gc(cli)).removed).toEqual([]);
  });
});
