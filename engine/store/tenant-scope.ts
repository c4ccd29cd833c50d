// The tenant the current work acts for, carried through async calls (AsyncLocalStorage) so the
// store can hand it to the database without every query module passing it along. PostgreSQL reads
// it (pg/connection.ts): a transaction begins with SET LOCAL masthead.tenant, and statements outside
// a transaction run on a pooled connection whose session setting names it, so row-level security
// (pg/tenancy.ts) shows and accepts that tenant's rows only. SQLite ignores it.
//
// A request opens a scope before it knows its tenant (tenantScope) and names the tenant once it is
// resolved (setScopeTenant); work for one tenant outside a request (a build, a queued job) runs
// inside inTenant. No scope, or a scope without a tenant, means no tenant: on PostgreSQL with a
// role that does not bypass row-level security, tenant tables then show nothing.
//
// Work that must act across tenants (global staff counting every site, syndication copying between
// tenants) runs inside allTenants, naming one of ALL_TENANTS_REASONS: the setting then holds
// ALL_TENANTS ('*'), which the policies accept for every tenant's rows. '*' is not a tenant key, so
// nothing a request sends (a header, a body key) can name it: only a call of allTenants in the
// code can, and the list of reasons is the audit of every such call.
import { AsyncLocalStorage } from 'node:async_hooks';

const TENANT_KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const scope = new AsyncLocalStorage<{ tenantKey: string | null }>();

/** The setting value of work acting for every tenant (pg/tenancy.ts ALL_TENANTS_CONDITION). Never a tenant key. */
export const ALL_TENANTS = '*';

/** Every reason work may act for all tenants at once; a new cross-tenant use is added here, with its why. */
export const ALL_TENANTS_REASONS = {
  'cross-site-report': 'global staff read a report counting every site (engine/services/reports/run.ts), after the global check',
  'syndication': 'staff of both tenants share an item into another tenant or detach a copy, copies follow their source (api/syndication), and a copy\'s page links to its source (store/site-reader.ts liveContentRows)',
  'id-allocation': 'a new row takes the next id after the largest any tenant uses (ids are installation-wide; store/queries/ids.ts, and the importer\'s store/queries/imports.ts): the max, and whether ids picked are taken; ids only',
  'build-sizing': 'a full build sizes its render workers by the largest tenant (store/site-reader.ts countLiveContent): counts only',
  'brand-copy': 'global staff copy one site\'s configuration into another (engine/services/tenants/brand-copy.ts)',
} as const;
export type AllTenantsReason = keyof typeof ALL_TENANTS_REASONS;

const allTenantsUses = new Map<AllTenantsReason, number>();

function checked(tenantKey: string): string {
  if (!TENANT_KEY.test(tenantKey)) throw new Error(`tenantKey: not a tenant key: ${JSON.stringify(tenantKey)}`);
  return tenantKey;
}

/** Runs `fn` acting for one tenant (nested scopes name their own). */
export function inTenant<T>(tenantKey: string, fn: () => T): T {
  return scope.run({ tenantKey: checked(tenantKey) }, fn);
}

/**
 * Runs `fn` acting for every tenant (reads and writes of any tenant's rows), for a listed reason.
 * Only for work that must cross tenants; inTenant inside it narrows to one tenant again.
 */
export function allTenants<T>(reason: AllTenantsReason, fn: () => T): T {
  if (!(reason in ALL_TENANTS_REASONS)) throw new Error(`allTenants: not a listed reason: ${JSON.stringify(reason)}`);
  allTenantsUses.set(reason, (allTenantsUses.get(reason) ?? 0) + 1);
  return scope.run({ tenantKey: ALL_TENANTS }, fn);
}

/** How often each reason has opened an all-tenants scope in this process (for audit and tests). */
export function allTenantsCounts(): Record<string, number> {
  return Object.fromEntries(allTenantsUses);
}

/** Runs `fn` in a scope whose tenant is named later, by setScopeTenant (a request resolving its tenant). */
export function tenantScope<T>(fn: () => T): T {
  return scope.run({ tenantKey: null }, fn);
}

/** Names the tenant of the enclosing tenantScope (no-op outside one). Once named, it cannot change to another tenant. */
export function setScopeTenant(tenantKey: string | null): void {
  const box = scope.getStore();
  if (!box || tenantKey === null) return;
  if (box.tenantKey !== null && box.tenantKey !== tenantKey) throw new Error(`tenantKey: this work already acts for ${box.tenantKey}, not ${tenantKey}`);
  box.tenantKey = checked(tenantKey);
}

/** The tenant the current work acts for, or null. */
export function currentTenant(): string | null {
  return scope.getStore()?.tenantKey ?? null;
}
