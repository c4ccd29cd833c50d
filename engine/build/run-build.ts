// The prerender pipeline: plan → load → resolve → render → emit → publish, timed per tenant.
// The main thread reads the store (in slices, no per-page queries; bodies streamed in chunks) and
// feeds render workers, at most two chunks per worker in flight, so memory stays bounded whatever
// the corpus size. Workers resolve, render and emit the pages and the crawler files; the main
// thread writes the stylesheet and assets, reads a small next tenant meanwhile, and publishes
// each tenant atomically (stages/publish.ts).
import { fetchRemote } from './stages/fetch';
import { openStore, type Store } from '../store/connection';
import { streamContentBodies, type TenantRow } from '../store/site-reader';
import { stylesheet, writeAssets, writeClientBundle, writeEmailIcons, writeFavicon } from './stages/emit';
import { mediaPublicUrl } from '../assets/media-store';
import { referencedMedia, withheldFiles, writeMediaFiles } from './stages/media';
import { emitNewsletters } from './stages/emit-newsletters';
import { load, type LoadResult } from './stages/load';
import { plan, type BuildOptions, type BuildPlan } from './stages/plan';
import { WorkerPool, workerHeapLimitMb } from './workers/pool';
import { cleanup, prepareTarget, publish, release, type BuildMeta } from './stages/publish';
import { authorsWithPages, hasPage } from './stages/pages';
import type { TenantIndex } from './types';
import type { BuildEvent, BuildSummary, TenantSummary } from './summary';
import { BuildCaches } from './caches';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { precompressBuilds } from './precompress-run';
import { readEpoch, type OutputRow } from '../store/queries/builds';
import { inTenant } from '../store/tenant-scope';
import { saveBuildState, trackInputs, type TrackedInputs } from './incremental/state';
import type { TaskResult, WorkerTask } from './workers/worker-protocol';
import { FileWriter } from './stages/writer';
import { DRAGONFORM_PATH, dragonformCss } from '../../site/form-theme';

export type { BuildOptions } from './stages/plan';

const LISTING_CHUNK = 40;
// Small enough that the last chunks of a tenant do not leave one worker idle for long.
const BODY_CHUNK = 120;
/** A body chunk is split further beyond this many characters, so huge bodies never pile up in a worker. */
const CHUNK_CHARS = 4_000_000;

function bySize(items: { id: number; body: string }[], max: number): { id: number; body: string }[][] {
  const parts: { id: number; body: string }[][] = [[]];
  let size = 0;
  for (const item of items) {
    if (size + item.body.length > max && parts[parts.length - 1]!.length) {
      parts.push([]);
      size = 0;
    }
    parts[parts.length - 1]!.push(item);
    size += item.body.length;
  }
  return parts;
}

/** Above this many items per tenant the next tenant is not read ahead (memory over speed). */
const PREFETCH_MAX_ITEMS = 25_000;

type Emit = (e: BuildEvent) => void;

interface Rendered { prerendered: string[]; files: number; bytes: number; busyMs: number; emitMs: number; routeRules: Record<string, unknown>; warnings: string[]; outputs: OutputRow[] }

/**
 * Renders every page of a tenant through the pool, plus its crawler files (one more task); body
 * chunks are read (through `reader`, a connection of their own) only when a worker can take them.
 */
async function renderTenant(
  reader: Store, pool: WorkerPool, key: string, ids: number[], sectionIds: (number | null)[], shellCount: number, emit: Emit, started: () => void,
): Promise<Rendered> {
  const r: Rendered = { prerendered: [], files: 0, bytes: 0, busyMs: 0, emitMs: 0, routeRules: {}, warnings: [], outputs: [] };
  let total = ids.length * 2 + sectionIds.length + shellCount;
  const inflight = new Set<Promise<void>>();
  const errors: unknown[] = [];
  const onResult = (t: TaskResult) => {
    for (const p of t.pages) r.prerendered.push(p);
    for (const o of t.outputs ?? []) r.outputs.push(o);
    r.files += t.files;
    r.bytes += t.bytes;
    r.busyMs += t.busyMs ?? 0;
    if (t.routeRules) {
      r.routeRules = t.routeRules;
      r.emitMs += t.busyMs ?? 0;
    }
    if (t.warnings) r.warnings.push(...t.warnings);
    emit({ type: 'progress', key, done: r.prerendered.length, total });
  };
  const submit = (task: WorkerTask, then?: (t: TaskResult) => void) => {
    const p = pool.run(task).then((t) => { onResult(t); then?.(t); }, (e: unknown) => { errors.push(e); });
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  };
  emit({ type: 'tenant-start', key, total });
  submit({ type: 'crawler' });
  submit({ type: 'shells' });
  for (const sectionId of sectionIds) {
    submit({ type: 'listing', sectionId, from: 1, to: null }, (t) => {
      const pages = t.listingPages ?? 1;
      total += pages - 1;
      for (let from = 2; from <= pages; from += LISTING_CHUNK) submit({ type: 'listing', sectionId, from, to: Math.min(pages, from + LISTING_CHUNK - 1) });
    });
  }
  // The first chunk is asked for before the main-thread work that can overlap the first tasks;
  // each next chunk is read while the previous one is handed out.
  const chunks = streamContentBodies(reader, key, ids, BODY_CHUNK);
  let next = chunks.next();
  started();
  for (let chunk = await next; !chunk.done && !errors.length; chunk = await next) {
    next = chunks.next();
    for (const part of bySize(chunk.value, CHUNK_CHARS)) {
      if (errors.length) break;
      await pool.slot();
      submit({ type: 'content', items: part });
    }
  }
  while (inflight.size) await Promise.all([...inflight]);
  if (errors.length) throw errors[0];
  return r;
}

/** A loaded tenant handed to buildTenant, which drops it once the workers have their copies. */
interface Pending { loaded: Promise<LoadResult> | null; loadMs: number }

async function buildTenant(
  store: Store, reader: Store, pool: WorkerPool, p: BuildPlan, tenant: TenantRow, pending: Pending, emit: Emit,
  cleanupAfter: Promise<unknown>, caches: BuildCaches,
): Promise<{ summary: TenantSummary; done: Promise<void> }> {
  const t0 = performance.now();
  const key = tenant.tenantKey;
  let target: ReturnType<typeof prepareTarget>;
  try {
    target = prepareTarget(p.outDir, key, p.buildId);
  } catch (e) {
    throw tenantFailure(key, e);
  }
  let failed = true;
  let deferred = false;
  try {
    const result = await pending.loaded!;
    pending.loaded = null;
    const warnings = result.warnings;
    let index: TenantIndex | null = result.index;
    (result as { index: TenantIndex | null }).index = null;
    for (const w of warnings) emit({ type: 'warning', key, message: w });
    const t1 = performance.now();

    // Siblings (.br/.gz) are made after the publish (precompress.ts), or linked from the live build where a file's bytes are the same.
    const writerOptions = { deferCompression: p.precompress !== 'inline', previous: liveFolder(target.livePath) };
    const writer = new FileWriter(target.staging, writerOptions);
    const favicon = index.tenant.settings.general.favicon;
    const css = stylesheet(index);
    writer.write(css.path, css.body);
    writer.write(DRAGONFORM_PATH, dragonformCss(index.tenant.settings));
    writeClientBundle(p.client, writer);
    writeEmailIcons(writer, caches);
    const ids = index.content.filter(hasPage).map((c) => c.id);
    const sectionIds = [null, ...index.sections.filter((s) => s.alias !== 'home').map((s) => s.id)];
    const shellCount = 4 + (index.memberships?.length ?? 0) + authorsWithPages(index, caches).size;
    await pool.setTenant({ index, css: { href: css.href, integrity: css.integrity }, client: p.client?.scripts ?? null, root: target.staging, writer: writerOptions });
    const origin = index.tenant.origin;
    const state: { tracked: TrackedInputs | null } = { tracked: null };
    // For the next incremental build (incremental/state.ts), taken while the workers render the first tasks;
    // then the index is dropped: the workers hold it, the main thread keeps only the ids.
    const media = referencedMedia(index);
    const withheld = withheldFiles(index);
    const track = () => { state.tracked = trackInputs(index!, p.now, caches); index = null; };
    const assetsStarted = performance.now();
    let assetsMs = 0;
    const assets = writeAssets(store, key, writer, withheld).then((n) => { assetsMs = performance.now() - assetsStarted; return n; });
    // Awaited below; until then a failure (the database gone mid-build) must not end the process
    // as an unhandled rejection when rendering fails first.
    assets.catch(() => undefined);
    const newsletters = emitNewsletters(store, key, writer, { origin, now: p.now });
    newsletters.catch(() => undefined);
    const rendered = await renderTenant(reader, pool, key, ids, sectionIds, shellCount, emit, track);
    if (!state.tracked) track();
    const inputs = state.tracked!;
    const assetCount = await assets;
    // The emails' media library images (header, ads, items) are published beside the pages' ones.
    for (const [rel, file] of (await newsletters).media) media.set(rel, file);
    const copied = await writeMediaFiles(media, p.assetsDir, key, writer, target.staging);
    if (copied.missing.length) warnings.push(`${copied.missing.length} image derivative(s) missing from the assets folder: ${copied.missing.slice(0, 3).join(', ')}`);
    writeFavicon(writer, favicon);
    rendered.prerendered.push(...(await newsletters).paths);
    for (const w of rendered.warnings) emit({ type: 'warning', key, message: w });
    await pool.reset();
    const t2 = performance.now();

    rendered.prerendered.sort();
    publish(target, { id: p.buildId, timestamp: p.now, routeRules: rendered.routeRules as BuildMeta['routeRules'], prerendered: rendered.prerendered });
    failed = false;
    const t3 = performance.now();
    const summary: TenantSummary = {
      key, buildId: p.buildId, pages: rendered.prerendered.length, files: rendered.files + writer.files + 2,
      bytes: rendered.bytes + writer.bytes, assets: assetCount, routeRules: Object.keys(rendered.routeRules).length,
      timings: { load: ms(pending.loadMs + (t1 - t0)), render: ms(t2 - t1), emit: ms(rendered.emitMs + assetsMs), publish: ms(t3 - t2), total: ms(pending.loadMs + (t3 - t0)) },
      warnings: [...warnings, ...rendered.warnings],
      workerBusyMs: ms(rendered.busyMs),
    };
    emit({ type: 'tenant-done', key, summary });
    // The state for the next incremental build is stored while the workers render the next
    // tenant (it is all database work on the main thread). The lock is held until the old builds
    // are removed, after the last tenant is written; runBuild waits for all of it before returning.
    const nl = await newsletters;
    const folder = join(target.buildsRoot, p.buildId);
    const outputs = rendered.outputs;
    const s0 = performance.now();
    const saved = saveBuildState(store, p, key, inputs, outputs, nl, folder, (m) => emit({ type: 'warning', key, message: m }), caches)
      .then(() => { summary.stateMs = ms(performance.now() - s0); });
    const done = (async () => {
      try {
        await saved;
        // Old builds are deleted once no tenant of this build is left to write: on ext4 without a
        // journal, files created in the minutes after a mass delete cost several times more
        // (the allocator skips recently freed inodes), which would slow the following tenants.
        await cleanupAfter;
        cleanup(target);
      } finally {
        release(target, false);
      }
    })();
    deferred = true;
    return { summary, done };
  } catch (e) {
    throw tenantFailure(key, e);
  } finally {
    if (!deferred) release(target, failed);
  }
}

const ms = (n: number) => Math.round(n);

/** The folder a tenant's live link points at, or null before its first build. */
function liveFolder(livePath: string): string | null {
  try { return realpathSync(livePath); } catch { return null; }
}

/** The error named by its tenant (the writer names the file): "ENOSPC … write" alone told the operator neither. */
function tenantFailure(key: string, e: unknown): Error {
  const err = e instanceof Error ? e : new Error(String(e));
  if (!err.message.startsWith('Build of ')) err.message = `Build of "${key}" failed: ${err.message}`;
  return err;
}

/** Builds the chosen tenants' sites into `options.outDir` and publishes each atomically. */
export async function runBuild(store: Store, options: BuildOptions, onEvent: Emit = () => {}): Promise<BuildSummary> {
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const p = await plan(store, options);
  // The main thread's memo tables for this run (the workers keep their own per tenant).
  const caches = new BuildCaches();
  p.epoch = await readEpoch(store);
  // Workers start (load their modules) while the first tenant is read from the store.
  const pool = new WorkerPool({
    size: options.workers, heapLimitMb: workerHeapLimitMb(p.maxItems),
    useBundle: options.workerRuntime?.useBundle ?? true, env: options.workerRuntime?.env,
  });
  // Bodies stream through a second connection (WAL: readers never wait for the writer), so they
  // do not queue behind the asset and newsletter reads or the previous tenant's state transaction.
  const reader = store.path === ':memory:' ? store : await openStore({ path: store.path, migrate: false }).catch(() => store);
  onEvent({ type: 'plan', buildId: p.buildId, tenants: p.tenants.map((t) => t.tenantKey), workers: pool.size });
  const tenants: TenantSummary[] = [];
  const saving: Promise<void>[] = [];
  const loadMs = new Map<string, number>();
  let allWritten = () => {};
  const written = new Promise<void>((resolve) => { allWritten = resolve; });
  // Each tenant is read and built acting for it (on PostgreSQL, row-level security shows its rows only).
  const loadOf = (t: TenantRow) => inTenant(t.tenantKey, () => {
    const started = performance.now();
    return load(store, t.tenantKey, { now: p.now, originTemplate: p.originTemplate, scriptSources: p.scriptSources, mediaPublicUrl: mediaPublicUrl(p.assetsDir) }).then(async (r) => {
      // The fetch stage (stages/fetch.ts): RSS feeds, video playlists and the sourceesb parts
      // catalogue refreshed as they are due; the pages show the last good copies.
      const fetched = await fetchRemote(store, t.tenantKey, r.index.layouts ?? [], r.index.tenant.settings, {
        now: p.now, allowPrivateHosts: p.feedsAllowPrivateHosts, youtubeApiOrigin: p.youtubeApiOrigin,
        sourceesbToken: p.sourceesbTokens[t.tenantKey] ?? p.sourceesbTokens['*'],
      });
      r.warnings.push(...fetched.warnings);
      if (fetched.feeds) r.index.feeds = fetched.feeds;
      if (fetched.parts !== undefined) r.index.parts = fetched.parts;
      loadMs.set(t.tenantKey, performance.now() - started);
      return r;
    });
  });
  try {
    let next: Promise<LoadResult | null> | null = p.tenants[0] ? loadOf(p.tenants[0]) : null;
    for (const [i, t] of p.tenants.entries()) {
      let current: LoadResult | null = (await next) ?? (await loadOf(t));
      // A small next tenant is read from the store while this one renders; a large one waits, so
      // the main thread never holds two large indexes at once.
      const following = p.tenants[i + 1];
      next = following && current.index.content.length <= PREFETCH_MAX_ITEMS ? loadOf(following) : null;
      next?.catch(() => undefined);
      const pending: Pending = { loaded: Promise.resolve(current), loadMs: loadMs.get(t.tenantKey) ?? 0 };
      const large = current.index.content.length > PREFETCH_MAX_ITEMS;
      current = null; // buildTenant drops its reference once the workers have the index
      // A large tenant is finished (and its old builds deleted) before the next one is read.
      const built = await inTenant(t.tenantKey, () => buildTenant(store, reader, pool, p, t, pending, onEvent, large ? Promise.resolve() : written, caches));
      tenants.push(built.summary);
      saving.push(built.done);
      // A large tenant's output list is stored before the next index is read (bounded memory).
      if (large) await built.done;
    }
  } finally {
    allWritten();
    await Promise.allSettled(saving);
    if (reader !== store) await reader.close().catch(() => undefined);
  }
  let publishedMs: number;
  let precompress: BuildSummary['precompress'];
  try {
    await Promise.all(saving); // settled: surfaces a failed cleanup
    // Every tenant is live: now the .br/.gz siblings its files still lack (reused ones are linked
    // already), on the same render workers.
    publishedMs = ms(performance.now() - started);
    if (p.precompress === 'after') {
      const r = await precompressBuilds(p.outDir, tenants.map((t) => t.key), {
        pool, onProgress: (key, done, total) => onEvent({ type: 'precompress', key, done, total }),
      });
      precompress = { files: r.files, present: r.present, ms: r.ms };
    }
  } finally {
    await pool.close();
  }
  const wallMs = ms(performance.now() - started);
  const pages = tenants.reduce((n, t) => n + t.pages, 0);
  return {
    buildId: p.buildId, outDir: p.outDir, workers: pool.size, workerModule: pool.bundled ? 'bundle' : 'source', tenants, pages,
    files: tenants.reduce((n, t) => n + t.files, 0), wallMs, publishedMs, ...(precompress ? { precompress } : {}),
    pagesPerSecond: Math.round(pages / Math.max(wallMs / 1000, 0.001)),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    cpuUserMs: ms(process.cpuUsage(cpu0).user / 1000), cpuSystemMs: ms(process.cpuUsage(cpu0).system / 1000),
  };
}
