// The one operation behind every report (issue #20): find the definition, read its parameters from
// the address query (the same parser the admin screen uses), check who may see which tenant's
// numbers, run the store query for the period and the comparison period. GraphQL (a sorted page of
// rows) and the export route (every row, CSV or XLSX) both call it.
import { AppError } from '../../engine/domain/errors';
import { comparisonRange, parseReportParams, reportById, sortRows, type ReportData, type ReportDefinition, type ReportId, type ReportParams } from '../../engine/domain/reports';
import { badInput } from '../../engine/domain/validation';
import type { Db } from '../../engine/store/connection';
import { runReportQuery } from '../../engine/store/queries/reports';
import { requireTenantPermission, type Actor } from '../access';
import type { GqlContext } from '../context';

export interface ReportAnswer {
  def: ReportDefinition;
  params: ReportParams;
  /** The tenant counted, or '*' for every tenant. */
  tenant: string;
  data: ReportData;
  comparison: { from: string; to: string; summary: Record<string, number> } | null;
}

const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * The tenants a report may count for this actor: its own request tenant, another it is scoped to, or
 * every tenant (global staff). Cross-site reports always count every tenant, so only global staff run them.
 */
async function tenantsFor(ctx: GqlContext, def: ReportDefinition, wanted: string | null): Promise<{ actor: Actor; tenant: string; keys: string[] | null }> {
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

export async function runReport(ctx: GqlContext, id: string, search: string): Promise<ReportAnswer> {
  const def = reportById(id);
  if (!def) badInput('id', 'No report has this id');
  const parsed = parseReportParams(def, new URLSearchParams(search), today());
  if (!parsed.ok) badInput(parsed.errors[0]!.field, parsed.errors[0]!.message);
  const params = parsed.params;
  const { tenant, keys } = await tenantsFor(ctx, def, params.tenant);
  const { data, comparison } = await answerReport(ctx.services.store.db, def, params, keys);
  return { def, params, tenant, data, comparison };
}

/** The report's rows (sorted) and figures for the period, and the comparison period's figures: the work after the checks. */
export async function answerReport(db: Db, def: ReportDefinition, params: ReportParams, keys: string[] | null): Promise<Pick<ReportAnswer, 'data' | 'comparison'>> {
  const q = { tenantKeys: keys, from: params.from, to: params.to, section: params.section, type: params.type, author: params.author };
  const data = await runReportQuery(db, def.id as ReportId, q);
  data.rows = sortRows(data.rows, params.sort, params.dir, def.columns[0]?.key);
  const range = def.dated ? comparisonRange(params.from, params.to, params.compare) : null;
  const comparison = range ? { ...range, summary: (await runReportQuery(db, def.id as ReportId, { ...q, ...range, summaryOnly: true })).summary } : null;
  return { data, comparison };
}
