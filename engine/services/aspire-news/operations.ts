// Internal news (admin §2.3 flyout, §3.6, §4, §7.3): staff news items. Global, not per tenant:
// every signed-in staff user reads published items and marks them read (once); global admins
// (global scope and manage_users) write, delete and see drafts.
import {
  ASPIRE_NEWS_ALERT_WINDOW_MS, ASPIRE_NEWS_PAGE_SIZE, ASPIRE_NEWS_STATUS, aspireNewsSchema,
} from '../../domain/company';
import { AppError } from '../../domain/errors';
import { parseInput, withoutNulls } from '../../domain/validation';
import { sanitizeBody } from '../../html/sanitize';
import {
  deleteAspireNewsRow, getAspireNews, insertAspireNews, listAspireNews, markAspireNewsReadRow, updateAspireNews,
  type AspireNewsRow,
} from '../../store/queries/aspire-news';
import { requireActor, type Actor } from '../kernel/access';
import { commit, diff, snapshot, type OpArgs, type OpContext } from '../kernel/operation';
import { clampLimit } from '../kernel/paging';
import { idArg } from '../kernel/patch';

/** Global admins manage internal news: global scope and manage_users (the CLI is one too). */
export function isNewsAdmin(actor: Actor | null): boolean {
  return !!actor && actor.isGlobal && actor.permissions.includes('manage_users');
}

function newsAdmin(ctx: OpContext): Actor {
  const a = requireActor(ctx.actor);
  if (!isNewsAdmin(a)) throw new AppError('FORBIDDEN');
  return a;
}

export interface NewsStreamInput { skip?: unknown; limit?: unknown; hideRead?: unknown; status?: unknown }
export interface NewsStream { items: AspireNewsRow[]; totalCount: number; unreadCount: number }

const whole = (v: unknown, field: string): number => {
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 100_000) throw new AppError('BAD_USER_INPUT', { field, message: 'Must be a whole number from 0 to 100000' });
  return v;
};

async function unreadCount(ctx: OpContext, userId: number | null): Promise<number> {
  return (await listAspireNews(ctx.services.store.db, { userId, skip: 0, limit: 0, hideRead: true, status: ASPIRE_NEWS_STATUS.published })).total;
}

/**
 * getAspireNewsStream: newest first, page size 10 (the cap). hideRead leaves only unread items
 * (published and not read by this user). Drafts (status 2) only for news admins.
 */
export async function getAspireNewsStream({ ctx, input }: OpArgs<NewsStreamInput>): Promise<NewsStream> {
  const actor = requireActor(ctx.actor);
  const admin = isNewsAdmin(actor);
  const skip = whole(input.skip, 'skip');
  const limit = clampLimit(input.limit, ASPIRE_NEWS_PAGE_SIZE, ASPIRE_NEWS_PAGE_SIZE);
  let status: number | undefined;
  if (input.status !== undefined && input.status !== null) {
    if (input.status !== 1 && input.status !== 2) throw new AppError('BAD_USER_INPUT', { field: 'status', message: 'Must be one of 1, 2' });
    status = input.status;
  }
  if (!admin) {
    if (status === ASPIRE_NEWS_STATUS.draft) throw new AppError('FORBIDDEN');
    status = ASPIRE_NEWS_STATUS.published;
  }
  const hideRead = input.hideRead === true;
  if (hideRead) {
    if (status === ASPIRE_NEWS_STATUS.draft) return { items: [], totalCount: 0, unreadCount: await unreadCount(ctx, actor.userId) };
    status = ASPIRE_NEWS_STATUS.published;
  }
  const r = await listAspireNews(ctx.services.store.db, { userId: actor.userId, skip, limit, hideRead, status });
  return { items: r.items, totalCount: r.total, unreadCount: await unreadCount(ctx, actor.userId) };
}

/** The alert list: this user's unread published alerts dated within the last 14 days (by the services' clock). */
export async function getAspireNewsAlerts({ ctx }: OpArgs<unknown>): Promise<AspireNewsRow[]> {
  const actor = requireActor(ctx.actor);
  const since = ctx.services.now() - ASPIRE_NEWS_ALERT_WINDOW_MS;
  return (await listAspireNews(ctx.services.store.db, {
    userId: actor.userId, skip: 0, limit: 100, hideRead: true, status: ASPIRE_NEWS_STATUS.published, alertsSince: since,
  })).items;
}

/** One item's details; drafts only for news admins. Reading does not mark it (markAspireNewsRead does). */
export async function getAspireNewsItem({ ctx, input }: OpArgs<{ id: unknown }>): Promise<AspireNewsRow> {
  const actor = requireActor(ctx.actor);
  const id = idArg(input.id);
  const item = await getAspireNews(ctx.services.store.db, id, actor.userId);
  if (!item || (item.status !== ASPIRE_NEWS_STATUS.published && !isNewsAdmin(actor))) throw new AppError('NOT_FOUND', { entity: 'News item', id });
  return item;
}

/**
 * markAspireNewsRead: opening an item's details marks it read for this user, once (the first read
 * time is kept). Only published items are marked; a draft opened by an admin stays as it is.
 */
export async function markAspireNewsRead({ ctx, input }: OpArgs<{ id: unknown }>): Promise<AspireNewsRow> {
  const actor = requireActor(ctx.actor);
  const item = await getAspireNewsItem({ ctx, input });
  if (actor.userId === null || item.status !== ASPIRE_NEWS_STATUS.published || item.hasRead) return item;
  await ctx.services.store.transaction((tx) => markAspireNewsReadRow(tx, item.id, actor.userId!, ctx.services.now()));
  return { ...item, hasRead: true };
}

/** setAspireNews: creates (no id) or replaces (id) an item; the description goes through the shared body rules. */
export async function setAspireNews({ ctx, input }: OpArgs<unknown>): Promise<AspireNewsRow> {
  const actor = newsAdmin(ctx);
  const n = parseInput(aspireNewsSchema, withoutNulls(input ?? {}), 'news');
  const fields = { title: n.title, description: sanitizeBody(n.description), date: n.date, status: n.status, alert: n.alert };
  const at = ctx.services.now();
  const r = await commit(ctx, async (tx) => {
    if (n.id === undefined) return { id: await insertAspireNews(tx, fields, at), before: null };
    const before = await getAspireNews(tx, n.id, null);
    if (!before) throw new AppError('NOT_FOUND', { entity: 'News item', id: n.id });
    await updateAspireNews(tx, n.id, fields, at);
    return { id: n.id, before };
  }, (w) => ({
    tenantKey: null, entityType: 'aspireNews', entityId: w.id, action: w.before ? 'update' : 'create',
    changes: w.before
      ? diff({ title: w.before.title, description: w.before.description, date: w.before.date, status: w.before.status, alert: w.before.alert }, fields)
      : snapshot({ ...fields }),
  }));
  const item = await getAspireNews(ctx.services.store.db, r.id, actor.userId);
  return item!;
}

export async function deleteAspireNews({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  newsAdmin(ctx);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const before = await getAspireNews(tx, id, null);
    if (!before) throw new AppError('NOT_FOUND', { entity: 'News item', id });
    await deleteAspireNewsRow(tx, id);
    return before;
  }, (b) => ({ tenantKey: null, entityType: 'aspireNews', entityId: id, action: 'delete', changes: snapshot({ title: b.title, date: b.date, status: b.status, alert: b.alert }) }));
  return { ok: true };
}
