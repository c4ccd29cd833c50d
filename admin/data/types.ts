// Shapes the admin reads from the API (admin §3, §7). Where the spec leaves a shape open, these are
// the admin's expectations; api.ts normalises what the server sends into them.
import type { ContentType, ScheduleOption } from '../../engine/domain/enums';
import type { Permission, Role } from '../../engine/domain/permissions';
import type { Grid } from '../../engine/domain/layout';
import type { SiteSettings } from '../../engine/domain/settings';
import type { NewsletterGrid, NewsletterTemplate } from '../../engine/domain/newsletter';

export interface CmsUser {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  extraPermissions: Permission[];
  /** Effective permissions (role plus extras). */
  permissions: Permission[];
  status: 0 | 1;
  isGlobal: boolean;
  tenants: string[];
}

export interface Tenant {
  tenantKey: string;
  name: string;
  domain: string;
  abbreviation: string;
  prodEndpoint?: string | null;
  /** Switched-on modules (engine/domain/settings.ts enabledModules): menu conditions company-updates, memberships, ip-gating. */
  modules?: string[];
  /** Public origin of the site when the API knows it (e.g. http://freightwise.localhost:4000). */
  url?: string | null;
}

export interface SectionNode {
  id: number;
  name: string;
  alias: string;
  systemAlias: string;
  manualAlias: boolean;
  parentId: number | null;
  description?: string | null;
  gamAlias?: string | null;
  depth: number;
  /** "Parent › Child" */
  fullName: string;
  children: SectionNode[];
}

export type ContentStatusCode = 0 | 1 | 2;

export interface ContentSummary {
  id: number;
  type: ContentType;
  name: string;
  status: ContentStatusCode;
  published: string | null;
  startDate: string | null;
  endDate: string | null;
  updatedAt: string | null;
  primarySection: { id: number; name: string; alias: string } | null;
}

export interface Schedule {
  sectionId: number;
  option: ScheduleOption;
  startDate?: string | null;
  endDate?: string | null;
}

export interface EventFields {
  startDate?: string | null;
  endDate?: string | null;
  venue?: string | null;
  address1?: string | null;
  city?: string | null;
  postalCode?: string | null;
  state?: string | null;
  country?: string | null;
}

export interface ContentDetail {
  id: number;
  type: ContentType;
  name: string;
  slug: string | null;
  teaser: string;
  body: string;
  status: ContentStatusCode;
  published: string | null;
  startDate: string | null;
  endDate: string | null;
  primarySectionId: number;
  authorIds: number[];
  imageIds: number[];
  primaryImageId: number | null;
  taxonomyIds: number[];
  labels: string[];
  event: EventFields | null;
  linkUrl: string | null;
  embedCode: string | null;
  /** Digital edition (zmag) publication id (issue 21). */
  zmagId?: string | null;
  seoTitle: string | null;
  /** The contributor contract the item was written under (issue 22). */
  contractId?: number | null;
  schedules: Schedule[];
  /** Canonical path on the public site, when the API gives it. */
  path?: string | null;
  updatedAt?: string | null;
  /** The item's images as the API describes them (for thumbnails). */
  assets?: Asset[];
}

export interface SocialLink { network: string; url: string }
export interface Person {
  id: number; fullName: string; title?: string | null; firstName?: string; lastName?: string; bio?: string | null;
  imageId?: number | null; status?: number; socialLinks?: SocialLink[]; authorPath?: string;
}
export interface TaxonomyTerm { id: number; name: string; fullName: string; type: string; parentId?: number | null }
export interface PersonInput { firstName: string; lastName: string; title?: string | null; bio?: string | null; imageId?: number | null; status: number; socialLinks: SocialLink[] }
export interface Contacts { title: string; personIds: number[]; persons: Person[] }
export interface Asset { id: number; path: string; alt: string; caption?: string | null; width: number; height: number }

/** A media library asset (api/assets/schema.graphql MediaAsset). */
export interface MediaAsset extends Asset {
  name: string; mimeType: string; bytes: number; credit: string | null; caption: string | null;
  /** The file's hash (getAssetStream asks for it); versions preview URLs. */
  sha256?: string;
  focalX: number; focalY: number; tags: string[]; decorative: boolean; original: string | null;
  derivatives: { width: number; height: number; format: string; file: string; bytes: number }[];
  usedBy: { kind: string; id: number; name: string }[];
}

export interface LayoutSummary {
  id: number;
  name: string;
  type: string;
  isGlobal: boolean;
  updatedAt?: string | null;
}

export interface LayoutDetail {
  /** Not in the API's Layout yet: a layout belongs to the tenant it was created in. */
  tenants?: string[];
  id: number;
  name: string;
  type: string;
  key?: string | null;
  aliases: string[];
  propagate: boolean;
  pageType?: string | null;
  contentTypes: string[];
  contentIds: number[];
  sectionIds: number[];
  gatingRequirements?: string | null;
  isGlobal: boolean;
  hideHeader: boolean;
  hideFooter: boolean;
  loadMoreType: string;
  excludeAds: Record<string, boolean | undefined>;
  primaryGrid: Grid;
  secondaryGrid?: Grid | null;
}

export interface MenuLink { label: string; href: string; external: boolean }

export interface Redirect { id: number; from: string; to: string; preserveQueryString: boolean }

export interface AdUnitView {
  id: number; key: string; type: string; size: [number, number][]; sizeMapping: { minWidth: number; sizes: [number, number][] }[];
  useSectionAlias: boolean; refreshRate: number; excludePageTypes: string[]; targetId: string | null; position: number;
}
export interface HouseAdView {
  id: number; name: string; kind: string; status: number; priority: number; startDate: string | null; endDate: string | null; unitKeys: string[];
  native: Record<string, unknown> | null; skin: Record<string, unknown> | null; welcome: Record<string, unknown> | null; sticky: Record<string, unknown> | null;
}
export interface AdUnitPattern { id: number; name: string; type: string; pattern: string; sizes: [number, number][] }

export interface HistoryEntry {
  id: number;
  createdAt: string;
  actor: { id: number | null; username: string | null; type: string };
  entityType: string;
  entityId: string;
  action: string;
  changes: Record<string, unknown>;
}

export interface Page<T> { items: T[]; totalCount: number }

// Members (admin §3.6, public §3): memberships, site users, demographic questions, site-license companies.
export interface Membership {
  id: number; title: string; alias: string; description: string; status: number; isFree: boolean; omedaProduct: string | null;
  requiredUserCommonFields: string[]; requiredUserDemographicFields: number[]; additionalUserDemographicFields: number[];
}
export interface SiteUser {
  id: number; username: string; email: string; firstName: string | null; lastName: string | null; title: string | null;
  company: string | null; city: string | null; postalCode: string | null; region: string | null; countryCode: string | null;
  status: number; memberships: number[]; newsletters: number[]; created: string; updated: string;
}
export interface DemographicQuestionSummary { id: number; demographicType: number; description: string; status: number; formKey: string }
export interface SiteLicenseCompany { id: number; name: string; status: number; ranges: string[]; created: string; updated: string }

// Newsletters (admin §3.7–3.9). The settings groups of a template and a campaign's grid are JSON
// the API checks with the engine/domain schemas; the admin reads them with the same types.
export interface NewsletterTemplateSummary { id: number; name: string; description: string; status: number; newsletterId: number | null; updatedAt: string }
export type NewsletterTemplateRecord = Omit<NewsletterTemplate, 'legacyNewsletterProductId' | 'newsletterId'> & {
  id: number; legacyNewsletterProductId: string | null; newsletterId: number | null; updatedAt: string;
};
export interface NewsletterSendRecord { kind: string; recipients: number; sent: number; failed: number; startedAt: string; finishedAt: string | null }
export interface NewsletterCampaignSummary {
  id: number; templateId: number; name: string; subject: string; deploymentDate: string | null; hiddenOnWeb: boolean;
  audienceStatus: string; listed: boolean; sentAt: string | null; updatedAt: string;
}
export interface NewsletterCampaignRecord extends NewsletterCampaignSummary {
  preheader: string; fromAddress: string | null; grid: NewsletterGrid; sends: NewsletterSendRecord[];
}
export interface NewsletterPreview { subject: string; preheader: string; html: string; text: string }
export interface NewsletterSendSummary { campaignId: number; templateId: number; kind: string; recipients: number; sent: number; failed: number; failures: { email: string; error: string }[]; durationMs: number }
export interface NewsletterAdScheduleRecord { newsletterTemplateId: number; startDate?: string; endDate?: string; startDay: string; endDay: string; position: number; orderId?: string | null; lineItemId?: string | null }
export interface NewsletterAdRecord {
  id: number; title: string; campaignName: string | null; companySource: string; company: { id: number | null; name: string };
  logo: string | null; image: string | null; logoAssetId?: number | null; imageAssetId?: number | null; placement: string; label: string; url: string; body: string; ctaLabel: string;
  adCategory: string; priority: number; schedules: NewsletterAdScheduleRecord[]; updatedAt: string;
}
export interface NewsletterItemRecord { id: number; title: string; description: string; omedaProductId: string | null; showInSubscribeBlock: boolean }

export type { SiteSettings };

/** An internal news item for staff (admin §3.6). */
export interface AspireNews {
  id: number;
  title: string;
  /** HTML, sanitised by the API. */
  description: string;
  date: string;
  /** 1 published, 2 draft. */
  status: 1 | 2;
  alert: boolean;
  hasRead: boolean;
}

/** A contributor contract (admin §3.6). */
export interface Contract {
  id: number;
  personId: number | null;
  contributorName: string;
  contributorEmail: string;
  rate: string;
  startsOn: string | null;
  endsOn: string | null;
  template: string;
  terms: string;
  status: 'pending' | 'approved';
  /** "<name> Approved <date>" or "<name> Pending". */
  label: string;
  approvedAt: string | null;
  approvedName: string | null;
  approvedIp: string | null;
  approvedUserAgent: string | null;
  linkActive: boolean;
  tokenExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One field of a company update's review (issue 22): current beside proposed, lists one entry per line. */
export interface CompanyUpdateField {
  field: string;
  label: string;
  current: string;
  proposed: string | null;
  changed: boolean;
  accepted: boolean | null;
}

/** A request to a company to update its profile by private link. */
export interface CompanyUpdate {
  id: number;
  contentId: number;
  companyName: string;
  contactName: string;
  contactEmail: string;
  status: 'requested' | 'submitted' | 'applied' | 'rejected';
  linkActive: boolean;
  tokenExpiresAt: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  message: string | null;
  fields?: CompanyUpdateField[];
  createdAt: string;
}
