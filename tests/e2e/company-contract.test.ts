// Contributor contract end to end through the wiring `masthead serve` runs (cli/serve/app.ts): staff
// create a contract in the admin, the contributor's link arrives by e-mail (in-process SMTP), opens
// /contract/:id on the site's host without a session, is approved by typing the name; the admin
// list then reads "<name> Approved <date>" and the link shows the locked copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import type { Browser } from 'playwright-core';
import { contractDate } from '../../engine/domain/company';
import { launchBrowser, newPage, screenshot, signIn } from './helpers/browser';
import { LOGINS } from './helpers/target';
import { startStackWithMail, type MailStack } from './helpers/mail-stack';

let stack: MailStack;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  stack = await startStackWithMail({ from: 'Masthead <desk@masthead.localhost>' });
  admin = stack.admin;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe('contributor contract', () => {
  it('is created in the admin, approved from the mailed link without a session, then listed as approved and locked', async () => {
    const staff = await newPage(browser);
    await signIn(staff, `${admin}/login`, LOGINS.admin);
    await staff.goto(`${admin}/create-contract`);
    await staff.getByLabel('Contributor name').fill('Robin Freelance');
    await staff.getByLabel('Contributor e-mail').fill('robin@example.com');
    await staff.getByLabel('Rate').fill('$400 per article');
    await staff.getByRole('button', { name: 'Create and send link' }).click();
    await staff.getByRole('table', { name: 'Contracts' }).getByText('Robin Freelance Pending').waitFor();

    const [mail] = await stack.smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(['robin@example.com']);
    const link = load(String(mail!.parsed.html))('a').attr('href')!;
    expect(new URL(link).pathname).toMatch(/^\/contract\/\d+$/);

    // The toolbar's internal news flyout: unread count, the alert, the detail view marks it read.
    // The demo has internal news of its own (fixtures/demo/internal-news.json): count from there.
    const unread = async () => Number(/(\d+) unread/.exec(await staff.getByRole('button', { name: /^Internal news, \d+ unread$/ }).getAttribute('aria-label') ?? '')?.[1]);
    await staff.waitForLoadState('networkidle');
    const before = await unread();
    expect(Number.isInteger(before)).toBe(true);
    await stack.store.run("insert into aspire_news (title, description, date, status, alert) values ('Press day', '<p>Office <strong>closed</strong> Friday.</p>', ?, 1, 1)", [Date.now() - 3_600_000]);
    await staff.reload();
    const bell = staff.getByRole('button', { name: `Internal news, ${before + 1} unread` });
    await bell.click();
    const flyout = staff.getByRole('dialog', { name: 'Internal news' });
    await flyout.getByRole('region', { name: 'Alerts' }).getByRole('button', { name: /Press day/ }).click();
    expect(await flyout.locator('.news-body strong').innerText()).toBe('closed');
    await staff.getByRole('button', { name: `Internal news, ${before} unread` }).waitFor();
    await screenshot(staff, 'news-flyout');

    const context = await browser.newContext();
    const contributor = await context.newPage();
    await contributor.goto(link);
    expect(await contributor.locator('.terms').innerText()).toContain('Robin Freelance agrees to write for us at $400 per article');
    await contributor.getByLabel(/Type your full name/).fill('Someone Else');
    await contributor.getByRole('button', { name: 'Approve contract' }).click();
    expect(await contributor.getByRole('alert').innerText()).toContain('Must match');
    await contributor.getByLabel(/Type your full name/).fill('Robin Freelance');
    await contributor.getByRole('button', { name: 'Approve contract' }).click();
    const status = contributor.getByRole('status');
    await status.waitFor();
    const today = contractDate(Date.now());
    expect(await status.innerText()).toContain(`Approved by Robin Freelance on ${today}`);
    expect(await contributor.locator('form').count()).toBe(0);
    await screenshot(contributor, 'contract-approved');

    const copies = await stack.smtp.waitFor(2);
    expect(copies[1]!.envelope.to).toContain('robin@example.com');

    await staff.goto(`${admin}/contracts`);
    await staff.getByRole('table', { name: 'Contracts' }).getByText(`Robin Freelance Approved ${today}`).waitFor();
    await screenshot(staff, 'contracts-list');

    await contributor.goto(link);
    expect(await contributor.getByRole('status').innerText()).toContain('This contract is locked');
    expect(await contributor.getByRole('button', { name: 'Approve contract' }).count()).toBe(0);
    await context.close();
  }, 120_000);
});
