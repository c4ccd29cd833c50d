// Site settings: read by everyone, replaced by staff with manage_site_settings; the header call to
// action alone by staff with manage_header_cta (admin §2.2, /admin/edit-cta-message).
import { AppError } from '../../domain/errors';
import { siteSettingsSchema, type SiteSettings } from '../../domain/settings';
import { checkLinkUrl, checkTagManagerId, parseInput, withoutNulls } from '../../domain/validation';
import { getTenant, writeTenantSettings } from '../../store/queries/tenants';
import { commit, diff, tenantAccess, type OpArgs } from '../kernel/operation';

export async function updateSiteSettings({ ctx, input }: OpArgs): Promise<SiteSettings> {
  const { tenant } = tenantAccess(ctx, ['manage_site_settings']);
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new AppError('BAD_USER_INPUT', { field: 'settings', message: 'Field is required' });
  const raw = withoutNulls(input) as { general?: { tagManagerId?: unknown } };
  const tag = raw.general?.tagManagerId;
  if (typeof tag === 'string') checkTagManagerId(tag);
  const settings = parseInput(siteSettingsSchema, raw);
  for (const [k, v] of Object.entries(settings.socialLinks)) checkLinkUrl(v, `socialLinks.${k}`);
  checkLinkUrl(settings.sponsoredSearch.clickUrl, 'sponsoredSearch.clickUrl');
  return commit(ctx, async (tx) => {
    const current = await getTenant(tx, tenant.tenantKey);
    if (!current) throw new AppError('TENANT_UNKNOWN', { tenant: tenant.tenantKey });
    await writeTenantSettings(tx, tenant.tenantKey, settings);
    return { before: current.settings, after: settings };
  }, (r) => ({
    tenantKey: tenant.tenantKey, entityType: 'settings', entityId: tenant.tenantKey, action: 'update',
    changes: diff(r.before as unknown as Record<string, unknown>, r.after as unknown as Record<string, unknown>),
  }), () => ({ entity: 'settings', action: 'update', ids: [tenant.tenantKey] })).then((r) => r.after);
}

/** The header call-to-action message (manage_header_cta): at most 200 characters, empty removes it. */
export async function updateHeaderCta({ ctx, input }: OpArgs<{ text: unknown }>): Promise<{ headerCtaText: string | null }> {
  const { tenant } = tenantAccess(ctx, ['manage_header_cta']);
  if (typeof input.text !== 'string') throw new AppError('BAD_USER_INPUT', { field: 'text', message: 'Must be text' });
  const text = input.text.trim();
  if (text.length > 200) throw new AppError('BAD_USER_INPUT', { field: 'text', message: 'Must be at most 200 characters' });
  return commit(ctx, async (tx) => {
    const current = await getTenant(tx, tenant.tenantKey);
    if (!current) throw new AppError('TENANT_UNKNOWN', { tenant: tenant.tenantKey });
    const before = current.settings.headerCtaText ?? null;
    const { headerCtaText: _old, ...rest } = current.settings;
    await writeTenantSettings(tx, tenant.tenantKey, text ? { ...rest, headerCtaText: text } : rest);
    return { before, after: text || null };
  }, (r) => ({
    tenantKey: tenant.tenantKey, entityType: 'settings', entityId: tenant.tenantKey, action: 'update',
    changes: { headerCtaText: { from: r.before, to: r.after } },
  }), () => ({ entity: 'settings', action: 'update', ids: [tenant.tenantKey] })).then((r) => ({ headerCtaText: r.after }));
}
