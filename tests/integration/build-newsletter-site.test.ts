// A tenant's build with newsletters (admin §2.1): /newsletter/<campaignId> for each campaign
// listed on the web and /latest-newsletter/<templateId>, served as the email's own HTML document,
// named in the build's prerendered paths, absent from the sitemaps, and exempt from the site-page
// checks (they are email documents, checked as email in engine/build/stages/emit-newsletters.test.ts).
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild, type BuildSummary } from '../../engine/build/index';
import { TenantBuilder } from '../../engine/build/incremental/tenant-builder';
import { fullTenantBuild } from '../../engine/build/full-build';
import { newsletterCampaignSchema } from '../../engine/domain/newsletter';
import { upsertNewsletterCampaign } from '../../engine/store/queries/newsletters';
import { isNewsletterPage, pageProblems, validator } from './build-quality';
import { listFiles } from './build-site-fixture';
import { CAMPAIGN, IDS, ORIGIN, TENANT, newsletterTestDb, type NewsletterTestDb } from './newsletter-helpers';

const NOW = Date.parse('2026-10-21T15:00:00Z');
let db: NewsletterTestDb;
let summary: BuildSummary;
let site: string;
let files: string[];
let out: string;

beforeAll(async () => {
  db = await newsletterTestDb();
  await upsertNewsletterCampaign(db.store.db, IDS.campaign, TENANT, newsletterCampaignSchema.parse({ ...CAMPAIGN, audienceStatus: 'Sent' }), NOW - 3_600_000);
  out = mkdtempSync(join(tmpdir(), 'masthead-nl-build-'));
  summary = await runBuild(db.store, { outDir: out, now: NOW, originTemplate: 'https://{key}.example', workers: 1, tenants: [TENANT], clientDir: null } as Parameters<typeof runBuild>[1]);
  site = realpathSync(join(out, TENANT));
  files = listFiles(site);
}, 180_000);
afterAll(async () => { await db?.close(); });

describe('newsletter pages in the build', () => {
  it('writes the campaign and the latest page of its template as the email document', () => {
    expect(files).toContain(`newsletter/${IDS.campaign}/index.html`);
    expect(files).toContain(`latest-newsletter/${IDS.template}/index.html`);
    const $ = load(readFileSync(join(site, `newsletter/${IDS.campaign}/index.html`), 'utf8'));
    expect($('title').text()).toBe('Alpha Daily: the morning briefing');
    expect($('.nl-block-content_list').length).toBe(2);
    const internal = $('a[href]').toArray().map((a) => a.attribs.href!).filter((h) => h.startsWith(`${ORIGIN}/`));
    expect(internal.length).toBeGreaterThan(5);
    expect(readFileSync(join(site, `latest-newsletter/${IDS.template}/index.html`), 'utf8'))
      .toBe(readFileSync(join(site, `newsletter/${IDS.campaign}/index.html`), 'utf8'));
  });

  it("serves the email's social icons from the tenant's own site, so opening the email asks no third party", () => {
    const $ = load(readFileSync(join(site, `newsletter/${IDS.campaign}/index.html`), 'utf8'));
    const icons = $('.nl-social img').toArray().map((i) => i.attribs.src!);
    expect(icons.length).toBeGreaterThanOrEqual(2);
    for (const src of icons) {
      expect(src.startsWith(`${ORIGIN}/`), src).toBe(true);
      const file = join(site, decodeURIComponent(new URL(src).pathname));
      expect(readFileSync(file).subarray(0, 8).toString('hex'), src).toBe('89504e470d0a1a0a'); // a PNG
    }
    // Only the ad server's creatives (newsletter ads are served by it) come from elsewhere.
    const elsewhere = $('img[src]').toArray().filter((i) => new URL(i.attribs.src!).origin !== ORIGIN);
    expect(elsewhere.filter((i) => $(i).closest('[class*="nl-ad-"], .nl-block-passendo').length === 0).map((i) => i.attribs.src)).toEqual([]);
  });

  it('names both pages among the prerendered paths of the build, and in the page count', () => {
    const meta = JSON.parse(readFileSync(join(site, 'builds', 'meta', `${summary.buildId}.json`), 'utf8')) as { prerendered: string[] };
    expect(meta.prerendered).toContain(`/newsletter/${IDS.campaign}`);
    expect(meta.prerendered).toContain(`/latest-newsletter/${IDS.template}`);
    expect(summary.tenants[0]!.pages).toBe(meta.prerendered.length);
  });

  it('keeps newsletter pages out of the sitemaps', () => {
    for (const f of files.filter((x) => /^sitemap.*\.xml$/.test(x))) expect(readFileSync(join(site, f), 'utf8'), f).not.toContain('newsletter/');
  });

  it('exempts exactly the newsletter pages from the site-page checks, which an email document would fail', async () => {
    const emails = files.filter(isNewsletterPage);
    expect(emails.sort()).toEqual([`latest-newsletter/${IDS.template}/index.html`, `newsletter/${IDS.campaign}/index.html`]);
    const report = await validator.validateString(readFileSync(join(site, emails[0]!), 'utf8'), emails[0]!);
    expect(report.valid).toBe(false);
    expect(await pageProblems(site, emails)).toEqual([]);
    expect(isNewsletterPage('newsletter/index.html')).toBe(false);
    expect(isNewsletterPage('markets/newsletter/12/index.html')).toBe(false);
  });

  it('rebuilds the newsletter pages incrementally when content they show is retitled, as a full build would', async () => {
    const picked = 10_010_002; // a manual pick of the campaign's content_list_new block
    const title = 'Retitled for the incremental newsletter check';
    await db.store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', [title, NOW, picked]);
    const builder = new TenantBuilder(db.store, TENANT, { outDir: out, originTemplate: 'https://{key}.example', clientDir: null, workers: 1 }, fullTenantBuild);
    const r = await builder.update({ now: NOW, contentIds: [picked], maxShare: 1 });
    expect(r.full).toBe(false);
    const page = readFileSync(join(site, `newsletter/${IDS.campaign}/index.html`), 'utf8');
    expect(load(page)('body').text()).toContain(title);
    const fresh = mkdtempSync(join(tmpdir(), 'masthead-nl-full-'));
    await runBuild(db.store, { outDir: fresh, now: NOW, originTemplate: 'https://{key}.example', workers: 1, tenants: [TENANT], clientDir: null } as Parameters<typeof runBuild>[1]);
    for (const f of [`newsletter/${IDS.campaign}/index.html`, `latest-newsletter/${IDS.template}/index.html`]) {
      expect(readFileSync(join(site, f), 'utf8'), f).toBe(readFileSync(join(realpathSync(join(fresh, TENANT)), f), 'utf8'));
    }
  });
});
