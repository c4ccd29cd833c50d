// Demographic questions (public §3, §7 getOmedaDemographicStream with limit 10; form keys demo_{id}):
// the public stream, staff edits (manage_memberships), and the answer checks registration and
// profile updates share.
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import {
  DEMOGRAPHIC_QUERY_LIMIT, DEMOGRAPHIC_TYPE_CODES, isChoiceType, validateDemographicAnswers, type DemographicAnswer,
} from '../../domain/members';
import { badInput, parseInput, REQUIRED, withoutNulls } from '../../domain/validation';
import type { Db } from '../../store/connection';
import {
  deleteDemographicQuestion as deleteRow, demographicQuestionsByIds, demographicStream, writeDemographicQuestion,
  type DemographicQuestionRecord,
} from '../../store/queries/demographics';
import { membershipStream } from '../../store/queries/catalog';
import type { MembershipRecord } from '../../store/queries/memberships';
import type { DemographicChoice } from '../../store/queries/members';
import { commit, diff, snapshot, tenantAccess, type OpArgs, type LazyCaller } from '../kernel/operation';
import { clampLimit, connection, skipOf } from '../kernel/paging';
import { idArg } from '../kernel/patch';

export const demographicsInput = z.array(z.object({
  questionId: z.number().int().positive(),
  answerIds: z.array(z.number().int().positive()).max(100).optional(),
  value: z.string().max(500, 'At most 500 characters').optional(),
})).max(100, 'At most 100 answers');

export interface CheckedAnswer extends DemographicAnswer { type: number }

function firstError(errors: Record<string, string>): void {
  const [key, message] = Object.entries(errors)[0] ?? [];
  if (key && message) badInput(key, message);
}

async function check(db: Db, tenantKey: string, allowed: number[] | 'any', required: number[], raw: z.output<typeof demographicsInput>): Promise<CheckedAnswer[]> {
  const answers: DemographicAnswer[] = raw.map((a) => ({ questionId: a.questionId, answerIds: a.answerIds ?? [], value: a.value }));
  const ids = [...new Set([...(allowed === 'any' ? [] : allowed), ...required, ...answers.map((a) => a.questionId)])];
  const found = (await demographicQuestionsByIds(db, tenantKey, ids))
    .filter((q) => q.status === 1 && (allowed === 'any' || allowed.includes(q.id) || required.includes(q.id)));
  firstError(validateDemographicAnswers(found.map((q) => ({ id: q.id, demographicType: q.demographicType, description: q.description, values: q.values })), answers, required));
  const typeOf = new Map(found.map((q) => [q.id, q.demographicType]));
  return answers.map((a) => ({ ...a, value: a.value?.trim(), type: typeOf.get(a.questionId)! }));
}

/** Answers at registration: the membership's required and additional questions; required ones must be answered. */
export function checkDemographics(db: Db, tenantKey: string, m: MembershipRecord, raw: z.output<typeof demographicsInput>): Promise<CheckedAnswer[]> {
  return check(db, tenantKey, [...m.requiredUserDemographicFields, ...m.additionalUserDemographicFields], m.requiredUserDemographicFields, raw);
}

/** Answers in a profile update: any active question of the tenant, none required. */
export function checkProfileDemographics(db: Db, tenantKey: string, raw: z.output<typeof demographicsInput>): Promise<CheckedAnswer[]> {
  return check(db, tenantKey, 'any', [], raw);
}

/** Chosen options (kept on the user row) and written answers (their own table). */
export function splitAnswers(answers: CheckedAnswer[]): { choices: DemographicChoice[]; texts: { questionId: number; value: string }[] } {
  return {
    choices: answers.filter((a) => isChoiceType(a.type) && a.answerIds.length > 0).map((a) => ({ questionId: a.questionId, answerIds: a.answerIds })),
    texts: answers.filter((a) => !isChoiceType(a.type)).map((a) => ({ questionId: a.questionId, value: a.value ?? '' })),
  };
}

const streamInput = z.strictObject({
  demographicIds: z.array(z.number().int().positive()).max(1000).optional(),
  status: z.number().int().min(0).max(1).optional(),
  pagination: z.strictObject({ limit: z.number().int().optional(), skip: z.number().int().min(0).optional(), after: z.string().max(8).optional() }).default({}),
});

/** Public: active questions (staff with manage_memberships may ask for any status). Default and cap: 10 and 100. */
export async function readDemographicStream(ctx: LazyCaller, input: unknown) {
  const f = parseInput(streamInput, withoutNulls(input ?? {}), 'input');
  const tenant = await ctx.tenant();
  const op = await ctx.op();
  if (f.status !== undefined && f.status !== 1) tenantAccess(op, ['manage_memberships']);
  const limit = clampLimit(f.pagination.limit, DEMOGRAPHIC_QUERY_LIMIT, 100);
  const skip = skipOf(f.pagination);
  const r = await demographicStream(ctx.services.store.db, { tenantKey: tenant.tenantKey, ids: f.demographicIds, status: f.status ?? 1, limit, skip });
  return connection(r.rows, skip, r.total);
}

const questionInput = z.strictObject({
  demographicType: z.number({ error: REQUIRED }).int().refine((t) => (DEMOGRAPHIC_TYPE_CODES as readonly number[]).includes(t), 'Must be one of 1, 2, 3, 5, 6, 7, 8'),
  description: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(300, 'At most 300 characters'),
  omedaWebformText: z.string().trim().max(1000, 'At most 1000 characters').optional(),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  sequence: z.number().int().min(0).max(100_000).default(0),
  values: z.array(z.strictObject({
    id: z.number().int().positive().optional(),
    description: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(300, 'At most 300 characters'),
  })).max(500, 'At most 500 values').default([]),
}).superRefine((q, c) => {
  if (isChoiceType(q.demographicType) && q.values.length === 0) c.addIssue({ code: 'custom', path: ['values'], message: 'A choice question needs at least one value' });
  if (!isChoiceType(q.demographicType) && q.values.length > 0) c.addIssue({ code: 'custom', path: ['values'], message: 'Only choice questions (types 1, 2, 5) have values' });
});

function questionRecord(q: DemographicQuestionRecord): Record<string, unknown> {
  return { demographicType: q.demographicType, description: q.description, omedaWebformText: q.omedaWebformText, status: q.status, sequence: q.sequence, values: q.values.map((v) => ({ id: v.id, description: v.description })) };
}

async function writeQuestion(ctx: OpArgs['ctx'], id: number | null, input: unknown): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, ['manage_memberships']);
  const db = ctx.services.store.db;
  const before = id === null ? undefined : (await demographicQuestionsByIds(db, tenant.tenantKey, [id]))[0];
  if (id !== null && !before) throw new AppError('NOT_FOUND', { entity: 'Demographic question', id });
  const merged = before && input && typeof input === 'object' ? { ...withoutNulls(questionRecord(before)), ...withoutNulls(input as Record<string, unknown>) } : withoutNulls(input ?? {});
  const q = parseInput(questionInput, merged, 'input');
  const own = new Set(before?.values.map((v) => v.id) ?? []);
  const stray = q.values.findIndex((v) => v.id !== undefined && !own.has(v.id));
  if (stray >= 0) badInput(`input.values[${stray}].id`, 'Unknown value of this question');
  return commit(ctx, async (tx) => {
    const qid = await writeDemographicQuestion(tx, tenant.tenantKey, id, { ...q, omedaWebformText: q.omedaWebformText ?? null });
    const after = (await demographicQuestionsByIds(tx, tenant.tenantKey, [qid]))[0]!;
    return { id: qid, before, after };
  }, (r) => ({
    tenantKey: tenant.tenantKey, entityType: 'demographicQuestion', entityId: r.id, action: id === null ? 'create' : 'update',
    changes: r.before ? diff(questionRecord(r.before), questionRecord(r.after)) : snapshot(questionRecord(r.after)),
  }));
}

export const createDemographicQuestion = ({ ctx, input }: OpArgs) => writeQuestion(ctx, null, input);
export const updateDemographicQuestion = ({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>) => writeQuestion(ctx, idArg(input.id), input.input);

export async function deleteDemographicQuestion({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, ['manage_memberships']);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const { rows } = await membershipStream(tx, { tenantKey: tenant.tenantKey, limit: 10_000, skip: 0 });
    const user = rows.find((m) => [...m.requiredUserDemographicFields, ...m.additionalUserDemographicFields].includes(id));
    if (user) throw new AppError('CONFLICT', { message: `Membership "${user.title}" asks this question; remove it there first.` });
    if (!(await deleteRow(tx, tenant.tenantKey, id))) throw new AppError('NOT_FOUND', { entity: 'Demographic question', id });
    return id;
  }, () => ({ tenantKey: tenant.tenantKey, entityType: 'demographicQuestion', entityId: id, action: 'delete', changes: {} }));
  return { ok: true };
}
