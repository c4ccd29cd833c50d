// The newsletter pages of a tenant's static site: /newsletter/<campaignId> for every listed
// campaign (Sent or Sending, not hidden on the web) and /latest-newsletter/<templateId> for the
// latest listed campaign of each template. For the prerender pipeline: each page comes with the
// inputs it was rendered from, so an edit to the campaign, its template, its content or its ads
// rebuilds it.
import type { Store } from '../store/connection';
import { listNewsletterCampaigns } from '../store/queries/newsletters';
import { renderCampaign, type RenderedNewsletter } from './render';

export interface NewsletterPage {
  /** Site path without a trailing slash. */
  path: string;
  kind: 'campaign' | 'latest';
  campaignId: number;
  templateId: number;
  html: string;
  inputs: RenderedNewsletter['inputs'];
}

export const newsletterPagePath = (campaignId: number) => `/newsletter/${campaignId}`;
export const latestNewsletterPath = (templateId: number) => `/latest-newsletter/${templateId}`;

/** Renders every newsletter page of a tenant, newest campaign first; pages stream one at a time. */
export async function* newsletterPages(store: Store, tenantKey: string, opts: { origin: string; now?: number }): AsyncGenerator<NewsletterPage> {
  const latestDone = new Set<number>();
  for (let skip = 0; ; skip += 100) {
    const { rows } = await listNewsletterCampaigns(store.db, { tenantKey, listedOnly: true, limit: 100, skip });
    for (const c of rows) {
      const r = await renderCampaign(store, tenantKey, c.id, { origin: opts.origin, now: opts.now });
      yield { path: newsletterPagePath(c.id), kind: 'campaign', campaignId: c.id, templateId: c.templateId, html: r.html, inputs: r.inputs };
      // Campaigns come newest first, so the first one seen per template is its latest.
      if (!latestDone.has(c.templateId)) {
        latestDone.add(c.templateId);
        yield { path: latestNewsletterPath(c.templateId), kind: 'latest', campaignId: c.id, templateId: c.templateId, html: r.html, inputs: r.inputs };
      }
    }
    if (rows.length < 100) return;
  }
}
