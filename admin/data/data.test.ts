import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_TEXT, configureTransport, request } from './transport';
import { flattenTree, normaliseSections, parentOptions } from './sections';

function respond(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('admin transport over the shared client', () => {
  let n = 0;
  const setup = (handler: (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Response, extra: Parameters<typeof configureTransport>[0] = {}) => {
    const calls: { url: string; method: string; headers: Record<string, string>; body?: string }[] = [];
    configureTransport({
      version: `t${++n}`, tenantKey: () => 'freightwise', bearer: () => 'tok', onUnauthenticated: undefined, ...extra,
      fetch: async (url, init) => {
        calls.push({ url, ...init });
        return handler(url, init);
      },
    });
    return calls;
  };

  it('fetches each document once by GET with the version, then POSTs with the tenant and bearer headers', async () => {
    const calls = setup((url) => (url.includes('.gql') ? new Response('query getThing { a }') : respond({ data: { getThing: { edges: [{ node: { id: 1 } }], totalCount: 1 } } })));
    expect(await request('query', 'getThing', { x: 1 })).toMatchObject({ items: [{ id: 1 }], totalCount: 1 });
    await request('query', 'getThing', {}, { tenantKey: 'plantpulse' });
    const gets = calls.filter((c) => c.method === 'GET');
    expect(gets.map((c) => c.url)).toEqual([expect.stringMatching(/^\/graphql\/query\/getThing\.gql\?v=t\d+$/)]);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.headers['x-tenant-key'])).toEqual(['freightwise', 'plantpulse']);
    expect(posts[0]?.headers.authorization).toBe('Bearer tok');
  });
  it("refuses a document that does not begin with query or mutation: 'Invalid GQL Format'", async () => {
    setup(() => new Response('{ hack }'));
    await expect(request('query', 'bad')).rejects.toThrow('Invalid GQL Format');
  });
  it("maps 'Network error' and carries the code and the field the API names", async () => {
    setup((url) => (url.includes('.gql') ? new Response('query q { a }') : respond({ errors: [{ message: 'Network error' }] })));
    await expect(request('query', 'q')).rejects.toThrow(NETWORK_ERROR_TEXT);
    setup((url) => (url.includes('.gql') ? new Response('mutation m { a }') : respond({ errors: [{ message: 'name: Field is required', extensions: { code: 'BAD_USER_INPUT', field: 'name' } }] }, 400)));
    const err = await request('mutation', 'm').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).code, (err as ApiError).field, (err as ApiError).status]).toEqual(['BAD_USER_INPUT', 'name', 400]);
  });
  it('refreshes once on UNAUTHENTICATED and retries with the new token, but never for session operations', async () => {
    let token = 'old';
    let refreshes = 0;
    const calls = setup((url, init) => {
      if (url.includes('.gql')) return new Response(url.includes('mutation') ? 'mutation loginCmsUser { a }' : 'query getThing { a }');
      return init.headers.authorization === 'Bearer new' ? respond({ data: { getThing: 5 } }) : respond({ errors: [{ message: 'no', extensions: { code: 'UNAUTHENTICATED' } }] }, 401);
    }, { bearer: () => token, onUnauthenticated: async () => { refreshes++; token = 'new'; return true; } });
    expect(await request('query', 'getThing')).toBe(5);
    expect(refreshes).toBe(1);
    token = 'old';
    await expect(request('mutation', 'loginCmsUser')).rejects.toThrow('no');
    expect(refreshes).toBe(1);
    expect(calls.filter((c) => c.method === 'POST').length).toBe(3);
  });
});

describe('section tree (admin §3.2)', () => {
  const flat = [
    { id: 1, name: 'Markets', alias: 'markets' },
    { id: 2, name: 'Ocean', alias: 'markets/ocean', parentId: 1 },
    { id: 3, name: 'Spot', alias: 'markets/ocean/spot', parentId: 2 },
    { id: 4, name: 'Home', alias: 'home' },
  ];
  it('builds the tree from a flat list or a nested answer alike', () => {
    const a = normaliseSections(flat);
    const b = normaliseSections([{ ...flat[3], children: [] }, { ...flat[0], children: [{ ...flat[1], children: [flat[2]] }] }]);
    expect(flattenTree(a).map((s) => [s.id, s.depth, s.fullName])).toEqual([[4, 1, 'Home'], [1, 1, 'Markets'], [2, 2, 'Markets › Ocean'], [3, 3, 'Markets › Ocean › Spot']]);
    expect(flattenTree(b).map((s) => s.id)).toEqual([4, 1, 2, 3]);
  });
  it('offers parents that keep the tree within 3 levels and never self or a descendant', () => {
    const tree = normaliseSections(flat);
    expect(parentOptions(tree, null).map((s) => s.id)).toEqual([4, 1, 2]);
    expect(parentOptions(tree, 2).map((s) => s.id)).toEqual([4, 1]);
    expect(parentOptions(tree, 1)).toEqual([]);
    expect(parentOptions(tree, 3).map((s) => s.id)).toEqual([4, 1, 2]);
  });
});
