// Internal news (issue #22; admin §3.6, §4, §7.3, §9) over the GraphQL API with a fixed clock:
// unread rules, the 14-day alert window, page size 10, mark read once, admin-only writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-03-20T12:00:00.000Z');
let clock = NOW;
let h: Harness;
beforeAll(async () => { h = await startApi({ now: () => clock }); });
afterAll(async () => { await h.close(); });

const iso = (t: number) => new Date(t).toISOString();
async function create(news: Record<string, unknown>): Promise<number> {
  const r = await h.op('setAspireNews', { news: { description: '<p>Body</p>', ...news } }, { as: 'admin' });
  expect(r.error).toBeUndefined();
  return r.data.setAspireNews.id;
}

describe('internal news', () => {
  const ids = { fresh: 0, edge: 0, old: 0, draftAlert: 0, plain: 0 };
  beforeAll(async () => {
    ids.fresh = await create({ title: 'Fresh alert', date: iso(NOW - 2 * DAY), status: 1, alert: true });
    ids.edge = await create({ title: 'Alert at 14 days', date: iso(NOW - 14 * DAY), status: 1, alert: true });
    ids.old = await create({ title: 'Old alert', date: iso(NOW - 14 * DAY - 1), status: 1, alert: true });
    ids.draftAlert = await create({ title: 'Draft alert', date: iso(NOW - DAY), status: 2, alert: true });
    ids.plain = await create({ title: 'Plain news', date: iso(NOW - 3 * DAY), status: 1, alert: false });
    for (let i = 0; i < 10; i++) await create({ title: `Filler ${i}`, date: iso(NOW - (20 + i) * DAY), status: 1 });
  });

  it('lists unread alerts of the last 14 days only: published, alert, unread, dated within the window', async () => {
    const r = await h.op('getAspireNewsAlerts', {}, { as: 'alphaEditor' });
    expect(r.data.getAspireNewsAlerts.map((n: any) => n.title)).toEqual(['Fresh alert', 'Alert at 14 days']);
    clock = NOW + 1;
    const later = await h.op('getAspireNewsAlerts', {}, { as: 'alphaEditor' });
    expect(later.data.getAspireNewsAlerts.map((n: any) => n.title)).toEqual(['Fresh alert']);
    clock = NOW;
  });

  it('pages by 10, newest first; a larger limit is capped at 10; staff see only published items', async () => {
    const first = await h.op('getAspireNewsStream', { limit: 50 }, { as: 'alphaEditor' });
    const s = first.data.getAspireNewsStream;
    expect(s.items).toHaveLength(10);
    expect(s.totalCount).toBe(14);
    expect(s.items[0].title).toBe('Fresh alert');
    expect(s.items.map((n: any) => n.status)).not.toContain(2);
    const second = await h.op('getAspireNewsStream', { skip: 10 }, { as: 'alphaEditor' });
    expect(second.data.getAspireNewsStream.items).toHaveLength(4);
    expect(second.data.getAspireNewsStream.items.at(-1).title).toBe('Filler 9');
    expect((await h.op('getAspireNewsStream', { status: 2 }, { as: 'alphaEditor' })).status).toBe(403);
    const admin = await h.op('getAspireNewsStream', { status: 2 }, { as: 'admin' });
    expect(admin.data.getAspireNewsStream.items.map((n: any) => n.title)).toEqual(['Draft alert']);
  });

  it('opening marks an item read once, for that user only; unread counts and hideRead follow', async () => {
    const before = (await h.op('getAspireNewsStream', {}, { as: 'alphaEditor' })).data.getAspireNewsStream;
    expect(before.unreadCount).toBe(14);
    const m = await h.op('markAspireNewsRead', { id: ids.fresh }, { as: 'alphaEditor' });
    expect(m.data.markAspireNewsRead).toMatchObject({ id: ids.fresh, hasRead: true });
    const [row] = await h.store.all<{ read_at: number }>('select read_at from aspire_news_reads where news_id = ? and user_id = 2', [ids.fresh]);
    expect(row?.read_at).toBe(NOW);
    clock = NOW + DAY;
    await h.op('markAspireNewsRead', { id: ids.fresh }, { as: 'alphaEditor' });
    clock = NOW;
    const again = await h.store.all<{ read_at: number }>('select read_at from aspire_news_reads where news_id = ?', [ids.fresh]);
    expect(again).toEqual([{ read_at: NOW }]);
    const after = (await h.op('getAspireNewsStream', { hideRead: true }, { as: 'alphaEditor' })).data.getAspireNewsStream;
    expect(after.unreadCount).toBe(13);
    expect(after.totalCount).toBe(13);
    expect(after.items.map((n: any) => n.id)).not.toContain(ids.fresh);
    expect((await h.op('getAspireNewsAlerts', {}, { as: 'alphaEditor' })).data.getAspireNewsAlerts.map((n: any) => n.title)).toEqual(['Alert at 14 days']);
    const other = await h.op('getAspireNewsAlerts', {}, { as: 'betaEditor' });
    expect(other.data.getAspireNewsAlerts.map((n: any) => n.title)).toEqual(['Fresh alert', 'Alert at 14 days']);
  });

  it('a draft is neither unread nor openable by staff, and an admin opening it does not mark it', async () => {
    expect((await h.op('markAspireNewsRead', { id: ids.draftAlert }, { as: 'alphaEditor' })).status).toBe(404);
    const r = await h.op('markAspireNewsRead', { id: ids.draftAlert }, { as: 'admin' });
    expect(r.data.markAspireNewsRead.hasRead).toBe(false);
    expect(await h.count('aspire_news_reads where news_id = ' + ids.draftAlert)).toBe(0);
  });

  it('only global admins write; the description is sanitised; bad input names the field and writes nothing', async () => {
    const news = { title: 'Nope', date: iso(NOW), status: 1 };
    expect((await h.op('setAspireNews', { news }, { as: 'alphaManager' })).status).toBe(403);
    expect((await h.op('setAspireNews', { news })).status).toBe(401);
    expect((await h.op('deleteAspireNews', { id: ids.plain }, { as: 'alphaAdmin' })).status).toBe(403);
    const count = await h.count('aspire_news');
    const bad = await h.op('setAspireNews', { news: { ...news, title: '  ' } }, { as: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.error!.extensions.field).toBe('news.title');
    expect((await h.op('setAspireNews', { news: { ...news, status: 3 } }, { as: 'admin' })).error!.extensions.field).toBe('news.status');
    expect(await h.count('aspire_news')).toBe(count);
    const x = await h.op('setAspireNews', { news: { ...news, title: 'Tagged', description: '<p onclick="x()">Hi<script>alert(1)</script></p>' } }, { as: 'admin' });
    expect(x.data.setAspireNews.description).toBe('<p>Hi</p>');
    const upd = await h.op('setAspireNews', { news: { id: x.data.setAspireNews.id, ...news, title: 'Renamed' } }, { as: 'admin' });
    expect(upd.data.setAspireNews.title).toBe('Renamed');
    expect((await h.op('deleteAspireNews', { id: x.data.setAspireNews.id }, { as: 'admin' })).data.deleteAspireNews.ok).toBe(true);
    expect(await h.count('aspire_news')).toBe(count);
    const hist = await h.store.all<{ action: string }>("select action from history where entity_type = 'aspireNews' and entity_id = ? order by id", [String(x.data.setAspireNews.id)]);
    expect(hist.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });
});
