// The preview and staff-entry routes, on every host the API is mounted on (a tenant's site host
// in `masthead serve`; a CDN must route /__preview/* and /__staff/* to the API):
//   GET /__preview/content/:id?exp=…&sig=…  the draft rendered by the site's components, never stored:
//                                          cache-control no-store, x-robots-tag noindex; a tampered,
//                                          foreign or expired link answers 403.
//   GET /__staff/enter?pass=…&to=/path      spends a staff pass, sets mh_staff_site, 303 to the path.
// The tenant is always the Host's: a link signed for another tenant is refused.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostTenant } from '../http/request-tenant';
import type { Services } from '../../engine/services/kernel/services';
import { setCookie } from '../http/cookies';
import { renderDraftPage } from '../../engine/services/preview';
import { previewKey } from '../../engine/services/kernel/preview-keys';
import { checkPreview, PREVIEW_PREFIX } from '../../engine/services/preview';
import { landingPath, spendStaffPass, STAFF_ENTER_PATH, STAFF_SITE_COOKIE } from '../auth/staff-site';
import { messagePage } from '../http/standalone-page';

export const PREVIEW_INVALID = 'This preview link is not valid. Open the preview again from the content editor.';
export const PREVIEW_EXPIRED = 'This preview link has expired. Open the preview again from the content editor.';
export const STAFF_PASS_INVALID = 'This sign-in link is not valid or was already used. Open the site again from the admin.';

const NO_STORE = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};



const page = (reply: FastifyReply, status: number, html: string) => reply.code(status).headers(NO_STORE).type('text/html; charset=utf-8').send(html);

type PreviewReq = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string | string[] | undefined> }>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export interface PreviewRouteOptions {
  /** The site client bundle folder (default dist/site-client). */
  clientDir?: string;
}

export function registerPreviewRoutes(app: FastifyInstance, services: Services, options: PreviewRouteOptions = {}): void {
  const hostKey = async (req: FastifyRequest) => (await hostTenant(services, req))?.tenantKey;

  app.get(`${PREVIEW_PREFIX}:id`, async (req: PreviewReq, reply) => {
    const tenantKey = await hostKey(req);
    if (!tenantKey) return page(reply, 404, messagePage('404 - Page Not Found', 'No site is configured for this address.'));
    const check = checkPreview(tenantKey, req.params.id, one(req.query.exp), one(req.query.sig), await previewKey(services), services.now());
    if (check !== 'ok') return page(reply, 403, messagePage('Preview unavailable', check === 'expired' ? PREVIEW_EXPIRED : PREVIEW_INVALID));
    const origin = `${req.protocol}://${req.headers.host ?? ''}`;
    const draft = await renderDraftPage(services, tenantKey, Number(req.params.id), origin, options.clientDir);
    if (!draft) return page(reply, 404, messagePage('404 - Page Not Found', 'This content item no longer exists.'));
    return page(reply, 200, draft.html);
  });

  app.get(STAFF_ENTER_PATH, async (req: FastifyRequest<{ Querystring: Record<string, string | string[] | undefined> }>, reply) => {
    const tenantKey = await hostKey(req);
    const entered = tenantKey ? await spendStaffPass(services, one(req.query.pass), tenantKey, await previewKey(services)) : null;
    if (!entered) return page(reply, 403, messagePage('Sign-in link not valid', STAFF_PASS_INVALID));
    setCookie(req, reply, STAFF_SITE_COOKIE, entered.cookie, { path: '/', sameSite: 'lax', expires: new Date(entered.expiresAt) });
    return reply.code(303).headers(NO_STORE).header('location', landingPath(one(req.query.to))).send();
  });
}
