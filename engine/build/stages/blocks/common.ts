// What every block resolver shares (public §3 "Grid" block settings): the page it resolves for
// (PageEnv), what a grid tracks while its blocks resolve (GridState), the block settings' view,
// links, the hidden-block rule, and the list helpers (a list's source, its items' views).
import type { Block, Layout } from '../../../domain/layout';
import type { AdPageType } from '../../../domain/ads';
import { linkTarget, safeHref } from '../../../domain/links';
import type { BlockSettingsView, ContentView, ItemView, SiteLink } from '../../../../site/model';
import { itemView, type ResolveContext } from '../resolve-context';
import type { ListSource } from '../resolve-lists';
import type { AdEnv } from '../resolve-ads';
import type { BuildContent, BuildSection } from '../../types';

export interface PageEnv {
  kind: 'home' | 'section' | 'content';
  /** Path of the page's first page (pagination base). */
  path: string;
  page: number;
  section: BuildSection | null;
  content: BuildContent | null;
  contentView: ContentView | null;
  layout: Layout;
  /** The page type the ad rules see when it is not the grid's kind (magazine issue and publication pages). */
  adPageType?: AdPageType;
}

/** What the ad rules need to know of a grid page. */
export function adEnvOf(env: PageEnv): AdEnv {
  return { pageType: env.adPageType ?? env.kind, section: env.section, content: env.content, excludeAds: env.layout.excludeAds };
}

/** What resolving a grid's blocks tracks: the items shown, the sections listed, the listing's page count. */
export interface GridState { used: Set<number>; sectionIds: Set<number>; pages: number; paginated: boolean }

/** One block type's layout block. */
export type Of<T extends Block['type']> = Extract<Block, { type: T }>;

/** /markets, page 3 → /markets/page/3; the home page's → /page/3. */
export function pagePath(base: string, page: number): string {
  if (page <= 1) return base;
  return base === '/' ? `/page/${page}` : `${base}/page/${page}`;
}

/** The schedule source of a list: "current" is the page's section (home: the home section, else the site). */
export function listSource(ctx: ResolveContext, section: number | 'current' | 'home', env: PageEnv): ListSource | null {
  if (section === 'home') return ctx.homeSection?.id ?? 'all';
  if (section === 'current') return env.section?.id ?? (env.kind === 'home' ? (ctx.homeSection?.id ?? 'all') : null);
  return ctx.sectionById.has(section) ? section : null;
}

/** The views of `ids` that can be linked, each marked used. */
export function views(ctx: ResolveContext, ids: number[], used: Set<number>): ItemView[] {
  const out: ItemView[] = [];
  for (const id of ids) {
    const v = itemView(ctx, id);
    if (!v) continue;
    used.add(id);
    out.push(v);
  }
  return out;
}

/** The settings every block shares (public §3 "Grid" block settings), checked and ready to render. */
export function settingsView(s: Block['settings']): BlockSettingsView {
  const title = s.title?.trim() || null;
  const cta = s.cta;
  const button = cta?.buttonLabel?.trim() && cta.buttonLink ? link(cta.buttonLink, cta.buttonLabel.trim()) : null;
  const icon = s.titleIcon ? safeHref(s.titleIcon.trim()) : null;
  return {
    title,
    link: title && s.link ? link(s.link, title) : null,
    colorScheme: s.colorScheme ?? 'default',
    cta: cta && (cta.text?.trim() || button) ? { text: cta.text?.trim() || null, button } : null,
    keepInView: s.keepInView === true,
    trackingId: s.trackingId?.trim() || null,
    titleIcon: title ? icon : null,
  };
}

export function link(href: string | undefined, label: string, external = false): SiteLink | null {
  const t = linkTarget(href, external);
  return t ? { label, href: t.href, newTab: t.newTab } : null;
}

/** The content id whose gate decides a hidden block, or null on an open page. */
export const lockedFor = (env: Pick<PageEnv, 'content' | 'contentView'>): number | null => (env.content && env.contentView?.gated ? env.content.id : null);
