// Who an event counts for (issue 41): never an id the client chose. A reader who granted
// performance consent (the site's consent rules, engine/domain/consent.ts categoryGranted) gets a
// first-party cookie from the server, `mh_vid`: a random id bound to the tenant and sealed with the
// installation's event key (engine/services/kernel/sealed.ts, purpose "visitor"), kept 13 months; a request
// carrying a genuine one counts as that visitor. Every other request (no consent, no cookie yet, a
// forged or another tenant's cookie) counts cookie-less, the way Plausible counts: a hash of the
// day's random salt, the tenant, the client address and the user agent, which cannot be linked
// across days. The session id the client sends is checked for shape only (the spec's operations
// take one) and is not trusted for anything.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { categoryGranted, siteConsentConfig } from '../../domain/consent';
import { secretFor } from '../../store/queries/member-sessions';
import { open, seal } from '../kernel/sealed';
import type { Services } from '../kernel/services';
import type { TenantRow } from '../kernel/tenancy';

export const VISITOR_COOKIE = 'mh_vid';
/** 13 months: the longest an audience-measurement cookie may live (CNIL guidance). */
export const VISITOR_COOKIE_DAYS = 395;
const PURPOSE = 'visitor';
const DAY_MS = 86_400_000;

const payload = z.strictObject({ t: z.string().min(1).max(64), i: z.string().regex(/^[A-Za-z0-9_-]{22}$/), e: z.number().int() });

/** What the request says about its reader: the two cookies and the address and agent it came from. */
export interface VisitorRequest {
  tenantKey: string;
  ip: string;
  userAgent: string;
  /** The `mh_consent` cookie, if any. */
  consentCookie: string | undefined;
  /** The `mh_vid` cookie, if any. */
  visitorCookie: string | undefined;
  /** Whether the site's consent rules let this reader be given an analytics cookie. */
  consented: boolean;
}

/** The visitor a request counts for, and what to do with its cookie. */
export interface Visitor {
  /** A stable key: `c:<id>` from a genuine cookie, else `h:<hash>` (cookie-less, changes every day). */
  key: string;
  /** 'issue': give the reader a new cookie (`cookie`); 'clear': remove the one it sent (no consent); null: leave it. */
  cookie: { action: 'issue'; value: string; expires: Date } | { action: 'clear' } | null;
}

/** Whether the site lets this reader be given the analytics cookie (performance consent). */
export function analyticsConsent(tenant: Pick<TenantRow, 'settings'>, consentCookie: string | undefined): boolean {
  return categoryGranted(siteConsentConfig(tenant.settings), consentCookie, 'performance');
}

/** The id of a genuine visitor cookie of this tenant, or null. */
export function readVisitorCookie(value: string | undefined, tenantKey: string, key: Buffer, now: number): string | null {
  const p = open(PURPOSE, value, key, payload, now);
  return p && p.t === tenantKey ? p.i : null;
}

export function signVisitorCookie(id: string, tenantKey: string, key: Buffer, now: number): { value: string; expires: Date } {
  const e = now + VISITOR_COOKIE_DAYS * DAY_MS;
  return { value: seal(PURPOSE, { t: tenantKey, i: id, e }, key), expires: new Date(e) };
}

/** The cookie-less visitor: the day's salt, the tenant, the address and the user agent, hashed. */
export function cookielessKey(salt: string, r: Pick<VisitorRequest, 'tenantKey' | 'ip' | 'userAgent'>): string {
  return `h:${createHash('sha256').update(`${salt}\u0000${r.tenantKey}\u0000${r.ip}\u0000${r.userAgent}`).digest('base64url').slice(0, 22)}`;
}

/**
 * The visitor of a request. `mayIssue` answers whether a new cookie may be given now (the issuing
 * limit per address, so one client cannot mint itself a crowd of visitors); the request that gets
 * a new cookie still counts cookie-less, so dropping the cookie every time gains nothing.
 */
export async function visitorOf(r: VisitorRequest, o: { key: Buffer; salt: string; now: number; mayIssue: () => Promise<boolean> }): Promise<Visitor> {
  const hashed = cookielessKey(o.salt, r);
  if (!r.consented) return { key: hashed, cookie: r.visitorCookie ? { action: 'clear' } : null };
  const id = readVisitorCookie(r.visitorCookie, r.tenantKey, o.key, o.now);
  if (id) return { key: `c:${id}`, cookie: null };
  if (!(await o.mayIssue())) return { key: hashed, cookie: null };
  return { key: hashed, cookie: { action: 'issue', ...signVisitorCookie(randomBytes(16).toString('base64url'), r.tenantKey, o.key, o.now) } };
}

const keys = new WeakMap<Services, Promise<Buffer>>();

/** The installation's event key (made on first use in the store's installation secrets, shared by every instance). */
export function visitorKey(services: Services): Promise<Buffer> {
  let p = keys.get(services);
  if (!p) {
    p = secretFor(services.store.db, 'event-visitor', () => randomBytes(32).toString('hex')).then((hex) => Buffer.from(hex, 'hex'));
    p.catch(() => keys.delete(services));
    keys.set(services, p);
  }
  return p;
}
