// Staff-account resolvers: thin adapters over operations.ts.
import { AppError } from '../../engine/domain/errors';
import { ROLES } from '../../engine/domain/permissions';
import { parseInput, withoutNulls } from '../../engine/domain/validation';
import { z } from 'zod';
import { findCmsUserById, listCmsUsers, type CmsUserRecord } from '../../engine/store/queries/cms-users';
import { requireActor, requirePermission } from '../../engine/services/kernel/access';
import { permissionsOf } from '../../engine/services/auth';
import type { GqlContext } from '../context';
import { clampLimit, connection, skipOf } from '../../engine/services/kernel/paging';
import { idArg } from '../../engine/services/kernel/patch';
import * as ops from '../../engine/services/cms-users';

const streamInput = z.strictObject({
  phrase: z.string().trim().max(200, 'At most 200 characters').optional(),
  status: z.number().int().min(0).max(1).optional(),
  pagination: z.strictObject({ limit: z.number().int().optional(), skip: z.number().int().min(0).optional(), after: z.string().max(8).optional() }).default({}),
});

async function userById(ctx: GqlContext, id: number): Promise<CmsUserRecord> {
  const u = await findCmsUserById(ctx.services.store.db, id);
  if (!u) throw new AppError('NOT_FOUND', { entity: 'CMS user', id });
  return u;
}

export const cmsUserResolvers = {
  Query: {
    async getCmsUserStream(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const actor = requirePermission(await ctx.actor(), ['manage_users']);
      const f = parseInput(streamInput, withoutNulls(a.input ?? {}), 'input');
      const limit = clampLimit(f.pagination.limit, 100, 1000);
      const skip = skipOf(f.pagination);
      const r = await listCmsUsers(ctx.services.store.db, {
        withinTenants: actor.isGlobal ? undefined : actor.tenants, phrase: f.phrase || undefined, status: f.status, limit, skip,
      });
      return connection(r.rows, skip, r.total);
    },
    async getCmsUser(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      const actor = requirePermission(await ctx.actor(), ['manage_users']);
      const id = idArg(a.id);
      const u = await findCmsUserById(ctx.services.store.db, id);
      if (!u || !ops.manages(actor, u)) throw new AppError('NOT_FOUND', { entity: 'CMS user', id });
      return u;
    },
    async getCmsUserRoles(_: unknown, _a: unknown, ctx: GqlContext) {
      requireActor(await ctx.actor());
      return Object.entries(ROLES).map(([name, permissions]) => ({ name, permissions }));
    },
  },
  Mutation: {
    async createCmsUser(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const r = await ops.createCmsUser({ ctx: await ctx.op(), input: a.input });
      return { user: await userById(ctx, r.id), inviteExpiresAt: r.inviteExpiresAt };
    },
    async updateCmsUser(_: unknown, a: { id?: unknown; input?: unknown }, ctx: GqlContext) {
      return userById(ctx, (await ops.updateCmsUser({ ctx: await ctx.op(), input: { id: a.id, input: a.input } })).id);
    },
    async updateOwnCmsUserProfile(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      return userById(ctx, (await ops.updateOwnCmsUserProfile({ ctx: await ctx.op(), input: a.input })).id);
    },
  },
  CmsUser: {
    fullName: (u: CmsUserRecord) => `${u.firstName} ${u.lastName}`,
    permissions: (u: CmsUserRecord) => permissionsOf(u),
    hasPassword: (u: CmsUserRecord) => u.passwordHash.startsWith('scrypt$'),
  },
};
