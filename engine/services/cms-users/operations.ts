// Staff accounts (admin §3.4, manage_users). A manager who is not global manages only
// site-specific users of their own tenants and never grants a permission they do not hold. An update
// that grants a user permissions or sites they did not have is recorded as `promote`, naming what it
// granted, in the staff-account history global staff read (docs/security.md, "Staff roles").
import { z } from 'zod';
import { hashPassword } from '../../auth/passwords';
import { AppError } from '../../domain/errors';
import { hasAnyPermission, permissionsFor, type Permission } from '../../domain/permissions';
import { cmsUserSchema, requiredString } from '../../domain/records';
import { badInput, parseInput } from '../../domain/validation';
import { staffPassword, createUserToken } from '../auth';
import type { Db } from '../../store/connection';
import {
  cmsUserTaken, findCmsUserById, findCmsUserByUsername, insertCmsUser, setCmsUserPassword, setCmsUserProfile, updateCmsUserRow,
  type CmsUserRecord, type CmsUserWrite,
} from '../../store/queries/cms-users';
import { nextId } from '../../store/queries/ids';
import { revokeUserSessions, voidUserTokens } from '../../store/queries/sessions';
import { listTenants } from '../../store/queries/tenants';
import { requireActor, requirePermission, type Actor } from '../kernel/access';
import { commit, diff, snapshot, type OpArgs } from '../kernel/operation';
import { createInput, idArg, mergePatch } from '../kernel/patch';

/** The stored hash of an invited user who has not set a password yet: never matches anything. */
export const NO_PASSWORD = '!invited';
const PLACEHOLDER_PASSWORD = 'placeholder-password';

export function cmsUserInputOf(u: CmsUserRecord): Record<string, unknown> {
  return {
    email: u.email, username: u.username, firstName: u.firstName, lastName: u.lastName, role: u.role,
    extraPermissions: u.extraPermissions, status: u.status, isGlobal: u.isGlobal, tenants: u.tenants,
  };
}

/** A scoped manager may only touch site-specific users whose tenants are all theirs. */
export function manages(actor: Actor, target: Pick<CmsUserRecord, 'isGlobal' | 'tenants'>): boolean {
  if (actor.isGlobal) return true;
  return !target.isGlobal && target.tenants.length > 0 && target.tenants.every((t) => actor.tenants.includes(t));
}

async function checkUser(tx: Db, actor: Actor, u: CmsUserWrite, selfId: number): Promise<void> {
  if (!actor.isGlobal) {
    if (u.isGlobal) badInput('isGlobal', 'Only global staff may create or edit global users');
    const i = u.tenants.findIndex((t) => !actor.tenants.includes(t));
    if (i >= 0) badInput(`tenants[${i}]`, `Outside your sites: ${u.tenants[i]}`);
  }
  const granted = permissionsFor(u.role as never, u.extraPermissions as Permission[]);
  const over = granted.find((p) => !hasAnyPermission(actor.permissions, [p]));
  if (over) badInput(u.extraPermissions.includes(over) ? 'extraPermissions' : 'role', `You cannot grant ${over}`);
  const known = new Set((await listTenants(tx)).map((t) => t.tenantKey));
  const j = u.tenants.findIndex((t) => !known.has(t));
  if (j >= 0) badInput(`tenants[${j}]`, `Unknown tenant ${u.tenants[j]}`);
  if (await cmsUserTaken(tx, 'username', u.username, selfId)) badInput('username', 'Already used by another user');
  if (await cmsUserTaken(tx, 'email', u.email, selfId)) badInput('email', 'Already used by another user');
}

function parseUser(raw: Record<string, unknown>, id: number): CmsUserWrite {
  const { password: _p, ...u } = parseInput(cmsUserSchema, { ...raw, id, password: PLACEHOLDER_PASSWORD });
  return { ...u, email: u.email.toLowerCase(), tenants: u.isGlobal ? [] : [...new Set(u.tenants)] };
}

/**
 * Creates a staff account. Without `password` (the API) the user gets an invite link by e-mail;
 * with one (the CLI, read from stdin or a prompt) the account can sign in at once.
 */
export async function createCmsUser({ ctx, input, password }: OpArgs & { password?: string }): Promise<{ id: number; inviteExpiresAt: number | null }> {
  const actor = requirePermission(ctx.actor, ['manage_users']);
  const raw = createInput(input);
  if (password !== undefined) parseInput(staffPassword, password, 'password');
  const passwordHash = password !== undefined ? await hashPassword(password) : NO_PASSWORD;
  const created = await commit(ctx, async (tx) => {
    const id = await nextId(tx, 'cmsUser');
    const u = parseUser(raw, id);
    await checkUser(tx, actor, u, id);
    await insertCmsUser(tx, u, passwordHash);
    return u;
  }, (u) => ({ tenantKey: null, entityType: 'cmsUser', entityId: u.id, action: 'create', changes: snapshot({ ...u, password: password ? 'set' : 'invite' }) }));
  if (password !== undefined) return { id: created.id, inviteExpiresAt: null };
  const { token, expiresAt } = await createUserToken(ctx, created.id, 'invite');
  ctx.services.mail({ kind: 'invite', to: created.email, username: created.username, expiresAt, link: `${ctx.services.adminUrl}/user/activate?hash=${token}` });
  return { id: created.id, inviteExpiresAt: expiresAt };
}

export async function updateCmsUser({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const actor = requirePermission(ctx.actor, ['manage_users']);
  const id = idArg(input.id);
  const now = ctx.services.now();
  await commit(ctx, async (tx) => {
    const current = await findCmsUserById(tx, id);
    if (!current || !manages(actor, current)) throw new AppError('NOT_FOUND', { entity: 'CMS user', id });
    const before = cmsUserInputOf(current);
    const u = parseUser(mergePatch(before, input.input), id);
    if (id === actor.userId && u.status !== 1) badInput('status', 'You cannot deactivate your own account');
    await checkUser(tx, actor, u, id);
    await updateCmsUserRow(tx, u);
    if (current.status === 1 && u.status !== 1) {
      await revokeUserSessions(tx, id, now, 'deactivated');
      await voidUserTokens(tx, id, now);
    }
    return { before, after: cmsUserInputOf({ ...current, ...u }) };
  }, (r) => {
    const granted = grantedBy(r.before, r.after);
    return { tenantKey: null, entityType: 'cmsUser', entityId: id, action: granted ? 'promote' : 'update', changes: { ...diff(r.before, r.after), ...(granted ? { granted } : {}) } };
  });
  return { id };
}

interface Grant { permissions: Permission[]; tenants: string[]; isGlobal: boolean }

/** What an update gives a user that they did not hold: permissions, sites, global scope; null for none. */
export function grantedBy(before: Record<string, unknown>, after: Record<string, unknown>): Grant | null {
  const perms = (u: Record<string, unknown>) => (u.status === 1 ? permissionsFor(u.role as never, u.extraPermissions as Permission[]) : []);
  const held = new Set(perms(before));
  const permissions = perms(after).filter((p) => !held.has(p));
  const hadAll = before.status === 1 && before.isGlobal === true;
  const tenants = hadAll || after.isGlobal || after.status !== 1 ? [] : (after.tenants as string[]).filter((t) => before.status !== 1 || !(before.tenants as string[]).includes(t));
  const isGlobal = after.status === 1 && after.isGlobal === true && !hadAll;
  return permissions.length || tenants.length || isGlobal ? { permissions, tenants, isGlobal } : null;
}

const profileInput = z.strictObject({ firstName: requiredString(80), lastName: requiredString(80) });

export async function updateOwnCmsUserProfile({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const actor = requireActor(ctx.actor);
  if (actor.userId === null) throw new AppError('FORBIDDEN');
  const id = actor.userId;
  await commit(ctx, async (tx) => {
    const current = await findCmsUserById(tx, id);
    if (!current) throw new AppError('UNAUTHENTICATED');
    const p = parseInput(profileInput, mergePatch({ firstName: current.firstName, lastName: current.lastName }, input));
    await setCmsUserProfile(tx, id, p);
    return { before: { firstName: current.firstName, lastName: current.lastName }, after: p };
  }, (r) => ({ tenantKey: null, entityType: 'cmsUser', entityId: id, action: 'update-profile', changes: diff(r.before, r.after) }));
  return { id };
}

/** Sets a user's password directly (the CLI's `user set-password`); every session of the user ends. */
export async function setCmsUserPasswordAsOperator({ ctx, input }: OpArgs<{ username: string; password: string }>): Promise<{ id: number }> {
  requirePermission(ctx.actor, ['manage_users']);
  parseInput(staffPassword, input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.services.now();
  return commit(ctx, async (tx) => {
    const u = await findCmsUserByUsername(tx, input.username);
    if (!u || !manages(requireActor(ctx.actor), u)) throw new AppError('NOT_FOUND', { entity: 'CMS user', id: input.username });
    await setCmsUserPassword(tx, u.id, passwordHash);
    await voidUserTokens(tx, u.id, now);
    await revokeUserSessions(tx, u.id, now, 'password set by operator');
    return { id: u.id };
  }, (r) => ({ tenantKey: null, entityType: 'cmsUser', entityId: r.id, action: 'set-password', changes: { password: 'changed' } }));
}
