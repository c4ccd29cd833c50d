// What a build stores about itself for the next incremental build: input fingerprints, per-output
// hashes and keys, and the next instant time alone changes the site (a start or end date, an item
// leaving the news window, the footer's new year). Used by the full build (run-build.ts) and the
// incremental builder (tenant-builder.ts); free of the renderer, so the main thread stays light.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { dialectOf, type Store } from '../../store/connection';
import { deleteTargets, ensureTarget, otherTargets, saveTargetState, type OutputRow } from '../../store/queries/builds';
import { newsletterStamp, nextDateBoundary } from '../../store/queries/builds-content';
import type { BuildCaches } from '../caches';
import { newsletterCodeHash } from '../config-hash';
import { digest } from '../deps';
import { fingerprints } from '../stages/fingerprints';
import type { NewsletterEmitResult } from '../stages/emit-newsletters';
import { NEWS_WINDOW_MS, newsItems } from '../stages/emit-sitemaps';
import type { BuildPlan } from '../stages/plan';
import type { TenantIndex } from '../types';
import { nextHouseAdChange } from '../../domain/house-ads';

/** Next midnight of 1 January in America/Chicago (UTC−6 in winter): the footer's year changes. */
export function nextYearStart(now: number): number {
  const chicago = new Date(now - 6 * 3_600_000);
  return Date.UTC(chicago.getUTCFullYear() + 1, 0, 1, 6);
}

/** True when a layout of the tenant holds an event list block. */
function hasEventList(index: TenantIndex): boolean {
  return (index.layouts ?? []).some((l) => l.primaryGrid.rows.some((r) => r.columns.some((c) => c.blocks.some((b) => b.type === 'event_list'))));
}

/** The index-only part of the time boundary: the year's end and items leaving the news window. */
export function indexBoundary(index: TenantIndex, now: number): number {
  let next = nextYearStart(now);
  for (const c of newsItems(index)) if (c.published !== null && c.published + NEWS_WINDOW_MS > now) next = Math.min(next, c.published + NEWS_WINDOW_MS);
  // an event or webinar ends: upcoming event lists drop it (stages/blocks/events.ts resolveEventList: end >= now)
  if (hasEventList(index)) for (const c of index.content) {
    if (c.type !== 'Event' && c.type !== 'Webinar') continue;
    const end = c.event?.endDate ?? c.event?.startDate;
    if (end !== undefined && end + 1 > now) next = Math.min(next, end + 1);
  }
  // an issue's start or end date: its pages appear or go
  const issueChange = index.magazine?.nextChange;
  if (issueChange !== null && issueChange !== undefined && issueChange > now) next = Math.min(next, issueChange);
  // a house ad's schedule starts or ends: the pages show another creative (issue 19)
  const adChange = nextHouseAdChange(index.ads?.house ?? [], now);
  if (adChange !== null) next = Math.min(next, adChange);
  return next;
}

/** The first instant after `now` at which time alone changes the tenant's site. */
export async function timeBoundary(store: Store, key: string, indexPart: number, now: number): Promise<number> {
  const dates = await nextDateBoundary(store, key, now);
  return dates === null ? indexPart : Math.min(indexPart, dates);
}

export interface FullState {
  key: string; outDir: string; config: string; buildId: string; now: number; epoch: number; nextBoundary: number;
  inputs: Map<string, string>; outputs: OutputRow[]; pages: number;
}

/**
 * Replaces the target's stored state with a full build's. On SQLite (one machine: every output
 * folder of the database is on this one) it also drops the state of the tenant's output folders
 * that no longer exist: a full build into a new folder stores about two rows per page, so builds
 * into temporary folders (CI previews, benchmarks) would otherwise grow the database for good.
 * On PostgreSQL another instance's folder may simply not be mounted here, so nothing is dropped.
 */
export async function saveFullState(store: Store, s: FullState): Promise<void> {
  const target = await ensureTarget(store, s.key, s.outDir);
  await saveTargetState(store, target.id, {
    configHash: s.config, buildId: s.buildId, builtAt: s.now, epoch: s.epoch, nextBoundary: s.nextBoundary, state: 'live',
    finishedAt: Date.now(), pagesWritten: s.pages, error: null,
  }, new Map(s.inputs), new Map(s.outputs.map((o) => [o.path, o])), true);
  if (dialectOf(store) === 'sqlite') {
    const gone = (await otherTargets(store, s.key, s.outDir)).filter((t) => isAbsolute(t.outDir) && !existsSync(join(t.outDir, s.key)));
    await deleteTargets(store, gone.map((t) => t.id));
  }
}

export interface TrackedInputs { inputs: Map<string, string>; indexBoundary: number }

/** Fingerprints of a full build's index, taken before the main thread drops it. */
export function trackInputs(index: TenantIndex, now: number, caches: BuildCaches): TrackedInputs {
  return { inputs: fingerprints(index, caches), indexBoundary: indexBoundary(index, now) };
}

/**
 * Stores a finished full build's state (after publish). A failure is reported, not thrown: the
 * build is live, and the next build sees a state that does not name it and builds in full.
 */
export async function saveBuildState(
  store: Store, p: BuildPlan, key: string, tracked: TrackedInputs, outputs: OutputRow[], newsletters: NewsletterEmitResult,
  folder: string, warn: (message: string) => void, caches: BuildCaches,
): Promise<void> {
  try {
    const all = [...outputs];
    for (const n of newsletters.pages) all.push({ path: n.path, grp: 'newsletters', hash: digest(readFileSync(join(folder, n.file))), deps: [] });
    tracked.inputs.set('nl', digest(await newsletterStamp(store, key), newsletterCodeHash(caches)));
    await saveFullState(store, {
      key, outDir: p.outDir, config: p.configHash, buildId: p.buildId, now: p.now,
      epoch: p.epoch ?? 0, nextBoundary: await timeBoundary(store, key, tracked.indexBoundary, p.now), inputs: tracked.inputs,
      outputs: all, pages: outputs.length,
    });
  } catch (e) {
    warn(`build state not saved (the next build will be a full one): ${e instanceof Error ? e.message : String(e)}`);
  }
}
