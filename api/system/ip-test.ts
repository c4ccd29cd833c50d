// GET /ip-test on a tenant's public host (admin §2.1; issue 22): the visitor's address as the server
// sees it (after the trusted-proxy rules, api/http/client-address.ts) and whether a site-licence
// IP range of this tenant matches it, for when a client's office reports "no access". Not
// prerendered, never cached, rate-limited per IP.
import type { FastifyInstance } from 'fastify';
import { hostTenant } from '../http/request-tenant';
import { ipKey } from '../../engine/domain/ip-range';
import { licenseCompanyFor } from '../members';
import { PAGE_HEADERS } from '../http/standalone-page';
import { AttemptLimiter, clientKey, type LimitRule } from '../../engine/services/kernel/rate-limit';
import type { Services } from '../../engine/services/kernel/services';
import { escapeHtml as esc } from '../../engine/domain/html-escape';

export const IP_TEST_PATH = '/ip-test';
export const IP_TEST_LIMIT: LimitRule = { max: 60, windowMs: 60_000 };


function page(site: string, body: string): string {
  return '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>'
    + `<meta name="robots" content="noindex"/><title>IP test · ${esc(site)}</title>`
    + '<style>body{font:16px/1.6 system-ui,sans-serif;max-width:40rem;margin:10vh auto;padding:0 1.5rem;color:#1f2430}code{font-size:1.3rem;background:#eef1f6;padding:.1rem .4rem;border-radius:4px}'
    + '.match{color:#067647;font-weight:600}.nomatch{color:#b42318;font-weight:600}</style>'
    + `</head><body><main><h1>IP test</h1>${body}<p><a href="/">Return to Home</a></p></main></body></html>\n`;
}

export function registerIpTestRoute(app: FastifyInstance, services: Services): void {
  const limiter = new AttemptLimiter(IP_TEST_LIMIT, services.now);
  app.get(IP_TEST_PATH, async (req, reply) => {
    const key = clientKey(req.ip);
    const wait = limiter.retryAfterMs(key);
    if (wait > 0) return reply.code(429).headers(PAGE_HEADERS).header('retry-after', String(Math.ceil(wait / 1000))).send(page('Masthead', '<p>Too many requests. Please wait a minute.</p>'));
    limiter.hit(key);
    const tenant = await hostTenant(services, req);
    if (!tenant) return reply.code(404).headers(PAGE_HEADERS).send(page('Masthead', '<p>No site is configured for this address.</p>'));
    const ip = req.ip ?? '';
    const valid = ipKey(ip) !== null;
    const company = valid ? await licenseCompanyFor(services, tenant, ip) : null;
    const verdict = company
      ? `<p class="match" data-result="match">This address is in the site licence of <strong>${esc(company.name)}</strong>: licensed content opens without signing in.</p>`
      : `<p class="nomatch" data-result="none">No site-licence IP range of ${esc(tenant.name)} matches this address. If your office should have access, send this address to your account manager.</p>`;
    return reply.code(200).headers(PAGE_HEADERS).send(page(tenant.name,
      `<p>Your IP address, as ${esc(tenant.name)} sees it:</p><p><code data-ip>${esc(ip || 'unknown')}</code></p>${verdict}`));
  });
}
