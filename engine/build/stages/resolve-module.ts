// Stage 3, resolve, layout modules (admin §3.1 "Modules"; issue 42): a layout of type module
// whose key is `memberships` lays out the memberships module's page, /membership/choose (site
// registration: the active memberships, each joined through its sign-up page; what a member holds
// there can come from the audience provider). The layout's primary grid renders under the
// membership chooser, with its header/footer switches and the ads its layout allows. Without such
// a layout the page stays the bare chooser. Pure: a function of the build context.
import type { Layout } from '../../domain/layout';
import type { PageView } from '../../../site/model';
import type { ResolveContext } from './resolve-context';
import { moduleLayout } from './module-paths';
import { adEnvOf, type PageEnv } from './blocks';
import { resolveGrid } from './resolve-grid';
import { pageAds, withListNative } from './resolve-ads';

export const MEMBERSHIPS_MODULE_KEY = 'memberships';

export { moduleLayout };

/**
 * What the chooser page reads besides its own layout: the layout list (a module layout may be
 * added, removed or retyped) and every module layout (its key may change to or from memberships).
 */
export function membershipsModuleDeps(ctx: ResolveContext): string[] {
  return ['layouts', ...(ctx.index.layouts ?? []).filter((l) => l.type === 'module').map((l) => `layout:${l.id}`)];
}

/** The chooser page with the memberships module's layout applied (unchanged when the tenant has none). */
export function withMembershipsModule(ctx: ResolveContext, choose: PageView): PageView {
  const layout = moduleLayout(ctx, MEMBERSHIPS_MODULE_KEY);
  return layout ? withModuleLayout(ctx, choose, layout) : choose;
}

/**
 * A module page with its module layout applied: the layout's primary grid under the module's own
 * body, its header/footer switches and the ads it allows. Shared by every layout module.
 */
export function withModuleLayout(ctx: ResolveContext, page: PageView, layout: Layout): PageView {
  const env: PageEnv = { kind: 'section', path: page.path, page: 1, section: ctx.homeSection, content: null, contentView: null, layout };
  const grid = resolveGrid(ctx, layout.primaryGrid, env, new Set());
  const rows = withListNative(ctx, adEnvOf(env), grid.rows, new Set());
  const ads = pageAds(ctx, adEnvOf(env), rows);
  return {
    ...page,
    layoutId: layout.id,
    hideHeader: layout.hideHeader,
    hideFooter: layout.hideFooter,
    rows,
    inputs: { contentIds: [...new Set([...page.inputs.contentIds, ...grid.used])], sectionIds: [...new Set([...page.inputs.sectionIds, ...grid.sectionIds])], layoutId: layout.id },
    ...(ads ? { ads } : {}),
  };
}
