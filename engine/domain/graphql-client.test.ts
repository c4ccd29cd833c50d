import { describe, expect, it } from 'vitest';
import {
  createGraphQLClient, GraphQLClientError, NETWORK_ERROR_MESSAGE, statusCodeMessage, type FetchLike,
} from './graphql-client';

type Reply = { status?: number; statusText?: string; body: string } | Error;
function fakeFetch(replies: Reply[]) {
  const calls: { url: string; init: Parameters<FetchLike>[1] }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const r = replies.shift();
    if (!r) throw new Error('no more replies');
    if (r instanceof Error) throw r;
    const status = r.status ?? 200;
    return { ok: status < 400, status, statusText: r.statusText ?? '', text: async () => r.body };
  };
  return { fetch, calls };
}
const doc = (text: string): Reply => ({ body: text });
const json = (value: unknown, status = 200): Reply => ({ status, body: JSON.stringify(value) });

describe('graphql client', () => {
  it('fetches the document once, posts it with the tenant and token headers and unwraps the last key', async () => {
    const { fetch, calls } = fakeFetch([doc('query getThing($id: Int) { a { x } getThing(id: $id) { id } }'), json({ data: { a: { x: 1 }, getThing: { id: 7 } } }), json({ data: { getThing: { id: 8 } } })]);
    const client = createGraphQLClient({ endpoint: 'http://api.test/graphql', version: 'v1', fetch, tenantKey: 'alpha', staffToken: () => 'staff-token', siteUserToken: () => 'member-token' });
    expect(await client.query('getThing', { id: 7 })).toEqual({ id: 7 });
    expect(await client.query('getThing', { id: 8 })).toEqual({ id: 8 });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['GET http://api.test/graphql/query/getThing.gql?v=v1', 'POST http://api.test/graphql', 'POST http://api.test/graphql']);
    expect(calls[1]!.init.headers).toMatchObject({ 'content-type': 'application/json', 'x-tenant-key': 'alpha', authorization: 'Bearer staff-token', 'x-site-user': 'Bearer member-token' });
    expect(JSON.parse(calls[1]!.init.body!)).toEqual({ query: 'query getThing($id: Int) { a { x } getThing(id: $id) { id } }', variables: { id: 7 } });
  });

  it('sends x-domain with the current host when the tenant key is automatic', async () => {
    const { fetch, calls } = fakeFetch([json({ data: { ok: true } })]);
    const client = createGraphQLClient({ endpoint: '/graphql', version: '1', fetch, tenantKey: 'auto', currentHost: () => 'alpha.localhost:4000' });
    await client.execute('query', 'query { ok }');
    expect(calls[0]!.init.headers['x-domain']).toBe('alpha.localhost:4000');
    expect(calls[0]!.init.headers['x-tenant-key']).toBeUndefined();
    expect(calls[0]!.init.headers.authorization).toBeUndefined();
  });

  it('flattens stream edges into items', async () => {
    const { fetch } = fakeFetch([json({ data: { getStream: { edges: [{ node: { id: 1 } }, { node: { id: 2 } }], totalCount: 2, pageInfo: { hasNextPage: false } } } })]);
    const client = createGraphQLClient({ endpoint: '/graphql', version: '1', fetch });
    expect(await client.execute('query', 'query { getStream { totalCount } }')).toEqual({ items: [{ id: 1 }, { id: 2 }], totalCount: 2, pageInfo: { hasNextPage: false } });
  });

  it('refuses a document that does not begin with query or mutation', async () => {
    const { fetch } = fakeFetch([doc('<html>oops</html>')]);
    const client = createGraphQLClient({ endpoint: '/graphql', version: '1', fetch });
    await expect(client.query('getThing')).rejects.toThrow('Invalid GQL Format');
    await expect(client.execute('query', '{ shorthand }')).rejects.toThrow('Invalid GQL Format');
  });

  it('retries a query once on a non-JSON answer, but never a mutation', async () => {
    const q = fakeFetch([{ status: 502, statusText: 'Bad Gateway', body: '<html>' }, json({ data: { x: 1 } })]);
    expect(await createGraphQLClient({ endpoint: '/g', version: '1', fetch: q.fetch }).execute('query', 'query { x }')).toBe(1);
    expect(q.calls).toHaveLength(2);
    const twice = fakeFetch([{ status: 502, statusText: 'Bad Gateway', body: '<html>' }, { status: 502, statusText: '', body: '<html>' }]);
    await expect(createGraphQLClient({ endpoint: '/g', version: '1', fetch: twice.fetch }).execute('query', 'query { x }')).rejects.toThrow(statusCodeMessage(502));
    const m = fakeFetch([{ status: 502, statusText: 'Bad Gateway', body: '<html>' }, json({ data: { x: 1 } })]);
    await expect(createGraphQLClient({ endpoint: '/g', version: '1', fetch: m.fetch }).execute('mutation', 'mutation { x }')).rejects.toThrow('Bad Gateway');
    expect(m.calls).toHaveLength(1);
  });

  it('raises the first error with its status and code, and turns network failures into the database message', async () => {
    const { fetch } = fakeFetch([json({ errors: [{ message: 'name: Field is required', extensions: { code: 'BAD_USER_INPUT', field: 'name' } }, { message: 'second' }], data: null }, 400)]);
    const err = await createGraphQLClient({ endpoint: '/g', version: '1', fetch }).execute('mutation', 'mutation { x }').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GraphQLClientError);
    expect(err).toMatchObject({ message: 'name: Field is required', status: 400, code: 'BAD_USER_INPUT', extensions: { field: 'name' } });
    const net = fakeFetch([new TypeError('fetch failed')]);
    await expect(createGraphQLClient({ endpoint: '/g', version: '1', fetch: net.fetch }).execute('query', 'query { x }')).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 500 });
    const relayed = fakeFetch([json({ errors: [{ message: 'Network error' }] }, 502)]);
    await expect(createGraphQLClient({ endpoint: '/g', version: '1', fetch: relayed.fetch }).execute('query', 'query { x }')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });
});
