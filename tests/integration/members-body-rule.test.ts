// The body rule of the content reads (issue 7, public §4): the body and embed code of an item the
// meter covers, or of a gated item, come only from getGatedContent (which applies the gate and
// spends a free view). getContent, getContentStream and getNextSecondaryPage answer null / an
// empty body to readers and members; staff with manage_content still read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALPHA, ITEMS, startMembers, type MemberHarness } from './members-harness';

let h: MemberHarness;
const OPEN_BODY = 'Carriers are trimming sailings.';
const EMBED = '<iframe src="https://embed.example/zmag/1"></iframe>';
const GATED = { [ITEMS.proOnly]: 'PRO-ONLY BODY', [ITEMS.registration]: 'REGISTERED BODY', [ITEMS.survey]: 'SURVEY BODY' } as const;

beforeAll(async () => {
  h = await startMembers();
  for (const id of [ITEMS.open[0], ITEMS.proOnly, ITEMS.exemptNews]) await h.store.run('update content set embed_code = ? where id = ?', [EMBED, id]);
});
afterAll(async () => { await h.close(); });

const ONE = 'query($id: Int) { getContent(id: $id) { id gated body embedCode } }';
const STREAM = 'query($ids: [Int!]) { getContentStream(input: { includeContentIds: $ids, pagination: { limit: 50 } }) { edges { node { id body embedCode } } } }';
const ALL_IDS = [...ITEMS.open, ITEMS.proOnly, ITEMS.registration, ITEMS.survey, ITEMS.exemptNews];

type Node = { id: number; body: string | null; embedCode: string | null };
const streamed = async (opts: Parameters<MemberHarness['gql']>[2] = {}) => {
  const r = await h.gql(STREAM, { ids: ALL_IDS }, opts);
  expect(r.error).toBeUndefined();
  return new Map((r.data.getContentStream.edges as { node: Node }[]).map((e) => [e.node.id, e.node]));
};

describe('readers and members', () => {
  it('get no body or embed code of a metered item from getContent, and spend no free view doing so', async () => {
    const b = h.browser();
    for (const id of ITEMS.open) {
      const r = await h.gql(ONE, { id }, { browser: b });
      expect(r.error).toBeUndefined();
      expect(r.data.getContent).toMatchObject({ id, gated: false, body: null });
    }
    expect((await h.gql(ONE, { id: ITEMS.open[0] }, { browser: b })).data.getContent.embedCode).toBeNull();
    // The registered document the site uses answers the same.
    const registered = (await h.op('getContent', { id: ITEMS.open[1] }, { browser: b })).data.getContent;
    expect(registered).toMatchObject({ id: ITEMS.open[1], body: null, embedCode: null });
    expect(b.cookies.has('mh_meter_alpha')).toBe(false);
    const first = (await h.op('getGatedContent', { id: ITEMS.open[0] }, { browser: b })).data.getGatedContent;
    expect(first).toMatchObject({ canRead: true, meter: { views: 1, viewsRemaining: 2 } });
    expect(first.body).toContain(OPEN_BODY);
  });

  it('get no metered or gated body from getContentStream; an item the meter exempts keeps its body', async () => {
    const nodes = await streamed({ browser: h.browser() });
    expect(nodes.size).toBe(ALL_IDS.length);
    for (const id of [...ITEMS.open, ITEMS.proOnly, ITEMS.registration, ITEMS.survey]) {
      expect(nodes.get(id)).toMatchObject({ body: null, embedCode: null });
    }
    // News is exempt from alpha's meter and has no gate: its body is public.
    expect(nodes.get(ITEMS.exemptNews)?.body).toContain(OPEN_BODY);
    expect(nodes.get(ITEMS.exemptNews)?.embedCode).toBe(EMBED);
  });

  it('holds the gated bodies back from a signed-in member too, even one holding the membership', async () => {
    await h.member('pro.reader@example.com', { memberships: [ALPHA.pro, ALPHA.insider] });
    const token = await h.login('pro.reader@example.com');
    for (const [id, text] of Object.entries(GATED)) {
      const r = await h.gql(ONE, { id: Number(id) }, { member: token });
      expect(r.data.getContent).toMatchObject({ gated: true, body: null, embedCode: null });
      // The member reads it where the gate is applied.
      expect((await h.op('getGatedContent', { id: Number(id) }, { member: token })).data.getGatedContent.body).toContain(text);
    }
    expect((await h.gql(ONE, { id: ITEMS.open[2] }, { member: token })).data.getContent.body).toBeNull();
  });

  it('get no body from getNextSecondaryPage for a metered item', async () => {
    const r = await h.op('getNextSecondaryPage', { input: { sectionId: ALPHA.sections.ocean, excludeContentIds: [] } }, { browser: h.browser() });
    expect(r.error).toBeUndefined();
    const page = r.data.getNextSecondaryPage.page as { contentId: number; content: { gated: boolean; bodyHtml: string } };
    expect(ITEMS.open as readonly number[]).toContain(page.contentId);
    expect(page.content).toMatchObject({ gated: true, bodyHtml: '' });
    expect(JSON.stringify(r.body)).not.toContain(OPEN_BODY);
  });
});

describe('staff', () => {
  it('with manage_content read every body and embed code', async () => {
    const nodes = await streamed({ as: 'alphaEditor' });
    for (const id of ITEMS.open) expect(nodes.get(id)?.body).toContain(OPEN_BODY);
    for (const [id, text] of Object.entries(GATED)) expect(nodes.get(Number(id))?.body).toContain(text);
    expect(nodes.get(ITEMS.proOnly)?.embedCode).toBe(EMBED);
    expect((await h.gql(ONE, { id: ITEMS.open[0] }, { as: 'alphaEditor' })).data.getContent.embedCode).toBe(EMBED);
  });

  it('without manage_content, or of another tenant, read like a reader', async () => {
    const viewer = await streamed({ as: 'alphaViewer' });
    expect(viewer.get(ITEMS.open[0])?.body).toBeNull();
    expect(viewer.get(ITEMS.proOnly)?.body).toBeNull();
    expect(viewer.get(ITEMS.exemptNews)?.body).toContain(OPEN_BODY);
    const foreign = await streamed({ as: 'betaEditor' });
    expect(foreign.get(ITEMS.open[0])?.body).toBeNull();
  });

  it('counts an exempt section the item is scheduled into, the same in getContent (item from the content cache) and getContentStream', async () => {
    const [exempt, metered] = [ITEMS.open[0], ITEMS.open[1]];
    const settings = (await h.store.all<{ settings: string }>("select settings from tenants where tenant_key = 'alpha'"))[0]!.settings;
    const parsed = JSON.parse(settings);
    parsed.memberships.contentMetering.exemptSectionIds = [ALPHA.sections.home];
    await h.store.run("update tenants set settings = ? where tenant_key = 'alpha'", [JSON.stringify(parsed)]);
    await h.store.run("insert into website_schedules (content_id, section_id, option) values (?, ?, 'Featured')", [exempt, ALPHA.sections.home]);
    await h.app.api.services.changed('alpha', { entity: 'settings', action: 'update', ids: [] });
    try {
      const b = h.browser();
      const one = async (id: number) => (await h.gql(ONE, { id }, { browser: b })).data.getContent;
      expect((await one(exempt)).body).toContain(OPEN_BODY);
      expect((await one(metered)).body).toBeNull();
      const stream = await streamed({ browser: b });
      expect(stream.get(exempt)?.body).toContain(OPEN_BODY);
      expect(stream.get(metered)?.body).toBeNull();
    } finally {
      await h.store.run('delete from website_schedules where content_id = ? and section_id = ?', [exempt, ALPHA.sections.home]);
      await h.store.run("update tenants set settings = ? where tenant_key = 'alpha'", [settings]);
      await h.app.api.services.changed('alpha', { entity: 'settings', action: 'update', ids: [] });
    }
  });

  it('turning the meter off publishes the open bodies again (the rule follows the settings)', async () => {
    const before = await streamed({ browser: h.browser() });
    expect(before.get(ITEMS.open[0])?.body).toBeNull();
    const settings = (await h.store.all<{ settings: string }>("select settings from tenants where tenant_key = 'alpha'"))[0]!.settings;
    const parsed = JSON.parse(settings);
    parsed.memberships.contentMetering.enabled = false;
    await h.store.run("update tenants set settings = ? where tenant_key = 'alpha'", [JSON.stringify(parsed)]);
    await h.app.api.services.changed('alpha', { entity: 'settings', action: 'update', ids: [] });
    try {
      const after = await streamed({ browser: h.browser() });
      expect(after.get(ITEMS.open[0])?.body).toContain(OPEN_BODY);
      expect(after.get(ITEMS.proOnly)?.body).toBeNull();
    } finally {
      await h.store.run("update tenants set settings = ? where tenant_key = 'alpha'", [settings]);
      await h.app.api.services.changed('alpha', { entity: 'settings', action: 'update', ids: [] });
    }
  });
});
