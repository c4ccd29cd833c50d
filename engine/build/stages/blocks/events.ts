// Event blocks (public §4 "Blocks dropped when empty"):
// - event_list: upcoming (soonest first, until their end) or past (latest first) events and
//   webinars, at most 100 (admin §9), dates per the display rule; drops when none.
// - webinar_link: a Webinar page's linkUrl; drops without one (and on other pages).
import type { BlockView } from '../../../../site/model';
import type { EventEntry } from '../../caches';
import { itemsFor, type ResolveContext } from '../resolve-context';
import { takeUnused } from '../resolve-lists';
import { link, settingsView, views, type Of, type PageEnv } from './common';

export const DEFAULT_WEBINAR_LABEL = 'Register for the webinar';

/** The tenant's dated events and webinars by start date, computed once per build context. */
function eventsOf(ctx: ResolveContext): EventEntry[] {
  const { eventEntries } = ctx.caches;
  let list = eventEntries.get(ctx);
  if (!list) {
    list = [];
    for (const c of ctx.index.content) {
      const start = c.event?.startDate;
      if ((c.type === 'Event' || c.type === 'Webinar') && start !== undefined) list.push({ id: c.id, type: c.type, start, end: c.event?.endDate ?? start });
    }
    list.sort((a, b) => a.start - b.start || a.id - b.id);
    eventEntries.set(ctx, list);
  }
  return list;
}

export function resolveEventList(ctx: ResolveContext, b: Of<'event_list'>, used: Set<number>): BlockView | null {
  const now = ctx.index.now;
  const types = new Set<string>(b.data.contentTypes);
  const all = eventsOf(ctx).filter((e) => types.has(e.type));
  const picked = b.data.when === 'upcoming' ? all.filter((e) => e.end >= now) : all.filter((e) => e.end < now).reverse();
  const items = views(ctx, takeUnused(picked.map((e) => e.id), b.data.limit, used), used);
  return items.length ? { kind: 'list', id: b.id, settings: settingsView(b.settings), display: b.data.display, items: itemsFor(items, b.data.display, ctx.caches), pagination: null } : null;
}

export function resolveWebinarLink(b: Of<'webinar_link'>, env: PageEnv): BlockView | null {
  if (env.content?.type !== 'Webinar') return null;
  const target = link(env.content.linkUrl ?? undefined, b.data.label?.trim() || DEFAULT_WEBINAR_LABEL, true);
  return target ? { kind: 'webinar', id: b.id, settings: settingsView(b.settings), link: target } : null;
}
