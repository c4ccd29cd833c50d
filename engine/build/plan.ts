// Stage 1, plan: which tenants to build, at which instant, into which folder, under which build
// id, and whether the options make sense (a bad option names its field; nothing is written).
// Every build is a full build for now: every output of the chosen tenants is stale.
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { AppError } from '../domain/errors';
import type { Store } from '../store/connection';
import { countLiveContent, listTenants, type TenantRow } from '../store/site-reader';
import { DEFAULT_ORIGIN_TEMPLATE, tenantOrigin } from './load';

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
}

export interface BuildPlan {
  buildId: string; now: number; outDir: string; originTemplate: string; tenants: TenantRow[];
  /** Live items of the largest chosen tenant (sizes the render workers' heaps). */
  maxItems: number;
}

const bad = (field: string, message: string) => new AppError('BAD_USER_INPUT', { field, message });

/** A sortable, file-name-safe build id: UTC time plus a random suffix. */
export function makeBuildId(now: number): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, '').replace('.', '');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
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
  return {
    buildId: makeBuildId(now),
    now,
    outDir: resolve(options.outDir),
    originTemplate,
    tenants,
    maxItems: Math.max(0, ...tenants.map((t) => counts.get(t.tenantKey) ?? 0)),
  };
}
