// The ads of a page (issue 19; public §4 Ads, §5): which of the tenant's units it gets — the unit's
// page types and the layout's exclude flags decide, at build time — each slot's ad unit path from
// the tenant's pattern and the section's gamAlias, the body units placed after their paragraph
// count, and the CSS that reserves each slot's tallest mapped height per breakpoint. Tenants
// without an ad server (no ads.gpt setting) get the house ads scheduled at build time instead:
// natives in list and body positions, the skin, the welcome ad and the sticky bottom creative;
// a slot no house creative fills is left out (no empty space). Pure.
import {
  adTargetId, adUnitAllowed, adUnitPath, bodyInsertionOffset, reservedHeightCss, type AdPageType, type AdUnit,
} from '../../domain/ads';
import { rankHouseAds, type HouseAd } from '../../domain/house-ads';
import type { AdFallbackView, AdSlotView, BlockView, HouseAdsView, HouseBannerView, NativeAdView, PageAdsView, RowView } from '../../../site/model';
import { adSlotHtml, nativeAdHtml } from '../../../site/ads-html';
import type { BuildContent, BuildSection } from '../types';
import { imageView, type ResolveContext } from './resolve-context';

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

/**
 * The slot of a unit on a page, or null when the page may not have it. `id` makes a repeated unit's
 * element id unique. Ad-server brands' slots carry their house fallback (`used`: natives already on
 * the page, so a page never shows one native twice).
 */
export function adSlot(ctx: ResolveContext, env: AdEnv, unit: AdUnit, id = adTargetId(unit), used = new Set<number>()): AdSlotView | null {
  if (!adUnitAllowed(unit, env.pageType, env.excludeAds)) return null;
  const slot: AdSlotView = {
    id, key: unit.key, type: unit.type,
    path: adUnitPath(ctx.index.ads?.pattern, { tenantKey: ctx.index.tenant.key, key: unit.key, useSectionAlias: unit.useSectionAlias, section: sectionOf(ctx, env) }),
    sizes: unit.size, sizeMapping: unit.sizeMapping, refreshRate: unit.refreshRate,
  };
  const fallback = usesGpt(ctx) ? houseFallback(ctx, unit, used) : null;
  return fallback ? { ...slot, fallback } : slot;
}

/** Whether the tenant requests ads from Google Publisher Tag (else it serves house ads). */
export const usesGpt = (ctx: ResolveContext): boolean => !!ctx.index.tenant.settings.ads?.gpt;

/** Whether a house banner fits a slot: the sticky position takes any; other slots one of their own sizes. */
function bannerFits(unit: AdUnit, b: { width: number; height: number }): boolean {
  if (unit.type === 'sticky-bottom') return true;
  return [...unit.size, ...unit.sizeMapping.flatMap((m) => m.sizes)].some(([w, h]) => w === b.width && h === b.height);
}

/**
 * The house creative an ad-server brand's slot falls back to (issue 19): the best live native for
 * native positions, else the best live banner that fits the slot. Skins have no fallback.
 */
function houseFallback(ctx: ResolveContext, unit: AdUnit, used: Set<number>): AdFallbackView | null {
  if (unit.type === 'content-list-native' || unit.type === 'content-body-native') {
    const ad = pickNative(ctx, unit.key, used);
    return ad ? { kind: 'native', ad } : null;
  }
  if (unit.type === 'reskin') return null;
  const banner = rankHouseAds(ctx.index.ads?.house ?? [], 'sticky', ctx.index.now, unit.key).find((a) => a.sticky && bannerFits(unit, a.sticky));
  return banner ? { kind: 'banner', ad: bannerView(banner)! } : null;
}

function bannerView(ad: HouseAd): HouseBannerView | null {
  const b = ad.sticky;
  return b ? { id: ad.id, image: b.imagePath, clickUrl: b.clickUrl, alt: b.alt, width: b.width, height: b.height } : null;
}

/** The slot an ad block names (by unit key), or null: no such unit, the page may not have it, or house ads only. */
export function blockAdSlot(ctx: ResolveContext, env: AdEnv, key: string, blockId: string): AdSlotView | null {
  if (!usesGpt(ctx)) return null;
  const unit = ctx.index.ads?.units.find((u) => u.key === key);
  return unit ? adSlot(ctx, env, unit, `${adTargetId(unit)}-${blockId.replace(/[^A-Za-z0-9_-]/g, '')}`) : null;
}

/** A slot's element in a body: the container the ads client fills (with its fallback), or the house native. */
function bodySlotHtml(s: AdSlotView, native?: NativeAdView): string {
  return adSlotHtml(s, 'div', native ? nativeAdHtml(native, 'aside') : undefined);
}

export interface BodySlot { slot: AdSlotView; after: number; native?: NativeAdView }

/** Inserts the page's body units into sanitised body HTML after their paragraph counts (fewest first). */
export function insertBodyAds(bodyHtml: string, slots: readonly BodySlot[]): string {
  const placed = slots
    .map((s) => ({ ...s, at: bodyInsertionOffset(bodyHtml, s.after) }))
    .filter((s): s is typeof s & { at: number } => s.at !== null)
    .sort((a, b) => b.at - a.at);
  let html = bodyHtml;
  for (const s of placed) html = html.slice(0, s.at) + bodySlotHtml(s.slot, s.native) + html.slice(s.at);
  return html;
}

/**
 * A house native as the page shows it: its media library image's derivative (which the build
 * publishes, engine/build/stages/media.ts) when it names one, else its image path (with the size
 * the library knows of it).
 */
function nativeView(ctx: ResolveContext, ad: HouseAd, unitKey: string): NativeAdView | null {
  const n = ad.native;
  if (!n) return null;
  const library = n.nativeImageAssetId !== undefined ? imageView(ctx.assets.get(n.nativeImageAssetId), 'teaser') : null;
  const asset = n.nativeImagePath ? ctx.index.assets?.find((a) => a.path === n.nativeImagePath) : undefined;
  const image = library ? { src: library.src, width: library.width, height: library.height }
    : n.nativeImagePath ? { src: n.nativeImagePath, width: asset?.width ?? null, height: asset?.height ?? null } : null;
  return {
    id: ad.id, unitKey, title: n.nativeTitle, summary: n.nativeSummary, url: n.nativeUrl, label: n.labels, image,
    tracker: n.nativeImpressionTrackerUrl ?? null,
  };
}

/** Picks the best live native for a unit that the page does not show yet. */
function pickNative(ctx: ResolveContext, unitKey: string, used: Set<number>): NativeAdView | null {
  const ad = rankHouseAds(ctx.index.ads?.house ?? [], 'native', ctx.index.now, unitKey).find((a) => !used.has(a.id));
  if (!ad) return null;
  used.add(ad.id);
  return nativeView(ctx, ad, unitKey);
}

/**
 * The body units a content page gets, with their paragraph counts. House-ad tenants get only the
 * native units a live native fills (`used`: natives already on the page).
 */
export function bodyAdSlots(ctx: ResolveContext, env: AdEnv, used = new Set<number>()): BodySlot[] {
  const out: BodySlot[] = [];
  const gpt = usesGpt(ctx);
  for (const u of ctx.index.ads?.units ?? []) {
    if (!BODY.has(u.type)) continue;
    const slot = adSlot(ctx, env, u, adTargetId(u), used);
    if (!slot) continue;
    if (gpt) out.push({ slot, after: u.position });
    else if (u.type === 'content-body-native') {
      const native = pickNative(ctx, u.key, used);
      if (native) out.push({ slot, after: u.position, native });
    }
  }
  return out;
}

/**
 * The first list block (list or cards display) of the page gets the list-native unit's position:
 * a house native (house-ad brands) or the unit's slot with its house fallback (ad-server brands).
 * Returns the rows with that block replaced (the views are shared).
 */
export function withListNative(ctx: ResolveContext, env: AdEnv, rows: RowView[], used: Set<number>): RowView[] {
  const gpt = usesGpt(ctx);
  const unit = ctx.index.ads?.units.find((u) => u.type === 'content-list-native' && adUnitAllowed(u, env.pageType, env.excludeAds));
  if (!unit) return rows;
  let done = false;
  return rows.map((r) => ({
    ...r,
    columns: r.columns.map((c) => ({
      blocks: c.blocks.map((b) => {
        if (done || b.kind !== 'list' || (b.display !== 'list' && b.display !== 'cards') || b.items.length === 0) return b;
        done = true;
        const at = Math.min(unit.position, b.items.length + 1);
        if (gpt) {
          const slot = adSlot(ctx, env, unit, adTargetId(unit), used);
          return slot ? { ...b, native: { at, slot } } : b;
        }
        const ad = pickNative(ctx, unit.key, used);
        return ad ? { ...b, native: { at, ad } } : b;
      }),
    })),
  }));
}

/** The size the media library knows of an image path, as `{ size }` (nothing when unknown). */
function librarySize(ctx: ResolveContext, path: string | undefined): { size?: { width: number; height: number } } {
  const a = path ? ctx.index.assets?.find((x) => x.path === path) : undefined;
  return a && a.width > 0 && a.height > 0 ? { size: { width: a.width, height: a.height } } : {};
}

/** House-ad tenants: the skin, welcome and sticky creatives live at build time that the page's layout and units allow. */
function houseView(ctx: ResolveContext, env: AdEnv): HouseAdsView {
  const house = ctx.index.ads?.house ?? [];
  const now = ctx.index.now;
  const allowed = (type: AdUnit['type']) => ctx.index.ads?.units.some((u) => u.type === type && adUnitAllowed(u, env.pageType, env.excludeAds)) ?? false;
  const skin = !env.excludeAds.reskinAd && allowed('reskin') ? rankHouseAds(house, 'skin', now)[0] : undefined;
  const welcome = !env.excludeAds.welcomeAd ? rankHouseAds(house, 'welcome', now)[0] : undefined;
  const sticky = allowed('sticky-bottom') ? rankHouseAds(house, 'sticky', now)[0] : undefined;
  return {
    skin: skin?.skin ? {
      id: skin.id, title: skin.skin.adTitle, type: skin.skin.adSkinType, width: skin.skin.adSkinWidth, clickUrl: skin.skin.adClickUrl,
      background: skin.skin.background ?? null, backgroundImage: skin.skin.backgroundImagePath ?? null, image: skin.skin.adImagePath ?? null,
      left: skin.skin.leftImagePath ? { image: skin.skin.leftImagePath, url: skin.skin.leftUrl ?? skin.skin.adClickUrl } : null,
      right: skin.skin.rightImagePath ? { image: skin.skin.rightImagePath, url: skin.skin.rightUrl ?? skin.skin.adClickUrl } : null,
    } : null,
    welcome: welcome?.welcome ? {
      id: welcome.id, type: welcome.welcome.adType, tag: welcome.welcome.adTag ?? null, clickUrl: welcome.welcome.adClickUrl ?? null,
      image: welcome.welcome.desktopAlternate ?? welcome.welcome.adImagePath ?? null, mobileImage: welcome.welcome.mobileAlternate ?? null,
      delay: welcome.welcome.adDelay, length: welcome.welcome.adLength, ...librarySize(ctx, welcome.welcome.desktopAlternate ?? welcome.welcome.adImagePath),
    } : null,
    sticky: sticky ? bannerView(sticky) : null,
  };
}

/** The skin's page background and the white site column it frames (colour and paths are validated; quotes and backslashes cannot appear). */
function skinCss(skin: NonNullable<HouseAdsView['skin']>): string {
  const image = skin.backgroundImage ? `;background-image:url("${skin.backgroundImage.replace(/["\\]/g, '')}");background-attachment:fixed;background-position:center top` : '';
  return `body{background-color:${skin.background ?? '#f2f2f2'}${image}}.ad-skin~.main{background:#fff;max-width:${skin.width}px;margin:0 auto}`
    + `@media (min-width:${skin.width + 200}px){.ad-skin-side{display:block;width:calc((100vw - ${skin.width}px)/2)}}`;
}

/** The slots the rows hold: ad blocks and lists' native slots. */
function blockSlots(rows: readonly RowView[]): AdSlotView[] {
  return rows.flatMap((r) => r.columns.flatMap((c) => c.blocks.flatMap((b: BlockView) => {
    if (b.kind === 'ad') return [b.slot];
    return b.kind === 'list' && b.native?.slot ? [b.native.slot] : [];
  })));
}

/**
 * Every slot of a page: the page-level units it may have, the ad blocks its rows kept and the body
 * units that found their place; null when there is none.
 */
export function pageAds(ctx: ResolveContext, env: AdEnv, rows: readonly RowView[], body: readonly AdSlotView[] = []): PageAdsView | null {
  const units = ctx.index.ads?.units ?? [];
  const gpt = usesGpt(ctx);
  const house = gpt ? null : houseView(ctx, env);
  // House-ad tenants keep only the page-level slot a house creative fills (the sticky bar).
  const page = units.filter((u) => PAGE_LEVEL.has(u.type) && (gpt || (u.type === 'sticky-bottom' && house?.sticky)))
    .map((u) => adSlot(ctx, env, u, adTargetId(u))).filter((s): s is AdSlotView => s !== null);
  const slots = [...page, ...blockSlots(rows), ...body];
  if (slots.length === 0 && !house?.skin && !house?.welcome) return null;
  const section = sectionOf(ctx, env);
  const gptSettings = ctx.index.tenant.settings.ads?.gpt;
  return {
    slots,
    targeting: {
      section: section ? (section.gamAlias?.trim() || section.alias) : 'home',
      contentId: env.content ? String(env.content.id) : null,
      contentType: env.content?.type ?? null,
      pageType: env.pageType,
      tenant: ctx.index.tenant.key,
    },
    gptUrl: gptSettings ? gptSettings.scriptUrl : null,
    ...(house ? { house } : {}),
    css: reservedHeightCss(slots.filter((s) => s.type !== 'sticky-bottom' && s.type !== 'reskin').map((s) => ({ id: s.id, unit: { size: s.sizes, sizeMapping: s.sizeMapping }, banner: s.fallback?.kind === 'banner' })))
      + (house?.skin ? skinCss(house.skin) : ''),
  };
}
