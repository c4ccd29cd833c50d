// The newsletter pages of a tenant's build, read as a browser would read the files: only the
// campaigns listed on the web (Sent or Sending, not hidden), the latest listed campaign of each
// template, at the template's width, with every block and only absolute links.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, type CheerioAPI } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterCampaignSchema, newsletterTemplateSchema } from '../../domain/newsletter';
import { upsertNewsletterCampaign, upsertNewsletterTemplate } from '../../store/queries/newsletters';
import { CAMPAIGN, IDS, ORIGIN, TEMPLATE, TENANT, newsletterTestDb, type NewsletterTestDb } from '../../../tests/integration/newsletter-helpers';
import { emitNewsletters, newsletterFile, type NewsletterEmitResult } from './emit-newsletters';
import { FileWriter } from './writer';

const DAY = 86_400_000;
const AT = Date.parse('2026-10-20T15:00:00Z');
/** Campaign ids of this test (10 is the helper's Draft campaign of template 1). */
const C = { olderSent: 11, newestSent: 12, sendingOther: 13, hidden: 14, draft: IDS.campaign } as const;

let db: NewsletterTestDb;
let root: string;
let result: NewsletterEmitResult;

const page = (path: string): CheerioAPI => load(readFileSync(join(root, newsletterFile(path)), 'utf8'));
/** The widths (px) of the email's centred containers: the template's width. */
const widths = ($: CheerioAPI) => new Set($('div[style*="max-width:"]').toArray().map((e) => $(e).attr('style') ?? '')
  .filter((s) => !s.includes('display:none')).map((s) => Number(/max-width:(\d+)px/.exec(s)?.[1])));

beforeAll(async () => {
  db = await newsletterTestDb();
  const campaign = (name: string, audienceStatus: 'Sent' | 'Sending', extra: Record<string, unknown> = {}) =>
    newsletterCampaignSchema.parse({ ...CAMPAIGN, name, audienceStatus, ...extra });
  await db.store.transaction(async (tx) => {
    await upsertNewsletterTemplate(tx, IDS.otherTemplate, TENANT, newsletterTemplateSchema.parse({ ...TEMPLATE, name: 'Alpha Weekly', newsletterId: IDS.weekly, styles: { width: 800 } }));
    await upsertNewsletterCampaign(tx, C.olderSent, TENANT, campaign('Older sent', 'Sent'), AT - 2 * DAY);
    await upsertNewsletterCampaign(tx, C.newestSent, TENANT, campaign('Newest sent', 'Sent', { subject: 'Newest subject' }), AT);
    await upsertNewsletterCampaign(tx, C.sendingOther, TENANT, campaign('Weekly sending', 'Sending', { templateId: IDS.otherTemplate, subject: 'Weekly subject' }), AT - DAY);
    await upsertNewsletterCampaign(tx, C.hidden, TENANT, campaign('Hidden', 'Sent', { hiddenOnWeb: true, subject: 'Hidden subject' }), AT + DAY);
  });
  root = mkdtempSync(join(tmpdir(), 'masthead-nl-emit-'));
  result = await emitNewsletters(db.store, TENANT, new FileWriter(root), { origin: ORIGIN, now: AT });
}, 60_000);
afterAll(async () => { await db.close(); });

describe('emitNewsletters', () => {
  it('writes a page per listed campaign and one latest page per template, nothing for drafts or hidden campaigns', () => {
    expect([...result.paths].sort()).toEqual([
      '/latest-newsletter/1', '/latest-newsletter/2', '/newsletter/11', '/newsletter/12', '/newsletter/13',
    ]);
    expect(readdirSync(join(root, 'newsletter')).sort()).toEqual(['11', '12', '13']);
    expect(readdirSync(join(root, 'latest-newsletter')).sort()).toEqual(['1', '2']);
    expect(result.files).toBe(5);
    expect(result.bytes).toBeGreaterThan(5 * 10_000);
  });

  it('shows the newest listed campaign of each template at /latest-newsletter/<templateId>', () => {
    expect(page('/latest-newsletter/1')('title').text()).toBe('Newest subject');
    expect(page('/latest-newsletter/1').html()).toBe(page('/newsletter/12').html());
    expect(page('/latest-newsletter/2')('title').text()).toBe('Weekly subject');
    const latest = result.pages.filter((p) => p.kind === 'latest').map((p) => [p.templateId, p.campaignId]);
    expect(latest.sort()).toEqual([[1, C.newestSent], [2, C.sendingOther]]);
  });

  it('lays each page out at its template width', () => {
    expect(widths(page('/newsletter/12'))).toEqual(new Set([750]));
    expect(widths(page('/newsletter/13'))).toEqual(new Set([800]));
  });

  it('renders every block of the campaign', () => {
    const $ = page('/newsletter/11');
    // content_list and content_list_new both render as content lists.
    expect($('.nl-block-content_list').length).toBe(2);
    for (const cls of ['issue', 'contacts', 'html', 'passendo']) {
      expect($(`.nl-block-${cls}`).length, cls).toBeGreaterThan(0);
    }
    // The fixed (display) ad and the native ad, each filled with its scheduled ad.
    expect($('.nl-block-ad').length).toBe(2);
    expect($('.nl-block-ad').text()).toContain('Sponsored by Acme Logistics');
    expect($('.nl-block-issue').text()).not.toMatch(/\[(issue-date|magazine-name|issue-description)\]/);
  });

  it('links only to absolute addresses, the site ones on the tenant origin, with no script', () => {
    const $ = page('/newsletter/12');
    const hrefs = $('a[href]').toArray().map((a) => a.attribs.href!);
    expect(hrefs.length).toBeGreaterThan(10);
    for (const h of hrefs) expect(h, h).toMatch(/^(https?:\/\/|mailto:)/);
    expect(hrefs.filter((h) => h.startsWith(`${ORIGIN}/`)).length).toBeGreaterThan(5);
    for (const img of $('img[src]').toArray()) expect(img.attribs.src, img.attribs.src).toMatch(/^https?:\/\//);
    expect($('script').length).toBe(0);
    expect(hrefs.some((h) => h.startsWith('javascript:'))).toBe(false);
  });

  it('records the inputs of each page for rebuilds (campaign, template and content)', () => {
    const p = result.pages.find((x) => x.path === '/newsletter/12')!;
    expect(p.inputs.campaignId).toBe(C.newestSent);
    expect(p.inputs.templateId).toBe(IDS.template);
    expect(p.inputs.contentIds.length).toBeGreaterThan(0);
  });

  it('writes nothing for a tenant without listed campaigns', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'masthead-nl-emit-'));
    const r = await emitNewsletters(db.store, 'beta', new FileWriter(empty), { origin: 'https://beta.example', now: AT });
    expect(r).toEqual({ pages: [], paths: [], files: 0, bytes: 0, media: new Map() });
    expect(readdirSync(empty)).toEqual([]);
  });
});
