// The importer's id lookups (store/queries/imports.ts) on PostgreSQL as the role row-level security
// holds to: ids are installation-wide, so an import into one tenant reads the largest id of every
// tenant, and finds the ids it picked that another tenant holds, instead of seeing its own rows only
// and picking an id that is taken.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgStore, type PgStore } from './connection';
import { openStore, type Store } from '../connection';
import { idsInUse, maxIds } from '../queries/imports';
import { inTenant } from '../tenant-scope';
import { freshPgDatabase, type FreshPg } from '../../../tests/helpers/pg';

let db: FreshPg;
let owner: PgStore;
let app: Store;

beforeAll(async () => {
  db = await freshPgDatabase('import-ids');
  owner = await openPgStore({ url: db.url, migrate: true });
  for (const [key, id, contentId] of [['alpha', 1, 10000001], ['beta', 2, 10000009]] as const) {
    await owner.run('insert into tenants (tenant_key, name, domain, abbreviation, settings) values (?, ?, ?, ?, ?)', [key, key, `${key}.test`, key, '{}']);
    await owner.run('insert into website_sections (id, tenant_key, name, alias, system_alias) values (?, ?, ?, ?, ?)', [id, key, 'News', 'news', 'news']);
    await owner.run(`insert into content (id, tenant_key, type, name, slug, primary_section_id, labels, metadata)
      values (?, ?, 'Article', ?, ?, ?, '[]', '{}')`, [contentId, key, `${key} story`, `${key}-story`, id]);
  }
  // The store the API opens (engine/store/connection: a PostgreSQL URL), as the restricted role.
  app = await openStore({ path: await db.appRole(), migrate: false });
});
afterAll(async () => {
  await app?.close();
  await owner?.close();
  await db?.drop();
});

describe('the importer\'s ids as the restricted role', () => {
  it('reads the largest content and section ids of every tenant while acting for one', async () => {
    const max = await inTenant('alpha', () => maxIds(app.db));
    expect(max.content).toBe(10000009);
    expect(max.section).toBe(2);
  });

  it('finds an id it picked that another tenant holds', async () => {
    expect((await inTenant('alpha', () => idsInUse(app.db, 'content', [10000009, 10000010]))).map(Number)).toEqual([10000009]);
  });
});
