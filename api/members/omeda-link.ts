// Sign-in links from the audience provider's e-mails (issue 42; public §3 omedaEncryptedCustomerId,
// the ClickOmedaInjectionLink event): Omeda puts a customer's encrypted id in the links of the
// newsletters it sends. GET /__member/omeda?omedaEncryptedCustomerId=…&to=/path on the site's host
// identifies the customer: a member of this tenant already linked to that id, else (provider up)
// the member with the provider customer's e-mail address, whose link and products are then stored.
// Such a member gets a member session (the member cookie, like a login) and a 303 to the same-site
// path; an id that names no member here, a malformed one, or a provider that is off or down lands
// the reader on the path signed out. The answer never says which happened.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeRedirectPath } from '../../engine/domain/members';
import { findSiteUserById } from '../../engine/store/queries/members';
import { COOKIES } from '../../engine/services/auth';
import { setCookie } from '../http/cookies';
import { hostTenant } from '../http/request-tenant';
import type { Services } from '../../engine/services/kernel/services';
import { issueMemberSession, MEMBER_COOKIE, memberByEncryptedId } from '../../engine/services/members';

export const MEMBER_OMEDA_LINK_PATH = '/__member/omeda';

type Req = FastifyRequest<{ Querystring: Record<string, string | string[] | undefined> }>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function registerOmedaLinkRoute(app: FastifyInstance, services: Services): void {
  app.get(MEMBER_OMEDA_LINK_PATH, async (req: Req, reply) => {
    const headers = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' };
    const to = safeRedirectPath(one(req.query.to));
    const tenant = await hostTenant(services, req);
    const encryptedId = one(req.query.omedaEncryptedCustomerId)?.trim() ?? '';
    const memberId = tenant && encryptedId ? await memberByEncryptedId(services, tenant, encryptedId) : null;
    const user = tenant && memberId !== null ? await findSiteUserById(services.store.db, tenant.tenantKey, memberId) : undefined;
    if (tenant && user && user.status === 1) {
      const session = await issueMemberSession(services.store.db, services, tenant.tenantKey, user.id);
      setCookie(req, reply, MEMBER_COOKIE, session.token, { path: '/', expires: new Date(session.tokenExpiration) });
      setCookie(req, reply, COOKIES.memberHint, '1', { path: '/', expires: new Date(session.tokenExpiration), httpOnly: false });
    }
    return reply.code(303).headers(headers).header('location', to).send();
  });
}
