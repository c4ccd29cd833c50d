// Simulation reaching the site (public §4 "Simulating a user"). simulateSiteUser runs on the admin's
// host, whose cookies a tenant's site (<key>.localhost:4000, its own domain in production) never
// sees, so the simulated session is handed over like the staff toolbar's pass:
//   1. simulateSiteUser also answers `simulateCode`: sealed (engine/services/kernel/sealed.ts, purpose
//      "member-simulate") with the staff user, the digest of the staff bearer, the tenant, the
//      member and a nonce; valid SIMULATE_CODE_TTL_MS and spendable once.
//   2. The admin opens GET /__member/simulate?code=…&to=/account on the site's host. The route spends
//      the code, checks it was minted for that host's tenant, that the staff session is still live
//      and still holds manage_site_users there, and that the member is still active; it then ends any
//      member session of that browser, issues a new 1-day session flagged as simulating and sets the
//      member cookie with the API's own attributes, and answers 303 to a same-site path.
// The code is no credential by itself: it opens nothing once spent, expired, or if the staff
// session behind it ended.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hostTenant } from '../http/request-tenant';
import { z } from 'zod';
import { safeRedirectPath } from '../../engine/domain/members';
import { findSiteUserSession, revokeSiteUserSession } from '../../engine/store/queries/member-sessions';
import { findSiteUserById } from '../../engine/store/queries/members';
import { may } from '../../engine/services/kernel/access';
import { COOKIES, digest } from '../../engine/services/auth';
import { readCookie, setCookie } from '../http/cookies';
import { NONCE_PATTERN, newNonce, open, seal, spendNonce } from '../../engine/services/kernel/sealed';
import { liveStaff } from '../auth/staff-site';
import { messagePage } from '../http/standalone-page';
import type { Services } from '../../engine/services/kernel/services';
import { registerOmedaLinkRoute } from './omeda-link';
import { registerReaderSurveyRoute } from './reader-survey';
import { type IssuedSession, issueMemberSession, looksLikeMemberToken, MEMBER_COOKIE, memberRuntime } from '../../engine/services/members';

export const MEMBER_SIMULATE_PATH = '/__member/simulate';
/** How long a simulation code can be spent. */
export const SIMULATE_CODE_TTL_MS = 60_000;
export const SIMULATE_CODE_INVALID = 'This simulation link is not valid or was already used. Simulate the member again from the admin.';

const PURPOSE = 'member-simulate';
const codeSchema = z.strictObject({
  u: z.number().int().positive(),
  h: z.string().regex(/^[0-9a-f]{64}$/),
  t: z.string().min(1).max(40),
  m: z.number().int().positive(),
  n: z.string().regex(NONCE_PATTERN),
  e: z.number().int().positive(),
});

export interface SimulateClaim { staffUserId: number; bearerDigest: string; tenantKey: string; siteUserId: number }

const key = (services: Services) => memberRuntime(services).secret('simulate');

export async function mintSimulateCode(services: Services, c: SimulateClaim): Promise<{ code: string; expiresAt: number }> {
  const e = services.now() + SIMULATE_CODE_TTL_MS;
  const code = seal(PURPOSE, { u: c.staffUserId, h: c.bearerDigest, t: c.tenantKey, m: c.siteUserId, n: newNonce(), e }, await key(services));
  return { code, expiresAt: e };
}

/**
 * Spends a code on the host of `tenantKey`: a new simulating session for its member, or null when
 * the code is not genuine, expired, spent, foreign, or its staff session or member no longer qualify.
 */
export async function spendSimulateCode(services: Services, code: string | undefined, tenantKey: string): Promise<IssuedSession | null> {
  const now = services.now();
  const c = open(PURPOSE, code, await key(services), codeSchema, now);
  if (!c || c.t !== tenantKey || !spendNonce(services, PURPOSE, c.n, c.e, now)) return null;
  const staff = await liveStaff(services, c.u, c.h);
  if (!staff || !may(staff.actor, tenantKey, ['manage_site_users'])) return null;
  const db = services.store.db;
  const user = await findSiteUserById(db, tenantKey, c.m);
  if (!user || user.status !== 1) return null;
  return issueMemberSession(db, services, tenantKey, user.id, c.u);
}

/** Ends the member session a browser presents to this tenant (simulating "logs out" first). */
async function endPresentedSession(services: Services, token: string | undefined, tenantKey: string): Promise<void> {
  if (!looksLikeMemberToken('session', token)) return;
  const s = await findSiteUserSession(services.store.db, digest(token));
  if (s && s.tenantKey === tenantKey) {
    await revokeSiteUserSession(services.store.db, s.id, services.now());
    await services.memberSessionsChanged(tenantKey);
  }
}

type Req = FastifyRequest<{ Querystring: Record<string, string | string[] | undefined> }>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function registerMemberRoutes(app: FastifyInstance, services: Services): void {
  registerOmedaLinkRoute(app, services);
  registerReaderSurveyRoute(app, services);
  app.get(MEMBER_SIMULATE_PATH, async (req: Req, reply) => {
    const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' };
    const tenant = await hostTenant(services, req);
    const session = tenant ? await spendSimulateCode(services, one(req.query.code), tenant.tenantKey) : null;
    if (!tenant || !session) {
      return reply.code(403).headers(noStore).type('text/html; charset=utf-8').send(messagePage('Simulation link not valid', SIMULATE_CODE_INVALID));
    }
    await endPresentedSession(services, readCookie(req, MEMBER_COOKIE), tenant.tenantKey);
    // The attributes the GraphQL route gives the member cookie (api/http/cookies.ts).
    setCookie(req, reply, MEMBER_COOKIE, session.token, { path: '/', expires: new Date(session.tokenExpiration) });
    setCookie(req, reply, COOKIES.memberHint, '1', { path: '/', expires: new Date(session.tokenExpiration), httpOnly: false });
    // The site keeps the previous member's info, flag and license company in localStorage: a
    // simulation starts from a clean slate like a logout (public §4).
    return reply.code(303).headers(noStore).header('clear-site-data', '"storage"').header('location', safeRedirectPath(one(req.query.to))).send();
  });
}
