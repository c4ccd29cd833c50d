// Stage 6, publish: the atomic swap (DESIGN §4). A build is written into a staging folder
// out/.builds/<key>/.staging-<id>/; builds/meta/<id>.json and then builds/latest.json are written
// there (temp name + rename); the folder is renamed to out/.builds/<key>/<id>/; last, the symlink
// out/<key> is replaced by a new one (a rename, atomic on POSIX). Until that rename the previous
// build stays served whole: killing the process at any moment leaves out/<key> pointing at a
// complete build whose latest.json names itself. One writer per tenant: a lock file with the pid.
import {
  existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync,
  unlinkSync, writeFileSync, openSync, closeSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { TargetRow } from '../../store/queries/builds';
import type { RouteRules } from './emit-redirects';
import { withPath } from './writer';

export const BUILDS_DIR = '.builds';
const KEEP_BUILDS = 2;
const EXTRA_META_KEPT = 5;

export interface BuildMeta { id: string; timestamp: number; routeRules: RouteRules; prerendered: string[] }
export interface LatestBuild { id: string; timestamp: number }

export interface TenantTarget {
  key: string;
  buildId: string;
  /** out/<key>: the symlink readers and static hosts serve. */
  livePath: string;
  /** out/.builds/<key> */
  buildsRoot: string;
  /** out/.builds/<key>/.staging-<id> */
  staging: string;
  lockPath: string;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the tenant's build lock (stealing it from a dead process). Returns the lock file's path. */
export function lockTenant(buildsRoot: string, key: string): string {
  mkdirSync(buildsRoot, { recursive: true });
  const lockPath = join(buildsRoot, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      try {
        writeFileSync(fd, String(process.pid));
      } catch (e) {
        // Out of space: no empty lock file stays behind.
        rmSync(lockPath, { force: true });
        throw withPath(e, lockPath);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === 1) throw withPath(e, lockPath);
      let pid: number;
      try { pid = Number(readFileSync(lockPath, 'utf8').trim()); } catch (err) { throw withPath(err, lockPath); }
      if (Number.isInteger(pid) && pid > 0 && pidAlive(pid) && pid !== process.pid) {
        throw new Error(`Another build of "${key}" is running (pid ${pid}); lock ${lockPath}`);
      }
      rmSync(lockPath, { force: true });
    }
  }
  return lockPath;
}

/** Releases a lock this process holds. */
export function unlockTenant(lockPath: string): void {
  try {
    if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
  } catch { /* already gone */ }
}

/** out/.builds/<key> */
export function buildsRootOf(outDir: string, key: string): string {
  return join(resolve(outDir), BUILDS_DIR, key);
}

/** Takes the tenant's lock (stealing it from a dead process) and creates the staging folder. */
export function prepareTarget(outDir: string, key: string, buildId: string): TenantTarget {
  const out = resolve(outDir);
  const buildsRoot = join(out, BUILDS_DIR, key);
  const lockPath = lockTenant(buildsRoot, key);
  const staging = join(buildsRoot, `.staging-${buildId}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  return { key, buildId, livePath: join(out, key), buildsRoot, staging, lockPath };
}

/** Writes `data` to `path` under a temporary name, then renames it into place. */
export function writeAtomic(path: string, data: string | Buffer): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    // A full disk leaves no half-written temporary file behind, and the error names the file.
    rmSync(tmp, { force: true });
    throw withPath(e, path);
  }
}


/** The build currently served for a tenant, read from out/<key>/builds/latest.json. */
export function readLatest(outDir: string, key: string): LatestBuild | null {
  try {
    return JSON.parse(readFileSync(join(resolve(outDir), key, 'builds', 'latest.json'), 'utf8')) as LatestBuild;
  } catch {
    return null;
  }
}

/**
 * Names a finished build in a tenant folder: builds/meta/<id>.json, then builds/latest.json last,
 * so latest.json names the build only once every other file of it is in place. The full build
 * calls it on its staging folder, the incremental builder on the live folder.
 */
export function writeBuildPointer(root: string, meta: BuildMeta, prerenderedJson?: string): string {
  const metaDir = join(root, 'builds', 'meta');
  mkdirSync(metaDir, { recursive: true });
  writeAtomic(join(metaDir, `${meta.id}.json`), metaJson(meta, prerenderedJson));
  writeAtomic(join(root, 'builds', 'latest.json'), JSON.stringify({ id: meta.id, timestamp: meta.timestamp } satisfies LatestBuild));
  return metaDir;
}

/**
 * builds/meta/<id>.json: JSON.stringify(meta), with the page list's JSON passed in when the caller
 * keeps it (an incremental builder publishes the same 13,000 paths, 750 KB, twice per edit).
 */
export function metaJson(meta: BuildMeta, prerenderedJson = JSON.stringify(meta.prerendered)): string {
  const head = JSON.stringify({ id: meta.id, timestamp: meta.timestamp, routeRules: meta.routeRules } satisfies Omit<BuildMeta, 'prerendered'>);
  return `${head.slice(0, -1)},"prerendered":${prerenderedJson}}`;
}

/** Keeps the newest few builds/meta files besides `keep` (a live folder updated in place collects them). */
export function pruneMeta(metaDir: string, keep: string): void {
  const names = readdirSync(metaDir).filter((n) => n.endsWith('.json') && n !== `${keep}.json`).sort().reverse();
  for (const n of names.slice(EXTRA_META_KEPT)) rmSync(join(metaDir, n), { force: true });
}

/** What a tenant's stored build state says about its live build. */
export type LiveTarget = Pick<TargetRow, 'buildId' | 'configHash' | 'state'>;

/**
 * True when the live build can be updated in place or left as it is: the state names a build, that
 * build is the one out/<key>/builds/latest.json names, it is not half-written, and it was made with
 * the same code and config. Otherwise the next build is a full one.
 */
export function liveBuildUsable(outDir: string, key: string, target: LiveTarget | null | undefined, config: string): boolean {
  if (!target?.buildId || target.configHash !== config || target.state === 'building') return false;
  return readLatest(outDir, key)?.id === target.buildId;
}

/** Finishes the staging folder and swaps it in. Returns the published build folder. */
export function publish(target: TenantTarget, meta: BuildMeta): string {
  writeBuildPointer(target.staging, meta);
  const final = join(target.buildsRoot, target.buildId);
  rmSync(final, { recursive: true, force: true });
  renameSync(target.staging, final);
  swapLink(target.livePath, final);
  return final;
}

function swapLink(livePath: string, final: string): void {
  const link = relative(join(livePath, '..'), final);
  const tmp = `${livePath}.link-${process.pid}`;
  rmSync(tmp, { force: true });
  symlinkSync(link, tmp, 'dir');
  const existing = existsSync(livePath) || isSymlink(livePath) ? lstatSync(livePath) : null;
  if (existing && !existing.isSymbolicLink()) {
    // An output folder from before atomic publishing: move it aside once (brief gap, first time only).
    renameSync(livePath, `${final}.previous-folder`);
  }
  renameSync(tmp, livePath);
}

function isSymlink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Removes stale staging folders and all but the newest published builds (never the live one). */
export function cleanup(target: TenantTarget): void {
  let live = '';
  try {
    live = readlinkSync(target.livePath).split('/').pop() ?? '';
  } catch { /* no live build yet */ }
  const names = readdirSync(target.buildsRoot).filter((n) => n !== '.lock');
  for (const n of names) if (n.startsWith('.staging-') && n !== `.staging-${target.buildId}`) rmSync(join(target.buildsRoot, n), { recursive: true, force: true });
  const builds = names.filter((n) => !n.startsWith('.')).sort().reverse();
  for (const n of builds.slice(KEEP_BUILDS)) if (n !== live) rmSync(join(target.buildsRoot, n), { recursive: true, force: true });
}

/** Releases the lock; on failure also drops the unfinished staging folder. */
export function release(target: TenantTarget, failed: boolean): void {
  if (failed) rmSync(target.staging, { recursive: true, force: true });
  unlockTenant(target.lockPath);
}
