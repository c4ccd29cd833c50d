// The theme test pages (issue 22; admin §2.2 /admin/test and /admin/test-form-api): every block
// type, or every site form, with sample data in the tenant's theme, for designers. The admin asks
// createThemeTestLink for a signed link (one hour, bound to the tenant and the page); opened on the
// site's own host (api/system/theme-test.ts), the page is rendered in memory
// (engine/build/front-door.ts), never stored; a tampered, foreign or expired link is refused.
import { z } from 'zod';
import { renderThemeTestPage, THEME_TEST_KINDS, type ThemeTestKind } from '../../build/front-door';
import { badInput } from '../../domain/validation';
import { requireTenantPermission } from '../kernel/access';
import type { LazyCaller } from '../kernel/operation';
import { previewKey } from '../kernel/preview-keys';
import { open, seal } from '../kernel/sealed';
import type { Services } from '../kernel/services';
import { siteOrigin } from '../kernel/site-origin';
import type { TenantRow } from '../kernel/tenancy';
import { messagePage } from '../page-shell';

export const THEME_TEST_PATH = '/__preview/theme-test';
export const THEME_TEST_TTL_MS = 60 * 60 * 1000;
export const THEME_TEST_INVALID = 'This theme test link is not valid or has expired. Open it again from the admin (Theme test).';
/** Designers and developers: whoever may look at the tenant's layouts. */
export const THEME_TEST_PERMISSIONS = ['view_site_layouts', 'manage_site_layouts'] as const;
const PURPOSE = 'theme-test';

const claim = z.strictObject({ e: z.number(), t: z.string(), k: z.enum(THEME_TEST_KINDS) });

export function isThemeTestKind(v: unknown): v is ThemeTestKind {
  return typeof v === 'string' && (THEME_TEST_KINDS as readonly string[]).includes(v);
}

/** createThemeTestLink: a signed one-hour link to the page of `kind` on the tenant's site (url null without a site URL). */
export async function createThemeTestLink(ctx: LazyCaller, kind: unknown) {
  const tenant = await ctx.tenant();
  requireTenantPermission(await ctx.actor(), tenant.tenantKey, [...THEME_TEST_PERMISSIONS]);
  if (!isThemeTestKind(kind)) badInput('kind', `Must be one of ${THEME_TEST_KINDS.join(', ')}`);
  const expiresAt = ctx.services.now() + THEME_TEST_TTL_MS;
  const token = seal(PURPOSE, { e: expiresAt, t: tenant.tenantKey, k: kind }, await previewKey(ctx.services));
  const path = `${THEME_TEST_PATH}?token=${token}`;
  const url = ctx.services.members.siteUrl ? `${siteOrigin(ctx.services.members, tenant)}${path}` : null;
  return { path, url, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * The page a theme test link opens on the host's tenant (null: no site on the host), as the
 * status and HTML to answer: 404 without a site, 403 for a link not valid here, else the page
 * rendered against `origin` (the address the request came to).
 */
export async function themeTestPage(services: Services, tenant: TenantRow | null, token: string | undefined, origin: string): Promise<{ status: number; html: string }> {
  if (!tenant) return { status: 404, html: messagePage('404 - Page Not Found', 'No site is configured for this address.') };
  const c = open(PURPOSE, token, await previewKey(services), claim, services.now());
  if (!c || c.t !== tenant.tenantKey) return { status: 403, html: messagePage('Theme test unavailable', THEME_TEST_INVALID) };
  const page = await renderThemeTestPage(services.store, { tenantKey: tenant.tenantKey, now: services.now(), origin, kind: c.k });
  return { status: 200, html: page.html };
}
