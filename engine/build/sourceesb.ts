// The sourceesb parts directory (issue 42): before a full build loads a tenant whose layouts include
// a module layout keyed sourceesb and whose settings name a parts API (settings.sourceesb.apiBaseUrl),
// the catalogue is read from that API (engine/domain/sourceesb.ts is its contract): search pages
// until maxParts, then each part's details and, when it has one, its datasheet address. Every
// request has a timeout, the whole refresh a deadline, answers a size cap, and redirects are not
// followed. A complete read replaces the tenant's last good copy (the feed cache, key
// PARTS_CACHE_KEY); any failure keeps that copy and returns a warning naming the tenant and the URL
// (the token is sent as a bearer header and never appears in a warning, a page or the cache).
// Incremental updates (serve's rebuilds) render from the stored copy and never call the API (serve's
// feed-refresh job reads it through stages/fetch.ts and requests a rebuild when it changed);
// `masthead build` reads it for every tenant it builds, incrementally or not (refreshTenantParts).
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { z } from 'zod';
import type { Store } from '../store/connection';
import { feedRows, putFeed, type FeedItemRow } from '../store/queries/feeds';
import { listAllLayouts } from '../store/queries/layouts';
import {
  datasheetAnswerSchema, partDetailsSchema, partsCatalogueOf, partSearchAnswerSchema, PARTS_CACHE_KEY, SOURCEESB_MODULE_KEY, sourceesbSettingsSchema,
  type Part, type PartsCatalogue,
} from '../domain/sourceesb';
import { isPrivateAddress, type FetchLike } from './feeds';

export const PARTS_PAGE_SIZE = 100;
export const PARTS_MAX_BYTES = 1024 * 1024;
export const PARTS_DEADLINE_MS = 60_000;
const CONCURRENCY = 4;

export interface PartsRefreshOptions {
  /** The API token (MASTHEAD_SOURCEESB_TOKEN, read by cli/); absent: requests go without authorization. */
  token?: string | undefined;
  fetch?: FetchLike | undefined;
  /** Allow an API on loopback, private or link-local addresses (tests, an intranet parts service). */
  allowPrivateHosts?: boolean | undefined;
  deadlineMs?: number | undefined;
}

/** A tenant reads the parts API only when one of its module layouts names this key. */
export { SOURCEESB_MODULE_KEY };

async function checkHost(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  if (addresses.some(isPrivateAddress)) throw new Error('refused: the address is loopback, private or link-local');
}

class Reader {
  constructor(private readonly base: string, private readonly opts: PartsRefreshOptions, private readonly timeoutMs: number, private readonly deadline: AbortSignal) {}

  async get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    const url = `${this.base.replace(/\/+$/, '')}${path}`;
    const fetchImpl = this.opts.fetch ?? (globalThis.fetch as FetchLike);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.opts.token) headers.authorization = `Bearer ${this.opts.token}`;
    const res = await fetchImpl(url, { redirect: 'manual', signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.deadline]), headers });
    if (!res.ok) throw new Error(`HTTP ${res.status} from ${path}`);
    if (Number(res.headers.get('content-length') ?? 0) > PARTS_MAX_BYTES) throw new Error(`answer too large from ${path}`);
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length > PARTS_MAX_BYTES) throw new Error(`answer too large from ${path}`);
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw new Error(`not JSON from ${path}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new Error(`unexpected answer from ${path} (${parsed.error.issues[0]?.path.join('.') || 'body'}: ${parsed.error.issues[0]?.message})`);
    return parsed.data;
  }
}

/** Runs `work` over `items`, at most CONCURRENCY at a time, in order of the results. */
async function mapLimited<T, R>(items: readonly T[], work: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  }));
  return out;
}

/** The whole catalogue from the API (throws on any failure: a half-read catalogue is never kept). */
export async function readCatalogue(base: string, maxParts: number, timeoutMs: number, opts: PartsRefreshOptions): Promise<PartsCatalogue> {
  if (opts.allowPrivateHosts !== true) await checkHost(base);
  const r = new Reader(base, opts, timeoutMs, AbortSignal.timeout(opts.deadlineMs ?? PARTS_DEADLINE_MS));
  const numbers: string[] = [];
  const seen = new Set<string>();
  const pagesMax = Math.ceil(maxParts / PARTS_PAGE_SIZE) + 1;
  for (let page = 1; page <= pagesMax && numbers.length < maxParts; page++) {
    const answer = await r.get(`/parts?${new URLSearchParams({ q: '', page: String(page), limit: String(PARTS_PAGE_SIZE) })}`, partSearchAnswerSchema);
    for (const p of answer.parts) {
      if (seen.has(p.partNumber) || numbers.length >= maxParts) continue;
      seen.add(p.partNumber);
      numbers.push(p.partNumber);
    }
    if (answer.parts.length === 0 || page * PARTS_PAGE_SIZE >= answer.total) break;
  }
  const parts = await mapLimited(numbers, async (pn): Promise<Part> => {
    const path = `/parts/${encodeURIComponent(pn)}`;
    const d = await r.get(path, partDetailsSchema);
    const datasheet = d.hasDatasheet ? await r.get(`${path}/datasheet`, datasheetAnswerSchema) : null;
    return { partNumber: d.partNumber, name: d.name, manufacturer: d.manufacturer, category: d.category, description: d.description, specs: d.specs, datasheet };
  });
  return { source: base, parts };
}

/**
 * Refreshes the tenant's parts catalogue when it has a sourceesb module layout and a parts API URL,
 * and returns the warnings (none when nothing was due). `settings` is the tenant's site settings.
 */
export async function refreshParts(store: Store, tenantKey: string, settings: { sourceesb?: unknown }, hasModule: boolean, opts: PartsRefreshOptions & { now: number }): Promise<string[]> {
  if (!hasModule || settings.sourceesb === undefined) return [];
  const s = sourceesbSettingsSchema.safeParse(settings.sourceesb);
  if (!s.success) return [`sourceesb parts directory of tenant ${tenantKey}: settings.sourceesb.${s.error.issues[0]?.path.join('.')} ${s.error.issues[0]?.message}`];
  const base = s.data.apiBaseUrl;
  if (!base) return [];
  try {
    const catalogue = await readCatalogue(base, s.data.maxParts, s.data.timeoutMs, opts);
    // The feed cache's items column holds JSON; the catalogue is checked again when read (partsCatalogueOf).
    await putFeed(store.db, tenantKey, PARTS_CACHE_KEY, catalogue as unknown as FeedItemRow[], opts.now);
    return [];
  } catch (e) {
    const have = partsCatalogueOf((await feedRows(store.db, tenantKey)).find((f) => f.url === PARTS_CACHE_KEY)?.items);
    const reason = e instanceof Error ? (e.name === 'TimeoutError' || e.name === 'AbortError' ? 'timed out' : e.message) : 'failed';
    return [`sourceesb parts API of tenant ${tenantKey} at ${base} not read (${reason}); ${have ? `keeping the last good copy (${have.parts.length} parts)` : 'the parts directory shows that the catalogue is unavailable'}`];
  }
}

/**
 * `masthead build` on a tenant built incrementally: the catalogue is read as in a full build (when
 * the tenant has a sourceesb module layout and a parts API), and `changed` says whether the stored
 * copy changed, so the caller updates the tenant even when no edit is pending.
 */
export async function refreshTenantParts(store: Store, tenantKey: string, settings: { sourceesb?: unknown }, opts: PartsRefreshOptions & { now: number }): Promise<{ warnings: string[]; changed: boolean }> {
  const s = sourceesbSettingsSchema.safeParse(settings.sourceesb ?? {});
  if (settings.sourceesb === undefined || !s.success || !s.data.apiBaseUrl) return { warnings: [], changed: false };
  const has = (await listAllLayouts(store.db, tenantKey)).some((l) => l.type === 'module' && l.key?.trim() === SOURCEESB_MODULE_KEY);
  if (!has) return { warnings: [], changed: false };
  const copy = async () => JSON.stringify((await feedRows(store.db, tenantKey)).find((f) => f.url === PARTS_CACHE_KEY)?.items ?? null);
  const before = await copy();
  const warnings = await refreshParts(store, tenantKey, settings, true, opts);
  return { warnings, changed: (await copy()) !== before };
}
