// Memberships (admin §3.6, public §7 getMembership): the one-item read (public: active only) and
// staff edits with manage_memberships. A membership that content lists or members hold cannot be
// deleted (that would open paid content); set its status to 0 instead.
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { COMMON_USER_FIELD_NAMES } from '../../domain/members';
import { membershipSchema } from '../../domain/records';
import { badInput, parseInput, withoutNulls } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { demographicQuestionsByIds } from '../../store/queries/demographics';
import {
  deleteMembershipRow, getMembershipByAlias, getMembershipById, insertMembership, membershipAliasTaken, membershipUsage, nextMembershipId,
  updateMembershipRow, type MembershipRecord,
} from '../../store/queries/memberships';
import { may } from '../kernel/access';
import { commit, diff, snapshot, tenantAccess, type OpArgs, type OpContext, type LazyCaller } from '../kernel/operation';
import { asInput, createInput, idArg, mergePatch } from '../kernel/patch';

const MANAGE = ['manage_memberships'] as const;

export async function readMembership(ctx: LazyCaller, a: { id?: unknown; alias?: unknown }): Promise<MembershipRecord> {
  const tenant = await ctx.tenant();
  const db = ctx.services.store.db;
  let row: MembershipRecord | undefined;
  let key: string | number;
  if (a.id !== undefined && a.id !== null) row = await getMembershipById(db, tenant.tenantKey, (key = idArg(a.id)));
  else if (typeof a.alias === 'string' && a.alias.trim()) row = await getMembershipByAlias(db, tenant.tenantKey, (key = a.alias.trim().toLowerCase()));
  else throw new AppError('BAD_USER_INPUT', { field: 'id', message: 'Field is required' });
  if (!row || (row.status !== 1 && !may(await ctx.actor(), tenant.tenantKey, MANAGE))) throw new AppError('NOT_FOUND', { entity: 'Membership', id: key });
  return row;
}

const fieldsRule = membershipSchema.omit({ id: true }).extend({
  requiredUserCommonFields: z.array(z.enum(COMMON_USER_FIELD_NAMES as [string, ...string[]])).max(20).default([]),
});

function asRecordInput(m: MembershipRecord): Record<string, unknown> {
  const { id: _id, ...rest } = m;
  return asInput(rest);
}

/** Demographic fields must be the tenant's questions. */
async function checkQuestions(db: Db, tenantKey: string, m: z.output<typeof fieldsRule>): Promise<void> {
  for (const field of ['requiredUserDemographicFields', 'additionalUserDemographicFields'] as const) {
    const ids = m[field];
    const found = new Set((await demographicQuestionsByIds(db, tenantKey, ids)).map((q) => q.id));
    const i = ids.findIndex((id) => !found.has(id));
    if (i >= 0) badInput(`input.${field}[${i}]`, `Unknown demographic question ${ids[i]}`);
  }
}

async function write(ctx: OpContext, id: number | null, input: unknown): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, MANAGE);
  const db = ctx.services.store.db;
  const before = id === null ? undefined : await getMembershipById(db, tenant.tenantKey, id);
  if (id !== null && !before) throw new AppError('NOT_FOUND', { entity: 'Membership', id });
  const merged = before ? mergePatch(asRecordInput(before), input) : createInput(input);
  const m = parseInput(fieldsRule, withoutNulls(merged), 'input');
  await checkQuestions(db, tenant.tenantKey, m);
  const row = { ...m, omedaProduct: m.omedaProduct ?? null };
  const r = await commit(ctx, async (tx) => {
    if (await membershipAliasTaken(tx, tenant.tenantKey, m.alias, id ?? undefined)) badInput('input.alias', 'Another membership uses this alias');
    const mid = id ?? await nextMembershipId(tx);
    if (id === null) await insertMembership(tx, tenant.tenantKey, mid, row);
    else await updateMembershipRow(tx, tenant.tenantKey, mid, row);
    return { id: mid, after: (await getMembershipById(tx, tenant.tenantKey, mid))! };
  }, (x) => ({
    tenantKey: tenant.tenantKey, entityType: 'membership', entityId: x.id, action: id === null ? 'create' : 'update',
    changes: before ? diff(asRecordInput(before), asRecordInput(x.after)) : snapshot(asRecordInput(x.after)),
  }), (x) => ({ entity: 'membership', action: id === null ? 'create' : 'update', ids: [x.id] }));
  // The change event rebuilds the membership pages (header, /membership shells) and clears cached answers.
  return { id: r.id };
}

export const createMembership = ({ ctx, input }: OpArgs) => write(ctx, null, input);
export const updateMembership = ({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>) => write(ctx, idArg(input.id), input.input);

export async function deleteMembership({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, MANAGE);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const row = await getMembershipById(tx, tenant.tenantKey, id);
    if (!row) throw new AppError('NOT_FOUND', { entity: 'Membership', id });
    const use = await membershipUsage(tx, id);
    if (use.content || use.members) {
      throw new AppError('CONFLICT', { message: `${use.content} content items list this membership and ${use.members} members hold it; set its status to 0 instead.` });
    }
    await deleteMembershipRow(tx, tenant.tenantKey, id);
    return row;
  }, (row) => ({ tenantKey: tenant.tenantKey, entityType: 'membership', entityId: id, action: 'delete', changes: snapshot(asRecordInput(row)) }),
  () => ({ entity: 'membership', action: 'delete', ids: [id] }));
  return { ok: true };
}
