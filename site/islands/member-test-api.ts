// Test support for the member islands: a fake site API that answers by operation name and
// records every call, installed with setSiteApi. Only *.test.tsx files import this.
import type { GraphQLClient } from '../../engine/domain/graphql-client';
import { vi } from 'vitest';
import { setSiteApi } from '../client/api';
import { CAPTCHA_META } from './captcha';
import { MEMBER_HINT_COOKIE } from '../../engine/domain/members';
import { resetMemberState } from '../client/member-session';
import { forgetGatedContent } from '../client/member-gate';

export type Handler = (vars: Record<string, any>) => unknown;

export interface FakeApi {
  calls: { kind: 'query' | 'mutation'; name: string; vars: Record<string, any> }[];
  on(name: string, handler: Handler): void;
  named(name: string): Record<string, any>[];
}

export function installFakeApi(): FakeApi {
  const handlers = new Map<string, Handler>();
  const calls: FakeApi['calls'] = [];
  const run = (kind: 'query' | 'mutation') => async (name: string, vars: Record<string, any> = {}) => {
    calls.push({ kind, name, vars });
    const h = handlers.get(name);
    if (!h) throw new Error(`no fake answer for ${name}`);
    return h(vars);
  };
  setSiteApi({ query: run('query'), mutation: run('mutation') } as unknown as GraphQLClient);
  localStorage.clear();
  // A browser the API has marked as possibly signed in (the hint cookie it sets with the session
  // cookie), so the islands ask getSiteUser; tests of the anonymous reader clear it.
  setMemberHint(true);
  resetMemberState();
  forgetGatedContent();
  return {
    calls,
    on: (name, handler) => { handlers.set(name, handler); },
    named: (name) => calls.filter((c) => c.name === name).map((c) => c.vars),
  };
}

/** Sets or clears the session hint cookie the API sets beside the member cookie. */
export function setMemberHint(on: boolean): void {
  document.cookie = on ? `${MEMBER_HINT_COOKIE}=1; Path=/` : `${MEMBER_HINT_COOKIE}=; Max-Age=0; Path=/`;
}

export const MEMBER = {
  id: 7, username: 'ivy@example.com', email: 'ivy@example.com', firstName: 'Ivy', lastName: 'Lane', title: null, company: 'Lane Freight',
  city: null, postalCode: null, region: null, countryCode: 'USA', memberships: [5101], newsletters: [], favoriteContent: [], simulating: false,
};

export interface FakeRecaptcha {
  executed: { key: string; action: string }[];
  /** Scripts the islands appended (Google's api.js). */
  scripts: number;
  restore(): void;
}

/**
 * Stands in for Google's reCAPTCHA v3 script: puts the tenant's site key on the page as the build
 * does (`<meta name="masthead-recaptcha">`, none for null), and answers an appended script by
 * leaving a grecaptcha whose tokens name their action.
 */
export function installFakeRecaptcha(siteKey: string | null): FakeRecaptcha {
  const meta = siteKey ? Object.assign(document.createElement('meta'), { name: CAPTCHA_META, content: siteKey }) : null;
  if (meta) document.head.append(meta);
  const fake: FakeRecaptcha = { executed: [], scripts: 0, restore: () => {} };
  const append = document.head.appendChild.bind(document.head);
  const spy = vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if ((node as unknown as Element).tagName !== 'SCRIPT') return append(node);
    fake.scripts += 1;
    (window as unknown as { grecaptcha: unknown }).grecaptcha = {
      ready: (cb: () => void) => cb(),
      execute: async (key: string, o: { action: string }) => { fake.executed.push({ key, action: o.action }); return `token-for-${o.action}`; },
    };
    queueMicrotask(() => (node as unknown as HTMLScriptElement).onload?.(new Event('load')));
    return node;
  });
  fake.restore = () => { spy.mockRestore(); meta?.remove(); };
  return fake;
}
