// Newsletter campaign operations (admin §3.8): the campaign and its grid validated with the
// campaign schema, then every id the grid names checked against the tenant (template, sections,
// content, contacts, publications, issues). Staff set the status between Draft and Scheduled;
// Sending, Sent and Failed are set by deploying. A campaign being sent cannot be edited.
import { AppError } from '../../domain/errors';
import { newsletterCampaignSchema, type AudienceStatus, type NewsletterCampaign, type NewsletterGrid } from '../../domain/newsletter';
import { badInput, parseInput } from '../../domain/validation';
import { renderCampaignPreview } from '../../newsletter/render';
import type { Db } from '../../store/connection';
import { contentByIds } from '../../store/queries/content';
import {
  deleteNewsletterCampaignRow, getNewsletterCampaign, getPublication, issueFor, nextNewsletterId, upsertNewsletterCampaign,
  type CampaignRecord,
} from '../../store/queries/newsletters';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { asInput, createInput, idArg, mergePatch } from '../kernel/patch';
import { newsletterRuntime } from './options';
import { campaignPaths, checkOwned, newsletterChange, PERMS, templateRef } from './shared';

/** The statuses staff may give a campaign; the others belong to sending. */
export const EDITABLE_STATUSES: readonly AudienceStatus[] = ['Draft', 'Scheduled'];

export function campaignInputOf(c: CampaignRecord): Record<string, unknown> {
  return asInput({
    templateId: c.templateId, name: c.name, subject: c.subject, preheader: c.preheader, fromAddress: c.fromAddress,
    deploymentDate: c.deploymentDate, hiddenOnWeb: c.hiddenOnWeb, audienceStatus: c.audienceStatus, grid: c.grid,
  });
}

/** Every id inside the grid must be the tenant's; contacts must be Contact items. */
export async function checkGrid(db: Db, tenantKey: string, grid: NewsletterGrid): Promise<void> {
  const sections: [string, number][] = [];
  const contents: [string, number][] = [];
  const contacts: [string, number][] = [];
  for (const [ri, row] of grid.rows.entries()) {
    for (const [ci, col] of row.columns.entries()) {
      for (const [bi, b] of col.blocks.entries()) {
        const at = `grid.rows[${ri}].columns[${ci}].blocks[${bi}].data`;
        if (b.type === 'content_list' || b.type === 'content_list_new') {
          if (b.data.section !== undefined) sections.push([`${at}.section`, b.data.section]);
          b.data.contentIds.forEach((id, i) => contents.push([`${at}.contentIds[${i}]`, id]));
        } else if (b.type === 'contacts') {
          b.data.contacts.forEach((id, i) => contacts.push([`${at}.contacts[${i}]`, id]));
        } else if (b.type === 'issue') {
          const pub = await getPublication(db, tenantKey, b.data.publicationId);
          if (!pub) badInput(`${at}.publicationId`, `Unknown publication ${b.data.publicationId}`);
          if (b.data.issueId !== undefined && !(await issueFor(db, pub.id, 0, b.data.issueId))) {
            badInput(`${at}.issueId`, `Unknown issue ${b.data.issueId} of publication ${pub.id}`);
          }
        }
      }
    }
  }
  await checkOwned(db, tenantKey, 'section', sections);
  await checkOwned(db, tenantKey, 'content', [...contents, ...contacts]);
  if (contacts.length) {
    const types = new Map((await contentByIds(db, tenantKey, contacts.map((c) => c[1]))).map((c) => [c.id, c.type]));
    const bad = contacts.find((c) => types.get(c[1]) !== 'Contact');
    if (bad) badInput(bad[0], `Content ${bad[1]} is not a Contact`);
  }
}

function checkStatusInput(value: unknown): void {
  if (value !== undefined && value !== null && !EDITABLE_STATUSES.includes(value as AudienceStatus)) {
    badInput('audienceStatus', `Must be ${EDITABLE_STATUSES.join(' or ')}; deploying sets the others`);
  }
}

async function checkCampaign(tx: Db, tenantKey: string, c: NewsletterCampaign, templateChanged: boolean): Promise<void> {
  await templateRef(tx, tenantKey, c.templateId, 'templateId', templateChanged);
  await checkGrid(tx, tenantKey, c.grid);
}

export async function createNewsletterCampaign({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.campaigns);
  const raw = createInput(input);
  checkStatusInput(raw.audienceStatus);
  const c = parseInput(newsletterCampaignSchema, raw);
  return commit(ctx, async (tx) => {
    await checkCampaign(tx, tenant.tenantKey, c, true);
    const id = await nextNewsletterId(tx, 'campaign');
    await upsertNewsletterCampaign(tx, id, tenant.tenantKey, c);
    return { id, c };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterCampaign', entityId: r.id, action: 'create', changes: snapshot({ ...r.c, id: r.id }) }),
  (r) => newsletterChange('create', 'campaign', r.id, campaignPaths(r.id, [r.c.templateId])));
}

export async function updateNewsletterCampaign({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.campaigns);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getNewsletterCampaign(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Newsletter campaign', id });
    if (current.audienceStatus === 'Sending') throw new AppError('CONFLICT', { message: `Campaign ${id} is being sent; edit it when the send is done.` });
    const before = campaignInputOf(current);
    const merged = mergePatch(before, input.input);
    if (merged.audienceStatus !== before.audienceStatus) {
      checkStatusInput(merged.audienceStatus);
      if (current.audienceStatus === 'Sent') badInput('audienceStatus', 'A sent campaign keeps its status');
    }
    const c = parseInput(newsletterCampaignSchema, merged);
    await checkCampaign(tx, tenant.tenantKey, c, c.templateId !== current.templateId);
    await upsertNewsletterCampaign(tx, id, tenant.tenantKey, c);
    const after = campaignInputOf((await getNewsletterCampaign(tx, tenant.tenantKey, id))!);
    return { before, after, templates: [current.templateId, c.templateId] };
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterCampaign', entityId: id, action: 'update', changes: diff(x.before, x.after) }),
  (x) => newsletterChange('update', 'campaign', id, campaignPaths(id, x.templates)));
  return { id };
}

/** Refused while the campaign is being sent; a sent campaign leaves the web with it. */
export async function deleteNewsletterCampaign({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, PERMS.campaigns);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getNewsletterCampaign(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Newsletter campaign', id });
    if (current.audienceStatus === 'Sending') throw new AppError('CONFLICT', { message: `Campaign ${id} is being sent and cannot be deleted now.` });
    await deleteNewsletterCampaignRow(tx, tenant.tenantKey, id);
    return current;
  }, (c) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterCampaign', entityId: id, action: 'delete', changes: snapshot(campaignInputOf(c)) }),
  (c) => newsletterChange('delete', 'campaign', id, campaignPaths(id, [c.templateId])));
  return { ok: true };
}

export interface CampaignPreview { subject: string; preheader: string; html: string; text: string }

/**
 * The admin's live preview: the campaign as edited (a stored campaign with `input` as a patch, or
 * `input` alone for a new one), rendered exactly as it would be mailed. Nothing is written.
 */
export async function previewNewsletterCampaign({ ctx, input }: OpArgs<{ id?: unknown; input?: unknown }>): Promise<CampaignPreview> {
  const { tenant } = tenantAccess(ctx, PERMS.preview);
  const db = ctx.services.store.db;
  let raw: Record<string, unknown>;
  let campaignId: number | undefined;
  if (input.id !== undefined && input.id !== null) {
    campaignId = idArg(input.id);
    const current = await getNewsletterCampaign(db, tenant.tenantKey, campaignId);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Newsletter campaign', id: campaignId });
    raw = mergePatch(campaignInputOf(current), input.input ?? {});
  } else {
    raw = createInput(input.input);
  }
  const c = parseInput(newsletterCampaignSchema, raw);
  await checkCampaign(db, tenant.tenantKey, c, false);
  const rt = newsletterRuntime(ctx.services);
  const r = await renderCampaignPreview(ctx.services.store, tenant.tenantKey, raw, { origin: rt.origin(tenant), now: ctx.services.now(), campaignId });
  return { subject: r.subject, preheader: r.preheader, html: r.html, text: r.text };
}
