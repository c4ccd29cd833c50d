// Stage 1, plan: which tenants to build, at which instant, into which folder, under which build
// id, and whether the options make sense (a bad option names its field; nothing is written).
// Every build is a full build for now: every output of the chosen tenants is stale.
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { mediaPublicUrl, type MediaStore } from '../../assets/media-store';
import { AppError } from '../../domain/errors';
import type { Store } from '../../store/connection';
import { countLiveContent, listTenants, type TenantRow } from '../../store/site-reader';
import { configHash } from '../config-hash';
import { DEFAULT_ORIGIN_TEMPLATE, tenantOrigin } from './origin';
import { DEFAULT_CLIENT_DIR, readClientBundle, type ClientBundle } from './client-bundle';

export interface BuildOptions {
  /** Output folder (each tenant in <outDir>/<tenantKey>); default ./out. */
  outDir: string;
  /** Tenant keys to build; all when empty or absent. */
  tenants?: string[] | undefined;
  /** Absolute origin per tenant, with {key} and {domain}; default https://{domain}. */
  originTemplate?: string | undefined;
  /** The build's "now" (epoch ms); default the current time. */
  now?: number | undefined;
  /** Render workers; default one per core. */
  workers?: number | undefined;
  /**
   * The site client bundle folder (vite.site.config.ts output), copied into each tenant's assets/
   * and loaded by every page; default dist/site-client when it has been built; null: no script.
   */
  clientDir?: string | null | undefined;
  /** The pages' build poll interval (ms, 1,000 to 3,600,000); default the spec's 3,600,000. */
  buildPollMs?: number | undefined;
  /** The code/config hash to record (config-hash.ts); default computed now. The incremental builder passes its own. */
  configHash?: string | undefined;
  /** How the render workers start (workers/pool.ts PoolOptions); the caller passes its configuration. */
  workerRuntime?: WorkerRuntime | undefined;
  /** Extra CSP script sources per tenant key ('*': every tenant), written into the static headers files. */
  scriptSources?: ScriptSources | undefined;
  /**
   * The media library: its folder (MASTHEAD_ASSETS_DIR), from which pages' image derivatives are
   * copied (<assetsDir>/<tenant>/), or a bucket's store (MASTHEAD_MEDIA_URL): pages reference its
   * CDN URL and only public documents are copied. Null: none copied.
   */
  assetsDir?: string | MediaStore | null | undefined;
  /** RSS feed blocks and the sourceesb parts API may be on loopback, private and link-local addresses (tests, intranet services). Default false. */
  feedsAllowPrivateHosts?: boolean | undefined;
  /** Where video playlist blocks read the YouTube Data API (tests point it at a local stand-in). */
  youtubeApiOrigin?: string | undefined;
  /** The sourceesb parts API token per tenant key ('*': every tenant); cli/ reads it from MASTHEAD_SOURCEESB_TOKEN. */
  sourceesbTokens?: Readonly<Record<string, string>> | undefined;
  /**
   * The .br/.gz siblings: 'after' (default) once every tenant is published (precompress.ts; the
   * summary times it apart), 'none' (left to `masthead precompress`, a CDN or the server), or
   * 'inline' (written with each file, as before: the build publishes later).
   */
  precompress?: 'after' | 'none' | 'inline' | undefined;
}

/** The CSP script allow-list per tenant key ('*': every tenant). */
export type ScriptSources = Readonly<Record<string, readonly string[]>>;

/** The render workers' start-up settings, from the caller's configuration (cli/ reads the environment). */
export interface WorkerRuntime {
  /** Start from the pre-bundled module while it is fresh (default true). */
  useBundle?: boolean | undefined;
  /** Environment of the worker threads (NODE_ENV is always production). */
  env?: Readonly<Record<string, string | undefined>> | undefined;
}

export interface BuildPlan {
  buildId: string; now: number; outDir: string; originTemplate: string; tenants: TenantRow[];
  scriptSources: ScriptSources;
  /** The media library folder or bucket store, or null (no derivatives are copied). */
  assetsDir: string | MediaStore | null;
  feedsAllowPrivateHosts: boolean;
  youtubeApiOrigin: string | undefined;
  sourceesbTokens: Readonly<Record<string, string>>;
  /** Live items of the largest chosen tenant (sizes the render workers' heaps). */
  maxItems: number;
  /** The site client bundle every page of this build loads, if any. */
  client: ClientBundle | null;
  /** build_epoch when the build started reading (set by runBuild; see schema-builds.ts). */
  epoch?: number;
  /** The code/config hash this build records (computed once per build unless given). */
  configHash: string;
  precompress: 'after' | 'none' | 'inline';
}

const bad = (field: string, message: string) => new AppError('BAD_USER_INPUT', { field, message });

/** A sortable, file-name-safe build id: UTC time plus a random suffix. */
export function makeBuildId(now: number): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, '').replace('.', '');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

function clientBundle(dir: string | null | undefined): ClientBundle | null {
  if (dir === null) return null;
  const bundle = readClientBundle(resolve(dir ?? DEFAULT_CLIENT_DIR));
  if (!bundle && dir !== undefined) throw bad('client-dir', `Must be a built site client bundle folder with .vite/manifest.json (got "${dir}")`);
  return bundle;
}

/** The bundle with the pages' build poll interval set (exported for the incremental builder). */
export function withPoll(bundle: ClientBundle | null, ms: number | undefined): ClientBundle | null {
  if (ms === undefined) return bundle;
  if (!Number.isInteger(ms) || ms < 1_000 || ms > 3_600_000) throw bad('build-poll-ms', 'Must be a whole number of milliseconds from 1000 to 3600000');
  if (!bundle) return null;
  return { ...bundle, scripts: { ...bundle.scripts, buildPollMs: ms } };
}

export async function plan(store: Store, options: BuildOptions): Promise<BuildPlan> {
  const now = options.now ?? Date.now();
  if (!Number.isFinite(now)) throw bad('now', 'Must be a time in epoch milliseconds');
  if (!options.outDir || !options.outDir.trim()) throw bad('out', 'Must be a folder path');
  const originTemplate = options.originTemplate ?? DEFAULT_ORIGIN_TEMPLATE;
  try {
    tenantOrigin(originTemplate, 'key', 'example.com');
  } catch {
    throw bad('origin-template', `Must be an absolute http(s) URL template using {key} or {domain}, e.g. http://{key}.localhost:4000 (got "${originTemplate}")`);
  }
  if (options.workers !== undefined && (!Number.isInteger(options.workers) || options.workers < 1 || options.workers > 64)) {
    throw bad('workers', 'Must be a whole number from 1 to 64');
  }
  const all = await listTenants(store);
  if (all.length === 0) throw bad('tenant', 'The database has no tenants; seed a fixture set first (masthead seed <dir>)');
  const wanted = [...new Set(options.tenants ?? [])];
  for (const key of wanted) {
    if (!all.some((t) => t.tenantKey === key)) throw bad('tenant', `Unknown tenant "${key}" (known: ${all.map((t) => t.tenantKey).join(', ')})`);
  }
  const tenants = wanted.length ? all.filter((t) => wanted.includes(t.tenantKey)) : all;
  const counts = await countLiveContent(store, now);
  const client = withPoll(clientBundle(options.clientDir), options.buildPollMs);
  return {
    buildId: makeBuildId(now),
    now,
    outDir: resolve(options.outDir),
    originTemplate,
    scriptSources: options.scriptSources ?? {},
    assetsDir: typeof options.assetsDir === 'string' ? (options.assetsDir ? resolve(options.assetsDir) : null) : options.assetsDir ?? null,
    feedsAllowPrivateHosts: options.feedsAllowPrivateHosts === true,
    youtubeApiOrigin: options.youtubeApiOrigin,
    sourceesbTokens: options.sourceesbTokens ?? {},
    tenants,
    maxItems: Math.max(0, ...tenants.map((t) => counts.get(t.tenantKey) ?? 0)),
    client,
    configHash: options.configHash ?? configHash(originTemplate, client ? JSON.stringify(client.scripts) : null, options.scriptSources, mediaPublicUrl(options.assetsDir)),
    precompress: options.precompress ?? 'after',
  };
}
