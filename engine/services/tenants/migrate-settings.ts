// /admin/migrate-site-settings-post-uiux (issue 22): brings every tenant's stored site settings to
// the current schema. Settings are stored as JSON and only re-validated when staff save them, so a
// tenant saved before a schema change keeps the old shape (e.g. without `modules`, or an older
// newsletter block). A dry run reports, per tenant, which top-level keys the current schema would
// add or change, or the first field that no longer validates; a real run writes the normalised
// settings of every tenant that validates (one transaction, history row and rebuild each) and
// leaves the others as they are. Global staff with manage_modules (developer tools).
import { AppError } from '../../domain/errors';
import { siteSettingsSchema } from '../../domain/settings';
import { fieldPath } from '../../domain/validation';
import { getTenant, listTenants, writeTenantSettings } from '../../store/queries/tenants';
import { requireActor } from '../kernel/access';
import { commit, diff, type OpArgs } from '../kernel/operation';
import { inTenant } from '../../store/tenant-scope';

export interface SettingsMigrationRow {
  tenantKey: string;
  name: string;
  /** unchanged | changed (dry run: would change) | migrated | invalid */
  state: 'unchanged' | 'changed' | 'migrated' | 'invalid';
  /** Top-level keys the current schema adds or changes. */
  keys: string[];
  /** For invalid settings: the first failing field and its message. */
  error: string | null;
}

export async function migrateSiteSettings({ ctx, input }: OpArgs<{ dryRun?: unknown }>): Promise<SettingsMigrationRow[]> {
  const a = requireActor(ctx.actor);
  if (!a.isGlobal || !a.permissions.includes('manage_modules')) throw new AppError('FORBIDDEN');
  const dryRun = input.dryRun !== false;
  const out: SettingsMigrationRow[] = [];
  for (const t of await listTenants(ctx.services.store.db)) {
    const stored = t.settings as unknown as Record<string, unknown>;
    const parsed = siteSettingsSchema.safeParse(stored);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      out.push({ tenantKey: t.tenantKey, name: t.name, state: 'invalid', keys: [], error: i ? `${fieldPath(i.path)}: ${i.message}` : 'invalid' });
      continue;
    }
    const keys = Object.keys(diff(stored, parsed.data as unknown as Record<string, unknown>));
    if (keys.length === 0) { out.push({ tenantKey: t.tenantKey, name: t.name, state: 'unchanged', keys, error: null }); continue; }
    if (!dryRun) {
      // Each tenant's settings and history are written acting for that tenant.
      await inTenant(t.tenantKey, () => commit(ctx, async (tx) => {
        const current = await getTenant(tx, t.tenantKey);
        if (!current) throw new AppError('TENANT_UNKNOWN', { tenant: t.tenantKey });
        await writeTenantSettings(tx, t.tenantKey, parsed.data);
        return current.settings as unknown as Record<string, unknown>;
      }, (before) => ({ tenantKey: t.tenantKey, entityType: 'settings', entityId: t.tenantKey, action: 'migrate', changes: diff(before, parsed.data as unknown as Record<string, unknown>) }),
      () => ({ entity: 'settings', action: 'update', ids: [t.tenantKey] })));
    }
    out.push({ tenantKey: t.tenantKey, name: t.name, state: dryRun ? 'changed' : 'migrated', keys, error: null });
  }
  return out;
}
