// The render workers start from a pre-bundled module (engine/build/workers/worker-bundle.ts) when it is
// fresh: it must render the same site, byte for byte, as workers that load the TypeScript sources,
// and `masthead build` must make it when it is missing.
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../engine/store/connection';
import { freshWorkerBundle, runBuild } from '../../engine/build/index';
import { ensureWorkerBundle } from '../../cli/worker-bundle';
import { BUILD_NOW, publishedTree, seedBuildSite } from './build-site-fixture';

let store: Store;
beforeAll(async () => { ({ store } = await seedBuildSite()); }, 120_000);
afterAll(async () => { await store?.close(); });

async function buildWith(module: 'bundle' | 'source') {
  const out = mkdtempSync(join(tmpdir(), `masthead-${module}-`));
  const s = await runBuild(store, {
    outDir: out, originTemplate: 'https://{key}.example.com', clientDir: null, workers: 2, now: BUILD_NOW,
    workerRuntime: { useBundle: module === 'bundle' },
  });
  return { summary: s, trees: s.tenants.map((t) => [t.key, publishedTree(realpathSync(join(out, t.key)))] as const) };
}

describe('pre-bundled render worker', () => {
  it('is made on demand and renders every tenant byte for byte like the TypeScript worker', async () => {
    expect(await ensureWorkerBundle()).toBe(true);
    expect(freshWorkerBundle()).not.toBeNull();
    const bundled = await buildWith('bundle');
    const source = await buildWith('source');
    expect(bundled.summary.workerModule).toBe('bundle');
    expect(source.summary.workerModule).toBe('source');
    expect(bundled.summary.pages).toBeGreaterThan(20);
    expect(bundled.trees.map(([k]) => k)).toEqual(source.trees.map(([k]) => k));
    for (const [i, [key, tree]] of bundled.trees.entries()) {
      const other = source.trees[i]![1];
      expect([...tree.keys()], `${key}: file list`).toEqual([...other.keys()]);
      for (const [path, body] of other) if (tree.get(path) !== body) expect(tree.get(path), `${key}: ${path}`).toBe(body);
    }
  }, 120_000);
});
