// siteLicenseCompany (public §4, §7): the site-license company of the caller's own address, as the
// request gives it; the lookup and the IP gating settings are engine/services/members/ip-gating.ts.
import { ipKey } from '../../engine/domain/ip-range';
import { badInput } from '../../engine/domain/validation';
import { may } from '../../engine/services/kernel/access';
import { licenseCompanyFor } from '../../engine/services/members';
import type { GqlContext } from '../context';

const MANAGE = ['manage_ip_gating'] as const;

/**
 * siteLicenseCompany: the company of the caller's own address. Staff with manage_ip_gating may test
 * another address (the IP test page); anyone else asking about another address gets their own.
 */
export async function siteLicenseCompany(ctx: GqlContext, a: { userIpAddress?: unknown }): Promise<{ companyName: string; ipAddress: string } | null> {
  const tenant = await ctx.tenant();
  let ip = ctx.req.ip;
  if (typeof a.userIpAddress === 'string' && a.userIpAddress.trim() && may(await ctx.actor(), tenant.tenantKey, MANAGE)) {
    if (!ipKey(a.userIpAddress)) badInput('userIpAddress', 'Must be an IPv4 or IPv6 address');
    ip = a.userIpAddress.trim();
  }
  const company = await licenseCompanyFor(ctx.services, tenant, ip);
  return company ? { companyName: company.name, ipAddress: ip } : null;
}
