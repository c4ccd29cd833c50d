// Incremental builds of one tenant into one output folder. Per edit: the tenant index
// (tenant-index.ts, patched or reloaded) is compared with the live build's input fingerprints and
// planned (edit-plan.ts); the plan's jobs re-render exactly the affected outputs with the full
// build's functions and write the files whose bytes changed in place (apply-plan.ts,
// live-writes.ts); then the publish stage names the new build (builds/meta/<id>.json, then
// builds/latest.json last). State is stored per output (hash + input keys) in the database. No
// usable live build (stages/publish.ts liveBuildUsable) means a full build (run-build.ts: staging
// folder + symlink swap). Crash safety: files are written before the state; a rerun compares
// against the old state and rewrites whatever differs, so it converges (the rebuild queue reruns
// unfinished requests). An update that fails (rather than crashes) stores its changed inputs and
// the outputs it may have written as unknown (unknownOutputs), so the next one redoes them even
// when the data has gone back to what the state had. State held: the cached index, the target
// state, the route rules and client bundle of the live build; `forget()` drops all of it. That
// cache is only this builder's while nobody else writes the target: another process (`masthead
// build` beside `serve`) or another instance (the PostgreSQL queue runs a tenant's rebuilds on
// any instance) leaves a different target row, and the next update then drops the cache and
// reads everything again rather than write back a page from a stale index.
import { readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { mediaPublicUrl } from '../../assets/media-store';
import type { Store } from '../../store/connection';
import {
  ensureTarget, findTarget, loadTargetState, readEpoch, saveTargetState, updateTarget, type OutputRow, type TargetRow, type TargetState,
} from '../../store/queries/builds';
import { BuildCaches } from '../caches';
import { configHash } from '../config-hash';
import { DEFAULT_CLIENT_DIR, readClientBundle, type ClientBundle } from '../stages/emit';
import type { RouteRules } from '../stages/emit-redirects';
import { DEFAULT_ORIGIN_TEMPLATE } from '../stages/load';
import { makeBuildId, withPoll } from '../stages/plan';
import { buildsRootOf, liveBuildUsable, lockTenant, pruneMeta, unlockTenant, writeBuildPointer, type BuildMeta } from '../stages/publish';
import type { TenantIndex } from '../types';
import { applyJobs } from './apply-plan';
import { changedInputs, DEFAULT_MAX_SHARE, jobGroup, jobKey, planEdit, touchesTooMuch, type EditPlan, type Job } from './edit-plan';
import { Writes } from './live-writes';
import { indexBoundary, timeBoundary } from './state';
import { TenantIndexCache } from './tenant-index';
import { MAX_CRAWLER_WAIT_MS, SLICE_MS, type FullBuild, type IncrementalOptions, type UpdateRequest, type UpdateResult } from './update-types';

export { DEFAULT_MAX_SHARE } from './edit-plan';
export { MAX_CRAWLER_WAIT_MS, SLICE_MS, type FullBuild, type IncrementalOptions, type UpdateRequest, type UpdateResult } from './update-types';

/** Order of a carried second phase: static files, page jobs oldest planned first, then crawler files and newsletters. */
function deferredRank(j: Job, planned: Map<string, number>): number {
  if (jobGroup(j)) return planned.get(jobKey(j)) ?? Number.MAX_SAFE_INTEGER - 2;
  return j.kind === 'static' ? 0 : Number.MAX_SAFE_INTEGER - 1;
}

/** The data epoch stored by an interrupted update: never a real one (epochs count up from 0). */
const UNFINISHED_EPOCH = -1;
/** A stored fingerprint or output hash no real one equals (those are base64url): changed, whatever comes. */
const UNKNOWN = '!unknown';

/** The outputs of the phase that is running (stored only when it ends). */
interface RunningPhase { delta: Map<string, OutputRow | null> | null }

/**
 * After a failed update, the outputs whose files may differ from the state: every output of the
 * groups it planned (a page may be half written) and the pages it added, stored with an unknown
 * hash so the next render of each writes it whatever its bytes; the pages it removed are gone.
 * With the changed keys stored as unknown too, the next update plans those pages again even if
 * the data went back to what the state had; without this it saw nothing to do and left them.
 */
function unknownOutputs(work: EditPlan, state: TargetState, running: Map<string, OutputRow | null> | null): Map<string, OutputRow | null> {
  const jobs = [...work.urgent, ...work.deferred];
  const groups = new Set(jobs.map(jobGroup).filter(Boolean));
  for (const j of jobs) if (j.kind === 'crawler' || j.kind === 'newsletters') groups.add(j.kind);
  const out = new Map<string, OutputRow | null>();
  for (const o of state.outputs.values()) if (groups.has(o.grp)) out.set(o.path, { ...o, hash: UNKNOWN });
  // With the page's old input keys too: what it read before the failed update may be what changes back.
  for (const [path, o] of running ?? []) out.set(path, o && { ...o, hash: UNKNOWN, deps: [...new Set([...(state.outputs.get(path)?.deps ?? []), ...o.deps])].sort() });
  return out;
}

/** What changes in a target row whenever anyone updates or rebuilds it. */
function targetStamp(t: TargetRow): string {
  return JSON.stringify([t.buildId, t.configHash, t.builtAt, t.epoch, t.state, t.startedAt, t.finishedAt, t.pagesWritten, t.nextBoundary]);
}

export class TenantBuilder {
  readonly key: string;
  readonly #store: Store;
  readonly #options: IncrementalOptions & { outDir: string; originTemplate: string };
  readonly #fullBuild: FullBuild;
  /** This builder's memo tables (../caches.ts), for the tenant's updates on the main thread. */
  readonly #caches = new BuildCaches();
  readonly #index: TenantIndexCache;
  #state: TargetState | null = null;
  #routeRules: RouteRules | null = null;
  /** The sorted page paths of the build meta, kept while the set of page outputs stays the same. */
  #prerendered: { paths: string[]; json: string } | null = null;
  #client: ClientBundle | null | undefined;
  #config: string | undefined;
  /**
   * After an interrupted second phase: the changed keys whose first phase is published, with the
   * fingerprints it used (their remaining work is all deferred), and the jobs that phase finished.
   * Memory only: without it (a restart) the next update plans those keys' work as new, which is
   * slower but as correct, because their fingerprints are stored only when a second phase ends.
   */
  #carried: Map<string, string | null> | null = null;
  readonly #finished = new Map<string, string>();
  /**
   * When each job of the second phase was first planned (a sequence number). Carried work runs
   * oldest first, so a steady stream of edits, each interrupting the last one's second phase after
   * its first slice, cannot keep one job (the sitemaps, feeds and route files come last in a plan)
   * behind the newer edits' jobs for good.
   */
  readonly #planned = new Map<string, number>();
  #plannedSeq = 0;
  /** Since when (performance.now()) interrupted second phases have left the crawler files unwritten. */
  #crawlerWaiting: number | null = null;
  /** The target row as this builder last left it (or found it when it filled its cache); null: nothing cached. */
  #seen: string | null = null;

  constructor(store: Store, key: string, options: IncrementalOptions, fullBuild: FullBuild) {
    this.#store = store;
    this.key = key;
    this.#options = { ...options, outDir: resolve(options.outDir), originTemplate: options.originTemplate ?? DEFAULT_ORIGIN_TEMPLATE };
    this.#fullBuild = fullBuild;
    this.#index = new TenantIndexCache(store, key, this.#options.originTemplate, this.#options.scriptSources, mediaPublicUrl(this.#options.assetsDir));
  }

  /** Drops what is cached in memory (the next update reloads from the store). */
  forget(): void {
    this.#index.forget();
    this.#state = null;
    this.#routeRules = null;
    this.#prerendered = null;
    this.#client = undefined;
    this.#carried = null;
    this.#finished.clear();
    this.#planned.clear();
    this.#crawlerWaiting = null;
    this.#seen = null;
  }

  /**
   * Drops the cache when someone else updated the target since this builder last did (see the
   * file comment); otherwise remembers the row the cache is about to be filled from.
   */
  #checkSeen(target: TargetRow): void {
    const stamp = targetStamp(target);
    if (this.#seen !== null && this.#seen !== stamp) this.forget();
    this.#seen = stamp;
  }

  /** True when an interrupted second phase left work for the next update. */
  get unfinished(): boolean {
    return this.#carried !== null;
  }

  /** The code/config hash, once per builder: a running process renders with the code it loaded. */
  #configHash(): string {
    const client = this.#clientBundle();
    return (this.#config ??= configHash(this.#options.originTemplate, client ? JSON.stringify(client.scripts) : null, this.#options.scriptSources, mediaPublicUrl(this.#options.assetsDir)));
  }

  #clientBundle(): ClientBundle | null {
    if (this.#client === undefined) {
      const dir = this.#options.clientDir;
      this.#client = withPoll(dir === null ? null : readClientBundle(resolve(dir ?? DEFAULT_CLIENT_DIR)), this.#options.buildPollMs);
    }
    return this.#client;
  }

  /** True when the live build exists, is the one the target row names and used the same code and config. */
  async usable(target: TargetRow, config: string): Promise<boolean> {
    return liveBuildUsable(this.#options.outDir, this.key, target, config);
  }

  /**
   * Loads the live build's state and the tenant's index ahead of the first change (serve does this
   * at start), so the first edit costs what later ones do. Does nothing without a usable build.
   */
  async warm(now = Date.now()): Promise<void> {
    const config = this.#configHash();
    const target = await ensureTarget(this.#store, this.key, this.#options.outDir);
    if (!(await this.usable(target, config))) return;
    this.#checkSeen(target);
    this.#state ??= await loadTargetState(this.#store, target.id);
    await this.#index.at(target, { reload: true }, now);
  }

  async update(req: UpdateRequest = {}): Promise<UpdateResult> {
    const started = performance.now();
    const now = req.now ?? Date.now();
    // Side by side: two round trips at once on PostgreSQL (the epoch is read before any data either way).
    const [epoch, target] = await Promise.all([readEpoch(this.#store), ensureTarget(this.#store, this.key, this.#options.outDir)]);
    const config = this.#configHash();
    if (!req.full && (await this.usable(target, config))) {
      let lock: string | null = null;
      try {
        // Inside the try: a lock that cannot be written (a full disk) fails the update like any other write.
        lock = lockTenant(buildsRootOf(this.#options.outDir, this.key), this.key);
        // Read again under the lock: the row another writer may have left is the one that counts.
        const current = (await findTarget(this.#store, this.key, this.#options.outDir)) ?? target;
        if (targetStamp(current) === targetStamp(target) || (await this.usable(current, config))) {
          this.#checkSeen(current);
          await updateTarget(this.#store, target.id, { state: 'building', startedAt: Date.now(), error: null });
          const r = await this.#incremental(current, req, now, epoch);
          if (r !== null) {
            const after = await findTarget(this.#store, this.key, this.#options.outDir);
            this.#seen = after ? targetStamp(after) : null;
            return { ...r, ms: performance.now() - started };
          }
        }
      } catch (e) {
        const err = e instanceof Error ? e : new Error(String(e));
        if (!err.message.startsWith('Rebuild of ')) err.message = `Rebuild of "${this.key}" failed: ${err.message}`;
        // Forget first: when the database is what failed, the row below cannot be written either,
        // and what this builder holds in memory (state, index, carried keys) may no longer match
        // the pages or the stored state. The next update reloads them; the unfinished epoch (when
        // it could be written) makes the next start reconcile.
        this.forget();
        await updateTarget(this.#store, target.id, { state: 'failed', epoch: UNFINISHED_EPOCH, finishedAt: Date.now(), error: err.message })
          .catch(() => undefined);
        throw err;
      } finally {
        if (lock !== null) unlockTenant(lock);
      }
    }
    // No usable live build, or most of the site changes (settings, a menu, a layout, a mass edit):
    // the full build renders it on every core and swaps it in atomically, faster than
    // re-rendering in place on one thread.
    this.forget();
    const r = await this.#fullBuild(this.#store, this.key, { ...this.#options, configHash: this.#configHash() }, now);
    return { key: this.key, buildId: r.buildId, full: true, skipped: false, pagesWritten: r.pages, filesWritten: 0, filesDeleted: 0, changedKeys: 0, ms: performance.now() - started };
  }

  /** Null when the change touches more than `maxShare` of the pages (the caller builds in full). */
  async #incremental(target: TargetRow, req: UpdateRequest, now: number, epoch: number): Promise<Omit<UpdateResult, 'ms'> | null> {
    const store = this.#store;
    const state = (this.#state ??= await loadTargetState(store, target.id));
    const root = realpathSync(join(this.#options.outDir, this.key));
    if (!this.#routeRules) {
      const meta = JSON.parse(readFileSync(join(root, 'builds', 'meta', `${target.buildId}.json`), 'utf8')) as BuildMeta;
      this.#routeRules = meta.routeRules;
    }
    const { index, patched } = await this.#index.at(target, req, now);
    // The newsletter stamp (changedInputs) and the next time boundary side by side: one round trip, not two, on PostgreSQL.
    const [{ changed, inputDelta, fps, covers }, nextBoundary] = await Promise.all([
      changedInputs(store, this.key, index, patched, state, req.contentIds, this.#caches), this.#nextBoundary(index, now),
    ]);
    // Keys an interrupted update left: a key this computation covers has its current value (it
    // may be back to the stored one: the pages rendered with the carried value must re-render);
    // one it does not cover keeps the carried value.
    const carried = this.#carried;
    if (carried) {
      for (const [k, h] of carried) {
        if (inputDelta.has(k)) continue;
        const cur = covers(k) ? (fps.get(k) ?? null) : h;
        if ((state.inputs.get(k) ?? null) !== cur || cur !== h) { changed.add(k); inputDelta.set(k, cur); }
      }
    }
    const writes = new Writes(root);
    if (!changed.size) {
      this.#carried = null;
      this.#finished.clear();
      this.#planned.clear();
      // Nothing new to publish: the live build stays, the state records what it was checked against.
      await saveTargetState(store, target.id, { builtAt: now, epoch, nextBoundary, state: 'live', finishedAt: Date.now(), pagesWritten: 0 }, inputDelta, new Map(), false);
      return { key: this.key, buildId: target.buildId, full: false, skipped: true, pagesWritten: 0, filesWritten: 0, filesDeleted: 0, changedKeys: 0 };
    }
    // The request's own items are always fresh: their fingerprint does not cover the body.
    const forced = new Set((req.contentIds ?? []).map((id) => `c:${id}`));
    const fresh = carried ? new Set([...changed].filter((k) => forced.has(k) || !carried.has(k) || carried.get(k) !== inputDelta.get(k))) : changed;
    const work = planEdit(index, state, changed, fresh, this.#caches);
    // Deferred jobs an interrupted phase finished stay done unless a fresh key hits their group.
    if (this.#finished.size) work.deferred = work.deferred.filter((j) => !(this.#finished.has(jobKey(j)) && !work.freshGroups.has(jobGroup(j))));
    // Page jobs oldest planned first (a fresh plan keeps its order: its jobs are new, numbered in
    // order); the static files stay first and the crawler files and newsletters last, after every
    // page of the phase (the route files' redirect stubs depend on which paths are pages).
    for (const j of work.deferred) if (jobGroup(j) && !this.#planned.has(jobKey(j))) this.#planned.set(jobKey(j), ++this.#plannedSeq);
    if (carried) work.deferred.sort((a, b) => deferredRank(a, this.#planned) - deferredRank(b, this.#planned));
    if (touchesTooMuch(work, state, req.maxShare ?? DEFAULT_MAX_SHARE)) return null;
    const env = { store, key: this.key, outDir: this.#options.outDir, client: this.#clientBundle(), assetsDir: this.#options.assetsDir };
    // Phase 1 publishes what shows the change itself (its pages, first listing pages, home,
    // crawler files); phase 2 the pages it merely shifts (deeper listing pages, other items'
    // sidebars). Input fingerprints are stored only with the last phase, so a crash in between
    // leaves a state the next run completes.
    const running: RunningPhase = { delta: null };
    try {
      return await this.#phases(target, req, now, epoch, { index, work, changed, inputDelta, nextBoundary, writes, env, root, state, running });
    } catch (e) {
      await saveTargetState(store, target.id, {}, new Map([...changed].map((k) => [k, UNKNOWN])), unknownOutputs(work, state, running.delta), false)
        .catch(() => undefined);
      throw e;
    }
  }

  async #phases(
    target: TargetRow, req: UpdateRequest, now: number, epoch: number,
    p: {
      index: TenantIndex; work: EditPlan; changed: Set<string>; inputDelta: Map<string, string | null>;
      nextBoundary: number; writes: Writes; env: Parameters<typeof applyJobs>[0]; root: string; state: TargetState; running: RunningPhase;
    },
  ): Promise<Omit<UpdateResult, 'ms'>> {
    const store = this.#store;
    const { index, work, changed, inputDelta, nextBoundary, writes, env, root, state } = p;
    let buildId = target.buildId;
    let interrupted = false;
    for (const [i, jobs] of [work.urgent, work.deferred].entries()) {
      const last = i === 1 || work.deferred.length === 0;
      if (i === 1 && !jobs.length) break;
      const outputDelta = new Map<string, OutputRow | null>();
      p.running.delta = outputDelta;
      const before = writes.written + writes.deleted;
      if (i === 0) for (const path of work.removals) { writes.removePage(path); outputDelta.set(path, null); }
      const applied = await applyJobs(env, jobs, index, work.ctx, state, writes, outputDelta, i === 1 && req.yieldTo ? { stop: req.yieldTo, sliceMs: req.yieldSliceMs ?? SLICE_MS, busy: req.busy } : undefined);
      this.#routeRules = applied.routeRules ?? this.#routeRules;
      interrupted = applied.done < jobs.length;
      // The crawler files come last in a phase, so a stream of edits that interrupts every second
      // phase would keep them (sitemaps, feeds, a moved item's /<id> rule) behind: once they have
      // waited maxCrawlerWaitMs they are written now, after the pages this phase did render (the
      // pages still carried re-plan them for the phase that renders those).
      let forced = false;
      const crawlerJob = interrupted ? jobs.slice(applied.done).find((j) => j.kind === 'crawler') : undefined;
      if (crawlerJob) {
        this.#crawlerWaiting ??= performance.now();
        if (performance.now() - this.#crawlerWaiting >= (req.maxCrawlerWaitMs ?? MAX_CRAWLER_WAIT_MS)) {
          const ran = await applyJobs(env, [crawlerJob], index, work.ctx, state, writes, outputDelta, undefined);
          this.#routeRules = ran.routeRules ?? this.#routeRules;
          forced = true;
        }
      }
      if ((i === 1 && (!crawlerJob || forced)) || (last && !interrupted)) this.#crawlerWaiting = null;
      if (interrupted) {
        this.#carried = new Map(inputDelta);
        // A group with a job planned but not run is not finished, whatever range an earlier update ran.
        const pending = new Set(jobs.slice(applied.done).map(jobGroup));
        for (const [k, g] of [...this.#finished]) if (pending.has(g)) this.#finished.delete(k);
        for (const j of [...work.urgent, ...jobs.slice(0, applied.done)]) {
          if (jobGroup(j)) this.#finished.set(jobKey(j), jobGroup(j));
          // Done: planned again later (a newer edit hits its group), it queues behind what is waiting now.
          this.#planned.delete(jobKey(j));
        }
      } else if (last) {
        this.#carried = null;
        this.#finished.clear();
        this.#planned.clear();
      }
      for (const [p, o] of outputDelta) {
        const was = state.outputs.get(p);
        // A page added or removed, or a path turning from redirect stub into page (or back), changes the list.
        if (!was || !o || was.grp !== o.grp) this.#prerendered = null;
        if (o === null) state.outputs.delete(p); else state.outputs.set(p, o);
      }
      // An interrupted phase stores its outputs but not the inputs: the build on disk is complete
      // and live, and the keys stay changed for the update that finishes the work.
      const complete = last && !interrupted;
      if (complete) for (const [k, h] of inputDelta) { if (h === null) state.inputs.delete(k); else state.inputs.set(k, h); }
      // An unfinished state records no data epoch, so a process that starts next (serve's queue,
      // a no-change `masthead build`) sees data newer than the build and finishes the work.
      const patch = { builtAt: now, epoch: complete ? epoch : UNFINISHED_EPOCH, nextBoundary, state: last ? 'live' : 'building', finishedAt: Date.now(), pagesWritten: writes.pages, error: null };
      if (writes.written + writes.deleted === before) {
        await saveTargetState(store, target.id, { ...patch, buildId }, complete ? inputDelta : new Map(), outputDelta, false);
        continue;
      }
      buildId = makeBuildId(now);
      this.#publish(root, buildId, now, state);
      await saveTargetState(store, target.id, { ...patch, buildId }, complete ? inputDelta : new Map(), outputDelta, false);
    }
    const skipped = buildId === target.buildId;
    return { key: this.key, buildId, full: false, skipped, pagesWritten: writes.pages, filesWritten: writes.written, filesDeleted: writes.deleted, changedKeys: changed.size, interrupted };
  }

  /** The publish stage's pointer files, naming every output the state holds. */
  #publish(root: string, buildId: string, now: number, state: TargetState): void {
    // Sorting ~13,000 paths at every publish (two per edit) cost more than the edit's pages at 20,000 items.
    if (!this.#prerendered) {
      const paths = [...state.outputs.values()].filter((o) => o.grp !== 'crawler' && o.path !== '/404.html').map((o) => o.path).sort();
      this.#prerendered = { paths, json: JSON.stringify(paths) };
    }
    const { paths, json } = this.#prerendered;
    const metaDir = writeBuildPointer(root, { id: buildId, timestamp: now, routeRules: this.#routeRules ?? {}, prerendered: paths }, json);
    pruneMeta(metaDir, buildId);
  }

  #nextBoundary(index: TenantIndex, now: number): Promise<number> {
    return timeBoundary(this.#store, this.key, indexBoundary(index, now), now);
  }
}
