// Contributor contract end to end through the wiring `masthead serve` runs (cli/serve/app.ts): staff
// create a contract in the admin, the contributor's link arrives by e-mail (in-process SMTP), opens
// /contract/:id on the site's host without a session, is approved by typing the name; the admin
// list then reads "<name> Approved <date>" and the link shows the locked copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import type { Browser } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { createMastheadServer } from '../../cli/serve/app';
import { contractDate } from '../../engine/domain/company';
import { seedFixtures } from '../../engine/fixtures/seed';
import { createMailer, type Mailer } from '../../engine/mail';
import { startTestSmtpServer, type TestSmtpServer } from '../../engine/mail/testing';
import { openStore, type Store } from '../../engine/store/connection';
import { launchBrowser, newPage, screenshot, signIn } from './helpers/browser';
import { ADMIN_DIST, ROOT, ensureAdminBuilt } from './helpers/build-admin';
import { LOGINS } from './helpers/target';

let smtp: TestSmtpServer;
let mailer: Mailer;
let store: Store;
let app: FastifyInstance;
let browser: Browser;
let admin: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

beforeAll(async () => {
  await ensureAdminBuilt();
  smtp = await startTestSmtpServer();
  mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: 'Masthead <desk@masthead.localhost>' });
  const dir = mkdtempSync(join(tmpdir(), 'masthead-e2e-contract-'));
  store = await openStore({ path: join(dir, 'db.sqlite') });
  await seedFixtures(store, join(ROOT, 'fixtures', 'demo'));
  const port = await freePort();
  admin = `http://localhost:${port}/admin`;
  app = await createMastheadServer({
    outDir: join(dir, 'out'), store, adminDir: ADMIN_DIST, mode: 'production',
    rebuilder: { request: async () => undefined, start: async () => undefined, idle: async () => undefined, close: async () => undefined },
    originTemplate: `http://{key}.localhost:${port}`,
    mail: { mailer, unsubscribeSecret: 'e2e-unsubscribe-secret-0123456789' },
    adminUrl: admin,
  });
  await app.listen({ port, host: '127.0.0.1' });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await store?.close();
  await mailer?.close();
  await smtp?.close();
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

    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(['robin@example.com']);
    const link = load(String(mail!.parsed.html))('a').attr('href')!;
    expect(new URL(link).pathname).toMatch(/^\/contract\/\d+$/);

    // The toolbar's internal news flyout: unread count, the alert, the detail view marks it read.
    await store.run("insert into aspire_news (title, description, date, status, alert) values ('Press day', '<p>Office <strong>closed</strong> Friday.</p>', ?, 1, 1)", [Date.now() - 3_600_000]);
    await staff.reload();
    const bell = staff.getByRole('button', { name: 'Internal news, 1 unread' });
    await bell.click();
    const flyout = staff.getByRole('dialog', { name: 'Internal news' });
    await flyout.getByRole('region', { name: 'Alerts' }).getByRole('button', { name: /Press day/ }).click();
    expect(await flyout.locator('.news-body strong').innerText()).toBe('closed');
    await staff.getByRole('button', { name: 'Internal news, 0 unread' }).waitFor();
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

    const copies = await smtp.waitFor(2);
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
