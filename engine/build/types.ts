// The contract between the build stages. `load` produces a TenantIndex (everything but bodies, so
// 200,000 items fit in memory); emitters are pure functions of it that return files to write.
import type { AdUnit } from '../domain/ads';
import type { HouseAd } from '../domain/house-ads';
import type { FeedItemRow } from '../store/queries/feeds';
import type { PartsCatalogue } from '../domain/sourceesb';
import type { ContentType, MenuKey, ScheduleOption } from '../domain/enums';
import type { Layout } from '../domain/layout';
import type { SiteSettings } from '../domain/settings';

export interface BuildTenant {
  key: string;
  name: string;
  domain: string;
  abbreviation: string;
  /** Absolute origin every absolute link uses, e.g. https://freightwise.com or http://freightwise.localhost:4000 */
  origin: string;
  language: string;
  settings: SiteSettings;
  /** Extra script sources of the site's CSP (the tenant's allow-list): `_headers` and the nginx snippet. */
  scriptSources?: string[];
}

export interface BuildSection {
  id: number;
  name: string;
  alias: string;
  /** Site path of the listing, e.g. /markets/ocean-freight */
  path: string;
  parentId: number | null;
  description: string | null;
  depth: number;
  updatedAt: number;
  /** Passed to ad units in place of the alias (admin §3.2). */
  gamAlias?: string | null;
}

/** An uploaded image's derivatives (published beside its path) and focal point (engine/assets). */
export interface BuildMedia {
  derivatives: { width: number; height: number; format: string; file: string }[]; focalX: number; focalY: number; decorative: boolean;
  /** The uploaded original's file name in the tenant's assets folder (published for documents). */
  original?: string | null;
  /**
   * Media on object storage (MASTHEAD_MEDIA_URL): the CDN folder of the derivatives,
   * <MASTHEAD_MEDIA_PUBLIC_URL>/<tenant>; pages show them from there and the build copies none.
   */
  base?: string;
}
export interface BuildImage { path: string; alt: string; width: number; height: number; caption: string | null; credit: string | null; media?: BuildMedia | null }

/** A live content item (published, inside its start/end window at build time), without its body. */
export interface BuildContent {
  id: number;
  type: ContentType;
  name: string;
  slug: string;
  teaser: string;
  published: number | null;
  updatedAt: number;
  /** Canonical path from engine/domain/paths.ts contentPath(). */
  path: string;
  sectionId: number;
  image: BuildImage | null;
  authors: { id: number; name: string }[];
  /** Taxonomy term names, for feed categories and keywords. */
  terms: string[];
  labels: string[];
  linkUrl: string | null;
  seoTitle: string | null;
  description: string | null;
  event: { startDate?: number; endDate?: number; venue?: string; city?: string; state?: string; country?: string } | null;
  membershipIds: number[];
  surveyType: string | null;
  startDate: number | null;
  endDate: number | null;
  /** Optional (added by the page pipeline): related content ids in the editor's order. */
  relatedIds?: number[];
  /** Optional: true when a login is required to read the body (userRegistration.isRequired). */
  registrationRequired?: boolean;
  /** Optional: the digital edition (zmag) publication id; the page embeds its viewer (issue 21). */
  zmagId?: string | null;
  /** Optional: the item's sidebars, sanitised HTML (engine/domain/sidebars.ts). */
  sidebars?: string[];
  /** Optional: a syndicated copy's canonical URL, the source item's page on the source tenant's site. */
  canonicalUrl?: string;
}

export interface BuildSchedule { contentId: number; sectionId: number; option: ScheduleOption }

export interface BuildRedirect { from: string; to: string; preserveQueryString: boolean; status: 301 }

export interface BuildMenuLink { label: string; href: string; external: boolean }
export type BuildMenus = Record<MenuKey, BuildMenuLink[]>;
export interface BuildMembership { id: number; title: string; alias: string; description: string; isFree: boolean }
export interface BuildNewsletter { id: number; title: string; description: string; showInSubscribeBlock: boolean }
/** A person (status 1) of the tenant: authors get a page at `path` when they sign live content. */
export interface BuildPerson {
  id: number;
  name: string;
  title: string | null;
  /** Sanitised bio HTML (engine/html/sanitize.ts), or null. */
  bio: string | null;
  image: BuildImage | null;
  socialLinks: { network: string; url: string }[];
  /** /author/<id>/<slug>, engine/domain/people.ts authorPath. */
  path: string;
  updatedAt: number;
}

/** An image asset's metadata (its bytes stream separately, see engine/store/site-reader.ts). */
export interface BuildAsset extends BuildImage { id: number; mimeType: string }

export interface BuildPublication { id: number; name: string; description: string; path: string; subscribeUrl: string | null; renewalUrl: string | null; cover: BuildImage | null }
/** A live issue (active, inside its schedule at the build's now) with its table of contents. */
export interface BuildIssue {
  id: number; publicationId: number; name: string; description: string; issueDate: number; path: string;
  coverImage: string | null; digitalEditionUrl: string | null;
  /** The publication's sections in order, each with the content ids placed in it (in order). */
  sections: { id: number; name: string; contentIds: number[] }[];
}
export interface BuildMagazine {
  publications: BuildPublication[];
  /** Live issues, newest mail date first. */
  issues: BuildIssue[];
  /** The next start or end date of an issue after the build's now (null: none). */
  nextChange: number | null;
}

export interface TenantIndex {
  tenant: BuildTenant;
  sections: BuildSection[];
  /** Live content, newest published first. */
  content: BuildContent[];
  schedules: BuildSchedule[];
  /** Stored redirects plus old section aliases; /:id redirects are derived from content. */
  redirects: BuildRedirect[];
  /** Build time (epoch ms): the "now" every date rule uses. */
  now: number;
  /** Optional (page pipeline): the tenant's layouts, validated by engine/domain layoutSchema. */
  layouts?: Layout[];
  /** Optional: menu lists by key (header_primary, mega_1, mega_2, affiliated_brands, footer). */
  menus?: BuildMenus;
  /** Optional: active memberships (status 1), for the /membership shells. */
  memberships?: BuildMembership[];
  /** Optional: newsletters, for the subscribe block. */
  newsletters?: BuildNewsletter[];
  /** Optional: every image asset of the tenant (metadata only), for image grids. */
  assets?: BuildAsset[];
  /** Optional: active people, for author pages (stages/resolve-author.ts). */
  persons?: BuildPerson[];
  /** Optional: the last good items of each external feed, by URL (RSS feed blocks; engine/build/feeds.ts). */
  feeds?: Record<string, FeedItemRow[]>;
  /** Optional: the sourceesb parts catalogue's last good copy (engine/build/sourceesb.ts), null when none is held. */
  parts?: PartsCatalogue | null;
  /** Optional: magazine publications and live issues (publication and issue pages). */
  magazine?: BuildMagazine;
  /** Optional: the tenant's ad units and ad-unit pattern (issue 19). */
  ads?: { units: AdUnit[]; pattern: string | null; house?: HouseAd[] };
}

/** A file an emitter produces, relative to out/<tenantKey>/ (no leading slash). */
export interface EmittedFile { path: string; body: string | Buffer; contentType: string }
