// Member sign-in and credentials (public §4 "Site user session", §7, §8): login, logout, password
// reset and change, username change. Login answers an unknown username, a
// wrong password and an inactive account identically (and spends one scrypt check either way);
// failed attempts are limited per IP and per username within the tenant. The request's address, the
// cookie and the session it ends come through the MemberCaller (api/members/session.ts memberCaller).
import { z } from 'zod';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../auth/passwords';
import { AppError } from '../../domain/errors';
import { MEMBER_TEXTS, safeRedirectPath } from '../../domain/members';
import { parseInput } from '../../domain/validation';
import {
  consumeSiteUserToken, findSiteUserToken, insertSiteUserToken, revokeSiteUserSessions, voidSiteUserTokens,
} from '../../store/queries/member-sessions';
import { findSiteUserByLogin, findSiteUserById, loginNameTaken, updateSiteUser, type SiteUserRow } from '../../store/queries/members';
import { digest } from '../auth';
import { clientKey } from '../kernel/rate-limit';
import { checkCaptcha, emailField, givenPassword, loginName, passwordField, throttle, tokenField } from './inputs';
import { mailResetLink } from './links';
import { sendMemberMail } from './mail';
import { memberRuntime } from './runtime';
import { issueMemberSession, type LoginResult, looksLikeMemberToken, type MemberCaller, newMemberToken, requireMember } from './sessions';
import { siteUserView, type SiteUserView } from './user-view';
import { siteOrigin } from '../kernel/member-options';

async function hashToCheck(stored: string | null | undefined): Promise<string> {
  return stored && stored.startsWith('scrypt$') ? stored : DUMMY_HASH_PROMISE();
}

/**
 * The per-account limit's key: the account when the name (username or e-mail, any case) finds one,
 * so every spelling of it shares one counter; else the typed name, so an unknown name is limited
 * the same way a known one is and the answers do not tell them apart.
 */
function accountKey(tenantKey: string, user: SiteUserRow | undefined, typed: string): string {
  return user ? `${tenantKey}:account:${user.id}` : `${tenantKey}:user:${typed}`;
}

const loginInput = z.object({ username: loginName, password: givenPassword, recaptchaToken: z.string().max(4000).optional() });

export async function loginSiteUser(ctx: MemberCaller, input: unknown): Promise<LoginResult> {
  const tenant = await ctx.tenant();
  const { username, password, recaptchaToken } = parseInput(loginInput, input);
  const { loginIp, loginUser } = memberRuntime(ctx.services).limiters;
  const ipKey = `${tenant.tenantKey}:ip:${clientKey(ctx.ip)}`;
  const user = await findSiteUserByLogin(ctx.services.store.db, tenant.tenantKey, username);
  const userKey = accountKey(tenant.tenantKey, user, username);
  await throttle([[loginIp, ipKey], [loginUser, userKey]]);
  try {
    await checkCaptcha(ctx.services, recaptchaToken, 'siteUserLogin', ctx.ip);
  } catch (error) {
    // A failed captcha is not a password attempt.
    await Promise.all([loginIp.forgive(ipKey), loginUser.forgive(userKey)]);
    throw error;
  }
  const ok = await verifyPassword(password, await hashToCheck(user?.passwordHash));
  if (!ok || !user || user.status !== 1) throw new AppError('SITE_USER_LOGIN_FAILED');
  await loginIp.forgive(ipKey);
  await loginUser.clear(userKey);
  const session = await issueMemberSession(ctx.services.store.db, ctx.services, tenant.tenantKey, user.id);
  ctx.signIn(session);
  return { ...session, userInfo: await siteUserView(ctx.services, user) };
}

/** Ends the member session of this request and clears the cookie (the page clears its caches). Always succeeds. */
export async function logoutSiteUser(ctx: MemberCaller): Promise<{ ok: true }> {
  await ctx.signOut();
  return { ok: true };
}

/** Counts a link request per IP (RATE_LIMITED past it); false when the address has had its mails this hour. */
async function allowLink(ctx: MemberCaller, tenantKey: string, address: string): Promise<boolean> {
  const { linkIp, linkEmail } = memberRuntime(ctx.services).limiters;
  const ipKey = `${tenantKey}:ip:${clientKey(ctx.ip)}`;
  await throttle([[linkIp, ipKey]]);
  const mailKey = `${tenantKey}:to:${address}`;
  return (await linkEmail.attempt(mailKey)) === 0;
}

const resetRequest = z.object({ username: loginName, path: z.string().max(2000).optional(), recaptchaToken: z.string().max(4000).optional() });

/** Mails a reset link when the username (or address) belongs to an active member; the answer is the same either way. */
export async function requestSiteUserPasswordReset(ctx: MemberCaller, input: unknown): Promise<{ ok: true; message: string }> {
  const tenant = await ctx.tenant();
  const { username, path, recaptchaToken } = parseInput(resetRequest, input);
  await checkCaptcha(ctx.services, recaptchaToken, 'siteUserPasswordReset', ctx.ip);
  const user = await findSiteUserByLogin(ctx.services.store.db, tenant.tenantKey, username);
  if ((await allowLink(ctx, tenant.tenantKey, user?.email ?? username)) && user && user.status === 1) await mailResetLink(ctx, user, safeRedirectPath(path));
  return { ok: true, message: MEMBER_TEXTS.resetSent };
}

const invalidLink = (field = 'id') => new AppError('BAD_USER_INPUT', { field, message: MEMBER_TEXTS.linkInvalid });

const resetInput = z.object({ id: tokenField, password: passwordField });

/** Sets a new password through a reset link (single use, expiring); every session of the member ends. */
export async function resetSiteUserPassword(ctx: MemberCaller, input: unknown): Promise<{ ok: true; message: string }> {
  const tenant = await ctx.tenant();
  const { id, password } = parseInput(resetInput, input);
  if (!looksLikeMemberToken('reset', id)) throw invalidLink();
  const now = ctx.services.now();
  // Look the link up before the (costly) hash, so made-up ids cost nothing; the write re-checks it.
  const pending = await findSiteUserToken(ctx.services.store.db, tenant.tenantKey, 'reset', digest(id));
  if (!pending || pending.usedAt !== null || pending.expiresAt <= now) throw invalidLink();
  const passwordHash = await hashPassword(password);
  const done = await ctx.services.store.transaction(async (tx) => {
    const t = await findSiteUserToken(tx, tenant.tenantKey, 'reset', digest(id));
    if (!t || t.usedAt !== null || t.expiresAt <= now || t.siteUserId === null) return false;
    const user = await findSiteUserById(tx, tenant.tenantKey, t.siteUserId);
    if (!user || user.status !== 1 || !(await consumeSiteUserToken(tx, t.id, now))) return false;
    await updateSiteUser(tx, tenant.tenantKey, user.id, { passwordHash });
    await voidSiteUserTokens(tx, { tenantKey: tenant.tenantKey, siteUserId: user.id }, now);
    await revokeSiteUserSessions(tx, user.id, now);
    return true;
  });
  if (!done) throw invalidLink();
  await ctx.services.memberSessionsChanged(tenant.tenantKey);
  return { ok: true, message: 'Your password has been changed. Please log in.' };
}

/** Checks the signed-in member's current password (counted against the username limit). */
async function checkOwnPassword(ctx: MemberCaller, user: SiteUserRow, password: string): Promise<void> {
  const { loginUser } = memberRuntime(ctx.services).limiters;
  const key = accountKey(user.tenantKey, user, user.username);
  await throttle([[loginUser, key]]);
  if (!(await verifyPassword(password, await hashToCheck(user.passwordHash)))) {
    throw new AppError('BAD_USER_INPUT', { field: 'password', message: MEMBER_TEXTS.passwordIncorrect });
  }
  await loginUser.clear(key);
}

const changeInput = z.object({ password: givenPassword, newPassword: passwordField });

/** Changes the member's password: every session ends and a new one is issued for this browser. */
export async function updateSiteUserPassword(ctx: MemberCaller, input: unknown): Promise<LoginResult> {
  const m = await requireMember(ctx);
  if (m.simulating) throw new AppError('FORBIDDEN');
  const { password, newPassword } = parseInput(changeInput, input);
  await checkOwnPassword(ctx, m.user, password);
  if (password === newPassword) throw new AppError('BAD_USER_INPUT', { field: 'newPassword', message: 'Must differ from the current password' });
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.services.now();
  const session = await ctx.services.store.transaction(async (tx) => {
    await updateSiteUser(tx, m.tenantKey, m.user.id, { passwordHash });
    await voidSiteUserTokens(tx, { tenantKey: m.tenantKey, siteUserId: m.user.id }, now);
    await revokeSiteUserSessions(tx, m.user.id, now);
    return issueMemberSession(tx, ctx.services, m.tenantKey, m.user.id);
  });
  await ctx.services.memberSessionsChanged(m.tenantKey);
  ctx.signIn(session);
  return { ...session, userInfo: await siteUserView(ctx.services, m.user) };
}

const usernameRequest = z.object({ password: givenPassword, newUsername: emailField });

/** Mails a confirmation link to the new username (an address the member must be able to read). */
export async function requestSiteUserChangeUsername(ctx: MemberCaller, input: unknown): Promise<{ ok: true; message: string }> {
  const m = await requireMember(ctx);
  if (m.simulating) throw new AppError('FORBIDDEN');
  const { password, newUsername } = parseInput(usernameRequest, input);
  await checkOwnPassword(ctx, m.user, password);
  if (newUsername === m.user.username) throw new AppError('BAD_USER_INPUT', { field: 'newUsername', message: 'Must differ from the current username' });
  const db = ctx.services.store.db;
  if (await loginNameTaken(db, m.tenantKey, newUsername, m.user.id)) throw new AppError('BAD_USER_INPUT', { field: 'newUsername', message: MEMBER_TEXTS.usernameTaken });
  const tenant = await ctx.tenant();
  if (!(await allowLink(ctx, tenant.tenantKey, newUsername))) return { ok: true, message: MEMBER_TEXTS.usernameSent };
  const token = newMemberToken('username');
  const now = ctx.services.now();
  const expiresAt = now + memberRuntime(ctx.services).lifetimes.usernameMs;
  await ctx.services.store.transaction(async (tx) => {
    await voidSiteUserTokens(tx, { tenantKey: m.tenantKey, kind: 'username', siteUserId: m.user.id }, now);
    await insertSiteUserToken(tx, { tenantKey: m.tenantKey, kind: 'username', tokenHash: digest(token), siteUserId: m.user.id, email: newUsername, payload: { newUsername }, expiresAt });
  });
  const link = `${siteOrigin(ctx.services.members, tenant)}/account?confirmUsername=${token}#update-profile`;
  sendMemberMail(ctx.services, { kind: 'username', to: newUsername, siteName: tenant.settings.general.siteName, link, expiresAt });
  return { ok: true, message: MEMBER_TEXTS.usernameSent };
}

/** Completes a username change with the confirmation link: username and e-mail become the new address. */
export async function updateSiteUserUsername(ctx: MemberCaller, input: unknown): Promise<SiteUserView> {
  const tenant = await ctx.tenant();
  const { id } = parseInput(z.object({ id: tokenField }), input);
  if (!looksLikeMemberToken('username', id)) throw invalidLink();
  const now = ctx.services.now();
  const outcome = await ctx.services.store.transaction(async (tx) => {
    const t = await findSiteUserToken(tx, tenant.tenantKey, 'username', digest(id));
    if (!t || t.usedAt !== null || t.expiresAt <= now || t.siteUserId === null) return null;
    const user = await findSiteUserById(tx, tenant.tenantKey, t.siteUserId);
    const newUsername = 'newUsername' in t.payload ? t.payload.newUsername : null;
    if (!user || user.status !== 1 || !newUsername) return null;
    if (await loginNameTaken(tx, tenant.tenantKey, newUsername, user.id)) return 'taken' as const;
    if (!(await consumeSiteUserToken(tx, t.id, now))) return null;
    await updateSiteUser(tx, tenant.tenantKey, user.id, { username: newUsername, email: newUsername });
    return user.id;
  });
  if (outcome === 'taken') throw new AppError('BAD_USER_INPUT', { field: 'id', message: MEMBER_TEXTS.usernameTaken });
  if (outcome === null) throw invalidLink();
  const user = await findSiteUserById(ctx.services.store.db, tenant.tenantKey, outcome);
  return siteUserView(ctx.services, user!);
}
