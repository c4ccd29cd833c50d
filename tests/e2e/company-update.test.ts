// Company update end to end through the wiring `masthead serve` runs (cli/serve/app.ts), with the
// sites built and rebuilt by the real queue: staff send a company update link from the admin, the
// link arrives by e-mail (in-process SMTP), opens /company-update/<hash> on the site's host without
// a session and shows the current profile as a form; a change is submitted; staff accept one field
// and reject another; after the rebuild the company page shows only the accepted change; the link
// then no longer works, nor does one that was revoked or has expired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import type { Browser, Page } from 'playwright-core';
import { contentPath } from '../../engine/domain/paths';
import { launchBrowser, newPage, screenshot, signIn } from './helpers/browser';
import { startStackWithMail, type MailStack } from './helpers/mail-stack';
import { menuLink } from './helpers/menu';
import { LOGINS } from './helpers/target';

const COMPANY = 10100051; // Cascade Cold Storage, a Company item of the demo's freightwise site
let stack: MailStack;
let browser: Browser;
let companyPage = '';

beforeAll(async () => {
  stack = await startStackWithMail({
    from: 'FreightWise <desk@freightwise.localhost>', build: true,
    prepare: async (store) => { await store.run(`update tenants set settings = json_set(settings, '$.modules', json('{"companyUpdates":true}')) where tenant_key = 'freightwise'`); },
  });
  const [c] = await stack.store.all<{ slug: string; name: string; alias: string }>(
    'select c.slug, c.name, s.alias from content c join website_sections s on s.id = c.primary_section_id where c.id = ?', [COMPANY]);
  companyPage = stack.publicUrl('freightwise', contentPath({ id: COMPANY, slug: c!.slug, name: c!.name, sectionAlias: c!.alias }));
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

async function sendLink(staff: Page, contact: string, mails: number): Promise<string> {
  await staff.goto(`${stack.admin}/company-updates`);
  await staff.getByRole('combobox', { name: /^Company/ }).selectOption({ label: 'Cascade Cold Storage' });
  await staff.getByLabel('Contact name').fill('Dana Cascade');
  await staff.getByLabel('Contact e-mail').fill(contact);
  await staff.getByRole('button', { name: 'Send update link' }).click();
  const sent = await stack.smtp.waitFor(mails);
  const mail = sent[mails - 1]!;
  expect(mail.envelope.to).toEqual([contact]);
  return load(String(mail.parsed.html))('a').attr('href')!;
}

describe('company update by private link', () => {
  it('is sent by staff, filled in without a session, reviewed per field, and only the accepted change is published', async () => {
    const staff = await newPage(browser);
    await signIn(staff, `${stack.admin}/login`, LOGINS.freightwiseEditor);
    await (await menuLink(staff, 'Company updates')).waitFor();
    const link = await sendLink(staff, 'dana@cascade.example', 1);
    expect(new URL(link).pathname).toMatch(/^\/company-update\/mhu_[A-Za-z0-9_-]{43}$/);
    await staff.getByRole('table', { name: 'Company updates' }).getByRole('row').filter({ hasText: 'dana@cascade.example' }).getByText('Awaiting the company').waitFor();

    const context = await browser.newContext();
    const company = await context.newPage();
    await company.goto(link);
    await company.getByRole('heading', { name: 'Update the Cascade Cold Storage profile' }).waitFor();
    expect(await company.getByLabel(/^Description/).inputValue()).toContain('Portland-based operator');
    await company.getByLabel(/^Description/).fill('Cold storage for the West: 23 warehouses & counting.');
    await company.getByLabel(/^Website/).fill('https://cascade-cold.example/');
    await screenshot(company, 'company-update-form');
    await company.getByRole('button', { name: 'Send update for review' }).click();
    expect(await company.getByRole('status').innerText()).toContain('was received');

    await staff.goto(`${stack.admin}/company-updates`);
    await staff.getByRole('table', { name: 'Company updates' }).getByRole('row').filter({ hasText: 'dana@cascade.example' }).getByText('Awaiting review').waitFor();
    await staff.getByRole('table', { name: 'Company updates' }).getByRole('row').filter({ hasText: 'dana@cascade.example' }).getByRole('link', { name: 'Cascade Cold Storage' }).click();
    const diff = staff.getByRole('table', { name: 'Proposed changes' });
    await diff.getByText('https://cascade-cold.example/').waitFor();
    await staff.getByLabel('Accept Description').check();
    await staff.getByLabel('Message to the company').fill('We publish only websites we could check.');
    await screenshot(staff, 'company-update-review');
    await staff.getByRole('button', { name: 'Publish 1 accepted, reject the rest' }).click();
    await staff.getByText('Applied', { exact: true }).waitFor();
    expect(await diff.getByText('Rejected').count()).toBe(1);

    await stack.settle();
    const site = await context.newPage();
    await site.goto(companyPage);
    expect(await site.locator('.deck').first().innerText()).toBe('Cold storage for the West: 23 warehouses & counting.');
    expect(await site.locator('a[href^="https://cascade-cold.example"]').count()).toBe(0);

    // Reviewed: the link no longer works.
    await company.goto(link);
    await company.getByRole('heading', { name: 'Update link not valid' }).waitFor();

    const [outcome] = (await stack.smtp.waitFor(2)).slice(1);
    expect(outcome!.parsed.text).toContain('Not published: Website.');

    // A revoked link and an expired one do not work either.
    const revoked = await sendLink(staff, 'revoked@cascade.example', 3);
    // Scoped to the new request's row: the reviewed request above already reads "No active link".
    const revokedRow = staff.getByRole('table', { name: 'Company updates' }).getByRole('row').filter({ hasText: 'revoked@cascade.example' });
    await revokedRow.getByRole('button', { name: 'Revoke link' }).click();
    await revokedRow.getByText('No active link').waitFor();
    await company.goto(revoked);
    await company.getByRole('heading', { name: 'Update link not valid' }).waitFor();
    const expiring = await sendLink(staff, 'expired@cascade.example', 4);
    await company.goto(expiring);
    await company.getByRole('heading', { name: 'Update the Cascade Cold Storage profile' }).waitFor();
    await stack.store.run("update company_updates set token_expires_at = ? where contact_email = 'expired@cascade.example'", [Date.now() - 1000]);
    await company.goto(expiring);
    await company.getByRole('heading', { name: 'Update link not valid' }).waitFor();
    await context.close();
  }, 180_000);
});
