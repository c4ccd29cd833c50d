// The server's visitor (issue 41): the analytics cookie only with performance consent under the
// site's consent rules; without it the cookie a reader still sends is ignored and cleared.
import { describe, expect, it } from 'vitest';
import { consentConfigOf } from '../../engine/domain/consent';
import { analyticsConsent, signVisitorCookie, visitorOf } from '../../engine/services/events/visitor';

const KEY = Buffer.alloc(32, 7);
const NOW = Date.UTC(2026, 2, 2);
const site = (extra: Record<string, unknown> = {}) => ({ settings: { general: { tagManagerId: 'GTM-ABC' }, ...extra } }) as never;
const version = consentConfigOf(undefined).version;

describe('analytics consent', () => {
  it('follows the consent rules: opt-in needs a stored yes of this version, opt-out and sites without consent settings count as granted', () => {
    expect(analyticsConsent(site(), undefined)).toBe(false);
    expect(analyticsConsent(site(), `${version}.1000`)).toBe(true);
    expect(analyticsConsent(site(), `${version}.0111`)).toBe(false);
    expect(analyticsConsent(site(), 'oldversion.1000')).toBe(false);
    expect(analyticsConsent(site({ consent: { mode: 'opt-out' } }), undefined)).toBe(true);
    expect(analyticsConsent({ settings: { general: {} } } as never, undefined)).toBe(true);
  });
});

describe('visitorOf', () => {
  const base = { tenantKey: 'alpha', ip: '192.0.2.1', userAgent: 'UA', consentCookie: undefined };
  const o = { key: KEY, salt: 'salt', now: NOW, mayIssue: () => Promise.resolve(true) };
  const genuine = signVisitorCookie('abcdefghijklmnopqrstuv', 'alpha', KEY, NOW).value;

  it('without consent ignores a genuine cookie, clears it and issues none', async () => {
    const v = await visitorOf({ ...base, visitorCookie: genuine, consented: false }, o);
    expect(v.key).toMatch(/^h:/);
    expect(v.cookie).toEqual({ action: 'clear' });
  });

  it('with consent counts a genuine cookie as its visitor, and an expired one as none', async () => {
    expect(await visitorOf({ ...base, visitorCookie: genuine, consented: true }, o)).toEqual({ key: 'c:abcdefghijklmnopqrstuv', cookie: null });
    const later = await visitorOf({ ...base, visitorCookie: genuine, consented: true }, { ...o, now: NOW + 400 * 86_400_000 });
    expect(later.key).toMatch(/^h:/);
    expect(later.cookie?.action).toBe('issue');
  });
});
