// When the pool may start workers from the pre-bundled module: only while every source it was made
// from is unchanged since (else the workers would run stale code).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { WORKER_SOURCE, workerBundlePaths, workerBundleStale } from './worker-bundle';

let root: string;
const builtAt = Date.now() - 60_000;
const put = (rel: string, at: number) => {
  const p = join(root, rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, '//\n');
  utimesSync(p, at / 1000, at / 1000);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'masthead-wb-'));
  for (const rel of [WORKER_SOURCE, 'site/page.tsx', 'tsconfig.json', 'package.json']) put(rel, builtAt - 5_000);
  const paths = workerBundlePaths(root);
  put('dist/build-worker/worker.mjs', builtAt + 1_000);
  writeFileSync(paths.inputs, JSON.stringify({ builtAt, inputs: [WORKER_SOURCE, 'site/page.tsx'] }));
});

describe('workerBundleStale', () => {
  it('is fresh when no input changed since the bundle was made', () => {
    expect(workerBundleStale(root)).toBe(false);
  });
  it('is stale when an input, tsconfig.json or package.json changed after it', () => {
    put('site/page.tsx', builtAt + 5_000);
    expect(workerBundleStale(root)).toBe(true);
    put('site/page.tsx', builtAt - 5_000);
    put('tsconfig.json', builtAt + 5_000);
    expect(workerBundleStale(root)).toBe(true);
  });
  it('is stale when an input was deleted, the bundle or its list is missing, or the bundle predates the list', () => {
    rmSync(join(root, 'site/page.tsx'));
    expect(workerBundleStale(root)).toBe(true);
    put('site/page.tsx', builtAt - 5_000);
    put('dist/build-worker/worker.mjs', builtAt - 1_000);
    expect(workerBundleStale(root)).toBe(true);
    rmSync(workerBundlePaths(root).bundle);
    expect(workerBundleStale(root)).toBe(true);
  });
  it('is stale when the list is unreadable or does not name the worker', () => {
    const paths = workerBundlePaths(root);
    writeFileSync(paths.inputs, '{not json');
    expect(workerBundleStale(root)).toBe(true);
    writeFileSync(paths.inputs, JSON.stringify({ builtAt, inputs: ['site/page.tsx'] }));
    expect(workerBundleStale(root)).toBe(true);
  });
});
