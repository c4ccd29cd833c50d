// Tenant isolation in PostgreSQL (row-level security). Every table holding a tenant's rows has
// RLS enabled and forced (so the owner is held to it too) with one policy: a row is visible and
// writable only while the transaction's `masthead.tenant` setting names its tenant. The setting is
// made per transaction with SET LOCAL (pg/connection.ts withTenant); without it a query sees
// nothing and every write is refused. Across tenants: the setting '*' (ALL_TENANTS_CONDITION),
// made only by allTenants() in the engine for a listed reason (../tenant-scope.ts; '*' is no tenant
// key, so no request can name it), and roles with BYPASSRLS (migrations, `masthead db copy`).
//
// A table is a tenant table when it has a tenant_key column, or *_tenant_key columns (a link
// between two tenants: both see it), or a foreign key to a tenant table (a row belongs to its
// parent's tenant). The tables below hold no tenant's rows and stay unrestricted.
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

export const GLOBAL_TABLES: Record<string, string> = {
  tenants: 'the tenant registry itself (domains resolve a request to its tenant before any is set)',
  cms_users: 'staff accounts are installation-wide; their tenants are in cms_user_tenants',
  cms_user_tenants: 'which tenants a staff account may work in: read to resolve a session before any tenant is set',
  cms_sessions: 'staff sessions (installation-wide accounts)',
  cms_user_tokens: 'staff reset and invitation tokens (installation-wide accounts)',
  build_epoch: 'one installation-wide change counter',
  aspire_news: 'installation-wide news for staff',
  aspire_news_reads: 'staff read marks of installation-wide news',
  event_salts: 'one salt per day for every tenant',
  installation_secrets: 'installation secrets',
  installation_settings: 'settings of the whole installation (the origin template its sites are served at)',
  mail_outbox: 'staff and member mail waiting for the SMTP server: queued while acting for any tenant and sent by the server\'s drainer; no request reads it back',
};

/**
 * Tables whose rows may belong to no tenant (tenant_key NULL: installation-wide records such as a
 * staff account's password change in history). Such a row may be written while acting for any
 * tenant or none, and is read only while acting for none.
 */
export const INSTALLATION_ROWS: Record<string, string> = {
  history: 'staff account changes (password, profile, accounts) are recorded without a tenant',
};

/** The expression of the current tenant: NULL when unset or reset (an empty string after SET LOCAL ends). */
export const CURRENT_TENANT = "nullif(current_setting('masthead.tenant', true), '')";

/** True while the work acts for every tenant (../tenant-scope.ts allTenants): every policy accepts it. */
export const ALL_TENANTS_CONDITION = "current_setting('masthead.tenant', true) = '*'";

/** The policy's condition for a table's rows, or null for a global table. */
export function tenantCondition(table: PgTable, all: readonly PgTable[]): string | null {
  const cfg = getTableConfig(table);
  if (cfg.name in GLOBAL_TABLES) return null;
  const names = cfg.columns.map((c) => c.name);
  if (names.includes('tenant_key')) return `"tenant_key" = ${CURRENT_TENANT}`;
  const links = names.filter((n) => n.endsWith('_tenant_key'));
  if (links.length) return links.map((n) => `"${n}" = ${CURRENT_TENANT}`).join(' OR ');
  for (const fk of cfg.foreignKeys) {
    const ref = fk.reference();
    const parent = all.find((t) => t === ref.foreignTable);
    if (!parent || tenantCondition(parent, all) === null) continue;
    const p = getTableConfig(parent);
    // The parent's own policy filters the subquery, so this follows it to the tenant.
    return `EXISTS (SELECT 1 FROM "${p.name}" p WHERE p."${ref.foreignColumns[0]!.name}" = "${cfg.name}"."${ref.columns[0]!.name}")`;
  }
  throw new Error(`${cfg.name}: neither a tenant table nor listed in GLOBAL_TABLES`);
}

/** The SQL that isolates one table (the tenant-isolation migration is this, for every table). */
export function isolationSql(table: PgTable, all: readonly PgTable[]): string[] {
  const condition = tenantCondition(table, all);
  if (condition === null) return [];
  const name = getTableConfig(table).name;
  const [using, check] = name in INSTALLATION_ROWS
    ? [`(${condition}) OR ("tenant_key" IS NULL AND ${CURRENT_TENANT} IS NULL)`, `(${condition}) OR "tenant_key" IS NULL`]
    : [condition, condition];
  const orAll = (c: string) => `(${ALL_TENANTS_CONDITION}) OR (${c})`;
  return [
    `ALTER TABLE "${name}" ENABLE ROW LEVEL SECURITY;`,
    `ALTER TABLE "${name}" FORCE ROW LEVEL SECURITY;`,
    `CREATE POLICY "${name}_tenant" ON "${name}" USING (${orAll(using)}) WITH CHECK (${orAll(check)});`,
  ];
}
