// The one operation behind every report (issue #20): find the definition, read its parameters from
// the address query (the same parser the admin screen uses), check who may see which tenant's
// numbers, run the store query for the period and the comparison period. GraphQL (a sorted page of
// rows) and the export route (every row, CSV or XLSX) both call it.
import { AppError } from '../../domain/errors';
import { comparisonRange, parseReportParams, reportById, sortRows, type ReportData, type ReportDefinition, type ReportId, type ReportParams } from '../../domain/reports';
import { badInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { countDropsBetween, reportGeneration } from '../../store/queries/events';
import { runReportQuery } from '../../store/queries/reports';
import { EXCESS_REASONS } from '../events';
import { allTenants, inTenant } from '../../store/tenant-scope';
import { requireTenantPermission, type Actor } from '../kernel/access';
import type { LazyCaller } from '../kernel/operation';

export interface ReportAnswer {
  def: ReportDefinition;
  params: ReportParams;
  /** The tenant counted, or '*' for every tenant. */
  tenant: string;
  data: ReportData;
  comparison: { from: string; to: string; summary: Record<string, number> } | null;
  /** Events of the period dropped by the ingestion limits (engine/services/events/ingest.ts EXCESS_REASONS), for reports that count events; else null. */
  droppedEvents: number | null;
}

/** The reports whose figures count tracked events (the event rollups): they carry the dropped-events note. */
export const EVENT_REPORTS: ReadonlySet<string> = new Set([
  'content-views', 'top-content-by-pub-date', 'content-favorites', 'registrations', 'incomplete-registrations', 'logins',
  'newsletter-subscriptions', 'menu-link-clicks', 'media-gallery', 'company-engagement', 'site-license-company-page-views',
  'sponsored-search-logo-clicks', 'recommendations', 'recommendation-page-views', 'recommendation-clients', 'content-detail', 'cross-site-reports',
]);

const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * The tenants a report may count for this actor: its own request tenant, another it is scoped to, or
 * every tenant (global staff). Cross-site reports always count every tenant, so only global staff run them.
 */
async function tenantsFor(ctx: LazyCaller, def: ReportDefinition, wanted: string | null): Promise<{ actor: Actor; tenant: string; keys: string[] | null }> {
  const perms = def.permissions;
  if (wanted === '*' || def.crossSite) {
    const actor = requireTenantPermission(await ctx.actor(), (await ctx.tenant()).tenantKey, perms);
    if (!actor.isGlobal) throw new AppError('FORBIDDEN');
    return { actor, tenant: '*', keys: null };
  }
  const key = wanted ?? (await ctx.tenant()).tenantKey;
  const actor = requireTenantPermission(await ctx.actor(), key, perms);
  if (wanted && !(await ctx.services.tenants.byKey(wanted))) badInput('tenant', 'No site has this key');
  return { actor, tenant: key, keys: [key] };
}

export async function runReport(ctx: LazyCaller, id: string, search: string): Promise<ReportAnswer> {
  const def = reportById(id);
  if (!def) badInput('id', 'No report has this id');
  const parsed = parseReportParams(def, new URLSearchParams(search), today());
  if (!parsed.ok) badInput(parsed.errors[0]!.field, parsed.errors[0]!.message);
  const params = parsed.params;
  const { tenant, keys } = await tenantsFor(ctx, def, params.tenant);
  // The checks passed: the rows are read for the tenant counted (on PostgreSQL, row-level security
  // set to it), which may be another of the actor's tenants than the request's, or every tenant.
  const answer = () => answerReport(ctx.services.store.db, def, params, keys);
  const dropped = () => countDropsBetween(ctx.services.store.db, keys, params.from, params.to, EXCESS_REASONS);
  const counted = async () => ({ ...(await answer()), droppedEvents: EVENT_REPORTS.has(def.id) ? await dropped() : null });
  const { data, comparison, droppedEvents } = await (keys === null ? allTenants('cross-site-report', counted) : inTenant(keys[0]!, counted));
  return { def, params, tenant, data, comparison, droppedEvents };
}

/**
 * Reports whose every input is the event rollups or a table the site build reads (content, sections,
 * layouts, persons, newsletters, ad units, tenants): their answers stay right until a rollup run or
 * a write the build epoch counts (build_epoch, bumped by triggers), so they are cached per
 * generation of the two. Reports reading anything else (history, taxonomy, campaigns, staff users,
 * license ranges, timings) always run.
 */
export const CACHED_REPORTS: ReadonlySet<string> = new Set([
  'content-views', 'top-content-by-pub-date', 'content-favorites', 'registrations', 'incomplete-registrations', 'logins',
  'newsletter-subscriptions', 'menu-link-clicks', 'media-gallery', 'company-engagement', 'sponsored-search-logo-clicks',
  'content-detail', 'content-velocity', 'content-length', 'layout-block-usage', 'layout-block-option-usage', 'layout-analysis',
  'company-export', 'cross-site-reports', 'cross-site-exports', 'ad-unit-settings',
]);
const CACHE_MAX = 200;
type Answer = Pick<ReportAnswer, 'data' | 'comparison'>;
const answers = new Map<string, Promise<Answer>>();

/** The report's rows (sorted) and figures for the period, and the comparison period's figures: the work after the checks. */
export async function answerReport(db: Db, def: ReportDefinition, params: ReportParams, keys: string[] | null, o: { cache?: boolean } = {}): Promise<Answer> {
  const q = { tenantKeys: keys, from: params.from, to: params.to, section: params.section, type: params.type, author: params.author };
  const run = async (): Promise<Answer> => {
    const data = await runReportQuery(db, def.id as ReportId, q);
    const range = def.dated ? comparisonRange(params.from, params.to, params.compare) : null;
    const comparison = range ? { ...range, summary: (await runReportQuery(db, def.id as ReportId, { ...q, ...range, summaryOnly: true })).summary } : null;
    return { data, comparison };
  };
  let answer: Answer;
  if (o.cache === false || !CACHED_REPORTS.has(def.id)) answer = await run();
  else {
    const key = JSON.stringify([await reportGeneration(db), def.id, q, def.dated ? params.compare : null]);
    let p = answers.get(key);
    if (!p) {
      p = run();
      p.catch(() => answers.delete(key));
      if (answers.size >= CACHE_MAX) answers.delete(answers.keys().next().value!);
      answers.set(key, p);
    }
    answer = await p;
  }
  // Sorted per request on a copy: the cached answer is shared.
  return { data: { ...answer.data, rows: sortRows(answer.data.rows, params.sort, params.dir, def.columns[0]?.key) }, comparison: answer.comparison };
}
