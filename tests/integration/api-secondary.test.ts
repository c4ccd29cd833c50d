// Secondary content paging (public §4, §7): getNextSecondaryGrid (custom-click/-scroll) and
// getNextSecondaryPage (page-click/-scroll) through their registered documents: never an item the
// page already shows, stopping on under-filled blocks or no next page, no gated body, one tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';

let h: Harness;
const ALPHA = (i: number) => 10_010_000 + i;
const LIVE = Array.from({ length: 11 }, (_, i) => ALPHA(i + 1));

beforeAll(async () => {
  h = await startApi();
  const list = (id: string, limit: number) => ({ id, type: 'content_list', data: { section: 'current', limit, display: 'list' } });
  const r = await h.gql(`mutation($input: LayoutInput) { updateLayout(id: 170, input: $input) { id } }`, {
    input: {
      loadMoreType: 'custom-click',
      secondaryGrid: { rows: [{ settings: { layout: '1' }, columns: [{ blocks: [list('more', 4), { id: 'marker', type: 'load_more' }] }] }] },
    },
  }, { as: 'admin' });
  expect(r.error).toBeUndefined();
});
afterAll(async () => { await h.close(); });

interface GridAnswer { nextSecondaryGrid: { rows: { columns: { blocks: { kind: string; id: string; items?: { id: number }[] }[] }[] }[] } | null; hasUnderFilledBlocks: boolean; excludeContentIds: number[] }
const grid = async (gridSettings: Record<string, unknown>, tenant = 'alpha') => {
  const r = await h.op('getNextSecondaryGrid', { gridSettings }, { tenant });
  expect(r.error).toBeUndefined();
  return r.data.getNextSecondaryGrid as GridAnswer;
};
const itemIds = (g: GridAnswer) => (g.nextSecondaryGrid?.rows ?? []).flatMap((r) => r.columns.flatMap((c) => c.blocks.flatMap((b) => (b.items ?? []).map((i) => i.id))));
const page = async (input: Record<string, unknown>, tenant = 'alpha') => {
  const r = await h.op('getNextSecondaryPage', { input }, { tenant });
  expect(r.error).toBeUndefined();
  return r.data.getNextSecondaryPage as { page: { contentId: number; path: string; content: { gated: boolean; bodyHtml: string }; rows: unknown[] } | null; usedContentIds: number[] };
};

describe('getNextSecondaryGrid', () => {
  it('resolves the layout\'s secondary grid without the items the page shows, until blocks are under-filled', async () => {
    const shown = LIVE.slice(0, 4);
    const first = await grid({ layoutId: 170, sectionId: 102, excludeContentIds: shown });
    const a = itemIds(first);
    expect(a).toHaveLength(4);
    expect(a.some((id) => shown.includes(id))).toBe(false);
    expect(first.hasUnderFilledBlocks).toBe(false);
    expect(first.excludeContentIds.sort()).toEqual([...shown, ...a].sort());
    // The secondary grid's own load_more block is not sent back: the asking island is the marker.
    expect(first.nextSecondaryGrid!.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks.map((b) => b.kind)))).toEqual(['list']);
    const second = await grid({ layoutId: 170, sectionId: 102, excludeContentIds: first.excludeContentIds });
    const b = itemIds(second);
    expect(b).toHaveLength(3);
    expect(new Set([...shown, ...a, ...b]).size).toBe(11);
    expect(second.hasUnderFilledBlocks).toBe(true);
    const third = await grid({ layoutId: 170, sectionId: 102, excludeContentIds: second.excludeContentIds });
    expect(third.nextSecondaryGrid).toBeNull();
  });

  it('limits lists to the section and to the default types when blocks name none', async () => {
    const spot = await grid({ layoutId: 170, sectionId: 104 });
    expect(itemIds(spot).every((id) => (id - 10_010_000) % 2 === 0)).toBe(true);
    const news = await grid({ layoutId: 170, sectionId: 102, defaultContentTypes: ['News'] });
    expect(itemIds(news).sort()).toEqual([ALPHA(1), ALPHA(4), ALPHA(7), ALPHA(10)]);
    expect(news.hasUnderFilledBlocks).toBe(false);
  });

  it('answers nothing for another tenant\'s section and refuses bad settings naming the field', async () => {
    expect((await grid({ layoutId: 170, sectionId: 203 })).nextSecondaryGrid).toBeNull();
    const beta = await grid({ sectionId: 203 }, 'beta');
    expect(itemIds(beta).every((id) => id > 10_020_000)).toBe(true);
    const tooMany = await h.op('getNextSecondaryGrid', { gridSettings: { excludeContentIds: Array.from({ length: 2001 }, (_, i) => i + 1) } });
    expect(tooMany.error?.extensions.code).toBe('BAD_USER_INPUT');
    expect(tooMany.error?.message).toContain('gridSettings.excludeContentIds');
    const badType = await h.op('getNextSecondaryGrid', { gridSettings: { defaultContentTypes: ['Nope'] } });
    expect(badType.error?.message).toContain('gridSettings.defaultContentTypes');
  });
});

describe('getNextSecondaryPage', () => {
  it('gives the newest content page of the section not yet shown, then none', async () => {
    const first = await page({ limit: 1, sectionId: 103, excludeContentIds: [], sortField: 'published', sortOrder: 'desc' });
    expect(first.page?.contentId).toBe(ALPHA(11));
    expect(first.page?.path).toContain('/10010011/');
    expect(first.page?.rows.length).toBeGreaterThan(0);
    // The first page's own lists show more items; the next page is the newest of the rest.
    const ocean = [11, 9, 7, 5, 3, 1].map(ALPHA);
    const expected = ocean.find((id) => !first.usedContentIds.includes(id));
    const second = await page({ sectionId: 103, excludeContentIds: first.usedContentIds });
    expect(second.page?.contentId).toBe(expected);
    expect(second.usedContentIds).toEqual(expect.arrayContaining([...first.usedContentIds, expected]));
    const all = await page({ sectionId: 103, excludeContentIds: LIVE });
    expect(all.page).toBeNull();
    const news = await page({ sectionId: 102, includeContentTypes: ['News'] });
    expect(news.page?.contentId).toBe(ALPHA(10));
  });

  it('never sends a gated body, skips drafts and stays in the tenant', async () => {
    const r = await h.gql(`mutation { updateContent(id: ${ALPHA(11)}, input: { membershipIds: [140] }) { id } }`, {}, { as: 'admin' });
    expect(r.error).toBeUndefined();
    const gated = await page({ sectionId: 103 });
    expect(gated.page?.contentId).toBe(ALPHA(11));
    expect(gated.page?.content.gated).toBe(true);
    expect(gated.page?.content.bodyHtml).toBe('');
    expect(JSON.stringify(gated.page)).not.toContain('trimming sailings');
    const open = await page({ sectionId: 104 });
    expect(JSON.stringify(open.page)).toContain('trimming sailings');
    expect((await page({ sectionId: 104, excludeContentIds: LIVE })).page).toBeNull(); // 12 is a draft
    expect((await page({ sectionId: 203 })).page).toBeNull();
    const bad = await h.op('getNextSecondaryPage', { input: { sortField: 'name' } });
    expect(bad.error?.message).toContain('input.sortField');
  });
});
