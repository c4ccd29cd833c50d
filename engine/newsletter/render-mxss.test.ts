// Text that reaches a newsletter stays text (issue 41, item 11): every entry of the mXSS corpus is
// put into every plain-text field a campaign's e-mail shows — the brand's name, the template's tag
// line, footer links, partner bar text and image alts, a row title, the ads' titles, company names
// and button labels, the issue block's publication and issue names and description, and the
// stories' titles and authors (teasers are markup, stripped to text: the sanitiser's tests cover them) — and the e-mail is compiled through MJML as for a send.
// Read as a mail client would (cheerio), it holds exactly the elements of the same e-mail with plain
// words in those fields, no event handler and no javascript: URL, and the payload reads as text.
import { load, type CheerioAPI } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNewsletterCampaign } from '../store/queries/newsletters';
import { IDS, ORIGIN, TENANT, newsletterTestDb, type NewsletterTestDb } from '../../tests/integration/newsletter-helpers';
import { activeAttributes, MXSS_CORPUS } from '../../tests/helpers/mxss-corpus';
import { loadSnapshotFor, type RenderSnapshot } from './load';
import { renderNewsletter } from './render';

const BENIGN = 'Plain words here';
let db: NewsletterTestDb;
let snapshot: RenderSnapshot;

beforeAll(async () => {
  db = await newsletterTestDb();
  const campaign = await getNewsletterCampaign(db.store.db, TENANT, IDS.campaign);
  snapshot = await loadSnapshotFor(db.store, TENANT, campaign!);
});
afterAll(async () => { await db.close(); });

/** The campaign's snapshot with `p` in every plain-text field. */
function filled(p: string): RenderSnapshot {
  const s = structuredClone(snapshot);
  s.tenant.name = p;
  s.template.header.tagLine = p;
  s.template.footer.navBar.links = s.template.footer.navBar.links.map((l) => ({ ...l, label: p }));
  s.template.footer.imageBar.prefixText = p;
  s.template.footer.imageBar.images = s.template.footer.imageBar.images.map((i) => ({ ...i, alt: p }));
  s.campaign.grid.rows[0]!.settings = { ...s.campaign.grid.rows[0]!.settings, title: p };
  s.ads = s.ads.map((a) => ({ ...a, title: p, company: { ...a.company, name: p }, ctaLabel: p }));
  for (const [key, entry] of s.issues) {
    if (entry) s.issues.set(key, { publication: { ...entry.publication, name: p }, issue: entry.issue ? { ...entry.issue, name: p, description: p } : null });
  }
  for (const list of s.items.values()) {
    for (const item of list) { item.content = { ...item.content, name: p }; item.authors = [p]; }
  }
  return s;
}

async function mail(p: string): Promise<{ $: CheerioAPI; tags: Record<string, number>; text: string }> {
  const $ = load((await renderNewsletter(filled(p), { origin: ORIGIN })).html);
  const tags: Record<string, number> = {};
  $('*').each((_, el) => { const name = (el as unknown as { tagName: string }).tagName; tags[name] = (tags[name] ?? 0) + 1; });
  const body = $('body').clone();
  body.find('script, style').remove();
  return { $, tags, text: body.text() };
}

let plain: Awaited<ReturnType<typeof mail>>;

describe('a newsletter with the mXSS corpus in its text fields', () => {
  beforeAll(async () => { plain = await mail(BENIGN); });

  it('shows the fields, so the payloads are checked where they appear', () => {
    expect(plain.text.split(BENIGN).length - 1).toBeGreaterThan(8);
    expect(plain.$('img').toArray().some((i) => plain.$(i).attr('alt') === BENIGN)).toBe(true);
  });

  it.each(MXSS_CORPUS.map((p, i) => [i, p] as const))('payload %i stays text', async (_i, p) => {
    const m = await mail(p);
    expect(m.tags).toEqual(plain.tags);
    expect(activeAttributes(m.$)).toEqual([]);
    expect(m.text).toContain(p);
    expect(m.$('img').toArray().some((i) => m.$(i).attr('alt') === p)).toBe(true);
  });
});
