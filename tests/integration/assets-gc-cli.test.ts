// `masthead assets gc` (issue 16): files of deleted assets (original and derivatives) and stray temp
// files are removed; every file an asset row names stays; --dry-run lists the same files and
// removes nothing.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main';
import { startApi, type Harness } from './api-harness';

let h: Harness;
let dir: string;
let kept: Record<string, any>;
let gone: Record<string, any>;

function sink() {
  let text = '';
  const stream = new Writable({ write(chunk, _enc, cb) { text += String(chunk); cb(); } });
  return { stream, get text() { return text; } };
}

async function gc(...flags: string[]) {
  const out = sink();
  const err = sink();
  const prev = process.env.MASTHEAD_ASSETS_DIR;
  process.env.MASTHEAD_ASSETS_DIR = dir;
  try {
    const code = await main(['node', 'masthead', '--db', h.store.path, '--json', 'assets', 'gc', ...flags], { stdout: out.stream, stderr: err.stream });
    expect(err.text).toBe('');
    expect(code).toBe(0);
  } finally {
    if (prev === undefined) delete process.env.MASTHEAD_ASSETS_DIR;
    else process.env.MASTHEAD_ASSETS_DIR = prev;
  }
  return JSON.parse(out.text) as { dryRun: boolean; removed: { tenant: string; file: string }[] };
}

beforeAll(async () => {
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
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

const filesOf = (a: Record<string, any>) => [a.original, ...a.derivatives.map((d: { file: string }) => d.file)] as string[];

describe('masthead assets gc', () => {
  it('--dry-run lists the deleted asset\'s files and the temp file, and removes nothing', async () => {
    const before = (await readdir(join(dir, 'alpha'))).sort();
    const r = await gc('--dry-run');
    expect(r.dryRun).toBe(true);
    expect(r.removed.map((x) => x.file).sort()).toEqual([...filesOf(gone), 'abandoned.jpg.123.tmp'].sort());
    expect((await readdir(join(dir, 'alpha'))).sort()).toEqual(before);
  });

  it('removes the unreferenced files and keeps every file an asset names', async () => {
    const r = await gc();
    expect(r.removed.map((x) => x.file).sort()).toEqual([...filesOf(gone), 'abandoned.jpg.123.tmp'].sort());
    expect((await readdir(join(dir, 'alpha'))).sort()).toEqual(filesOf(kept).sort());
    expect((await gc()).removed).toEqual([]);
  });
});
