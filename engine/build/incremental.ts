// Incremental builds of one tenant into one output folder. The builder keeps the tenant's loaded
// index in memory (patched from the changed content rows when the change names them, reloaded
// otherwise), compares input fingerprints (deps.ts) with the live build's, re-resolves and
// re-renders exactly the affected outputs with the same functions as the full build
// (emit-pages.ts, crawler.ts), writes the files whose bytes changed in place (temp + rename),
// deletes removed pages, then writes builds/meta/<id>.json and builds/latest.json last. State is
// stored per output (hash + input keys) in the database. No usable live build (or a different
// config hash) means a full build (index.ts: staging folder + symlink swap).
// Crash safety: files are written before the state; a rerun compares against the old state and
// rewrites whatever differs, so it converges (the rebuild queue reruns unfinished requests).
import { mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Store } from '../store/connection';
import {
  ensureTarget, loadTargetState, readEpoch, saveTargetState, updateTarget, type OutputRow, type TargetRow, type TargetState,
} from '../store/queries/builds';
import { loadBodies, loadContentPatch, newsletterStamp } from '../store/queries/builds-content';
import { loadSiteRows, type SiteRows } from '../store/site-reader';
import { buildChrome } from './chrome';
import { configHash, newsletterCodeHash } from './config-hash';
import { crawlerFiles } from './crawler';
import { affectsCrawler, contentGroup, digest, fingerprints, listingGroup } from './deps';
import { DEFAULT_CLIENT_DIR, readClientBundle, stylesheet, writeAssets, type ClientBundle } from './emit';
import { contentPages, listingPages, shellPages, type PageOut } from './emit-pages';
import type { RouteRules } from './emit-redirects';
import { DEFAULT_ORIGIN_TEMPLATE, indexFromRows } from './load';
import { makeBuildId, withPoll } from './plan';
import { buildsRootOf, lockTenant, readLatest, unlockTenant, writeAtomic, type BuildMeta } from './publish';
import { pageDir } from './render';
import { pruneMeta, Writes } from './live-writes';
import { createResolveContext, hasPage, pagePath, type ResolveContext } from './resolve';
import { indexBoundary, timeBoundary } from './state';
import type { BuildContent, BuildSection, TenantIndex } from './types';
import { FileWriter } from './writer';

export interface IncrementalOptions {
  outDir: string;
  originTemplate?: string | undefined;
  clientDir?: string | null | undefined;
  /** Render workers of a full build (default one per core). */
  workers?: number | undefined;
  /** The pages' build poll interval (plan.ts BuildOptions.buildPollMs). */
  buildPollMs?: number | undefined;
}

export interface UpdateRequest {
  /** Content items the change touched: re-read from the store (patching the index) and re-rendered. */
  contentIds?: readonly number[];
  /** Re-read the whole tenant (structure changes, schedules passing, unknown changes). */
  reload?: boolean;
  /** Full build (staging + swap). */
  full?: boolean;
  /**
   * Above this share of the tenant's page groups to re-render, build in full instead (default
   * DEFAULT_MAX_SHARE); 1 or more: always incremental.
   */
  maxShare?: number;
  now?: number;
}

export interface UpdateResult {
  key: string; buildId: string | null; full: boolean; skipped: boolean;
  pagesWritten: number; filesWritten: number; filesDeleted: number; changedKeys: number; ms: number;
}

/** A full build of one tenant (index.ts runBuild), injected to keep this module free of the pool. */
export type FullBuild = (store: Store, key: string, options: IncrementalOptions & { configHash?: string }, now: number) => Promise<{ buildId: string; pages: number }>;

export const DEFAULT_MAX_SHARE = 0.5;

function newestFirst(a: BuildContent, b: BuildContent): number {
  if (a.published !== b.published) {
    if (a.published === null) return 1;
    if (b.published === null) return -1;
    return b.published - a.published;
  }
  return b.id - a.id;
}

type Job =
  | { kind: 'static'; assets: boolean } | { kind: 'shells' } | { kind: 'crawler' } | { kind: 'newsletters' }
  | { kind: 'content'; id: number }
  /** Listing pages from..to of a group; to null: from..the last page, removing pages past it. */
  | { kind: 'listing'; grp: string; from: number; to: number | null };
interface Plan { ctx: ResolveContext; removals: string[]; urgent: Job[]; deferred: Job[] }

function sectionOf(ctx: ResolveContext, grp: string): BuildSection | null {
  const id = grp.slice(8);
  return id === 'home' ? null : ctx.sectionById.get(Number(id)) ?? null;
}

export class TenantBuilder {
  readonly key: string;
  readonly #store: Store;
  readonly #options: IncrementalOptions & { outDir: string; originTemplate: string };
  readonly #fullBuild: FullBuild;
  #rows: Omit<SiteRows, 'content' | 'authors' | 'terms' | 'related' | 'contentMemberships' | 'schedules'> | null = null;
  #index: TenantIndex | null = null;
  #state: TargetState | null = null;
  #routeRules: RouteRules | null = null;
  #client: ClientBundle | null | undefined;
  #config: string | undefined;

  constructor(store: Store, key: string, options: IncrementalOptions, fullBuild: FullBuild) {
    this.#store = store;
    this.key = key;
    this.#options = { ...options, outDir: resolve(options.outDir), originTemplate: options.originTemplate ?? DEFAULT_ORIGIN_TEMPLATE };
    this.#fullBuild = fullBuild;
  }

  /** Drops what is cached in memory (the next update reloads from the store). */
  forget(): void {
    this.#rows = null;
    this.#index = null;
    this.#state = null;
    this.#routeRules = null;
    this.#client = undefined;
  }

  /** The code/config hash, once per builder: a running process renders with the code it loaded. */
  #configHash(): string {
    const client = this.#clientBundle();
    return (this.#config ??= configHash(this.#options.originTemplate, client ? JSON.stringify(client.scripts) : null));
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
    if (!target.buildId || target.configHash !== config || target.state === 'building') return false;
    return readLatest(this.#options.outDir, this.key)?.id === target.buildId;
  }

  /**
   * Loads the live build's state and the tenant's index ahead of the first change (serve does this
   * at start), so the first edit costs what later ones do. Does nothing without a usable build.
   */
  async warm(now = Date.now()): Promise<void> {
    const config = this.#configHash();
    const target = await ensureTarget(this.#store, this.key, this.#options.outDir);
    if (!(await this.usable(target, config))) return;
    this.#state ??= await loadTargetState(this.#store, target.id);
    await this.#indexAt(target, { reload: true }, now);
  }

  async update(req: UpdateRequest = {}): Promise<UpdateResult> {
    const started = performance.now();
    const now = req.now ?? Date.now();
    const epoch = await readEpoch(this.#store);
    const config = this.#configHash();
    const target = await ensureTarget(this.#store, this.key, this.#options.outDir);
    if (req.full || !(await this.usable(target, config))) {
      this.forget();
      const r = await this.#fullBuild(this.#store, this.key, { ...this.#options, configHash: this.#configHash() }, now);
      return { key: this.key, buildId: r.buildId, full: true, skipped: false, pagesWritten: r.pages, filesWritten: 0, filesDeleted: 0, changedKeys: 0, ms: performance.now() - started };
    }
    const lock = lockTenant(buildsRootOf(this.#options.outDir, this.key), this.key);
    try {
      await updateTarget(this.#store, target.id, { state: 'building', startedAt: Date.now(), error: null });
      const r = await this.#incremental(target, req, now, epoch);
      if (r !== null) return { ...r, ms: performance.now() - started };
    } catch (e) {
      await updateTarget(this.#store, target.id, { state: 'failed', finishedAt: Date.now(), error: e instanceof Error ? e.message : String(e) });
      this.forget();
      throw e;
    } finally {
      unlockTenant(lock);
    }
    // Most of the site changes (settings, a menu, a layout, a mass edit): the full build renders it
    // on every core and swaps it in atomically, faster than re-rendering in place on one thread.
    this.forget();
    const r = await this.#fullBuild(this.#store, this.key, { ...this.#options, configHash: this.#configHash() }, now);
    return { key: this.key, buildId: r.buildId, full: true, skipped: false, pagesWritten: r.pages, filesWritten: 0, filesDeleted: 0, changedKeys: 0, ms: performance.now() - started };
  }

  /** The index at `now`: patched from the named items' rows when possible, else read whole. */
  async #indexAt(target: TargetRow, req: UpdateRequest, now: number): Promise<{ index: TenantIndex; patched: Set<number> | null }> {
    const crossed = target.nextBoundary !== null && now >= target.nextBoundary;
    if (this.#index && this.#rows && req.contentIds && !req.reload && !crossed && (this.#index.now <= now)) {
      const ids = new Set(req.contentIds);
      const patch = await loadContentPatch(this.#store, this.key, now, [...ids]);
      const mini = indexFromRows({ ...this.#rows, ...patch }, { now, originTemplate: this.#options.originTemplate }).index;
      const index = this.#index;
      index.content = [...index.content.filter((c) => !ids.has(c.id)), ...mini.content].sort(newestFirst);
      index.schedules = [...index.schedules.filter((s) => !ids.has(s.contentId)), ...mini.schedules];
      index.now = now;
      return { index, patched: ids };
    }
    const rows = await loadSiteRows(this.#store, this.key, now);
    const { content: _c, authors: _a, terms: _t, related: _r, contentMemberships: _m, schedules: _s, ...structure } = rows;
    this.#rows = structure;
    this.#index = indexFromRows(rows, { now, originTemplate: this.#options.originTemplate }).index;
    return { index: this.#index, patched: null };
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
    const { index, patched } = await this.#indexAt(target, req, now);
    const fps = fingerprints(index, patched ?? undefined);
    fps.set('nl', digest(await newsletterStamp(store, this.key), newsletterCodeHash()));
    const changed = new Set<string>();
    for (const [k, h] of fps) if (state.inputs.get(k) !== h) changed.add(k);
    for (const k of state.inputs.keys()) {
      if (fps.has(k)) continue;
      if (!patched || !k.startsWith('c:') || patched.has(Number(k.slice(2)))) changed.add(k);
    }
    for (const id of req.contentIds ?? []) changed.add(`c:${id}`);

    const inputDelta = new Map<string, string | null>();
    for (const k of changed) inputDelta.set(k, fps.get(k) ?? null);
    const nextBoundary = await this.#nextBoundary(index, now);
    const writes = new Writes(root);
    if (!changed.size) {
      // Nothing new to publish: the live build stays, the state records what it was checked against.
      await saveTargetState(store, target.id, { builtAt: now, epoch, nextBoundary, state: 'live', finishedAt: Date.now(), pagesWritten: 0 }, inputDelta, new Map(), false);
      return { key: this.key, buildId: target.buildId, full: false, skipped: true, pagesWritten: 0, filesWritten: 0, filesDeleted: 0, changedKeys: 0 };
    }
    const work = await this.#plan(index, state, changed);
    const groups = new Set([...state.outputs.values()].map((o) => o.grp)).size;
    const touched = new Set([...work.urgent, ...work.deferred].flatMap((j) => (j.kind === 'content' ? [`c${j.id}`] : j.kind === 'listing' ? [j.grp] : j.kind === 'shells' ? ['shells'] : []))).size;
    if (groups > 0 && touched > (req.maxShare ?? DEFAULT_MAX_SHARE) * groups) return null;
    let buildId = target.buildId;
    // Phase 1 publishes what shows the change itself (its pages, first listing pages, home,
    // crawler files); phase 2 the pages it merely shifts (deeper listing pages, other items'
    // sidebars). Input fingerprints are stored only with the last phase, so a crash in between
    // leaves a state the next run completes.
    for (const [i, jobs] of [work.urgent, work.deferred].entries()) {
      const last = i === 1 || work.deferred.length === 0;
      if (i === 1 && !jobs.length) break;
      const outputDelta = new Map<string, OutputRow | null>();
      const before = writes.written + writes.deleted;
      if (i === 0) for (const path of work.removals) { writes.removePage(path); outputDelta.set(path, null); }
      await this.#run(jobs, index, work.ctx, state, writes, outputDelta);
      for (const [p, o] of outputDelta) { if (o === null) state.outputs.delete(p); else state.outputs.set(p, o); }
      if (last) for (const [k, h] of inputDelta) { if (h === null) state.inputs.delete(k); else state.inputs.set(k, h); }
      const patch = { builtAt: now, epoch, nextBoundary, state: last ? 'live' : 'building', finishedAt: Date.now(), pagesWritten: writes.pages, error: null };
      if (writes.written + writes.deleted === before) {
        await saveTargetState(store, target.id, { ...patch, buildId }, last ? inputDelta : new Map(), outputDelta, false);
        continue;
      }
      buildId = makeBuildId(now);
      this.#publish(root, buildId, now, state);
      await saveTargetState(store, target.id, { ...patch, buildId }, last ? inputDelta : new Map(), outputDelta, false);
    }
    const skipped = buildId === target.buildId;
    return { key: this.key, buildId, full: false, skipped, pagesWritten: writes.pages, filesWritten: writes.written, filesDeleted: writes.deleted, changedKeys: changed.size };
  }

  /** builds/meta/<id>.json, then builds/latest.json last. */
  #publish(root: string, buildId: string, now: number, state: TargetState): void {
    const prerendered = [...state.outputs.values()].filter((o) => o.grp !== 'crawler' && o.path !== '/404.html').map((o) => o.path).sort();
    const metaDir = join(root, 'builds', 'meta');
    mkdirSync(metaDir, { recursive: true });
    writeAtomic(join(metaDir, `${buildId}.json`), JSON.stringify({ id: buildId, timestamp: now, routeRules: this.#routeRules ?? {}, prerendered } satisfies BuildMeta));
    writeAtomic(join(root, 'builds', 'latest.json'), JSON.stringify({ id: buildId, timestamp: now }));
    pruneMeta(metaDir, buildId);
  }

  #nextBoundary(index: TenantIndex, now: number): Promise<number> {
    return timeBoundary(this.#store, this.key, indexBoundary(index, now), now);
  }

  /** What the changed keys require: pages to remove, and render jobs in two phases. */
  async #plan(index: TenantIndex, state: TargetState, changed: Set<string>): Promise<Plan> {
    const ctx = createResolveContext(index);
    const byGroup = new Map<string, OutputRow[]>();
    for (const o of state.outputs.values()) {
      const list = byGroup.get(o.grp);
      if (list) list.push(o);
      else byGroup.set(o.grp, [o]);
    }
    const whole = new Set<string>();
    const pagesOf = new Map<string, Set<string>>();
    for (const [grp, outs] of byGroup) {
      if (grp === 'crawler' || grp === 'newsletters') continue;
      for (const o of outs) {
        const hits = o.deps.filter((d) => changed.has(d));
        if (!hits.length) continue;
        if (grp.startsWith('listing:') && hits.every((d) => d.startsWith('c:'))) {
          const set = pagesOf.get(grp) ?? new Set<string>();
          pagesOf.set(grp, set.add(o.path));
        } else whole.add(grp);
      }
    }
    // Groups that must exist now, and those that must go.
    const wanted = new Set<string>(['shells', listingGroup(null)]);
    for (const sct of index.sections) if (sct.alias !== 'home') wanted.add(listingGroup(sct.id));
    for (const c of index.content) if (hasPage(c)) wanted.add(contentGroup(c.id));
    for (const g of wanted) if (!byGroup.has(g)) whole.add(g);
    const removals: string[] = [];
    for (const [grp, outs] of byGroup) {
      if (grp === 'crawler' || grp === 'newsletters' || wanted.has(grp)) continue;
      for (const o of outs) removals.push(o.path);
      whole.delete(grp);
      pagesOf.delete(grp);
    }
    const urgent: Job[] = [];
    const deferred: Job[] = [];
    if (changed.has('settings') || changed.has('assets')) urgent.push({ kind: 'static', assets: changed.has('assets') });
    for (const grp of whole) {
      if (grp === 'shells') urgent.push({ kind: 'shells' });
      else if (grp.startsWith('content:')) {
        const id = Number(grp.slice(8));
        (changed.has(`c:${id}`) || !byGroup.has(grp) ? urgent : deferred).push({ kind: 'content', id });
      } else if (grp.startsWith('listing:')) {
        urgent.push({ kind: 'listing', grp, from: 1, to: 1 });
        deferred.push({ kind: 'listing', grp, from: 2, to: null });
      }
    }
    for (const [grp, paths] of pagesOf) {
      if (whole.has(grp)) continue;
      const section = sectionOf(ctx, grp);
      const base = section?.path ?? '/';
      for (const path of paths) {
        const n = path === base ? 1 : Number(path.slice(pagePath(base, 2).length - 1));
        (n === 1 ? urgent : deferred).push({ kind: 'listing', grp, from: n, to: n });
      }
    }
    if ([...changed].some(affectsCrawler)) urgent.push({ kind: 'crawler' });
    if (changed.has('nl')) urgent.push({ kind: 'newsletters' });
    // Newsletter pages show content (manual picks and automatic section lists, with titles, teasers
    // and images): any content or list change may alter them. They follow in the second phase,
    // because an MJML render is too slow for the first.
    else if ([...changed].some((k) => k.startsWith('c:') || k.startsWith('list:')) && [...state.outputs.values()].some((o) => o.grp === 'newsletters')) deferred.push({ kind: 'newsletters' });
    return { ctx, removals, urgent, deferred };
  }

  async #run(jobs: Job[], index: TenantIndex, ctx: ResolveContext, state: TargetState, writes: Writes, delta: Map<string, OutputRow | null>): Promise<void> {
    const css = stylesheet(index);
    const client = this.#clientBundle();
    const chrome = buildChrome(index, { href: css.href, integrity: css.integrity }, client?.scripts ?? null);
    const ids = jobs.flatMap((j) => (j.kind === 'content' ? [j.id] : []));
    const bodies = await loadBodies(this.#store, this.key, ids);
    const groupPaths = (grp: string) => [...state.outputs.values()].filter((o) => o.grp === grp);
    const emit = (grp: string, pages: PageOut[], complete: ((path: string) => boolean) | null) => {
      const seen = new Set<string>();
      for (const p of pages) {
        seen.add(p.path);
        const old = state.outputs.get(p.path);
        if (!old || old.hash !== p.hash) writes.page(p);
        if (!old || old.hash !== p.hash || old.deps.join() !== p.deps.join() || old.grp !== grp) {
          delta.set(p.path, { path: p.path, grp, hash: p.hash, deps: p.deps });
        }
      }
      // A complete render of (part of) a group: the group's other pages in that part are gone.
      if (complete) for (const o of groupPaths(grp)) if (!seen.has(o.path) && complete(o.path)) { writes.removePage(o.path); delta.set(o.path, null); }
    };
    for (const job of jobs) {
      if (job.kind === 'static') {
        writes.file(css.path, css.body, true);
        if (job.assets) await writeAssets(this.#store, this.key, new FileWriter(writes.root));
      } else if (job.kind === 'shells') emit('shells', shellPages(ctx, chrome), () => true);
      else if (job.kind === 'content') {
        const c = ctx.contentById.get(job.id);
        emit(contentGroup(job.id), c ? contentPages(ctx, chrome, c, bodies.get(c.id) ?? '') : [], () => true);
      } else if (job.kind === 'listing') {
        const section = sectionOf(ctx, job.grp);
        const base = section?.path ?? '/';
        const first = listingPages(ctx, chrome, section, job.from, job.to ?? job.from);
        let pages = first.pages;
        if (job.to === null && first.count > job.from) pages = [...pages, ...listingPages(ctx, chrome, section, job.from + 1, first.count).pages];
        // pages 2..: everything of the listing but its first page
        emit(job.grp, pages, job.to === null ? (path) => path !== base : null);
      } else if (job.kind === 'crawler') this.#crawler(index, state, writes, delta);
      else await this.#newsletters(index, state, writes, delta);
    }
  }

  #crawler(index: TenantIndex, state: TargetState, writes: Writes, delta: Map<string, OutputRow | null>): void {
    const out = crawlerFiles(index);
    this.#routeRules = out.routeRules;
    const seen = new Set<string>();
    for (const f of out.files) {
      seen.add(f.path);
      const hash = digest(f.body);
      if (state.outputs.get(f.path)?.hash === hash) continue;
      writes.file(f.path, f.body, false);
      delta.set(f.path, { path: f.path, grp: 'crawler', hash, deps: [] });
    }
    for (const o of state.outputs.values()) {
      if (o.grp === 'crawler' && !seen.has(o.path)) { writes.remove(o.path); delta.set(o.path, null); }
    }
  }

  async #newsletters(index: TenantIndex, state: TargetState, writes: Writes, delta: Map<string, OutputRow | null>): Promise<void> {
    const { emitNewsletters } = await import('./emit-newsletters');
    const tmp = join(buildsRootOf(this.#options.outDir, this.key), `.newsletters-${process.pid}`);
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    try {
      const result = await emitNewsletters(this.#store, this.key, new FileWriter(tmp), { origin: index.tenant.origin, now: index.now });
      const seen = new Set<string>();
      for (const p of result.pages) {
        seen.add(p.path);
        const body = readFileSync(join(tmp, p.file));
        const hash = digest(body);
        if (state.outputs.get(p.path)?.hash !== hash) {
          writes.file(p.file, body, false);
          delta.set(p.path, { path: p.path, grp: 'newsletters', hash, deps: [] });
        }
      }
      for (const o of state.outputs.values()) {
        if (o.grp === 'newsletters' && !seen.has(o.path)) { writes.remove(`${pageDir(o.path)}/index.html`); delta.set(o.path, null); }
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}

/** The FullBuild of a TenantBuilder: index.ts runBuild for one tenant (imported lazily: it starts workers). */
export const fullTenantBuild: FullBuild = async (store, key, options, now) => {
  const { runBuild } = await import('./index');
  const s = await runBuild(store, {
    outDir: options.outDir, tenants: [key], originTemplate: options.originTemplate, now, workers: options.workers, clientDir: options.clientDir,
    buildPollMs: options.buildPollMs, configHash: options.configHash,
  });
  return { buildId: s.buildId, pages: s.pages };
};
