import { load, type CheerioAPI } from 'cheerio';
import mjml2html from 'mjml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { SOCIAL_ICON_DIR, newsletterTemplateSchema } from '../domain/newsletter';
import { getNewsletterCampaign, getNewsletterTemplate, type CampaignRecord } from '../store/queries/newsletters';
import { ADS, AT, IDS, ORIGIN, TENANT, TEMPLATE, newsletterTestDb, type NewsletterTestDb } from '../../tests/integration/newsletter-helpers';
import { loadCampaignSnapshot, loadSnapshotFor } from './load';
import { renderCampaign, renderNewsletter, type RenderedNewsletter } from './render';

let db: NewsletterTestDb;
let out: RenderedNewsletter;
let $: CheerioAPI;

beforeAll(async () => {
  db = await newsletterTestDb();
  out = await renderCampaign(db.store, TENANT, IDS.campaign, { origin: ORIGIN });
  $ = load(out.html);
});
afterAll(async () => { await db.close(); });

async function renderAt(at: number, edit: (c: CampaignRecord) => CampaignRecord = (c) => c): Promise<CheerioAPI> {
  const campaign = await getNewsletterCampaign(db.store.db, TENANT, IDS.campaign);
  const snap = await loadSnapshotFor(db.store, TENANT, edit({ ...campaign!, deploymentDate: at }));
  return load((await renderNewsletter(snap, { origin: ORIGIN })).html);
}

const adIds = (doc: CheerioAPI) => doc('[class*="nl-ad-"]').toArray().map((e) => Number(/nl-ad-(\d+)/.exec(doc(e).attr('class') ?? '')?.[1]));

describe('newsletter rendering', () => {
  it('produces MJML that passes strict validation with zero errors', async () => {
    const strict = await mjml2html(out.mjml, { validationLevel: 'strict' });
    expect(strict.errors).toEqual([]);
    expect($('html').attr('lang')).toBe('en');
    expect($('title').text()).toBe('Alpha Daily: the morning briefing');
  });

  it('lays the email out at the template width, with 1_1 rows split in two equal columns', () => {
    const containers = $('div[style*="max-width:"]').toArray().map((e) => $(e).attr('style') ?? '')
      .filter((s) => !s.includes('display:none')).map((s) => /max-width:(\d+)px/.exec(s)?.[1]);
    expect(new Set(containers)).toEqual(new Set(['750']));
    expect(containers.length).toBeGreaterThan(5);
    // Outlook's conditional tables carry the same width.
    const outlook = [...out.html.matchAll(/class="[^"]*-outlook[^"]*" role="presentation" style="width:(\d+)px;" width="(\d+)"/g)];
    expect(outlook.length).toBeGreaterThan(5);
    for (const m of outlook) expect([m[1], m[2]]).toEqual(['750', '750']);
    expect($('.mj-column-per-50')).toHaveLength(2);
    expect($('.mj-column-per-100').length).toBeGreaterThan(5);
  });

  it('shows every block of the grid', () => {
    expect($('.nl-block-content_list')).toHaveLength(2);
    expect($('.nl-variant-classic .nl-item-10010011, .nl-item-10010011').length).toBeGreaterThan(0);
    for (const id of [10_010_011, 10_010_009, 10_010_002, 10_010_004]) expect($(`.nl-item-${id}`).length, `item ${id}`).toBeGreaterThan(0);
    expect($('.nl-block-issue')).toHaveLength(1);
    expect($('.nl-block-contacts').text()).toContain('Rosa Delgado');
    expect($('.nl-block-html').text()).toContain('about us');
    expect($('.nl-block-passendo img').attr('src')).toBe('https://ads.passendo.com/image?placementId=pl-42&addtlDemos=freight');
    expect($('.nl-cta-solid-button').length).toBeGreaterThan(0);
    expect($('.nl-header-3 .nl-header-date').text().trim()).toBe('Oct. 20, 2026');
    expect($('.nl-footer').text()).toContain('© 2026 alpha News. All rights reserved.');
  });

  it('fills ad blocks with the scheduled ad of highest priority for the template, date and position', () => {
    expect(adIds($).sort()).toEqual([IDS.ads.leader, IDS.ads.native]);
    expect($(`a[href="${ADS[IDS.ads.leader]!.url}"]`).length).toBeGreaterThan(0);
    expect($('.nl-ad-5').text()).toContain('Sponsored by Acme Logistics');
    expect(out.inputs.adIds.sort()).toEqual([IDS.ads.leader, IDS.ads.native]);
  });

  it('ends an ad schedule at the end of the business day in Central time', async () => {
    // 2026-10-20 23:30 CDT: the high-priority ad's last day is still running.
    expect(adIds(await renderAt(Date.parse('2026-10-21T04:30:00Z')))).toContain(IDS.ads.leader);
    // 2026-10-21 00:30 CDT: it has ended; the lower-priority ad takes the slot.
    const next = adIds(await renderAt(Date.parse('2026-10-21T05:30:00Z')));
    expect(next).toContain(IDS.ads.leaderLow);
    expect(next).not.toContain(IDS.ads.leader);
    // November: only the November rectangle is scheduled at position 1.
    expect(adIds(await renderAt(Date.parse('2026-11-05T15:00:00Z')))).toContain(IDS.ads.november);
  });

  it('replaces the issue block tokens with the issue and publication', () => {
    const issue = $('.nl-block-issue');
    expect(issue.text()).toContain('The Oct. 1, 2026 issue of Alpha Monthly: ports & rates.');
    expect(out.html).not.toMatch(/\[(issue-date|issue-description|magazine-name|digital-edition-url|subscribe-url)\]/);
    expect(issue.find('a').toArray().map((a) => $(a).attr('href'))).toEqual(['https://digital.alpha.example/oct-2026', `${ORIGIN}/subscribe-print`]);
  });

  it('shows the latest issue live at the send date: an issue whose schedule ended is not offered', async () => {
    await db.store.run('UPDATE magazine_issues SET end_date = ? WHERE id = ?', [AT - 1000, IDS.issue]);
    try {
      expect((await renderAt(AT))('.nl-block-issue')).toHaveLength(0);
    } finally {
      await db.store.run('UPDATE magazine_issues SET end_date = NULL WHERE id = ?', [IDS.issue]);
    }
    expect((await renderAt(AT))('.nl-block-issue').text()).toContain('Alpha Monthly');
  });

  it('makes every link and image absolute to the tenant domain and strips unsafe markup', () => {
    const hrefs = $('a[href]').toArray().map((a) => $(a).attr('href')!);
    const srcs = $('img[src]').toArray().map((i) => $(i).attr('src')!);
    expect(hrefs.length).toBeGreaterThan(20);
    for (const h of hrefs) expect(h).toMatch(/^(https?:\/\/|mailto:)/);
    for (const s of srcs) expect(s).toMatch(/^https:\/\//);
    expect(hrefs).toContain(`${ORIGIN}/about`);
    expect(hrefs).toContain(`${ORIGIN}/account#manage-newsletters`);
    expect(hrefs.some((h) => h.startsWith(`${ORIGIN}/ocean-freight/10010011/`) || h.includes('/10010011/'))).toBe(true);
    expect(out.html).not.toMatch(/<script|javascript:|onerror=/i);
  });

  it('puts the preheader first in the body, hidden', () => {
    const first = $('body div').first();
    expect(first.attr('style')).toContain('display:none');
    expect(first.text()).toContain('The freight news that matters today.');
  });

  it('writes a plain-text part with the same stories, ad and links', () => {
    expect(out.text).not.toMatch(/<[a-z]/i);
    expect(out.text).toContain('Top Stories');
    expect(out.text).toContain('[Sponsored by Acme Logistics] Free freight audit');
    expect(out.text).toContain('https://ads.example/Leader%20High');
    expect(out.text).toContain(`Unsubscribe: ${ORIGIN}/account#manage-newsletters`);
    expect(out.text).toMatch(/https:\/\/alpha\.example\/\S+\/10010011\//);
  });

  it('truncates teasers to the block teaser length, from the body when body_only', () => {
    const teasers = $('.nl-item-10010002 p').toArray().map((p) => $(p).text());
    const teaser = teasers.find((t) => t.startsWith('Carriers'));
    expect(teaser).toBeDefined();
    expect(teaser!.length).toBeLessThanOrEqual(50);
  });

  it('leaves out drafts and other tenants\u2019 content from manual lists, and drops empty rows', async () => {
    const doc = await renderAt(AT, (c) => ({
      ...c,
      grid: { rows: [
        { settings: { layout: '1', title: 'Picks', editableTitle: false, titleStyles: {} }, columns: [{ blocks: [{ type: 'content_list', settings: c.grid.rows[0]!.columns[0]!.blocks[0]!.settings, data: { ...(c.grid.rows[0]!.columns[0]!.blocks[0]! as { data: object }).data, population_mode: 'manual', contentIds: [10_010_012, 10_020_001, 10_010_003] } } as never] }] },
        { settings: { layout: '1', title: 'Empty', editableTitle: false, titleStyles: {} }, columns: [{ blocks: [{ type: 'content_list', settings: c.grid.rows[0]!.columns[0]!.blocks[0]!.settings, data: { ...(c.grid.rows[0]!.columns[0]!.blocks[0]! as { data: object }).data, section: 101, contentTypes: ['Webinar'] } } as never] }] },
      ] },
    }));
    expect(doc('.nl-item-10010003').length).toBeGreaterThan(0);
    expect(doc('.nl-item-10010012, .nl-item-10020001')).toHaveLength(0);
    expect(doc('.nl-row-title').text()).toContain('Picks');
    expect(doc('.nl-row-title').text()).not.toContain('Empty');
  });

  it('compiles every header style, social icon set and issue display mode under strict validation', async () => {
    const snap = await loadCampaignSnapshot(db.store, TENANT, IDS.campaign);
    for (const headerStyle of [1, 2, 3] as const) {
      for (const socialIconSet of ['none', 'classic', 'gray-round', 'white-round', 'black-round'] as const) {
        const template = { ...snap.template, ...newsletterTemplateSchema.parse({ ...TEMPLATE, header: { ...TEMPLATE.header, headerStyle, socialIconSet } }) };
        const r = await renderNewsletter({ ...snap, template }, { origin: ORIGIN });
        const doc = load(r.html);
        expect(doc(`.nl-header-${headerStyle}`)).toHaveLength(1);
        expect(doc(`.nl-header .nl-social-${socialIconSet}`)).toHaveLength(socialIconSet === 'none' ? 0 : 1);
      }
    }
    for (const displayMode of ['image_only', 'image_left_text_right'] as const) {
      const campaign = structuredClone(snap.campaign);
      const issue = campaign.grid.rows[3]!.columns[0]!.blocks[0]!;
      if (issue.type === 'issue') issue.data.displayMode = displayMode;
      const r = await renderNewsletter({ ...snap, campaign }, { origin: ORIGIN });
      expect(load(r.html)('.nl-block-issue img').attr('src')).toBe(`${ORIGIN}/images/alpha/ship.svg`);
    }
    expect((await getNewsletterTemplate(db.store.db, TENANT, IDS.template))?.styles.width).toBe(750);
  });

  it("shows social icons from the tenant's own site: white glyphs on coloured badges, brand glyphs on white", async () => {
    const snap = await loadCampaignSnapshot(db.store, TENANT, IDS.campaign);
    const shipped = new Set(readdirSync(new URL('../../templates/email-icons/', import.meta.url)));
    const looks: Record<string, string[]> = {};
    for (const socialIconSet of ['classic', 'gray-round', 'white-round', 'black-round'] as const) {
      const template = { ...snap.template, ...newsletterTemplateSchema.parse({ ...TEMPLATE, header: { ...TEMPLATE.header, headerStyle: 2, socialIconSet } }) };
      const doc = load((await renderNewsletter({ ...snap, template }, { origin: ORIGIN })).html);
      const icons = doc(`.nl-header .nl-social-${socialIconSet} img`).toArray();
      expect(icons.length, socialIconSet).toBeGreaterThan(0);
      looks[socialIconSet] = [];
      for (const img of icons) {
        const src = new URL(doc(img).attr('src')!);
        expect(src.origin).toBe(ORIGIN);
        expect(src.pathname).toMatch(new RegExp(`^/${SOCIAL_ICON_DIR}/[a-z]+(-brand)?\\.png$`));
        expect(shipped.has(src.pathname.split('/').pop()!)).toBe(true);
        const background = /background-color:([^;"]+)/.exec(doc(img).attr('style') ?? '')?.[1];
        looks[socialIconSet]!.push(`${src.pathname.endsWith('-brand.png') ? 'brand' : 'white'} on ${background}`);
      }
    }
    // A white glyph is never drawn on a white or transparent badge (it would not show on a white email).
    expect(new Set(looks['white-round'])).toEqual(new Set(['brand on #ffffff']));
    expect(new Set(looks['gray-round'])).toEqual(new Set(['white on #7f7f7f']));
    expect(new Set(looks['black-round'])).toEqual(new Set(['white on #000000']));
    for (const look of looks.classic!) expect(look).toMatch(/^white on #[0-9a-f]{6}$/);
    expect(looks.classic).not.toContain('white on #ffffff');
  });

  it('records what it was built from', () => {
    expect(out.inputs).toMatchObject({ campaignId: IDS.campaign, templateId: IDS.template, publicationIds: [IDS.publication], issueIds: [IDS.issue], at: AT });
    expect(out.inputs.contentIds).toEqual(expect.arrayContaining([10_010_011, 10_010_009, 10_010_002, 10_010_004, IDS.contact]));
    expect(out.inputs.templatesHash).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('preview and pages', () => {
  it('previews an unsaved campaign and names a bad field without writing', async () => {
    const { renderCampaignPreview } = await import('./render');
    const { CAMPAIGN } = await import('../../tests/integration/newsletter-helpers');
    const r = await renderCampaignPreview(db.store, TENANT, { ...CAMPAIGN, name: 'Preview', subject: 'Preview subject' }, { origin: ORIGIN });
    expect(load(r.html)('title').text()).toBe('Preview subject');
    await expect(renderCampaignPreview(db.store, TENANT, { ...CAMPAIGN, templateId: undefined }, { origin: ORIGIN }))
      .rejects.toMatchObject({ code: 'BAD_USER_INPUT', details: { field: 'input.templateId', message: 'Field is required' } });
    await expect(renderCampaignPreview(db.store, 'beta', CAMPAIGN, { origin: ORIGIN })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists a page per listed campaign and the latest per template', async () => {
    const { newsletterPages } = await import('./pages');
    const { setCampaignStatus } = await import('../store/queries/newsletters');
    const pages = async () => { const out = []; for await (const p of newsletterPages(db.store, TENANT, { origin: ORIGIN })) out.push(p.path); return out; };
    expect(await pages()).toEqual([]);
    await setCampaignStatus(db.store.db, TENANT, IDS.campaign, 'Sent', { sentAt: AT });
    expect(await pages()).toEqual([`/newsletter/${IDS.campaign}`, `/latest-newsletter/${IDS.template}`]);
    await setCampaignStatus(db.store.db, TENANT, IDS.campaign, 'Draft');
  });
});
