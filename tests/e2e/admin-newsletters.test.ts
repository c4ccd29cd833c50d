// The newsletter screens of the admin (issue 8 "Admin screens"; admin §2.2, §3.7–3.9, §5, §6) in a
// real browser: a template with a range error shown then fixed and its conditional header fields;
// only active templates offered to campaigns; a campaign built in the grid editor whose content
// list shows up in the live preview (the iframe's srcdoc, parsed), the preview's debounce, 'Send
// test' received by the template's tester and 'Deploy' confirmed; an ad with a schedule; newsletter
// items; what a site-scoped editor does not see; an accessibility scan and screenshots.
//
// The stack mounts the API without a mailer, so this file wraps registerApi to hand it one that
// records messages (and an unsubscribe secret, which sends need).
import { load } from 'cheerio';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import type { MailMessage } from '../../engine/mail/mailer';
import { screenshot, axeViolations } from './helpers/browser';
import { openMenuSections, quickScreens } from './helpers/menu';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';

const held = vi.hoisted(() => ({ sent: [] as MailMessage[] }));
vi.mock('../../api/app', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../api/app')>();
  const mailer = {
    kind: 'outbox' as const,
    async send(m: MailMessage) {
      held.sent.push(m);
      const to = Array.isArray(m.to) ? m.to : [m.to];
      return { messageId: `<${held.sent.length}@e2e.test>`, accepted: to, rejected: [] };
    },
    async close() { /* nothing pooled */ },
  };
  return {
    ...mod,
    registerApi: (app: Parameters<typeof mod.registerApi>[0], options: Parameters<typeof mod.registerApi>[1]) =>
      mod.registerApi(app, { ...options, newsletters: { ...options.newsletters, mailer, unsubscribeSecret: 'e2e-unsubscribe-secret-0123456789' } }),
  };
});

const suite = useAdminSuite();
const TEMPLATE = 'E2E Morning Brief';
const RETIRED = 'E2E Retired Digest';
const TESTER = 'robin.tester@freightwise.example';
const state = { templateId: 0, itemNames: [] as string[] };

function countOperations(page: Page, name: string): { count: () => number } {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new RegExp(`\\b${name}\\b`).test(r.postData() ?? '')) n += 1;
  });
  return { count: () => n };
}

async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('region', { name: 'Notifications' }).getByText(text).first().waitFor();
}

describe('newsletter templates', () => {
  it('shows a range error, saves once fixed, and shows header fields by style', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/create-newsletter-template');
    await page.getByRole('heading', { name: 'New newsletter template' }).waitFor();
    const creates = countOperations(page, 'createNewsletterTemplate');
    await page.getByLabel(/^Name/).fill(TEMPLATE);
    await page.getByLabel('Newsletter', { exact: true }).selectOption({ label: 'FreightWise Daily' });
    await page.getByLabel(/^Unsubscribe link/).fill('/unsubscribe');
    const border = page.getByRole('region', { name: 'Grid titles' }).getByLabel('Top border (px)');
    await border.fill('20');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('region', { name: 'Grid titles' }).getByText('Must be 0 to 15px').waitFor();
    expect(await border.getAttribute('aria-invalid')).toBe('true');
    expect(creates.count()).toBe(0);

    expect(await page.getByLabel(/^Date format/).count()).toBe(0);
    await page.getByText('3 · Date, name and logo').click();
    await page.getByLabel(/^Date format/).waitFor();
    expect(await page.getByLabel('Logo', { exact: true }).count()).toBe(1);
    expect(await page.getByLabel('Logo address', { exact: true }).count()).toBe(1);

    await border.fill('4');
    expect(await page.getByText('Must be 0 to 15px').count()).toBe(0);
    const testers = page.getByRole('region', { name: 'Default testers' });
    await testers.getByRole('button', { name: 'Add tester' }).click();
    await testers.getByLabel(/^First name/).fill('Robin');
    await testers.getByLabel(/^Last name/).fill('Tester');
    await testers.getByLabel(/^Email address/).fill(TESTER);
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(/\/admin\/edit-newsletter-template\/\d+$/);
    await toast(page, 'Template created.');
    state.templateId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(creates.count()).toBe(1);
    await page.reload();
    await page.getByRole('heading', { name: TEMPLATE }).waitFor();
    expect(await page.getByRole('region', { name: 'Grid titles' }).getByLabel('Top border (px)').inputValue()).toBe('4');
    expect(await page.getByLabel(/^Width/).inputValue()).toBe('700');
    await screenshot(page, 'newsletter-template-edit');
    await screenshot(page, 'newsletter-template-edit-full', true);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(suite.target.adminUrl('/admin/create-newsletter-template'));
    await page.getByLabel(/^Name/).fill(RETIRED);
    await page.getByLabel(/^Status/).selectOption('0');
    await page.getByLabel(/^Unsubscribe link/).fill('/unsubscribe');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(/\/admin\/edit-newsletter-template\/\d+$/);

    await page.goto(suite.target.adminUrl('/admin/newsletter-templates'));
    const row = (name: string) => page.getByRole('row').filter({ hasText: name });
    await row(TEMPLATE).getByText('Active').waitFor();
    await row(RETIRED).getByText('Inactive').waitFor();
    await screenshot(page, 'newsletter-templates');
  });
});

describe('newsletter campaigns', () => {
  it('offers active templates only, previews a content list block live, sends a test and deploys', async () => {
    expect(state.templateId).toBeGreaterThan(0);
    const page = await suite.signedIn(LOGINS.admin, '/admin/create-newsletter-campaign');
    await page.getByRole('heading', { name: 'New campaign' }).waitFor();
    const template = page.getByLabel(/^Template/);
    const offered = await template.locator('option').allTextContents();
    expect(offered).toContain(TEMPLATE);
    expect(offered).not.toContain(RETIRED);
    await page.getByLabel(/^Name/).fill('E2E Issue 1');
    await template.selectOption({ label: TEMPLATE });

    await page.getByLabel('New row columns').selectOption('1_1');
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByRole('button', { name: 'Add block to row 1, column 1' }).click();
    await page.getByLabel('Block type').selectOption('content_list');
    const dialog = page.getByRole('dialog', { name: 'Content list settings' });
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Field is required').waitFor();
    await dialog.getByRole('combobox', { name: 'Content' }).click();
    for (let i = 0; i < 2; i += 1) {
      const option = dialog.getByRole('option').first();
      await option.waitFor();
      state.itemNames.push(((await option.locator('span').first().textContent()) ?? '').trim());
      await option.click();
    }
    expect(state.itemNames.every(Boolean)).toBe(true);
    expect(new Set(state.itemNames).size).toBe(2);
    await screenshot(page, 'newsletter-block-settings');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('group', { name: 'Row 1, column 1' }).getByText('2 chosen items').count()).toBe(1);

    const frame = page.locator('iframe[title="Email preview"]');
    await expect.poll(async () => {
      const $ = load((await frame.getAttribute('srcdoc').catch(() => null)) ?? '');
      return state.itemNames.filter((n) => $('a').toArray().some((a) => $(a).text().replace(/\s+/g, ' ').trim() === n)).length;
    }, { timeout: 20_000 }).toBe(2);
    await page.frameLocator('iframe[title="Email preview"]').getByText(state.itemNames[0] as string, { exact: true }).first().waitFor();

    const previews = countOperations(page, 'renderNewsletterCampaignPreview');
    await page.getByLabel('Subject', { exact: true }).pressSequentially('Rates climb again', { delay: 25 });
    await page.locator('.nl-inbox dd').first().getByText('Rates climb again').waitFor({ timeout: 15_000 });
    expect(previews.count()).toBeGreaterThanOrEqual(1);
    expect(previews.count()).toBeLessThanOrEqual(2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'newsletter-campaign-edit');
    await page.getByRole('group', { name: 'Campaign grid' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'newsletter-campaign-grid');

    // Scheduled means serve's scheduled-sends job sends it at its deployment date: the form says so.
    const status = page.getByLabel(/^Status/);
    await status.selectOption('Scheduled');
    await page.getByText('Sent to the audience automatically at the deployment date.').waitFor();
    await status.selectOption('Draft');
    expect(await page.getByText('Sent to the audience automatically at the deployment date.').count()).toBe(0);
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.waitForURL(/\/admin\/edit-newsletter-campaign\/\d+$/);
    await toast(page, 'Campaign created.');
    await page.getByRole('heading', { name: 'E2E Issue 1' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send test' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send a test?' });
    await confirm.getByText(TESTER).waitFor();
    await screenshot(page, 'newsletter-send-test');
    await confirm.getByRole('button', { name: 'Send test' }).click();
    await toast(page, 'Test sent to 1 recipient.');
    const mail = held.sent.find((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t.includes(TESTER)));
    expect(mail?.subject).toContain('Rates climb again');
    const $mail = load(mail?.html ?? '');
    for (const name of state.itemNames) expect($mail('a').toArray().some((a) => $mail(a).text().replace(/\s+/g, ' ').trim() === name)).toBe(true);

    await page.getByRole('button', { name: 'Deploy' }).click();
    const deploy = page.getByRole('dialog', { name: 'Deploy this campaign?' });
    await deploy.getByText('This cannot be undone.', { exact: false }).waitFor();
    await deploy.getByRole('button', { name: 'Deploy now' }).click();
    await deploy.waitFor({ state: 'detached' });
    await toast(page, /^Campaign (sent|not sent)/);

    await page.goto(suite.target.adminUrl('/admin/newsletter-campaigns'));
    await page.getByRole('row').filter({ hasText: 'E2E Issue 1' }).waitFor();
    await screenshot(page, 'newsletter-campaigns');
  });
});

describe('newsletter ads and content', () => {
  it('creates an ad with a schedule after a position error is fixed', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/create-newsletter-ad');
    const dialog = page.getByRole('dialog', { name: 'New newsletter ad' });
    await dialog.waitFor();
    await dialog.getByLabel(/^Title/).fill('E2E Reefer capacity webinar');
    await dialog.getByLabel(/^Company name/).fill('ColdChain Co');
    await dialog.getByLabel(/^Placement/).selectOption('sponsored-content');
    await dialog.getByLabel(/^URL/).fill('https://coldchain.example/webinar');
    await dialog.getByLabel(/^Body/).fill('Join our experts on reefer capacity for the peak season.');
    await dialog.getByLabel(/^Priority/).selectOption('5');
    await dialog.getByRole('button', { name: 'Add schedule' }).click();
    await dialog.getByLabel(/^Template/).selectOption({ label: TEMPLATE });
    expect(await dialog.getByLabel(/^Template/).locator('option').allTextContents()).not.toContain(RETIRED);
    await dialog.getByLabel(/^Start date/).fill('2026-09-01');
    await dialog.getByLabel(/^End date/).fill('2026-09-30');
    await dialog.getByLabel(/^Position/).fill('101');
    await dialog.getByRole('button', { name: 'Create ad' }).click();
    await dialog.getByText('Must be 1 to 100').waitFor();
    await screenshot(page, 'newsletter-ad-edit');
    await dialog.getByLabel(/^Position/).fill('2');
    await dialog.getByRole('button', { name: 'Create ad' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Ad created.');
    const row = page.getByRole('row').filter({ hasText: 'E2E Reefer capacity webinar' });
    await row.getByText(`${TEMPLATE} · #2 · 2026-09-01 → 2026-09-30`).waitFor();
    await row.getByText('5 · House-Reserve').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/newsletter-ads');
    await screenshot(page, 'newsletter-ads');
  });

  it('adds a newsletter item with the required title', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/newsletter-content');
    await page.getByRole('row').filter({ hasText: 'FreightWise Daily' }).waitFor();
    await page.getByRole('button', { name: 'New newsletter' }).click();
    const dialog = page.getByRole('dialog', { name: 'New newsletter' });
    await dialog.getByRole('button', { name: 'Create newsletter' }).click();
    await dialog.getByText('Field is required').waitFor();
    await dialog.getByLabel(/^Title/).fill('E2E Port Watch');
    await dialog.getByLabel('Show in subscribe block').uncheck();
    await dialog.getByRole('button', { name: 'Create newsletter' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'E2E Port Watch' }).getByText('Hidden').waitFor();
    await screenshot(page, 'newsletter-content');
  });
});

describe('permissions', () => {
  it('a site-scoped editor without newsletter permissions sees no newsletter entries', async () => {
    const page = await suite.signedIn(LOGINS.freightwiseEditor, '/admin');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await openMenuSections(page);
    // No newsletter screen is offered (the Analytics report of newsletter subscriptions, under
    // view_common_reports, may be: it shows figures, not newsletters).
    const hrefs = await menu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((h) => h.endsWith('/newsletter-subscriptions-report'))).toBe(true);
    expect(hrefs.filter((h) => /newsletter|campaign/i.test(h) && !h.endsWith('-report'))).toEqual([]);
    await page.keyboard.press('Control+k');
    expect(await quickScreens(page, 'campaign')).toEqual([]);
    await page.keyboard.press('Escape');
    for (const path of ['/admin/newsletter-campaigns', '/admin/newsletter-templates', '/admin/create-newsletter-ad', '/admin/newsletter-content']) {
      await page.goto(suite.target.adminUrl(path));
      await page.getByRole('heading', { name: 'No access' }).waitFor();
    }
  });
});
