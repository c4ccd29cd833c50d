// The member facts kept in memory for gated reads (api/members/member-cache.ts): a member's
// session and memberships are read once and kept, and every way a session or a membership ends
// through the API stops a gated read at once — logout, password change and reset, staff removing
// a membership or deactivating the member, a membership switched off, a holding that expires, and
// another instance's report. A change made behind the API shows within the cache's lifetime.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantMembership } from '../../engine/store/queries/members';
import type { Invalidation, SharedState } from '../../engine/services/kernel/shared-state';
import { memorySharedState } from '../../engine/services/kernel/shared-state';
import { MEMBER_SESSIONS_ENTITY } from '../../engine/services/kernel/member-cache';
import { ALPHA, ITEMS, MEMBER_PASSWORD, startMembers, type MemberHarness } from './members-harness';

/** A memory shared state that hands this test the instance's handler, to deliver another instance's invalidation. */
function relayed(): SharedState & { deliver(m: Invalidation): void; published: Invalidation[] } {
  const base = memorySharedState();
  const handlers = new Set<(m: Invalidation) => void>();
  const published: Invalidation[] = [];
  return {
    ...base,
    published,
    publish: async (m) => { published.push(m); },
    onInvalidate: (handler) => { handlers.add(handler); return () => { handlers.delete(handler); }; },
    deliver: (m) => { for (const handler of handlers) handler(m); },
  };
}

let h: MemberHarness;
const shared = relayed();
beforeAll(async () => { h = await startMembers({ shared }); });
afterAll(async () => { await h.close(); });

let n = 0;
/** A member holding Pro, signed in; returns the id and token. */
async function proMember(): Promise<{ id: number; token: string }> {
  const email = `cached${++n}@example.com`;
  const id = await h.member(email, { memberships: [ALPHA.pro] });
  return { id, token: await h.login(email) };
}

const readsPro = async (token: string) => {
  const r = await h.op('getGatedContent', { id: ITEMS.proOnly }, { member: token });
  expect(r.error).toBeUndefined();
  return r.data.getGatedContent.canRead as boolean;
};

describe('member facts kept for gated reads', () => {
  it('keeps a session and its memberships between requests: a change behind the API shows once the entry is older than the cache lifetime', async () => {
    const { id, token } = await proMember();
    expect(await readsPro(token)).toBe(true);
    await h.store.run('delete from site_user_memberships where site_user_id = ?', [id]);
    expect(await readsPro(token)).toBe(true);
    h.clock.now += 5_001;
    try {
      expect(await readsPro(token)).toBe(false);
    } finally {
      h.clock.now -= 5_001;
    }
  });

  it('stops the pass at once when the member logs out', async () => {
    const { token } = await proMember();
    expect(await readsPro(token)).toBe(true);
    expect((await h.op('logoutSiteUser', {}, { member: token })).error).toBeUndefined();
    const after = (await h.op('getGatedContent', { id: ITEMS.proOnly }, { member: token })).data.getGatedContent;
    expect(after).toMatchObject({ canRead: false, body: null, gatingStatus: 'failed' });
    expect(shared.published).toContainEqual({ tenantKey: 'alpha', entity: MEMBER_SESSIONS_ENTITY });
  });

  it('stops the old session at once when the member changes their password', async () => {
    const { token } = await proMember();
    expect(await readsPro(token)).toBe(true);
    const r = await h.op('updateSiteUserPassword', { password: MEMBER_PASSWORD, newPassword: 'a whole new password 7' }, { member: token });
    expect(r.error).toBeUndefined();
    expect(await readsPro(token)).toBe(false);
    expect(await readsPro(r.data.updateSiteUserPassword.token)).toBe(true);
  });

  it('stops the pass at once when staff take the membership away or deactivate the member', async () => {
    const a = await proMember();
    const b = await proMember();
    expect(await readsPro(a.token)).toBe(true);
    expect(await readsPro(b.token)).toBe(true);
    expect((await h.op('updateSiteUserProfileAdmin', { id: a.id, input: { membershipIds: [ALPHA.insider] } }, { as: 'alphaAdmin' })).error).toBeUndefined();
    expect(await readsPro(a.token)).toBe(false);
    expect(await readsPro(b.token)).toBe(true);
    expect((await h.op('updateSiteUserProfileAdmin', { id: b.id, input: { status: 0 } }, { as: 'alphaAdmin' })).error).toBeUndefined();
    expect(await readsPro(b.token)).toBe(false);
  });

  it('stops the pass at once when the membership itself is switched off', async () => {
    const { token } = await proMember();
    expect(await readsPro(token)).toBe(true);
    expect((await h.op('updateMembership', { id: ALPHA.pro, input: { status: 0 } }, { as: 'alphaAdmin' })).error).toBeUndefined();
    try {
      expect(await readsPro(token)).toBe(false);
    } finally {
      expect((await h.op('updateMembership', { id: ALPHA.pro, input: { status: 1 } }, { as: 'alphaAdmin' })).error).toBeUndefined();
    }
    expect(await readsPro(token)).toBe(true);
  });

  it('applies a holding\'s expiry at each read, not when it was kept', async () => {
    const email = `expiring${++n}@example.com`;
    const id = await h.member(email);
    await grantMembership(h.store.db, id, ALPHA.pro, h.clock.now + 1_000);
    const token = await h.login(email);
    expect(await readsPro(token)).toBe(true);
    h.clock.now += 1_000;
    try {
      expect(await readsPro(token)).toBe(false);
    } finally {
      h.clock.now -= 1_000;
    }
  });

  it('drops the kept facts when another instance reports a member\'s session change', async () => {
    const { id, token } = await proMember();
    expect(await readsPro(token)).toBe(true);
    // Another instance revoked it and published; this instance hears of it.
    await h.store.run('update site_user_sessions set revoked_at = ? where site_user_id = ?', [h.clock.now, id]);
    shared.deliver({ tenantKey: 'alpha', entity: MEMBER_SESSIONS_ENTITY });
    expect(await readsPro(token)).toBe(false);
  });

  it('keeps a session of one tenant from signing its member in to another', async () => {
    const email = `beta${++n}@example.com`;
    await h.member(email, { tenant: 'beta' });
    const token = await h.login(email, { tenant: 'beta' });
    const asAlpha = () => h.op('getGatedContent', { id: ITEMS.registration }, { member: token });
    expect((await asAlpha()).data.getGatedContent).toMatchObject({ canRead: false, body: null });
    expect((await asAlpha()).data.getGatedContent).toMatchObject({ canRead: false, body: null });
  });
});
