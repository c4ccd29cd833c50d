// Build state (issue #5): what each published build of a tenant was made from, so the next build
// re-renders only what changed, and the durable rebuild queue `masthead serve` drains.
// - build_targets: one row per (tenant, output folder): the live build id, the instant it was built
//   at, the hash of the templates/code/config it used, the next time-driven change, and the status
//   getBuildStatus reports.
// - build_inputs: a fingerprint per input key (c:<id>, s:<id>, list:<id>, layout:<id>, menus,
//   settings, redirects, news …) as of the live build.
// - build_outputs: per output (a page path, or a crawler file), its group, content hash and the
//   input keys it read.
// - rebuild_requests: API changes waiting for (or being processed by) the tenant's one writer.
// - site_metrics: Masthead's own timings per tenant and UTC day (builds, edit→live, API requests),
//   as counts, totals, maxima and latency histograms: the site performance report (issue #20).
// - build_epoch: one counter that database triggers (migration 0005) bump on any write to a table
//   the build reads, so `masthead build` knows in one query that nothing changed.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { tenants } from './schema';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const buildTargets = sqliteTable('build_targets', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  /** Absolute output folder (the tenant's site is <outDir>/<tenantKey>). */
  outDir: text('out_dir').notNull(),
  /** Hash of site/, templates/, the build code and the origin template the live build used. */
  configHash: text('config_hash').notNull().default(''),
  buildId: text('build_id'),
  /** The build's "now" (epoch ms). */
  builtAt: integer('built_at'),
  /** build_epoch.n when the live build read the database. */
  epoch: integer('epoch').notNull().default(0),
  /** The next instant at which a start/end date or the news window changes the site (null: none). */
  nextBoundary: integer('next_boundary'),
  /** queued | building | live | failed */
  state: text('state').notNull().default('queued'),
  startedAt: integer('started_at'),
  finishedAt: integer('finished_at'),
  pagesWritten: integer('pages_written').notNull().default(0),
  error: text('error'),
  updatedAt: integer('updated_at').notNull().default(now),
}, (t) => [uniqueIndex('build_targets_tenant_out').on(t.tenantKey, t.outDir)]);

export const buildInputs = sqliteTable('build_inputs', {
  targetId: integer('target_id').notNull().references(() => buildTargets.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  hash: text('hash').notNull(),
}, (t) => [primaryKey({ columns: [t.targetId, t.key] })]);

export const buildOutputs = sqliteTable('build_outputs', {
  targetId: integer('target_id').notNull().references(() => buildTargets.id, { onDelete: 'cascade' }),
  /** Page path (/markets/page/2) or, for crawler files, the file path (sitemap.xml). */
  path: text('path').notNull(),
  /** content:<id> | listing:<sectionId|home> | shells | crawler | static */
  grp: text('grp').notNull(),
  hash: text('hash').notNull(),
  /** JSON array of input keys. */
  deps: text('deps').notNull().default('[]'),
}, (t) => [primaryKey({ columns: [t.targetId, t.path] }), index('build_outputs_group').on(t.targetId, t.grp)]);

export const rebuildRequests = sqliteTable('rebuild_requests', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  /** JSON: { entity, action, ids } of the API change, or { entity: 'time' | 'full' }. */
  change: text('change').notNull(),
  enqueuedAt: integer('enqueued_at').notNull().default(now),
  /** pending | running | done | failed */
  state: text('state').notNull().default('pending'),
  startedAt: integer('started_at'),
  finishedAt: integer('finished_at'),
  buildId: text('build_id'),
  /** The last failure's message (kept while the request waits for its retry). */
  error: text('error'),
  /** Failed rebuilds of this request so far: a failed request goes back to pending until it is published. */
  attempts: integer('attempts').notNull().default(0),
  /** When a failed request is retried (epoch ms); null while it never failed. */
  retryAt: integer('retry_at'),
}, (t) => [index('rebuild_requests_tenant_state').on(t.tenantKey, t.state, t.id)]);

export const buildEpoch = sqliteTable('build_epoch', {
  id: integer('id').primaryKey(),
  n: integer('n').notNull().default(0),
});

/**
 * Settings of the installation that belong with its data rather than with one process's flags
 * (name → value). origin_template: the {key}/{domain} template the live sites are served at, written
 * by `masthead demo` and `masthead serve`, read by `masthead build` when no template is given, so
 * every build of a database makes the same absolute URLs (issue 35).
 */
export const installationSettings = sqliteTable('installation_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at').notNull().default(now),
});

export const siteMetrics = sqliteTable('site_metrics', {
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  /** build | edit-live | api (engine/domain/site-metrics.ts). */
  metric: text('metric').notNull(),
  /** UTC day, YYYY-MM-DD. */
  day: text('day').notNull(),
  n: integer('n').notNull().default(0),
  totalMs: integer('total_ms').notNull().default(0),
  maxMs: integer('max_ms').notNull().default(0),
  /** JSON array: how many samples fell in each latency bucket (LATENCY_BOUNDS_MS, then one for longer). */
  buckets: text('buckets').notNull().default('[]'),
}, (t) => [primaryKey({ columns: [t.tenantKey, t.metric, t.day] })]);
