// Resolvers of the staff session operations: thin adapters over auth/operations.ts that also set
// and clear the session cookies.
import { AppError } from '../../engine/domain/errors';
import type { GqlContext } from '../context';
import * as ops from '../../engine/services/auth';

type Args = Record<string, unknown>;

export const authResolvers = {
  Query: {
    async getActiveCMSUser(_: unknown, _a: Args, ctx: GqlContext) {
      const s = await ctx.session();
      if (!s) throw new AppError('UNAUTHENTICATED');
      const u = s.user;
      return {
        id: u.id, username: u.username, email: u.email, firstName: u.firstName, lastName: u.lastName,
        fullName: `${u.firstName} ${u.lastName}`, role: u.role, permissions: s.actor.permissions,
        isGlobal: u.isGlobal, tenants: u.tenants, sessionExpiresAt: s.session.bearerExpiresAt,
      };
    },
    async validateCMSUserBearerToken(_: unknown, _a: Args, ctx: GqlContext) {
      const s = await ctx.session();
      return { valid: !!s, expiresAt: s?.session.bearerExpiresAt ?? null };
    },
  },
  Mutation: {
    async loginCmsUser(_: unknown, a: Args, ctx: GqlContext) {
      const pair = await ops.loginCmsUser({ ctx: await ctx.op(), input: { username: a.username ?? undefined, password: a.password ?? undefined } });
      ctx.setSessionCookies(pair);
      return pair;
    },
    async refreshTokenCmsUser(_: unknown, a: Args, ctx: GqlContext) {
      const token = typeof a.refreshToken === 'string' ? a.refreshToken : ctx.req.refreshCookie;
      try {
        const pair = await ops.refreshCmsUserToken({ ctx: await ctx.op(), input: { refreshToken: token } });
        ctx.setSessionCookies(pair);
        return pair;
      } catch (e) {
        ctx.clearSessionCookies();
        throw e;
      }
    },
    async logoutCmsUser(_: unknown, a: Args, ctx: GqlContext) {
      const token = typeof a.refreshToken === 'string' ? a.refreshToken : ctx.req.refreshCookie;
      const result = await ops.logoutCmsUser({ ctx: await ctx.op(), input: { refreshToken: token } });
      ctx.clearSessionCookies();
      return result;
    },
    async requestResetCMSUserPassword(_: unknown, a: Args, ctx: GqlContext) {
      return ops.requestResetCmsUserPassword({ ctx: await ctx.op(), input: { email: a.email ?? undefined } });
    },
    async resetCMSUserPassword(_: unknown, a: Args, ctx: GqlContext) {
      return ops.resetCmsUserPassword({ ctx: await ctx.op(), input: { password: a.password ?? undefined, hash: a.hash ?? undefined } });
    },
    async validateCMSUserInvite(_: unknown, a: Args, ctx: GqlContext) {
      return ops.validateCmsUserInvite({ ctx: await ctx.op(), input: { password: a.password ?? undefined, hash: a.hash ?? undefined } });
    },
    async changeOwnCmsUserPassword(_: unknown, a: Args, ctx: GqlContext) {
      const pair = await ops.changeOwnCmsUserPassword({ ctx: await ctx.op(), input: { currentPassword: a.currentPassword ?? undefined, newPassword: a.newPassword ?? undefined } });
      ctx.setSessionCookies(pair);
      return pair;
    },
  },
};
