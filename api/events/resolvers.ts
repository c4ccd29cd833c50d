// The 21 event operations (public §7): setEvent<Type>(input, sessionId) → { ok }. Each runs the
// one ingestion path (./ingest.ts) in strict mode: an invalid event is a BAD_USER_INPUT naming the
// field and nothing is stored; a dropped event (bot, a limit, a repeated page view) answers ok: false.
// These operations count cookie-less (engine/services/events/visitor.ts): only the site's beacon carries the visitor cookie.
import { AppError } from '../../engine/domain/errors';
import { EVENT_TYPES, eventOperation, type EventType } from '../../engine/domain/events';
import type { GqlContext } from '../context';
import { memberOf } from '../members';
import { eventsOf } from '../../engine/services/events';

type Args = { input?: unknown; sessionId?: unknown };

async function setEvent(type: EventType, ctx: GqlContext, a: Args): Promise<{ ok: boolean }> {
  const tenant = await ctx.tenant();
  const member = await memberOf(ctx);
  const r = await eventsOf(ctx.services).ingest({
    tenantKey: tenant.tenantKey, ip: ctx.req.ip, userAgent: ctx.req.userAgent, sessionId: a.sessionId, siteUserId: member?.user.id ?? null,
  }, [{ type, input: a.input }], true);
  const first = r.errors[0];
  if (first) throw new AppError('BAD_USER_INPUT', first);
  return { ok: r.accepted === 1 };
}

export const eventResolvers = {
  Mutation: Object.fromEntries(EVENT_TYPES.map((type) => [eventOperation(type), (_: unknown, a: Args, ctx: GqlContext) => setEvent(type, ctx, a)])),
};
