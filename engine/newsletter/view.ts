// The resolved newsletter: what the MJML and plain-text writers both read. Every link here is
// already absolute to the tenant's origin and every text is plain (escaped by the writers), except
// `html` fields, which are sanitised markup.
import type { NewsletterSocialNetwork, SocialIconSet } from '../domain/newsletter';

export interface Link { href: string; label: string }
export interface ImageView { src: string; alt: string; width: number; height: number | null; href: string | null }
export interface SocialView {
  set: Exclude<SocialIconSet, 'none'>;
  links: { network: NewsletterSocialNetwork; href: string }[];
  /** Absolute URL of the folder of icon files on the tenant's site ("https://host/__email/social/"). */
  iconBase: string;
}
export interface CtaView { style: 'solid-button' | 'hollow-button' | 'link'; label: string; href: string; color: string }

export interface BlockStyle {
  background: string | null;
  titleColor: string;
  textColor: string;
  titlePx: number;
  textPx: number;
  align: 'left' | 'center' | 'right';
}

export interface ItemView {
  id: number;
  title: string;
  href: string;
  teaser: string;
  labels: string[];
  author: string | null;
  eventInfo: string | null;
  image: ImageView | null;
  cta: CtaView | null;
}

export type BlockView =
  | { kind: 'content_list'; variant: 'classic' | 'new'; style: BlockStyle; title: Link | null; imagePosition: 'none' | 'above' | 'left' | 'right'; items: ItemView[] }
  | { kind: 'html'; style: BlockStyle; title: Link | null; html: string }
  | { kind: 'ad'; variant: 'display' | 'native'; adId: number; style: BlockStyle; label: string; headline: string; href: string; image: ImageView | null; body: string; cta: CtaView | null; company: string }
  | { kind: 'issue'; style: BlockStyle; title: Link | null; displayMode: 'image_only' | 'image_above_text' | 'image_left_text_right'; image: ImageView | null; html: string; href: string | null }
  | { kind: 'contacts'; style: BlockStyle; title: Link | null; contacts: ItemView[] }
  | { kind: 'passendo'; style: BlockStyle; image: ImageView; placementId: string };

export interface RowView {
  title: { text: string; href: string | null; fontPx: number; color: string; background: string; borderColor: string; borderTop: number; borderBottom: number } | null;
  background: string;
  layout: '1' | '1_1';
  columns: BlockView[][];
}

export interface HeaderView {
  style: 1 | 2 | 3;
  image: ImageView | null;
  link: string;
  tagLine: string;
  name: string;
  date: string;
  align: 'left' | 'center' | 'right';
  background: string;
  textColor: string;
  borderColor: string;
  borderTop: number;
  borderBottom: number;
  social: SocialView | null;
}

export interface FooterView {
  background: string;
  textColor: string;
  linkColor: string;
  align: 'left' | 'center';
  social: SocialView | null;
  navBar: { links: Link[]; background: string; textColor: string };
  imageBar: { prefixText: string; width: number; images: ImageView[] };
  unsubscribe: string;
  subscribe: string | null;
  manageSubscriptions: string | null;
  customerService: string;
  privacyPolicy: string;
  safeSenderInfo: string;
  copyright: string;
}

export interface NewsletterView {
  subject: string;
  preheader: string;
  width: number;
  fonts: { primary: string; secondary: string };
  colors: { body: string; content: string; link: string };
  webVersionUrl: string | null;
  header: HeaderView;
  rows: RowView[];
  footer: FooterView;
}

/** What a render was built from, so an edit to any of them rebuilds it (the rebuild issue's contract). */
export interface RenderInputs {
  campaignId: number;
  templateId: number;
  contentIds: number[];
  adIds: number[];
  publicationIds: number[];
  issueIds: number[];
  /** The instant the campaign is dated; ads and automatic lists depend on it. */
  at: number;
  /** Media library files the email shows: site path → file name in the tenant's assets folder (the build publishes them). */
  media: { path: string; file: string }[];
}
