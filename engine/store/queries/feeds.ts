// The feed cache of RSS feed blocks (schema-feeds.ts): the last good items per tenant and feed URL.
import { eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { feedCache, type FeedItemRow } from '../schema-feeds';

export type { FeedItemRow };
export interface FeedRow { url: string; items: FeedItemRow[]; fetchedAt: number }

/** Every cached feed of a tenant. */
export async function feedRows(db: Db, tenantKey: string): Promise<FeedRow[]> {
  return db.select({ url: feedCache.url, items: feedCache.items, fetchedAt: feedCache.fetchedAt }).from(feedCache).where(eq(feedCache.tenantKey, tenantKey));
}

/** Stores a feed's items as its last good copy. */
export async function putFeed(db: Db, tenantKey: string, url: string, items: FeedItemRow[], fetchedAt: number): Promise<void> {
  await db.insert(feedCache).values({ tenantKey, url, items, fetchedAt })
    .onConflictDoUpdate({ target: [feedCache.tenantKey, feedCache.url], set: { items, fetchedAt } });
}
