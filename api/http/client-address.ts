// The client address every per-address decision uses (login and reset rate limits, newsletter
// subscribe limits, site-license IP gating, crawler verification): Fastify's `req.ip`. It is the
// socket's peer unless the peer is a trusted proxy named by the `trustedProxies` setting; then
// X-Forwarded-For is walked from the right, skipping trusted hops, and the first untrusted hop is
// the client (Fastify's trustProxy with an address list, i.e. proxy-addr). With no setting the header
// is ignored, so nobody can choose their own address by sending it.
import { parseCidr } from '../../engine/domain/ip-range';

export class TrustedProxiesError extends Error {
  constructor(readonly field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'TrustedProxiesError';
  }
}

/**
 * Fastify's `trustProxy` value for a list of proxy addresses and CIDR ranges (IPv4 or IPv6);
 * false for an empty or missing list. Throws a TrustedProxiesError naming the entry that is not
 * an address or range.
 */
export function trustProxyFor(list: readonly string[] | undefined, field = 'trustedProxies'): string[] | false {
  if (list === undefined) return false;
  if (!Array.isArray(list)) throw new TrustedProxiesError(field, 'Must be a list of IP addresses or CIDR ranges');
  const out: string[] = [];
  for (const [i, raw] of list.entries()) {
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (!value || !parseCidr(value)) {
      throw new TrustedProxiesError(`${field}[${i}]`, `"${String(raw)}" is not an IP address or a CIDR range like 10.0.0.0/8 or fd00::/8`);
    }
    if (!out.includes(value)) out.push(value);
  }
  return out.length ? out : false;
}

/** Parses the comma- or space-separated form of the setting (as an environment variable holds it). */
export function parseTrustedProxies(text: string | undefined, field = 'MASTHEAD_TRUSTED_PROXIES'): string[] {
  if (text === undefined || text.trim() === '') return [];
  const list = text.split(/[\s,]+/).filter(Boolean);
  trustProxyFor(list, field);
  return list;
}
