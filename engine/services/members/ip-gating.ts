// IP gating settings (admin /admin/ip-gating-settings, manage_ip_gating) and the site-license
// lookup (public §4, §7 siteLicenseCompany). Lookups are remembered per tenant and address: 600 s
// when no company matches, 86,400 s when one does; any edit forgets the tenant's at once (in every
// instance when the cache is shared: engine/services/kernel/shared-state.ts).
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { ipKey, parseCidr, type IpRange } from '../../domain/ip-range';
import { badInput, parseInput, REQUIRED, withoutNulls } from '../../domain/validation';
import {
  deleteLicenseCompany, getLicenseCompany, licenseCompanyForIp, licenseCompanyNameTaken, listLicenseCompanies, writeLicenseCompany,
  type LicenseCompanyRecord,
} from '../../store/queries/site-license';
import { commit, diff, snapshot, tenantAccess, type OpArgs, type OpContext } from '../kernel/operation';
import { clampLimit, connection, skipOf } from '../kernel/paging';
import { idArg } from '../kernel/patch';
import type { Services } from '../kernel/services';
import { MEMBER_TIMES } from '../../domain/members';

const MANAGE = ['manage_ip_gating'] as const;
export const MAX_RANGES = 500;

/**
 * The active company whose IP range holds `ip`, cached for the spec's times. None on a site whose
 * IP gating is switched off (site settings memberships.disableIpGating): its ranges stay stored but open nothing.
 */
export async function licenseCompanyFor(
  services: Services, tenant: { tenantKey: string; settings: { memberships?: { disableIpGating?: boolean | undefined } | undefined } }, ip: string | undefined,
): Promise<{ id: number; name: string } | null> {
  if (tenant.settings.memberships?.disableIpGating === true) return null;
  const tenantKey = tenant.tenantKey;
  const key = ipKey(ip);
  if (!key) return null;
  const cache = services.shared.licenses;
  const now = services.now();
  const hit = await cache.get(tenantKey, key);
  if (hit && hit.until > now) return hit.company;
  const company = (await licenseCompanyForIp(services.store.db, tenantKey, key)) ?? null;
  await cache.set(tenantKey, key, { company, until: now + (company ? MEMBER_TIMES.licenseFoundTtlMs : MEMBER_TIMES.licenseNotFoundTtlMs) });
  return company;
}

const companyInput = z.strictObject({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, 'At most 200 characters'),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  ranges: z.array(z.string().trim().max(64, 'At most 64 characters')).max(MAX_RANGES, `At most ${MAX_RANGES} ranges`).default([]),
});

function rangesOf(list: string[]): IpRange[] {
  const out: IpRange[] = [];
  for (const [i, v] of list.entries()) {
    const r = parseCidr(v);
    if (!r) badInput(`input.ranges[${i}]`, 'Must be an IP address or a CIDR range like 203.0.113.0/24 or 2001:db8::/32');
    if (!out.some((o) => o.cidr === r.cidr)) out.push(r);
  }
  return out;
}

const recordOf = (c: LicenseCompanyRecord) => ({ name: c.name, status: c.status, ranges: c.ranges });

async function write(ctx: OpContext, id: number | null, input: unknown): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, MANAGE);
  const db = ctx.services.store.db;
  const before = id === null ? undefined : await getLicenseCompany(db, tenant.tenantKey, id);
  if (id !== null && !before) throw new AppError('NOT_FOUND', { entity: 'Site-license company', id });
  if (!input || typeof input !== 'object' || Array.isArray(input)) badInput('input', REQUIRED);
  const merged = before ? { ...recordOf(before), ...withoutNulls(input as Record<string, unknown>) } : withoutNulls(input as Record<string, unknown>);
  const c = parseInput(companyInput, merged, 'input');
  const ranges = rangesOf(c.ranges);
  const r = await commit(ctx, async (tx) => {
    if (await licenseCompanyNameTaken(tx, tenant.tenantKey, c.name, id ?? undefined)) badInput('input.name', 'Another company has this name');
    const cid = await writeLicenseCompany(tx, tenant.tenantKey, id, {
      name: c.name, status: c.status, ranges: ranges.map((x) => ({ cidr: x.cidr, startKey: x.start, endKey: x.end })),
    });
    return { id: cid, after: (await getLicenseCompany(tx, tenant.tenantKey, cid))! };
  }, (x) => ({
    tenantKey: tenant.tenantKey, entityType: 'siteLicenseCompany', entityId: x.id, action: id === null ? 'create' : 'update',
    changes: before ? diff(recordOf(before), recordOf(x.after)) : snapshot(recordOf(x.after)),
  }));
  await ctx.services.shared.licenses.clear(tenant.tenantKey);
  return { id: r.id };
}

export const createSiteLicenseCompany = ({ ctx, input }: OpArgs) => write(ctx, null, input);
export const updateSiteLicenseCompany = ({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>) => write(ctx, idArg(input.id), input.input);

export async function deleteSiteLicenseCompany({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, MANAGE);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const before = await getLicenseCompany(tx, tenant.tenantKey, id);
    if (!before || !(await deleteLicenseCompany(tx, tenant.tenantKey, id))) throw new AppError('NOT_FOUND', { entity: 'Site-license company', id });
    return before;
  }, (b) => ({ tenantKey: tenant.tenantKey, entityType: 'siteLicenseCompany', entityId: id, action: 'delete', changes: snapshot(recordOf(b)) }));
  await ctx.services.shared.licenses.clear(tenant.tenantKey);
  return { ok: true };
}

export async function readLicenseCompany({ ctx, input }: OpArgs<{ id: unknown }>): Promise<LicenseCompanyRecord> {
  const { tenant } = tenantAccess(ctx, MANAGE);
  const id = idArg(input.id);
  const c = await getLicenseCompany(ctx.services.store.db, tenant.tenantKey, id);
  if (!c) throw new AppError('NOT_FOUND', { entity: 'Site-license company', id });
  return c;
}

const streamInput = z.strictObject({
  phrase: z.string().trim().max(200, 'At most 200 characters').optional(),
  pagination: z.strictObject({ limit: z.number().int().optional(), skip: z.number().int().min(0).optional(), after: z.string().max(8).optional() }).default({}),
});

export async function readLicenseCompanyStream({ ctx, input }: OpArgs) {
  const { tenant } = tenantAccess(ctx, MANAGE);
  const f = parseInput(streamInput, withoutNulls(input ?? {}), 'input');
  const limit = clampLimit(f.pagination.limit, 50, 1000);
  const skip = skipOf(f.pagination);
  const r = await listLicenseCompanies(ctx.services.store.db, { tenantKey: tenant.tenantKey, phrase: f.phrase || undefined, limit, skip });
  return connection(r.rows, skip, r.total);
}
