// The fetch stage: what a tenant's pages show from elsewhere — the RSS feeds its layouts' feed
// blocks name (feeds.ts), its video playlists (playlists.ts, with a YouTube key) and its sourceesb
// parts catalogue (sourceesb.ts, with a module layout and a parts API) — read through their bounded
// fetchers (timeouts, size caps, no redirects, private addresses refused) into the feed cache, which
// keeps the last good copy of each. A full build runs it before rendering a tenant (run-build.ts);
// `masthead serve` runs it on its feed-refresh job (refreshRemoteData) and rebuilds a tenant only
// when a cached copy changed (`changed`).
import type { Layout } from '../../domain/layout';
import { PARTS_CACHE_KEY, partsCatalogueOf, SOURCEESB_MODULE_KEY, type PartsCatalogue } from '../../domain/sourceesb';
import type { Store } from '../../store/connection';
import { feedRows, type FeedItemRow, type FeedRow } from '../../store/queries/feeds';
import { listAllLayouts } from '../../store/queries/layouts';
import { listTenants } from '../../store/queries/tenants';
import { inTenant } from '../../store/tenant-scope';
import { feedUrls, refreshFeeds, type FetchLike } from '../feeds';
import { playlistIds, refreshPlaylists } from '../playlists';
import { refreshParts } from '../sourceesb';

export interface FetchStageOptions {
  now: number;
  /** Allow feeds and parts APIs on loopback, private or link-local addresses (tests, an intranet service). */
  allowPrivateHosts?: boolean | undefined;
  youtubeApiOrigin?: string | undefined;
  /** The sourceesb parts API's bearer token for this tenant. */
  sourceesbToken?: string | undefined;
  /** A feed is fetched again once its copy is older than this (default feeds.ts FEED_REFRESH_MS; 0: every time). */
  feedRefreshMs?: number | undefined;
  /** The parts catalogue is read again once its copy is older than this (default: every time, as a build does). */
  partsRefreshMs?: number | undefined;
  fetch?: FetchLike | undefined;
}

export interface FetchStageResult {
  /** One per feed, playlist or catalogue that could not be read (its last good copy stays). */
  warnings: string[];
  /** The feed-cache keys (feed URLs, playlist addresses, PARTS_CACHE_KEY) whose stored items changed. */
  changed: string[];
  /** The cached copies after the fetch, when anything was fetched: what the pages show. */
  feeds?: Record<string, FeedItemRow[]>;
  parts?: PartsCatalogue | null;
}

interface TenantSettings { youtube?: { apiKey?: string | undefined } | undefined; sourceesb?: { apiBaseUrl?: string | undefined } | unknown }

const hasParts = (layouts: readonly Layout[], settings: TenantSettings) =>
  layouts.some((l) => l.type === 'module' && l.key?.trim() === SOURCEESB_MODULE_KEY) &&
  typeof (settings.sourceesb as { apiBaseUrl?: unknown } | undefined)?.apiBaseUrl === 'string';

const copies = (rows: readonly FeedRow[]) => new Map(rows.map((r) => [r.url, JSON.stringify(r.items)]));

/** Refreshes the tenant's remote feeds, playlists and parts catalogue (each as it is due) and says what changed. */
export async function fetchRemote(store: Store, tenantKey: string, layouts: readonly Layout[], settings: TenantSettings, o: FetchStageOptions): Promise<FetchStageResult> {
  const feeds = feedUrls(layouts).length > 0 || playlistIds(layouts).length > 0;
  const parts = hasParts(layouts, settings);
  if (!feeds && !parts) return { warnings: [], changed: [] };
  const rowsBefore = await feedRows(store.db, tenantKey);
  const before = copies(rowsBefore);
  const warnings: string[] = [];
  if (feeds) {
    warnings.push(...await refreshFeeds(store, tenantKey, layouts, { now: o.now, allowPrivateHosts: o.allowPrivateHosts === true, ...(o.fetch ? { fetch: o.fetch } : {}), ...(o.feedRefreshMs !== undefined ? { refreshMs: o.feedRefreshMs } : {}) }));
    const apiKey = (settings.youtube as { apiKey?: string } | undefined)?.apiKey;
    warnings.push(...await refreshPlaylists(store, tenantKey, layouts, { now: o.now, apiKey, ...(o.youtubeApiOrigin ? { apiOrigin: o.youtubeApiOrigin } : {}), ...(o.fetch ? { fetch: o.fetch } : {}) }));
  }
  const partsAt = rowsBefore.find((r) => r.url === PARTS_CACHE_KEY)?.fetchedAt;
  if (parts && (o.partsRefreshMs === undefined || partsAt === undefined || o.now - partsAt >= o.partsRefreshMs)) {
    warnings.push(...await refreshParts(store, tenantKey, settings as { sourceesb?: unknown }, true, { now: o.now, token: o.sourceesbToken, allowPrivateHosts: o.allowPrivateHosts, fetch: o.fetch }));
  }
  const rows = await feedRows(store.db, tenantKey);
  const after = copies(rows);
  const changed = [...after].filter(([url, items]) => before.get(url) !== items).map(([url]) => url);
  return {
    warnings, changed,
    feeds: Object.fromEntries(rows.filter((f) => f.url !== PARTS_CACHE_KEY).map((f) => [f.url, f.items])),
    parts: partsCatalogueOf(rows.find((f) => f.url === PARTS_CACHE_KEY)?.items),
  };
}

export interface RemoteRefresh { tenantKey: string; changed: string[]; warnings: string[] }

/**
 * The fetch stage for every tenant (or the chosen ones), outside a build: `masthead serve`'s
 * feed-refresh job. Each tenant is read acting for it (row-level security on PostgreSQL). Returns
 * the tenants that read anything from elsewhere.
 */
export async function refreshRemoteData(store: Store, o: Omit<FetchStageOptions, 'sourceesbToken'> & {
  tenants?: readonly string[]; sourceesbTokens?: Readonly<Record<string, string>> | undefined;
}): Promise<RemoteRefresh[]> {
  const out: RemoteRefresh[] = [];
  for (const t of await listTenants(store.db)) {
    if (o.tenants && !o.tenants.includes(t.tenantKey)) continue;
    const r = await inTenant(t.tenantKey, async () => {
      const layouts = (await listAllLayouts(store.db, t.tenantKey)) as unknown as Layout[];
      return fetchRemote(store, t.tenantKey, layouts, (t.settings ?? {}) as TenantSettings, { ...o, sourceesbToken: o.sourceesbTokens?.[t.tenantKey] ?? o.sourceesbTokens?.['*'] });
    });
    if (r.feeds || r.parts !== undefined) out.push({ tenantKey: t.tenantKey, changed: r.changed, warnings: r.warnings });
  }
  return out;
}
