import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminHref, adminSubPath, matchPath } from './path-match';
import { checkNavigation, loginHref, safeAdminRedirect, stripNoToken } from './navigation';
import {
  REFRESH_KEY, TOKEN_COOKIE, USER_KEY, VALID_UNTIL_KEY, clearSession, markValid, nextMidnight, parseExpiry,
  readUser, sessionState, storeTokens, storeUser, type CookieJar, type SessionEnv,
} from './session-store';
import { TOAST_TIMEOUT_MS, createToastStore } from './toast-store';
import { shouldReloadForChunk } from './chunk-reload';
import { deriveIndicator } from './publish-status';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

function memoryCookies(now: () => number): CookieJar & { expiry: (n: string) => number | undefined } {
  const m = new Map<string, { value: string; expires: number }>();
  return {
    get: (n) => {
      const c = m.get(n);
      return c && c.expires > now() ? c.value : null;
    },
    set: (n, value, expires) => void m.set(n, { value, expires: expires.getTime() }),
    remove: (n) => void m.delete(n),
    expiry: (n) => m.get(n)?.expires,
  };
}

describe('path matching', () => {
  it('matches params and literal segments, and nothing else', () => {
    expect(matchPath('/edit-content/:id', '/edit-content/10100001')).toEqual({ id: '10100001' });
    expect(matchPath('/edit-content/:id', '/edit-content')).toBeNull();
    expect(matchPath('/content', '/contents')).toBeNull();
    expect(matchPath('/create-content/:type', '/create-content/Article%20x')).toEqual({ type: 'Article x' });
    expect(matchPath('/x/:id', '/x/%E0%A4%A')).toBeNull();
  });
  it('reads the path below /admin', () => {
    expect(adminSubPath('/admin')).toBe('/');
    expect(adminSubPath('/admin/')).toBe('/');
    expect(adminSubPath('/admin/content/')).toBe('/content');
    expect(adminSubPath('/administrator')).toBeNull();
    expect(adminHref('/content')).toBe('/admin/content');
  });
});

describe('navigation rules (admin §2.4)', () => {
  const origin = 'https://cms.example.com';
  it('refuses javascript:, data:, blob: and vbscript: in any case or with control characters', () => {
    for (const t of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' data:text/html,x', 'blob:https://x/1', 'vbscript:x', 'java\tscript:alert(1)']) {
      expect(checkNavigation(t, origin).kind).toBe('refused');
    }
  });
  it('allows external addresses only when flagged', () => {
    expect(checkNavigation('https://evil.example/', origin).kind).toBe('refused');
    expect(checkNavigation('https://evil.example/', origin, true)).toEqual({ kind: 'external', href: 'https://evil.example/' });
    expect(checkNavigation('/admin/content?x=1', origin)).toEqual({ kind: 'internal', href: '/admin/content?x=1' });
  });
  it('keeps a post-login redirect only inside this admin', () => {
    expect(safeAdminRedirect('/admin/edit-content/10100001?tab=2', origin)).toBe('/admin/edit-content/10100001?tab=2');
    expect(safeAdminRedirect('//evil.example/admin', origin)).toBe('/admin');
    expect(safeAdminRedirect('https://evil.example/admin/x', origin)).toBe('/admin');
    expect(safeAdminRedirect('/other', origin)).toBe('/admin');
    expect(safeAdminRedirect('/admin/login?redirect=/admin', origin)).toBe('/admin');
    expect(safeAdminRedirect('javascript:alert(1)', origin)).toBe('/admin');
    expect(safeAdminRedirect(null, origin)).toBe('/admin');
  });
  it('strips noToken and builds the login address', () => {
    expect(stripNoToken('?noToken=1&redirect=%2Fadmin%2Fx')).toBe('?redirect=%2Fadmin%2Fx');
    expect(stripNoToken('?notoken=true')).toBe('');
    expect(loginHref('/admin/content?type=News')).toBe('/admin/login?redirect=%2Fadmin%2Fcontent%3Ftype%3DNews');
  });
});

describe('session storage (admin §4)', () => {
  let now = new Date(2026, 2, 14, 15, 30).getTime();
  const env = (): SessionEnv & { storage: ReturnType<typeof memoryStorage>; cookies: ReturnType<typeof memoryCookies> } => ({ storage: memoryStorage(), cookies: memoryCookies(() => now) });

  it('the validity flag expires at the next local midnight', () => {
    expect(nextMidnight(new Date(2026, 2, 14, 15, 30))).toBe(new Date(2026, 2, 15, 0, 0).getTime());
    expect(nextMidnight(new Date(2026, 2, 14, 0, 0))).toBe(new Date(2026, 2, 15, 0, 0).getTime());
    expect(nextMidnight(new Date(2026, 11, 31, 23, 59))).toBe(new Date(2027, 0, 1).getTime());
  });
  it('reads the server expiry as ISO, ms or seconds', () => {
    expect(parseExpiry('2026-03-14T16:00:00.000Z')).toBe(Date.UTC(2026, 2, 14, 16));
    expect(parseExpiry(1_773_504_000)).toBe(1_773_504_000_000);
    expect(parseExpiry(1_773_504_000_000)).toBe(1_773_504_000_000);
    expect(parseExpiry('1773504000')).toBe(1_773_504_000_000);
    expect(() => parseExpiry('soon')).toThrow(/expiry/);
  });
  it('stores the bearer in a cookie with the server expiry, the refresh token in storage, valid until midnight', () => {
    const e = env();
    const exp = now + 3_600_000;
    storeTokens(e, { bearerToken: 'b1', bearerTokenExpiration: new Date(exp).toISOString(), refreshToken: 'r1' }, new Date(now));
    expect(e.cookies.get(TOKEN_COOKIE)).toBe('b1');
    expect(e.cookies.expiry(TOKEN_COOKIE)).toBe(exp);
    expect(e.storage.getItem(REFRESH_KEY)).toBe('r1');
    expect(Number(e.storage.getItem(VALID_UNTIL_KEY))).toBe(nextMidnight(new Date(now)));
    expect(sessionState(e, new Date(now))).toBe('valid');
  });
  it('asks for a refresh after midnight or when the cookie expired, and is signed out with nothing', () => {
    const e = env();
    storeTokens(e, { bearerToken: 'b1', bearerTokenExpiration: now + 48 * 3_600_000, refreshToken: 'r1' }, new Date(now));
    expect(sessionState(e, new Date(nextMidnight(new Date(now)) + 1))).toBe('refresh');
    const saved = now;
    now += 49 * 3_600_000;
    markValid(e, new Date(now));
    expect(e.cookies.get(TOKEN_COOKIE)).toBeNull();
    expect(sessionState(e, new Date(now))).toBe('refresh');
    now = saved;
    expect(sessionState(env(), new Date(now))).toBe('signed-out');
  });
  it('keeps user info under the v1.2 marker and logout clears everything', () => {
    const e = env();
    storeTokens(e, { bearerToken: 'b', bearerTokenExpiration: now + 1000, refreshToken: 'r' }, new Date(now));
    storeUser(e, { username: 'ann' });
    expect(JSON.parse(e.storage.getItem(USER_KEY) as string).v).toBe('v1.2');
    expect(readUser(e)).toEqual({ username: 'ann' });
    e.storage.setItem(USER_KEY, JSON.stringify({ v: 'v1.1', user: { username: 'old' } }));
    expect(readUser(e)).toBeNull();
    clearSession(e);
    expect(e.cookies.get(TOKEN_COOKIE)).toBeNull();
    expect([...e.storage.m.keys()]).toEqual([]);
    expect(sessionState(e, new Date(now))).toBe('signed-out');
  });
});

describe('toasts (admin §8)', () => {
  afterEach(() => vi.useRealTimers());
  it('close themselves after 5000 ms, not before', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    const seen: number[] = [];
    store.subscribe((t) => seen.push(t.length));
    store.show('success', 'Saved');
    expect(TOAST_TIMEOUT_MS).toBe(5000);
    vi.advanceTimersByTime(4999);
    expect(store.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.list()).toHaveLength(0);
    expect(seen).toEqual([1, 0]);
  });
  it('can be dismissed early and keeps at most five', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    const first = store.show('error', 'a');
    store.dismiss(first);
    expect(store.list()).toHaveLength(0);
    for (let i = 0; i < 7; i++) store.show('info', `m${i}`);
    expect(store.list().map((t) => t.message)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
  });
});

describe('chunk reload guard (admin §8)', () => {
  it('reloads once per path within 10 s', () => {
    const s = memoryStorage();
    expect(shouldReloadForChunk(s, '/admin/layouts', 1000)).toBe(true);
    expect(shouldReloadForChunk(s, '/admin/layouts', 10_999)).toBe(false);
    expect(shouldReloadForChunk(s, '/admin/content', 5000)).toBe(true);
    expect(shouldReloadForChunk(s, '/admin/layouts', 11_000)).toBe(true);
  });
});

describe('publishing indicator', () => {
  it('goes queued → building → live only for a build after the save', () => {
    expect(deriveIndicator('b1', null, { state: 'live', buildId: 'b1' }).phase).toBe('queued');
    expect(deriveIndicator('b1', null, { state: 'queued', buildId: 'b1' }).phase).toBe('queued');
    expect(deriveIndicator('b1', null, { state: 'building', buildId: 'b1' }).phase).toBe('building');
    expect(deriveIndicator('b1', null, { state: 'live', buildId: 'b2', pagesWritten: 3 })).toEqual({ phase: 'live', buildId: 'b2', pagesWritten: 3 });
    expect(deriveIndicator('b1', 1000, { state: 'live', buildId: 'b1', finishedAt: 1500 }).phase).toBe('live');
    expect(deriveIndicator(null, null, null).phase).toBe('unknown');
  });
});
