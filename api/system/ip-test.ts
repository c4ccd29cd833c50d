// GET /ip-test on a tenant's public host (admin §2.1; issue 22): the visitor's address as the server
// sees it (after the trusted-proxy rules, api/http/client-address.ts) and the matching site licence
// (the page: engine/services/system/ip-test.ts). Not prerendered, never cached, rate-limited per IP.
import type { FastifyInstance } from 'fastify';
import { ipKey } from '../../engine/domain/ip-range';
import { AttemptLimiter, clientKey } from '../../engine/services/kernel/rate-limit';
import type { Services } from '../../engine/services/kernel/services';
import { IP_TEST_LIMIT, IP_TEST_PATH, ipTestAnswer, ipTestPage } from '../../engine/services/system';
import { PAGE_HEADERS } from '../http/standalone-page';
import { hostTenant } from '../http/request-tenant';
import { licenseCompanyFor } from '../../engine/services/members';

export function registerIpTestRoute(app: FastifyInstance, services: Services): void {
  const limiter = new AttemptLimiter(IP_TEST_LIMIT, services.now);
  app.get(IP_TEST_PATH, async (req, reply) => {
    const key = clientKey(req.ip);
    const wait = limiter.retryAfterMs(key);
    if (wait > 0) return reply.code(429).headers(PAGE_HEADERS).header('retry-after', String(Math.ceil(wait / 1000))).send(ipTestPage('Masthead', '<p>Too many requests. Please wait a minute.</p>'));
    limiter.hit(key);
    const tenant = await hostTenant(services, req);
    if (!tenant) return reply.code(404).headers(PAGE_HEADERS).send(ipTestPage('Masthead', '<p>No site is configured for this address.</p>'));
    const ip = req.ip ?? '';
    const company = ipKey(ip) !== null ? await licenseCompanyFor(services, tenant, ip) : null;
    return reply.code(200).headers(PAGE_HEADERS).send(ipTestAnswer(tenant.name, ip, company));
  });
}
