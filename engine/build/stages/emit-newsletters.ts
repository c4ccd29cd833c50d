// Stage 5, emit, newsletter part (admin §2.1, §3.8): the email HTML of every campaign listed on the
// web (audience-provider status Sent or Sending, not hidden on web) at /newsletter/<campaignId>,
// and of each template's latest listed campaign at /latest-newsletter/<templateId>. Runs on the
// main thread beside the image assets, because rendering reads the store (engine/newsletter).
// The pages are whole email documents (MJML output with absolute links), not site pages: no site
// chrome, no sitemap entry (sitemaps list content and sections only).
import type { NewsletterPage } from '../../newsletter/pages';
import type { Store } from '../../store/connection';
import { listNewsletterCampaigns } from '../../store/queries/newsletters';
import type { FileWriter } from './writer';

/** One emitted newsletter page and what it was rendered from (for dependency-tracked rebuilds). */
export interface EmittedNewsletterPage {
  path: string;
  file: string;
  kind: NewsletterPage['kind'];
  campaignId: number;
  templateId: number;
  inputs: NewsletterPage['inputs'];
}

export interface NewsletterEmitResult {
  pages: EmittedNewsletterPage[]; paths: string[]; files: number; bytes: number;
  /** Media library files the emails show: site path (no leading slash) → file in the tenant's assets folder (see writeMediaFiles). */
  media: Map<string, string>;
}

/** The output file of a newsletter page path: /newsletter/12 → newsletter/12/index.html. */
export const newsletterFile = (path: string) => `${path.replace(/^\/+|\/+$/g, '')}/index.html`;

/**
 * Renders and writes the tenant's newsletter pages. `origin` is the tenant's absolute origin (links
 * in the email point there); `now` is the build's instant. A campaign that fails to render fails
 * the build with the tenant in the message, like any page that cannot be rendered.
 */
export async function emitNewsletters(store: Store, tenantKey: string, writer: FileWriter, opts: { origin: string; now: number }): Promise<NewsletterEmitResult> {
  const out: NewsletterEmitResult = { pages: [], paths: [], files: 0, bytes: 0, media: new Map() };
  const any = await listNewsletterCampaigns(store.db, { tenantKey, listedOnly: true, limit: 1, skip: 0 });
  if (any.rows.length === 0) return out;
  // Loaded only when there is something to render: MJML is heavy.
  const { newsletterPages } = await import('../../newsletter/pages');
  const pages = newsletterPages(store, tenantKey, { origin: opts.origin, now: opts.now });
  try {
    for await (const p of pages) {
      const file = newsletterFile(p.path);
      const before = writer.bytes;
      writer.write(file, p.html);
      out.files += 1;
      out.bytes += writer.bytes - before;
      out.paths.push(p.path);
      for (const m of p.inputs.media) out.media.set(m.path.replace(/^\/+/, ''), m.file);
      out.pages.push({ path: p.path, file, kind: p.kind, campaignId: p.campaignId, templateId: p.templateId, inputs: p.inputs });
    }
  } catch (e) {
    const done = out.pages.length ? ` (after ${out.pages[out.pages.length - 1]!.path})` : '';
    throw new Error(`Newsletter pages of ${tenantKey} failed${done}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  return out;
}
