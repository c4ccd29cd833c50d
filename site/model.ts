// What the public-site components render: a resolved page (engine/build/stages/resolve.ts builds it, pure)
// and the tenant's chrome (header, menus, footer, theme). Every value here is plain data, so the
// same object is written to <path>/_payload.json and can cross a worker boundary.
import type { AdUnitType } from '../engine/domain/ads';
import type { ConsentConfig } from '../engine/domain/consent';
import type { RowLayout } from '../engine/domain/layout';

/** A link already checked by engine/domain/links (never javascript: and the like). */
export interface SiteLink { label: string; href: string; newTab: boolean }

export interface ImageView {
  src: string; alt: string; width: number; height: number; caption: string | null; credit: string | null;
  /** Uploaded images: the original format's widths, the sizes hint, AVIF/WebP <source>s and the focal point (CSS object-position). */
  srcset?: string; sizes?: string; sources?: { type: string; srcset: string }[]; position?: string | null;
}

/** One item in a list: a content summary. Promotions link straight to their target. */
export interface ItemView {
  id: number;
  type: string;
  title: string;
  href: string;
  newTab: boolean;
  teaser: string;
  /** Display date per admin §9 (events start – end, webinars start, others published). */
  date: string | null;
  /** Chicago calendar date for <time datetime>. */
  dateTime: string | null;
  image: ImageView | null;
  labels: string[];
  sectionName: string | null;
}

export interface BlockSettingsView {
  title: string | null;
  link: SiteLink | null;
  colorScheme: 'default' | 'primary' | 'secondary' | 'dark';
  cta: { text: string | null; button: SiteLink | null } | null;
  /** Stays in view while its column scrolls (position: sticky). */
  keepInView?: boolean;
  /** Written as data-tracking-id for the tag manager's click and view triggers. */
  trackingId?: string | null;
  /** A decorative icon image before the title (checked link). */
  titleIcon?: string | null;
}

export interface VideoView { youtubeId: string; title: string }

/** One carousel slide: a library image (caption) or a content item (title and link). */
export interface CarouselSlideView { image: ImageView | null; title: string | null; href: string | null; newTab: boolean; caption: string | null }

/** One state of the US map: its link and its tile (grid row and column). */
export interface UsMapStateView { code: string; name: string; href: string; row: number; col: number }

export interface PaginationView { page: number; pages: number; prev: string | null; next: string | null }

export interface ContentView {
  id: number;
  type: string;
  title: string;
  teaser: string;
  date: string | null;
  dateTime: string | null;
  updated: string | null;
  authors: string[];
  /** The authors as links to their author pages (same order as `authors`; absent: plain names). */
  authorLinks?: SiteLink[];
  /** Taxonomy term names shown under the byline. */
  topics?: string[];
  labels: string[];
  section: SiteLink | null;
  image: ImageView | null;
  event: { venue: string | null; place: string | null } | null;
  /** Sanitised body HTML; empty for gated content (gated bodies never reach static files). */
  bodyHtml: string;
  gated: boolean;
  /** The digital edition viewer URL of an item with a zmagId (issue 21); absent otherwise. */
  zmagViewerUrl?: string | null;
  externalUrl: SiteLink | null;
  /** "From the <Month Year> issue of <Publication>", linking to the issue page (content placed in a live issue). */
  issue?: SiteLink | null;
}

/** One ad slot of a page (issue 19): its element id, unit and what Google Publisher Tag is told. */
export interface AdSlotView {
  /** The slot element's id, unique on the page. */
  id: string;
  key: string;
  type: AdUnitType;
  /** The ad unit path (pattern filled for the page's section). */
  path: string;
  sizes: [number, number][];
  sizeMapping: { minWidth: number; sizes: [number, number][] }[];
  refreshRate: number;
  /**
   * Brands with an ad server: the house creative the slot shows when Google Publisher Tag answers it
   * empty (or while there is no advertising consent) — a native in list and body positions, a
   * banner that fits the slot's sizes elsewhere. Rendered inside the slot, so it holds the slot's
   * space and showing it never moves the page. Not part of the client's JSON configuration.
   */
  fallback?: AdFallbackView;
}

/** A slot's house fallback creative. */
export type AdFallbackView = { kind: 'native'; ad: NativeAdView } | { kind: 'banner'; ad: HouseBannerView };

/** A house banner (the sticky bottom creative), also the fallback of sized slots it fits. */
export interface HouseBannerView { id: number; image: string; clickUrl: string; alt: string; width: number; height: number }

/** A house native ad as a page shows it (public §3 Native ad). */
export interface NativeAdView {
  id: number;
  unitKey: string;
  title: string;
  summary: string;
  url: string;
  image: { src: string; width: number | null; height: number | null } | null;
  /** Shown above the ad: labels, default Sponsored. */
  label: string;
  /** Requested once per viewable impression, with advertising consent. */
  tracker: string | null;
}

/** The house creatives a page shows besides natives (public §3 Ad skin, Welcome ad; sticky bottom). */
export interface HouseAdsView {
  skin: { id: number; title: string; type: 'reskin' | 'siteskin'; width: number; clickUrl: string; background: string | null; backgroundImage: string | null; image: string | null;
    left: { image: string; url: string } | null; right: { image: string; url: string } | null } | null;
  welcome: { id: number; type: 'welcomeAdImage' | 'welcomeAdTag'; tag: string | null; clickUrl: string | null; image: string | null; mobileImage: string | null; delay: number; length: number;
    /** The image's size when the media library knows it. */
    size?: { width: number; height: number } } | null;
  sticky: HouseBannerView | null;
}

/** The ads of a page: every slot it has, the page-level targeting and the reserved-height CSS. */
export interface PageAdsView {
  slots: AdSlotView[];
  targeting: { section: string; contentId: string | null; contentType: string | null; pageType: string; tenant: string };
  /** Google Publisher Tag's script; null: house ads only. */
  gptUrl: string | null;
  /** House-ad tenants: the skin, welcome and sticky creatives (natives are in the lists and bodies). */
  house?: HouseAdsView;
  css: string;
}

export type BlockView =
  | { kind: 'list'; id: string; settings: BlockSettingsView; display: 'list' | 'cards' | 'compact' | 'hero'; items: ItemView[]; pagination: PaginationView | null;
    /** The list's native position (issue 19): a house native, or (ad-server brands) the content-list-native slot. */
    native?: { at: number; ad?: NativeAdView; slot?: AdSlotView } }
  /** The page's content item (PageView.content) as hero or body: not repeated in the block. */
  | { kind: 'hero'; id: string; settings: BlockSettingsView }
  | { kind: 'body'; id: string; settings: BlockSettingsView }
  | { kind: 'image'; id: string; settings: BlockSettingsView; image: ImageView }
  /** `recommended`: the items a recommender chose (the rest are the editor's), for View/ClickBlueConicRecommendation events. */
  | { kind: 'related'; id: string; settings: BlockSettingsView; items: ItemView[]; recommended?: { provider: string; ids: number[] } }
  | { kind: 'html'; id: string; settings: BlockSettingsView; html: string }
  | { kind: 'images'; id: string; settings: BlockSettingsView; images: ImageView[] }
  | { kind: 'issues'; id: string; settings: BlockSettingsView; display: 'single' | 'grid' | 'list'; issues: IssueCardView[] }
  | { kind: 'newsletter'; id: string; settings: BlockSettingsView; newsletters: { id: number; title: string; description: string }[]; promoCode: string | null; recaptchaKey?: string | null }
  | { kind: 'ad'; id: string; settings: BlockSettingsView; slot: AdSlotView }
  /** lockedFor: the gated content whose gate decision may hide the block (public §4 "Hidden blocks"); null on open pages. */
  | { kind: 'gallery'; id: string; settings: BlockSettingsView; images: ImageView[]; lockedFor: number | null }
  | { kind: 'video'; id: string; settings: BlockSettingsView; videos: VideoView[]; lockedFor: number | null }
  | { kind: 'document'; id: string; settings: BlockSettingsView; document: { href: string; label: string; format: string; membersOnly?: boolean }; lockedFor?: number | null }
  | { kind: 'webinar'; id: string; settings: BlockSettingsView; link: SiteLink }
  /** The inquiry form (RMI); contentId: the page's item the inquiry is about. */
  | { kind: 'inquiry'; id: string; settings: BlockSettingsView; contentId: number | null; submitLabel: string }
  /** An external feed's items (plain text, http(s) links), read at build time. */
  | { kind: 'feed'; id: string; settings: BlockSettingsView; items: FeedItemView[]; showSummary: boolean }
  /** Slides in a horizontal scroll-snap strip: the first shows without script, each of fixed ratio. */
  | { kind: 'carousel'; id: string; settings: BlockSettingsView; slides: CarouselSlideView[] }
  /** The content item's sidebars (sanitised HTML), each a box; on a gated page none, and lockedFor names the item whose gate answer brings them. */
  | { kind: 'sidebars'; id: string; settings: BlockSettingsView; sidebars: string[]; lockedFor: number | null }
  /** The US map's states as links on a tile grid (a hidden block, like the gallery). */
  | { kind: 'usmap'; id: string; settings: BlockSettingsView; states: UsMapStateView[]; lockedFor: number | null }
  /** A marked root an island hydrates later (gating form, load more); static fallback only. */
  | { kind: 'island'; id: string; settings: BlockSettingsView; island: string; props: Record<string, unknown> };

/** One item of an RSS feed block: date as displayed (Chicago) and as a calendar date for <time>. */
export interface FeedItemView { title: string; href: string; summary: string; date: string | null; dateTime: string | null }

export interface ColumnView { blocks: BlockView[] }

export interface RowView {
  layout: RowLayout;
  title: string | null;
  link: SiteLink | null;
  width: 'site-width' | 'restricted';
  backgroundColor: string | null;
  textColor: string | null;
  columns: ColumnView[];
}

export interface HeadView {
  title: string;
  description: string;
  /** Absolute; null on the error page. */
  canonical: string | null;
  robots: string | null;
  ogType: 'website' | 'article';
  image: { url: string; width: number; height: number; alt: string } | null;
  rssHref: string | null;
  rssTitle: string | null;
  /** Structured data, serialised with escapeJsonForHtml before it is written. */
  jsonLd: Record<string, unknown>;
  /** Leave out the tracking metadata (a signed draft preview; public §2 preview mode). */
  noTracking?: boolean;
}

/** An issue in a publication page's latest slot or archive. */
export interface IssueCardView { title: string; href: string; date: string; cover: ImageView | null; description: string }

/** The magazine part of an issue or publication page (admin §2.2, public §2). */
export type MagazineView =
  | { kind: 'issue'; publication: SiteLink; date: string; description: string; cover: ImageView | null; digitalEdition: SiteLink | null; sections: { name: string; items: ItemView[] }[] }
  | { kind: 'publication'; description: string; cover: ImageView | null; latest: IssueCardView | null; archive: { year: number; issues: IssueCardView[] }[]; subscribe: SiteLink | null; renewal: SiteLink | null };

/** A company in the leaders directory: its name and teaser (plain text), logo and company page. */
export interface LeaderCompanyView { name: string; href: string; teaser: string; image: ImageView | null }
/** A part as the parts directory lists it (API text, rendered escaped). */
export interface PartRowView { partNumber: string; name: string; manufacturer: string; category: string; href: string }

/** The body of a layout module's page (admin §3.1 "Modules", issue 42; engine/build/stages/resolve-leaders.ts, resolve-parts.ts). */
export type ModuleView =
  | { kind: 'leaders'; categories: { name: string; href: string; companies: LeaderCompanyView[] }[] }
  | { kind: 'leaders-category'; directory: SiteLink; companies: LeaderCompanyView[] }
  /** available false: the build holds no catalogue (the parts API was never read successfully). */
  | { kind: 'parts'; available: boolean; indexHref: string; parts: PartRowView[] }
  | { kind: 'part'; part: PartRowView; description: string; specs: { name: string; value: string }[]; datasheet: SiteLink | null; directory: SiteLink }
  | { kind: 'part-datasheet'; part: PartRowView; title: string; format: string; pages: number | null; updated: string | null; download: SiteLink | null; directory: SiteLink };

export type PageKind = 'home' | 'section' | 'content' | 'author' | 'issue' | 'publication' | 'print' | 'search' | 'account' | 'login' | 'membership-choose' | 'membership-signup' | 'not-found'
  | 'leaders' | 'leaders-category' | 'parts' | 'part' | 'part-datasheet';

export interface PageView {
  kind: PageKind;
  path: string;
  heading: string;
  /** The h1 is for assistive technology only (home: the logo is the visual title). */
  headingHidden: boolean;
  intro: string | null;
  layoutId: number | null;
  hideHeader: boolean;
  hideFooter: boolean;
  /** Path of the section the page belongs to, for the bottom navbar's selected link. */
  sectionPath: string | null;
  breadcrumbs: SiteLink[];
  head: HeadView;
  rows: RowView[];
  content: ContentView | null;
  /** Shell pages: the island that fills them later and its static fallback links. */
  shell: { island: string; links: SiteLink[]; props: Record<string, unknown> } | null;
  /** What the page was rendered from, for incremental rebuilds (DESIGN §4). */
  inputs: { contentIds: number[]; sectionIds: number[]; layoutId: number | null };
  /** The section a home or section listing shows (the staff toolbar's Edit Section target), or a content page's section (its page view). */
  sectionId?: number | null;
  /** A signed draft preview rendered by the API: no staff toolbar, no tracking metadata. */
  preview?: boolean;
  /** Issue and publication pages: the cover, table of contents, latest issue and archive. */
  magazine?: MagazineView | null;
  /** Layout module pages (leaders, sourceesb): the directory, the part, the datasheet. */
  module?: ModuleView | null;
  /** The page's ad slots (issue 19); absent: no ads. */
  ads?: PageAdsView | null;
}

export interface MenuView { title: string; links: SiteLink[] }

export interface ChromeView {
  siteName: string;
  language: string;
  origin: string;
  year: number;
  cssHref: string;
  cssIntegrity: string;
  favicon: string | null;
  logo: { src: string; height: number; width: number | null };
  footerLogo: { src: string; height: number };
  headerCtaText: string | null;
  /** Join and Login buttons (membership active), or the header's alternate call to action. */
  account: { join: SiteLink; login: SiteLink } | null;
  alternateCta: SiteLink | null;
  primary: SiteLink[];
  megaMenus: MenuView[];
  social: SiteLink[];
  affiliated: SiteLink[];
  footerMenu: SiteLink[];
  footerText: string;
  signupText: string | null;
  contactUsText: string | null;
  newsletterButton: { mode: 'flyout'; label: string } | { mode: 'link'; link: SiteLink } | null;
  /** What the footer's subscribe pane offers, and the membership mode's Manage link; absent when newsletters are off. */
  newsletterSignup?: NewsletterSignupView;
  sponsoredSearch: { logo: string; alt: string; href: string | null } | null;
  /** The tag-manager container id (site settings general.tagManagerId), for the tracking metadata. */
  tagManagerId?: string | null;
  /** The consent banner's settings (engine/domain/consent.ts); null when the site loads no third-party script and has no consent settings. */
  consent?: ConsentConfig | null;
  /** The tenant's reCAPTCHA v3 site key (tenantInfo.reCAPTCHAPublicKey): the member forms' captcha. */
  recaptchaKey?: string | null;
  /** The tenant key, written as <html data-tenant> (the islands' API client sends it as x-tenant-key). */
  tenantKey?: string;
  /** The client bundle's entry script and the chunks it imports; null/absent: pages load no script. */
  client?: ClientScripts | null;
}

/** Site-absolute URLs of the hashed client bundle files in the tenant's assets/. */
export interface ClientScripts {
  entry: string; preload: string[];
  /** The build poll's interval (ms) when not the spec's 3,600,000 (development): a meta tag. */
  buildPollMs?: number;
}

/** The subscribe pane's data (public §2 "Footer", "Subscribe pane"; §3 newsletters settings). */
export interface NewsletterSignupView {
  /** The newsletters flagged showInSubscribeBlock. */
  newsletters: { id: number; title: string; description: string }[];
  /** newsletters.subscribeBlockSettings.promoCode (a ?pk= query parameter overrides it). */
  promoCode: string | null;
  /** tenantInfo.reCAPTCHAPublicKey; null: the development captcha token is sent. */
  recaptchaKey: string | null;
  /** Membership mode: the link logged-in members get instead of Join (/account#manage-newsletters). */
  manage: SiteLink | null;
}
