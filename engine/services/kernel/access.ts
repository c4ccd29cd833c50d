// Who is asking, and whether they may: signed in, inside their tenant scope, holding any one of
// the permissions an operation asks for (admin §6).
import { AppError } from '../../domain/errors';
import { hasAnyPermission, PERMISSIONS, type Permission, type Role } from '../../domain/permissions';

export interface Actor {
  kind: 'staff' | 'cli';
  userId: number | null;
  username: string;
  role: Role | 'system';
  permissions: Permission[];
  isGlobal: boolean;
  tenants: string[];
  /** The session this request is signed in with (staff only). */
  sessionId?: number;
  familyId?: string;
}

/** The operator at the command line: every permission, every tenant. */
export const CLI_ACTOR: Actor = Object.freeze({
  kind: 'cli', userId: null, username: 'cli', role: 'system', permissions: [...PERMISSIONS], isGlobal: true, tenants: [],
}) as Actor;

export function inScope(actor: Actor, tenantKey: string): boolean {
  return actor.isGlobal || actor.tenants.includes(tenantKey);
}

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError('UNAUTHENTICATED');
  return actor;
}

/** Signed in, scoped to `tenantKey` and holding any of `perms` (none asked: any signed-in user in scope). */
export function requireTenantPermission(actor: Actor | null, tenantKey: string, perms: readonly Permission[]): Actor {
  const a = requireActor(actor);
  if (!inScope(a, tenantKey)) throw new AppError('FORBIDDEN');
  if (perms.length && !hasAnyPermission(a.permissions, perms)) throw new AppError('FORBIDDEN');
  return a;
}

/** Signed in and holding any of `perms`, for operations that are not about one tenant (staff accounts). */
export function requirePermission(actor: Actor | null, perms: readonly Permission[]): Actor {
  const a = requireActor(actor);
  if (!hasAnyPermission(a.permissions, perms)) throw new AppError('FORBIDDEN');
  return a;
}

/** True when the actor is staff in scope of the tenant with any of the permissions (no throw). */
export function may(actor: Actor | null, tenantKey: string, perms: readonly Permission[]): boolean {
  return !!actor && inScope(actor, tenantKey) && hasAnyPermission(actor.permissions, perms);
}
