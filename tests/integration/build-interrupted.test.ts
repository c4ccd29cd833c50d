// Interrupted second phases (engine/build/incremental/tenant-builder.ts): whatever interrupts an
// update, the update that finally runs to the end leaves the site equal to a from-scratch build
// and the stored input fingerprints equal to the data. Each scenario seeds its own site.
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { TenantBuilder } from '../../engine/build/incremental/tenant-builder';
import { fullTenantBuild } from '../../engine/build/full-build';
import { TenantIndexCache } from '../../engine/build/incremental/tenant-index';
import { changedInputs, planEdit } from '../../engine/build/incremental/edit-plan';
import { findTarget, loadTargetState, readEpoch } from '../../engine/store/queries/builds';
import type { Store } from '../../engine/store/connection';
import { ALPHA, BUILD_NOW, id, publishedTree, seedBuildSite } from './build-site-fixture';

const ORIGIN = 'https://{key}.example.com';
const opts = (outDir: string) => ({ outDir, originTemplate: ORIGIN, clientDir: null, workers: 1 });
const sec = (n: number) => ALPHA + n;
let clock = BUILD_NOW - 3_600_000;
const tick = () => (clock += 1000);
/** Stops the second phase before its first job. maxShare 1: on this small site most edits touch over half the pages. */
const stopAll = { yieldTo: () => true, yieldSliceMs: 0, maxShare: 1 };

async function site() {
  const { store } = await seedBuildSite();
  const out = mkdtempSync(join(tmpdir(), 'masthead-interrupted-'));
  await runBuild(store, { ...opts(out), tenants: ['alpha'], now: BUILD_NOW });
  return { store, out, builder: new TenantBuilder(store, 'alpha', opts(out), fullTenantBuild) };
}

/** The files that differ between the live folder and a from-scratch build of the same data. */
async function differences(store: Store, out: string): Promise<string[]> {
  const fresh = mkdtempSync(join(tmpdir(), 'masthead-interrupted-full-'));
  await runBuild(store, { ...opts(fresh), tenants: ['alpha'], now: BUILD_NOW });
  const a = publishedTree(realpathSync(join(out, 'alpha')));
  const b = publishedTree(realpathSync(join(fresh, 'alpha')));
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));
}

/** The input keys whose stored fingerprint disagrees with the data. */
async function staleInputs(store: Store, out: string): Promise<string[]> {
  const target = (await findTarget(store, 'alpha', out))!;
  const state = await loadTargetState(store, target.id);
  const { index } = await new TenantIndexCache(store, 'alpha', ORIGIN).at(target, { reload: true }, BUILD_NOW);
  const { changed } = await changedInputs(store, 'alpha', index, null, state, undefined);
  return [...changed].filter((k) => k !== 'nl');
}

let nextId = id(ALPHA, 70);
async function createArticle(store: Store, name: string, sectionId: number): Promise<number> {
  const cid = nextId++;
  await store.run(
    `INSERT INTO content (id, tenant_key, type, name, slug, teaser, body, status, published, primary_section_id, labels, metadata, updated_at)
     VALUES (?, 'alpha', 'News', ?, ?, 'A fresh teaser.', '<p>Fresh body.</p>', 1, ?, ?, '[]', '{}', ?)`,
    [cid, name, name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), BUILD_NOW - 1_800_000, sectionId, tick()]);
  await store.run("INSERT INTO website_schedules (content_id, section_id, option) VALUES (?, ?, 'Standard')", [cid, sectionId]);
  return cid;
}

describe('interrupted incremental updates', () => {
  it('an edit undone by the edit that interrupted it leaves no page with the undone value', async () => {
    const { store, out, builder } = await site();
    const x = await createArticle(store, 'Undone schedule', sec(4));
    await builder.update({ contentIds: [x], now: BUILD_NOW, maxShare: 1 });
    await store.run('DELETE FROM website_schedules WHERE content_id = ? AND section_id = ?', [x, sec(4)]);
    await store.run('UPDATE content SET updated_at = ? WHERE id = ?', [tick(), x]);
    expect((await builder.update({ contentIds: [x], now: BUILD_NOW, ...stopAll })).interrupted).toBe(true);
    await store.run("INSERT INTO website_schedules (content_id, section_id, option) VALUES (?, ?, 'Standard')", [x, sec(4)]);
    await store.run('UPDATE content SET updated_at = ? WHERE id = ?', [tick(), x]);
    expect((await builder.update({ contentIds: [x], now: BUILD_NOW, maxShare: 1 })).interrupted).toBe(false);
    expect(builder.unfinished).toBe(false);
    expect(await staleInputs(store, out)).toEqual([]);
    expect(await differences(store, out)).toEqual([]);
    await store.close();
  }, 120_000);

  it('a job an earlier interrupted phase finished runs again when a later interrupted update needed it', async () => {
    const { store, out, builder } = await site();
    const x = await createArticle(store, 'Finished twice', sec(4));
    const target = (await findTarget(store, 'alpha', out))!;
    const { index } = await new TenantIndexCache(store, 'alpha', ORIGIN).at(target, { reload: true }, BUILD_NOW);
    const state = await loadTargetState(store, target.id);
    const deferred = planEdit(index, state, (await changedInputs(store, 'alpha', index, null, state, [x])).changed).deferred.length;
    expect(deferred).toBeGreaterThan(1);
    // U1: the second phase runs every job but the last, then yields.
    let asked = 0;
    expect((await builder.update({ contentIds: [x], now: BUILD_NOW, maxShare: 1, yieldSliceMs: 0, yieldTo: () => ++asked >= deferred })).interrupted).toBe(true);
    // U2 retitles the item and is interrupted before its second phase (other items' sidebars) runs.
    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['Finished twice, retitled', tick(), x]);
    expect((await builder.update({ contentIds: [x], now: BUILD_NOW, ...stopAll })).interrupted).toBe(true);
    // U3: what the store queue runs with no request waiting.
    expect((await builder.update({ contentIds: [], now: BUILD_NOW, maxShare: 1 })).interrupted).toBe(false);
    expect(await staleInputs(store, out)).toEqual([]);
    expect(await differences(store, out)).toEqual([]);
    await store.close();
  }, 120_000);

  it('under a stream of edits that each leave one job done, the crawler files wait at most maxCrawlerWaitMs: a moved item\'s /<id> rule follows', async () => {
    const { store, out, builder } = await site();
    const root = () => realpathSync(join(out, 'alpha'));
    const meta = () => {
      const latest = (JSON.parse(readFileSync(join(root(), 'builds', 'latest.json'), 'utf8')) as { id: string }).id;
      return JSON.parse(readFileSync(join(root(), 'builds', 'meta', `${latest}.json`), 'utf8')) as { prerendered: string[]; routeRules: Record<string, { redirect?: { to: string } }> };
    };
    const ids = (await store.all<{ id: number }>("SELECT id FROM content WHERE tenant_key = 'alpha' AND status = 1 AND type <> 'Promotion' ORDER BY id")).map((r) => r.id);
    const x = ids[0]!;
    // The move: the item's page changes path; its /<id> rule is rewritten with the route files, last in the second phase.
    await store.run('UPDATE content SET primary_section_id = ?, updated_at = ? WHERE id = ?', [sec(4), tick(), x]);
    await store.run("DELETE FROM website_schedules WHERE content_id = ? AND option = 'Standard'", [x]);
    await store.run("INSERT OR IGNORE INTO website_schedules (content_id, section_id, option) VALUES (?, ?, 'Standard')", [x, sec(4)]);
    /** One second-phase job per update, then the next edit is waiting. */
    const oneJob = (maxCrawlerWaitMs: number) => { let asked = 0; return { yieldSliceMs: 0, yieldTo: () => ++asked > 1, maxShare: 1, now: BUILD_NOW, maxCrawlerWaitMs }; };
    const retitle = async (n: number) => {
      const y = ids[n]!;
      await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', [`Streamed retitle ${n}`, tick(), y]);
      return builder.update({ contentIds: [y], ...oneJob(n === 2 ? 0 : 60_000) });
    };
    expect((await builder.update({ contentIds: [x], ...oneJob(60_000) })).interrupted).toBe(true);
    const moved = meta().prerendered.find((p) => p.includes(`/${x}/`) && !p.startsWith('/print/'))!;
    const rule = () => meta().routeRules[`/${x}`]?.redirect?.to;
    expect(rule()).not.toBe(moved);
    // A newer edit interrupts again: the crawler files have not waited long enough yet.
    expect((await retitle(1)).interrupted).toBe(true);
    expect(rule()).not.toBe(moved);
    // Once they are overdue, the interrupted phase writes them after the pages it rendered.
    expect((await retitle(2)).interrupted).toBe(true);
    expect(rule()).toBe(moved);
    // With the stream over, the rest is finished and equals a from-scratch build.
    expect((await builder.update({ contentIds: [], now: BUILD_NOW, maxShare: 1 })).interrupted).toBe(false);
    expect(await differences(store, out)).toEqual([]);
    await store.close();
  }, 120_000);

  it('a restart after a failure in the work an interruption left catches up', async () => {
    const { store, out, builder } = await site();
    const x = await createArticle(store, 'Lost in a crash', sec(4));
    expect((await builder.update({ contentIds: [x], now: BUILD_NOW, ...stopAll })).interrupted).toBe(true);
    // The continuation fails in its second phase (a crash would leave the same state).
    await expect(builder.update({ contentIds: [], now: BUILD_NOW, maxShare: 1, yieldSliceMs: 0, yieldTo: () => { throw new Error('simulated crash'); } }))
      .rejects.toThrow('simulated crash');
    // What the store queue's start() decides from: a stored epoch that differs from the data's reconciles.
    expect((await findTarget(store, 'alpha', out))!.epoch).not.toBe(await readEpoch(store));
    const restarted = new TenantBuilder(store, 'alpha', opts(out), fullTenantBuild);
    await restarted.update({ reload: true, now: BUILD_NOW, maxShare: 1 });
    const event = id(ALPHA, 25);
    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['Freight summit (moved)', tick(), event]);
    await restarted.update({ contentIds: [event], now: BUILD_NOW, maxShare: 1 });
    expect(await staleInputs(store, out)).toEqual([]);
    expect(await differences(store, out)).toEqual([]);
    await store.close();
  }, 120_000);
});
