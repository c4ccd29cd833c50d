// Load stage of a newsletter render: everything a campaign shows, read from the store once, into
// a snapshot the pure resolve stage turns into the email. Content lists are filled here (automatic
// from a section's website schedules and content types; manual from chosen ids), each item once
// per campaign, in the grid's reading order.
import { AppError } from '../domain/errors';
import { isGatedItem } from '../domain/gating';
import { contentPath } from '../domain/paths';
import type { NewsletterContentListData, NewsletterBlock } from '../domain/newsletter';
import type { Store } from '../store/connection';
import { mediaAssetsByIds } from '../store/queries/assets';
import { assetsByIds, type AssetRecord } from '../store/queries/catalog';
import { authorsOf, contentByIds, contentStream, membershipIdsOf, type ContentRecord } from '../store/queries/content';
import { listSections } from '../store/queries/sections';
import { getTenant } from '../store/queries/tenants';
import type { NewsletterMedia } from './media';
import {
  adsScheduledFor, getNewsletterCampaign, getNewsletterTemplate, getPublication, issueFor,
  type AdRecord, type CampaignRecord, type IssueRecord, type PublicationRecord, type TemplateRecord,
} from '../store/queries/newsletters';

export interface LoadedItem {
  content: ContentRecord;
  /** Canonical path on the tenant's site. */
  path: string;
  image: AssetRecord | null;
  authors: string[];
  /** The domain's gating rule: a gated item's body never feeds its teaser. */
  gated: boolean;
}

export interface RenderSnapshot {
  tenant: { tenantKey: string; name: string; domain: string; logo: string | null };
  template: TemplateRecord;
  campaign: CampaignRecord;
  /** The instant the campaign is dated: its deployment date, else when it was sent, else now. */
  at: number;
  /** Items of content_list / content_list_new / contacts blocks, by block key (see blockKey). */
  items: Map<string, LoadedItem[]>;
  /** Ads scheduled for the template at `at`. */
  ads: AdRecord[];
  /** Publication and issue of each issue block, by block key. */
  issues: Map<string, { publication: PublicationRecord; issue: IssueRecord | null } | null>;
  /** Media library records (with derivatives) of the header image, the ads' images and logos and the items' images, by asset id. */
  media: NewsletterMedia;
}

/** The key of a block in its grid: r<row>c<column>b<block>. */
export function blockKey(row: number, column: number, block: number): string {
  return `r${row}c${column}b${block}`;
}

/** Blocks in reading order: each row left column first. */
export function* gridBlocks(c: CampaignRecord): Generator<{ key: string; block: NewsletterBlock }> {
  for (const [r, row] of c.grid.rows.entries()) {
    for (const [ci, col] of row.columns.entries()) {
      for (const [bi, block] of col.blocks.entries()) yield { key: blockKey(r, ci, bi), block };
    }
  }
}

async function listItems(store: Store, tenantKey: string, d: NewsletterContentListData, at: number, used: Set<number>): Promise<ContentRecord[]> {
  if (d.population_mode === 'manual') {
    const rows = await contentByIds(store.db, tenantKey, d.contentIds);
    const live = new Map(rows.filter((c) => c.status === 1 && c.published !== null && c.published <= at).map((c) => [c.id, c]));
    return d.contentIds.map((id) => live.get(id)).filter((c): c is ContentRecord => c !== undefined);
  }
  const { rows } = await contentStream(store.db, {
    tenantKey, statuses: [1], publishedBy: at, now: at, sectionId: d.section,
    types: d.contentTypes.length ? d.contentTypes : undefined, excludeIds: [...used],
    sortField: 'published', sortOrder: 'desc', limit: d.numberOfItems, skip: 0,
  });
  return rows;
}

async function enrich(store: Store, tenantKey: string, lists: Map<string, ContentRecord[]>): Promise<Map<string, LoadedItem[]>> {
  const all = [...new Map([...lists.values()].flat().map((c) => [c.id, c])).values()];
  const ids = all.map((c) => c.id);
  const [authors, sections, images, memberships] = await Promise.all([
    authorsOf(store.db, ids),
    listSections(store.db, tenantKey),
    assetsByIds(store.db, tenantKey, all.map((c) => c.primaryImageId).filter((i): i is number => i !== null)),
    membershipIdsOf(store.db, ids),
  ]);
  const aliases = new Map(sections.map((s) => [s.id, s.alias]));
  const assets = new Map(images.map((a) => [a.id, a]));
  const out = new Map<string, LoadedItem[]>();
  for (const [key, list] of lists) {
    out.set(key, list.map((content) => ({
      content,
      path: contentPath({ id: content.id, slug: content.slug, name: content.name, sectionAlias: aliases.get(content.primarySectionId) ?? null }),
      image: content.primaryImageId !== null ? assets.get(content.primaryImageId) ?? null : null,
      authors: (authors.get(content.id) ?? []).map((p) => p.fullName),
      gated: isGatedItem({ membershipIds: memberships.get(content.id) ?? [], surveyType: content.gatingSurveyType, registrationRequired: content.userRegistrationRequired }),
    })));
  }
  return out;
}

/** Reads a campaign and all it shows. Throws NOT_FOUND for an unknown campaign or template. */
export async function loadCampaignSnapshot(store: Store, tenantKey: string, campaignId: number, opts: { now?: number } = {}): Promise<RenderSnapshot> {
  const campaign = await getNewsletterCampaign(store.db, tenantKey, campaignId);
  if (!campaign) throw new AppError('NOT_FOUND', { entity: 'Newsletter campaign', id: campaignId });
  return loadSnapshotFor(store, tenantKey, campaign, opts);
}

/** As loadCampaignSnapshot, for a campaign not (or not yet) stored: the admin's live preview. */
export async function loadSnapshotFor(store: Store, tenantKey: string, campaign: CampaignRecord, opts: { now?: number } = {}): Promise<RenderSnapshot> {
  const [tenant, template] = await Promise.all([getTenant(store.db, tenantKey), getNewsletterTemplate(store.db, tenantKey, campaign.templateId)]);
  if (!tenant) throw new AppError('TENANT_UNKNOWN', { tenant: tenantKey });
  if (!template) throw new AppError('NOT_FOUND', { entity: 'Newsletter template', id: campaign.templateId });
  const at = campaign.deploymentDate ?? campaign.sentAt ?? opts.now ?? Date.now();

  const lists = new Map<string, ContentRecord[]>();
  const issues: RenderSnapshot['issues'] = new Map();
  const used = new Set<number>();
  for (const { key, block } of gridBlocks(campaign)) {
    if (block.type === 'content_list' || block.type === 'content_list_new') {
      const list = await listItems(store, tenantKey, block.data, at, used);
      for (const c of list) used.add(c.id);
      lists.set(key, list);
    } else if (block.type === 'contacts') {
      const rows = await contentByIds(store.db, tenantKey, block.data.contacts);
      const byId = new Map(rows.filter((c) => c.status === 1 && c.type === 'Contact').map((c) => [c.id, c]));
      lists.set(key, block.data.contacts.map((id) => byId.get(id)).filter((c): c is ContentRecord => c !== undefined));
    } else if (block.type === 'issue') {
      const publication = await getPublication(store.db, tenantKey, block.data.publicationId);
      issues.set(key, publication ? { publication, issue: (await issueFor(store.db, publication.id, at, block.data.issueId)) ?? null } : null);
    }
  }
  const [items, ads] = await Promise.all([
    enrich(store, tenantKey, lists),
    adsScheduledFor(store.db, { tenantKey, templateId: template.id, at }),
  ]);
  const mediaIds = [
    template.header.imageAssetId, ...ads.flatMap((a) => [a.imageAssetId, a.logoAssetId]),
    ...[...items.values()].flat().map((i) => i.image?.id),
  ].filter((id): id is number => typeof id === 'number');
  const media = new Map((await mediaAssetsByIds(store.db, tenantKey, [...new Set(mediaIds)])).map((a) => [a.id, a]));
  return {
    tenant: { tenantKey, name: tenant.name, domain: tenant.domain, logo: tenant.settings.header.logo ?? null },
    template, campaign, at, items, ads, issues, media,
  };
}
