// Newsletter items (public §3 "Newsletter item"): the staff writes behind the API. Reads for the
// subscribe pane and sending are `listNewsletterItems` in newsletters.ts. Every statement names the
// tenant, so another tenant's id neither reads nor changes anything.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { newsletters } from '../schema';
import { newsletterTemplates } from '../schema-newsletters';
import type { NewsletterItemRecord } from './newsletters';

export interface NewsletterItemWrite {
  title: string;
  description: string;
  omedaProductId: string | null;
  showInSubscribeBlock: boolean;
}

const columns = {
  id: newsletters.id, title: newsletters.title, description: newsletters.description,
  omedaProductId: newsletters.omedaProductId, showInSubscribeBlock: newsletters.showInSubscribeBlock,
};
const stamp = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const mine = (tenantKey: string, id: number) => and(eq(newsletters.id, id), eq(newsletters.tenantKey, tenantKey));

export async function getNewsletterItem(db: Db, tenantKey: string, id: number): Promise<NewsletterItemRecord | undefined> {
  const [row] = await db.select(columns).from(newsletters).where(mine(tenantKey, id)).limit(1);
  return row;
}

/** The next id after the largest in use (ids are global across tenants). Call inside the write transaction. */
export async function nextNewsletterItemId(db: Db): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${newsletters.id})` }).from(newsletters);
  return Number(row?.max ?? 0) + 1;
}

export async function insertNewsletterItem(db: Db, tenantKey: string, id: number, w: NewsletterItemWrite): Promise<void> {
  await db.insert(newsletters).values({ id, tenantKey, ...w });
}

/** Updates the tenant's item; returns false when `id` is not an item of this tenant. */
export async function updateNewsletterItemRow(db: Db, tenantKey: string, id: number, w: NewsletterItemWrite): Promise<boolean> {
  const res = await db.update(newsletters).set({ ...w, updatedAt: stamp }).where(mine(tenantKey, id)).returning({ id: newsletters.id });
  return res.length > 0;
}

export async function deleteNewsletterItemRow(db: Db, tenantKey: string, id: number): Promise<boolean> {
  const res = await db.delete(newsletters).where(mine(tenantKey, id)).returning({ id: newsletters.id });
  return res.length > 0;
}

/** Templates of the tenant that deploy to this newsletter item (id and name). */
export async function templatesOfNewsletterItem(db: Db, tenantKey: string, id: number): Promise<{ id: number; name: string }[]> {
  return db.select({ id: newsletterTemplates.id, name: newsletterTemplates.name }).from(newsletterTemplates)
    .where(and(eq(newsletterTemplates.tenantKey, tenantKey), eq(newsletterTemplates.newsletterId, id)))
    .orderBy(asc(newsletterTemplates.id));
}
