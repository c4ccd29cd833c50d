// The member's own account (public §7): reading it, the reduced view gating and newsletters use,
// profile updates (only non-empty fields change, public §5) and favourites; and the staff side
// (manage_site_users): listing and searching members, reading one, updateSiteUserProfileAdmin.
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { badInput, parseInput, withoutNulls } from '../../domain/validation';
import { revokeSiteUserSessions } from '../../store/queries/member-sessions';
import {
  addFavorite, findSiteUserById, findSiteUserByLogin, listSiteUsers, loginNameTaken, membershipsOfSiteUser, publishedContentExists,
  removeFavorite, setDemographicTexts, setSiteUserMemberships, updateSiteUser, type SiteUserPatch, type SiteUserRow,
} from '../../store/queries/members';
import { membershipStream } from '../../store/queries/catalog';
import { may } from '../kernel/access';
import type { Services } from '../kernel/services';
import { commit, diff, tenantAccess, type OpArgs } from '../kernel/operation';
import { clampLimit, connection, skipOf } from '../kernel/paging';
import { idArg } from '../kernel/patch';
import { checkProfileDemographics, demographicsInput, splitAnswers } from './demographics';
import { countryOf, emailField, loginName, profileText, regionOf } from './inputs';
import { requireMember, type MemberCaller } from './sessions';
import { newslettersOfUser, siteUserView, siteUserView as viewOf, type SiteUserView } from './user-view';

const MANAGE = ['manage_site_users'] as const;

/**
 * getSiteUser: without id or username, the signed-in member; with one, staff with manage_site_users
 * (or the member asking about themself).
 */
export async function getSiteUser(ctx: MemberCaller, input: { id?: unknown; username?: unknown; useOmedaCache?: unknown }): Promise<SiteUserView> {
  const tenant = await ctx.tenant();
  const m = await ctx.member();
  // useOmedaCache false: the audience provider is asked afresh instead of its answer kept for the member.
  const siteUserView = (services: Services, u: SiteUserRow, simulating?: boolean) => {
    if (input.useOmedaCache === false) services.audience.forget(tenant.tenantKey, `member:${u.id}`);
    return viewOf(services, u, simulating);
  };
  const id = input.id !== undefined && input.id !== null ? idArg(input.id) : null;
  const username = typeof input.username === 'string' && input.username.trim() ? input.username.trim().toLowerCase() : null;
  if (id === null && username === null) {
    if (!m) throw new AppError('UNAUTHENTICATED');
    return siteUserView(ctx.services, m.user, m.simulating);
  }
  const db = ctx.services.store.db;
  const user = id !== null ? await findSiteUserById(db, tenant.tenantKey, id) : await findSiteUserByLogin(db, tenant.tenantKey, username!);
  if (m && user && m.user.id === user.id) return siteUserView(ctx.services, user, m.simulating);
  const actor = await ctx.actor();
  if (!may(actor, tenant.tenantKey, MANAGE)) throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHENTICATED');
  if (!user) throw new AppError('NOT_FOUND', { entity: 'Site user', id: id ?? username! });
  return siteUserView(ctx.services, user);
}

/** The reduced view (email, memberships, newsletters) of the signed-in member, or null when nobody is signed in. */
export async function getActiveSiteUserWithNewsletters(ctx: MemberCaller) {
  const m = await ctx.member();
  if (!m) return null;
  const v = await siteUserView(ctx.services, m.user, m.simulating);
  return { id: v.id, email: v.email, memberships: v.memberships, newsletters: await newslettersOfUser(ctx.services, m.user), simulating: m.simulating };
}

const profileInput = z.object({
  firstName: profileText().optional(),
  lastName: profileText().optional(),
  title: profileText().optional(),
  company: profileText(200).optional(),
  city: profileText().optional(),
  postalCode: profileText(20).optional(),
  region: z.string().trim().max(10).optional(),
  countryCode: z.string().trim().max(3).optional(),
  demographics: demographicsInput.optional(),
});

/** Only non-empty fields change (public §5); the region is checked against the resulting country. */
export async function updateSiteUserProfile(ctx: MemberCaller, input: unknown): Promise<SiteUserView> {
  const m = await requireMember(ctx);
  const f = parseInput(profileInput, withoutNulls(input ?? {}), 'input');
  const db = ctx.services.store.db;
  const patch: SiteUserPatch = {};
  for (const k of ['firstName', 'lastName', 'title', 'company', 'city', 'postalCode'] as const) if (f[k]) patch[k] = f[k];
  const country = f.countryCode ? countryOf(f.countryCode, 'input.countryCode') : m.user.countryCode;
  if (f.countryCode || f.region) {
    const region = country ? regionOf(country, f.region || (f.countryCode ? undefined : m.user.region ?? undefined), 'input.region') : null;
    if (f.countryCode) patch.countryCode = country;
    patch.region = region;
  }
  // An empty answer is an empty field: the question keeps its current answer.
  const given = (f.demographics ?? []).filter((a) => (a.answerIds?.length ?? 0) > 0 || (a.value ?? '').trim() !== '');
  const answers = given.length ? await checkProfileDemographics(db, m.tenantKey, given) : [];
  const { choices, texts } = splitAnswers(answers);
  const answered = new Set(answers.map((a) => a.questionId));
  if (answers.length) patch.demographics = [...m.user.demographics.filter((d) => !answered.has(d.questionId)), ...choices].sort((a, b) => a.questionId - b.questionId);
  await ctx.services.store.transaction(async (tx) => {
    if (Object.keys(patch).length) await updateSiteUser(tx, m.tenantKey, m.user.id, patch);
    await setDemographicTexts(tx, m.user.id, texts);
  });
  return siteUserView(ctx.services, (await findSiteUserById(db, m.tenantKey, m.user.id))!, m.simulating);
}

export async function addSiteUserFavorite(ctx: MemberCaller, input: { contentId?: unknown }): Promise<SiteUserView> {
  const m = await requireMember(ctx);
  const contentId = idArg(input.contentId, 'contentId');
  if (!(await publishedContentExists(ctx.services.store.db, m.tenantKey, contentId, ctx.services.now()))) throw new AppError('NOT_FOUND', { entity: 'Content', id: contentId });
  await addFavorite(ctx.services.store.db, m.user.id, contentId);
  return siteUserView(ctx.services, m.user, m.simulating);
}

export async function removeSiteUserFavorite(ctx: MemberCaller, input: { contentId?: unknown }): Promise<SiteUserView> {
  const m = await requireMember(ctx);
  await removeFavorite(ctx.services.store.db, m.user.id, idArg(input.contentId, 'contentId'));
  return siteUserView(ctx.services, m.user, m.simulating);
}

const listInput = z.strictObject({
  phrase: z.string().trim().max(200, 'At most 200 characters').optional(),
  status: z.number().int().min(0).max(1).optional(),
  pagination: z.strictObject({ limit: z.number().int().optional(), skip: z.number().int().min(0).optional(), after: z.string().max(8).optional() }).default({}),
});

/** Staff: the tenant's members, newest first, searched by username, e-mail, name or company. */
export async function readSiteUserStream({ ctx, input }: OpArgs) {
  const { tenant } = tenantAccess(ctx, [...MANAGE]);
  const f = parseInput(listInput, withoutNulls(input ?? {}), 'input');
  const limit = clampLimit(f.pagination.limit, 50, 1000);
  const skip = skipOf(f.pagination);
  const r = await listSiteUsers(ctx.services.store.db, { tenantKey: tenant.tenantKey, phrase: f.phrase || undefined, status: f.status, limit, skip });
  return connection(await Promise.all(r.rows.map((u) => siteUserView(ctx.services, u))), skip, r.total);
}

const adminInput = z.strictObject({
  firstName: profileText().optional(),
  lastName: profileText().optional(),
  email: emailField.optional(),
  username: loginName.pipe(z.string().regex(/^[a-z0-9._@+-]{3,254}$/, 'Must be 3–254 letters, digits or . _ @ + -')).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  membershipIds: z.array(z.number().int().positive()).max(100).optional(),
});

function adminRecord(u: SiteUserRow, memberships: number[]): Record<string, unknown> {
  return { firstName: u.firstName, lastName: u.lastName, email: u.email, username: u.username, status: u.status, membershipIds: memberships };
}

/** Staff edit a member: names, e-mail, username, status and the memberships held (granting paid ones by hand). */
export async function updateSiteUserProfileAdmin({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, [...MANAGE]);
  const id = idArg(input.id);
  const f = parseInput(adminInput, withoutNulls(input.input ?? {}), 'input');
  const db = ctx.services.store.db;
  if (f.membershipIds?.length) {
    const { rows } = await membershipStream(db, { tenantKey: tenant.tenantKey, ids: f.membershipIds, limit: 1000, skip: 0 });
    const i = f.membershipIds.findIndex((mid) => !rows.some((r) => r.id === mid));
    if (i >= 0) badInput(`input.membershipIds[${i}]`, `Unknown membership ${f.membershipIds[i]}`);
  }
  await commit(ctx, async (tx) => {
    const user = await findSiteUserById(tx, tenant.tenantKey, id);
    if (!user) throw new AppError('NOT_FOUND', { entity: 'Site user', id });
    const now = ctx.services.now();
    const before = adminRecord(user, (await membershipsOfSiteUser(tx, id, now)).map((h) => h.membershipId));
    for (const k of ['email', 'username'] as const) {
      const v = f[k];
      if (v && v !== user[k] && (await loginNameTaken(tx, tenant.tenantKey, v, id))) badInput(`input.${k}`, 'This username or e-mail address is already in use.');
    }
    const patch: SiteUserPatch = {};
    for (const k of ['firstName', 'lastName', 'email', 'username'] as const) if (f[k]) patch[k] = f[k];
    if (f.status !== undefined) patch.status = f.status;
    if (Object.keys(patch).length) await updateSiteUser(tx, tenant.tenantKey, id, patch);
    if (f.membershipIds) await setSiteUserMemberships(tx, id, [...new Set(f.membershipIds)]);
    if (f.status === 0) await revokeSiteUserSessions(tx, id, now);
    const after = await findSiteUserById(tx, tenant.tenantKey, id);
    return { before, after: adminRecord(after!, (await membershipsOfSiteUser(tx, id, now)).map((h) => h.membershipId)) };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'siteUser', entityId: id, action: 'update', changes: diff(r.before, r.after) }));
  return { id };
}
