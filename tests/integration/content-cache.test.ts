// The published content kept between public reads (engine/services/kernel/content-cache.ts): read once per item and
// tenant while fresh, re-read after its lifetime or an invalidation, bounded in items, per tenant,
// and never kept when the read failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentCache } from '../../engine/services/kernel/content-cache';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

let store: Store;
const ITEM = 10010002;
const OTHER = 10010003;
const BETA_ITEM = 10020001;

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)]));
});
afterAll(async () => { await store.close(); });

const rename = (id: number, name: string) => store.run('update content set name = ?, body = ? where id = ?', [name, `<p>${name}</p><script>x()</script>`, id]);

describe('ContentCache', () => {
  it('keeps an item for its lifetime and reads them again after it or after an invalidation', async () => {
    let now = 1_000;
    const cache = new ContentCache(store, 5_000, () => now);
    await rename(ITEM, 'First');
    expect((await cache.item('alpha', ITEM))!.body()).toBe('<p>First</p>');
    await rename(ITEM, 'Second');
    now += 4_999;
    expect((await cache.item('alpha', ITEM))!.row.name).toBe('First');
    now += 1;
    expect((await cache.item('alpha', ITEM))!.row.name).toBe('Second');
    await rename(ITEM, 'Third');
    cache.invalidate('beta');
    expect((await cache.item('alpha', ITEM))!.row.name).toBe('Second');
    cache.invalidate('alpha');
    const facts = (await cache.item('alpha', ITEM))!;
    expect(facts.row.name).toBe('Third');
    // The sanitiser runs on the kept body as on every read: no script reaches a reader.
    expect(facts.body()).toBe('<p>Third</p>');
  });

  it('answers within the tenant only', async () => {
    const cache = new ContentCache(store, 5_000, () => 0);
    expect(await cache.item('alpha', BETA_ITEM)).toBeNull();
    expect((await cache.item('beta', BETA_ITEM))!.row.tenantKey).toBe('beta');
    expect((await cache.memberships('alpha')).every((m) => m.id < 200)).toBe(true);
  });

  it('holds at most its bound of items, dropping the oldest', async () => {
    const cache = new ContentCache(store, 5_000, () => 0, 2);
    await cache.item('alpha', ITEM);
    await cache.item('alpha', OTHER);
    await cache.item('beta', BETA_ITEM);
    expect(cache.size).toBe(2);
    await rename(ITEM, 'After eviction');
    expect((await cache.item('alpha', ITEM))!.row.name).toBe('After eviction');
  });

  it('keeps nothing with a lifetime of 0 and forgets a failed read', async () => {
    const none = new ContentCache(store, 0, () => 0);
    await none.item('alpha', ITEM);
    expect(none.size).toBe(0);
    const broken = { db: { ...store.db } } as unknown as Store;
    const failing = new ContentCache(broken, 5_000, () => 0);
    await expect(failing.item('alpha', ITEM)).rejects.toThrow();
    expect(failing.size).toBe(0);
  });
});
