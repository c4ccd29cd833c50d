// The IP test page (admin §2.1; issue 22): the visitor's address as the server sees it and whether
// a site-licence IP range of the tenant matches it, for when a client's office reports "no access".
// The route (api/system/ip-test.ts) limits the requests and finds the tenant and the company.
import { escapeHtml as esc } from '../../domain/html-escape';
import type { LimitRule } from '../kernel/rate-limit';

export const IP_TEST_PATH = '/ip-test';
export const IP_TEST_LIMIT: LimitRule = { max: 60, windowMs: 60_000 };

export function ipTestPage(site: string, body: string): string {
  return '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>'
    + `<meta name="robots" content="noindex"/><title>IP test · ${esc(site)}</title>`
    + '<style>body{font:16px/1.6 system-ui,sans-serif;max-width:40rem;margin:10vh auto;padding:0 1.5rem;color:#1f2430}code{font-size:1.3rem;background:#eef1f6;padding:.1rem .4rem;border-radius:4px}'
    + '.match{color:#067647;font-weight:600}.nomatch{color:#b42318;font-weight:600}</style>'
    + `</head><body><main><h1>IP test</h1>${body}<p><a href="/">Return to Home</a></p></main></body></html>\n`;
}

/** The answer for an address: the address and the licence it falls in (company) or the advice when none does. */
export function ipTestAnswer(tenantName: string, ip: string, company: { name: string } | null): string {
  const verdict = company
    ? `<p class="match" data-result="match">This address is in the site licence of <strong>${esc(company.name)}</strong>: licensed content opens without signing in.</p>`
    : `<p class="nomatch" data-result="none">No site-licence IP range of ${esc(tenantName)} matches this address. If your office should have access, send this address to your account manager.</p>`;
  return ipTestPage(tenantName, `<p>Your IP address, as ${esc(tenantName)} sees it:</p><p><code data-ip>${esc(ip || 'unknown')}</code></p>${verdict}`);
}
