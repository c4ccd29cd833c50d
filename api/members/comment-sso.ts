// GET /users/validate/viafoura on a tenant's site host (admin §2.1; issue 22): the comment
// provider's single sign-on check. The provider's widget (or its server, forwarding the reader's
// cookies) asks who the signed-in member is; the answer is that member's id, e-mail and display
// name as JSON, or 401 when nobody is signed in. Public §6: commenting needs the memberships module
// with commenting on, else 404. A member session simulated by staff is refused (403): staff must
// not post comments under a reader's name. Never cached.
import type { FastifyInstance } from 'fastify';
import { hostTenant } from '../http/request-tenant';
import { COOKIES } from '../../engine/services/auth';
import { readCookie } from '../http/cookies';
import type { Services } from '../../engine/services/kernel/services';
import { memberByToken } from '../../engine/services/members';

export const COMMENT_SSO_PATH = '/users/validate/viafoura';
export const COMMENT_SSO_TEXTS = {
  off: 'Commenting is not enabled on this site.',
  signedOut: 'No member is signed in.',
  simulated: 'A staff member simulating a reader cannot comment as them.',
} as const;

const HEADERS = { 'cache-control': 'no-store', vary: 'Cookie, X-Site-User', 'x-robots-tag': 'noindex', 'x-content-type-options': 'nosniff' };

export function registerCommentSsoRoute(app: FastifyInstance, services: Services): void {
  app.get(COMMENT_SSO_PATH, async (req, reply) => {
    const send = (status: number, body: Record<string, unknown>) => reply.code(status).headers(HEADERS).type('application/json; charset=utf-8').send(JSON.stringify(body));
    const tenant = await hostTenant(services, req);
    const m = tenant?.settings.memberships;
    if (!tenant || !m?.enabled || !m.commenting) return send(404, { error: COMMENT_SSO_TEXTS.off });
    const header = req.headers['x-site-user'];
    const fromHeader = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '').trim() : undefined;
    const member = await memberByToken(services, tenant.tenantKey, fromHeader || readCookie(req, COOKIES.member));
    if (!member) return send(401, { error: COMMENT_SSO_TEXTS.signedOut });
    if (member.simulating) return send(403, { error: COMMENT_SSO_TEXTS.simulated });
    const u = member.user;
    const name = [u.firstName, u.lastName].map((x) => x?.trim()).filter(Boolean).join(' ') || u.username;
    return send(200, { id: String(u.id), email: u.email, name, username: u.username });
  });
}
