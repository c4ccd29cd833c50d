// Demographic questions and their values (public §3 "Demographic question"), per tenant.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { demographicQuestions, demographicValues } from '../schema-members';

export interface DemographicValueRecord { id: number; description: string; sequence: number }
export interface DemographicQuestionRecord {
  id: number;
  demographicType: number;
  description: string;
  omedaWebformText: string | null;
  status: number;
  sequence: number;
  values: DemographicValueRecord[];
}

const columns = {
  id: demographicQuestions.id, demographicType: demographicQuestions.demographicType, description: demographicQuestions.description,
  omedaWebformText: demographicQuestions.omedaWebformText, status: demographicQuestions.status, sequence: demographicQuestions.sequence,
};

async function withValues(db: Db, rows: Omit<DemographicQuestionRecord, 'values'>[]): Promise<DemographicQuestionRecord[]> {
  if (rows.length === 0) return [];
  const values = await db.select().from(demographicValues).where(inArray(demographicValues.questionId, rows.map((r) => r.id)))
    .orderBy(asc(demographicValues.sequence), asc(demographicValues.id));
  const by = new Map<number, DemographicValueRecord[]>();
  for (const v of values) by.set(v.questionId, [...(by.get(v.questionId) ?? []), { id: v.id, description: v.description, sequence: v.sequence }]);
  return rows.map((r) => ({ ...r, values: by.get(r.id) ?? [] }));
}

export async function demographicStream(db: Db, f: { tenantKey: string; ids?: number[] | undefined; status?: number | undefined; limit: number; skip: number }): Promise<{ rows: DemographicQuestionRecord[]; total: number }> {
  const where: SQL[] = [eq(demographicQuestions.tenantKey, f.tenantKey)];
  if (f.ids) where.push(inArray(demographicQuestions.id, f.ids.length ? f.ids : [-1]));
  if (f.status !== undefined) where.push(eq(demographicQuestions.status, f.status));
  const rows = await db.select(columns).from(demographicQuestions).where(and(...where))
    .orderBy(asc(demographicQuestions.sequence), asc(demographicQuestions.id)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(demographicQuestions).where(and(...where));
  return { rows: await withValues(db, rows), total: Number(count?.n ?? 0) };
}

/** The tenant's questions with these ids (any status), with their values. */
export async function demographicQuestionsByIds(db: Db, tenantKey: string, ids: number[]): Promise<DemographicQuestionRecord[]> {
  if (ids.length === 0) return [];
  return (await demographicStream(db, { tenantKey, ids, limit: ids.length, skip: 0 })).rows;
}

export async function nextDemographicIds(db: Db): Promise<{ question: number; value: number }> {
  const [q] = await db.select({ max: sql<number | null>`max(${demographicQuestions.id})` }).from(demographicQuestions);
  const [v] = await db.select({ max: sql<number | null>`max(${demographicValues.id})` }).from(demographicValues);
  return { question: Number(q?.max ?? 0) + 1, value: Number(v?.max ?? 0) + 1 };
}

export interface DemographicQuestionWrite {
  demographicType: number;
  description: string;
  omedaWebformText: string | null;
  status: number;
  sequence: number;
  /** Values with an id keep it (answers stay valid); values without one get a new id. */
  values: { id?: number | undefined; description: string }[];
}

/** Creates (id null) or replaces a question and its values; returns the question id. */
export async function writeDemographicQuestion(db: Db, tenantKey: string, id: number | null, q: DemographicQuestionWrite): Promise<number> {
  const next = await nextDemographicIds(db);
  const questionId = id ?? next.question;
  const row = { demographicType: q.demographicType, description: q.description, omedaWebformText: q.omedaWebformText, status: q.status, sequence: q.sequence };
  if (id === null) await db.insert(demographicQuestions).values({ id: questionId, tenantKey, ...row });
  else await db.update(demographicQuestions).set({ ...row, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` })
    .where(and(eq(demographicQuestions.tenantKey, tenantKey), eq(demographicQuestions.id, questionId)));
  const keep = q.values.flatMap((v) => (v.id === undefined ? [] : [v.id]));
  const existing = await db.select({ id: demographicValues.id }).from(demographicValues).where(eq(demographicValues.questionId, questionId));
  const drop = existing.map((e) => e.id).filter((e) => !keep.includes(e));
  if (drop.length) await db.delete(demographicValues).where(inArray(demographicValues.id, drop));
  let valueId = next.value;
  for (const [i, v] of q.values.entries()) {
    if (v.id !== undefined) await db.update(demographicValues).set({ description: v.description, sequence: i }).where(and(eq(demographicValues.id, v.id), eq(demographicValues.questionId, questionId)));
    else await db.insert(demographicValues).values({ id: valueId++, questionId, description: v.description, sequence: i });
  }
  return questionId;
}

export async function deleteDemographicQuestion(db: Db, tenantKey: string, id: number): Promise<boolean> {
  const rows = await db.delete(demographicQuestions)
    .where(and(eq(demographicQuestions.tenantKey, tenantKey), eq(demographicQuestions.id, id))).returning({ id: demographicQuestions.id });
  return rows.length > 0;
}
