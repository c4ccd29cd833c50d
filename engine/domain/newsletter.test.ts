import { describe, expect, it } from 'vitest';
import { parseInput } from './validation';
import { isCampaignListed, newsletterCampaignSchema, newsletterTemplateSchema, replaceIssueTokens } from './newsletter';
import { endOfBusinessDayCentral, newsletterAdSchema, selectNewsletterAd, startOfDayCentral, type AdCandidate } from './newsletter-ads';

const minimalTemplate = { name: 'Daily', footer: { subscriptions: { unsubscribeLink: '/account#manage-newsletters' } } };
const fieldOf = (schema: Parameters<typeof parseInput>[0], v: unknown) => {
  try {
    parseInput(schema, v);
    return null;
  } catch (e) {
    return (e as { details: { field: string; message: string } }).details;
  }
};

describe('newsletter template schema (admin §3.7)', () => {
  it('fills the spec defaults', () => {
    const t = newsletterTemplateSchema.parse(minimalTemplate);
    expect(t.styles).toEqual({ width: 700, bodyBackgroundColor: '#efefef', contentBackgroundColor: '#ffffff', linkColor: '#000000', primaryFontFamily: 'arial', secondaryFontFamily: 'georgia' });
    expect(t.status).toBe(1);
    expect(t.header.headerStyle).toBe(1);
    expect(t.footer.imageBar.imageWidth).toBe(120);
    expect(t.footer.informationLinks).toEqual({ customerServiceLink: '/customer-service', privacyPolicyLink: '/privacy-policy' });
    expect(t.footer.safeSenderInfo).toMatch(/safe sender/);
    expect(t.footer.textAlignment).toBe('center');
  });

  it('keeps widths to 700, 750 and 800 and border sizes to 0–15px, naming the field', () => {
    expect(fieldOf(newsletterTemplateSchema, { ...minimalTemplate, styles: { width: 720 } })?.field).toBe('styles.width');
    expect(newsletterTemplateSchema.parse({ ...minimalTemplate, styles: { width: 800 } }).styles.width).toBe(800);
    expect(fieldOf(newsletterTemplateSchema, { ...minimalTemplate, gridTitleStyles: { borderTopSize: 16 } })).toEqual({ field: 'gridTitleStyles.borderTopSize', message: 'Must be 0 to 15px' });
    expect(fieldOf(newsletterTemplateSchema, { ...minimalTemplate, header: { borderBottomSize: -1 } })?.field).toBe('header.borderBottomSize');
  });

  it('requires the name, the unsubscribe link and image-bar images with links', () => {
    expect(fieldOf(newsletterTemplateSchema, { ...minimalTemplate, name: '  ' })).toEqual({ field: 'name', message: 'Field is required' });
    expect(fieldOf(newsletterTemplateSchema, { name: 'x', footer: { subscriptions: {} } })).toEqual({ field: 'footer.subscriptions.unsubscribeLink', message: 'Field is required' });
    expect(fieldOf(newsletterTemplateSchema, { ...minimalTemplate, footer: { ...minimalTemplate.footer, imageBar: { images: [{ image: '/a.png' }] } } })?.field).toBe('footer.imageBar.images[0].link');
    expect(fieldOf(newsletterTemplateSchema, { ...minimalTemplate, header: { link: 'javascript:alert(1)' } })?.field).toBe('header.link');
  });
});

describe('newsletter campaign schema (admin §3.8)', () => {
  const list = (data: object) => ({ templateId: 1, name: 'Issue', grid: { rows: [{ columns: [{ blocks: [{ type: 'content_list', data }] }] }] } });

  it('allows at most two columns, and exactly two in layout 1_1', () => {
    const three = { templateId: 1, name: 'x', grid: { rows: [{ settings: { layout: '1_1' }, columns: [{}, {}, {}] }] } };
    expect(fieldOf(newsletterCampaignSchema, three)).toEqual({ field: 'grid.rows[0].columns', message: 'At most 2 columns' });
    const mismatch = { templateId: 1, name: 'x', grid: { rows: [{ settings: { layout: '1_1' }, columns: [{}] }] } };
    expect(fieldOf(newsletterCampaignSchema, mismatch)?.field).toBe('grid.rows[0].columns');
    expect(fieldOf(newsletterCampaignSchema, { ...mismatch, grid: { rows: [{ settings: { layout: '1_2' }, columns: [{}] }] } })?.field).toBe('grid.rows[0].settings.layout');
  });

  it('checks content list ranges and defaults', () => {
    const parsed = newsletterCampaignSchema.parse(list({ contentIds: [10_000_001] }));
    const block = parsed.grid.rows[0]!.columns[0]!.blocks[0]!;
    expect(block.type === 'content_list' && block.data).toMatchObject({ population_mode: 'manual', numberOfItems: 1, showTeaser: true, teaserLength: 175, teaserMode: 'fallback' });
    expect(fieldOf(newsletterCampaignSchema, list({ contentIds: [10_000_001], teaserLength: 49 }))?.message).toBe('Must be 50 to 600');
    expect(fieldOf(newsletterCampaignSchema, list({ contentIds: [10_000_001], teaserLength: 601 }))?.message).toBe('Must be 50 to 600');
    expect(fieldOf(newsletterCampaignSchema, list({ contentIds: [10_000_001], numberOfItems: 0 }))?.message).toBe('Must be at least 1');
    expect(fieldOf(newsletterCampaignSchema, list({ population_mode: 'automatic' }))).toEqual({ field: 'grid.rows[0].columns[0].blocks[0].data.section', message: 'Field is required' });
  });

  it('requires the issue block publication and display mode, the passendo placement and the contacts', () => {
    const one = (block: object) => ({ templateId: 1, name: 'x', grid: { rows: [{ columns: [{ blocks: [block] }] }] } });
    expect(fieldOf(newsletterCampaignSchema, one({ type: 'issue', data: { displayMode: 'image_only' } }))?.field).toMatch(/data\.publicationId$/);
    expect(fieldOf(newsletterCampaignSchema, one({ type: 'issue', data: { publicationId: 1 } }))?.field).toMatch(/data\.displayMode$/);
    expect(fieldOf(newsletterCampaignSchema, one({ type: 'passendo_ad', data: {} }))?.field).toMatch(/data\.placementId$/);
    expect(fieldOf(newsletterCampaignSchema, one({ type: 'contacts', data: { contacts: [] } }))?.field).toMatch(/data\.contacts$/);
    expect(fieldOf(newsletterCampaignSchema, one({ type: 'html', settings: { titleFontSize: 2.5 }, data: {} }))?.message).toBe('Must be .8rem to 2.0rem');
  });

  it('lists only Sent or Sending campaigns that are not hidden on the web', () => {
    expect(isCampaignListed({ audienceStatus: 'Sent', hiddenOnWeb: false })).toBe(true);
    expect(isCampaignListed({ audienceStatus: 'Sending', hiddenOnWeb: false })).toBe(true);
    expect(isCampaignListed({ audienceStatus: 'Sent', hiddenOnWeb: true })).toBe(false);
    expect(isCampaignListed({ audienceStatus: 'Draft', hiddenOnWeb: false })).toBe(false);
  });

  it('replaces the issue tokens and leaves other brackets', () => {
    expect(replaceIssueTokens('[magazine-name], [issue-date]: [issue-description] [digital-edition-url] [subscribe-url] [other]', {
      '[issue-date]': 'Oct. 1, 2026', '[issue-description]': 'Ports', '[magazine-name]': 'Alpha', '[digital-edition-url]': 'https://d', '[subscribe-url]': 'https://s',
    })).toBe('Alpha, Oct. 1, 2026: Ports https://d https://s [other]');
  });
});

describe('newsletter ads (admin §3.9)', () => {
  const ad = { title: 'Ad', company: { name: 'Acme' }, companySource: 'new', placement: 'leaderboard-600x100', url: 'https://acme.example', image: '/a.png' };

  it('ends a schedule at the end of the business day in Central time, in summer and winter', () => {
    const parsed = newsletterAdSchema.parse({ ...ad, schedules: [
      { newsletterTemplateId: 1, startDate: '2026-07-01', endDate: '2026-07-15' },
      { newsletterTemplateId: 1, startDate: '2026-12-01', endDate: '2026-12-15T09:00:00Z', position: 100 },
    ] });
    expect(parsed.schedules[0]).toMatchObject({ startDate: Date.parse('2026-07-01T05:00:00Z'), endDate: Date.parse('2026-07-16T04:59:59.999Z'), position: 1 });
    // 09:00Z on Dec 15 is 03:00 in Chicago that day.
    expect(parsed.schedules[1]).toMatchObject({ startDate: Date.parse('2026-12-01T06:00:00Z'), endDate: Date.parse('2026-12-16T05:59:59.999Z'), position: 100 });
    expect(endOfBusinessDayCentral({ year: 2026, month: 3, day: 8 })).toBe(Date.parse('2026-03-09T04:59:59.999Z'));
    expect(startOfDayCentral({ year: 2026, month: 11, day: 1 })).toBe(Date.parse('2026-11-01T05:00:00Z'));
  });

  it('checks priorities, positions 1–100, required fields and the date order', () => {
    expect(newsletterAdSchema.parse(ad).priority).toBe(10);
    expect(newsletterAdSchema.parse(ad).adCategory).toBe('Advertising');
    expect(fieldOf(newsletterAdSchema, { ...ad, priority: 7 })?.field).toBe('priority');
    expect(fieldOf(newsletterAdSchema, { ...ad, schedules: [{ newsletterTemplateId: 1, startDate: '2026-01-02', endDate: '2026-01-03', position: 101 }] })).toEqual({ field: 'schedules[0].position', message: 'Must be 1 to 100' });
    expect(fieldOf(newsletterAdSchema, { ...ad, schedules: [{ newsletterTemplateId: 1, startDate: '2026-01-05', endDate: '2026-01-03' }] })).toEqual({ field: 'schedules[0].endDate', message: 'Must not be before startDate' });
    expect(fieldOf(newsletterAdSchema, { ...ad, schedules: [{ newsletterTemplateId: 1, startDate: '2026-02-30', endDate: '2026-03-03' }] })?.field).toBe('schedules[0].startDate');
    expect(fieldOf(newsletterAdSchema, { ...ad, image: undefined })).toEqual({ field: 'image', message: 'Field is required' });
    expect(fieldOf(newsletterAdSchema, { ...ad, companySource: 'existing' })).toEqual({ field: 'company.id', message: 'Field is required' });
    expect(fieldOf(newsletterAdSchema, { ...ad, url: 'javascript:alert(1)' })?.field).toBe('url');
    expect(fieldOf(newsletterAdSchema, { ...ad, placement: 'skyscraper' })?.field).toBe('placement');
  });

  it('selects the scheduled ad of highest priority for the template, instant and position', () => {
    const at = Date.parse('2026-10-20T15:00:00Z');
    const s = (templateId: number, start: string, end: string, position = 1) => ({ templateId, startDate: Date.parse(start), endDate: Date.parse(end), position });
    const ads: AdCandidate[] = [
      { id: 1, priority: 5, placement: 'leaderboard-600x100', schedules: [s(1, '2026-10-01', '2026-10-31')] },
      { id: 2, priority: 10, placement: 'leaderboard-600x100', schedules: [s(1, '2026-10-01', '2026-10-19')] },
      { id: 3, priority: 10, placement: 'leaderboard-600x100', schedules: [s(2, '2026-10-01', '2026-10-31')] },
      { id: 4, priority: 10, placement: 'leaderboard-600x100', schedules: [s(1, '2026-10-01', '2026-10-31', 2)] },
      { id: 5, priority: 1, placement: 'sponsored-content', schedules: [s(1, '2026-10-01', '2026-10-31')] },
    ];
    expect(selectNewsletterAd(ads, { templateId: 1, at, position: 1 })?.id).toBe(1);
    expect(selectNewsletterAd(ads, { templateId: 1, at: Date.parse('2026-10-10'), position: 1 })?.id).toBe(2);
    expect(selectNewsletterAd(ads, { templateId: 1, at, position: 2 })?.id).toBe(4);
    expect(selectNewsletterAd(ads, { templateId: 2, at, position: 1 })?.id).toBe(3);
    expect(selectNewsletterAd(ads, { templateId: 1, at, position: 1, placements: ['sponsored-content'] })?.id).toBe(5);
    expect(selectNewsletterAd(ads, { templateId: 1, at, position: 1, excludeIds: new Set([1, 5]) })).toBeNull();
    expect(selectNewsletterAd(ads, { templateId: 1, at, position: 3 })).toBeNull();
  });
});

describe('header-bound text', () => {
  it('keeps subjects and senders to one line', () => {
    expect(fieldOf(newsletterCampaignSchema, { templateId: 1, name: 'x', subject: 'Hi\r\nBcc: a@b.c' })).toEqual({ field: 'subject', message: 'Must be one line' });
    expect(fieldOf(newsletterTemplateSchema, { ...minimalTemplate, deploymentSettings: { defaultFrom: 'a@b.c\nX: y' } })?.field).toBe('deploymentSettings.defaultFrom');
  });
});
