// Per-app member state: the attempt limiters (from services.shared, so instances may share them)
// and the meter key. Kept beside the Services object (one per app), created on first use.
import { randomBytes } from 'node:crypto';
import { secretFor } from '../../store/queries/member-sessions';
import type { Limiter } from '../kernel/shared-state';
import type { Services } from '../kernel/services';
import { DEFAULT_MEMBER_LIFETIMES, DEFAULT_MEMBER_LIMITS, type MemberLifetimes } from '../kernel/member-options';

export interface MemberRuntime {
  lifetimes: MemberLifetimes;
  limiters: { loginIp: Limiter; loginUser: Limiter; linkIp: Limiter; linkEmail: Limiter; inquiryIp: Limiter; inquirySite: Limiter };
  /** simulate: the key of the simulation hand-off codes (simulate.ts). */
  secret(name: 'meter' | 'member-id' | 'simulate'): Promise<Buffer>;
}

const runtimes = new WeakMap<Services, MemberRuntime>();

export function memberRuntime(services: Services): MemberRuntime {
  let r = runtimes.get(services);
  if (r) return r;
  const o = services.members;
  const limits = { ...DEFAULT_MEMBER_LIMITS, ...o.limits };
  const secrets = new Map<string, Promise<Buffer>>();
  r = {
    lifetimes: { ...DEFAULT_MEMBER_LIFETIMES, ...o.lifetimes },
    limiters: {
      loginIp: services.shared.limiter('member-login-ip', limits.loginPerIp, services.now),
      loginUser: services.shared.limiter('member-login-user', limits.loginPerUsername, services.now),
      linkIp: services.shared.limiter('member-link-ip', limits.linkPerIp, services.now),
      linkEmail: services.shared.limiter('member-link-email', limits.linkPerEmail, services.now),
      inquiryIp: services.shared.limiter('inquiry-ip', limits.inquiryPerIp, services.now),
      inquirySite: services.shared.limiter('inquiry-site', limits.inquiryPerSite, services.now),
    },
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
