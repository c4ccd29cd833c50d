// Company updates (issue #22; admin §2.2 "Taxonomy and company data"), manage_content and the
// tenant's company-updates module. Staff request an update of a Company item's profile: the
// contact is e-mailed a link /company-update/<token> (256 random bits, stored as a SHA-256 digest,
// expiring after 14 days, revocable). The company's submission (routes.ts) is stored as pending;
// staff review it field by field here, and the accepted fields are applied through the content
// write path (patchContentIn: validation, history, 301s) with one rebuild request.
import {
  COMPANY_FIELD_LABELS, COMPANY_PROFILE_FIELDS, COMPANY_UPDATE_LINK_LIFETIME_MS, changedFields, companyUpdateRequestSchema,
  companyUpdateReviewSchema, contentPatchFor, fieldText, profileOf, type CompanyProfile, type CompanyProfileField,
} from '../../domain/company-updates';
import { AppError } from '../../domain/errors';
import { enabledModules } from '../../domain/settings';
import { badInput, parseInput, withoutNulls } from '../../domain/validation';
import * as cq from '../../store/queries/content';
import { insertHistory } from '../../store/queries/history';
import {
  companyOptions, getCompanyUpdate, insertCompanyUpdate, listCompanyUpdates, reviewCompanyUpdateRow, revokeCompanyUpdateToken,
  type CompanyUpdateRecord,
} from '../../store/queries/company-updates';
import { digest, newToken } from '../auth';
import { patchChange, patchContentIn } from '../content';
import { siteOrigin as originOf } from '../kernel/site-origin';
import { commit, diff, tenantAccess, type OpArgs, type OpContext } from '../kernel/operation';
import { clampLimit } from '../kernel/paging';
import { idArg } from '../kernel/patch';
import { companyUpdateMail } from './mail';

const PERM = ['manage_content'] as const;
/** Company items offered in the request form's select. */
export const COMPANY_OPTIONS_LIMIT = 1000;

/** Access: manage_content on the tenant, and the tenant's company-updates module switched on. */
function access(ctx: OpContext) {
  const a = tenantAccess(ctx, PERM);
  if (!enabledModules(a.tenant.settings).includes('company-updates')) {
    throw new AppError('CONFLICT', { message: 'Company updates are switched off for this site (site settings: modules.companyUpdates).' });
  }
  return a;
}

export interface CompanyUpdateFieldView { field: CompanyProfileField; label: string; current: string; proposed: string | null; changed: boolean; accepted: boolean | null }

export interface CompanyUpdateView {
  id: number; contentId: number; companyName: string; contactName: string; contactEmail: string; status: string;
  linkActive: boolean; tokenExpiresAt: number | null; submittedAt: number | null; reviewedAt: number | null; message: string | null;
  fields: CompanyUpdateFieldView[]; createdAt: number;
}

async function companyOf(db: OpContext['services']['store']['db'], tenantKey: string, id: number) {
  const [row] = await cq.contentByIds(db, tenantKey, [id]);
  return row && row.type === 'Company' && row.status !== 0 ? row : undefined;
}

/** A request for the admin: the live profile beside the proposal (the baseline once reviewed). */
async function view(ctx: OpContext, r: CompanyUpdateRecord): Promise<CompanyUpdateView> {
  const row = await companyOf(ctx.services.store.db, r.tenantKey, r.contentId);
  const live = row ? profileOf(row) : null;
  const current = (r.status === 'applied' || r.status === 'rejected') && r.baseline ? (r.baseline as unknown as CompanyProfile) : live;
  const proposed = r.proposed ? (r.proposed as unknown as CompanyProfile) : null;
  const changed = current && proposed ? changedFields(current, proposed) : [];
  const accepted = r.accepted ?? null;
  const now = ctx.services.now();
  return {
    id: r.id, contentId: r.contentId, companyName: row?.name ?? `(deleted item ${r.contentId})`, contactName: r.contactName, contactEmail: r.contactEmail,
    status: r.status, linkActive: r.status === 'requested' || r.status === 'submitted' ? !!r.tokenHash && r.tokenRevokedAt === null && (r.tokenExpiresAt ?? 0) > now : false,
    tokenExpiresAt: r.tokenExpiresAt, submittedAt: r.submittedAt, reviewedAt: r.reviewedAt, message: r.message,
    fields: COMPANY_PROFILE_FIELDS.map((f) => ({
      field: f, label: COMPANY_FIELD_LABELS[f], current: current ? fieldText(current, f) : '', proposed: proposed ? fieldText(proposed, f) : null,
      changed: changed.includes(f), accepted: accepted ? accepted.includes(f) : null,
    })),
    createdAt: r.createdAt,
  };
}

async function current(ctx: OpContext, tenantKey: string, id: number): Promise<CompanyUpdateRecord> {
  const r = await getCompanyUpdate(ctx.services.store.db, tenantKey, id);
  if (!r) throw new AppError('NOT_FOUND', { entity: 'CompanyUpdate', id });
  return r;
}

export async function getCompanyUpdateStream({ ctx, input }: OpArgs<{ skip?: unknown; limit?: unknown }>): Promise<{ items: CompanyUpdateView[]; totalCount: number }> {
  const { tenant } = access(ctx);
  const skip = typeof input.skip === 'number' && Number.isInteger(input.skip) && input.skip > 0 ? Math.min(input.skip, 100_000) : 0;
  const r = await listCompanyUpdates(ctx.services.store.db, tenant.tenantKey, skip, clampLimit(input.limit, 50, 200));
  return { items: await Promise.all(r.rows.map((x) => view(ctx, x))), totalCount: r.total };
}

export async function getCompanyUpdateById({ ctx, input }: OpArgs<{ id: unknown }>): Promise<CompanyUpdateView> {
  const { tenant } = access(ctx);
  return view(ctx, await current(ctx, tenant.tenantKey, idArg(input.id)));
}

/** The tenant's Company items for the request form (id, name), at most 1000. */
export async function getCompanyOptions({ ctx }: OpArgs<unknown>): Promise<{ id: number; name: string }[]> {
  const { tenant } = access(ctx);
  return companyOptions(ctx.services.store.db, tenant.tenantKey, COMPANY_OPTIONS_LIMIT);
}

/** Creates a request and e-mails the contact the link (also returned, once, to the caller). */
export async function createCompanyUpdate({ ctx, input }: OpArgs<unknown>): Promise<{ update: CompanyUpdateView; link: string }> {
  const { actor, tenant } = access(ctx);
  const f = parseInput(companyUpdateRequestSchema, withoutNulls(input ?? {}), 'input');
  const now = ctx.services.now();
  const token = newToken('company');
  const expiresAt = now + COMPANY_UPDATE_LINK_LIFETIME_MS;
  const r = await commit(ctx, async (tx) => {
    const company = await companyOf(tx, tenant.tenantKey, f.contentId);
    if (!company) badInput('input.contentId', `No Company item ${f.contentId} on this site`);
    const id = await insertCompanyUpdate(tx, tenant.tenantKey, { ...f, tokenHash: digest(token), tokenExpiresAt: expiresAt }, actor.userId, now);
    return { id, companyName: company.name };
  }, (w) => ({ tenantKey: tenant.tenantKey, entityType: 'company-update', entityId: w.id, action: 'create', changes: { contentId: f.contentId, contactEmail: f.contactEmail } }));
  const link = `${originOf(ctx.services.members, tenant)}/company-update/${token}`;
  await companyUpdateMail(ctx.services, { kind: 'link', to: f.contactEmail, tenant, contactName: f.contactName, companyName: r.companyName, link, expiresAt });
  return { update: await view(ctx, await current(ctx, tenant.tenantKey, r.id)), link };
}

export async function revokeCompanyUpdateLink({ ctx, input }: OpArgs<{ id: unknown }>): Promise<CompanyUpdateView> {
  const { tenant } = access(ctx);
  const id = idArg(input.id);
  const now = ctx.services.now();
  await commit(ctx, async (tx) => {
    if (!(await getCompanyUpdate(tx, tenant.tenantKey, id))) throw new AppError('NOT_FOUND', { entity: 'CompanyUpdate', id });
    await revokeCompanyUpdateToken(tx, tenant.tenantKey, id, now);
    return id;
  }, () => ({ tenantKey: tenant.tenantKey, entityType: 'company-update', entityId: id, action: 'revoke-link', changes: {} }));
  return view(ctx, await current(ctx, tenant.tenantKey, id));
}

/**
 * Reviews a submission: the fields in `accept` are applied to the Company item (content history
 * and a rebuild), the others are rejected. Rejecting every change needs a message; the contact is
 * e-mailed the outcome and the message. The link stops working.
 */
export async function reviewCompanyUpdate({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<CompanyUpdateView> {
  const { actor, tenant } = access(ctx);
  const id = idArg(input.id);
  const rv = parseInput(companyUpdateReviewSchema, withoutNulls(input.input ?? {}), 'input');
  const now = ctx.services.now();
  const w = await commit(ctx, async (tx) => {
    const r = await getCompanyUpdate(tx, tenant.tenantKey, id);
    if (!r) throw new AppError('NOT_FOUND', { entity: 'CompanyUpdate', id });
    if (r.status !== 'submitted') throw new AppError('CONFLICT', { message: r.status === 'requested' ? 'The company has not submitted this update yet.' : 'This update was already reviewed.' });
    const row = await companyOf(tx, tenant.tenantKey, r.contentId);
    if (!row) throw new AppError('CONFLICT', { message: `The Company item ${r.contentId} no longer exists.` });
    const proposed = r.proposed as unknown as CompanyProfile;
    const changed = changedFields(profileOf(row), proposed);
    const accepted = [...new Set(rv.accept)].filter((f) => changed.includes(f));
    if (accepted.length === 0 && !rv.message) badInput('input.message', 'Say why the update is rejected (the company receives this message)');
    let patched = null;
    if (accepted.length) {
      patched = await patchContentIn(tx, tenant.tenantKey, r.contentId, contentPatchFor(row, proposed, accepted), now);
      await insertHistory(tx, {
        tenantKey: tenant.tenantKey, actorType: actor.kind, actorId: actor.userId, entityType: 'content', entityId: String(r.contentId),
        action: 'update', changes: { ...diff(patched.before, patched.after), source: `company update ${id}` },
      });
    }
    const status = accepted.length ? 'applied' as const : 'rejected' as const;
    await reviewCompanyUpdateRow(tx, tenant.tenantKey, id, { status, accepted, message: rv.message, by: actor.userId, at: now });
    return { r, status, accepted, rejected: changed.filter((f) => !accepted.includes(f)), patched, companyName: row.name };
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'company-update', entityId: id, action: 'review', changes: { status: x.status, accepted: x.accepted, rejected: x.rejected } }),
  (x) => (x.patched ? patchChange(x.r.contentId, x.patched) : null));
  await companyUpdateMail(ctx.services, {
    kind: 'reviewed', to: w.r.contactEmail, tenant, contactName: w.r.contactName, companyName: w.companyName,
    accepted: w.accepted.map((f) => COMPANY_FIELD_LABELS[f]), rejected: w.rejected.map((f) => COMPANY_FIELD_LABELS[f]), message: rv.message,
  });
  return view(ctx, await current(ctx, tenant.tenantKey, id));
}
