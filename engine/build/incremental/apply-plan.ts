// Applying an edit plan's jobs to the live build folder: each job re-resolves and re-renders with
// the full build's own functions (stages/emit-pages.ts, stages/crawler.ts, stages/emit-newsletters.ts),
// writes only the files whose bytes changed (live-writes.ts) and records each output's new hash and
// inputs in `delta`. Holds no state: the caller owns the target state and stores the delta.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '../../store/connection';
import type { OutputRow, TargetState } from '../../store/queries/builds';
import { loadBodies } from '../../store/queries/builds-content';
import { authorGroup, contentGroup, digest } from '../deps';
import { buildChrome } from '../stages/chrome';
import { crawlerFiles, isRouteFile } from '../stages/crawler';
import { stylesheet, writeAssets, writeFavicon, type ClientBundle } from '../stages/emit';
import type { MediaStore } from '../../assets/media-store';
import { referencedMedia, withheldFiles, writeMediaFiles } from '../stages/media';
import { authorPage, contentPages, listingPages, magazinePages, shellPages, type PageOut } from '../stages/emit-pages';
import type { RouteRules } from '../stages/emit-redirects';
import { buildsRootOf } from '../stages/publish';
import { pageDir } from '../stages/render';
import type { ResolveContext } from '../stages/resolve';
import { FileWriter } from '../stages/writer';
import type { TenantIndex } from '../types';
import { sectionOf, type Job } from './edit-plan';
import type { Writes } from './live-writes';
import { DRAGONFORM_PATH, dragonformCss } from '../../../site/form-theme';

export interface ApplyEnv { store: Store; key: string; outDir: string; client: ClientBundle | null; assetsDir?: string | MediaStore | null | undefined }
type Delta = Map<string, OutputRow | null>;

/**
 * How a phase may be interrupted: between jobs, once `sliceMs` of rendering has passed, it gives
 * the event loop a turn, waits while `busy()` says requests are being answered (a request needs
 * many turns: one per database call), and stops when `stop()` says newer work waits.
 */
export interface Interrupt { stop: () => boolean; sliceMs: number; busy?: (() => boolean) | undefined }

/**
 * The longest a phase waits for busy requests per slice: a save needs a few milliseconds of
 * database round trips, and under steady traffic the phase still gets a third of the time.
 */
export const MAX_PAUSE_MS = 20;

export interface Applied {
  /** The crawler files' new route rules when a crawler job ran, else null. */
  routeRules: RouteRules | null;
  /** Jobs run to the end (all of them unless interrupted). */
  done: number;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits while `busy()` holds, checking every millisecond, for at most `maxMs`. */
export async function pauseWhileBusy(busy: () => boolean, maxMs: number): Promise<void> {
  for (const started = performance.now(); busy() && performance.now() - started < maxMs;) await sleep(1);
}

/** Runs `jobs` in order, or the first `done` of them when `interrupt` stops it. */
export async function applyJobs(
  env: ApplyEnv, jobs: Job[], index: TenantIndex, ctx: ResolveContext, state: TargetState, writes: Writes, delta: Delta, interrupt?: Interrupt,
): Promise<Applied> {
  let routeRules: RouteRules | null = null;
  const css = stylesheet(index);
  const chrome = buildChrome(index, { href: css.href, integrity: css.integrity }, env.client?.scripts ?? null);
  const ids = jobs.flatMap((j) => (j.kind === 'content' ? [j.id] : []));
  const bodies = await loadBodies(env.store, env.key, ids);
  // Outputs by group, indexed on first use: scanning every output per job was a tenth of a long phase.
  let byGroup: Map<string, OutputRow[]> | null = null;
  const groupPaths = (grp: string): OutputRow[] => {
    if (!byGroup) {
      byGroup = new Map();
      for (const o of state.outputs.values()) {
        const list = byGroup.get(o.grp);
        if (list) list.push(o); else byGroup.set(o.grp, [o]);
      }
    }
    return byGroup.get(grp) ?? [];
  };
  const emit = (grp: string, pages: PageOut[], complete: ((path: string) => boolean) | null) => {
    const seen = new Set<string>();
    for (const p of pages) {
      seen.add(p.path);
      const old = state.outputs.get(p.path);
      // Recorded before the files are written: a write that fails half-way leaves a page the
      // failed update still accounts for (tenant-builder.ts unknownOutputs).
      if (!old || old.hash !== p.hash || old.deps.join() !== p.deps.join() || old.grp !== grp) {
        delta.set(p.path, { path: p.path, grp, hash: p.hash, deps: p.deps });
      }
      if (!old || old.hash !== p.hash) writes.page(p);
    }
    // A complete render of (part of) a group: the group's other pages in that part are gone.
    if (complete) for (const o of groupPaths(grp)) if (!seen.has(o.path) && complete(o.path)) { writes.removePage(o.path); delta.set(o.path, null); }
  };
  let done = 0;
  let slice = performance.now();
  for (const job of jobs) {
    if (interrupt && performance.now() - slice >= interrupt.sliceMs) {
      await turn();
      if (interrupt.busy) await pauseWhileBusy(interrupt.busy, MAX_PAUSE_MS);
      if (interrupt.stop()) break;
      slice = performance.now();
    }
    if (job.kind === 'static') {
      writes.file(css.path, css.body, true);
      writes.file(DRAGONFORM_PATH, dragonformCss(index.tenant.settings), false);
      if (job.assets) {
        const writer = new FileWriter(writes.root);
        await writeAssets(env.store, env.key, writer, withheldFiles(index));
        writeFavicon(writer, index.tenant.settings.general.favicon);
      }
    } else if (job.kind === 'shells') emit('shells', shellPages(ctx, chrome), () => true);
    else if (job.kind === 'content') {
      const c = ctx.contentById.get(job.id);
      emit(contentGroup(job.id), c ? contentPages(ctx, chrome, c, bodies.get(c.id) ?? '') : [], () => true);
    } else if (job.kind === 'author') {
      const person = (index.persons ?? []).find((p) => p.id === job.id);
      emit(authorGroup(job.id), person ? authorPage(ctx, chrome, person) : [], () => true);
    } else if (job.kind === 'listing') {
      const section = sectionOf(ctx, job.grp);
      const base = section?.path ?? '/';
      const first = listingPages(ctx, chrome, section, job.from, job.to ?? job.from);
      let pages = first.pages;
      if (job.to === null && first.count > job.from) pages = [...pages, ...listingPages(ctx, chrome, section, job.from + 1, first.count).pages];
      // pages 2..: everything of the listing but its first page
      emit(job.grp, pages, job.to === null ? (path) => path !== base : null);
    } else if (job.kind === 'magazine') emit(job.grp, magazinePages(ctx, chrome, job.grp), () => true);
    else if (job.kind === 'crawler') routeRules = crawler(index, state, writes, delta, job.routesOnly === true);
    else await newsletters(env, index, state, writes, delta);
    done += 1;
  }
  // Image derivatives a re-rendered page may now reference (content-hash names: present files are skipped).
  if (jobs.length) await writeMediaFiles(referencedMedia(index), env.assetsDir ?? null, env.key, new FileWriter(writes.root), writes.root);
  // A document that became gated since the last build leaves the published files.
  if (jobs.length) for (const rel of withheldFiles(index)) rmSync(join(writes.root, rel), { force: true });
  return { routeRules, done };
}

function crawler(index: TenantIndex, state: TargetState, writes: Writes, delta: Delta, routesOnly: boolean): RouteRules {
  const out = crawlerFiles(index, routesOnly);
  const seen = new Set<string>();
  for (const f of out.files) {
    seen.add(f.path);
    const hash = digest(f.body);
    if (state.outputs.get(f.path)?.hash === hash) continue;
    delta.set(f.path, { path: f.path, grp: 'crawler', hash, deps: [] });
    writes.file(f.path, f.body, false);
  }
  // A redirect stub (<path>/index.html) goes when its redirect does, unless the path is a page
  // again (a slug changed back): then the page rendered in this run holds that file.
  const isPage = (file: string) => {
    if (!file.endsWith('/index.html')) return false;
    const path = `/${file.slice(0, -'/index.html'.length)}`;
    const now = delta.has(path) ? delta.get(path) : state.outputs.get(path);
    return !!now && now.grp !== 'crawler';
  };
  for (const o of state.outputs.values()) {
    if (o.grp === 'crawler' && !seen.has(o.path) && (!routesOnly || isRouteFile(o.path))) {
      if (!isPage(o.path)) writes.remove(o.path);
      delta.set(o.path, null);
    }
  }
  return out.routeRules;
}

async function newsletters(env: ApplyEnv, index: TenantIndex, state: TargetState, writes: Writes, delta: Delta): Promise<void> {
  const { emitNewsletters } = await import('../stages/emit-newsletters');
  const tmp = join(buildsRootOf(env.outDir, env.key), `.newsletters-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    const result = await emitNewsletters(env.store, env.key, new FileWriter(tmp), { origin: index.tenant.origin, now: index.now });
    const seen = new Set<string>();
    for (const p of result.pages) {
      seen.add(p.path);
      const body = readFileSync(join(tmp, p.file));
      const hash = digest(body);
      if (state.outputs.get(p.path)?.hash !== hash) {
        delta.set(p.path, { path: p.path, grp: 'newsletters', hash, deps: [] });
        writes.file(p.file, body, false);
      }
    }
    for (const o of state.outputs.values()) {
      if (o.grp === 'newsletters' && !seen.has(o.path)) { writes.remove(`${pageDir(o.path)}/index.html`); delta.set(o.path, null); }
    }
    // Media library images the emails show (content-hash names: files already published are skipped).
    await writeMediaFiles(result.media, env.assetsDir ?? null, env.key, new FileWriter(writes.root), writes.root);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
