// The builder's time boundary (engine/store/queries/builds-content.ts nextDateBoundary): the next
// start or end date of the tenant's live items and of their schedules, and nothing else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../engine/store/connection';
import { nextDateBoundary } from '../../engine/store/queries/builds-content';
import { ALPHA, BUILD_NOW, FUTURE_ID, id, seedBuildSite } from './build-site-fixture';

const HOUR = 3_600_000;
let store: Store;

beforeAll(async () => {
  ({ store } = await seedBuildSite());
});
afterAll(async () => {
  await store?.close();
});

describe('next date boundary', () => {
  it('is the earliest future start or end date of a live item or of a live item\'s schedule', async () => {
    const seeded = (await store.all<{ t: number }>('SELECT start_date AS t FROM content WHERE id = ?', [FUTURE_ID]))[0]!.t;
    const base = await nextDateBoundary(store, 'alpha', BUILD_NOW);
    expect(base).not.toBeNull();
    expect(base).toBeLessThanOrEqual(seeded);
    const live = id(ALPHA, 1);
    const soon = BUILD_NOW + 60_000;
    // A schedule's end date comes first.
    await store.run('UPDATE website_schedules SET end_date = ? WHERE content_id = ?', [soon + 2 * HOUR, live]);
    expect(await nextDateBoundary(store, 'alpha', BUILD_NOW)).toBe(Math.min(base!, soon + 2 * HOUR));
    // A schedule's start date earlier still.
    await store.run('UPDATE website_schedules SET start_date = ? WHERE content_id = ?', [soon + HOUR, live]);
    expect(await nextDateBoundary(store, 'alpha', BUILD_NOW)).toBe(Math.min(base!, soon + HOUR));
    // An item's end date earliest.
    await store.run('UPDATE content SET end_date = ? WHERE id = ?', [soon, live]);
    expect(await nextDateBoundary(store, 'alpha', BUILD_NOW)).toBe(soon);
    // Another tenant's earlier dates do not count.
    await store.run('UPDATE content SET end_date = ? WHERE id = ?', [soon - 30_000, id(2000, 1)]);
    await store.run('UPDATE website_schedules SET start_date = ? WHERE content_id = ?', [soon - 20_000, id(2000, 1)]);
    expect(await nextDateBoundary(store, 'alpha', BUILD_NOW)).toBe(soon);
    expect(await nextDateBoundary(store, 'beta', BUILD_NOW)).toBe(soon - 30_000);
    // Past dates and an unpublished item's dates do not count.
    await store.run('UPDATE content SET status = 2 WHERE id = ?', [live]);
    expect(await nextDateBoundary(store, 'alpha', BUILD_NOW)).toBe(base);
    expect(await nextDateBoundary(store, 'alpha', soon + 3 * HOUR)).not.toBe(soon + 2 * HOUR);
    expect(await nextDateBoundary(store, 'no-such-tenant', BUILD_NOW)).toBeNull();
  });
});
