// Answers of the API turned into the admin's shapes (types.ts).
import type { ContentType } from '../../engine/domain/enums';
import { PERMISSIONS, ROLE_NAMES, type Permission, type Role } from '../../engine/domain/permissions';
import type { Asset, CmsUser, ContentDetail, ContentStatusCode, ContentSummary, EventFields, Schedule } from './types';

export interface ApiUser {
  id: number; username: string; email: string; firstName: string; lastName: string; role: string;
  permissions?: string[]; extraPermissions?: string[]; status?: number; isGlobal: boolean; tenants: string[];
}

export function fromApiUser(u: ApiUser): CmsUser {
  const known = (list: string[] | undefined) => (list ?? []).filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p));
  return {
    id: u.id, username: u.username, email: u.email, firstName: u.firstName, lastName: u.lastName,
    role: (ROLE_NAMES as string[]).includes(u.role) ? (u.role as Role) : 'editor',
    permissions: known(u.permissions), extraPermissions: known(u.extraPermissions),
    status: u.status === 0 ? 0 : 1, isGlobal: u.isGlobal, tenants: u.tenants ?? [],
  };
}

export interface ApiContent {
  id: number; type: string; name: string; slug: string | null; teaser: string | null; body: string | null; status: number;
  published: string | null; updated?: string | null; startDate: string | null; endDate: string | null; canonicalPath?: string | null;
  primarySectionId: number; primarySection?: { id: number; name: string; alias: string } | null;
  websiteSchedules?: Schedule[]; authors?: { id: number }[]; images?: Asset[]; primaryImage?: { id: number } | null;
  taxonomy?: { id: number }[]; labels?: string[]; event?: EventFields | null; linkUrl?: string | null; embedCode?: string | null; zmagId?: string | null; seoTitle?: string | null; contractId?: number | null;
}

export function fromApiSummary(c: ApiContent): ContentSummary {
  return {
    id: c.id, type: c.type as ContentType, name: c.name, status: c.status as ContentStatusCode, published: c.published,
    startDate: c.startDate, endDate: c.endDate, updatedAt: c.updated ?? null, primarySection: c.primarySection ?? null,
  };
}

export function fromApiContent(c: ApiContent): ContentDetail {
  return {
    id: c.id, type: c.type as ContentType, name: c.name, slug: c.slug, teaser: c.teaser ?? '', body: c.body ?? '',
    status: c.status as ContentStatusCode, published: c.published, startDate: c.startDate, endDate: c.endDate,
    primarySectionId: c.primarySectionId, authorIds: (c.authors ?? []).map((a) => a.id), imageIds: (c.images ?? []).map((i) => i.id),
    primaryImageId: c.primaryImage?.id ?? null, taxonomyIds: (c.taxonomy ?? []).map((t) => t.id), labels: c.labels ?? [],
    event: c.event ?? null, linkUrl: c.linkUrl ?? null, embedCode: c.embedCode ?? null, zmagId: c.zmagId ?? null, seoTitle: c.seoTitle ?? null, contractId: c.contractId ?? null,
    schedules: (c.websiteSchedules ?? []).map((s) => ({ sectionId: s.sectionId, option: s.option, startDate: s.startDate ?? null, endDate: s.endDate ?? null })),
    path: c.canonicalPath ?? null, updatedAt: c.updated ?? null, assets: c.images ?? [],
  };
}
