// Staff accounts: lookups by username, email and id (with their tenant scope), listing and writes.
import { and, asc, eq, exists, inArray, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { cmsUserTenants, cmsUsers } from '../schema';
import { idsParam, inJsonIds, preparedFor } from './prepared';

export interface CmsUserRecord {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  role: string;
  extraPermissions: string[];
  status: number;
  isGlobal: boolean;
  lastLoginAt: number | null;
  createdAt: number;
  updatedAt: number;
  tenants: string[];
}

const columns = {
  id: cmsUsers.id, email: cmsUsers.email, username: cmsUsers.username, firstName: cmsUsers.firstName,
  lastName: cmsUsers.lastName, passwordHash: cmsUsers.passwordHash, role: cmsUsers.role,
  extraPermissions: cmsUsers.extraPermissions, status: cmsUsers.status, isGlobal: cmsUsers.isGlobal,
  lastLoginAt: cmsUsers.lastLoginAt, createdAt: cmsUsers.createdAt, updatedAt: cmsUsers.updatedAt,
};

const statements = preparedFor((db: Db) => ({
  byId: db.select(columns).from(cmsUsers).where(eq(cmsUsers.id, sql.placeholder('id'))).limit(1).prepare(),
  tenantsOf: db.select().from(cmsUserTenants).where(inJsonIds(cmsUserTenants.userId)).prepare(),
}));

async function withTenants(db: Db, rows: Omit<CmsUserRecord, 'tenants'>[]): Promise<CmsUserRecord[]> {
  if (rows.length === 0) return [];
  const links = await statements(db).tenantsOf.all({ ids: idsParam(rows.map((r) => r.id)) });
  const by = new Map<number, string[]>();
  for (const l of links) by.set(l.userId, [...(by.get(l.userId) ?? []), l.tenantKey]);
  return rows.map((r) => ({ ...r, tenants: (by.get(r.id) ?? []).sort() }));
}

async function one(db: Db, where: SQL): Promise<CmsUserRecord | undefined> {
  const rows = await db.select(columns).from(cmsUsers).where(where).limit(1);
  return (await withTenants(db, rows))[0];
}

export const findCmsUserByUsername = (db: Db, username: string) => one(db, eq(cmsUsers.username, username));
export const findCmsUserByEmail = (db: Db, email: string) => one(db, sql`lower(${cmsUsers.email}) = ${email.toLowerCase()}`);
export async function findCmsUserById(db: Db, id: number): Promise<CmsUserRecord | undefined> {
  return (await withTenants(db, await statements(db).byId.all({ id })))[0];
}

export interface CmsUserFilter {
  /** Only site-specific users whose tenants are all among these (a scoped manager's view). */
  withinTenants?: string[] | undefined;
  phrase?: string | undefined;
  status?: number | undefined;
  limit: number;
  skip: number;
}

export async function listCmsUsers(db: Db, f: CmsUserFilter): Promise<{ rows: CmsUserRecord[]; total: number }> {
  const where: SQL[] = [];
  if (f.withinTenants) {
    const outside = db.select({ one: sql`1` }).from(cmsUserTenants)
      .where(and(eq(cmsUserTenants.userId, cmsUsers.id), notInArray(cmsUserTenants.tenantKey, f.withinTenants.length ? f.withinTenants : [''])));
    const inside = db.select({ one: sql`1` }).from(cmsUserTenants)
      .where(and(eq(cmsUserTenants.userId, cmsUsers.id), inArray(cmsUserTenants.tenantKey, f.withinTenants.length ? f.withinTenants : [''])));
    where.push(eq(cmsUsers.isGlobal, false), exists(inside), not(exists(outside)));
  }
  if (f.status !== undefined) where.push(eq(cmsUsers.status, f.status));
  if (f.phrase) {
    const p = `%${f.phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(sql`${cmsUsers.username} like ${p} escape '\\'`, sql`${cmsUsers.email} like ${p} escape '\\'`,
      sql`(${cmsUsers.firstName} || ' ' || ${cmsUsers.lastName}) like ${p} escape '\\'`)!);
  }
  const cond = where.length ? and(...where) : undefined;
  const rows = await db.select(columns).from(cmsUsers).where(cond).orderBy(asc(cmsUsers.username)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(cmsUsers).where(cond);
  return { rows: await withTenants(db, rows), total: Number(count?.n ?? 0) };
}

export interface CmsUserWrite {
  id: number; email: string; username: string; firstName: string; lastName: string; role: string;
  extraPermissions: string[]; status: number; isGlobal: boolean; tenants: string[];
}

export async function insertCmsUser(db: Db, u: CmsUserWrite, passwordHash: string): Promise<void> {
  const { tenants, ...row } = u;
  await db.insert(cmsUsers).values({ ...row, passwordHash });
  await setCmsUserTenants(db, u.id, u.isGlobal ? [] : tenants);
}

export async function updateCmsUserRow(db: Db, u: CmsUserWrite): Promise<void> {
  const { tenants, id, ...row } = u;
  await db.update(cmsUsers).set({ ...row, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` }).where(eq(cmsUsers.id, id));
  await setCmsUserTenants(db, id, u.isGlobal ? [] : tenants);
}

async function setCmsUserTenants(db: Db, userId: number, tenants: string[]): Promise<void> {
  await db.delete(cmsUserTenants).where(eq(cmsUserTenants.userId, userId));
  if (tenants.length) await db.insert(cmsUserTenants).values([...new Set(tenants)].map((tenantKey) => ({ userId, tenantKey })));
}

export async function setCmsUserPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(cmsUsers).set({ passwordHash, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` }).where(eq(cmsUsers.id, userId));
}

export async function setCmsUserProfile(db: Db, userId: number, p: { firstName: string; lastName: string }): Promise<void> {
  await db.update(cmsUsers).set({ ...p, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` }).where(eq(cmsUsers.id, userId));
}

export async function touchCmsUserLogin(db: Db, userId: number, at: number): Promise<void> {
  await db.update(cmsUsers).set({ lastLoginAt: at }).where(eq(cmsUsers.id, userId));
}

/** True when another user already has this username or e-mail address. */
export async function cmsUserTaken(db: Db, field: 'username' | 'email', value: string, exceptId?: number): Promise<boolean> {
  const col = field === 'username' ? eq(cmsUsers.username, value) : sql`lower(${cmsUsers.email}) = ${value.toLowerCase()}`;
  const rows = await db.select({ id: cmsUsers.id }).from(cmsUsers).where(exceptId === undefined ? col : and(col, sql`${cmsUsers.id} <> ${exceptId}`)).limit(1);
  return rows.length > 0;
}

