// The tenant scope of every API route (engine/store/tenant-scope.ts). scopeEveryRoute makes each
// route registered after it run its handler inside a tenant scope of its own, so no route can
// forget it; the route names its tenant as soon as it has resolved it (the GraphQL context from the
// tenant headers, hostTenant from the Host, nameTenant for a tenant found another way, e.g. the
// event beacon's body key). On PostgreSQL with a role held to row-level security, a route's
// statements see its tenant's rows only from then on, and before that none; naming a second,
// different tenant in one request throws (setScopeTenant).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { setScopeTenant, tenantScope } from '../../engine/store/tenant-scope';
import type { Services } from '../../engine/services/kernel/services';
import type { TenantRow } from '../../engine/services/kernel/tenancy';

/** Runs every route handler registered on `app` (and its child plugins) from now on in a tenant scope of its own. */
export function scopeEveryRoute(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function scoped(this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      return tenantScope(() => handler.call(this, req, reply));
    } as RouteHandlerMethod;
  });
}

/** Names the request's tenant once it is resolved (nothing for none); returns it. */
export function nameTenant<T extends Pick<TenantRow, 'tenantKey'> | null | undefined>(tenant: T): T {
  setScopeTenant(tenant?.tenantKey ?? null);
  return tenant;
}

/** The tenant of the request's Host header (undefined for none), named as the request's tenant. */
export async function hostTenant(services: Services, req: Pick<FastifyRequest, 'headers'>): Promise<TenantRow | undefined> {
  const host = req.headers.host;
  return nameTenant(host ? await services.tenants.byHost(host) : undefined);
}
