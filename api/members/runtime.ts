// Per-app member state that lives in memory: the attempt limiters, the site-license lookup cache
// and the meter key. Kept beside the Services object (one per app), created on first use.
import { randomBytes } from 'node:crypto';
import { MEMBER_TIMES } from '../../engine/domain/members';
import { secretFor } from '../../engine/store/queries/member-sessions';
import { AttemptLimiter } from '../rate-limit';
import type { Services } from '../services';
import { DEFAULT_MEMBER_LIFETIMES, DEFAULT_MEMBER_LIMITS, type MemberLifetimes } from './options';

export interface LicenseHit { company: { id: number; name: string } | null; until: number }

export interface MemberRuntime {
  lifetimes: MemberLifetimes;
  limiters: { loginIp: AttemptLimiter; loginUser: AttemptLimiter; linkIp: AttemptLimiter; linkEmail: AttemptLimiter };
  /** tenantKey + ip key → company (or null) until an instant: 600 s when not found, 86,400 s when found. */
  licenses: Map<string, LicenseHit>;
  /** simulate: the key of the simulation hand-off codes (simulate.ts). */
  secret(name: 'meter' | 'member-id' | 'simulate'): Promise<Buffer>;
}

const runtimes = new WeakMap<Services, MemberRuntime>();
const MAX_LICENSE_ENTRIES = 50_000;

export function memberRuntime(services: Services): MemberRuntime {
  let r = runtimes.get(services);
  if (r) return r;
  const o = services.members;
  const limits = { ...DEFAULT_MEMBER_LIMITS, ...o.limits };
  const secrets = new Map<string, Promise<Buffer>>();
  r = {
    lifetimes: { ...DEFAULT_MEMBER_LIFETIMES, ...o.lifetimes },
    limiters: {
      loginIp: new AttemptLimiter(limits.loginPerIp, services.now),
      loginUser: new AttemptLimiter(limits.loginPerUsername, services.now),
      linkIp: new AttemptLimiter(limits.linkPerIp, services.now),
      linkEmail: new AttemptLimiter(limits.linkPerEmail, services.now),
    },
    licenses: new Map(),
    secret(name) {
      if (name === 'meter' && o.meterSecret) return Promise.resolve(Buffer.from(o.meterSecret, 'utf8'));
      let p = secrets.get(name);
      if (!p) {
        p = secretFor(services.store.db, name, () => randomBytes(32).toString('hex')).then((hex) => Buffer.from(hex, 'hex'));
        p.catch(() => secrets.delete(name));
        secrets.set(name, p);
      }
      return p;
    },
  };
  runtimes.set(services, r);
  return r;
}

/** Remembers a lookup for the spec's time (found 86,400 s, not found 600 s), within a bounded map. */
export function rememberLicense(r: MemberRuntime, key: string, company: LicenseHit['company'], now: number): void {
  if (r.licenses.size >= MAX_LICENSE_ENTRIES) {
    for (const [k, v] of r.licenses) if (v.until <= now) r.licenses.delete(k);
    if (r.licenses.size >= MAX_LICENSE_ENTRIES) r.licenses.clear();
  }
  r.licenses.set(key, { company, until: now + (company ? MEMBER_TIMES.licenseFoundTtlMs : MEMBER_TIMES.licenseNotFoundTtlMs) });
}
