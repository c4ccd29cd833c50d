// The member's account and the staff side of site users: reading, profile updates that change
// only non-empty fields, favourites, listing and searching, updateSiteUserProfileAdmin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALPHA, BETA, ITEMS, memberCounts, startMembers, type MemberHarness } from './members-harness';

let h: MemberHarness;
let ann: string;
let annId: number;
let q: { id: number; values: { id: number }[] };
beforeAll(async () => {
  h = await startMembers();
  annId = await h.member('ann@example.com', { memberships: [ALPHA.insider] });
  await h.member('bob@example.com');
  await h.member('cleo@example.com', { tenant: 'beta' });
  ann = await h.login('ann@example.com');
  const r = await h.op('createDemographicQuestion', { input: { demographicType: 2, description: 'Modes', values: [{ description: 'Ocean' }, { description: 'Air' }] } }, { as: 'alphaAdmin' });
  q = { id: r.data.createDemographicQuestion.id, values: r.data.createDemographicQuestion.demographicValues };
});
afterAll(async () => { await h.close(); });

describe('reading the account', () => {
  it('getSiteUser answers the signed-in member; anonymous callers are refused', async () => {
    const r = await h.op('getSiteUser', {}, { member: ann });
    expect(r.data.getSiteUser).toMatchObject({ id: annId, username: 'ann@example.com', memberships: [ALPHA.insider], favoriteContent: [], simulating: false });
    expect(r.data.getSiteUser.hashedId).toMatch(/^[0-9a-f]{32}$/);
    expect((await h.op('getSiteUser', {})).error!.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('getSiteUser by id or username is for staff with manage_site_users in the tenant (or the member themself)', async () => {
    expect((await h.op('getSiteUser', { username: 'bob@example.com' }, { as: 'alphaAdmin' })).data.getSiteUser.username).toBe('bob@example.com');
    expect((await h.op('getSiteUser', { id: annId }, { member: ann })).data.getSiteUser.id).toBe(annId);
    expect((await h.op('getSiteUser', { username: 'bob@example.com' }, { member: ann })).error!.extensions.code).toBe('UNAUTHENTICATED');
    expect((await h.op('getSiteUser', { username: 'bob@example.com' }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('getSiteUser', { username: 'cleo@example.com' }, { as: 'alphaAdmin' })).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('getSiteUser', { username: 'cleo@example.com' }, { as: 'alphaAdmin', tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
  });

  it('getActiveSiteUserWithNewsletters answers the reduced view, or null when nobody is signed in', async () => {
    expect((await h.op('getActiveSiteUserWithNewsletters', { useCache: true }, { member: ann })).data.getActiveSiteUserWithNewsletters)
      .toEqual({ id: annId, email: 'ann@example.com', memberships: [ALPHA.insider], newsletters: [], simulating: false });
    expect((await h.op('getActiveSiteUserWithNewsletters', {})).data.getActiveSiteUserWithNewsletters).toBeNull();
  });
});

describe('updateSiteUserProfile', () => {
  it('changes only the non-empty fields', async () => {
    const first = await h.op('updateSiteUserProfile', { input: { firstName: 'Ann', lastName: 'Archer', company: 'Archer Freight', countryCode: 'US', region: 'il' } }, { member: ann });
    expect(first.data.updateSiteUserProfile).toMatchObject({ firstName: 'Ann', lastName: 'Archer', company: 'Archer Freight', countryCode: 'USA', region: 'IL' });
    const second = await h.op('updateSiteUserProfile', { input: { firstName: '', lastName: null, title: 'Director', company: '   ', demographics: [{ questionId: q.id, answerIds: [q.values[1]!.id] }] } }, { member: ann });
    expect(second.data.updateSiteUserProfile).toMatchObject({
      firstName: 'Ann', lastName: 'Archer', title: 'Director', company: 'Archer Freight', countryCode: 'USA', region: 'IL',
      demographics: [{ questionId: q.id, answerIds: [q.values[1]!.id], value: null }],
    });
    const third = await h.op('updateSiteUserProfile', { input: { city: 'Joliet', demographics: [{ questionId: q.id, answerIds: [] }] } }, { member: ann });
    expect(third.data.updateSiteUserProfile).toMatchObject({ city: 'Joliet', demographics: [{ questionId: q.id, answerIds: [q.values[1]!.id] }] });
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const before = JSON.stringify((await h.op('getSiteUser', {}, { member: ann })).data.getSiteUser);
    const cases: [Record<string, unknown>, string][] = [
      [{ countryCode: 'XX' }, 'input.countryCode'],
      [{ region: 'ZZ' }, 'input.region'],
      [{ countryCode: 'CAN', firstName: 'Changed' }, 'input.region'],
      [{ firstName: 'x'.repeat(121) }, 'input.firstName'],
      [{ demographics: [{ questionId: q.id, answerIds: [424242] }] }, `demo_${q.id}`],
    ];
    for (const [input, field] of cases) {
      const r = await h.op('updateSiteUserProfile', { input }, { member: ann });
      expect(r.status, JSON.stringify(input)).toBe(400);
      expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(JSON.stringify((await h.op('getSiteUser', {}, { member: ann })).data.getSiteUser)).toBe(before);
    expect((await h.op('updateSiteUserProfile', { input: { city: 'X' } })).error!.extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('favourites', () => {
  it('adds and removes published items of the tenant', async () => {
    const added = await h.op('addSiteUserFavorite', { contentId: ITEMS.open[0] }, { member: ann });
    expect(added.data.addSiteUserFavorite.favoriteContent).toEqual([{ id: ITEMS.open[0], created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }]);
    await h.op('addSiteUserFavorite', { contentId: ITEMS.open[0] }, { member: ann });
    expect((await h.op('getSiteUser', {}, { member: ann })).data.getSiteUser.favoriteContent).toHaveLength(1);
    const removed = await h.op('removeSiteUserFavorite', { contentId: ITEMS.open[0] }, { member: ann });
    expect(removed.data.removeSiteUserFavorite.favoriteContent).toEqual([]);
  });

  it('refuses drafts, other tenants\' items, bad ids and anonymous callers', async () => {
    const before = await h.count('site_user_favorites');
    expect((await h.op('addSiteUserFavorite', { contentId: ITEMS.draft }, { member: ann })).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('addSiteUserFavorite', { contentId: BETA.firstItem }, { member: ann })).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('addSiteUserFavorite', { contentId: 0 }, { member: ann })).error).toMatchObject({ extensions: { field: 'contentId' } });
    expect((await h.op('addSiteUserFavorite', { contentId: ITEMS.open[0] })).error!.extensions.code).toBe('UNAUTHENTICATED');
    expect(await h.count('site_user_favorites')).toBe(before);
  });
});

describe('site users for staff', () => {
  it('lists and searches the tenant\'s members only', async () => {
    const all = (await h.op('getSiteUserStream', {}, { as: 'alphaAdmin' })).data.getSiteUserStream;
    expect(all.edges.map((e: any) => e.node.username).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    const found = (await h.op('getSiteUserStream', { input: { phrase: 'ARCHER' } }, { as: 'alphaAdmin' })).data.getSiteUserStream;
    expect(found.edges.map((e: any) => e.node.username)).toEqual(['ann@example.com']);
    const paged = (await h.op('getSiteUserStream', { input: { pagination: { limit: 1 } } }, { as: 'alphaAdmin' })).data.getSiteUserStream;
    expect(paged).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true } });
    expect((await h.op('getSiteUserStream', {}, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('getSiteUserStream', {}, { as: 'alphaAdmin', tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('getSiteUserStream', {})).error!.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('updateSiteUserProfileAdmin edits names, address and memberships (granting a paid one opens its content), with history', async () => {
    const bobId = (await h.op('getSiteUser', { username: 'bob@example.com' }, { as: 'alphaAdmin' })).data.getSiteUser.id;
    const bob = await h.login('bob@example.com');
    expect((await h.op('getGatedContent', { id: ITEMS.proOnly }, { member: bob })).data.getGatedContent.canRead).toBe(false);
    const r = await h.op('updateSiteUserProfileAdmin', { id: bobId, input: { firstName: 'Robert', email: 'robert@example.com', membershipIds: [ALPHA.pro] } }, { as: 'alphaAdmin' });
    expect(r.status).toBe(200);
    expect(r.data.updateSiteUserProfileAdmin).toMatchObject({ firstName: 'Robert', email: 'robert@example.com', username: 'bob@example.com', memberships: [ALPHA.pro] });
    expect((await h.op('getGatedContent', { id: ITEMS.proOnly }, { member: bob })).data.getGatedContent.canRead).toBe(true);
    const [hist] = await h.store.all<{ changes: string }>("select changes from history where entity_type = 'siteUser' and action = 'update'");
    expect(JSON.parse(hist!.changes)).toMatchObject({ firstName: { from: 'Test', to: 'Robert' }, membershipIds: { from: [], to: [ALPHA.pro] } });
    // Deactivating ends the member's sessions.
    await h.op('updateSiteUserProfileAdmin', { id: bobId, input: { status: 0 } }, { as: 'alphaAdmin' });
    expect((await h.op('getSiteUser', {}, { member: bob })).error!.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses bad input, taken addresses, other tenants\' members and callers without the permission, writing nothing', async () => {
    const before = await memberCounts(h);
    const up = (id: number, input: Record<string, unknown>, opts: Record<string, unknown> = { as: 'alphaAdmin' }) => h.op('updateSiteUserProfileAdmin', { id, input }, opts);
    expect((await up(annId, { email: 'not an address' })).error).toMatchObject({ extensions: { field: 'input.email' } });
    expect((await up(annId, { username: 'robert@example.com' })).error).toMatchObject({ message: 'input.username: This username or e-mail address is already in use.' });
    expect((await up(annId, { membershipIds: [BETA.insider] })).error).toMatchObject({ extensions: { field: 'input.membershipIds[0]' } });
    expect((await up(annId, { status: 7 })).error).toMatchObject({ extensions: { field: 'input.status' } });
    expect((await up(annId, { firstName: 'X' }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await up(annId, { firstName: 'X' }, { as: 'admin', tenant: 'beta' })).error!.extensions.code).toBe('NOT_FOUND');
    expect(await memberCounts(h)).toEqual(before);
  });
});
