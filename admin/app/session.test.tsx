// @vitest-environment happy-dom
// The admin keeps a staff session alive on 15-minute access tokens: it refreshes silently a minute
// before the bearer token expires (again and again, on each new expiry), and a call refused as
// unauthenticated is refreshed and retried once. A fake API behind the transport plays the server.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request, configureTransport } from '../data/transport';
import { REFRESH_KEY, TOKEN_COOKIE, VALID_UNTIL_KEY, BEARER_EXPIRES_KEY, type SessionEnv } from '../lib/session-store';
import { SessionProvider, useSession } from './session';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-02T09:00:00Z');

function memoryEnv(): SessionEnv & { jar: Map<string, string>; store: Map<string, string> } {
  const jar = new Map<string, string>();
  const store = new Map<string, string>();
  return {
    jar, store,
    cookies: { get: (n) => jar.get(n) ?? null, set: (n, v) => { jar.set(n, v); }, remove: (n) => { jar.delete(n); } },
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => { store.set(k, v); }, removeItem: (k) => { store.delete(k); } },
  };
}

/** The server side: one live bearer and refresh token at a time, 15-minute bearers. */
function fakeApi(options: { thingAlwaysRefused?: boolean } = {}) {
  const server = { bearer: 'b0', refresh: 'r0', issued: 0, refreshCalls: 0, thingCalls: [] as string[] };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const unauthenticated = () => json({ errors: [{ message: 'Please sign in again.', extensions: { code: 'UNAUTHENTICATED' } }] }, 401);
  configureTransport({
    version: `session-test-${Math.random()}`,
    fetch: async (url, init) => {
      const name = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
      if (name) return new Response(`${name[1]} ${name[2]} { a }`);
      const body = JSON.parse(init.body ?? '{}') as { query: string; variables: Record<string, unknown> };
      const op = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
      const auth = init.headers.authorization ?? '';
      if (op === 'refreshTokenCmsUser') {
        server.refreshCalls++;
        if (body.variables.refreshToken !== server.refresh) return unauthenticated();
        server.issued++;
        server.bearer = `b${server.issued}`;
        server.refresh = `r${server.issued}`;
        return json({ data: { refreshTokenCmsUser: { bearerToken: server.bearer, refreshToken: server.refresh, bearerTokenExpiration: new Date(Date.now() + 15 * MINUTE).toISOString() } } });
      }
      if (auth !== `Bearer ${server.bearer}`) return unauthenticated();
      if (op === 'getActiveCMSUser') {
        return json({ data: { getActiveCMSUser: { id: 1, username: 'admin', email: 'a@example.com', firstName: 'A', lastName: 'D', role: 'admin', permissions: [], extraPermissions: [], status: 1, isGlobal: true, tenants: [] } } });
      }
      server.thingCalls.push(auth);
      return options.thingAlwaysRefused ? unauthenticated() : json({ data: { getThing: 42 } });
    },
  });
  return server;
}

function signedInEnv() {
  const env = memoryEnv();
  env.jar.set(TOKEN_COOKIE, 'b0');
  env.store.set(REFRESH_KEY, 'r0');
  env.store.set(BEARER_EXPIRES_KEY, String(T0 + 15 * MINUTE));
  env.store.set(VALID_UNTIL_KEY, String(T0 + 12 * 60 * MINUTE));
  return env;
}

function Status() {
  return <p data-testid="status">{useSession().status}</p>;
}

async function advance(ms: number) {
  await act(async () => { await vi.advanceTimersByTimeAsync(ms); });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('staff session in the admin', () => {
  it('refreshes silently a minute before each bearer token expires, and calls use the new token', async () => {
    const server = fakeApi();
    const env = signedInEnv();
    render(<SessionProvider env={env}><Status /></SessionProvider>);
    await advance(0);
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    await advance(13 * MINUTE);
    expect(server.refreshCalls).toBe(0);
    await advance(1 * MINUTE);
    expect(server.refreshCalls).toBe(1);
    expect(env.jar.get(TOKEN_COOKIE)).toBe('b1');
    expect(env.store.get(REFRESH_KEY)).toBe('r1');
    expect(Number(env.store.get(BEARER_EXPIRES_KEY))).toBe(T0 + 14 * MINUTE + 15 * MINUTE);
    // The next refresh is armed for the new expiry: 14 minutes later, not before.
    await advance(13 * MINUTE);
    expect(server.refreshCalls).toBe(1);
    await advance(1 * MINUTE);
    expect(server.refreshCalls).toBe(2);
    expect(env.jar.get(TOKEN_COOKIE)).toBe('b2');
    let answer: unknown;
    await act(async () => { answer = await request('query', 'getThing'); });
    expect(answer).toBe(42);
    expect(server.thingCalls).toEqual(['Bearer b2']);
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
  });

  it('on a call refused as unauthenticated, refreshes and retries it once', async () => {
    const server = fakeApi();
    const env = signedInEnv();
    render(<SessionProvider env={env}><Status /></SessionProvider>);
    await advance(0);
    // The server ended the bearer token early (e.g. it was rotated in another tab).
    server.bearer = 'b-elsewhere';
    let answer: unknown;
    await act(async () => { answer = await request('query', 'getThing'); });
    expect(answer).toBe(42);
    expect(server.refreshCalls).toBe(1);
    expect(server.thingCalls).toEqual(['Bearer b1']);
    expect(env.jar.get(TOKEN_COOKIE)).toBe('b1');
  });

  it('retries only once when the retried call is refused too', async () => {
    const server = fakeApi({ thingAlwaysRefused: true });
    const env = signedInEnv();
    render(<SessionProvider env={env}><Status /></SessionProvider>);
    await advance(0);
    let error: unknown;
    await act(async () => { error = await request('query', 'getThing').catch((e: unknown) => e); });
    expect((error as { code?: string }).code).toBe('UNAUTHENTICATED');
    expect(server.refreshCalls).toBe(1);
    expect(server.thingCalls).toEqual(['Bearer b0', 'Bearer b1']);
  });
});
