import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeContentBatch } from '../../engine/store/writes';
import { contentSchema } from '../../engine/domain/records';
import { snapshotCounts, startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => {
  h = await startApi();
  // 120 more published beta items, to see the stream's cap.
  const extra = Array.from({ length: 120 }, (_, i) => contentSchema.parse({
    id: 10_029_000 + i, type: 'Article', name: `Beta filler ${i}`, status: 1, published: '2026-09-01T00:00:00Z', primarySectionId: 203,
    schedules: [{ sectionId: 203 }],
  }));
  await h.store.transaction((tx) => writeContentBatch(tx, 'beta', extra));
});
afterAll(async () => { await h.close(); });

const ALPHA_ITEM = 10_010_001;
const ALPHA_DRAFT = 10_010_012;
const BETA_ITEM = 10_020_001;
const stream = (input: Record<string, unknown>, opts = {}) => h.op('getContentStream', { input }, opts);
const ids = (r: { data: Record<string, any> }) => r.data.getContentStream.edges.map((e: any) => e.node.id);

describe('getContent', () => {
  it('returns a published item with its links and canonical path', async () => {
    const r = await h.op('getContent', { id: ALPHA_ITEM });
    expect(r.status).toBe(200);
    expect(r.data.getContent).toMatchObject({
      id: ALPHA_ITEM, type: 'News', status: 1, gated: false,
      canonicalPath: '/markets/ocean-freight/10010001/carriers-adjust-capacity-on-lane-1',
      primarySection: { id: 103, fullName: 'Markets > Ocean Freight' },
      authors: [{ id: 110, fullName: 'Rosa Delgado' }],
      primaryImage: { id: 120, path: '/images/alpha/ship.svg' },
    });
    expect(r.data.getContent.websiteSchedules.map((s: any) => `${s.sectionId}:${s.option}`).sort()).toEqual(['101:Featured', '103:Standard']);
    expect(r.data.getContent.body).toContain('Carriers are trimming sailings');
  });

  it('hides drafts from the public and shows them to staff asking for any status', async () => {
    expect((await h.op('getContent', { id: ALPHA_DRAFT })).error!.extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect((await h.op('getContent', { id: ALPHA_DRAFT, status: 'any' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('getContent', { id: ALPHA_DRAFT, status: 'any' }, { as: 'alphaViewer' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('getContent', { id: ALPHA_DRAFT, status: 'any' }, { as: 'alphaEditor' })).data.getContent.status).toBe(2);
  });

  it('never returns another tenant\'s item by id, and refuses a scoped editor on another tenant', async () => {
    const byId = await h.op('getContent', { id: BETA_ITEM, status: 'any' }, { as: 'alphaEditor' });
    expect(byId.status).toBe(404);
    expect(byId.body.data).toBeNull();
    const byHeader = await h.op('getContent', { id: BETA_ITEM, status: 'any' }, { as: 'alphaEditor', tenant: 'beta' });
    expect(byHeader.status).toBe(403);
    expect(JSON.stringify(byHeader.body)).not.toContain('Carriers');
  });

  it('withholds the body of a gated item from everyone but staff', async () => {
    await h.op('updateContent', { id: 10_010_003, input: { membershipIds: [140] } }, { as: 'alphaEditor' });
    const pub = await h.op('getContent', { id: 10_010_003 });
    expect(pub.data.getContent).toMatchObject({ gated: true, body: null, membershipIds: [140] });
    const staff = await h.op('getContent', { id: 10_010_003 }, { as: 'alphaEditor' });
    expect(staff.data.getContent.body).toContain('<p>');
  });
});

describe('getContentStream', () => {
  it('filters by section schedule, option, type, phrase and ids, newest first', async () => {
    expect(ids(await stream({ sectionId: 101 }))).toEqual([10_010_002, 10_010_001]);
    expect(ids(await stream({ sectionId: 101, scheduleOption: 'Pinned' }))).toEqual([]);
    expect(ids(await stream({ type: 'News' }))).toEqual([10_010_010, 10_010_007, 10_010_004, 10_010_001]);
    expect(ids(await stream({ phrase: 'lane 1' })).sort()).toEqual([10_010_001, 10_010_010, 10_010_011]);
    expect(ids(await stream({ includeContentIds: [10_010_002, 10_010_005, ALPHA_DRAFT, BETA_ITEM] }))).toEqual([10_010_005, 10_010_002]);
    expect(ids(await stream({ sectionId: 101, excludeContentIds: [10_010_002] }))).toEqual([10_010_001]);
    expect(ids(await stream({ publishedAfter: '2026-10-10T00:00:00Z' }))).toEqual([10_010_011, 10_010_010]);
  });

  it('pages with limit and cursor, caps the limit at 100 and turns an invalid one into 1', async () => {
    const first = await stream({ pagination: { limit: 4 } });
    expect(first.data.getContentStream.totalCount).toBe(11);
    expect(first.data.getContentStream.pageInfo).toEqual({ hasNextPage: true, endCursor: '4' });
    const next = await stream({ pagination: { limit: 4, after: '4' } });
    expect(ids(next)[0]).toBe(ids(first)[3] - 1);
    expect(ids(await stream({ pagination: { limit: 1000 } }, { tenant: 'beta' }))).toHaveLength(100);
    expect(ids(await stream({ pagination: { limit: 0 } }))).toHaveLength(1);
    expect(ids(await stream({ pagination: { limit: -3 } }))).toHaveLength(1);
  });

  it('names a bad filter and keeps status any for staff', async () => {
    const r = await stream({ type: 'Nope' });
    expect(r.status).toBe(400);
    expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.type' });
    expect((await stream({ phrase: 'x'.repeat(201) })).error!.extensions.field).toBe('input.phrase');
    expect((await stream({ status: 'any' })).error!.extensions.code).toBe('FORBIDDEN');
    expect(ids(await stream({ status: 'any', pagination: { limit: 100 } }, { as: 'alphaEditor' }))).toContain(ALPHA_DRAFT);
  });
});

describe('createContent', () => {
  const valid = {
    type: 'Event', name: 'Port Summit 2027', teaser: 'Two days on the quay.', status: 1, primarySectionId: 103,
    startDate: '2027-03-01T09:00:00Z', endDate: '2027-03-02T17:00:00Z', authorIds: [110], imageIds: [120], primaryImageId: 120,
    taxonomyIds: [130], labels: ['Conference'],
    schedules: [{ sectionId: 103, option: 'Standard' }, { sectionId: 101, option: 'Pinned', startDate: '2026-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' }],
  };

  it('creates an item with status, dates and schedules, records history and requests a rebuild', async () => {
    h.changes.length = 0;
    const r = await h.op('createContent', { input: valid }, { as: 'alphaEditor' });
    expect(r.status).toBe(200);
    const c = r.data.createContent;
    expect(c.id).toBeGreaterThanOrEqual(10_000_000);
    expect(c).toMatchObject({ name: 'Port Summit 2027', status: 1, startDate: '2027-03-01T09:00:00.000Z', canonicalPath: `/markets/ocean-freight/${c.id}/port-summit-2027` });
    expect(c.published).toBeTruthy();
    expect(c.websiteSchedules).toEqual(expect.arrayContaining([{ sectionId: 101, option: 'Pinned', startDate: '2026-01-01T00:00:00.000Z', endDate: '2030-01-01T00:00:00.000Z' }]));
    expect(h.changes).toEqual([{ tenantKey: 'alpha', change: { entity: 'content', action: 'create', ids: [c.id], paths: [c.canonicalPath] } }]);
    const history = await h.op('getHistory', { input: { entityType: 'content', entityId: String(c.id) } }, { as: 'alphaEditor' });
    expect(history.data.getHistory.edges[0].node).toMatchObject({ action: 'create', actorUsername: 'alpha.editor', actorType: 'staff' });
    expect(ids(await stream({ sectionId: 101, scheduleOption: 'Pinned' }))).toEqual([c.id]);
    for (const status of [0, 2]) {
      const d = await h.op('createContent', { input: { ...valid, name: `Status ${status}`, status } }, { as: 'alphaEditor' });
      expect(d.data.createContent.status).toBe(status);
    }
  });

  it('refuses staff without manage_content, anonymous callers and another tenant\'s editor, writing nothing', async () => {
    const before = await snapshotCounts(h);
    expect((await h.op('createContent', { input: valid }, { as: 'alphaViewer' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('createContent', { input: valid })).error!.extensions.code).toBe('UNAUTHENTICATED');
    const other = await h.op('createContent', { input: { ...valid, primarySectionId: 203, schedules: [] } }, { as: 'alphaEditor', tenant: 'beta' });
    expect(other.status).toBe(403);
    expect(await snapshotCounts(h)).toEqual(before);
  });

  const bad: [string, Record<string, unknown>, string, RegExp][] = [
    ['a missing name', { name: undefined }, 'name', /Field is required/],
    ['a blank name', { name: '   ' }, 'name', /Field is required/],
    ['a missing type', { type: undefined }, 'type', /Field is required/],
    ['an unknown type', { type: 'Rumour' }, 'type', /Invalid option/],
    ['a status out of range', { status: 5 }, 'status', /Must be one of 0, 1, 2/],
    ['a wrong type of value', { status: 'live' }, 'status', /Int cannot represent/],
    ['an over-long name', { name: 'x'.repeat(301) }, 'name', /At most 300 characters/],
    ['an end before the start', { endDate: '2027-02-01T00:00:00Z' }, 'endDate', /Must not be before startDate/],
    ['a date that is not a date', { startDate: 'next tuesday' }, 'startDate', /ISO 8601/],
    ['an unknown section', { primarySectionId: 999 }, 'primarySectionId', /Unknown section 999/],
    ['another tenant\'s section', { primarySectionId: 203 }, 'primarySectionId', /Unknown section 203/],
    ['another tenant\'s author', { authorIds: [110, 210] }, 'authorIds[1]', /Unknown person 210/],
    ['an unknown schedule section', { schedules: [{ sectionId: 103 }, { sectionId: 4242 }] }, 'schedules[1].sectionId', /Unknown section 4242/],
    ['an unknown schedule option', { schedules: [{ sectionId: 103, option: 'Boosted' }] }, 'schedules[0].option', /Invalid option|Must be one of/],
    ['a primary image not among the images', { primaryImageId: 120, imageIds: [] }, 'primaryImageId', /Must be one of imageIds/],
    ['a javascript: link', { type: 'Promotion', linkUrl: 'javascript:alert(1)' }, 'linkUrl', /Invalid URL|url/i],
  ];
  it.each(bad)('refuses %s with a clear error naming the field, writing nothing', async (_n, patch, field, message) => {
    const before = await snapshotCounts(h);
    const r = await h.op('createContent', { input: { ...valid, ...patch } }, { as: 'alphaEditor' });
    expect(r.status).toBe(400);
    expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(r.error!.message).toMatch(message);
    expect(await snapshotCounts(h)).toEqual(before);
  });
});

describe('the rebuild hook', () => {
  it('is called after the commit; a failing hook is logged and the change stays', async () => {
    const failing = await startApi({ onChange: () => { throw new Error('queue unavailable'); } });
    try {
      const r = await failing.op('createContent', { input: { type: 'News', name: 'Hook test', primarySectionId: 103 } }, { as: 'alphaEditor' });
      expect(r.status).toBe(200);
      expect((await failing.op('getContent', { id: r.data.createContent.id, status: 'any' }, { as: 'alphaEditor' })).data.getContent.name).toBe('Hook test');
      expect(JSON.stringify(failing.logged, (_k, v) => (v instanceof Error ? v.message : v))).toContain('queue unavailable');
    } finally {
      await failing.close();
    }
  });
});

describe('updateContent and deleteContent', () => {
  it('changes only the fields given, clears a field sent as null and reports old and new paths', async () => {
    const created = (await h.op('createContent', { input: { type: 'Article', name: 'Draft on rates', primarySectionId: 103, endDate: '2030-01-01T00:00:00Z', schedules: [{ sectionId: 103 }] } }, { as: 'alphaEditor' })).data.createContent;
    expect(created.status).toBe(2);
    h.changes.length = 0;
    const r = await h.op('updateContent', { id: created.id, input: { status: 1, primarySectionId: 104, endDate: null, schedules: [{ sectionId: 104, option: 'Featured' }] } }, { as: 'alphaEditor' });
    expect(r.data.updateContent).toMatchObject({ name: 'Draft on rates', status: 1, endDate: null, primarySectionId: 104, websiteSchedules: [{ sectionId: 104, option: 'Featured' }] });
    expect(r.data.updateContent.published).toBeTruthy();
    expect(h.changes[0]!.change).toEqual({
      entity: 'content', action: 'update', ids: [created.id],
      paths: [`/markets/ocean-freight/${created.id}/draft-on-rates`, `/markets/ocean-freight/spot-rates/${created.id}/draft-on-rates`],
    });
    const history = await h.store.all<{ changes: string }>(`select changes from history where entity_id = '${created.id}' and action = 'update'`);
    expect(JSON.parse(history[0]!.changes)).toMatchObject({ status: { from: 2, to: 1 }, primarySectionId: { from: 103, to: 104 } });
  });

  it('refuses another tenant\'s item by id (not found) and by header (forbidden), changing nothing', async () => {
    const before = await h.store.all(`select * from content where id = ${BETA_ITEM}`);
    const byId = await h.op('updateContent', { id: BETA_ITEM, input: { name: 'Hijacked' } }, { as: 'alphaEditor' });
    expect(byId.status).toBe(404);
    expect(byId.error!.extensions).toMatchObject({ code: 'NOT_FOUND' });
    const byHeader = await h.op('updateContent', { id: BETA_ITEM, input: { name: 'Hijacked' } }, { as: 'alphaEditor', tenant: 'beta' });
    expect(byHeader.status).toBe(403);
    expect((await h.op('deleteContent', { id: BETA_ITEM }, { as: 'alphaEditor' })).status).toBe(404);
    expect(await h.store.all(`select * from content where id = ${BETA_ITEM}`)).toEqual(before);
  });

  it('answers an unknown id with NOT_FOUND and a bad patch with the field, writing nothing', async () => {
    const before = await snapshotCounts(h);
    const unknown = await h.op('updateContent', { id: 99_999_999, input: { name: 'x' } }, { as: 'alphaEditor' });
    expect(unknown.error).toMatchObject({ message: 'Content 99999999 was not found.', extensions: { code: 'NOT_FOUND' } });
    const bad = await h.op('updateContent', { id: ALPHA_ITEM, input: { name: null } }, { as: 'alphaEditor' });
    expect(bad.error).toMatchObject({ message: 'name: Field is required', extensions: { field: 'name' } });
    const noId = await h.op('updateContent', { input: { name: 'x' } }, { as: 'alphaEditor' });
    expect(noId.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' });
    expect(await snapshotCounts(h)).toEqual(before);
  });

  it('deletes by setting status 0; the item leaves public reads', async () => {
    h.changes.length = 0;
    const r = await h.op('deleteContent', { id: 10_010_005 }, { as: 'alphaEditor' });
    expect(r.data.deleteContent.ok).toBe(true);
    expect((await h.op('getContent', { id: 10_010_005 })).status).toBe(404);
    expect((await h.op('getContent', { id: 10_010_005, status: 'any' }, { as: 'alphaEditor' })).data.getContent.status).toBe(0);
    expect(h.changes[0]).toMatchObject({ tenantKey: 'alpha', change: { entity: 'content', action: 'delete', ids: [10_010_005] } });
    expect((await h.op('deleteContent', { id: 10_010_005 }, { as: 'alphaViewer' })).error!.extensions.code).toBe('FORBIDDEN');
  });
});
