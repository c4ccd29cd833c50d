// Shapes the admin reads from the API (admin §3, §7). Where the spec leaves a shape open, these are
// the admin's expectations; api.ts normalises what the server sends into them.
import type { ContentType, ScheduleOption } from '../../engine/domain/enums';
import type { Permission, Role } from '../../engine/domain/permissions';
import type { Grid } from '../../engine/domain/layout';
import type { SiteSettings } from '../../engine/domain/settings';

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
  seoTitle: string | null;
  schedules: Schedule[];
  /** Canonical path on the public site, when the API gives it. */
  path?: string | null;
  updatedAt?: string | null;
  /** The item's images as the API describes them (for thumbnails). */
  assets?: Asset[];
}

export interface Person { id: number; fullName: string; title?: string | null }
export interface TaxonomyTerm { id: number; name: string; fullName: string; type: string }
export interface Asset { id: number; path: string; alt: string; caption?: string | null; width: number; height: number }

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

export type { SiteSettings };
