// The REST routes beside /graphql act for the tenant they resolve (api/http/request-tenant.ts): each
// runs in a tenant scope of its own and names its tenant once resolved (tenant headers or Host, the
// event beacon's body key, the staff user's request tenant). On SQLite the scope changes nothing; on
// PostgreSQL as the restricted role (npm run test:pg: MASTHEAD_TEST_PG_ROLE=app) a route that did
// not name its tenant would read nothing and have every write refused by row-level security, and a
// request for one tenant never sees another's rows. Cross-site reports of global staff act for all
// tenants (engine/store/tenant-scope.ts allTenants).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type UserKey } from './api-harness';

let h: Harness;
const ALPHA_ITEM = 10_010_001;
const BETA_ITEM = 10_020_001;
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';

beforeAll(async () => { h = await startApi({ responseCacheTtlMs: 0 }); });
afterAll(async () => h?.close());

const beacon = (body: unknown, userAgent = UA) => h.app.inject({
  method: 'POST', url: '/api/events',
  // sendBeacon: text/plain, and a host that is no tenant's (the API's own), so the body names the tenant.
  headers: { 'content-type': 'text/plain;charset=UTF-8', host: 'api.localhost', 'user-agent': userAgent },
  payload: JSON.stringify(body),
});
const pageView = (id: number) => ({ type: 'PageView', input: { pageId: `content:${id}`, path: '/markets/story', contentId: id } });

async function download(path: string, as: UserKey, headers: Record<string, string> = { 'x-tenant-key': 'alpha' }) {
  const token = await h.token(as);
  return h.app.inject({ method: 'GET', url: path, headers: { ...headers, authorization: `Bearer ${token}` } });
}
/** The term ids of a taxonomy CSV export (first column after the header). */
const idsOf = (csv: string) => csv.replace(/^\ufeff/, '').trim().split(/\r?\n/).slice(1).map((l) => Number(l.split(',')[0]));
const EXPORT = '/api/reports/taxonomy-export/export?format=csv';
/** Each tenant's one taxonomy term (tenantFixture: base + 30). */
const ALPHA_TERM = 130;
const BETA_TERM = 230;

describe('the event beacon', () => {
  it('refuses ids of another tenant than its body names, and a key that names none', async () => {
    const r = await beacon({ tenant: 'beta', sessionId: 's-rest-1', events: [pageView(ALPHA_ITEM)] });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ accepted: 0, errors: [{ field: 'events[0].input.contentId' }] });
    expect((await beacon({ tenant: 'nope', sessionId: 's-rest-1', events: [pageView(BETA_ITEM)] })).statusCode).toBe(404);
  });

  it('stores the events for the tenant its body names', async () => {
    const r = await beacon({ tenant: 'beta', sessionId: 's-rest-2', events: [pageView(BETA_ITEM), pageView(BETA_ITEM + 1)] });
    expect(r.json()).toMatchObject({ accepted: 2, errors: [] });
    expect(r.statusCode).toBe(200);
    const rows = await h.store.all<{ tenant_key: string; content_id: number }>(
      'select tenant_key, content_id from events where content_id in (?, ?) order by content_id', [BETA_ITEM, BETA_ITEM + 1]);
    expect(rows.map((x) => [x.tenant_key, Number(x.content_id)])).toEqual([['beta', BETA_ITEM], ['beta', BETA_ITEM + 1]]);
  });

  it('stores concurrent beacons of two tenants each for its own tenant (one group-commit transaction per tenant)', async () => {
    const sent = await Promise.all([
      beacon({ tenant: 'alpha', sessionId: 's-rest-3', events: [pageView(ALPHA_ITEM + 5)] }),
      beacon({ tenant: 'beta', sessionId: 's-rest-3', events: [pageView(BETA_ITEM + 5)] }),
      // Another reader (another browser): the server counts one view per visitor and item (engine/services/events/visitor.ts).
      beacon({ tenant: 'alpha', sessionId: 's-rest-4', events: [pageView(ALPHA_ITEM + 5)] }, `${UA} (second reader)`),
    ]);
    expect(sent.map((r) => [r.statusCode, r.json().accepted])).toEqual([[200, 1], [200, 1], [200, 1]]);
    const rows = await h.store.all<{ tenant_key: string; content_id: number }>(
      'select tenant_key, content_id from events where content_id in (?, ?) order by tenant_key', [ALPHA_ITEM + 5, BETA_ITEM + 5]);
    expect(rows.map((x) => [x.tenant_key, Number(x.content_id)])).toEqual([['alpha', ALPHA_ITEM + 5], ['alpha', ALPHA_ITEM + 5], ['beta', BETA_ITEM + 5]]);
  });
});

describe('report exports', () => {
  it('download the rows of the request tenant, and none of another tenant', async () => {
    for (const headers of [{ 'x-tenant-key': 'alpha' }, { host: 'alpha.localhost' }] as Record<string, string>[]) {
      const r = await download(EXPORT, 'alphaEditor', headers);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/csv/);
      expect(idsOf(r.body)).toEqual([ALPHA_TERM]);
    }
    const beta = await download(EXPORT, 'betaEditor', { 'x-tenant-key': 'beta' });
    expect(idsOf(beta.body)).toEqual([BETA_TERM]);
  });

  it('refuse a staff user another tenant\'s rows', async () => {
    const r = await download(`${EXPORT}&tenant=beta`, 'alphaEditor');
    expect(r.statusCode).toBe(403);
    expect(r.body).not.toContain(String(BETA_TERM));
  });

  it('give global staff another site\'s rows when they name it', async () => {
    const other = await download(`${EXPORT}&tenant=beta`, 'admin');
    expect(other.statusCode).toBe(200);
    expect(idsOf(other.body)).toEqual([BETA_TERM]);
  });

  it('give global staff every site\'s rows for tenant=* (acting for all tenants)', async () => {
    const all = await download(`${EXPORT}&tenant=*`, 'admin');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toContain('all-sites');
    expect(idsOf(all.body).sort()).toEqual([ALPHA_TERM, BETA_TERM]);
    // The same global user on a site-scoped request sees that site only.
    const own = await download(EXPORT, 'admin');
    expect(idsOf(own.body)).toEqual([ALPHA_TERM]);
  });
});

describe('syndication (acting for all tenants)', () => {
  let copyId = 0;

  it('global staff share an item into another tenant: the copy is that tenant\'s, unseen from the source tenant', async () => {
    const shared = await h.op('syndicateContent', { input: { id: ALPHA_ITEM + 1, targetTenantKey: 'beta', primarySectionId: 203 } }, { as: 'admin', tenant: 'alpha' });
    expect(shared.error).toBeUndefined();
    copyId = shared.data.syndicateContent.copyId;
    // A new id past every tenant's items (ids are installation-wide).
    expect(copyId).toBeGreaterThan(BETA_ITEM + 11);
    const inBeta = await h.op('getContent', { id: copyId }, { as: 'betaEditor', tenant: 'beta' });
    expect(inBeta.data.getContent).toMatchObject({ id: copyId, name: 'Carriers adjust capacity on lane 2' });
    const fromAlpha = await h.op('getContent', { id: copyId }, { as: 'alphaEditor', tenant: 'alpha' });
    expect(fromAlpha.data.getContent ?? null).toBeNull();
    const [row] = await h.store.all<{ tenant_key: string }>('select tenant_key from content where id = ?', [copyId]);
    expect(row?.tenant_key).toBe('beta');
    // The copy's tenant lists the link with the source's name (an item of the other tenant).
    const links = await h.op('getContentSyndication', {}, { as: 'betaEditor', tenant: 'beta' });
    expect(links.data.getContentSyndication).toMatchObject([{ copyId, copyTenantKey: 'beta', sourceId: ALPHA_ITEM + 1, sourceTenantKey: 'alpha', sourceName: 'Carriers adjust capacity on lane 2', copyName: 'Carriers adjust capacity on lane 2' }]);
  });

  it('an edit of the source, by its own tenant\'s editor, is copied into the other tenant', async () => {
    const edited = await h.op('updateContent', { id: ALPHA_ITEM + 1, input: { name: 'Carriers add a new loop' } }, { as: 'alphaEditor', tenant: 'alpha' });
    expect(edited.error).toBeUndefined();
    const copy = await h.op('getContent', { id: copyId }, { as: 'betaEditor', tenant: 'beta' });
    expect(copy.data.getContent.name).toBe('Carriers add a new loop');
    expect(h.changes.some((c) => c.tenantKey === 'beta' && c.change.ids.includes(copyId))).toBe(true);
  });
});

describe('id allocation (acting for all tenants)', () => {
  it('gives a new item an id past every tenant\'s, never one another tenant holds', async () => {
    // beta holds the id right after alpha's largest: ids are installation-wide.
    const taken = ALPHA_ITEM + 12;
    await h.store.run(`insert into content (id, tenant_key, type, name, slug, primary_section_id, labels, metadata)
      values (?, 'beta', 'Article', 'Beta holds this id', 'beta-holds-this-id', 203, '[]', '{}')`, [taken]);
    const [max] = await h.store.all<{ n: number }>('select max(id) as n from content');
    const created = await h.op('createContent', { input: { type: 'Article', name: 'Alpha new item', status: 0, primarySectionId: 103 } }, { as: 'alphaEditor', tenant: 'alpha' });
    expect(created.error).toBeUndefined();
    expect(created.data.createContent.id).toBe(Number(max!.n) + 1);
    const [beta] = await h.store.all<{ tenant_key: string; name: string }>('select tenant_key, name from content where id = ?', [taken]);
    expect(beta).toEqual({ tenant_key: 'beta', name: 'Beta holds this id' });
  });
});
