// The ads of a page (issue 19; public §4 Ads, §5): which of the tenant's units it gets — the unit's
// page types and the layout's exclude flags decide, at build time — each slot's ad unit path from
// the tenant's pattern and the section's gamAlias, the body units placed after their paragraph
// count, and the CSS that reserves each slot's tallest mapped height per breakpoint. Pure.
import {
  adTargetId, adUnitAllowed, adUnitPath, bodyInsertionOffset, reservedHeightCss, type AdPageType, type AdUnit,
} from '../../domain/ads';
import type { AdSlotView, BlockView, PageAdsView, RowView } from '../../../site/model';
import type { BuildContent, BuildSection } from '../types';
import type { ResolveContext } from './resolve-context';

export interface AdEnv {
  pageType: AdPageType;
  section: BuildSection | null;
  content: BuildContent | null;
  excludeAds: Readonly<Record<string, boolean | undefined>>;
}

/** Units that stand on their own on a page (not placed by a block or in a body). */
const PAGE_LEVEL = new Set<AdUnit['type']>(['header-leaderboard', 'sticky-bottom', 'reskin']);
const BODY = new Set<AdUnit['type']>(['content-body-native', 'content-body-embed']);

function sectionOf(ctx: ResolveContext, env: AdEnv) {
  const s = env.section && env.section !== ctx.homeSection ? env.section : null;
  return s ? { alias: s.alias, gamAlias: s.gamAlias ?? null } : null;
}

/** The slot of a unit on a page, or null when the page may not have it. `id` makes a repeated unit's element id unique. */
export function adSlot(ctx: ResolveContext, env: AdEnv, unit: AdUnit, id = adTargetId(unit)): AdSlotView | null {
  if (!adUnitAllowed(unit, env.pageType, env.excludeAds)) return null;
  return {
    id, key: unit.key, type: unit.type,
    path: adUnitPath(ctx.index.ads?.pattern, { tenantKey: ctx.index.tenant.key, key: unit.key, useSectionAlias: unit.useSectionAlias, section: sectionOf(ctx, env) }),
    sizes: unit.size, sizeMapping: unit.sizeMapping, refreshRate: unit.refreshRate,
  };
}

/** The slot an ad block names (by unit key), or null: no such unit, or the page may not have it. */
export function blockAdSlot(ctx: ResolveContext, env: AdEnv, key: string, blockId: string): AdSlotView | null {
  const unit = ctx.index.ads?.units.find((u) => u.key === key);
  return unit ? adSlot(ctx, env, unit, `${adTargetId(unit)}-${blockId.replace(/[^A-Za-z0-9_-]/g, '')}`) : null;
}

/** A slot's element in a body: an empty container the ads client fills (ids and keys are restricted by the schema). */
function bodySlotHtml(s: AdSlotView): string {
  return `<div class="ad-slot ad-${s.type}" id="${s.id}" data-ad-key="${s.key}"></div>`;
}

/** Inserts the page's body units into sanitised body HTML after their paragraph counts (fewest first). */
export function insertBodyAds(bodyHtml: string, slots: readonly { slot: AdSlotView; after: number }[]): string {
  const placed = slots
    .map((s) => ({ ...s, at: bodyInsertionOffset(bodyHtml, s.after) }))
    .filter((s): s is typeof s & { at: number } => s.at !== null)
    .sort((a, b) => b.at - a.at);
  let html = bodyHtml;
  for (const s of placed) html = html.slice(0, s.at) + bodySlotHtml(s.slot) + html.slice(s.at);
  return html;
}

/** The body units a content page gets, with their paragraph counts. */
export function bodyAdSlots(ctx: ResolveContext, env: AdEnv): { slot: AdSlotView; after: number }[] {
  const out: { slot: AdSlotView; after: number }[] = [];
  for (const u of ctx.index.ads?.units ?? []) {
    if (!BODY.has(u.type)) continue;
    const slot = adSlot(ctx, env, u);
    if (slot) out.push({ slot, after: u.position });
  }
  return out;
}

function blockSlots(rows: readonly RowView[]): AdSlotView[] {
  return rows.flatMap((r) => r.columns.flatMap((c) => c.blocks.filter((b): b is Extract<BlockView, { kind: 'ad' }> => b.kind === 'ad').map((b) => b.slot)));
}

/**
 * Every slot of a page: the page-level units it may have, the ad blocks its rows kept and the body
 * units that found their place; null when there is none.
 */
export function pageAds(ctx: ResolveContext, env: AdEnv, rows: readonly RowView[], body: readonly AdSlotView[] = []): PageAdsView | null {
  const units = ctx.index.ads?.units ?? [];
  const page = units.filter((u) => PAGE_LEVEL.has(u.type)).map((u) => adSlot(ctx, env, u)).filter((s): s is AdSlotView => s !== null);
  const slots = [...page, ...blockSlots(rows), ...body];
  if (slots.length === 0) return null;
  const section = sectionOf(ctx, env);
  const gpt = ctx.index.tenant.settings.ads?.gpt;
  return {
    slots,
    targeting: {
      section: section ? (section.gamAlias?.trim() || section.alias) : 'home',
      contentId: env.content ? String(env.content.id) : null,
      contentType: env.content?.type ?? null,
      pageType: env.pageType,
      tenant: ctx.index.tenant.key,
    },
    gptUrl: gpt ? gpt.scriptUrl : null,
    css: reservedHeightCss(slots.filter((s) => s.type !== 'sticky-bottom' && s.type !== 'reskin').map((s) => ({ id: s.id, unit: { size: s.sizes, sizeMapping: s.sizeMapping } }))),
  };
}
