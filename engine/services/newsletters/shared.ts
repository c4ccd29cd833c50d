// Pieces every newsletter operation shares: which permission guards what (admin §6), the change
// event the rebuild queue receives, and the tenant checks of referenced ids. The engine's upserts
// silently skip rows of another tenant, so every write first reads its row within the tenant and
// checks each id it references.
import type { Permission } from '../../domain/permissions';
import { badInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { getNewsletterTemplate, type TemplateRecord } from '../../store/queries/newsletters';
import type { ChangeEvent } from '../kernel/services';

export const PERMS = {
  /** Templates: create and delete, and the fields that decide who gets mail and from whom. */
  templatesFull: ['manage_newsletter_templates'],
  /** Templates: edit looks and texts. */
  templates: ['manage_newsletter_templates', 'manage_newsletter_templates_basic'],
  campaigns: ['manage_newsletter_campaigns'],
  ads: ['manage_newsletter_ads'],
  /** Newsletter items decide audiences: like the template's deployment fields. */
  items: ['manage_newsletter_templates'],
  /** Reading templates, campaigns and items: anyone who works on newsletters (selections, previews). */
  read: ['manage_newsletter_templates', 'manage_newsletter_templates_basic', 'manage_newsletter_campaigns', 'manage_newsletter_ads'],
  /** The live preview: campaign and template editors. */
  preview: ['manage_newsletter_campaigns', 'manage_newsletter_templates', 'manage_newsletter_templates_basic'],
} as const satisfies Record<string, readonly Permission[]>;

export type NewsletterKind = 'template' | 'campaign' | 'ad' | 'item';

/**
 * The change event of a newsletter edit: entity 'newsletter', ids as "<kind>:<id>" (template,
 * campaign, ad, item), and the prerendered paths when they are known exactly (campaigns).
 */
export function newsletterChange(action: ChangeEvent['action'], kind: NewsletterKind, id: number, paths?: string[]): ChangeEvent {
  return { entity: 'newsletter', action, ids: [`${kind}:${id}`], ...(paths ? { paths: [...new Set(paths)] } : {}) };
}

/** The prerendered pages of a campaign: /newsletter/<id> and /latest-newsletter/<templateId> of each template it had. */
export function campaignPaths(id: number, templateIds: number[]): string[] {
  return [`/newsletter/${id}`, ...templateIds.map((t) => `/latest-newsletter/${t}`)];
}

/** The tenant's template, or BAD_USER_INPUT naming `field`; `active` also refuses status 0. */
export async function templateRef(tx: Db, tenantKey: string, id: number, field: string, active = false): Promise<TemplateRecord> {
  const t = await getNewsletterTemplate(tx, tenantKey, id);
  if (!t) badInput(field, `Unknown newsletter template ${id}`);
  if (active && t.status !== 1) badInput(field, `Newsletter template ${id} is inactive`);
  return t;
}

export { checkOwned, optionalInt } from '../kernel/references';
