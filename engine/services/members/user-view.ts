// The site user as answered (public §3 "Site user info") and the reduced view gating and
// newsletters use (email, memberships, newsletters). Never carries the password hash.
import { createHmac } from 'node:crypto';
import type { Db } from '../../store/connection';
import {
  activeMembershipIds, demographicTextsOf, favoritesOf, newsletterIdsOf, type SiteUserRow,
} from '../../store/queries/members';
import { localAudienceProvider } from '../../newsletter/audience';
import type { Services } from '../kernel/services';
import { memberRuntime } from './runtime';
import { audienceMembershipIds, audienceNewsletterIds } from './audience';

export interface SiteUserView {
  id: number;
  hashedId: string;
  username: string;
  email: string;
  emails: { address: string }[];
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  company: string | null;
  city: string | null;
  postalCode: string | null;
  region: string | null;
  countryCode: string | null;
  status: number;
  memberships: number[];
  newsletters: number[];
  favoriteContent: { id: number; created: number }[];
  demographics: { questionId: number; answerIds: number[]; value: string | null }[];
  simulating: boolean;
  omedaEncryptedCustomerId: string | null;
  created: number;
  updated: number;
}

/** A stable opaque id for third-party tools (HMAC of tenant and id with an installation secret). */
export async function hashedIdOf(services: Services, user: Pick<SiteUserRow, 'id' | 'tenantKey'>): Promise<string> {
  const key = await memberRuntime(services).secret('member-id');
  return createHmac('sha256', key).update(`${user.tenantKey}:${user.id}`).digest('hex').slice(0, 32);
}

/** Memberships a member holds through audience-provider products (engine/services/members/audience.ts), as gating counts them. */
async function providerMembershipIds(services: Services, user: Pick<SiteUserRow, 'id' | 'tenantKey'>): Promise<number[]> {
  const tenant = await services.tenants.byKey(user.tenantKey);
  return tenant ? audienceMembershipIds(services, tenant, user.id) : [];
}

/** Newsletters of a member: linked to the account, subscriptions of their address, and those they receive at the tenant's audience provider. */
export async function newslettersOfUser(services: Services, user: Pick<SiteUserRow, 'id' | 'tenantKey' | 'email'>): Promise<number[]> {
  const tenant = await services.tenants.byKey(user.tenantKey);
  const [linked, byEmail, viaProvider] = await Promise.all([
    newsletterIdsOf(services.store.db, user.id),
    localAudienceProvider(services.store).subscribedNewsletterIds(user.tenantKey, user.email),
    tenant ? audienceNewsletterIds(services, tenant, user.id) : Promise.resolve([] as number[]),
  ]);
  return [...new Set([...linked, ...byEmail, ...viaProvider])].sort((a, b) => a - b);
}

export async function siteUserView(services: Services, user: SiteUserRow, simulating = false): Promise<SiteUserView> {
  const db: Db = services.store.db;
  const now = services.now();
  const [granted, viaProvider, newsletters, favorites, texts, hashedId] = await Promise.all([
    activeMembershipIds(db, user.id, now), providerMembershipIds(services, user), newslettersOfUser(services, user), favoritesOf(db, user.id), demographicTextsOf(db, user.id), hashedIdOf(services, user),
  ]);
  const memberships = [...new Set([...granted, ...viaProvider])];
  const demographics: SiteUserView['demographics'] = user.demographics.map((d) => ({ questionId: d.questionId, answerIds: d.answerIds, value: null }));
  for (const t of texts) demographics.push({ questionId: t.questionId, answerIds: [], value: t.value });
  demographics.sort((a, b) => a.questionId - b.questionId);
  return {
    id: user.id, hashedId, username: user.username, email: user.email, emails: [{ address: user.email }],
    firstName: user.firstName, lastName: user.lastName, title: user.title, company: user.company, city: user.city,
    postalCode: user.postalCode, region: user.region, countryCode: user.countryCode, status: user.status,
    memberships: memberships.sort((a, b) => a - b), newsletters, favoriteContent: favorites.map((f) => ({ id: f.contentId, created: f.createdAt })),
    demographics, simulating, omedaEncryptedCustomerId: user.omedaEncryptedCustomerId, created: user.createdAt, updated: user.updatedAt,
  };
}
