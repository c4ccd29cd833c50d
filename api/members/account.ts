// simulateSiteUser (admin §3.6): staff sign in as a member on this host; the staff session of the
// request (its bearer) binds the single-use code that carries the simulation to the site's own
// host (simulate.ts). The member's sign-in, reset and credentials are engine/services/members/account.ts.
import { z } from 'zod';
import { AppError } from '../../engine/domain/errors';
import { simulatedText } from '../../engine/domain/members';
import { parseInput } from '../../engine/domain/validation';
import { insertHistory } from '../../engine/store/queries/history';
import { findSiteUserByLogin } from '../../engine/store/queries/members';
import { tenantAccess } from '../../engine/services/kernel/operation';
import { issueMemberSession, loginName, type LoginResult, siteUserView } from '../../engine/services/members';
import type { GqlContext } from '../context';
import { endMemberSession, setMemberCookie } from './session';
import { mintSimulateCode } from './simulate';

/**
 * Staff with manage_site_users sign in as a member: the current member session ends; 1-day session
 * flagged as simulating, set on this host. The answer's simulateCode hands the simulation to the
 * site's own host (GET /__member/simulate, simulate.ts).
 */
export async function simulateSiteUser(ctx: GqlContext, input: unknown): Promise<LoginResult> {
  const op = await ctx.op();
  const { actor, tenant } = tenantAccess(op, ['manage_site_users']);
  if (actor.kind !== 'staff' || actor.userId === null) throw new AppError('FORBIDDEN');
  const { username } = parseInput(z.object({ username: loginName }), input);
  const db = ctx.services.store.db;
  const user = await findSiteUserByLogin(db, tenant.tenantKey, username);
  if (!user) throw new AppError('NOT_FOUND', { entity: 'Site user', id: username });
  if (user.status !== 1) throw new AppError('BAD_USER_INPUT', { field: 'username', message: 'This account is inactive.' });
  await endMemberSession(ctx);
  const session = await ctx.services.store.transaction(async (tx) => {
    await insertHistory(tx, {
      tenantKey: tenant.tenantKey, actorType: 'staff', actorId: actor.userId, entityType: 'siteUser', entityId: String(user.id), action: 'simulate', changes: {},
    });
    return issueMemberSession(tx, ctx.services, tenant.tenantKey, user.id, actor.userId);
  });
  setMemberCookie(ctx, session);
  const staff = await ctx.session();
  const handoff = staff && staff.user.id === actor.userId
    ? await mintSimulateCode(ctx.services, { staffUserId: actor.userId, bearerDigest: staff.session.bearerHash, tenantKey: tenant.tenantKey, siteUserId: user.id })
    : null;
  return { ...session, userInfo: await siteUserView(ctx.services, user, true), message: simulatedText(user.username), simulateCode: handoff?.code ?? null };
}
