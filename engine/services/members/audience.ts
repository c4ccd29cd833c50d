// The audience provider on the member side (issue 42): which memberships a member holds through
// provider products (gating), setOmedaCustomer (staff store the customer link and products on a
// site user), and the member an omedaEncryptedCustomerId names. With a provider configured the
// products come from it (and are kept on the site user); with the switch `disableOmeda` on, no
// provider, or a provider that is down, from what the site user has stored.
import { z } from 'zod';
import { membershipIdsForProducts, newsletterIdsForProducts, type AudienceProduct } from '../../audience/types';
import { badInput, parseInput, REQUIRED, withoutNulls } from '../../domain/validation';
import { findSiteUserByEncryptedCustomerId, setSiteUserAudience, siteUserAudience, type SiteUserAudience } from '../../store/queries/audience';
import { findSiteUserByEmail } from '../../store/queries/members';
import { listNewsletterItems } from '../../store/queries/newsletters';
import { commit, diff, tenantAccess, type OpArgs } from '../kernel/operation';
import type { Services } from '../kernel/services';
import type { TenantRow } from '../kernel/tenancy';
import { emailField } from './inputs';

const MANAGE = ['manage_site_users'] as const;
const providerId = (field: string, max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `At most ${max} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, `${field} has letters, digits, _ or - only`);
const isoDate = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'Must be a date like 2027-01-31')
  .transform((s) => (s.length === 10 ? Date.parse(`${s}T00:00:00Z`) : Date.parse(s.replace(' ', 'T'))))
  .refine((t) => Number.isFinite(t), 'Must be a date like 2027-01-31');

/** setOmedaCustomer's input (public §7): email, omedaCustomerId, hashedOmedaCustomerId, products (id, version, expirationDate, amount). */
const setInput = z.strictObject({
  email: emailField,
  omedaCustomerId: providerId('A customer id', 40),
  hashedOmedaCustomerId: providerId('An encrypted customer id', 100).optional(),
  products: z.array(z.strictObject({
    id: providerId('A product id', 60),
    version: z.string().trim().max(20, 'At most 20 characters').optional(),
    expirationDate: isoDate.optional(),
    amount: z.number().finite().min(0, 'Must not be negative').max(1e9, 'Too large').optional(),
  }), { error: REQUIRED }).max(200, 'At most 200 products'),
});

export interface OmedaCustomerLink {
  siteUserId: number;
  email: string;
  omedaCustomerId: string | null;
  hashedOmedaCustomerId: string | null;
  products: { id: string; version: string | null; expirationDate: number | null; amount: number | null }[];
  /** The tenant's memberships these products give now. */
  membershipIds: number[];
}

export async function setOmedaCustomer({ ctx, input }: OpArgs<unknown>): Promise<OmedaCustomerLink> {
  const { tenant } = tenantAccess(ctx, [...MANAGE]);
  const f = parseInput(setInput, withoutNulls(input ?? {}));
  const db = ctx.services.store.db;
  const user = await findSiteUserByEmail(db, tenant.tenantKey, f.email);
  // A member of another tenant is no member here: the same answer as an unknown address.
  if (!user) badInput('email', 'No site user has this e-mail address');
  const dup = f.products.findIndex((p, i) => f.products.findIndex((q) => q.id === p.id) !== i);
  if (dup >= 0) badInput(`products[${dup}].id`, `Product ${f.products[dup]!.id} is listed twice`);
  const next: SiteUserAudience = {
    omedaCustomerId: f.omedaCustomerId, omedaEncryptedCustomerId: f.hashedOmedaCustomerId ?? null,
    omedaProducts: f.products.map((p) => ({ id: p.id, version: p.version ?? null, expirationDate: p.expirationDate ?? null, amount: p.amount ?? null, receive: true })),
  };
  const before = { omedaCustomerId: user.omedaCustomerId, omedaEncryptedCustomerId: user.omedaEncryptedCustomerId, omedaProducts: user.omedaProducts ?? [] };
  await commit(ctx, (tx) => setSiteUserAudience(tx, tenant.tenantKey, user.id, next), () => ({
    tenantKey: tenant.tenantKey, entityType: 'siteUser', entityId: user.id, action: 'setOmedaCustomer',
    changes: diff(before as Record<string, unknown>, next as unknown as Record<string, unknown>),
  }));
  ctx.services.audience.forget(tenant.tenantKey, `member:${user.id}`);
  const memberships = await ctx.services.content.memberships(tenant.tenantKey);
  return {
    siteUserId: user.id, email: user.email, omedaCustomerId: next.omedaCustomerId, hashedOmedaCustomerId: next.omedaEncryptedCustomerId,
    products: next.omedaProducts.map(({ receive: _r, ...p }) => p),
    membershipIds: membershipIdsForProducts(memberships, next.omedaProducts, ctx.services.now()),
  };
}

const same = (a: readonly AudienceProduct[], b: readonly AudienceProduct[]) => JSON.stringify(a) === JSON.stringify(b);

/** What the audience provider says of a member: whether it knows them as a customer (null: nobody answered) and their products. */
export interface MemberAudience {
  customer: boolean | null;
  products: AudienceProduct[];
}

/**
 * A member as the tenant's provider knows them, when one is configured and answers (the link and
 * products are then kept on the site user); else from what is stored: the stored products, and
 * `customer` true when a customer link is stored, null when none (nobody can tell).
 */
export async function memberAudience(services: Services, tenant: TenantRow, siteUserId: number): Promise<MemberAudience> {
  const db = services.store.db;
  const stored = await siteUserAudience(db, tenant.tenantKey, siteUserId);
  if (!stored) return { customer: null, products: [] };
  const settings = tenant.settings.audience;
  const local = (): MemberAudience => ({ customer: stored.omedaCustomerId ? true : null, products: stored.omedaProducts });
  return services.audience.useCached(tenant.tenantKey, `member:${siteUserId}`, settings, async (provider): Promise<MemberAudience> => {
    const customer = stored.omedaEncryptedCustomerId
      ? await provider.customerByEncryptedId(stored.omedaEncryptedCustomerId)
      : await provider.customerByEmail(stored.email);
    if (!customer) return { customer: false, products: stored.omedaProducts };
    const fresh: SiteUserAudience = { omedaCustomerId: customer.id, omedaEncryptedCustomerId: customer.encryptedId ?? stored.omedaEncryptedCustomerId, omedaProducts: customer.products };
    if (!same(fresh.omedaProducts, stored.omedaProducts) || fresh.omedaCustomerId !== stored.omedaCustomerId || fresh.omedaEncryptedCustomerId !== stored.omedaEncryptedCustomerId) {
      // Kept for the next outage; a failed write only loses that.
      await services.store.transaction((tx) => setSiteUserAudience(tx, tenant.tenantKey, siteUserId, fresh))
        .catch((error: unknown) => services.log.warn({ err: error, tenantKey: tenant.tenantKey }, 'audience products not kept'));
    }
    return { customer: true, products: customer.products };
  }, local);
}

/**
 * The products a member holds: from the tenant's provider when one is configured and answers (then
 * kept on the site user), else the ones stored on the site user. Empty for a tenant without a provider
 * and nothing stored.
 */
export async function memberProducts(services: Services, tenant: TenantRow, siteUserId: number): Promise<AudienceProduct[]> {
  return (await memberAudience(services, tenant, siteUserId)).products;
}

/**
 * For a survey-type gate (engine/domain/gating.ts surveyCustomer): whether the tenant's provider
 * knows the member as a customer. Null without a provider (none configured, switched off, down and
 * nothing stored), so that being signed in is enough.
 */
export async function surveyCustomer(services: Services, tenant: TenantRow, siteUserId: number): Promise<boolean | null> {
  if (!tenant.settings.audience) return null;
  return (await memberAudience(services, tenant, siteUserId)).customer;
}

/** The memberships a member holds through provider products (active memberships whose omedaProduct they hold unexpired). */
export async function audienceMembershipIds(services: Services, tenant: TenantRow, siteUserId: number): Promise<number[]> {
  const memberships = await services.content.memberships(tenant.tenantKey);
  if (!memberships.some((m) => m.omedaProduct)) return [];
  const products = await memberProducts(services, tenant, siteUserId);
  return membershipIdsForProducts(memberships, products, services.now());
}

/** The newsletters a member receives at the provider (newsletters whose omedaProductId they hold); empty without a provider. */
export async function audienceNewsletterIds(services: Services, tenant: TenantRow, siteUserId: number): Promise<number[]> {
  if (!tenant.settings.audience) return [];
  const items = await listNewsletterItems(services.store.db, tenant.tenantKey);
  if (!items.some((n) => n.omedaProductId)) return [];
  const products = await memberProducts(services, tenant, siteUserId);
  return newsletterIdsForProducts(items, products, services.now());
}

/**
 * The member an omedaEncryptedCustomerId (a sign-in link's query, ClickOmedaInjectionLink) names in
 * this tenant: a site user already linked to it, else (with a provider that answers) the site user
 * with the provider customer's e-mail address, whose link is then stored. Null when none.
 */
export async function memberByEncryptedId(services: Services, tenant: TenantRow, encryptedId: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(encryptedId)) return null;
  const db = services.store.db;
  const linked = await findSiteUserByEncryptedCustomerId(db, tenant.tenantKey, encryptedId);
  if (linked) return linked.id;
  return services.audience.use(tenant.tenantKey, tenant.settings.audience, async (provider) => {
    const customer = await provider.customerByEncryptedId(encryptedId);
    if (!customer?.email) return null;
    const user = await findSiteUserByEmail(db, tenant.tenantKey, customer.email.toLowerCase());
    if (!user || user.status !== 1) return null;
    await services.store.transaction((tx) => setSiteUserAudience(tx, tenant.tenantKey, user.id, {
      omedaCustomerId: customer.id, omedaEncryptedCustomerId: customer.encryptedId ?? encryptedId, omedaProducts: customer.products,
    }));
    return user.id;
  }, () => null);
}

/**
 * Registration driven by the provider: a new member whose e-mail address the tenant's provider
 * knows gets the customer link and products stored (so paid memberships tied to a product open at
 * once). Nothing happens without a provider, with the switch off, or when it is down.
 */
export async function linkProviderCustomer(services: Services, tenant: TenantRow, siteUserId: number, email: string): Promise<void> {
  await services.audience.use(tenant.tenantKey, tenant.settings.audience, async (provider) => {
    const c = await provider.customerByEmail(email);
    if (!c) return;
    await services.store.transaction((tx) => setSiteUserAudience(tx, tenant.tenantKey, siteUserId, {
      omedaCustomerId: c.id, omedaEncryptedCustomerId: c.encryptedId, omedaProducts: c.products,
    }));
  }, () => undefined);
}
