// GET /__preview/theme-test?token=… on the site's own host (issue 22), where the page gets the
// site's stylesheet: the signed link createThemeTestLink made, opened by
// engine/services/system/theme-test.ts (rendered in memory, never stored). no-store, noindex.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { THEME_TEST_PATH, themeTestPage } from '../../engine/services/system';
import type { Services } from '../../engine/services/kernel/services';
import { hostTenant } from '../http/request-tenant';

const HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

export function registerThemeTestRoute(app: FastifyInstance, services: Services): void {
  app.get(THEME_TEST_PATH, async (req: FastifyRequest<{ Querystring: Record<string, string | string[] | undefined> }>, reply) => {
    const tenant = await hostTenant(services, req);
    const token = Array.isArray(req.query.token) ? req.query.token[0] : req.query.token;
    const origin = `${req.protocol}://${req.headers.host ?? ''}`;
    const { status, html } = await themeTestPage(services, tenant ?? null, token, origin);
    return reply.code(status).headers(HEADERS).type('text/html; charset=utf-8').send(html);
  });
}
