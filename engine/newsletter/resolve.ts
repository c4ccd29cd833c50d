// Resolve stage: a loaded campaign → the newsletter view (pure). Blocks become views with absolute
// links; an ad block gets the scheduled ad of highest priority for its template, date and
// position; the issue block's tokens are replaced; blocks with nothing to show are dropped, and
// rows left empty with them.
import { displayDate, formatDisplayDate } from '../domain/dates';
import { NEWSLETTER_FONTS, replaceIssueTokens, type NewsletterBlock, type NewsletterBlockSettings } from '../domain/newsletter';
import { adLabelText, NEWSLETTER_AD_PLACEMENTS, placementsOfKind, selectNewsletterAd } from '../domain/newsletter-ads';
import { htmlToText, truncateWords } from '../domain/text';
import { escapeHtml } from '../domain/html-escape';
import { absoluteLink, normalizeOrigin, sanitizeNewsletterHtml } from './links';
import { blockKey, type LoadedItem, type RenderSnapshot } from './load';
import { emailImage } from './media';
import { resolveFooter, resolveHeader } from './resolve-chrome';
import type { BlockStyle, BlockView, CtaView, ImageView, ItemView, Link, NewsletterView, RenderInputs, RowView } from './view';

export interface ResolveOptions {
  /** The tenant's origin, e.g. https://freightwise.com: every link is made absolute to it. */
  origin: string;
  /** The unsubscribe link of this copy (a signed per-recipient link, or a placeholder); the template's link when absent. */
  unsubscribeUrl?: string | undefined;
  /** "View in browser" link; none when absent. */
  webVersionUrl?: string | undefined;
  /** Base of the Passendo ad server for passendo_ad blocks. */
  passendoBaseUrl?: string | undefined;
}

export const DEFAULT_PASSENDO_BASE_URL = 'https://ads.passendo.com';
/** Horizontal padding of column content (each side), in px; matches the templates. */
export const COLUMN_PADDING = 24;

interface Ctx {
  snap: RenderSnapshot;
  origin: string;
  inner: number;
  usedAds: Set<number>;
  inputs: RenderInputs;
  opts: ResolveOptions;
}

function style(s: NewsletterBlockSettings): BlockStyle {
  return {
    background: s.backgroundColor ?? null,
    titleColor: s.titleColor ?? '#111111',
    textColor: s.contentFontColor ?? '#333333',
    titlePx: Math.round(s.titleFontSize * 16),
    textPx: Math.round(s.contentFontSize * 16),
    align: s.alignment,
  };
}

function blockTitle(ctx: Ctx, s: NewsletterBlockSettings): Link | null {
  return s.title ? { label: s.title, href: absoluteLink(ctx.origin, s.titleLink) ?? '' } : null;
}

function cta(ctx: Ctx, s: NewsletterBlockSettings, href: string, label?: string): CtaView | null {
  if (s.ctaStyle === 'none') return null;
  return { style: s.ctaStyle, label: label || s.ctaLabel, href, color: s.ctaColor ?? ctx.snap.template.styles.linkColor };
}

function itemImage(ctx: Ctx, item: LoadedItem, d: Extract<NewsletterBlock, { type: 'content_list' }>['data'], href: string): ImageView | null {
  const a = item.image;
  if (d.imagePosition === 'none' || !a) return null;
  const side = d.imagePosition === 'left' || d.imagePosition === 'right';
  let width = d.imageSize === 'small' ? (side ? 120 : 200)
    : d.imageSize === 'custom' ? d.maxImageSize ?? ctx.inner
      : side ? Math.round(ctx.inner * 0.4) : ctx.inner;
  if (d.maxImageSize !== undefined) width = Math.min(width, d.maxImageSize);
  if (d.imageShaping === 'fill') width = side ? Math.round(ctx.inner * 0.4) : ctx.inner;
  width = Math.max(40, Math.min(width, side ? Math.round(ctx.inner * 0.5) : ctx.inner));
  const height = d.imageShaping === 'crop' ? (side ? width : Math.round((width * 9) / 16)) : Math.round((width * a.height) / a.width);
  // An upload is published as its derivatives only: the email takes one of those.
  const src = emailImage(ctx.snap.media, a.id, width, ctx.origin, ctx.inputs)?.src ?? absoluteLink(ctx.origin, a.path);
  return src ? { src, alt: a.alt, width, height, href } : null;
}

function itemView(ctx: Ctx, item: LoadedItem, d: Extract<NewsletterBlock, { type: 'content_list' }>['data'], s: NewsletterBlockSettings): ItemView {
  const c = item.content;
  const promo = c.type === 'Promotion' && c.linkUrl ? absoluteLink(ctx.origin, c.linkUrl) : null;
  const href = promo ?? absoluteLink(ctx.origin, item.path) ?? `${ctx.origin}/`;
  // A gated body stays behind its gate: the email shows the teaser alone.
  const source = item.gated ? c.teaser : d.teaserMode === 'body_only' ? c.body : c.teaser || c.body;
  const event = d.showEventInfo && (c.type === 'Event' || c.type === 'Webinar')
    ? [displayDate({ type: c.type, published: c.published, event: c.event }), c.event?.venue, c.event?.city].filter(Boolean).join(' · ')
    : '';
  ctx.inputs.contentIds.push(c.id);
  return {
    id: c.id,
    title: c.name,
    href,
    teaser: d.showTeaser ? truncateWords(htmlToText(source), d.teaserLength) : '',
    labels: d.showLabels ? c.labels : [],
    author: d.showAuthor && item.authors.length ? `By ${item.authors.join(', ')}` : null,
    eventInfo: event || null,
    image: itemImage(ctx, item, d, href),
    cta: cta(ctx, s, href),
  };
}

function adBlock(ctx: Ctx, b: Extract<NewsletterBlock, { type: 'fixed_ad' | 'native_ad' }>): BlockView | null {
  const kind = b.type === 'fixed_ad' ? 'display' : 'native';
  const placements = b.data.placement ? [b.data.placement] : placementsOfKind(kind);
  const ad = selectNewsletterAd(ctx.snap.ads, { templateId: ctx.snap.template.id, at: ctx.snap.at, position: b.data.position, placements, excludeIds: ctx.usedAds });
  if (!ad) return null;
  ctx.usedAds.add(ad.id);
  ctx.inputs.adIds.push(ad.id);
  const p = NEWSLETTER_AD_PLACEMENTS[ad.placement];
  const width = Math.min('width' in p ? p.width : ctx.inner, ctx.inner);
  // Media library images win over the paths beside them; a native ad falls back to its logo.
  const src = emailImage(ctx.snap.media, ad.imageAssetId, width, ctx.origin, ctx.inputs)?.src ?? absoluteLink(ctx.origin, ad.image)
    ?? (kind === 'native' ? emailImage(ctx.snap.media, ad.logoAssetId, width, ctx.origin, ctx.inputs)?.src ?? absoluteLink(ctx.origin, ad.logo) : null);
  const height = 'height' in p && 'width' in p ? Math.round((width * p.height) / p.width) : null;
  const s = b.settings;
  return {
    kind: 'ad', variant: kind, adId: ad.id, style: style(s),
    label: adLabelText(ad.label, ad.company.name), headline: ad.title, href: ad.url,
    image: src ? { src, alt: ad.title, width, height, href: ad.url } : null,
    body: ad.body,
    cta: kind === 'native' && (ad.ctaLabel || s.ctaStyle !== 'none')
      ? { style: s.ctaStyle === 'none' ? 'link' : s.ctaStyle, label: ad.ctaLabel || s.ctaLabel, href: ad.url, color: s.ctaColor ?? ctx.snap.template.styles.linkColor }
      : null,
    company: ad.company.name,
  };
}

function issueBlock(ctx: Ctx, key: string, b: Extract<NewsletterBlock, { type: 'issue' }>): BlockView | null {
  const found = ctx.snap.issues.get(key);
  if (!found?.issue) return null;
  const { publication, issue } = found;
  ctx.inputs.publicationIds.push(publication.id);
  ctx.inputs.issueIds.push(issue.id);
  const edition = absoluteLink(ctx.origin, issue.digitalEditionUrl);
  const values = {
    '[issue-date]': escapeHtml(formatDisplayDate(issue.issueDate)),
    '[issue-description]': escapeHtml(issue.description),
    '[magazine-name]': escapeHtml(publication.name),
    '[digital-edition-url]': escapeHtml(edition ?? ''),
    '[subscribe-url]': escapeHtml(absoluteLink(ctx.origin, publication.subscribeUrl) ?? ''),
  };
  const text = replaceIssueTokens(b.data.text, values);
  const html = sanitizeNewsletterHtml(/<[a-z][\s\S]*>/i.test(text) ? text : `<p>${text}</p>`, ctx.origin);
  const src = absoluteLink(ctx.origin, issue.coverImage);
  const width = b.data.displayMode === 'image_left_text_right' ? Math.round(ctx.inner * 0.35) : Math.min(300, ctx.inner);
  return {
    kind: 'issue', style: style(b.settings), title: blockTitle(ctx, b.settings), displayMode: b.data.displayMode,
    image: src ? { src, alt: `${publication.name}: ${issue.name}`, width, height: null, href: edition } : null,
    html, href: edition,
  };
}

function blockView(ctx: Ctx, key: string, b: NewsletterBlock): BlockView | null {
  switch (b.type) {
    case 'content_list':
    case 'content_list_new': {
      const items = (ctx.snap.items.get(key) ?? []).map((i) => itemView(ctx, i, b.data, b.settings));
      return items.length ? {
        kind: 'content_list', variant: b.type === 'content_list' ? 'classic' : 'new', style: style(b.settings),
        title: blockTitle(ctx, b.settings), imagePosition: b.data.imagePosition, items,
      } : null;
    }
    case 'html': {
      const html = sanitizeNewsletterHtml(b.data.html, ctx.origin);
      return html.trim() ? { kind: 'html', style: style(b.settings), title: blockTitle(ctx, b.settings), html } : null;
    }
    case 'fixed_ad':
    case 'native_ad':
      return adBlock(ctx, b);
    case 'issue':
      return issueBlock(ctx, key, b);
    case 'contacts': {
      const data = { imagePosition: 'left', imageSize: 'small', imageShaping: 'crop', showTeaser: true, teaserMode: 'fallback', teaserLength: 175, showLabels: false, showAuthor: false, showEventInfo: false } as const;
      const contacts = (ctx.snap.items.get(key) ?? []).map((i) => itemView(ctx, i, { ...data, population_mode: 'manual', contentTypes: [], contentIds: [], numberOfItems: 1 }, { ...b.settings, ctaStyle: 'none' }));
      const title = b.data.contactsGroupTitle ? { label: b.data.contactsGroupTitle, href: '' } : blockTitle(ctx, b.settings);
      return contacts.length ? { kind: 'contacts', style: style(b.settings), title, contacts } : null;
    }
    case 'passendo_ad': {
      const base = (ctx.opts.passendoBaseUrl ?? DEFAULT_PASSENDO_BASE_URL).replace(/\/+$/, '');
      const q = new URLSearchParams({ placementId: b.data.placementId, ...(b.data.addtlDemos ? { addtlDemos: b.data.addtlDemos } : {}) });
      const width = Math.min(600, ctx.inner);
      return { kind: 'passendo', style: style(b.settings), placementId: b.data.placementId, image: { src: `${base}/image?${q}`, alt: 'Advertisement', width, height: null, href: `${base}/click?${q}` } };
    }
  }
}

function rowView(ctx: Ctx, r: number): RowView | null {
  const row = ctx.snap.campaign.grid.rows[r]!;
  const t = { ...ctx.snap.template.gridTitleStyles, ...Object.fromEntries(Object.entries(row.settings.titleStyles).filter(([, v]) => v !== undefined)) };
  const columns = row.columns.map((col, ci) => col.blocks.flatMap((b, bi) => {
    const v = blockView(ctx, blockKey(r, ci, bi), b);
    return v ? [v] : [];
  }));
  if (columns.every((c) => c.length === 0)) return null;
  return {
    title: row.settings.title ? {
      text: row.settings.title, href: absoluteLink(ctx.origin, row.settings.titleLink), fontPx: t.fontSize, color: t.color,
      background: t.backgroundColor, borderColor: t.borderColor, borderTop: t.borderTopSize, borderBottom: t.borderBottomSize,
    } : null,
    background: row.settings.backgroundColor ?? ctx.snap.template.styles.contentBackgroundColor,
    layout: row.settings.layout,
    columns,
  };
}

export function resolveNewsletter(snap: RenderSnapshot, opts: ResolveOptions): { view: NewsletterView; inputs: RenderInputs } {
  const origin = normalizeOrigin(opts.origin);
  const { template, campaign } = snap;
  const inputs: RenderInputs = { campaignId: campaign.id, templateId: template.id, contentIds: [], adIds: [], publicationIds: [], issueIds: [], at: snap.at, media: [] };
  const rows: RowView[] = [];
  for (let r = 0; r < campaign.grid.rows.length; r++) {
    const columns = campaign.grid.rows[r]!.columns.length;
    const ctx: Ctx = { snap, origin, inner: Math.floor(template.styles.width / columns) - 2 * COLUMN_PADDING, usedAds: usedAds(rows), inputs, opts };
    const row = rowView(ctx, r);
    if (row) rows.push(row);
  }
  const view: NewsletterView = {
    subject: campaign.subject || template.deploymentSettings.defaultSubject || campaign.name,
    preheader: campaign.preheader || template.preheaderBlurb,
    width: template.styles.width,
    fonts: { primary: NEWSLETTER_FONTS[template.styles.primaryFontFamily].stack, secondary: NEWSLETTER_FONTS[template.styles.secondaryFontFamily].stack },
    colors: { body: template.styles.bodyBackgroundColor, content: template.styles.contentBackgroundColor, link: template.styles.linkColor },
    webVersionUrl: opts.webVersionUrl ?? null,
    header: resolveHeader(snap, origin, inputs),
    rows,
    footer: resolveFooter(snap, origin, opts.unsubscribeUrl),
  };
  inputs.contentIds = [...new Set(inputs.contentIds)];
  return { view, inputs };
}

/** Ads already placed in earlier rows, so one ad is not shown twice in a campaign. */
function usedAds(rows: RowView[]): Set<number> {
  const ids = new Set<number>();
  for (const row of rows) for (const col of row.columns) for (const b of col) if (b.kind === 'ad') ids.add(b.adId);
  return ids;
}
