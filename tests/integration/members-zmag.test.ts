// getGatedContent for a digital edition (zmag) item (issue 21, public §4): its gating type is
// membership with the tenant's free memberships required; an anonymous reader or a member with
// only a paid membership fails and gets the zmag embed among the hidden blocks (gating failed, no
// meter), a member with a free membership passes and nothing is hidden.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALPHA, ITEMS, startMembers, type MemberHarness } from './members-harness';

let h: MemberHarness;
const ZMAG = ITEMS.exemptNews;
beforeAll(async () => {
  h = await startMembers();
  await h.store.run("UPDATE content SET zmag_id = 'ab12cd34', body = '<p>ZMAG BODY</p>' WHERE id = ?", [ZMAG]);
});
afterAll(async () => { await h.close(); });

const gated = async (member?: string) => (await h.op('getGatedContent', { id: ZMAG }, member ? { member } : { browser: h.browser() })).data.getGatedContent;

describe('zmag gating', () => {
  it('gates a zmag item by the free memberships and hides the zmag embed from an anonymous reader', async () => {
    const r = await gated();
    expect(r).toMatchObject({
      gatingType: 'membership', gatingStatus: 'failed', canRead: false, gate: 'join-login', meter: null, body: null,
      requiredMemberships: [{ id: ALPHA.insider, alias: 'insider', isFree: true }],
    });
    expect(r.hiddenBlocks).toContain('zmag_embed');
  });

  it('hides it from a member holding only a paid membership', async () => {
    await h.member('zmag.pro@example.com', { memberships: [ALPHA.pro] });
    const r = await gated(await h.login('zmag.pro@example.com'));
    expect(r).toMatchObject({ gatingStatus: 'failed', canRead: false });
    expect(r.hiddenBlocks).toContain('zmag_embed');
  });

  it('shows it (nothing hidden) and the body to a member with a free membership', async () => {
    await h.member('zmag.insider@example.com', { memberships: [ALPHA.insider] });
    const r = await gated(await h.login('zmag.insider@example.com'));
    expect(r).toMatchObject({ gatingType: 'membership', gatingStatus: 'passed', passedBy: 'membership', canRead: true, hiddenBlocks: [], body: '<p>ZMAG BODY</p>' });
  });
});
