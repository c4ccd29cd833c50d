// Search never confirms what a gated body says (issue 7's body rule, public §4, §6): for readers
// and members a gated item (membership, registration or survey) matches on its name and teaser
// only; staff with manage_content match its body. Metered bodies stay searchable: the meter lends
// them to readers, and the page still counts the view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALPHA, ITEMS, startMembers, type MemberHarness } from './members-harness';

let h: MemberHarness;
/** A word found in exactly one body of the fixture. */
const WORD = {
  [ITEMS.proOnly]: 'axolotl', [ITEMS.registration]: 'pangolin', [ITEMS.survey]: 'narwhal',
  [ITEMS.open[0]]: 'okapi', [ITEMS.exemptNews]: 'quetzal',
} as Record<number, string>;
const GATED = [ITEMS.proOnly, ITEMS.registration, ITEMS.survey];

beforeAll(async () => {
  h = await startMembers();
  for (const [id, word] of Object.entries(WORD)) {
    await h.store.run('update content set body = ? where id = ?', [`<p>Field notes on the ${word} market.</p>`, Number(id)]);
  }
});
afterAll(async () => { await h.close(); });

const found = async (text: string, opts: Parameters<MemberHarness['op']>[2] = {}) => {
  const r = await h.op('searchContent', { input: { search: text, pagination: { limit: 50 } } }, opts);
  expect(r.error, text).toBeUndefined();
  const c = r.data.getContentStream as { totalCount: number; edges: { node: { id: number } }[]; facets: { types: { count: number }[] } | null };
  // The facets count the same matches as the list.
  expect(c.facets?.types.reduce((n, t) => n + t.count, 0) ?? 0, `${text}: facets`).toBe(c.totalCount);
  return c.edges.map((e) => e.node.id);
};

describe('search over gated bodies', () => {
  it('does not match a word of a gated body for readers or members', async () => {
    for (const id of GATED) expect(await found(WORD[id]!), WORD[id]).toEqual([]);
    // Even a member of the item's membership: bodies come from getGatedContent, not from search.
    await h.member('pro.searcher@example.com', { memberships: [ALPHA.pro] });
    const member = await h.login('pro.searcher@example.com');
    for (const id of GATED) expect(await found(WORD[id]!, { member }), WORD[id]).toEqual([]);
  });

  it('matches open and metered bodies for readers', async () => {
    expect(await found(WORD[ITEMS.exemptNews]!)).toEqual([ITEMS.exemptNews]);
    expect(await found(WORD[ITEMS.open[0]]!)).toEqual([ITEMS.open[0]]);
  });

  it('still finds a gated item by its name', async () => {
    const name = (await h.store.all<{ name: string }>('select name from content where id = ?', [ITEMS.proOnly]))[0]!.name;
    expect(await found(name)).toContain(ITEMS.proOnly);
  });

  it('matches gated bodies for staff with manage_content', async () => {
    for (const id of GATED) expect(await found(WORD[id]!, { as: 'admin' }), WORD[id]).toEqual([id]);
  });
});
