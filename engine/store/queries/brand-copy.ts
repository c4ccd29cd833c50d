// A brand's configuration, read whole and written row by row (/admin/run-aspire-to-aspire-migration,
// issue 24): sections, the layouts the tenant owns (global layouts are shared, not copied), menus,
// ad-unit patterns and newsletter templates, plus the newsletters' titles templates are matched by.
// Content, media, members and redirects are never read or written here.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { adUnitPatterns, layouts, menus, newsletters, websiteSections } from '../schema';
import { newsletterTemplates } from '../schema-newsletters';

export type SectionRow = typeof websiteSections.$inferSelect;
export type LayoutRow = typeof layouts.$inferSelect;
export type MenuRow = typeof menus.$inferSelect;
export type PatternRow = typeof adUnitPatterns.$inferSelect;
export type TemplateRow = typeof newsletterTemplates.$inferSelect;

export interface BrandConfig {
  sections: SectionRow[];
  layouts: LayoutRow[];
  menus: MenuRow[];
  adUnitPatterns: PatternRow[];
  newsletterTemplates: TemplateRow[];
  newsletters: { id: number; title: string }[];
}

export async function readBrandConfig(db: Db, tenantKey: string): Promise<BrandConfig> {
  const [s, l, m, p, t, n] = await Promise.all([
    db.select().from(websiteSections).where(eq(websiteSections.tenantKey, tenantKey)).orderBy(websiteSections.id),
    db.select().from(layouts).where(and(eq(layouts.tenantKey, tenantKey), eq(layouts.isGlobal, false))).orderBy(layouts.id),
    db.select().from(menus).where(eq(menus.tenantKey, tenantKey)).orderBy(menus.key),
    db.select().from(adUnitPatterns).where(eq(adUnitPatterns.tenantKey, tenantKey)).orderBy(adUnitPatterns.id),
    db.select().from(newsletterTemplates).where(eq(newsletterTemplates.tenantKey, tenantKey)).orderBy(newsletterTemplates.id),
    db.select({ id: newsletters.id, title: newsletters.title }).from(newsletters).where(eq(newsletters.tenantKey, tenantKey)),
  ]);
  return { sections: s, layouts: l, menus: m, adUnitPatterns: p, newsletterTemplates: t, newsletters: n };
}

const stamp = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
type Fields<R> = Omit<R, 'id' | 'tenantKey' | 'createdAt' | 'updatedAt'>;

export async function insertCopiedSection(db: Db, tenantKey: string, id: number, f: Fields<SectionRow>): Promise<void> {
  await db.insert(websiteSections).values({ ...f, id, tenantKey });
}

export async function upsertCopiedLayout(db: Db, tenantKey: string, id: number, f: Fields<LayoutRow>, exists: boolean): Promise<void> {
  if (exists) await db.update(layouts).set({ ...f, updatedAt: stamp }).where(and(eq(layouts.tenantKey, tenantKey), eq(layouts.id, id)));
  else await db.insert(layouts).values({ ...f, id, tenantKey });
}

export async function upsertCopiedMenu(db: Db, tenantKey: string, key: string, links: MenuRow['links']): Promise<void> {
  await db.insert(menus).values({ tenantKey, key, links }).onConflictDoUpdate({ target: [menus.tenantKey, menus.key], set: { links, updatedAt: stamp } });
}

export async function upsertCopiedPattern(db: Db, tenantKey: string, id: number, f: Fields<PatternRow>, exists: boolean): Promise<void> {
  if (exists) await db.update(adUnitPatterns).set({ ...f, updatedAt: stamp }).where(and(eq(adUnitPatterns.tenantKey, tenantKey), eq(adUnitPatterns.id, id)));
  else await db.insert(adUnitPatterns).values({ ...f, id, tenantKey });
}

export async function upsertCopiedTemplate(db: Db, tenantKey: string, id: number, f: Fields<TemplateRow>, exists: boolean): Promise<void> {
  if (exists) await db.update(newsletterTemplates).set({ ...f, updatedAt: stamp }).where(and(eq(newsletterTemplates.tenantKey, tenantKey), eq(newsletterTemplates.id, id)));
  else await db.insert(newsletterTemplates).values({ ...f, id, tenantKey });
}

/** The next newsletter template id (ids are global across tenants); call inside the write transaction. */
export async function nextTemplateId(db: Db): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${newsletterTemplates.id})` }).from(newsletterTemplates);
  return Number(row?.max ?? 0) + 1;
}
