// Sets one entry of a tenant's settings (a dotted path) the same way on SQLite and PostgreSQL: the
// JSON is read, changed and written back, rather than SQLite's json_set, so a test's set-up runs on
// both stores (MASTHEAD_TEST_STORE). Callers invalidate the app's tenant directory if it has read them.
import type { RawSql } from '../../engine/store/handle';

export async function setTenantSetting(store: RawSql, tenantKey: string, path: string, value: unknown): Promise<void> {
  const [row] = await store.all<{ settings: string | null }>('select settings from tenants where tenant_key = ?', [tenantKey]);
  if (!row) throw new Error(`setTenantSetting: no tenant ${tenantKey}`);
  const settings = (row.settings ? JSON.parse(row.settings) : {}) as Record<string, unknown>;
  const keys = path.split('.');
  let at = settings;
  for (const k of keys.slice(0, -1)) {
    const next = at[k];
    at = (at[k] = next && typeof next === 'object' && !Array.isArray(next) ? next : {}) as Record<string, unknown>;
  }
  at[keys[keys.length - 1]!] = value;
  await store.run('update tenants set settings = ? where tenant_key = ?', [JSON.stringify(settings), tenantKey]);
}
