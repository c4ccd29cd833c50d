// Menus, redirects and ad-unit patterns of one tenant.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { adUnitPatterns, menus, redirects } from '../schema';

export type MenuRecord = { key: string; links: { label: string; href: string; external: boolean }[]; updatedAt: number };
export type RedirectRecord = Omit<typeof redirects.$inferSelect, 'createdAt'>;
export type AdUnitPatternRecord = Omit<typeof adUnitPatterns.$inferSelect, 'createdAt'>;

export async function listMenus(db: Db, tenantKey: string): Promise<MenuRecord[]> {
  return db.select({ key: menus.key, links: menus.links, updatedAt: menus.updatedAt }).from(menus)
    .where(eq(menus.tenantKey, tenantKey)).orderBy(asc(menus.key));
}

const redirectColumns = {
  id: redirects.id, tenantKey: redirects.tenantKey, from: redirects.from, to: redirects.to,
  preserveQueryString: redirects.preserveQueryString, updatedAt: redirects.updatedAt,
};

export async function listRedirects(db: Db, f: { tenantKey: string; limit: number; skip: number }): Promise<{ rows: RedirectRecord[]; total: number }> {
  const where = eq(redirects.tenantKey, f.tenantKey);
  const rows = await db.select(redirectColumns).from(redirects).where(where).orderBy(asc(redirects.from)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(redirects).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function listAllRedirects(db: Db, tenantKey: string): Promise<RedirectRecord[]> {
  return db.select(redirectColumns).from(redirects).where(eq(redirects.tenantKey, tenantKey));
}

export async function getRedirect(db: Db, tenantKey: string, id: number): Promise<RedirectRecord | undefined> {
  const [row] = await db.select(redirectColumns).from(redirects).where(and(eq(redirects.id, id), eq(redirects.tenantKey, tenantKey))).limit(1);
  return row;
}

export async function findRedirectByFrom(db: Db, tenantKey: string, from: string): Promise<RedirectRecord | undefined> {
  const [row] = await db.select(redirectColumns).from(redirects).where(and(eq(redirects.tenantKey, tenantKey), eq(redirects.from, from))).limit(1);
  return row;
}

export async function deleteRedirectRow(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(redirects).where(and(eq(redirects.id, id), eq(redirects.tenantKey, tenantKey)));
}

const adColumns = {
  id: adUnitPatterns.id, tenantKey: adUnitPatterns.tenantKey, name: adUnitPatterns.name, type: adUnitPatterns.type,
  pattern: adUnitPatterns.pattern, sizes: adUnitPatterns.sizes, updatedAt: adUnitPatterns.updatedAt,
};

export async function listAdUnitPatterns(db: Db, f: { tenantKey: string; limit: number; skip: number }): Promise<{ rows: AdUnitPatternRecord[]; total: number }> {
  const where = eq(adUnitPatterns.tenantKey, f.tenantKey);
  const rows = await db.select(adColumns).from(adUnitPatterns).where(where).orderBy(asc(adUnitPatterns.name), asc(adUnitPatterns.id)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(adUnitPatterns).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function getAdUnitPattern(db: Db, tenantKey: string, id: number): Promise<AdUnitPatternRecord | undefined> {
  const [row] = await db.select(adColumns).from(adUnitPatterns).where(and(eq(adUnitPatterns.id, id), eq(adUnitPatterns.tenantKey, tenantKey))).limit(1);
  return row;
}

export async function deleteAdUnitPatternRow(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(adUnitPatterns).where(and(eq(adUnitPatterns.id, id), eq(adUnitPatterns.tenantKey, tenantKey)));
}

/** A published address that moved: the old canonical path and the new one. */
export interface MovedPath { from: string; to: string }

/**
 * Keeps moved addresses answering (admin §2.4): a 301 row from each old path to its new one. The
 * new path is live again, so a redirect from it is dropped (a slug changed back); redirects that
 * pointed at the old path now point at the new one, so every redirect stays one hop.
 */
export async function recordMovedPaths(db: Db, tenantKey: string, moves: readonly MovedPath[]): Promise<void> {
  const stamp = Date.now();
  for (const m of moves) {
    if (m.from === m.to) continue;
    await db.delete(redirects).where(and(eq(redirects.tenantKey, tenantKey), eq(redirects.from, m.to)));
    await db.update(redirects).set({ to: m.to, updatedAt: stamp }).where(and(eq(redirects.tenantKey, tenantKey), eq(redirects.to, m.from)));
    await db.insert(redirects).values({ tenantKey, from: m.from, to: m.to, preserveQueryString: false, createdAt: stamp, updatedAt: stamp })
      .onConflictDoUpdate({ target: [redirects.tenantKey, redirects.from], set: { to: m.to, updatedAt: stamp } });
  }
}
