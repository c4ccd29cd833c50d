// The theme test pages (issue 22; admin §2.2 /admin/test and /admin/test-form-api): every block
// type, or every site form, with sample data in the tenant's theme, for designers. The admin asks
// createThemeTestLink for a signed link (one hour, bound to the tenant and the page) and opens it
// on the site's own host, where the page gets the site's stylesheet:
//   GET /__preview/theme-test?token=…   rendered in memory (engine/build/front-door.ts), never
//                                       stored: no-store, noindex; a tampered, foreign or expired
//                                       link answers 403.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hostTenant } from '../http/request-tenant';
import { z } from 'zod';
import { renderThemeTestPage, THEME_TEST_KINDS, type ThemeTestKind } from '../../engine/build/front-door';
import { badInput } from '../../engine/domain/validation';
import { requireTenantPermission } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { open, seal } from '../../engine/services/kernel/sealed';
import { siteOrigin } from '../../engine/services/kernel/site-origin';
import { previewKey } from '../auth/preview-keys';
import { messagePage } from '../http/standalone-page';
import type { Services } from '../../engine/services/kernel/services';

export const THEME_TEST_PATH = '/__preview/theme-test';
export const THEME_TEST_TTL_MS = 60 * 60 * 1000;
export const THEME_TEST_INVALID = 'This theme test link is not valid or has expired. Open it again from the admin (Theme test).';
/** Designers and developers: whoever may look at the tenant's layouts. */
export const THEME_TEST_PERMISSIONS = ['view_site_layouts', 'manage_site_layouts'] as const;
const PURPOSE = 'theme-test';

const claim = z.strictObject({ e: z.number(), t: z.string(), k: z.enum(THEME_TEST_KINDS) });

const HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

export function isThemeTestKind(v: unknown): v is ThemeTestKind {
  return typeof v === 'string' && (THEME_TEST_KINDS as readonly string[]).includes(v);
}

export function registerThemeTestRoute(app: FastifyInstance, services: Services): void {
  app.get(THEME_TEST_PATH, async (req: FastifyRequest<{ Querystring: Record<string, string | string[] | undefined> }>, reply) => {
    const send = (status: number, html: string) => reply.code(status).headers(HEADERS).type('text/html; charset=utf-8').send(html);
    const tenant = await hostTenant(services, req);
    if (!tenant) return send(404, messagePage('404 - Page Not Found', 'No site is configured for this address.'));
    const token = Array.isArray(req.query.token) ? req.query.token[0] : req.query.token;
    const c = open(PURPOSE, token, await previewKey(services), claim, services.now());
    if (!c || c.t !== tenant.tenantKey) return send(403, messagePage('Theme test unavailable', THEME_TEST_INVALID));
    const origin = `${req.protocol}://${req.headers.host ?? ''}`;
    const page = await renderThemeTestPage(services.store, { tenantKey: tenant.tenantKey, now: services.now(), origin, kind: c.k });
    return send(200, page.html);
  });
}

export const themeTestResolvers = {
  Mutation: {
    async createThemeTestLink(_: unknown, a: { kind?: unknown }, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      requireTenantPermission(await ctx.actor(), tenant.tenantKey, [...THEME_TEST_PERMISSIONS]);
      if (!isThemeTestKind(a.kind)) badInput('kind', `Must be one of ${THEME_TEST_KINDS.join(', ')}`);
      const expiresAt = ctx.services.now() + THEME_TEST_TTL_MS;
      const token = seal(PURPOSE, { e: expiresAt, t: tenant.tenantKey, k: a.kind }, await previewKey(ctx.services));
      const path = `${THEME_TEST_PATH}?token=${token}`;
      const url = ctx.services.members.siteUrl ? `${siteOrigin(ctx.services.members, tenant)}${path}` : null;
      return { path, url, expiresAt: new Date(expiresAt).toISOString() };
    },
  },
};


