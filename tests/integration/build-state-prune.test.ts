// A full build drops the stored state of the tenant's output folders that no longer exist (SQLite):
// builds into temporary folders (CI previews, benchmarks) would otherwise add two rows per page to
// the database each time, for good. A folder that still exists keeps its state.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../engine/store/connection';
import { runBuild } from '../../engine/build/index';
import { findTarget } from '../../engine/store/queries/builds';
import { BUILD_NOW, seedBuildSite } from './build-site-fixture';

const ORIGIN = 'https://{key}.example.com';
let store: Store;
const build = (outDir: string) => runBuild(store, { outDir, originTemplate: ORIGIN, clientDir: null, workers: 1, tenants: ['alpha'], now: BUILD_NOW });
const rows = async (table: string, targetId: number) =>
  (await store.all<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE target_id = ?`, [targetId]))[0]!.n;

beforeAll(async () => { ({ store } = await seedBuildSite()); }, 120_000);
afterAll(async () => { await store?.close(); });

describe('stored build state of vanished output folders', () => {
  it('a full build drops the state of the tenant\'s folders that are gone and keeps the others', async () => {
    const gone = mkdtempSync(join(tmpdir(), 'masthead-prune-gone-'));
    const kept = mkdtempSync(join(tmpdir(), 'masthead-prune-kept-'));
    const live = mkdtempSync(join(tmpdir(), 'masthead-prune-live-'));
    await build(gone);
    await build(kept);
    const old = (await findTarget(store, 'alpha', gone))!;
    expect(await rows('build_outputs', old.id)).toBeGreaterThan(10);
    expect(await rows('build_inputs', old.id)).toBeGreaterThan(10);
    rmSync(gone, { recursive: true, force: true });

    await build(live);
    expect(await findTarget(store, 'alpha', gone)).toBeNull();
    expect(await rows('build_outputs', old.id)).toBe(0);
    expect(await rows('build_inputs', old.id)).toBe(0);
    // Another folder that still exists, and the one just built, keep theirs.
    const other = (await findTarget(store, 'alpha', kept))!;
    expect(await rows('build_outputs', other.id)).toBeGreaterThan(10);
    const built = (await findTarget(store, 'alpha', live))!;
    expect(built.buildId).not.toBeNull();
    expect(await rows('build_outputs', built.id)).toBeGreaterThan(10);
  }, 120_000);
});
