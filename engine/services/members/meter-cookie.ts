// The meter cookie (public §3 "Content meter"): the meter state, signed by the server with
// HMAC-SHA256 and bound to one tenant. A cookie whose signature, tenant or shape is wrong reads as
// no meter at all, so tampering can only ever start a fresh meter, never add views.
// Format: v1.<base64url(JSON)>.<base64url(HMAC-SHA256(key, "meter:v1." + payload))>
import { z } from 'zod';
import { MAX_METERED_VIEWS, type MeterState } from '../../domain/meter';
import { seal, unsealJson } from '../kernel/sealed';

const DAY_MS = 86_400_000;
/** The sealed-token purpose: the cookie is a engine/services/kernel/sealed token of purpose "meter". */
const PURPOSE = 'meter';
const MAX_COOKIE = 4096;

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

export function signMeter(state: MeterState, tenantKey: string, key: Buffer): string {
  const body = { t: tenantKey, v: state.views, s: state.startTime, e: state.expirationTime, n: state.numberOfFreeViews, p: state.meteringPeriod, i: state.viewedItems };
  return seal(PURPOSE, body, key);
}

/** The state of a genuine cookie for this tenant, or null (absent, tampered, another tenant's, inconsistent). */
export function readMeter(value: string | undefined, tenantKey: string, key: Buffer): MeterState | null {
  const unsealed = unsealJson(PURPOSE, value, key, MAX_COOKIE);
  if (!unsealed) return null;
  const parsed = payloadSchema.safeParse(unsealed.json);
  if (!parsed.success) return null;
  const p = parsed.data;
  const consistent = p.t === tenantKey && p.v === p.i.length && new Set(p.i).size === p.i.length && p.v <= p.n && p.e === p.s + p.p * DAY_MS;
  if (!consistent) return null;
  return { views: p.v, startTime: p.s, expirationTime: p.e, numberOfFreeViews: p.n, meteringPeriod: p.p, viewedItems: p.i };
}
