// MJML writer: the newsletter view → one MJML document, from the files in templates/newsletter/.
// Values are escaped by the template engine; only markup built here from other templates (and the
// sanitised `html` of html and issue blocks) is inserted raw.
import { SOCIAL_BRAND_COLORS, socialIconFile, type NewsletterSocialNetwork, type SocialGlyph } from '../domain/newsletter';
import { renderTemplate as t } from './template-engine';
import type { BlockStyle, BlockView, CtaView, FooterView, HeaderView, ImageView, ItemView, NewsletterView, RowView, SocialView } from './view';

interface Fonts { primary: string; secondary: string }

/**
 * Social icon sets (admin §3.7): a white glyph on a square brand badge (classic) or on a round
 * gray or black badge, or a brand-coloured glyph on a round white badge. The glyphs are PNGs the
 * tenant's own site serves (templates/email-icons/, SocialView.iconBase), so opening an email
 * asks no third party. Written as plain linked images inside one mj-text: MJML's mj-social costs
 * about a fifth of a whole render.
 */
const SOCIAL_SETS: Record<SocialView['set'], { radius: string; background: string | null; glyph: SocialGlyph }> = {
  classic: { radius: '3px', background: null, glyph: 'white' },
  'gray-round': { radius: '50%', background: '#7f7f7f', glyph: 'white' },
  'black-round': { radius: '50%', background: '#000000', glyph: 'white' },
  'white-round': { radius: '50%', background: '#ffffff', glyph: 'brand' },
};
const LABELS: Record<NewsletterSocialNetwork, string> = { facebook: 'Facebook', twitter: 'X (Twitter)', instagram: 'Instagram', pinterest: 'Pinterest', linkedin: 'LinkedIn', youtube: 'YouTube' };

function social(s: SocialView | null, align: string): string {
  if (!s) return '';
  const look = SOCIAL_SETS[s.set];
  const elements = s.links.map((l) => t('chrome/social-element', {
    href: l.href, label: LABELS[l.network], src: `${s.iconBase}${socialIconFile(l.network, look.glyph)}`, radius: look.radius,
    background: look.background ?? SOCIAL_BRAND_COLORS[l.network],
  })).join('');
  return t('chrome/social', { align, set: s.set, elements });
}

const border = (px: number, color: string) => (px > 0 ? `${px}px solid ${color}` : 'none');

function header(h: HeaderView, fonts: Fonts): string {
  return t(`chrome/header-${h.style}`, {
    background: h.background, borderTop: border(h.borderTop, h.borderColor), borderBottom: border(h.borderBottom, h.borderColor),
    imageSrc: h.image?.src, imageAlt: h.image?.alt ?? '', imageWidth: h.image?.width ?? 0, link: h.link, align: h.align,
    textColor: h.textColor, titleFont: fonts.secondary, name: h.name, tagLine: h.tagLine, date: h.date,
    social: social(h.social, h.style === 2 ? 'right' : h.align),
  });
}

function footer(f: FooterView): string {
  const navBar = f.navBar.links.length
    ? t('chrome/nav-bar', { background: f.navBar.background, links: f.navBar.links.map((l) => t('chrome/nav-link', { href: l.href, label: l.label, color: f.navBar.textColor })).join(' | ') })
    : '';
  const imageBar = f.imageBar.images.length
    ? t('chrome/image-bar', { align: f.align, textColor: f.textColor, prefixText: f.imageBar.prefixText, images: f.imageBar.images.map((i) => t('chrome/image-bar-item', { href: i.href, src: i.src, alt: i.alt, width: i.width })).join('') })
    : '';
  return t('chrome/footer', {
    background: f.background, align: f.align, textColor: f.textColor, linkColor: f.linkColor, social: social(f.social, f.align), navBar, imageBar,
    safeSenderInfo: f.safeSenderInfo, unsubscribe: f.unsubscribe, manageSubscriptions: f.manageSubscriptions, subscribe: f.subscribe,
    customerService: f.customerService, privacyPolicy: f.privacyPolicy, copyright: f.copyright,
  });
}

function button(c: CtaView | null, align: string, background: string | null): string {
  if (!c || c.style === 'link') return '';
  const solid = c.style === 'solid-button';
  return t('blocks/button', {
    href: c.href, align, label: c.label, style: c.style, container: background,
    background: solid ? c.color : 'transparent', color: solid ? '#ffffff' : c.color, border: solid ? 'none' : `2px solid ${c.color}`,
  });
}

function title(b: BlockView, fonts: Fonts): string {
  if (!('title' in b) || !b.title) return '';
  const s = b.style;
  return t('blocks/title', { px: s.titlePx, color: s.titleColor, titleFont: fonts.secondary, align: s.align, background: s.background, href: b.title.href, label: b.title.label });
}

const imageHeight = (i: ImageView | null) => (i?.height ? `${i.height}px` : 'auto');
const imageCss = (i: ImageView) => `display:block;width:${i.width}px;max-width:100%;height:${i.height ? `${i.height}px` : 'auto'};border:0${i.height ? ';object-fit:cover' : ''}`;

function item(it: ItemView, s: BlockStyle, position: string, fonts: Fonts, blockClass: string): string {
  const meta = [it.author, it.eventInfo].filter(Boolean).join(' · ');
  const body = t('blocks/item-body', {
    labels: it.labels.join(' · '), href: it.href, title: it.title, titlePx: Math.max(14, Math.round(s.titlePx * 0.9)), titleFont: fonts.secondary,
    titleColor: s.titleColor, meta, teaser: it.teaser, linkCta: it.cta?.style === 'link' ? it.cta.label : '', ctaColor: it.cta?.color ?? s.titleColor,
  });
  const common = { contentId: it.id, blockClass, textColor: s.textColor, textPx: s.textPx, background: s.background, align: s.align, href: it.href, body, button: button(it.cta, s.align, s.background) };
  if (it.image && (position === 'left' || position === 'right')) {
    return t('blocks/item-side', { ...common, left: position === 'left', right: position === 'right', imageSrc: it.image.src, imageAlt: it.image.alt, imageWidth: it.image.width, imageCss: imageCss(it.image) });
  }
  return t('blocks/item-above', { ...common, imageSrc: it.image?.src, imageAlt: it.image?.alt ?? '', imageWidth: it.image?.width ?? 0, imageHeight: imageHeight(it.image) });
}

function block(b: BlockView, fonts: Fonts): string {
  const s = b.style;
  const base = { align: s.align, textColor: s.textColor, textPx: s.textPx, background: s.background };
  switch (b.kind) {
    case 'content_list': {
      const cls = `nl-block nl-block-content_list nl-variant-${b.variant}`;
      const items = b.items.map((it, i) => item(it, s, b.imagePosition, fonts, i === 0 ? cls : ''));
      return title(b, fonts) + items.join(b.variant === 'new' ? t('blocks/divider', { background: s.background }) : '\n');
    }
    case 'contacts':
      return title(b, fonts) + b.contacts.map((it, i) => item(it, s, 'left', fonts, i === 0 ? 'nl-block nl-block-contacts' : '')).join('\n');
    case 'html':
      return title(b, fonts) + t('blocks/html', { ...base, html: b.html });
    case 'ad': {
      const data = {
        ...base, adId: b.adId, label: b.label, title: b.headline, href: b.href, imageSrc: b.image?.src, imageAlt: b.image?.alt ?? '',
        imageWidth: b.image?.width ?? 0, imageHeight: imageHeight(b.image), titlePx: s.titlePx, titleFont: fonts.secondary, titleColor: s.titleColor,
        body: b.body, linkCta: b.cta?.style === 'link' ? b.cta.label : '', ctaColor: b.cta?.color ?? s.titleColor, button: button(b.cta, s.align, s.background),
      };
      return t(b.variant === 'display' ? 'blocks/ad-display' : 'blocks/ad-native', data);
    }
    case 'issue': {
      const name = b.displayMode === 'image_only' ? 'blocks/issue-image-only' : b.displayMode === 'image_above_text' ? 'blocks/issue-image-above' : 'blocks/issue-image-left';
      return title(b, fonts) + t(name, { ...base, html: b.html, href: b.href, imageSrc: b.image?.src, imageAlt: b.image?.alt ?? '', imageWidth: b.image?.width ?? 0 });
    }
    case 'passendo':
      return t('blocks/passendo', { ...base, imageSrc: b.image.src, imageAlt: b.image.alt, href: b.image.href, imageWidth: b.image.width });
  }
}

function row(r: RowView, fonts: Fonts): string {
  const title = r.title ? t('chrome/row-title-text', {
    fontPx: r.title.fontPx, color: r.title.color, titleFont: fonts.secondary, titleBackground: r.title.background,
    borderTop: border(r.title.borderTop, r.title.borderColor), borderBottom: border(r.title.borderBottom, r.title.borderColor), href: r.title.href, text: r.title.text,
  }) : '';
  const width = r.layout === '1_1' ? '50%' : '100%';
  // A one-column row carries its title in its column (one MJML section less); a two-column row
  // puts it in a section of its own above both columns.
  const inline = r.layout === '1' ? title : '';
  const columns = r.columns.map((blocks) => t('chrome/column', { width, blocks: inline + blocks.map((b) => block(b, fonts)).join('\n') })).join('\n');
  const heading = title && !inline ? t('chrome/row-title', { background: r.background, title }) : '';
  return heading + t('chrome/row', { background: r.background, layout: r.layout, padding: inline ? '12px 0px 8px' : '8px 0px', columns });
}

/** The MJML document of a resolved newsletter. */
export function newsletterMjml(v: NewsletterView): string {
  return t('email', {
    subject: v.subject, preheader: v.preheader, primaryFont: v.fonts.primary, linkColor: v.colors.link, width: v.width, bodyColor: v.colors.body,
    webVersion: v.webVersionUrl ? t('chrome/web-version', { href: v.webVersionUrl }) : '',
    header: header(v.header, v.fonts),
    rows: v.rows.map((r) => row(r, v.fonts)).join('\n'),
    footer: footer(v.footer),
  });
}
