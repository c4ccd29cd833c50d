import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: '/graphql', headers: { 'x-tenant-key': 'alpha', ...headers }, payload: payload as string });

describe('operation documents', () => {
  it('serves each registered document as text, cacheable for a year at the current version', async () => {
    const v = h.app.api.registry.version;
    const r = await h.app.inject({ method: 'GET', url: `/graphql/query/getContent.gql?v=${v}` });
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatch(/^query getContent\(/);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.headers['cache-control']).toContain('immutable');
    const old = await h.app.inject({ method: 'GET', url: '/graphql/mutation/loginCmsUser.gql?v=old' });
    expect(old.body).toMatch(/^mutation loginCmsUser/);
    expect(old.headers['cache-control']).toBe('public, max-age=60');
  });

  it('answers 404 for unknown names, the wrong folder and path tricks', async () => {
    for (const url of ['/graphql/query/nope.gql', '/graphql/mutation/getContent.gql', '/graphql/query/..%2Fregistry.ts', '/graphql/other/getContent.gql', '/graphql/query/getContent']) {
      const r = await h.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
    }
  });
});

describe('tenant resolution', () => {
  const q = '{ getSiteSettingsNew }';
  const name = (r: { json(): any }) => r.json().data?.getSiteSettingsNew?.general?.siteName;

  it('takes x-tenant-key first, then x-domain, then Host (with or without a port)', async () => {
    expect(name(await post({ query: q }, { 'x-tenant-key': 'beta', 'x-domain': 'alpha.localhost' }))).toBe('beta News');
    expect(name(await h.app.inject({ method: 'POST', url: '/graphql', headers: { 'x-domain': 'beta.localhost:4000', host: 'alpha.localhost' }, payload: { query: q } }))).toBe('beta News');
    expect(name(await h.app.inject({ method: 'POST', url: '/graphql', headers: { host: 'beta.localhost:4000' }, payload: { query: q } }))).toBe('beta News');
    expect(name(await h.app.inject({ method: 'POST', url: '/graphql', headers: { host: 'ALPHA.localhost' }, payload: { query: q } }))).toBe('alpha News');
  });

  it('gives an unknown tenant a clear error', async () => {
    const r = await post({ query: q }, { 'x-tenant-key': 'gamma' });
    expect(r.statusCode).toBe(404);
    expect(r.json().errors[0]).toMatchObject({ message: 'No site is configured for "gamma".', extensions: { code: 'TENANT_UNKNOWN' } });
    const byHost = await h.app.inject({ method: 'POST', url: '/graphql', headers: { host: 'elsewhere.example' }, payload: { query: q } });
    expect(byHost.json().errors[0].extensions.code).toBe('TENANT_UNKNOWN');
  });
});

describe('request limits', () => {
  it('refuses batched (array) requests', async () => {
    const r = await post([{ query: '{ apiInfo { mode } }' }, { query: '{ apiInfo { mode } }' }]);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0].extensions.code).toBe('BATCH_NOT_SUPPORTED');
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const r = await post({ query: `{ apiInfo { mode } }`, variables: { pad: 'x'.repeat(1024 * 1024) } });
    expect(r.statusCode).toBe(413);
    expect(r.json().errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses bodies that are not JSON', async () => {
    const form = await h.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'query=%7B%7D' });
    expect(form.statusCode).toBe(415);
    expect(form.json().errors[0].extensions.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await h.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query": ' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('allows depth 8 and refuses depth 9', async () => {
    // Each children field nests one level under getWebsiteSectionsHierarchy (depth 1).
    const nested = (depth: number) => {
      let inner = 'id';
      for (let i = 0; i < depth - 2; i++) inner = `children { ${inner} }`;
      return `{ getWebsiteSectionsHierarchy { ${inner} } }`;
    };
    expect((await post({ query: nested(8) })).statusCode).toBe(200);
    const r = await post({ query: nested(9) });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0]).toMatchObject({ message: 'The query is nested 9 levels deep; the limit is 8.', extensions: { code: 'QUERY_TOO_DEEP' } });
  });

  it('counts depth through fragments', async () => {
    const query = `query { getWebsiteSectionsHierarchy { ...A } }
      fragment A on WebsiteSection { children { ...B } }
      fragment B on WebsiteSection { children { children { children { children { children { children { id } } } } } } }`;
    const r = await post({ query });
    expect(r.json().errors[0].extensions.code).toBe('QUERY_TOO_DEEP');
  });

  it('allows 15 aliases and refuses 16, counting aliases inside fragments each time they are used', async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: apiInfo { mode }`).join(' ')} }`;
    expect((await post({ query: aliases(15) })).statusCode).toBe(200);
    const r = await post({ query: aliases(16) });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0].extensions.code).toBe('TOO_MANY_ALIASES');
    const viaFragments = `{ x: apiInfo { ...F } y: apiInfo { ...F } }  fragment F on ApiInfo { a: mode b: mode c: mode d: mode e: mode f: mode g: mode }`;
    expect((await post({ query: viaFragments })).json().errors[0].extensions.code).toBe('TOO_MANY_ALIASES');
  });

  it('reports syntax errors and unknown fields as 400s', async () => {
    const syntax = await post({ query: '{ apiInfo { ' });
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const unknown = await post({ query: '{ passwords }' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('error masking', () => {
  it('hides unexpected errors behind a generic message and logs the cause', async () => {
    const spy = vi.spyOn(h.app.api.services.tenants, 'list').mockRejectedValueOnce(new Error('disk on fire at /var/db'));
    const r = await h.gql('{ getTenantInfo { tenantKey } }', {}, { as: 'admin' });
    spy.mockRestore();
    expect(r.status).toBe(500);
    expect(r.error).toMatchObject({ message: 'Something went wrong on our side. Please try again later.', extensions: { code: 'INTERNAL' } });
    expect(JSON.stringify(r.body)).not.toContain('disk on fire');
    expect(JSON.stringify(h.logged.at(-1), (_k, v) => (v instanceof Error ? v.message : v))).toContain('disk on fire');
  });

  it('exposes catalogued errors with their code and field', async () => {
    const r = await h.gql('mutation { createContent(input: { type: "Article", name: "", primarySectionId: 103 }) { id } }', {}, { as: 'alphaEditor' });
    expect(r.status).toBe(400);
    expect(r.error).toMatchObject({ message: 'name: Field is required', extensions: { code: 'BAD_USER_INPUT', field: 'name' } });
  });
});

describe('the answer cache of anonymous public reads', () => {
  it('shares an anonymous answer until a change, and never shares staff answers', async () => {
    const c = await startApi();
    try {
      const read = (opts = {}) => c.op('getContent', { id: 10_010_004 }, opts);
      expect((await read()).data.getContent.name).toBe('Carriers adjust capacity on lane 4');
      await c.store.run("update content set name = 'Changed behind the API' where id = 10010004");
      expect((await read()).data.getContent.name).toBe('Carriers adjust capacity on lane 4');
      expect((await read({ as: 'alphaEditor' })).data.getContent.name).toBe('Changed behind the API');
      // A member's request never takes the shared answer; it reads the kept content, which (like
      // the site's structure) shows a change made behind the API's back once it is dropped.
      const member = () => read({ tenant: 'alpha', headers: { 'x-tenant-key': 'alpha', 'x-site-user': 'Bearer member' } });
      expect((await member()).data.getContent.name).toBe('Carriers adjust capacity on lane 4');
      c.app.api.services.content.invalidate('alpha');
      expect((await member()).data.getContent.name).toBe('Changed behind the API');
      expect((await read()).data.getContent.name).toBe('Carriers adjust capacity on lane 4');
      await c.op('updateContent', { id: 10_010_004, input: { membershipIds: [140] } }, { as: 'alphaEditor' });
      const after = (await read()).data.getContent;
      expect(after).toMatchObject({ name: 'Changed behind the API', gated: true, body: null });
      expect((await read({ as: 'alphaEditor' })).data.getContent.body).toContain('<p>');
      expect((await read()).data.getContent.body).toBeNull();
    } finally {
      await c.close();
    }
  });

  it('keeps nothing when turned off or when the answer is an error', async () => {
    const c = await startApi({ responseCacheTtlMs: 0, cacheTtlMs: 0 });
    try {
      await c.op('getContent', { id: 10_010_004 });
      await c.store.run("update content set name = 'Fresh' where id = 10010004");
      expect((await c.op('getContent', { id: 10_010_004 })).data.getContent.name).toBe('Fresh');
      expect(c.app.api.services.responses.size).toBe(0);
    } finally {
      await c.close();
    }
    const before = h.app.api.services.responses.size;
    expect((await h.op('getContent', { id: 10_010_012 })).status).toBe(404);
    expect(h.app.api.services.responses.size).toBe(before);
  });
});

describe('trusted documents (production mode)', () => {
  let prod: Harness;
  beforeAll(async () => { prod = await startApi({ mode: 'production' }); });
  afterAll(async () => { await prod.close(); });
  const send = (payload: unknown) => prod.app.inject({ method: 'POST', url: '/graphql', headers: { 'x-tenant-key': 'alpha' }, payload: payload as string });

  it('runs registered documents sent as text, by name or by SHA-256', async () => {
    const doc = prod.app.api.registry.byName.get('getWebsiteSection')!;
    const variables = { sectionId: 103 };
    for (const payload of [
      { query: doc.text, variables },
      { documentId: 'getWebsiteSection', variables },
      { documentId: `sha256:${createHash('sha256').update(doc.text).digest('hex')}`, variables },
      { extensions: { persistedQuery: { version: 1, sha256Hash: doc.sha256 } }, variables },
    ]) {
      const r = await send(payload);
      expect(r.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(200);
      expect(r.json().data.getWebsiteSection.fullName).toBe('Markets > Ocean Freight');
    }
  });

  it('refuses ad-hoc text, edited registered text and introspection', async () => {
    const doc = prod.app.api.registry.byName.get('getWebsiteSection')!;
    for (const query of ['{ apiInfo { mode } }', `${doc.text} `, '{ __schema { types { name } } }']) {
      const r = await send({ query, variables: { sectionId: 103 } });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    }
    expect((await send({ documentId: 'noSuchOperation' })).json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('allows introspection in development mode', async () => {
    const dev = await post({ query: '{ __schema { queryType { name } } }' });
    expect(dev.json().data.__schema.queryType.name).toBe('Query');
  });
});

describe('cookies and cross-site requests', () => {
  it('sets HttpOnly, SameSite=Strict session cookies, Secure only over https', async () => {
    const login = (headers: Record<string, string>) => h.app.inject({
      method: 'POST', url: '/graphql', headers: { 'x-tenant-key': 'alpha', ...headers },
      payload: { query: 'mutation($u: String, $p: String) { loginCmsUser(username: $u, password: $p) { bearerToken } }', variables: { u: 'alpha.viewer', p: 'correct horse battery staple' } },
    });
    const plain = await login({});
    const cookies = plain.cookies as { name: string; httpOnly?: boolean; sameSite?: string; secure?: boolean; path?: string }[];
    const staff = cookies.find((c) => c.name === 'mh_staff')!;
    const refresh = cookies.find((c) => c.name === 'mh_staff_refresh')!;
    expect(staff).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(staff.secure).toBeFalsy();
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/graphql' });
    const trusted = await startApi({ trustProxy: true });
    try {
      const r = await trusted.app.inject({
        method: 'POST', url: '/graphql', headers: { 'x-tenant-key': 'alpha', 'x-forwarded-proto': 'https' },
        payload: { query: 'mutation($u: String, $p: String) { loginCmsUser(username: $u, password: $p) { bearerToken } }', variables: { u: 'alpha.viewer', p: 'correct horse battery staple' } },
      });
      // Over https the cookies carry the __Host- prefix (Secure, Path=/, no Domain): docs/security.md.
      const secure = r.cookies as { name: string; secure?: boolean; path?: string; domain?: string }[];
      expect(secure.find((c) => c.name === 'mh_staff')).toBeUndefined();
      expect(secure.find((c) => c.name === '__Host-mh_staff')).toMatchObject({ secure: true, path: '/' });
      expect(secure.find((c) => c.name === '__Host-mh_staff')!.domain).toBeUndefined();
    } finally {
      await trusted.close();
    }
  });

  it('refuses cookie-authenticated mutations from another origin, accepts same-origin and header-authenticated ones', async () => {
    const token = await h.token('alphaEditor');
    const mutation = { query: 'mutation { ping { ok } }' };
    const cookie = { cookie: `mh_staff=${token}` };
    const cross = await post(mutation, { ...cookie, host: 'alpha.localhost', origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().errors[0].extensions.code).toBe('CROSS_SITE_REQUEST');
    const fetchSite = await post(mutation, { ...cookie, host: 'alpha.localhost', 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.statusCode).toBe(403);
    const noSignal = await post(mutation, { ...cookie, host: 'alpha.localhost' });
    expect(noSignal.statusCode).toBe(403);
    const same = await post(mutation, { ...cookie, host: 'alpha.localhost:4000', origin: 'http://alpha.localhost:4000', 'sec-fetch-site': 'same-origin' });
    expect(same.statusCode).toBe(200);
    const header = await post(mutation, { authorization: `Bearer ${token}`, origin: 'https://evil.example' });
    expect(header.statusCode).toBe(200);
    const query = await post({ query: '{ getActiveCMSUser { username } }' }, { ...cookie, origin: 'https://evil.example' });
    expect(query.json().data.getActiveCMSUser.username).toBe('alpha.editor');
  });

  it('makes a cross-site cookie-authenticated write change nothing', async () => {
    const token = await h.token('alphaEditor');
    const before = await h.count('content');
    const r = await post({ query: 'mutation { createContent(input: { type: "Article", name: "Forged", primarySectionId: 103 }) { id } }' }, { cookie: `mh_staff=${token}`, origin: 'https://evil.example', host: 'alpha.localhost' });
    expect(r.statusCode).toBe(403);
    expect(await h.count('content')).toBe(before);
  });
});
