import { describe, expect, it } from 'vitest';
import { newsletterGridSchema, type NewsletterGrid } from '../../../engine/domain/newsletter';
import { permissionsFor } from '../../../engine/domain/permissions';
import { visibleGroups } from '../../shell/nav';
import { resolveRoute } from '../../routes';
import {
  addBlock, addRow, blockErrors, cleanBlock, gridStats, moveBlockTo, moveBlockWithin, moveRow, newBlock, removeBlock, setRowLayout, validateBlockDraft,
} from './campaign-grid';
import { emptyCampaign, gridErrorLines, previewInput, toCampaignInput, toLocalInput, validateCampaign } from './campaign-form';
import { emptyTemplate, headerFields, setPath, toTemplateInput, validateTemplate } from './template-form';
import { blankSchedule, emptyAd, scheduleState, toAdInput, validateAd } from './ad-form';
import { sendSummaryText } from './send-dialog';
import { fitScale } from './campaign-preview';
import { validateItem } from './newsletter-content';

const titles = (g: NewsletterGrid) => g.rows.map((r) => r.columns.map((c) => c.blocks.map((b) => b.settings.title ?? b.type)));
const titled = (type: Parameters<typeof newBlock>[0], title: string) => {
  const b = newBlock(type);
  return { ...b, settings: { ...b.settings, title } };
};

describe('campaign grid edits (admin §3.8)', () => {
  it('adds rows of one or two columns and keeps every result valid for the grid schema', () => {
    let g: NewsletterGrid = { rows: [] };
    g = addRow(addRow(g, '1'), '1_1');
    expect(g.rows.map((r) => r.columns.length)).toEqual([1, 2]);
    g = addBlock(g, 1, 1, titled('html', 'Right'));
    expect(newsletterGridSchema.safeParse(g).success).toBe(true);
  });

  it('narrowing a 1_1 row to one column keeps the right column’s blocks below the left’s', () => {
    let g = addRow({ rows: [] }, '1_1');
    g = addBlock(addBlock(g, 0, 0, titled('html', 'A')), 0, 1, titled('html', 'B'));
    const narrowed = setRowLayout(g, 0, '1');
    expect(titles(narrowed)).toEqual([[['A', 'B']]]);
    expect(titles(setRowLayout(narrowed, 0, '1_1'))).toEqual([[['A', 'B'], []]]);
    expect(titles(g)).toEqual([[['A'], ['B']]]);
  });

  it('moves blocks within a column, across columns and rows, and removes them, without touching the input', () => {
    let g = addRow(addRow({ rows: [] }, '1_1'), '1');
    g = addBlock(addBlock(g, 0, 0, titled('html', 'A')), 0, 0, titled('html', 'B'));
    const before = JSON.stringify(g);
    expect(titles(moveBlockWithin(g, { row: 0, column: 0, block: 1 }, -1))[0]).toEqual([['B', 'A'], []]);
    expect(titles(moveBlockWithin(g, { row: 0, column: 0, block: 0 }, -1))).toEqual(titles(g));
    expect(titles(moveBlockTo(g, { row: 0, column: 0, block: 0 }, 0, 1))[0]).toEqual([['B'], ['A']]);
    expect(titles(moveBlockTo(g, { row: 0, column: 0, block: 0 }, 1, 0))).toEqual([[['B'], []], [['A']]]);
    expect(titles(moveBlockTo(g, { row: 0, column: 0, block: 0 }, 1, 5))).toEqual(titles(g));
    expect(titles(removeBlock(g, { row: 0, column: 0, block: 0 }))[0]).toEqual([['B'], []]);
    expect(titles(moveRow(g, 1, 0))).toEqual([[[]], [['A', 'B'], []]]);
    expect(JSON.stringify(g)).toBe(before);
  });

  it('new blocks carry the §3.8 defaults; the ones needing settings are flagged until filled', () => {
    const list = newBlock('content_list');
    expect(list.type === 'content_list' && list.data).toMatchObject({ population_mode: 'manual', numberOfItems: 1, showTeaser: true, teaserLength: 175 });
    expect(blockErrors(list)).toEqual({ 'data.contentIds': 'Field is required' });
    expect(blockErrors(newBlock('fixed_ad'))).toEqual({});
    expect(blockErrors(newBlock('passendo_ad'))['data.placementId']).toBe('Field is required');
    expect(blockErrors(newBlock('issue'))['data.publicationId']).toBe('Field is required');
    expect(blockErrors(newBlock('contacts'))['data.contacts']).toBe('Field is required');
    const g = addBlock(addBlock(addRow({ rows: [] }, '1'), 0, 0, list), 0, 0, newBlock('html'));
    expect(gridStats(g)).toEqual({ rows: 1, blocks: 2, invalid: 1 });
  });

  it('block drafts: typed numbers are parsed and checked against the ranges, empty optionals dropped', () => {
    const list = newBlock('content_list');
    const draft = setPath(setPath(setPath(list, 'data.contentIds', [10100001]), 'data.teaserLength', '700'), 'settings.title', '');
    expect(validateBlockDraft(draft)).toEqual({ 'data.teaserLength': 'Must be 50 to 600' });
    const fixed = setPath(draft, 'data.teaserLength', '600');
    expect(validateBlockDraft(fixed)).toEqual({});
    const clean = cleanBlock(fixed);
    expect(clean.type === 'content_list' && clean.data.teaserLength).toBe(600);
    expect('title' in clean.settings).toBe(false);
    expect(validateBlockDraft(setPath(fixed, 'settings.titleFontSize', '2.5'))['settings.titleFontSize']).toBe('Must be .8rem to 2.0rem');
    expect(validateBlockDraft(setPath(fixed, 'data.teaserLength', 'abc'))['data.teaserLength']).toBe('Must be a number');
    const auto = setPath(fixed, 'data.population_mode', 'automatic');
    expect(validateBlockDraft(auto)['data.section']).toBe('Field is required');
  });
});

describe('template form (admin §3.7)', () => {
  it('starts from the spec defaults and requires the name and the unsubscribe link', () => {
    const t = emptyTemplate();
    expect(t.styles).toMatchObject({ width: 700, bodyBackgroundColor: '#efefef', contentBackgroundColor: '#ffffff', linkColor: '#000000' });
    expect(t.footer.imageBar.imageWidth).toBe(120);
    expect(t.footer.informationLinks).toEqual({ customerServiceLink: '/customer-service', privacyPolicyLink: '/privacy-policy' });
    expect(t.footer.safeSenderInfo.length).toBeGreaterThan(20);
    expect(t.status).toBe(1);
    expect(validateTemplate(t)).toEqual({ name: 'Field is required', 'footer.subscriptions.unsubscribeLink': 'Field is required' });
  });

  it('checks border sizes 0 to 15px and typed numbers, and sends numbers', () => {
    let t = setPath(setPath(emptyTemplate(), 'name', 'Daily'), 'footer.subscriptions.unsubscribeLink', '/unsubscribe');
    t = setPath(t, 'gridTitleStyles.borderTopSize', '20');
    expect(validateTemplate(t)).toEqual({ 'gridTitleStyles.borderTopSize': 'Must be 0 to 15px' });
    expect(validateTemplate(setPath(t, 'gridTitleStyles.borderTopSize', 'x'))).toEqual({ 'gridTitleStyles.borderTopSize': 'Must be a whole number' });
    t = setPath(t, 'gridTitleStyles.borderTopSize', '4');
    expect(validateTemplate(t)).toEqual({});
    const input = toTemplateInput(setPath(t, 'socialLinks.facebook', ''));
    expect((input.gridTitleStyles as { borderTopSize: unknown }).borderTopSize).toBe(4);
    expect(input.socialLinks).toEqual({});
    expect('newsletterId' in input).toBe(false);
  });

  it('clearing safe-sender text is an error, not a silent reset', () => {
    const t = setPath(setPath(setPath(emptyTemplate(), 'name', 'D'), 'footer.subscriptions.unsubscribeLink', '/u'), 'footer.safeSenderInfo', '  ');
    expect(validateTemplate(t)).toEqual({ 'footer.safeSenderInfo': 'Field is required' });
  });

  it('shows header fields by header style', () => {
    expect(headerFields(1)).toEqual({ imageLabel: 'Header image', date: false, social: false });
    expect(headerFields(2).social).toBe(true);
    expect(headerFields(3)).toEqual({ imageLabel: 'Logo', date: true, social: false });
  });
});

describe('campaign form', () => {
  it('requires a template and a name; the preview waits for a template and complete blocks', () => {
    const f = emptyCampaign(null);
    expect(validateCampaign(f)).toMatchObject({ templateId: 'Field is required', name: 'Field is required' });
    expect(previewInput(f)).toEqual({ reason: 'Choose a template to see the preview.' });
    const g = addBlock(addRow({ rows: [] }, '1_1'), 0, 1, newBlock('content_list'));
    const withBlock = { ...emptyCampaign(7), grid: g };
    const p = previewInput(withBlock);
    expect('reason' in p && p.reason).toContain('Row 1, column 2, block 1 (contentIds): Field is required');
    const ok = previewInput({ ...withBlock, grid: { rows: [] } });
    expect('input' in ok && ok.input).toMatchObject({ templateId: 7, name: 'Preview', audienceStatus: 'Draft' });
  });

  it('sends the status only while an editor may set it, and the date as an ISO instant', () => {
    const f = { ...emptyCampaign(3), name: 'Issue 1', audienceStatus: 'Sent', deploymentDate: '2026-09-08T06:30' };
    const input = toCampaignInput(f);
    expect('audienceStatus' in input).toBe(false);
    expect(new Date(input.deploymentDate as string).getTime()).toBe(new Date('2026-09-08T06:30').getTime());
    expect(toLocalInput(input.deploymentDate as string)).toBe('2026-09-08T06:30');
    expect(gridErrorLines({ 'grid.rows.1.columns': 'Layout 1_1 has 2 columns' })).toEqual(['Row 2 (columns): Layout 1_1 has 2 columns']);
  });
});

describe('newsletter ad form (admin §3.9)', () => {
  const base = { ...emptyAd(), title: 'Spring promo', company: { id: null, name: 'Acme' }, placement: 'sponsored-content', url: 'https://acme.example/' };
  it('defaults to Advertisement, Advertising and priority 10; placement, url and company are required', () => {
    const a = emptyAd();
    expect([a.label, a.adCategory, a.priority]).toEqual(['Advertisement', 'Advertising', 10]);
    expect(validateAd(a)).toMatchObject({ title: 'Field is required', placement: 'Field is required', 'company.name': 'Field is required' });
    expect(validateAd(base)).toEqual({});
    expect(validateAd({ ...base, placement: 'rectangle-300x250' })).toEqual({ image: 'Field is required' });
    expect(validateAd({ ...base, companySource: 'existing' })).toEqual({ 'company.id': 'Field is required' });
  });

  it('checks schedules: template required, position 1 to 100, end not before start', () => {
    const s = blankSchedule(null, '2026-09-08');
    expect(validateAd({ ...base, schedules: [s] })).toEqual({ 'schedules.0.newsletterTemplateId': 'Field is required' });
    const bad = { ...s, newsletterTemplateId: 5, position: '101', endDate: '2026-09-01' };
    expect(validateAd({ ...base, schedules: [bad] })).toEqual({ 'schedules.0.position': 'Must be 1 to 100', 'schedules.0.endDate': 'Must not be before startDate' });
    const good = { ...s, newsletterTemplateId: 5, position: '3', orderId: ' ' };
    expect(validateAd({ ...base, schedules: [good] })).toEqual({});
    expect(toAdInput({ ...base, schedules: [good] }).schedules).toEqual([{ newsletterTemplateId: 5, startDate: '2026-09-08', endDate: '2026-09-08', position: 3 }]);
  });

  it('names a schedule’s state on a Central calendar day', () => {
    expect(scheduleState({ startDay: '2026-09-01', endDay: '2026-09-08' }, '2026-09-08')).toBe('running');
    expect(scheduleState({ startDay: '2026-09-09', endDay: '2026-09-10' }, '2026-09-08')).toBe('upcoming');
    expect(scheduleState({ startDay: '2026-09-01', endDay: '2026-09-07' }, '2026-09-08')).toBe('ended');
  });
});

describe('sends, items, menu and routes', () => {
  it('describes a send for its toast', () => {
    const s = { campaignId: 1, templateId: 1, kind: 'test', recipients: 2, sent: 2, failed: 0, failures: [], durationMs: 5 };
    expect(sendSummaryText(s)).toBe('Test sent to 2 recipients.');
    expect(sendSummaryText({ ...s, kind: 'deploy', sent: 1, failed: 1, failures: [{ email: 'a@b.c', error: '550' }] })).toBe('Campaign sent to 1 recipient; 1 failed (a@b.c: 550).');
    expect(sendSummaryText({ ...s, recipients: 0, sent: 0 })).toBe('Test not sent: there are no recipients.');
  });

  it('scales the preview frame down to the pane, never up', () => {
    expect(fitScale(420, 840)).toBe(0.5);
    expect(fitScale(1000, 840)).toBe(1);
    expect(fitScale(0, 840)).toBe(1);
  });

  it('validates newsletter items with the shared schema', () => {
    expect(validateItem({ title: ' ', description: '', omedaProductId: '', showInSubscribeBlock: true })).toEqual({ title: 'Field is required' });
    expect(validateItem({ title: 'Daily', description: '', omedaProductId: '', showInSubscribeBlock: false })).toEqual({});
  });

  it('shows newsletter menu entries only with a newsletter permission, each link with its own', () => {
    const links = (perms: Parameters<typeof visibleGroups>[0]) => visibleGroups(perms).find((g) => g.label === 'Newsletters')?.links.map((l) => l.label) ?? [];
    expect(links(permissionsFor('editor'))).toEqual([]);
    expect(links(['manage_newsletter_ads'])).toEqual(['Newsletter ads']);
    expect(links(['manage_newsletter_templates_basic'])).toEqual(['Newsletter templates']);
    expect(links(permissionsFor('newsletter_editor'))).toContain('Campaigns');
  });

  it('routes the §2.2 newsletter paths with their permissions', () => {
    for (const p of ['/newsletter-templates', '/create-newsletter-template', '/edit-newsletter-template/3', '/newsletter-campaigns',
      '/create-newsletter-campaign', '/edit-newsletter-campaign/4', '/newsletter-ads', '/create-newsletter-ad', '/newsletter-content']) {
      expect(resolveRoute(p)?.route.path, p).not.toBe('/');
      expect(resolveRoute(p)?.route.permissions.every((x) => x.startsWith('manage_newsletter_')), p).toBe(true);
    }
  });
});
