// Registration in two steps (public §7): requestRegisterSiteUser mails a single-use, expiring link
// (the answer is the same whether or not the address already has an account; an existing account
// gets a password-reset link instead); registerSiteUser completes it with the password, names,
// the membership's required fields, demographics, newsletters and consent, then signs the member in.
import { z } from 'zod';
import { hashPassword } from '../../auth/passwords';
import { AppError } from '../../domain/errors';
import { isCommonUserField, MEMBER_TEXTS, safeRedirectPath, type CommonUserField } from '../../domain/members';
import type { Consent } from '../../domain/newsletter-subscribe';
import { badInput, parseInput, REQUIRED, withoutNulls } from '../../domain/validation';
import type { Db } from '../../store/connection';
import type { RegistrationPayload } from '../../store/schema-members';
import { consumeSiteUserToken, findSiteUserToken, insertSiteUserToken, voidSiteUserTokens } from '../../store/queries/member-sessions';
import {
  findSiteUserByEmail, findSiteUserById, grantMembership, insertConsent, insertSiteUser, loginNameTaken, setDemographicTexts, tenantNewsletterIds,
} from '../../store/queries/members';
import { activeMemberships, getMembershipById, type MembershipRecord } from '../../store/queries/memberships';
import { localAudienceProvider } from '../../newsletter/audience';
import { digest } from '../auth';
import { clientKey } from '../kernel/rate-limit';
import { demographicsInput, checkDemographics, splitAnswers } from './demographics';
import {
  checkCaptcha, consentFor, type ConsentValue, countryOf, emailField, passwordField, profileText, promoField, regionOf, throttle, tokenField,
} from './inputs';
import { linkProviderCustomer } from './audience';
import { mailResetLink } from './links';
import { sendMemberMail } from './mail';
import { syncNewsletterProducts } from './newsletter-products';
import { memberRuntime } from './runtime';
import { issueMemberSession, looksLikeMemberToken, type LoginResult, type MemberCaller, newMemberToken } from './sessions';
import { siteUserView } from './user-view';
import { siteOrigin } from '../kernel/member-options';

const requestInput = z.object({
  email: emailField,
  membershipId: z.number().int().positive().optional(),
  countryCode: z.string().trim().max(3).optional(),
  region: z.string().trim().max(10).optional(),
  consent: z.unknown().optional(),
  path: z.string().max(2000).optional(),
  recaptchaToken: z.string().max(4000).optional(),
  promoCode: promoField.optional(),
});

/** The membership a registration is for: the one named (active, of this tenant), else the first active free one, else the first active one. */
async function membershipFor(db: Db, tenantKey: string, id: number | undefined): Promise<MembershipRecord> {
  if (id !== undefined) {
    const m = await getMembershipById(db, tenantKey, id);
    if (!m || m.status !== 1) badInput('membershipId', 'Unknown membership');
    return m;
  }
  const [first] = await activeMemberships(db, tenantKey);
  if (!first) badInput('membershipId', MEMBER_TEXTS.noMemberships);
  return first;
}

export async function requestRegisterSiteUser(ctx: MemberCaller, input: unknown): Promise<{ ok: true; message: string }> {
  const tenant = await ctx.tenant();
  const f = parseInput(requestInput, withoutNulls(input ?? {}));
  const db = ctx.services.store.db;
  const membership = await membershipFor(db, tenant.tenantKey, f.membershipId);
  let consent: ConsentValue | null = null;
  if (f.countryCode) {
    const country = countryOf(f.countryCode);
    consent = consentFor(country, regionOf(country, f.region), f.consent);
  }
  const path = safeRedirectPath(f.path);
  await checkCaptcha(ctx.services, f.recaptchaToken, 'siteUserRegister', ctx.ip);
  const { linkIp, linkEmail } = memberRuntime(ctx.services).limiters;
  const ipKey = `${tenant.tenantKey}:ip:${clientKey(ctx.ip)}`;
  await throttle([[linkIp, ipKey]]);
  const answer = { ok: true as const, message: MEMBER_TEXTS.registrationSent };
  const mailKey = `${tenant.tenantKey}:to:${f.email}`;
  if ((await linkEmail.attempt(mailKey)) > 0) return answer;

  const existing = await findSiteUserByEmail(db, tenant.tenantKey, f.email);
  if (existing) {
    if (existing.status === 1) await mailResetLink(ctx, existing, path, 'already-registered');
    return answer;
  }
  const token = newMemberToken('register');
  const now = ctx.services.now();
  const expiresAt = now + memberRuntime(ctx.services).lifetimes.registerMs;
  const payload: RegistrationPayload = {
    membershipId: membership.id, countryCode: consent?.country ?? null, region: consent?.region ?? null, consent, path, promoCode: f.promoCode || null,
  };
  await ctx.services.store.transaction(async (tx) => {
    await voidSiteUserTokens(tx, { tenantKey: tenant.tenantKey, kind: 'register', email: f.email }, now);
    await insertSiteUserToken(tx, { tenantKey: tenant.tenantKey, kind: 'register', tokenHash: digest(token), siteUserId: null, email: f.email, payload, expiresAt });
  });
  const link = `${siteOrigin(ctx.services.members, tenant)}/membership/signup/${encodeURIComponent(membership.alias)}?id=${token}&redirectTo=${encodeURIComponent(path)}`;
  sendMemberMail(ctx.services, { kind: 'register', to: f.email, siteName: tenant.settings.general.siteName, link, expiresAt });
  return answer;
}

/** A pending registration behind a link: what the signup page pre-fills ('Please complete your registration'). */
export async function getSiteUserStub(ctx: MemberCaller, input: unknown) {
  const tenant = await ctx.tenant();
  const { id } = parseInput(z.object({ id: tokenField }), input);
  const invalid = new AppError('BAD_USER_INPUT', { field: 'id', message: MEMBER_TEXTS.linkInvalid });
  if (!looksLikeMemberToken('register', id)) throw invalid;
  const t = await findSiteUserToken(ctx.services.store.db, tenant.tenantKey, 'register', digest(id));
  if (!t || t.usedAt !== null || t.expiresAt <= ctx.services.now() || !('membershipId' in t.payload)) throw invalid;
  const p = t.payload;
  const membership = await getMembershipById(ctx.services.store.db, tenant.tenantKey, p.membershipId);
  return {
    email: t.email, membershipId: p.membershipId, membershipAlias: membership?.alias ?? null, countryCode: p.countryCode, region: p.region,
    redirectTo: p.path, expiresAt: t.expiresAt, message: MEMBER_TEXTS.completeRegistration,
  };
}

const registerInput = z.object({
  id: tokenField,
  password: passwordField,
  membershipId: z.number().int().positive().optional(),
  firstName: profileText().optional(),
  lastName: profileText().optional(),
  title: profileText().optional(),
  company: profileText(200).optional(),
  city: profileText().optional(),
  region: z.string().trim().max(10).optional(),
  countryCode: z.string().trim().max(3).optional(),
  postalCode: profileText(20).optional(),
  demographics: demographicsInput.optional(),
  newsletters: z.array(z.number().int().positive()).max(100, 'At most 100 newsletters').optional(),
  consent: z.unknown().optional(),
  recaptchaToken: z.string().max(4000).optional(),
});
type RegisterFields = z.output<typeof registerInput>;

function subscriptionConsent(c: ConsentValue): Consent {
  const entry = { country: c.country, region: c.region, compliance: c.compliance };
  return c.key === 'CASL' ? { CASL: entry } : { GDPR: entry };
}

/** Every common field the membership requires must be given (public §3 requiredUserCommonFields). */
function checkRequiredCommon(m: MembershipRecord, f: RegisterFields, country: string | null): void {
  for (const name of m.requiredUserCommonFields) {
    if (!isCommonUserField(name)) continue;
    const value = name === 'countryCode' ? country : f[name as Exclude<CommonUserField, 'countryCode'>];
    if (!value) badInput(name, REQUIRED);
  }
}

export async function registerSiteUser(ctx: MemberCaller, input: unknown): Promise<LoginResult> {
  const tenant = await ctx.tenant();
  const f = parseInput(registerInput, withoutNulls(input ?? {}));
  const db = ctx.services.store.db;
  const invalid = () => new AppError('BAD_USER_INPUT', { field: 'id', message: MEMBER_TEXTS.linkInvalid });
  if (!looksLikeMemberToken('register', f.id)) throw invalid();
  const now = ctx.services.now();
  const t = await findSiteUserToken(db, tenant.tenantKey, 'register', digest(f.id));
  if (!t || t.usedAt !== null || t.expiresAt <= now || !('membershipId' in t.payload)) throw invalid();
  const pending = t.payload;
  const membership = await membershipFor(db, tenant.tenantKey, f.membershipId ?? pending.membershipId);
  const countryGiven = f.countryCode || pending.countryCode;
  const country = countryGiven ? countryOf(countryGiven) : null;
  const region = country ? regionOf(country, f.region || (country === pending.countryCode ? pending.region ?? undefined : undefined)) : null;
  checkRequiredCommon(membership, f, country);
  // The consent given with the request counts only for the same country.
  const earlier = pending.consent && pending.consent.country === country ? { [pending.consent.key]: pending.consent } : undefined;
  const consent = country ? consentFor(country, region, f.consent ?? earlier) : null;
  const answers = await checkDemographics(db, tenant.tenantKey, membership, f.demographics ?? []);
  const newsletters = [...new Set(f.newsletters ?? [])];
  const known = await tenantNewsletterIds(db, tenant.tenantKey, newsletters);
  const unknown = newsletters.findIndex((id) => !known.includes(id));
  if (unknown >= 0) badInput(`newsletters[${unknown}]`, 'Unknown newsletter');
  const passwordHash = await hashPassword(f.password);
  const { choices, texts } = splitAnswers(answers);

  const created = await ctx.services.store.transaction(async (tx) => {
    if (!(await consumeSiteUserToken(tx, t.id, now))) throw invalid();
    if (await loginNameTaken(tx, tenant.tenantKey, t.email)) throw new AppError('CONFLICT', { message: 'An account already exists for this address. Please log in.' });
    const id = await insertSiteUser(tx, {
      tenantKey: tenant.tenantKey, username: t.email, email: t.email, passwordHash, firstName: f.firstName || null, lastName: f.lastName || null,
      title: f.title || null, company: f.company || null, city: f.city || null, postalCode: f.postalCode || null, region, countryCode: country, demographics: choices,
    });
    await setDemographicTexts(tx, id, texts);
    if (membership.isFree) await grantMembership(tx, id, membership.id, null);
    if (consent) await insertConsent(tx, { siteUserId: id, kind: consent.key, country: consent.country, region: consent.region, compliance: consent.compliance, source: 'Registration' });
    await voidSiteUserTokens(tx, { tenantKey: tenant.tenantKey, kind: 'register', email: t.email }, now);
    if (newsletters.length) {
      await localAudienceProvider(ctx.services.store).subscribe({
        tenantKey: tenant.tenantKey, email: t.email, newsletterIds: newsletters, source: 'Registration', siteUserId: id,
        consent: consent ? subscriptionConsent(consent) : null,
        countryCode: country, regionCode: region, promoCode: pending.promoCode, at: now,
      });
    }
    return { id, session: await issueMemberSession(tx, ctx.services, tenant.tenantKey, id) };
  });
  ctx.signIn(created.session);
  // The audience provider: the customer with this address is linked; newsletters chosen here are opted in there.
  await linkProviderCustomer(ctx.services, tenant, created.id, t.email);
  if (newsletters.length) await syncNewsletterProducts(ctx.services, tenant, t.email, newsletters, true);
  const user = await findSiteUserById(db, tenant.tenantKey, created.id);
  return { ...created.session, userInfo: await siteUserView(ctx.services, user!) };
}
