// Developer-tools mode's rules (admin §6): only holders of manage_modules, only endpoints that keep
// the staff token off clear text and other people's hosts' query strings, only the user's own sites.
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../engine/domain/permissions';
import { devToolsFor, readDevToolsCookies, THIS_SERVER, validEndpoint } from './dev-tools';

const modules = { permissions: ['manage_modules', 'manage_content'] as Permission[] };
const editor = { permissions: ['manage_content'] as Permission[] };
const cookie = (o: Record<string, string>) => Object.entries(o).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');

describe('developer-tools mode', () => {
  it('is off by default and for anyone without manage_modules, whatever the cookies say', () => {
    expect(devToolsFor(readDevToolsCookies(''), modules, ['alpha'])).toBeNull();
    const on = readDevToolsCookies(cookie({ mh_devtools: '1', mh_devtools_endpoint: 'https://staging.example.com/graphql', mh_devtools_tenant: 'alpha' }));
    expect(devToolsFor(on, editor, ['alpha'])).toBeNull();
    expect(devToolsFor(on, null, ['alpha'])).toBeNull();
    expect(devToolsFor(on, modules, ['alpha'])).toMatchObject({ endpoint: 'https://staging.example.com/graphql', tenantKey: 'alpha', refused: [] });
  });

  it('overrides the tenant key only with one of the user\'s own sites', () => {
    const tools = devToolsFor(readDevToolsCookies(cookie({ mh_devtools: '1', mh_devtools_tenant: 'beta' })), modules, ['alpha']);
    expect(tools?.tenantKey).toBeNull();
    expect(tools?.refused).toEqual(['site "beta" (not one of your sites)']);
  });

  it('takes a path on this server or an https address as the endpoint, and refuses the rest by name', () => {
    expect(validEndpoint('/graphql')).toBe('/graphql');
    expect(validEndpoint(' https://api.example.com/graphql/ ')).toBe('https://api.example.com/graphql');
    expect(validEndpoint('http://localhost:4000/graphql')).toBe('http://localhost:4000/graphql');
    expect(validEndpoint('http://alpha.localhost:4000/graphql')).toBe('http://alpha.localhost:4000/graphql');
    for (const bad of ['http://api.example.com/graphql', '//evil.example/graphql', 'javascript:alert(1)', 'https://u:p@api.example.com/graphql', 'https://api.example.com/graphql?x=1', 'ftp://x/graphql', '']) {
      expect(validEndpoint(bad), bad).toBeNull();
    }
    const tools = devToolsFor(readDevToolsCookies(cookie({ mh_devtools: '1', mh_devtools_endpoint: 'http://api.example.com/graphql' })), modules, []);
    expect(tools?.endpoint).toBe(THIS_SERVER);
    expect(tools?.refused[0]).toMatch(/^API endpoint "http:\/\/api\.example\.com\/graphql"/);
  });

  it('offers this server first in the selector, then the saved ones that are still valid', () => {
    const saved = JSON.stringify(['https://b.example.com/graphql', 'http://not-allowed.example/graphql', '/graphql']);
    const tools = devToolsFor(readDevToolsCookies(cookie({ mh_devtools: '1', mh_devtools_servers: saved, mh_devtools_endpoint: 'https://c.example.com/graphql' })), modules, []);
    expect(tools?.servers).toEqual([THIS_SERVER, 'https://b.example.com/graphql', 'https://c.example.com/graphql']);
  });
});
