// getGatedContent over HTTP: the meter across requests (cookie kept by a browser), a tampered
// cookie, gating by membership, by a site-license IP range and by a verified crawler, and the
// rule that a gated body never leaves without a pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALPHA, BETA, ITEMS, startMembers, type Browser, type MemberHarness } from './members-harness';
import { GOOGLEBOT_IP } from '../helpers/fake-dns';
import { setTenantSetting } from '../helpers/tenant-settings';

let h: MemberHarness;
beforeAll(async () => { h = await startMembers(); });
afterAll(async () => { await h.close(); });

const gated = (id: number, b?: Browser, extra: { member?: string; headers?: Record<string, string>; tenant?: string; ip?: string } = {}) =>
  h.op('getGatedContent', { id }, { browser: b, ...extra });
const METER = 'mh_meter_alpha';

describe('the meter across requests', () => {
  it('lets an anonymous reader read three open articles, then puts up the gating form on the fourth', async () => {
    const b = h.browser();
    const seen: unknown[] = [];
    for (const id of ITEMS.open.slice(0, 3)) {
      const r = await gated(id, b);
      expect(r.status).toBe(200);
      const g = r.data.getGatedContent;
      expect(g).toMatchObject({ canRead: true, gate: 'none', gatingStatus: 'passed', passedBy: 'open', hiddenBlocks: [] });
      expect(g.body).toContain('Carriers are trimming sailings.');
      seen.push(g.meter);
    }
    expect(seen).toMatchObject([
      { status: 'passed-metered-more', views: 1, viewsRemaining: 2, allowedViews: 3 },
      { status: 'passed-metered-more', views: 2, viewsRemaining: 1 },
      { status: 'passed-metered-out', views: 3, viewsRemaining: 0 },
    ]);
    const wall = (await gated(ITEMS.open[3], b)).data.getGatedContent;
    expect(wall).toMatchObject({
      canRead: false, gate: 'gating-form', showGatingForm: true, gatingStatus: 'passed', body: null, embedCode: null, images: [],
      meter: { status: 'failed-metered', views: 3, viewsRemaining: 0 },
    });
    expect(wall.hiddenBlocks).toEqual(['image_gallery', 'video_player', 'content_sidebar', 'document_download', 'zmag_embed', 'us_map']);
  });

  it('counts each item once and keeps items already read this period readable after the wall', async () => {
    const b = h.browser();
    for (const id of ITEMS.open.slice(0, 3)) await gated(id, b);
    const again = (await gated(ITEMS.open[0], b)).data.getGatedContent;
    expect(again).toMatchObject({ canRead: true, meter: { status: 'passed-metered-out', views: 3 } });
    expect((await gated(ITEMS.open[3], b)).data.getGatedContent.canRead).toBe(false);
  });

  it('writes a signed HttpOnly cookie that expires with the metering period, and fills the meter text', async () => {
    const b = h.browser();
    const r = await gated(ITEMS.open[0], b);
    const c = r.cookies.find((x) => x.name === METER)!;
    expect(c.httpOnly).toBe(true);
    expect(c.sameSite).toBe('Strict');
    expect(c.expires!.getTime()).toBe(h.clock.now + 30 * 86_400_000);
    expect(c.value).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(r.data.getGatedContent.meter).toMatchObject({ text: '2 of 3 free articles left until 12/01/2026 (1 read)', expirationDate: '12/01/2026' });
  });

  it('treats a tampered cookie as a fresh meter, never as extra views', async () => {
    const b = h.browser();
    for (const id of ITEMS.open.slice(0, 3)) await gated(id, b);
    const [v, payload, sig] = b.cookies.get(METER)!.split('.') as [string, string, string];
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(state).toMatchObject({ t: 'alpha', v: 3, n: 3 });
    // Claim 0 views but a huge allowance, keeping the old signature.
    const forged = { ...state, v: 0, i: [], n: 200 };
    b.cookies.set(METER, `${v}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${sig}`);
    const r = (await gated(ITEMS.open[3], b)).data.getGatedContent;
    expect(r.meter).toMatchObject({ status: 'passed-metered-more', views: 1, allowedViews: 3 });
    // The forged cookie was replaced by a genuine fresh one.
    const now = JSON.parse(Buffer.from(b.cookies.get(METER)!.split('.')[1]!, 'base64url').toString());
    expect(now).toMatchObject({ v: 1, n: 3, i: [ITEMS.open[3]] });
  });

  it('starts a fresh meter once the period has passed', async () => {
    const b = h.browser();
    for (const id of ITEMS.open.slice(0, 3)) await gated(id, b);
    expect((await gated(ITEMS.open[3], b)).data.getGatedContent.canRead).toBe(false);
    h.clock.now += 31 * 86_400_000;
    try {
      expect((await gated(ITEMS.open[3], b)).data.getGatedContent).toMatchObject({ canRead: true, meter: { views: 1 } });
    } finally {
      h.clock.now -= 31 * 86_400_000;
    }
  });

  it('keeps separate meters per tenant: an alpha cookie means nothing to beta', async () => {
    const b = h.browser();
    for (const id of ITEMS.open.slice(0, 3)) await gated(id, b);
    b.cookies.set('mh_meter_beta', b.cookies.get(METER)!);
    const r = (await gated(BETA.firstItem + 5, b, { tenant: 'beta' })).data.getGatedContent;
    // beta has metering off: no meter at all, the item is open.
    expect(r).toMatchObject({ canRead: true, meter: null });
  });

  it('does not meter an exempt content type, a member or a crawler', async () => {
    const b = h.browser();
    for (const id of ITEMS.open.slice(0, 3)) await gated(id, b);
    expect((await gated(ITEMS.exemptNews, b)).data.getGatedContent).toMatchObject({ canRead: true, meter: null });
    await h.member('metered.member@example.com');
    const token = await h.login('metered.member@example.com');
    expect((await gated(ITEMS.open[3], b, { member: token })).data.getGatedContent).toMatchObject({ canRead: true, meter: null, passedBy: 'open' });
    const bot = h.browser({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, GOOGLEBOT_IP);
    for (const id of ITEMS.open) expect((await gated(id, bot)).data.getGatedContent).toMatchObject({ canRead: true, meter: null, passedBy: 'crawler' });
    expect(bot.cookies.has(METER)).toBe(false);
  });
});

describe('gating', () => {
  it('withholds a membership-gated body from an anonymous reader and offers join/login with the required membership', async () => {
    const r = (await gated(ITEMS.proOnly, h.browser())).data.getGatedContent;
    expect(r).toMatchObject({
      gatingType: 'membership', gatingStatus: 'failed', passedBy: null, canRead: false, gate: 'join-login', body: null, meter: null,
      requiredMemberships: [{ id: ALPHA.pro, alias: 'pro', isFree: false }],
    });
    expect(r.hiddenBlocks).toHaveLength(6);
    expect(JSON.stringify(r)).not.toContain('PRO-ONLY BODY');
  });

  it('withholds it from a member without the membership and gives it to one with it', async () => {
    await h.member('insider.only@example.com', { memberships: [ALPHA.insider] });
    await h.member('pro.reader@example.com', { memberships: [ALPHA.pro] });
    const without = (await gated(ITEMS.proOnly, undefined, { member: await h.login('insider.only@example.com') })).data.getGatedContent;
    expect(without).toMatchObject({ canRead: false, body: null });
    const withIt = (await gated(ITEMS.proOnly, undefined, { member: await h.login('pro.reader@example.com') })).data.getGatedContent;
    expect(withIt).toMatchObject({ canRead: true, passedBy: 'membership', hiddenBlocks: [] });
    expect(withIt.body).toBe('<p>PRO-ONLY BODY</p>');
    expect(withIt.images).toEqual([expect.objectContaining({ path: '/images/alpha/ship.svg' })]);
  });

  it('passes a crawler user agent from an address verified as Googlebot by reverse and forward DNS', async () => {
    const r = (await gated(ITEMS.proOnly, undefined, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, ip: GOOGLEBOT_IP })).data.getGatedContent;
    expect(r).toMatchObject({ canRead: true, passedBy: 'crawler', body: '<p>PRO-ONLY BODY</p>' });
  });

  it('asks an anonymous reader to register for a registration or survey item, and lets a member read them', async () => {
    for (const id of [ITEMS.registration, ITEMS.survey]) {
      const r = (await gated(id, h.browser())).data.getGatedContent;
      expect(r).toMatchObject({ canRead: false, gate: 'gating-form', body: null });
    }
    expect((await gated(ITEMS.survey, h.browser())).data.getGatedContent).toMatchObject({ gatingType: 'omeda', hiddenBlocks: [] });
    await h.member('registered@example.com');
    const token = await h.login('registered@example.com');
    for (const id of [ITEMS.registration, ITEMS.survey]) {
      expect((await gated(id, undefined, { member: token })).data.getGatedContent).toMatchObject({ canRead: true, passedBy: 'registered' });
    }
  });

  it('applies an editor\'s change to an item\'s memberships and body at the very next read (kept gating facts are dropped on commit)', async () => {
    await h.member('pro.editing@example.com', { memberships: [ALPHA.pro] });
    const token = await h.login('pro.editing@example.com');
    const read = async () => (await gated(ITEMS.proOnly, undefined, { member: token })).data.getGatedContent;
    expect(await read()).toMatchObject({ canRead: true, body: '<p>PRO-ONLY BODY</p>' });
    try {
      const edit = await h.op('updateContent', { id: ITEMS.proOnly, input: { membershipIds: [ALPHA.insider], body: '<p>INSIDER BODY</p>' } }, { as: 'alphaEditor' });
      expect(edit.status).toBe(200);
      // The member holds Pro only: the item now wants Insider, within the cache's lifetime.
      expect(await read()).toMatchObject({ canRead: false, body: null, requiredMemberships: [{ id: ALPHA.insider }] });
    } finally {
      await h.op('updateContent', { id: ITEMS.proOnly, input: { membershipIds: [ALPHA.pro], body: '<p>PRO-ONLY BODY</p>' } }, { as: 'alphaEditor' });
    }
    expect(await read()).toMatchObject({ canRead: true, body: '<p>PRO-ONLY BODY</p>' });
  });

  it('answers the item\'s sanitised content sidebars to a reader who passes, and none to one who does not', async () => {
    const [row] = await h.store.all<{ metadata: unknown }>('select metadata from content where id = ?', [ITEMS.proOnly]);
    // SQLite hands JSON over as text, PostgreSQL's json column as an object.
    const before = typeof row!.metadata === 'string' ? JSON.parse(row!.metadata) as Record<string, unknown> : row!.metadata as Record<string, unknown>;
    const metadata = JSON.stringify(before);
    const sidebars = ['<p>FACT BOX</p><script>steal()</script>', { body: '<ul><li>Second</li></ul>' }, '  '];
    await h.store.run('update content set metadata = ? where id = ?', [JSON.stringify({ ...before, sidebars }), ITEMS.proOnly]);
    h.app.api.services.content.invalidate('alpha');
    try {
      const locked = (await gated(ITEMS.proOnly, h.browser())).data.getGatedContent;
      expect(locked).toMatchObject({ canRead: false, sidebars: [] });
      expect(JSON.stringify(locked)).not.toContain('FACT BOX');
      await h.member('pro.sidebars@example.com', { memberships: [ALPHA.pro] });
      const open = (await gated(ITEMS.proOnly, undefined, { member: await h.login('pro.sidebars@example.com') })).data.getGatedContent;
      expect(open).toMatchObject({ canRead: true, sidebars: ['<p>FACT BOX</p>', '<ul><li>Second</li></ul>'] });
    } finally {
      await h.store.run('update content set metadata = ? where id = ?', [metadata, ITEMS.proOnly]);
      h.app.api.services.content.invalidate('alpha');
    }
  });

  it('does not answer drafts, other tenants\' items or bad ids', async () => {
    expect((await gated(ITEMS.draft)).error!.extensions.code).toBe('NOT_FOUND');
    expect((await gated(BETA.firstItem)).error!.extensions.code).toBe('NOT_FOUND');
    const bad = await h.op('getGatedContent', { id: -3 });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ message: 'id: Must be a positive whole number', extensions: { field: 'id' } });
  });
});

describe('site-license companies (IP gating)', () => {
  it('lets staff with manage_ip_gating add a company whose IP range passes the gate', async () => {
    // app.inject comes from 127.0.0.1.
    const r = await h.op('createSiteLicenseCompany', { input: { name: 'Loopback Logistics', ranges: ['127.0.0.0/8', '2001:db8::/32'] } }, { as: 'alphaAdmin' });
    expect(r.status).toBe(200);
    expect(r.data.createSiteLicenseCompany).toMatchObject({ name: 'Loopback Logistics', status: 1, ranges: ['127.0.0.0/8', '2001:db8::/32'] });
    const id = r.data.createSiteLicenseCompany.id;
    try {
      const g = (await gated(ITEMS.proOnly, h.browser())).data.getGatedContent;
      expect(g).toMatchObject({ canRead: true, passedBy: 'license', licenseCompany: 'Loopback Logistics', body: '<p>PRO-ONLY BODY</p>' });
      expect((await h.op('siteLicenseCompany', {})).data.siteLicenseCompany).toEqual({ companyName: 'Loopback Logistics', ipAddress: '127.0.0.1' });
      // Visitors of a licensed company are not metered either.
      const b = h.browser();
      for (const item of ITEMS.open) expect((await gated(item, b)).data.getGatedContent).toMatchObject({ canRead: true, meter: null });
      // beta does not share alpha's companies.
      expect((await h.op('siteLicenseCompany', {}, { tenant: 'beta' })).data.siteLicenseCompany).toBeNull();
    } finally {
      await h.op('deleteSiteLicenseCompany', { id }, { as: 'alphaAdmin' });
    }
    expect((await gated(ITEMS.proOnly)).data.getGatedContent.canRead).toBe(false);
  });

  it('matches only inside the range and only active companies; staff may test another address', async () => {
    const r = await h.op('createSiteLicenseCompany', { input: { name: 'Acme Freight', ranges: ['203.0.113.0/24'] } }, { as: 'alphaAdmin' });
    const id = r.data.createSiteLicenseCompany.id;
    const test = (ip: string) => h.op('siteLicenseCompany', { userIpAddress: ip }, { as: 'alphaAdmin' });
    expect((await test('203.0.113.200')).data.siteLicenseCompany).toEqual({ companyName: 'Acme Freight', ipAddress: '203.0.113.200' });
    expect((await test('203.0.114.1')).data.siteLicenseCompany).toBeNull();
    // An anonymous caller cannot probe other addresses: the answer is about their own.
    expect((await h.op('siteLicenseCompany', { userIpAddress: '203.0.113.200' })).data.siteLicenseCompany).toBeNull();
    await h.op('updateSiteLicenseCompany', { id, input: { status: 0 } }, { as: 'alphaAdmin' });
    expect((await test('203.0.113.200')).data.siteLicenseCompany).toBeNull();
    await h.op('deleteSiteLicenseCompany', { id }, { as: 'alphaAdmin' });
  });

  it('opens nothing on a site whose IP gating is switched off (memberships.disableIpGating), and again once it is on', async () => {
    const r = await h.op('createSiteLicenseCompany', { input: { name: 'Switched Off Shipping', ranges: ['127.0.0.0/8'] } }, { as: 'alphaAdmin' });
    const id = r.data.createSiteLicenseCompany.id;
    const setSwitch = async (off: boolean) => {
      await setTenantSetting(h.store, 'alpha', 'memberships.disableIpGating', off);
      await h.app.api.services.changed('alpha', { entity: 'settings', action: 'update', ids: ['alpha'] });
    };
    try {
      await setSwitch(true);
      expect((await gated(ITEMS.proOnly, h.browser())).data.getGatedContent).toMatchObject({ canRead: false, licenseCompany: null, body: null });
      expect((await h.op('siteLicenseCompany', {})).data.siteLicenseCompany).toBeNull();
      await setSwitch(false);
      expect((await gated(ITEMS.proOnly, h.browser())).data.getGatedContent).toMatchObject({ canRead: true, passedBy: 'license' });
    } finally {
      await setSwitch(false);
      await h.op('deleteSiteLicenseCompany', { id }, { as: 'alphaAdmin' });
    }
  });

  it('lists, reads and edits companies; refuses bad ranges naming the field and writes nothing', async () => {
    const before = await h.count('site_license_companies');
    const bad = await h.op('createSiteLicenseCompany', { input: { name: 'Bad Ranges', ranges: ['10.0.0.0/8', '10.0.0.0/33'] } }, { as: 'alphaAdmin' });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'input.ranges[1]' } });
    const noName = await h.op('createSiteLicenseCompany', { input: { name: ' ', ranges: [] } }, { as: 'alphaAdmin' });
    expect(noName.error).toMatchObject({ message: 'input.name: Field is required' });
    expect(await h.count('site_license_companies')).toBe(before);
    const c = (await h.op('createSiteLicenseCompany', { input: { name: 'Listed Co', ranges: ['198.51.100.7'] } }, { as: 'alphaAdmin' })).data.createSiteLicenseCompany;
    expect(c.ranges).toEqual(['198.51.100.7/32']);
    const dup = await h.op('createSiteLicenseCompany', { input: { name: 'listed co' } }, { as: 'alphaAdmin' });
    expect(dup.error).toMatchObject({ extensions: { field: 'input.name' } });
    const list = (await h.op('getSiteLicenseCompanyStream', { input: { phrase: 'listed' } }, { as: 'alphaAdmin' })).data.getSiteLicenseCompanyStream;
    expect(list.edges.map((e: any) => e.node.name)).toEqual(['Listed Co']);
    const edited = (await h.op('updateSiteLicenseCompany', { id: c.id, input: { ranges: ['198.51.100.0/25'] } }, { as: 'alphaAdmin' })).data.updateSiteLicenseCompany;
    expect(edited).toMatchObject({ name: 'Listed Co', ranges: ['198.51.100.0/25'] });
    expect((await h.op('getSiteLicenseCompany', { id: c.id }, { as: 'alphaAdmin' })).data.getSiteLicenseCompany.ranges).toEqual(['198.51.100.0/25']);
    await h.op('deleteSiteLicenseCompany', { id: c.id }, { as: 'alphaAdmin' });
  });

  it('needs manage_ip_gating in the tenant', async () => {
    expect((await h.op('createSiteLicenseCompany', { input: { name: 'X' } }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('createSiteLicenseCompany', { input: { name: 'X' } })).error!.extensions.code).toBe('UNAUTHENTICATED');
    expect((await h.op('getSiteLicenseCompanyStream', {}, { as: 'alphaAdmin', tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    const c = (await h.op('createSiteLicenseCompany', { input: { name: 'Alpha Only' } }, { as: 'alphaAdmin' })).data.createSiteLicenseCompany;
    expect((await h.op('getSiteLicenseCompany', { id: c.id }, { as: 'admin', tenant: 'beta' })).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('deleteSiteLicenseCompany', { id: c.id }, { as: 'admin', tenant: 'beta' })).error!.extensions.code).toBe('NOT_FOUND');
    await h.op('deleteSiteLicenseCompany', { id: c.id }, { as: 'alphaAdmin' });
  });
});
