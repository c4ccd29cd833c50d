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
import { AsyncLocalStorage } from 'node:async_hooks';

const TENANT_KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const scope = new AsyncLocalStorage<{ tenantKey: string | null }>();

function checked(tenantKey: string): string {
  if (!TENANT_KEY.test(tenantKey)) throw new Error(`tenantKey: not a tenant key: ${JSON.stringify(tenantKey)}`);
  return tenantKey;
}

/** Runs `fn` acting for one tenant (nested scopes name their own). */
export function inTenant<T>(tenantKey: string, fn: () => T): T {
  return scope.run({ tenantKey: checked(tenantKey) }, fn);
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
