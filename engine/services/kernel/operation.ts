// The shape every admin operation shares: one args object, staged access → validate → write →
// after. `commit` runs the write, its history row and its rebuild request in one transaction, then
// wakes the rebuild queue.
import { AppError } from '../../domain/errors';
import type { Permission } from '../../domain/permissions';
import type { Db } from '../../store/connection';
import { insertHistory } from '../../store/queries/history';
import { requireTenantPermission, type Actor } from './access';
import type { ChangeEvent, Services } from './services';
import type { TenantRow } from './tenancy';

export interface OpContext {
  services: Services;
  actor: Actor | null;
  /** The resolved tenant, or null when the request named none. */
  tenant: TenantRow | null;
  ip?: string;
}

/**
 * A caller whose tenant and actor are resolved only when asked (the GraphQL context, api/context.ts,
 * is one): for reads whose errors depend on which is asked first. `tenant()` throws TENANT_UNKNOWN
 * when the request names none.
 */
export interface LazyCaller {
  services: Services;
  tenant(): Promise<TenantRow>;
  actor(): Promise<Actor | null>;
  /** The operation context: actor and tenant (null when the request names none). */
  op(): Promise<OpContext>;
}

export interface OpArgs<I = unknown> {
  ctx: OpContext;
  input: I;
}

/** Access stage of a tenant operation: a tenant is named, the actor is in its scope and holds a permission. */
export function tenantAccess(ctx: OpContext, perms: readonly Permission[]): { actor: Actor; tenant: TenantRow } {
  if (!ctx.tenant) throw new AppError('TENANT_UNKNOWN', { tenant: '(none)' });
  return { actor: requireTenantPermission(ctx.actor, ctx.tenant.tenantKey, perms), tenant: ctx.tenant };
}

export interface HistoryNote {
  tenantKey: string | null;
  entityType: string;
  entityId: string | number;
  action: string;
  changes: Record<string, unknown>;
}

/**
 * Write and after stages: runs `write` and the history row in one transaction, then (after the
 * commit) tells the rebuild hook what changed. Nothing is written when `write` throws.
 */
export async function commit<T>(
  ctx: OpContext,
  write: (tx: Db) => Promise<T>,
  note: (result: T) => HistoryNote,
  change?: (result: T) => ChangeEvent | null,
): Promise<T> {
  const actor = ctx.actor;
  const stage = ctx.services.stageChange;
  const { result, c, staged } = await ctx.services.store.transaction(async (tx) => {
    const r = await write(tx);
    const n = note(r);
    await insertHistory(tx, {
      tenantKey: n.tenantKey, actorType: actor?.kind ?? 'system', actorId: actor?.userId ?? null,
      entityType: n.entityType, entityId: String(n.entityId), action: n.action, changes: n.changes,
    });
    // The rebuild request commits with the edit: an acknowledged edit always reaches the site,
    // even when the database goes away between this commit and the queue's wake-up.
    // (Only for the tenant the transaction acts for: on PostgreSQL its row-level security admits
    // no other tenant's row. A change to another tenant is requested after the commit, as before.)
    const ch = change?.(r) ?? null;
    const staged = !!(ch && n.tenantKey && stage && n.tenantKey === ctx.tenant?.tenantKey);
    if (staged) await stage!(tx, n.tenantKey!, ch!);
    return { result: r, c: ch, staged };
  });
  const n = note(result);
  const tenantKey = n.tenantKey;
  if (c && tenantKey) await ctx.services.changed(tenantKey, c, staged);
  // Staff edits of members (status, memberships, an import) carry no change event: the member facts kept for gated reads go.
  if (n.entityType === 'siteUser' && tenantKey) await ctx.services.memberSessionsChanged(tenantKey);
  return result;
}

const MAX_HISTORY_STRING = 300;
function clip(v: unknown): unknown {
  if (typeof v === 'string' && v.length > MAX_HISTORY_STRING) return `${v.slice(0, MAX_HISTORY_STRING)}… (${v.length} characters)`;
  return v;
}

/** The changed top-level fields of a record: { field: { from, to } }, long strings clipped. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) out[key] = { from: clip(a) ?? null, to: clip(b) ?? null };
  }
  return out;
}

/** A record as history keeps it on create or delete: every field, long strings clipped. */
export function snapshot(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, clip(v)]));
}
