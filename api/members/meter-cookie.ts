// The meter cookie (public §3 "Content meter"): the meter state, signed by the server with
// HMAC-SHA256 and bound to one tenant. A cookie whose signature, tenant or shape is wrong reads as
// no meter at all, so tampering can only ever start a fresh meter, never add views.
// Format: v1.<base64url(JSON)>.<base64url(HMAC-SHA256(key, "meter:v1." + payload))>
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MAX_METERED_VIEWS, type MeterState } from '../../engine/domain/meter';

const DAY_MS = 86_400_000;
const VERSION = 'v1';

/** One cookie per tenant, so readers of two sites on one host keep two meters. */
export function meterCookieName(tenantKey: string): string {
  return `mh_meter_${tenantKey}`;
}

const payloadSchema = z.strictObject({
  t: z.string().min(1).max(40),
  v: z.number().int().min(0).max(MAX_METERED_VIEWS),
  s: z.number().int().min(0),
  e: z.number().int().min(0),
  n: z.number().int().min(0).max(MAX_METERED_VIEWS),
  p: z.number().int().min(1).max(3650),
  i: z.array(z.number().int().positive()).max(MAX_METERED_VIEWS),
});

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`meter:${VERSION}.${payload}`).digest();
}

export function signMeter(state: MeterState, tenantKey: string, key: Buffer): string {
  const body = { t: tenantKey, v: state.views, s: state.startTime, e: state.expirationTime, n: state.numberOfFreeViews, p: state.meteringPeriod, i: state.viewedItems };
  const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${VERSION}.${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The state of a genuine cookie for this tenant, or null (absent, tampered, another tenant's, inconsistent). */
export function readMeter(value: string | undefined, tenantKey: string, key: Buffer): MeterState | null {
  if (!value || value.length > 4096) return null;
  const parts = value.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, payload, sig] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) return null;
  const p = parsed.data;
  const consistent = p.t === tenantKey && p.v === p.i.length && new Set(p.i).size === p.i.length && p.v <= p.n && p.e === p.s + p.p * DAY_MS;
  if (!consistent) return null;
  return { views: p.v, startTime: p.s, expirationTime: p.e, numberOfFreeViews: p.n, meteringPeriod: p.p, viewedItems: p.i };
}
