// Issue #23: event ingestion on PostgreSQL as the app's role (no BYPASSRLS). The ingestor commits
// in groups: requests that arrive while a write runs go into the next transaction together, and
// that drain runs in whichever request started it. Row-level security accepts one tenant's rows per
// transaction, so on PostgreSQL each group is written per tenant, acting for it; events of two
// sites sent at the same time are all stored, each under its own site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../engine/store/connection';
import { freshPgDatabase, type FreshPg } from '../helpers/pg';
import { startApi, type Harness } from './api-harness';

const ua = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' };

let db: FreshPg;
let h: Harness;

beforeAll(async () => {
  db = await freshPgDatabase('evingest');
  const seed = await openStore({ path: db.url });
  await seed.close();
  h = await startApi({}, { path: db.url, appPath: await db.appRole() });
});
afterAll(async () => {
  await h?.close();
  await db?.drop();
});

describe('event ingestion on PostgreSQL as the app\'s role', () => {
  it('stores events of two sites sent at once, each under its own site', async () => {
    const sends = Array.from({ length: 12 }, (_, i) => {
      const tenant = i % 2 ? 'beta' : 'alpha';
      return h.op('setEventClickSocialBrand', { input: { network: `net-${i}` }, sessionId: `s-${i}` }, { headers: ua, tenant });
    });
    const answers = await Promise.all(sends);
    for (const r of answers) {
      expect(r.error).toBeUndefined();
      expect(r.status).toBe(200);
      expect(r.data.setEventClickSocialBrand).toEqual({ ok: true });
    }
    // The owner sees both sites' rows.
    const rows = await h.store.all<{ tenant_key: string; n: number }>("select tenant_key, count(*) as n from events where type = 'ClickSocialBrand' group by tenant_key order by 1");
    expect(rows).toEqual([{ tenant_key: 'alpha', n: 6 }, { tenant_key: 'beta', n: 6 }]);
  });
});
