// POST /api/events: the site's batched event path (issue #18). The page queues events and flushes
// them with navigator.sendBeacon (a text/plain body, so no preflight) on visibility change or every
// few seconds: { tenant, sessionId, events: [{ type, input }, …] }, at most MAX_BATCH events. Valid events
// are stored, invalid ones reported by index; bots and events over a limit (per address, per
// visitor, repeated page views) are dropped and counted. The visitor is the server's (./visitor.ts):
// the answer sets or clears the signed visitor cookie. A member is attached (by id) only to a
// same-origin request carrying the member cookie.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_COOKIE } from '../../engine/domain/consent';
import { MAX_BATCH } from '../../engine/domain/events';
import { clearCookie, readCookie, setCookie } from '../http/cookies';
import { contextFor, type GraphqlRouteOptions } from '../http/graphql-route';
import { isSameOrigin } from '../http/origin';
import { nameTenant } from '../http/request-tenant';
import { memberOf } from '../members';
import type { EventIngestor, IngestResult } from '../../engine/services/events';
import { analyticsConsent, VISITOR_COOKIE } from '../../engine/services/events';

export const EVENTS_PATH = '/api/events';
const BODY_LIMIT = 128 * 1024;

/** Sets or clears the visitor cookie as the ingestion decided (HttpOnly, SameSite=Strict, `__Host-` over https). */
function applyVisitorCookie(req: FastifyRequest, reply: FastifyReply, cookie: IngestResult['cookie']): void {
  if (cookie?.action === 'issue') setCookie(req, reply, VISITOR_COOKIE, cookie.value, { expires: cookie.expires, path: '/' });
  else if (cookie?.action === 'clear') clearCookie(req, reply, VISITOR_COOKIE, { path: '/' });
}

export function registerEventRoutes(app: FastifyInstance, o: GraphqlRouteOptions, ingestor: EventIngestor): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
      try { done(null, JSON.parse(String(body))); } catch { done(null, { invalidJson: true }); }
    });
    scope.post(EVENTS_PATH, { bodyLimit: BODY_LIMIT }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = contextFor(req, reply, o);
      const body = (req.body ?? {}) as { sessionId?: unknown; events?: unknown; tenant?: unknown; invalidJson?: boolean };
      if (body.invalidJson || typeof body !== 'object') return reply.code(400).send({ errors: [{ field: 'body', message: 'Must be JSON: { sessionId, events }' }] });
      // sendBeacon cannot set headers: the page names its tenant in the body (<html data-tenant>) when its host does not.
      const byHeaders = await ctx.tenantOrNull();
      // Named as the request's tenant (api/http/request-tenant.ts) before anything of it is read or written.
      const tenant = byHeaders ?? nameTenant(typeof body.tenant === 'string' ? await o.services.tenants.byKey(body.tenant) : undefined);
      if (!tenant) return reply.code(404).send({ errors: [{ field: 'tenant', message: 'No site is configured for this host or key' }] });
      if (!Array.isArray(body.events) || body.events.length === 0 || body.events.length > MAX_BATCH) {
        return reply.code(400).send({ errors: [{ field: 'events', message: `Must be a list of 1 to ${MAX_BATCH} events` }] });
      }
      const member = byHeaders && isSameOrigin(req, o.allowedOrigins) ? await memberOf(ctx) : null;
      // The consent cookie is the page's own (site/client/consent.ts), never `__Host-` prefixed.
      const consentCookie = req.cookies?.[CONSENT_COOKIE];
      const cookies = { consentCookie, visitorCookie: readCookie(req, VISITOR_COOKIE), consented: analyticsConsent(tenant, consentCookie) };
      const r = await ingestor.ingest({
        tenantKey: tenant.tenantKey, ip: req.ip, userAgent: ctx.req.userAgent, sessionId: body.sessionId, siteUserId: member?.user.id ?? null, cookies,
      }, body.events as { type: unknown; input: unknown }[]);
      applyVisitorCookie(req, reply, r.cookie);
      const { cookie: _cookie, ...answer } = r;
      const status = r.errors.some((e) => e.field === 'sessionId') ? 400 : r.dropped['rate-limit'] > 0 && r.accepted === 0 ? 429 : 200;
      return reply.code(status).send(answer);
    });
  });
}
