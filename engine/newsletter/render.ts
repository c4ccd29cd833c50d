// The one newsletter renderer: campaign → MJML (templates/newsletter/) → email HTML plus a plain-
// text part. MJML is validated at the strict level, so a template or block that produces invalid
// MJML fails loudly instead of mailing broken markup. Used by the prerendered /newsletter pages,
// the admin's preview, `masthead newsletter render` and sending.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import mjml2html from 'mjml';
import { newsletterCampaignSchema } from '../domain/newsletter';
import { parseInput } from '../domain/validation';
import type { Store } from '../store/connection';
import { loadCampaignSnapshot, loadSnapshotFor, type RenderSnapshot } from './load';
import { newsletterMjml } from './mjml';
import { resolveNewsletter, type ResolveOptions } from './resolve';
import { TEMPLATE_DIR } from './template-engine';
import { newsletterText } from './text';
import type { NewsletterView, RenderInputs } from './view';

export interface RenderedNewsletter {
  subject: string;
  preheader: string;
  html: string;
  text: string;
  mjml: string;
  view: NewsletterView;
  /** What the output was built from, for dependency-tracked rebuilds. */
  inputs: RenderInputs & { templatesHash: string };
}

/** Compiles MJML to HTML at the strict validation level; any validation error throws. */
export async function compileMjml(mjml: string): Promise<string> {
  let result: Awaited<ReturnType<typeof mjml2html>>;
  try {
    result = await mjml2html(mjml, { validationLevel: 'strict', keepComments: false, fonts: {} });
  } catch (e) {
    const details = (e as { details?: { formattedMessage: string }[] }).details;
    throw new Error(`newsletter MJML is invalid: ${details?.map((d) => d.formattedMessage).join('; ') ?? (e as Error).message}`, { cause: e });
  }
  if (result.errors.length) throw new Error(`newsletter MJML is invalid: ${result.errors.map((d) => d.formattedMessage).join('; ')}`);
  // mj-image writes height="auto" when no height is given: not a valid value (HTML wants a pixel
  // count), ignored by browsers and mail clients alike; the inline style keeps height:auto.
  return result.html.replace(/(<img\b[^>]*?) height="auto"/g, '$1');
}

/** Renders a loaded campaign. Pure apart from reading the template files (cached). */
export async function renderNewsletter(snap: RenderSnapshot, opts: ResolveOptions): Promise<RenderedNewsletter> {
  const { view, inputs } = resolveNewsletter(snap, opts);
  const mjml = newsletterMjml(view);
  const html = await compileMjml(mjml);
  return { subject: view.subject, preheader: view.preheader, html, text: newsletterText(view), mjml, view, inputs: { ...inputs, templatesHash: newsletterTemplatesHash() } };
}

/** Loads and renders a stored campaign of a tenant. */
export async function renderCampaign(store: Store, tenantKey: string, campaignId: number, opts: ResolveOptions & { now?: number }): Promise<RenderedNewsletter> {
  const snap = await loadCampaignSnapshot(store, tenantKey, campaignId, { now: opts.now });
  return renderNewsletter(snap, opts);
}

/**
 * The admin's live preview: renders a campaign as edited, before it is saved. The input is
 * validated with the campaign schema (BAD_USER_INPUT naming the field); nothing is written.
 */
export async function renderCampaignPreview(store: Store, tenantKey: string, input: unknown, opts: ResolveOptions & { now?: number; campaignId?: number }): Promise<RenderedNewsletter> {
  const c = parseInput(newsletterCampaignSchema, input, 'input');
  const now = opts.now ?? Date.now();
  const snap = await loadSnapshotFor(store, tenantKey, {
    ...c, id: opts.campaignId ?? 0, tenantKey, deploymentDate: c.deploymentDate ?? null, fromAddress: c.fromAddress ?? null, sentAt: null, updatedAt: now,
  }, { now });
  return renderNewsletter(snap, opts);
}

let hash: string | undefined;
/** A hash of every file under templates/newsletter/ (part of each render's inputs). */
export function newsletterTemplatesHash(): string {
  if (hash) return hash;
  const root = fileURLToPath(TEMPLATE_DIR);
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else h.update(p.slice(root.length)).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  walk(root);
  hash = h.digest('hex').slice(0, 16);
  return hash;
}
