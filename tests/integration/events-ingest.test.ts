// Issue #18: the 21 event operations (valid and invalid input: field errors, nothing stored), the
// batched beacon path (100 events in one request; concurrent requests committed together), bot and
// rate-limit drops counted, no raw IP or session id stored, and rollups per content, section, menu,
// newsletter and company (incremental: only days with new events are recomputed). Issue 41: the
// visitor is the server's (a signed cookie with consent, else address and agent hashed with the
// day's salt), one page view per visitor and item per 30 minutes, at most 60 events a minute per
// visitor; what the limits drop is counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, eventOperation, type EventType } from '../../engine/domain/events';
import { readDrops, readRollups, rollupEvents } from '../../engine/store/queries/events';
import { VISITOR_COOKIE } from '../../engine/services/events/visitor';
import { startApi, type Harness } from './api-harness';

const CONTENT = 10_010_001; // alpha's first content item
const BETA_CONTENT = 10_020_001;
const SECTION = 102;
const NEWSLETTER = 150;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const VALID: Record<EventType, Record<string, unknown>> = {
  PageView: { pageId: `content:${CONTENT}`, path: '/markets/story', contentId: CONTENT, sectionId: SECTION },
  BlueConicRedirect: { url: 'https://example.com/x', contentId: CONTENT },
  Registration: { step: 'choose-membership', membershipId: 140 },
  NewsletterSubscription: { newsletterId: NEWSLETTER, source: 'subscribe-pane' },
  ClickBlueConicRecommendation: { recommendationId: 'rec-1', url: '/a' },
  ViewBlueConicRecommendation: { recommendationId: 'rec-1' },
  ClickSocialCompany: { companyId: CONTENT, network: 'linkedin' },
  ClickSocialBrand: { network: 'x' },
  ClickSocialShares: { network: 'facebook', contentId: CONTENT },
  ClickMenu: { menu: 'header_primary', label: 'Markets', url: '/markets' },
  ClickSponsoredSearchLogo: { companyId: CONTENT, query: 'ships' },
  ClickSectionLink: { sectionId: SECTION, url: '/markets' },
  ClickContentBody: { contentId: CONTENT, url: 'https://example.com/out' },
  ClickCompanyWebsite: { companyId: CONTENT, url: 'https://company.example' },
  FavoriteContent: { contentId: CONTENT },
  ClickMagazineIssueLink: { issueId: 7, url: '/magazine/7' },
  ClickDownloadButton: { contentId: CONTENT },
  ClickContentLink: { contentId: CONTENT, url: '/story', blockId: 'b1' },
  ClickOmedaInjectionLink: { url: 'https://omeda.example/x' },
  ClickBlockTitleLink: { blockId: 'latest', url: '/latest' },
  ViewMediaGallery: { contentId: CONTENT, imageIndex: 2 },
  ViewHouseAd: { adId: 71101, unitKey: 'body-native', contentId: CONTENT },
  ClickHouseAd: { adId: 71101, unitKey: 'list-native', url: 'https://sponsor.example/report' },
};
/** A required field of each type, to leave out. */
const REQUIRED: Record<EventType, string> = {
  PageView: 'pageId', BlueConicRedirect: 'url', Registration: 'step', NewsletterSubscription: 'newsletterId',
  ClickBlueConicRecommendation: 'recommendationId', ViewBlueConicRecommendation: 'recommendationId', ClickSocialCompany: 'companyId',
  ClickSocialBrand: 'network', ClickSocialShares: 'network', ClickMenu: 'label', ClickSponsoredSearchLogo: 'companyId',
  ClickSectionLink: 'sectionId', ClickContentBody: 'contentId', ClickCompanyWebsite: 'url', FavoriteContent: 'contentId',
  ClickMagazineIssueLink: 'issueId', ClickDownloadButton: 'contentId', ClickContentLink: 'contentId', ClickOmedaInjectionLink: 'url',
  ClickBlockTitleLink: 'blockId', ViewMediaGallery: 'contentId', ViewHouseAd: 'adId', ClickHouseAd: 'adId',
};

let h: Harness;
const ua = { 'user-agent': BROWSER };

beforeAll(async () => {
  // The batching and rollup tests send many events as one visitor: the visitor limits are tested with their defaults below.
  h = await startApi({ events: { rateLimit: { max: 150, windowMs: 60_000 }, perVisitor: { max: 10_000, windowMs: 60_000 }, viewWindowMs: 0 } });
});
afterAll(async () => h?.close());

async function beacon(body: unknown, headers: Record<string, string> = ua, ip = '203.0.113.9') {
  const r = await h.app.inject({
    method: 'POST', url: '/api/events', remoteAddress: ip,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-tenant-key': 'alpha', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: r.statusCode, body: r.json() };
}

describe('event operations', () => {
  it('there are the spec\'s 21 plus the 2 house-ad events of issue 19, each a registered document', () => {
    expect(EVENT_TYPES).toHaveLength(23);
    for (const t of EVENT_TYPES) expect(h.app.api.registry.byName.has(eventOperation(t))).toBe(true);
  });

  it.each(EVENT_TYPES)('%s stores a valid event and refuses invalid input naming the field', async (type) => {
    const before = await h.count('events');
    const ok = await h.op(eventOperation(type), { input: VALID[type], sessionId: 's-valid-1' }, { headers: ua });
    expect(ok.error).toBeUndefined();
    expect(ok.data[eventOperation(type)]).toEqual({ ok: true });
    const [row] = await h.store.all<{ type: string; tenant_key: string }>('select type, tenant_key from events order by id desc limit 1');
    expect(row).toEqual({ type, tenant_key: 'alpha' });
    expect(await h.count('events')).toBe(before + 1);

    const field = REQUIRED[type];
    const missing = await h.op(eventOperation(type), { input: { ...VALID[type], [field]: undefined }, sessionId: 's-valid-1' }, { headers: ua });
    expect(missing.error?.extensions.code).toBe('BAD_USER_INPUT');
    expect(missing.error?.message).toBe(`input.${field}: Field is required`);

    const extra = await h.op(eventOperation(type), { input: { ...VALID[type], email: 'a@b.c' }, sessionId: 's-valid-1' }, { headers: ua });
    expect(extra.error?.message).toBe(`input.email: Not a field of ${type}`);
    expect(await h.count('events')).toBe(before + 1);
  });

  it('refuses ids of another tenant, over-long text and a missing session id, storing nothing', async () => {
    const before = await h.count('events');
    const other = await h.op('setEventFavoriteContent', { input: { contentId: BETA_CONTENT }, sessionId: 's1' }, { headers: ua });
    expect(other.error?.message).toBe(`input.contentId: No content ${BETA_CONTENT} on this site`);
    const long = await h.op('setEventClickSocialBrand', { input: { network: 'x'.repeat(51) }, sessionId: 's1' }, { headers: ua });
    expect(long.error?.message).toBe('input.network: Must be at most 50 characters');
    const url = await h.op('setEventClickMenu', { input: { menu: 'm', label: 'l', url: 'javascript:alert(1)' }, sessionId: 's1' }, { headers: ua });
    expect(url.error?.message).toMatch(/^input\.url: Must be an http\(s\) address/);
    const session = await h.op('setEventClickSocialBrand', { input: { network: 'x' }, sessionId: '' }, { headers: ua });
    expect(session.error?.message).toMatch(/^sessionId: Required/);
    expect(await h.count('events')).toBe(before);
  });

  it('stores no raw address and no session id: a /24 network and a salted visitor id', async () => {
    await h.op('setEventClickSocialBrand', { input: { network: 'x' }, sessionId: 'secret-session-42' }, { headers: { ...ua, 'x-forwarded-for': '1.1.1.1' } });
    const rows = await h.store.all<Record<string, unknown>>('select * from events order by id desc limit 1');
    const text = JSON.stringify(rows);
    expect(text).not.toContain('secret-session-42');
    expect(rows[0]!.net).toBe('127.0.0.0/24');
    expect(String(rows[0]!.visitor)).toHaveLength(22);
  });
});

describe('the batched beacon path', () => {
  it('takes 100 events in one text/plain request and reports an invalid one by index', async () => {
    const before = await h.count('events');
    const events = Array.from({ length: 100 }, (_, i) => (i === 42
      ? { type: 'ClickMenu', input: { menu: 'footer' } }
      : { type: 'PageView', input: { pageId: `content:${CONTENT}:${i}`, path: `/p/${i}`, contentId: CONTENT } }));
    const r = await beacon({ sessionId: 'batch-1', events }, ua, '198.51.100.1');
    expect(r.status).toBe(200);
    expect(r.body.accepted).toBe(99);
    expect(r.body.errors).toContainEqual({ field: 'events[42].input.label', message: 'Field is required' });
    expect(await h.count('events')).toBe(before + 99);
  });

  it('refuses more than 100 events and a body that is not JSON, storing nothing', async () => {
    const before = await h.count('events');
    const many = Array.from({ length: 101 }, () => ({ type: 'ClickSocialBrand', input: { network: 'x' } }));
    expect((await beacon({ sessionId: 's', events: many })).body.errors[0].field).toBe('events');
    expect((await beacon('not json')).status).toBe(400);
    expect(await h.count('events')).toBe(before);
  });

  it('drops bots (user-agent list, claimed crawlers) and counts them', async () => {
    const before = await h.count('events');
    const drops0 = await readDrops(h.store.db, 'alpha');
    const ev = [{ type: 'ClickSocialBrand', input: { network: 'x' } }, { type: 'ClickSocialBrand', input: { network: 'y' } }];
    await beacon({ sessionId: 'b', events: ev }, { 'user-agent': 'Mozilla/5.0 (compatible; AhrefsBot/7.0)' });
    await beacon({ sessionId: 'b', events: ev }, { 'user-agent': 'Mozilla/5.0 Chrome-Lighthouse' });
    await beacon({ sessionId: 'b', events: ev }, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(await h.count('events')).toBe(before);
    const drops = await readDrops(h.store.db, 'alpha');
    expect((drops.bot ?? 0) - (drops0.bot ?? 0)).toBe(6);
  });

  it('stores every event of concurrent requests (they share a transaction) and answers each with its own count', async () => {
    const before = await h.count('events');
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => beacon({
      sessionId: `concurrent-${i}`,
      events: Array.from({ length: i + 1 }, (_, k) => ({ type: 'ClickSocialBrand', input: { network: `n${i}-${k}` } })),
    }, ua, `198.51.100.${100 + i}`)));
    expect(replies.map((r) => r.body.accepted)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await h.count('events')).toBe(before + 78);
    const rows = await h.store.all<{ target: string; visitor: string }>("select target, visitor from events where target like 'n11-%' order by id");
    expect(rows.map((r) => r.target)).toEqual(Array.from({ length: 12 }, (_, k) => `n11-${k}`));
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(1);
  });

  it('rate-limits per client address and counts the dropped events', async () => {
    const drops0 = await readDrops(h.store.db, 'alpha');
    const events = Array.from({ length: 100 }, () => ({ type: 'ClickSocialBrand', input: { network: 'x' } }));
    const a = await beacon({ sessionId: 'r', events }, ua, '192.0.2.77');
    const b = await beacon({ sessionId: 'r', events }, ua, '192.0.2.77');
    const c = await beacon({ sessionId: 'r', events }, ua, '192.0.2.77');
    expect([a.body.accepted, b.body.accepted, c.body.accepted]).toEqual([100, 50, 0]);
    expect(c.status).toBe(429);
    const other = await beacon({ sessionId: 'r', events: events.slice(0, 1) }, ua, '192.0.2.78');
    expect(other.body.accepted).toBe(1);
    const drops = await readDrops(h.store.db, 'alpha');
    expect((drops['rate-limit'] ?? 0) - (drops0['rate-limit'] ?? 0)).toBe(150);
  });
});

describe('rollups', () => {
  it('count events and unique visitors per content, section, menu and newsletter, hourly and daily', async () => {
    const before = await readRollups(h.store.db, 'alpha', { grain: 'day', type: 'ClickMenu', dim: 'menu' });
    // Two visitors (cookie-less: address and agent), the second twice.
    for (const ip of ['203.0.113.21', '203.0.113.22', '203.0.113.22']) {
      await beacon({ sessionId: 'same-for-all', events: [
        { type: 'ClickMenu', input: { menu: 'mega_1', label: 'Rollup test', url: '/r' } },
        { type: 'NewsletterSubscription', input: { newsletterId: NEWSLETTER } },
      ] }, ua, ip);
    }
    const result = await rollupEvents(h.store, Date.now());
    expect(result.events).toBeGreaterThan(0);
    const menu = await readRollups(h.store.db, 'alpha', { grain: 'day', type: 'ClickMenu', dim: 'menu' });
    expect(before.find((r) => r.key === 'mega_1:Rollup test')).toBeUndefined();
    expect(menu.find((r) => r.key === 'mega_1:Rollup test')).toMatchObject({ events: 3, visitors: 2 });
    const hourly = await readRollups(h.store.db, 'alpha', { grain: 'hour', type: 'NewsletterSubscription', dim: 'newsletter' });
    expect(hourly.reduce((n, r) => n + (r.key === String(NEWSLETTER) ? r.events : 0), 0)).toBeGreaterThanOrEqual(3);
    const content = await readRollups(h.store.db, 'alpha', { grain: 'day', type: 'PageView', dim: 'content' });
    expect(content.find((r) => r.key === String(CONTENT))?.events).toBeGreaterThanOrEqual(99);
    // A second run with nothing new changes nothing.
    expect((await rollupEvents(h.store, Date.now())).events).toBe(0);
  });

  it('a later run recomputes only the days with new events, keeping unique visitors exact', async () => {
    await rollupEvents(h.store, Date.now());
    const key = 'mega_2:Incremental';
    const ips: Record<string, string> = { 'inc-a': '203.0.113.61', 'inc-b': '203.0.113.62', 'inc-c': '203.0.113.63' };
    const click = (visitor: string) => beacon({ sessionId: 's', events: [{ type: 'ClickMenu', input: { menu: 'mega_2', label: 'Incremental', url: '/i' } }] }, ua, ips[visitor]);
    await click('inc-a');
    await click('inc-b');
    expect(await rollupEvents(h.store, Date.now())).toMatchObject({ tenants: 1, days: 1, events: 2 });
    await click('inc-a'); // a visitor the first run counted
    await click('inc-c');
    expect(await rollupEvents(h.store, Date.now())).toMatchObject({ tenants: 1, days: 1, events: 2 });
    const [day] = await readRollups(h.store.db, 'alpha', { grain: 'day', type: 'ClickMenu', dim: 'menu' }).then((rs) => rs.filter((r) => r.key === key));
    expect(day).toMatchObject({ events: 4, visitors: 3 });
    const hours = (await readRollups(h.store.db, 'alpha', { grain: 'hour', type: 'ClickMenu', dim: 'menu' })).filter((r) => r.key === key);
    expect(hours.reduce((n, r) => n + r.events, 0)).toBe(4);
    expect(hours[0]!.bucket).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}$/);
  });

  it('raw events are append-only', async () => {
    await expect(h.store.run("update events set type = 'X'")).rejects.toThrow(/append-only/);
  });
});

describe('no raw address, and a visitor id that changes every day', () => {
  let clock = Date.UTC(2026, 0, 10, 12);
  let d: Harness;
  beforeAll(async () => { d = await startApi({ now: () => clock }); });
  afterAll(async () => d?.close());

  const send = async (sessionId: string, ip: string) => {
    const r = await d.app.inject({
      method: 'POST', url: '/api/events', remoteAddress: ip,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-tenant-key': 'alpha', ...ua },
      payload: JSON.stringify({ sessionId, events: [{ type: 'ClickCompanyWebsite', input: { companyId: CONTENT, url: 'https://company.example' } }] }),
    });
    expect(r.json()).toMatchObject({ accepted: 1 });
    const [row] = await d.store.all<{ visitor: string; net: string; day: string }>('select visitor, net, day from events order by id desc limit 1');
    return row!;
  };

  it('counts a cookie-less visitor by address and agent hashed with the day’s salt (not by session id), and deletes salts older than the day before', async () => {
    const a = await send('same-session', '2001:db8:abcd:12::1');
    expect(a).toMatchObject({ day: '2026-01-10', net: '2001:db8:abcd::/48' });
    expect((await send('other-session', '2001:db8:abcd:12::1')).visitor).toBe(a.visitor);
    expect((await send('same-session', '198.51.100.23')).visitor).not.toBe(a.visitor);

    clock += 86_400_000;
    const b = await send('same-session', '198.51.100.23');
    expect(b.day).toBe('2026-01-11');
    expect(b.visitor).not.toBe(a.visitor);

    clock += 2 * 86_400_000;
    await send('same-session', '198.51.100.23');
    const salts = await d.store.all<{ day: string }>('select day from event_salts order by day');
    expect(salts.map((s) => s.day)).toEqual(['2026-01-13']);
    const text = JSON.stringify(await d.store.all('select * from events'));
    expect(text).not.toContain('same-session');
    expect(text).not.toContain('198.51.100.23');
    expect(text).not.toContain('2001:db8:abcd:12::1');
  });

  it('rolls company clicks up per company, with unique visitors', async () => {
    await rollupEvents(d.store, clock);
    const rows = await readRollups(d.store.db, 'alpha', { grain: 'day', type: 'ClickCompanyWebsite', dim: 'company' });
    expect(rows.map((r) => [r.bucket, r.key, r.events, r.visitors])).toEqual([
      ['2026-01-10', String(CONTENT), 3, 2], ['2026-01-11', String(CONTENT), 1, 1], ['2026-01-13', String(CONTENT), 1, 1],
    ]);
  });
});

describe('counts one client cannot inflate (issue 41)', () => {
  let clock = Date.UTC(2026, 2, 2, 9);
  let d: Harness;
  beforeAll(async () => { d = await startApi({ now: () => clock }); });
  afterAll(async () => d?.close());

  const post = async (events: unknown[], o: { ip?: string; sessionId?: string; cookie?: string; tenant?: string } = {}) => {
    const r = await d.app.inject({
      method: 'POST', url: '/api/events', remoteAddress: o.ip ?? '192.0.2.10',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-tenant-key': o.tenant ?? 'alpha', ...ua, ...(o.cookie ? { cookie: o.cookie } : {}) },
      payload: JSON.stringify({ sessionId: o.sessionId ?? 's', events }),
    });
    const set = r.cookies.find((c) => c.name === VISITOR_COOKIE);
    return { status: r.statusCode, body: r.json<{ accepted: number; dropped: Record<string, number> }>(), cookie: set?.value };
  };
  const view = (contentId: number) => ({ type: 'PageView', input: { pageId: `content:${contentId}`, path: '/story', contentId } });
  const views = async (day: string) => (await readRollups(d.store.db, 'alpha', { grain: 'day', type: 'PageView', dim: 'content', fromDay: day, toDay: day }))
    .find((r) => r.key === String(CONTENT));

  it('600 page views of one item from one address in one moment, under six session ids, count as one view of one visitor; the rest are counted as dropped', async () => {
    const drops0 = await readDrops(d.store.db, 'alpha');
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push(await post(Array.from({ length: 100 }, () => view(CONTENT)), { sessionId: `probe-${i}` }));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(replies.reduce((n, r) => n + r.body.accepted, 0)).toBe(1);
    await rollupEvents(d.store, clock);
    expect(await views('2026-03-02')).toMatchObject({ events: 1, visitors: 1 });
    const drops = await readDrops(d.store.db, 'alpha');
    const excess = (k: string) => (drops[k] ?? 0) - (drops0[k] ?? 0);
    expect(excess('duplicate')).toBe(59);
    expect(excess('implausible')).toBe(540);
    // The content views report notes the dropped events; a report that counts no events has no note.
    const doc = 'query($id: String!, $params: String!) { runReport(id: $id, params: $params) { droppedEvents } }';
    const report = await d.gql(doc, { id: 'content-views', params: 'range=custom&from=2026-03-01&to=2026-03-02' }, { as: 'admin', headers: { 'x-tenant-key': 'alpha' } });
    expect(report.data.runReport.droppedEvents).toBe(599);
    expect((await d.gql(doc, { id: 'content-length', params: '' }, { as: 'admin', headers: { 'x-tenant-key': 'alpha' } })).data.runReport.droppedEvents).toBeNull();
  });

  it('counts the same item again once 30 minutes have passed', async () => {
    clock += 60_000;
    expect((await post([view(CONTENT)])).body).toMatchObject({ accepted: 0, dropped: { duplicate: 1 } });
    clock += 30 * 60_000;
    expect((await post([view(CONTENT)])).body.accepted).toBe(1);
  });

  it('gives a reader a signed visitor cookie and counts its holders apart, ignoring forged and foreign cookies', async () => {
    const ip = '192.0.2.44';
    const first = await post([view(CONTENT)], { ip });
    expect(first.body.accepted).toBe(1);
    expect(first.cookie).toMatch(/^v1\./);
    // The cookie is this reader: a first view under it counts (the first request counted cookie-less).
    const withCookie = await post([view(CONTENT)], { ip, cookie: `${VISITOR_COOKIE}=${first.cookie}` });
    expect(withCookie.body.accepted).toBe(1);
    expect(withCookie.cookie).toBeUndefined();
    expect((await post([view(CONTENT)], { ip, cookie: `${VISITOR_COOKIE}=${first.cookie}` })).body.accepted).toBe(0);
    // A tampered cookie reads as none: the request counts cookie-less (a view already counted).
    const forged = first.cookie!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await post([view(CONTENT)], { ip, cookie: `${VISITOR_COOKIE}=${forged}` })).body).toMatchObject({ accepted: 0, dropped: { duplicate: 1 } });
    // Beta's cookie is not alpha's visitor.
    const beta = await post([{ type: 'ClickSocialBrand', input: { network: 'x' } }], { ip: '192.0.2.45', tenant: 'beta' });
    expect(beta.cookie).toBeTruthy();
    expect((await post([view(CONTENT)], { ip, cookie: `${VISITOR_COOKIE}=${beta.cookie}` })).body.accepted).toBe(0);
  });

  it('gives one address at most 20 new visitor cookies an hour, so it cannot mint a crowd', async () => {
    const ip = '192.0.2.99';
    const issued = [];
    for (let i = 0; i < 21; i++) issued.push((await post([{ type: 'ClickSocialBrand', input: { network: `n${i}` } }], { ip })).cookie);
    expect(issued.filter(Boolean)).toHaveLength(20);
    expect(issued[20]).toBeUndefined();
  });
});
