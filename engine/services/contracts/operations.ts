// Contributor contracts (admin §2.2, §3.6; issue 22), manage_contracts. A contract names its
// contributor and terms (a template with {{name}}, {{rate}}, {{start}}, {{end}}); staff send the
// contributor a link /contract/<id>?t=<token> (256 random bits, stored as a SHA-256 digest,
// expiring after 30 days, revocable; issuing a new link voids the old one). The contributor approves
// on that page (routes.ts): the contract is locked from then on.
import {
  CONTRACT_LINK_LIFETIME_MS, CONTRACT_LIST_LIMIT, contractLabel, contractSchema, renderContractTerms,
} from '../../domain/company';
import { AppError } from '../../domain/errors';
import type { Db } from '../../store/connection';
import { badInput, parseInput, withoutNulls } from '../../domain/validation';
import { idsNotInTenant } from '../../store/queries/ownership';
import { sanitizeBody } from '../../html/sanitize';
import {
  deleteContractRow, getContract, insertContract, listContracts, revokeContractToken, setContractToken, updateContractFields,
  type ContractFields, type ContractRecord,
} from '../../store/queries/contracts';
import { digest, newToken } from '../auth';
import { commit, diff, snapshot, tenantAccess, type OpArgs, type OpContext } from '../kernel/operation';
import { clampLimit } from '../kernel/paging';
import { idArg } from '../kernel/patch';
import { contractMail, servicesSiteOrigin as siteOrigin } from './mail';

const PERM = ['manage_contracts'] as const;

export interface ContractView extends Omit<ContractRecord, 'tokenHash'> {
  label: string;
  linkActive: boolean;
}

export function contractView(c: ContractRecord, now: number): ContractView {
  const { tokenHash, ...rest } = c;
  return { ...rest, label: contractLabel(c), linkActive: !!tokenHash && c.tokenRevokedAt === null && (c.tokenExpiresAt ?? 0) > now };
}

function fieldsOf(input: unknown): ContractFields {
  const c = parseInput(contractSchema, withoutNulls(input ?? {}), 'input');
  const terms = sanitizeBody(renderContractTerms(c.template, c));
  return {
    personId: c.personId ?? null, contributorName: c.contributorName, contributorEmail: c.contributorEmail, rate: c.rate,
    startsOn: c.startsOn ?? null, endsOn: c.endsOn ?? null, template: c.template, terms,
  };
}

const editable = (f: ContractFields) => ({ ...f });

/** The contributor's person, when named, is one of this tenant's people (unknown or another tenant's: a field error). */
async function checkPerson(tx: Db, tenantKey: string, f: ContractFields): Promise<void> {
  if (f.personId === null) return;
  if ((await idsNotInTenant(tx, 'person', tenantKey, [f.personId])).length) badInput('input.personId', `Unknown person ${f.personId}`);
}

async function current(ctx: OpContext, tenantKey: string, id: number): Promise<ContractRecord> {
  const c = await getContract(ctx.services.store.db, tenantKey, id);
  if (!c) throw new AppError('NOT_FOUND', { entity: 'Contract', id });
  return c;
}

export async function getContractStream({ ctx, input }: OpArgs<{ skip?: unknown; limit?: unknown }>): Promise<{ items: ContractView[]; totalCount: number }> {
  const { tenant } = tenantAccess(ctx, PERM);
  const skip = typeof input.skip === 'number' && Number.isInteger(input.skip) && input.skip > 0 ? Math.min(input.skip, 100_000) : 0;
  const r = await listContracts(ctx.services.store.db, tenant.tenantKey, skip, clampLimit(input.limit, 50, CONTRACT_LIST_LIMIT));
  const now = ctx.services.now();
  return { items: r.rows.map((c) => contractView(c, now)), totalCount: r.total };
}

/** For the content editor's contract select: id and label, newest first, at most 1000 (admin §9). */
export async function getContractStreamForSelect({ ctx }: OpArgs<unknown>): Promise<{ id: number; label: string }[]> {
  const { tenant } = tenantAccess(ctx, ['manage_contracts', 'manage_content']);
  const r = await listContracts(ctx.services.store.db, tenant.tenantKey, 0, CONTRACT_LIST_LIMIT);
  return r.rows.map((c) => ({ id: c.id, label: contractLabel(c) }));
}

export async function getContractById({ ctx, input }: OpArgs<{ id: unknown }>): Promise<ContractView> {
  const { tenant } = tenantAccess(ctx, PERM);
  return contractView(await current(ctx, tenant.tenantKey, idArg(input.id)), ctx.services.now());
}

export interface LinkResult { contract: ContractView; link: string }

/** Issues a fresh link (voiding any earlier one) inside `tx`; returns the token. */
async function issueLink(tx: Db, tenantKey: string, id: number, now: number): Promise<{ token: string; expiresAt: number }> {
  const token = newToken('contract');
  const expiresAt = now + CONTRACT_LINK_LIFETIME_MS;
  await setContractToken(tx, tenantKey, id, digest(token), expiresAt, now);
  return { token, expiresAt };
}

function linkOf(ctx: OpContext, tenant: { tenantKey: string; domain: string }, id: number, token: string): string {
  return `${siteOrigin(ctx.services, tenant)}/contract/${id}?t=${encodeURIComponent(token)}`;
}

/** Creates a Pending contract and e-mails the contributor its link (also returned, once, to the caller). */
export async function createContract({ ctx, input }: OpArgs<unknown>): Promise<LinkResult> {
  const { actor, tenant } = tenantAccess(ctx, PERM);
  const f = fieldsOf(input);
  const now = ctx.services.now();
  const r = await commit(ctx, async (tx) => {
    await checkPerson(tx, tenant.tenantKey, f);
    const id = await insertContract(tx, tenant.tenantKey, f, actor.userId, now);
    return { id, ...(await issueLink(tx, tenant.tenantKey, id, now)) };
  }, (w) => ({ tenantKey: tenant.tenantKey, entityType: 'contract', entityId: w.id, action: 'create', changes: snapshot(editable(f)) }));
  const link = linkOf(ctx, tenant, r.id, r.token);
  await contractMail(ctx.services, { kind: 'link', to: f.contributorEmail, tenant, contributorName: f.contributorName, link, expiresAt: r.expiresAt });
  return { contract: contractView((await getContract(ctx.services.store.db, tenant.tenantKey, r.id))!, now), link };
}

/** Changes a Pending contract (an approved one is locked); the terms are re-rendered. */
export async function updateContract({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<ContractView> {
  const { tenant } = tenantAccess(ctx, PERM);
  const id = idArg(input.id);
  const f = fieldsOf(input.input);
  const now = ctx.services.now();
  await commit(ctx, async (tx) => {
    const before = await getContract(tx, tenant.tenantKey, id);
    if (!before) throw new AppError('NOT_FOUND', { entity: 'Contract', id });
    if (before.status !== 'pending') throw new AppError('CONFLICT', { message: `Contract ${id} is approved and locked.` });
    await checkPerson(tx, tenant.tenantKey, f);
    await updateContractFields(tx, tenant.tenantKey, id, f, now);
    return before;
  }, (b) => ({ tenantKey: tenant.tenantKey, entityType: 'contract', entityId: id, action: 'update', changes: diff(editable(b), editable(f)) }));
  return contractView(await current(ctx, tenant.tenantKey, id), now);
}

/** Sends a new link to the contributor of a Pending contract; the old link stops working. */
export async function sendContractLink({ ctx, input }: OpArgs<{ id: unknown }>): Promise<LinkResult> {
  const { tenant } = tenantAccess(ctx, PERM);
  const id = idArg(input.id);
  const now = ctx.services.now();
  const r = await commit(ctx, async (tx) => {
    const c = await getContract(tx, tenant.tenantKey, id);
    if (!c) throw new AppError('NOT_FOUND', { entity: 'Contract', id });
    if (c.status !== 'pending') throw new AppError('CONFLICT', { message: `Contract ${id} is already approved.` });
    return { c, ...(await issueLink(tx, tenant.tenantKey, id, now)) };
  }, () => ({ tenantKey: tenant.tenantKey, entityType: 'contract', entityId: id, action: 'send-link', changes: {} }));
  const link = linkOf(ctx, tenant, id, r.token);
  await contractMail(ctx.services, { kind: 'link', to: r.c.contributorEmail, tenant, contributorName: r.c.contributorName, link, expiresAt: r.expiresAt });
  return { contract: contractView(await current(ctx, tenant.tenantKey, id), now), link };
}

export async function revokeContractLink({ ctx, input }: OpArgs<{ id: unknown }>): Promise<ContractView> {
  const { tenant } = tenantAccess(ctx, PERM);
  const id = idArg(input.id);
  const now = ctx.services.now();
  await commit(ctx, async (tx) => {
    if (!(await getContract(tx, tenant.tenantKey, id))) throw new AppError('NOT_FOUND', { entity: 'Contract', id });
    await revokeContractToken(tx, tenant.tenantKey, id, now);
    return id;
  }, () => ({ tenantKey: tenant.tenantKey, entityType: 'contract', entityId: id, action: 'revoke-link', changes: {} }));
  return contractView(await current(ctx, tenant.tenantKey, id), now);
}

/** Deletes a Pending contract; approved ones are kept as the record of the agreement. */
export async function deleteContract({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, PERM);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const c = await getContract(tx, tenant.tenantKey, id);
    if (!c) throw new AppError('NOT_FOUND', { entity: 'Contract', id });
    if (c.status !== 'pending') throw new AppError('CONFLICT', { message: `Contract ${id} is approved and is kept.` });
    await deleteContractRow(tx, tenant.tenantKey, id);
    return c;
  }, (c) => ({ tenantKey: tenant.tenantKey, entityType: 'contract', entityId: id, action: 'delete', changes: snapshot({ contributorName: c.contributorName, contributorEmail: c.contributorEmail }) }));
  return { ok: true };
}
