// Secondary content paging (public §4, §7 "Page service"): getNextSecondaryGrid resolves the
// layout's secondary grid (custom-click, custom-scroll) and getNextSecondaryPage the next content
// page of a section (page-click, page-scroll), both skipping every item the page already shows.
// Resolution is the build's own (engine/build/front-door.ts) over the tenant's live index, so an
// appended part looks exactly like a prerendered one and never holds a gated or metered body.
import { z } from 'zod';
import { CONTENT_TYPES } from '../../engine/domain/enums';
import { parseInput, withoutNulls } from '../../engine/domain/validation';
import { loadSiteResolver, resolveNextPage, resolveSecondaryGrid, type SiteResolver } from '../../engine/build/front-door';
import { contentByIds } from '../../engine/store/queries/content';
import type { GqlContext } from '../context';
import type { SiteSnapshot } from '../../engine/services/kernel/site-cache';

/** Most ids a caller may send back (8 loads of full pages stay far below this). */
export const MAX_EXCLUDED = 2000;

// One resolve context per site snapshot: a committed change (or the snapshot's lifetime) drops
// the snapshot, and with it this tenant index.
const contexts = new WeakMap<SiteSnapshot, Promise<SiteResolver>>();

/** The tenant's live build index for this request's site snapshot (also read by block-data.ts). */
export async function resolveContext(ctx: GqlContext): Promise<SiteResolver> {
  const site = await ctx.site();
  let rc = contexts.get(site);
  if (!rc) {
    const tenantKey = (await ctx.tenant()).tenantKey;
    rc = loadSiteResolver(ctx.services.store, tenantKey, ctx.services.now());
    contexts.set(site, rc);
    rc.catch(() => contexts.delete(site));
  }
  return rc;
}

const idList = z.array(z.number().int().positive()).max(MAX_EXCLUDED, `At most ${MAX_EXCLUDED} ids`);
const gridInput = z.strictObject({
  layoutId: z.number().int().positive().optional(),
  sectionId: z.number().int().positive().optional(),
  excludeContentIds: idList.default([]),
  excludeIssueIds: idList.default([]),
  defaultContentTypes: z.array(z.enum(CONTENT_TYPES)).max(50).default([]),
});
const pageInput = z.strictObject({
  limit: z.number().int().optional(),
  includeContentTypes: z.array(z.enum(CONTENT_TYPES)).max(50).default([]),
  excludeContentIds: idList.default([]),
  sectionId: z.number().int().positive().optional(),
  sortField: z.enum(['published']).default('published'),
  sortOrder: z.enum(['desc']).default('desc'),
});

export async function nextSecondaryGrid(ctx: GqlContext, raw: unknown) {
  const f = parseInput(gridInput, withoutNulls(raw ?? {}), 'gridSettings');
  const rc = await resolveContext(ctx);
  const grid = resolveSecondaryGrid(rc, f);
  if (!grid) return { nextSecondaryGrid: null, hasUnderFilledBlocks: true, excludeContentIds: f.excludeContentIds, excludeIssueIds: f.excludeIssueIds };
  return { nextSecondaryGrid: { rows: grid.rows }, hasUnderFilledBlocks: grid.hasUnderFilledBlocks, excludeContentIds: grid.usedContentIds, excludeIssueIds: f.excludeIssueIds };
}

export async function nextSecondaryPage(ctx: GqlContext, raw: unknown) {
  const f = parseInput(pageInput, withoutNulls(raw ?? {}), 'input');
  const rc = await resolveContext(ctx);
  const next = await resolveNextPage(rc, f, async (id) => {
    const [row] = await contentByIds(ctx.services.store.db, rc.index.tenant.key, [id]);
    return row?.body ?? '';
  });
  if (!next) return { page: null, usedContentIds: f.excludeContentIds, usedIssueIds: [] as number[] };
  return { page: next.page, usedContentIds: next.usedContentIds, usedIssueIds: [] as number[] };
}
