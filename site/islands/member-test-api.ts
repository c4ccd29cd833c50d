// Test support for the member islands: a fake site API that answers by operation name and
// records every call, installed with setSiteApi. Only *.test.tsx files import this.
import type { GraphQLClient } from '../../engine/domain/graphql-client';
import { setSiteApi } from '../client/api';
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
  resetMemberState();
  forgetGatedContent();
  return {
    calls,
    on: (name, handler) => { handlers.set(name, handler); },
    named: (name) => calls.filter((c) => c.name === name).map((c) => c.vars),
  };
}

export const MEMBER = {
  id: 7, username: 'ivy@example.com', email: 'ivy@example.com', firstName: 'Ivy', lastName: 'Lane', title: null, company: 'Lane Freight',
  city: null, postalCode: null, region: null, countryCode: 'USA', memberships: [5101], newsletters: [], favoriteContent: [], simulating: false,
};
