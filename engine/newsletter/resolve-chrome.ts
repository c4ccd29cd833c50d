// The newsletter's header (styles 1–3) and footer (social icons, nav bar, image bar, subscription
// and information links, safe-sender text) from its template (admin §3.7).
import { formatDisplayDate, isoCalendarDate, zonedDate, SITE_TIME_ZONE, zonedYear } from '../domain/dates';
import { NEWSLETTER_SOCIAL_NETWORKS, SOCIAL_ICON_DIR, type SocialIconSet } from '../domain/newsletter';
import { absoluteLink } from './links';
import type { RenderSnapshot } from './load';
import { emailImage } from './media';
import type { FooterView, HeaderView, ImageView, RenderInputs, SocialView } from './view';

let weekdayFormat: Intl.DateTimeFormat | undefined;

/** The header date in the template's format, in Central time. */
export function headerDate(at: number, format: 'long' | 'weekday' | 'numeric' | 'iso'): string {
  if (format === 'iso') return isoCalendarDate(at);
  if (format === 'numeric') {
    const d = zonedDate(at);
    return `${String(d.month).padStart(2, '0')}/${String(d.day).padStart(2, '0')}/${d.year}`;
  }
  if (format === 'weekday') {
    weekdayFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, weekday: 'long' });
    return `${weekdayFormat.format(at)}, ${formatDisplayDate(at)}`;
  }
  return formatDisplayDate(at);
}

function social(snap: RenderSnapshot, set: SocialIconSet, origin: string): SocialView | null {
  if (set === 'none') return null;
  const links = NEWSLETTER_SOCIAL_NETWORKS
    .map((network) => ({ network, href: absoluteLink('https://invalid.invalid', snap.template.socialLinks[network]) }))
    .filter((l): l is SocialView['links'][number] => l.href !== null && /^https?:/i.test(l.href));
  return links.length ? { set, links, iconBase: `${origin}/${SOCIAL_ICON_DIR}/` } : null;
}

export function resolveHeader(snap: RenderSnapshot, origin: string, inputs: RenderInputs): HeaderView {
  const h = snap.template.header;
  const width = snap.template.styles.width;
  const imageWidth = h.headerStyle === 1 ? width : h.headerStyle === 2 ? Math.round(width * 0.6) - 48 : Math.min(240, width - 48);
  // A media library image wins over the path; the tenant's logo when there is neither.
  const src = emailImage(snap.media, h.imageAssetId, imageWidth, origin, inputs)?.src ?? absoluteLink(origin, h.image ?? snap.tenant.logo);
  const link = absoluteLink(origin, h.link) ?? `${origin}/`;
  const image: ImageView | null = src ? { src, alt: snap.tenant.name, width: imageWidth, height: null, href: link } : null;
  return {
    style: h.headerStyle,
    image,
    link,
    tagLine: h.tagLine,
    name: snap.template.name,
    date: headerDate(snap.at, h.dateFormat),
    align: h.alignment,
    background: h.backgroundColor,
    textColor: h.textColor,
    borderColor: h.borderColor,
    borderTop: h.borderTopSize,
    borderBottom: h.borderBottomSize,
    social: social(snap, h.socialIconSet, origin),
  };
}

export function resolveFooter(snap: RenderSnapshot, origin: string, unsubscribeUrl: string | undefined): FooterView {
  const f = snap.template.footer;
  const abs = (href: string | undefined) => absoluteLink(origin, href);
  return {
    background: f.backgroundColor,
    textColor: f.textColor,
    linkColor: f.linkColor,
    align: f.textAlignment,
    social: social(snap, f.socialIconSet, origin),
    navBar: {
      links: f.navBar.links.flatMap((l) => {
        const href = abs(l.url);
        return href ? [{ href, label: l.label }] : [];
      }),
      background: f.navBar.backgroundColor,
      textColor: f.navBar.textColor,
    },
    imageBar: {
      prefixText: f.imageBar.prefixText,
      width: f.imageBar.imageWidth,
      images: f.imageBar.images.flatMap((i) => {
        const src = abs(i.image);
        return src ? [{ src, alt: i.alt, width: f.imageBar.imageWidth, height: null, href: abs(i.link) }] : [];
      }),
    },
    unsubscribe: unsubscribeUrl ?? abs(f.subscriptions.unsubscribeLink) ?? `${origin}/account#manage-newsletters`,
    subscribe: abs(f.subscriptions.subscribeLink),
    manageSubscriptions: abs(f.subscriptions.manageSubscriptionsLink),
    customerService: abs(f.informationLinks.customerServiceLink) ?? `${origin}/`,
    privacyPolicy: abs(f.informationLinks.privacyPolicyLink) ?? `${origin}/`,
    safeSenderInfo: f.safeSenderInfo,
    copyright: `© ${zonedYear(snap.at)} ${snap.tenant.name}. All rights reserved.`,
  };
}
