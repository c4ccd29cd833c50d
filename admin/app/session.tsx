// The staff session (admin §4) as React state: startup check, login, a silent refresh shortly
// before the bearer token expires (the API grants 15 minutes) and at the first use after midnight,
// one refresh-and-retry when a call is refused as unauthenticated, logout that clears everything.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Permission } from '../../engine/domain/permissions';
import * as api from '../data/api';
import { configureTransport } from '../data/transport';
import type { CmsUser } from '../data/types';
import {
  bearerExpiry, bearerToken, browserSessionEnv, clearSession, readUser, refreshDelayMs, refreshToken, sessionState, storeTokens, storeUser,
  type SessionEnv, type SessionTokens,
} from '../lib/session-store';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

interface SessionValue {
  status: SessionStatus;
  user: CmsUser | null;
  permissions: readonly Permission[];
  login: (username: string, password: string) => Promise<void>;
  logout: () => Promise<void>;
  /** Re-reads the signed-in user (after a profile edit). */
  reloadUser: () => Promise<void>;
  /** Keeps a token pair the API issued outside login (a password change ends every other session). */
  adoptTokens: (tokens: SessionTokens) => void;
}

/** Exported for screen tests, which provide a fixed session. */
export const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children, env: given }: { children: ReactNode; env?: SessionEnv }) {
  const env = useMemo(() => given ?? browserSessionEnv(), [given]);
  const [user, setUser] = useState<CmsUser | null>(() => readUser<CmsUser>(env));
  const [status, setStatus] = useState<SessionStatus>('checking');
  const [expiresAt, setExpiresAt] = useState<number | null>(() => bearerExpiry(env));
  const refreshing = useRef<Promise<boolean> | null>(null);

  /** Stores a fresh pair and re-arms the silent refresh for its expiry. */
  const keepTokens = useCallback((tokens: SessionTokens) => {
    storeTokens(env, tokens, new Date());
    setExpiresAt(bearerExpiry(env));
  }, [env]);

  /** One refresh at a time; false (and a cleared session) when it fails. */
  const refresh = useCallback((): Promise<boolean> => {
    if (refreshing.current) return refreshing.current;
    const token = refreshToken(env);
    const run = (async () => {
      if (!token) return false;
      try {
        keepTokens(await api.refreshTokenCmsUser(token));
        return true;
      } catch {
        return false;
      }
    })();
    refreshing.current = run;
    void run.finally(() => {
      refreshing.current = null;
    });
    return run;
  }, [env, keepTokens]);

  const signOutLocally = useCallback(() => {
    clearSession(env);
    setUser(null);
    setExpiresAt(null);
    setStatus('signed-out');
  }, [env]);

  // Silent refresh: a minute before the bearer token expires, while signed in. A refused refresh
  // (session over, revoked, account disabled) signs out locally; the gate then shows the login.
  useEffect(() => {
    if (status !== 'signed-in' || expiresAt === null) return undefined;
    const timer = setTimeout(() => {
      void refresh().then((ok) => { if (!ok) signOutLocally(); });
    }, refreshDelayMs(expiresAt, Date.now()));
    return () => clearTimeout(timer);
  }, [status, expiresAt, refresh, signOutLocally]);

  useEffect(() => {
    configureTransport({
      bearer: () => bearerToken(env),
      onUnauthenticated: async () => {
        const ok = await refresh();
        if (!ok) {
          clearSession(env);
          window.location.reload();
        }
        return ok;
      },
    });
  }, [env, refresh]);

  const loadUser = useCallback(async () => {
    const me = await api.getActiveCMSUser();
    storeUser(env, me);
    setUser(me);
    setStatus('signed-in');
  }, [env]);

  // Startup, and again whenever the tab regains focus: refresh when the daily flag or cookie expired.
  useEffect(() => {
    let live = true;
    const check = async (startup: boolean) => {
      const state = sessionState(env, new Date());
      if (state === 'signed-out') {
        if (live) signOutLocally();
        return;
      }
      if (state === 'refresh' && !(await refresh())) {
        if (live) signOutLocally();
        if (!startup) window.location.reload();
        return;
      }
      if (startup) {
        try {
          await loadUser();
        } catch {
          if (live) signOutLocally();
        }
      }
    };
    void check(true);
    const onFocus = () => void check(false);
    window.addEventListener('focus', onFocus);
    return () => {
      live = false;
      window.removeEventListener('focus', onFocus);
    };
  }, [env, refresh, loadUser, signOutLocally]);

  const login = useCallback(async (username: string, password: string) => {
    keepTokens(await api.loginCmsUser(username, password));
    await loadUser();
  }, [keepTokens, loadUser]);

  const logout = useCallback(async () => {
    try {
      if (bearerToken(env) || refreshToken(env)) await api.logoutCmsUser(refreshToken(env));
    } catch {
      // Logging out locally matters more than telling the server.
    }
    signOutLocally();
  }, [env, signOutLocally]);

  const adoptTokens = keepTokens;

  const value = useMemo<SessionValue>(() => ({
    status, user, permissions: user?.permissions ?? [], login, logout, reloadUser: loadUser, adoptTokens,
  }), [status, user, login, logout, loadUser, adoptTokens]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
