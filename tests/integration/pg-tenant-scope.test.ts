// The app on PostgreSQL acts for the request's tenant (issue #23): it connects as a role that is
// neither superuser nor BYPASSRLS, so row-level security holds, and every statement of a request
// runs with masthead.tenant set to the tenant it resolved (engine/store/tenant-scope.ts): its
// transactions with SET LOCAL, its other statements on a pooled client whose session names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, rawOf, type Store } from '../../engine/store/connection';
import { inTenant } from '../../engine/store/tenant-scope';
import { freshPgDatabase, type FreshPg } from '../helpers/pg';
import { startApi, type Harness } from './api-harness';

const ALPHA_ITEM = 10_010_001;
const BETA_ITEM = 10_020_001;

let db: FreshPg;
let h: Harness;
/** A second store as the app's role, one pooled client, so every statement reuses the same session. */
let app: Store;


beforeAll(async () => {
  db = await freshPgDatabase('scope');
  // The harness seeds as the owner; the app opens the same database as the RLS-bound role.
  const role = await (async () => {
    const seed = await openStore({ path: db.url });
    await seed.close();
    return db.appRole();
  })();
  h = await startApi({}, { path: db.url, appPath: role });
  const { openSqliteWireStore } = await import('../../engine/store/pg/sqlite-wire');
  app = await openSqliteWireStore({ url: role, migrate: false, max: 1 });
});
afterAll(async () => {
  await app?.close();
  await h?.close();
  await db?.drop();
});

const tenantsOfContent = async (s: Store) =>
  (await s.all<{ t: string }>('select distinct tenant_key as t from content order by 1')).map((r) => r.t);

describe('the app on PostgreSQL as a role row-level security holds to', () => {
  it('shows statements in a tenant scope that tenant\'s rows only, outside any scope none, on one reused connection', async () => {
    expect(await tenantsOfContent(h.store)).toEqual(['alpha', 'beta']); // the owner sees both
    expect(await inTenant('alpha', () => tenantsOfContent(app))).toEqual(['alpha']);
    expect(await tenantsOfContent(app)).toEqual([]);
    // A transaction in a scope (SET LOCAL), read through its own handle.
    expect(await inTenant('beta', () => app.transaction(async (tx) => tenantsOfContent({ all: rawOf(tx).all } as Store)))).toEqual(['beta']);
    expect(await tenantsOfContent(app)).toEqual([]);
  });

  it('commits an edit made through the API (its transaction acts for the request\'s tenant)', async () => {
    const r = await h.op('updateContent', { id: ALPHA_ITEM, input: { name: 'Retitled under row security' } }, { as: 'alphaEditor' });
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(200);
    const [row] = await h.store.all<{ name: string }>('select name from content where id = ?', [ALPHA_ITEM]);
    expect(row!.name).toBe('Retitled under row security');
    const [history] = await h.store.all<{ n: number }>("select count(*) as n from history where tenant_key = 'alpha' and entity_id = ?", [String(ALPHA_ITEM)]);
    expect(history!.n).toBeGreaterThan(0);
  });

  it('answers reads from the request\'s tenant only, and a cross-tenant read finds nothing', async () => {
    const own = await h.op('getContent', { id: ALPHA_ITEM });
    expect(own.data.getContent.name).toBe('Retitled under row security');
    const across = await h.op('getContent', { id: BETA_ITEM, status: 'any' }, { as: 'admin' });
    expect(across.status).toBe(404);
    expect(JSON.stringify(across.body)).not.toContain('Carriers');
    const beta = await h.op('getContent', { id: BETA_ITEM }, { tenant: 'beta' });
    expect(beta.data.getContent.id).toBe(BETA_ITEM);
  });
});
