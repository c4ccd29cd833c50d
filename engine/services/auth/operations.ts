// Staff session operations (admin §7.2). Login and the reset request answer the same way whether
// or not the account exists, and spend the same time (one scrypt verification either way).
import { z } from 'zod';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../auth/passwords';
import { AppError } from '../../domain/errors';
import { parseInput, REQUIRED } from '../../domain/validation';
import {
  findCmsUserByEmail, findCmsUserById, findCmsUserByUsername, setCmsUserPassword, touchCmsUserLogin,
} from '../../store/queries/cms-users';
import { insertHistory } from '../../store/queries/history';
import {
  consumeUserToken, findSessionByRefresh, findUserToken, insertUserToken, revokeSessionFamily, revokeUserSessions, voidUserTokens,
  type UserTokenKind,
} from '../../store/queries/sessions';
import { requireActor } from '../kernel/access';
import type { OpArgs, OpContext } from '../kernel/operation';
import { clientKey } from '../kernel/rate-limit';
import { throttle } from '../kernel/shared-state';
import { staffPassword } from './password-policy';
import { issueTokens, rotateRefreshToken, type TokenPair } from './sessions';
import { digest, looksLikeToken, newToken } from './tokens';

const loginInput = z.strictObject({
  username: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(254, 'At most 254 characters'),
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1000, 'At most 1000 characters'),
});

/** A stored hash to verify against: the user's, or the dummy one (unknown user, no usable password). */
async function hashToCheck(stored: string | undefined): Promise<string> {
  return stored && stored.startsWith('scrypt$') ? stored : DUMMY_HASH_PROMISE();
}

/**
 * The per-account limit's key: the account when the name (username or e-mail, any case) finds one,
 * so every spelling of it shares one counter; else the typed name, so an unknown name is limited
 * the same way a known one is and the answers do not tell them apart.
 */
function accountKey(user: { id: number } | undefined, typed: string): string {
  return user ? `account:${user.id}` : `user:${typed}`;
}

export async function loginCmsUser({ ctx, input }: OpArgs): Promise<TokenPair & { userId: number }> {
  const { username, password } = parseInput(loginInput, input);
  const name = username.toLowerCase();
  const { loginIp, loginUser } = ctx.services.limiters;
  const ipKey = `ip:${clientKey(ctx.ip)}`;
  const db = ctx.services.store.db;
  const user = name.includes('@') ? await findCmsUserByEmail(db, name) : await findCmsUserByUsername(db, name);
  const userKey = accountKey(user, name);
  await throttle([[loginIp, ipKey], [loginUser, userKey]]);
  const ok = await verifyPassword(password, await hashToCheck(user?.passwordHash));
  if (!ok || !user || user.status !== 1) throw new AppError('INVALID_CREDENTIALS');
  await loginIp.forgive(ipKey);
  await loginUser.clear(userKey);
  const now = ctx.services.now();
  const pair = await ctx.services.store.transaction(async (tx) => {
    await touchCmsUserLogin(tx, user.id, now);
    return issueTokens(tx, ctx.services, user.id);
  });
  return { ...pair, userId: user.id };
}

export async function refreshCmsUserToken({ ctx, input }: OpArgs<{ refreshToken?: string | null }>): Promise<TokenPair & { userId: number }> {
  const { pair, user } = await rotateRefreshToken(ctx.services, input.refreshToken ?? undefined);
  return { ...pair, userId: user.id };
}

/** Ends the caller's session family (and the one of a presented refresh token). Always succeeds. */
export async function logoutCmsUser({ ctx, input }: OpArgs<{ refreshToken?: string | null }>): Promise<{ ok: true }> {
  const now = ctx.services.now();
  const families = new Set<string>();
  if (ctx.actor?.familyId) families.add(ctx.actor.familyId);
  const token = input.refreshToken;
  await ctx.services.store.transaction(async (tx) => {
    if (looksLikeToken('refresh', token)) {
      const s = await findSessionByRefresh(tx, digest(token));
      if (s) families.add(s.familyId);
    }
    for (const f of families) await revokeSessionFamily(tx, f, now, 'logout');
  });
  return { ok: true };
}

const emailInput = z.strictObject({
  email: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(254, 'At most 254 characters').email('Must be an e-mail address'),
});

const RESET_ANSWER = 'If an account exists for that address, a link to reset the password has been sent.';

export async function requestResetCmsUserPassword({ ctx, input }: OpArgs): Promise<{ ok: true; message: string }> {
  const { email } = parseInput(emailInput, input);
  const { resetIp, resetEmail } = ctx.services.limiters;
  const ipKey = `ip:${clientKey(ctx.ip)}`;
  const mailKey = `email:${email.toLowerCase()}`;
  await throttle([[resetIp, ipKey]]);
  // Past the per-address limit the answer stays the same; no further mail is sent.
  if ((await resetEmail.attempt(mailKey)) > 0) return { ok: true, message: RESET_ANSWER };
  const user = await findCmsUserByEmail(ctx.services.store.db, email);
  if (user && user.status === 1) {
    const { token, expiresAt } = await createUserToken(ctx, user.id, 'reset');
    ctx.services.mail({ kind: 'reset', to: user.email, username: user.username, expiresAt, link: `${ctx.services.adminUrl}/user/reset-password?hash=${token}` });
  }
  return { ok: true, message: RESET_ANSWER };
}

/** Creates a single-use link token (voiding older unused ones of the same kind). */
export async function createUserToken(ctx: OpContext, userId: number, kind: UserTokenKind): Promise<{ token: string; expiresAt: number }> {
  const now = ctx.services.now();
  const token = newToken(kind);
  const expiresAt = now + (kind === 'reset' ? ctx.services.lifetimes.resetMs : ctx.services.lifetimes.inviteMs);
  await ctx.services.store.transaction(async (tx) => {
    await voidUserTokens(tx, userId, now, kind);
    await insertUserToken(tx, { userId, kind, tokenHash: digest(token), expiresAt });
  });
  return { token, expiresAt };
}

const linkInput = z.strictObject({
  password: staffPassword,
  hash: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200, 'At most 200 characters'),
});

/** Sets a password through a reset or invite link: single use, expiring; every session of the user ends. */
async function usePasswordLink(ctx: OpContext, kind: UserTokenKind, input: unknown): Promise<{ ok: true; username: string }> {
  const { password, hash } = parseInput(linkInput, input);
  const invalid = () => new AppError('BAD_USER_INPUT', { field: 'hash', message: 'This link is invalid or has expired.' });
  if (!looksLikeToken(kind, hash)) throw invalid();
  const passwordHash = await hashPassword(password);
  const now = ctx.services.now();
  const username = await ctx.services.store.transaction(async (tx) => {
    const t = await findUserToken(tx, kind, digest(hash));
    if (!t || t.usedAt !== null || t.expiresAt <= now) return null;
    const user = await findCmsUserById(tx, t.userId);
    if (!user || (kind === 'reset' && user.status !== 1)) return null;
    if (!(await consumeUserToken(tx, t.id, now))) return null;
    await setCmsUserPassword(tx, user.id, passwordHash);
    await voidUserTokens(tx, user.id, now);
    await revokeUserSessions(tx, user.id, now, kind === 'reset' ? 'password reset' : 'invite accepted');
    await insertHistory(tx, {
      tenantKey: null, actorType: 'staff', actorId: user.id, entityType: 'cmsUser', entityId: String(user.id),
      action: kind === 'reset' ? 'reset-password' : 'accept-invite', changes: { password: 'changed' },
    });
    return user.username;
  });
  if (username === null) throw invalid();
  return { ok: true, username };
}

export const resetCmsUserPassword = ({ ctx, input }: OpArgs) => usePasswordLink(ctx, 'reset', input);
export const validateCmsUserInvite = ({ ctx, input }: OpArgs) => usePasswordLink(ctx, 'invite', input);

const changePasswordInput = z.strictObject({
  currentPassword: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1000, 'At most 1000 characters'),
  newPassword: staffPassword,
});

/** Changes the caller's own password: every session ends and a fresh pair is issued for this one. */
export async function changeOwnCmsUserPassword({ ctx, input }: OpArgs): Promise<TokenPair & { userId: number }> {
  const actor = requireActor(ctx.actor);
  const { currentPassword, newPassword } = parseInput(changePasswordInput, input);
  const { loginUser } = ctx.services.limiters;
  const key = accountKey(actor.userId === null ? undefined : { id: actor.userId }, actor.username);
  await throttle([[loginUser, key]]);
  const db = ctx.services.store.db;
  const user = await findCmsUserById(db, actor.userId ?? -1);
  if (!user || !(await verifyPassword(currentPassword, await hashToCheck(user.passwordHash)))) {
    throw new AppError('BAD_USER_INPUT', { field: 'currentPassword', message: 'The current password is incorrect.' });
  }
  await loginUser.clear(key);
  if (currentPassword === newPassword) throw new AppError('BAD_USER_INPUT', { field: 'newPassword', message: 'Must differ from the current password' });
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.services.now();
  const pair = await ctx.services.store.transaction(async (tx) => {
    await setCmsUserPassword(tx, user.id, passwordHash);
    await voidUserTokens(tx, user.id, now);
    await revokeUserSessions(tx, user.id, now, 'password changed');
    await insertHistory(tx, {
      tenantKey: null, actorType: 'staff', actorId: user.id, entityType: 'cmsUser', entityId: String(user.id),
      action: 'change-password', changes: { password: 'changed' },
    });
    return issueTokens(tx, ctx.services, user.id);
  });
  return { ...pair, userId: user.id };
}
