// The write path for records, shared by the fixture seed and the API's operations. Every write is an
// upsert by explicit id, so writing the same records twice leaves the same rows. Callers pass the
// transaction object (`tx`) their store transaction handed them, so the writes run inside it.
import { and, inArray, ne, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import { slugify } from '../domain/paths';
import type {
  adUnitPatternSchema, contentSchema, layoutSchema, membershipSchema, menusSchema,
  newsletterSchema, personSchema, redirectSchema, taxonomySchema, tenantSchema,
} from '../domain';
import { rawOf, type Db } from './connection';
import * as t from './schema';
import * as nl from './schema-newsletters';
import { adUnits, houseAds } from './schema-ads';
import { setIssuePlacements, upsertMagazineSection, type IssuePlacement } from './queries/magazine';
import { upsertIssue, upsertNewsletterAd, upsertNewsletterCampaign, upsertNewsletterTemplate, upsertPublication, upsertSubscription } from './queries/newsletters';
import type { NewsletterCampaign, NewsletterTemplate } from '../domain/newsletter';
import type { NewsletterAd } from '../domain/newsletter-ads';
import { insertRows, upsertRows } from './upsert';

type Out<S extends z.ZodType> = z.output<S>;

export const SEEDED_TABLES = {
  tenants: t.tenants, website_sections: t.websiteSections, assets: t.assets, persons: t.persons,
  taxonomy: t.taxonomy, memberships: t.memberships, newsletters: t.newsletters, menus: t.menus,
  redirects: t.redirects, ad_unit_patterns: t.adUnitPatterns, ad_units: adUnits, house_ads: houseAds, layouts: t.layouts, content: t.content,
  content_authors: t.contentAuthors, content_images: t.contentImages, content_taxonomy: t.contentTaxonomy,
  content_memberships: t.contentMemberships, content_related: t.contentRelated,
  website_schedules: t.websiteSchedules, cms_users: t.cmsUsers, cms_user_tenants: t.cmsUserTenants,
} as const satisfies Record<string, SQLiteTable>;

/** Row counts of every seeded table, for summaries and idempotency checks. */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(SEEDED_TABLES)) {
    const [row] = await db.select({ n: sql<number>`count(*)` }).from(table);
    out[name] = Number(row?.n ?? 0);
  }
  return out;
}

/** Kinds of tenant-owned records whose ids are global. */
const OWNED = {
  section: t.websiteSections, asset: t.assets, person: t.persons, taxonomy: t.taxonomy,
  membership: t.memberships, newsletter: t.newsletters, redirect: t.redirects,
  adUnitPattern: t.adUnitPatterns, layout: t.layouts, content: t.content, newsletterTemplate: nl.newsletterTemplates,
  newsletterCampaign: nl.newsletterCampaigns, newsletterAd: nl.newsletterAds, publication: nl.magazinePublications, adUnit: adUnits, houseAd: houseAds,
} as const;
export type OwnedKind = keyof typeof OWNED;

/** Ids among `ids` that already belong to a tenant other than `tenantKey`. */
export async function idsOwnedElsewhere(db: Db, kind: OwnedKind, tenantKey: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const table = OWNED[kind];
  const found: number[] = [];
  for (let i = 0; i < ids.length; i += 900) {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, ids.slice(i, i + 900)), ne(table.tenantKey, tenantKey)));
    found.push(...rows.map((r) => r.id));
  }
  return found;
}

export function writeTenant(db: Db, tenant: Out<typeof tenantSchema>) {
  return upsertRows(rawOf(db), t.tenants, [tenant], t.tenants.tenantKey);
}

export interface SectionRow { id: number; name: string; parentId: number | null; alias: string; systemAlias: string; manualAlias: boolean; description?: string | undefined; gamAlias?: string | undefined; sequence: number; status: number }
export function writeSections(db: Db, tenantKey: string, rows: SectionRow[]) {
  return upsertRows(rawOf(db), t.websiteSections, rows.map((r) => ({ ...r, tenantKey, description: r.description ?? null, gamAlias: r.gamAlias ?? null })), t.websiteSections.id);
}

export interface AssetRow { id: number; path: string; mimeType: string; alt: string; caption?: string | undefined; credit?: string | undefined; width: number; height: number; data: Buffer; sha256: string }
export function writeAssets(db: Db, tenantKey: string, rows: AssetRow[]) {
  return upsertRows(rawOf(db), t.assets, rows.map((r) => ({ ...r, tenantKey, caption: r.caption ?? null, credit: r.credit ?? null })), t.assets.id);
}

export function writePersons(db: Db, tenantKey: string, rows: Out<typeof personSchema>[]) {
  return upsertRows(rawOf(db), t.persons, rows.map((p) => ({
    id: p.id, tenantKey, firstName: p.firstName, lastName: p.lastName, fullName: [p.firstName, p.lastName].filter(Boolean).join(' '),
    title: p.title ?? null, bio: p.bio ?? null, imageId: p.imageId ?? null, status: p.status,
  })), t.persons.id);
}

export function writeTaxonomy(db: Db, tenantKey: string, rows: Out<typeof taxonomySchema>[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const fullName = (r: Out<typeof taxonomySchema>, depth = 0): string => {
    const parent = r.parentId !== undefined ? byId.get(r.parentId) : undefined;
    return parent && depth < 10 ? `${fullName(parent, depth + 1)} > ${r.name}` : r.name;
  };
  return upsertRows(rawOf(db), t.taxonomy, rows.map((r) => ({ id: r.id, tenantKey, type: r.type, name: r.name, fullName: fullName(r), parentId: r.parentId ?? null })), t.taxonomy.id);
}

export function writeMemberships(db: Db, tenantKey: string, rows: Out<typeof membershipSchema>[]) {
  return upsertRows(rawOf(db), t.memberships, rows.map((m) => ({ ...m, tenantKey, omedaProduct: m.omedaProduct ?? null })), t.memberships.id);
}

export function writeNewsletters(db: Db, tenantKey: string, rows: Out<typeof newsletterSchema>[]) {
  return upsertRows(rawOf(db), t.newsletters, rows.map((n) => ({ ...n, tenantKey, omedaProductId: n.omedaProductId ?? null })), t.newsletters.id);
}

export function writeMenus(db: Db, tenantKey: string, menus: Out<typeof menusSchema>) {
  return upsertRows(rawOf(db), t.menus, Object.entries(menus).map(([key, links]) => ({ tenantKey, key, links })), [t.menus.tenantKey, t.menus.key]);
}

export function writeRedirects(db: Db, tenantKey: string, rows: Out<typeof redirectSchema>[]) {
  return upsertRows(rawOf(db), t.redirects, rows.map((r) => ({ ...r, tenantKey })), t.redirects.id);
}

export function writeAdUnitPatterns(db: Db, tenantKey: string, rows: Out<typeof adUnitPatternSchema>[]) {
  return upsertRows(rawOf(db), t.adUnitPatterns, rows.map((r) => ({ ...r, tenantKey })), t.adUnitPatterns.id);
}

export function writeLayouts(db: Db, tenantKey: string, rows: Out<typeof layoutSchema>[]) {
  return upsertRows(rawOf(db), t.layouts, rows.map((l) => ({
    ...l, tenantKey, key: l.key ?? null, pageType: l.pageType ?? null, gatingRequirements: l.gatingRequirements ?? null,
    secondaryGrid: l.secondaryGrid ?? null,
  })), t.layouts.id);
}

type ContentOut = Out<typeof contentSchema>;

/** Upserts a batch of content and replaces its links (authors, images, taxonomy, memberships, related, schedules). */
export async function writeContentBatch(db: Db, tenantKey: string, items: ContentOut[]): Promise<void> {
  if (items.length === 0) return;
  await upsertRows(rawOf(db), t.content, items.map((c) => ({
    id: c.id, tenantKey, type: c.type, name: c.name, slug: c.slug ?? slugify(c.name), teaser: c.teaser, body: c.body,
    status: c.status, published: c.published ?? null, startDate: c.startDate ?? null, endDate: c.endDate ?? null,
    primarySectionId: c.primarySectionId, primaryImageId: c.primaryImageId ?? c.imageIds[0] ?? null, labels: c.labels,
    gatingSurveyType: c.gating.surveyType ?? null, userRegistrationRequired: c.userRegistrationRequired,
    event: c.event ?? null, linkUrl: c.linkUrl ?? null, embedCode: c.embedCode ?? null, zmagId: c.zmagId ?? null, seoTitle: c.seoTitle ?? null,
    contractId: c.contractId ?? null, metadata: c.metadata,
  })), t.content.id);
  const ids = items.map((c) => c.id);
  const links = [t.contentAuthors, t.contentImages, t.contentTaxonomy, t.contentMemberships, t.contentRelated, t.websiteSchedules] as const;
  for (const table of links) {
    for (let i = 0; i < ids.length; i += 900) await db.delete(table).where(inArray(table.contentId, ids.slice(i, i + 900)));
  }
  await insertRows(rawOf(db), t.contentAuthors, items.flatMap((c) => c.authorIds.map((personId, position) => ({ contentId: c.id, personId, position }))));
  await insertRows(rawOf(db), t.contentImages, items.flatMap((c) => c.imageIds.map((assetId, position) => ({ contentId: c.id, assetId, position }))));
  await insertRows(rawOf(db), t.contentTaxonomy, items.flatMap((c) => [...new Set(c.taxonomyIds)].map((taxonomyId) => ({ contentId: c.id, taxonomyId }))));
  await insertRows(rawOf(db), t.contentMemberships, items.flatMap((c) => [...new Set(c.membershipIds)].map((membershipId) => ({ contentId: c.id, membershipId }))));
  await insertRows(rawOf(db), t.contentRelated, items.flatMap((c) => [...new Set(c.relatedIds)].map((relatedId, position) => ({ contentId: c.id, relatedId, position }))));
  await insertRows(rawOf(db), t.websiteSchedules, items.flatMap((c) => dedupeSchedules(c).map((s) => ({
    contentId: c.id, sectionId: s.sectionId, option: s.option, startDate: s.startDate ?? null, endDate: s.endDate ?? null,
  }))));
}

function dedupeSchedules(c: ContentOut) {
  const seen = new Map<string, ContentOut['schedules'][number]>();
  for (const s of c.schedules) seen.set(`${s.sectionId}:${s.option}`, s);
  return [...seen.values()];
}

export interface PublicationRow {
  id: number; name: string; subscribeUrl: string | null;
  sections?: { id: number; name: string; position: number }[];
  issues: { id: number; publicationId: number; name: string; description: string; issueDate: number; coverImage: string | null; digitalEditionUrl: string | null; status: number; placements?: IssuePlacement[] }[];
}
export async function writePublications(db: Db, tenantKey: string, rows: PublicationRow[]): Promise<void> {
  for (const { issues, sections = [], ...p } of rows) {
    await upsertPublication(db, tenantKey, p);
    for (const s of sections) await upsertMagazineSection(db, tenantKey, { ...s, publicationId: p.id });
    for (const { placements, ...i } of issues) {
      await upsertIssue(db, tenantKey, i);
      if (placements) await setIssuePlacements(db, tenantKey, i.id, placements);
    }
  }
}

export interface NewsletterTemplateRow { id: number; template: NewsletterTemplate }
export interface NewsletterCampaignRow { id: number; campaign: NewsletterCampaign; sentAt: number | null }
export interface NewsletterAdRow { id: number; ad: NewsletterAd }

export async function writeNewsletterTemplates(db: Db, tenantKey: string, rows: NewsletterTemplateRow[]): Promise<void> {
  for (const r of rows) await upsertNewsletterTemplate(db, r.id, tenantKey, r.template);
}

export async function writeNewsletterCampaigns(db: Db, tenantKey: string, rows: NewsletterCampaignRow[]): Promise<void> {
  for (const r of rows) await upsertNewsletterCampaign(db, r.id, tenantKey, r.campaign, r.sentAt);
}

export async function writeNewsletterAds(db: Db, tenantKey: string, rows: NewsletterAdRow[]): Promise<void> {
  for (const r of rows) await upsertNewsletterAd(db, r.id, tenantKey, r.ad);
}

export interface SubscriptionRow { newsletterId: number; email: string; source: string; countryCode?: string | undefined; regionCode?: string | undefined; subscribedAt: number }
export async function writeSubscriptions(db: Db, tenantKey: string, rows: SubscriptionRow[]): Promise<void> {
  for (const r of rows) {
    await upsertSubscription(db, {
      tenantKey, newsletterId: r.newsletterId, email: r.email, source: r.source, countryCode: r.countryCode ?? null, regionCode: r.regionCode ?? null, at: r.subscribedAt,
    });
  }
}

export interface CmsUserRow { id: number; email: string; username: string; firstName: string; lastName: string; passwordHash: string; role: string; extraPermissions: string[]; status: number; isGlobal: boolean; tenants: string[] }
export async function writeCmsUsers(db: Db, rows: CmsUserRow[]): Promise<void> {
  await upsertRows(rawOf(db), t.cmsUsers, rows.map(({ tenants: _t, ...u }) => u), t.cmsUsers.id);
  const ids = rows.map((r) => r.id);
  if (ids.length) await db.delete(t.cmsUserTenants).where(inArray(t.cmsUserTenants.userId, ids));
  await insertRows(rawOf(db), t.cmsUserTenants, rows.flatMap((u) => (u.isGlobal ? [] : u.tenants.map((tenantKey) => ({ userId: u.id, tenantKey })))));
}

/** Existing password hashes by user id, so a re-seed keeps a hash that still matches. */
export async function cmsUserHashes(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: t.cmsUsers.id, h: t.cmsUsers.passwordHash }).from(t.cmsUsers).where(inArray(t.cmsUsers.id, ids));
  return new Map(rows.map((r) => [r.id, r.h]));
}

export async function tenantKeys(db: Db): Promise<string[]> {
  return (await db.select({ k: t.tenants.tenantKey }).from(t.tenants)).map((r) => r.k);
}

