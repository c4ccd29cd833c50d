// Same-origin check for cookie-authenticated state changes: Sec-Fetch-Site when the browser sends
// it, else the Origin header against the Host (or a configured allow-list). No signal: refused.
import type { FastifyRequest } from 'fastify';

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export function isSameOrigin(req: FastifyRequest, allowedOrigins: readonly string[] = []): boolean {
  const origin = first(req.headers.origin);
  if (origin && origin !== 'null') {
    if (allowedOrigins.includes(origin)) return true;
    try {
      const u = new URL(origin);
      const host = first(req.headers.host);
      if (!host || u.host.toLowerCase() !== host.toLowerCase()) return false;
    } catch {
      return false;
    }
  } else if (origin === 'null') {
    return false;
  }
  const site = first(req.headers['sec-fetch-site']);
  if (site !== undefined) return site === 'same-origin';
  return origin !== undefined;
}
