// Blocks of the page's own content and fixed markup (public §3 "Grid", §4 "Hidden blocks",
// "Blocks dropped when empty"): each resolver returns the block's view, or null when it drops.
// - content_hero, content_body, primary_image: the content page's own parts (no body: dropped,
//   unless gated; a logo as primary image: dropped).
// - html: the block's markup, sanitised once per build context.
// - us_map: every state a link from the block's template; a hidden block on gated pages.
// - comments: the commenting provider's island, on content pages, when the memberships module and
//   commenting are on and a provider is configured; drops otherwise. The island loads the provider
//   only after the reader's consent.
// - content_sidebars: the content item's sidebars; drops without any, and on a gated page (like the
//   document download: a gated item's sidebars never reach the static files, so they are hidden
//   from every reader there — public §4's hidden rule holds, though readers who pass do not see them yet).
import { sanitizeBody } from '../../../html/sanitize';
import { US_STATES, stateLink } from '../../../domain/us-states';
import { safeHref } from '../../../domain/links';
import type { BlockView } from '../../../../site/model';
import type { ResolveContext } from '../resolve-context';
import { settingsView, type Of, type PageEnv } from './common';

export function resolveContentHero(b: Of<'content_hero'>, env: PageEnv): BlockView | null {
  return env.contentView ? { kind: 'hero', id: b.id, settings: settingsView(b.settings) } : null;
}

export function resolveContentBody(b: Of<'content_body'>, env: PageEnv): BlockView | null {
  const content = env.contentView;
  return content && (content.bodyHtml || content.gated) ? { kind: 'body', id: b.id, settings: settingsView(b.settings) } : null;
}

export function resolvePrimaryImage(b: Of<'primary_image'>, env: PageEnv): BlockView | null {
  // Dropped when missing or when the image is a logo (public §4).
  const img = env.contentView?.image;
  return img && !/(^|[/_.-])logo([/_.-]|$)/i.test(img.src) ? { kind: 'image', id: b.id, settings: settingsView(b.settings), image: img } : null;
}

export function resolveHtml(ctx: ResolveContext, b: Of<'html'>): BlockView | null {
  let html = ctx.html.get(b.data.html);
  if (html === undefined) {
    html = sanitizeBody(b.data.html);
    ctx.html.set(b.data.html, html);
  }
  return html ? { kind: 'html', id: b.id, settings: settingsView(b.settings), html } : null;
}

export function resolveUsMap(b: Of<'us_map'>, env: PageEnv): BlockView | null {
  const states = US_STATES.flatMap((s) => {
    const href = safeHref(stateLink(b.data.linkTemplate, s));
    return href ? [{ ...s, href }] : [];
  });
  if (states.length === 0) return null;
  const lockedFor = env.content && env.contentView?.gated ? env.content.id : null;
  return { kind: 'usmap', id: b.id, settings: settingsView(b.settings), states, lockedFor };
}

export function resolveComments(ctx: ResolveContext, b: Of<'comments'>, env: PageEnv): BlockView | null {
  const m = ctx.index.tenant.settings.memberships;
  const provider = m.commentingProvider;
  if (!m.enabled || !m.commenting || !provider || !env.content || !env.contentView) return null;
  return {
    kind: 'island', id: b.id, settings: settingsView(b.settings), island: 'comments',
    props: { provider: provider.name, scriptUrl: provider.scriptUrl, contentId: env.content.id, title: env.content.name },
  };
}

export function resolveContentSidebars(b: Of<'content_sidebars'>, env: PageEnv): BlockView | null {
  const sidebars = env.content?.sidebars ?? [];
  if (!env.content || !env.contentView || sidebars.length === 0) return null;
  // On a gated page the sidebars never reach the static files: the island asks the page's gate
  // decision (getGatedContent), which answers them to a reader who passes.
  if (env.contentView.gated) return { kind: 'sidebars', id: b.id, settings: settingsView(b.settings), sidebars: [], lockedFor: env.content.id };
  return { kind: 'sidebars', id: b.id, settings: settingsView(b.settings), sidebars: [...sidebars], lockedFor: null };
}
