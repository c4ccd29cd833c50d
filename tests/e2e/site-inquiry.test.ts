// The inquiry form (RMI), end to end in Debian's Chromium: a tenant with RMI on and an article
// layout that places the form; the reader fills it in (the form first refuses to send without
// consent), sends it, sees the thank-you, and the e-mail arrives at the real in-process SMTP
// server addressed to the RMI contact with Reply-To the reader; the inquiry is stored.
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { INQUIRY_TEXTS } from '../../engine/domain/inquiry';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { inquiriesOf } from '../../engine/store/queries/inquiries';
import { runBuild } from '../../engine/build/index';
import { createMailer, type Mailer } from '../../engine/mail';
import { startTestSmtpServer, type TestSmtpServer } from '../../engine/mail/testing';
import { registerApi } from '../../api/app';
import { createSiteServer } from '../../cli/serve/site-server';
import { tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { ensureSiteClientBuilt } from './helpers/build-site-client';
import { launchBrowser, newPage, screenshot } from './helpers/browser';

const CONTACT = 'sales@acme.example';
const ARTICLE = 10010002;

let store: Store;
let smtp: TestSmtpServer;
let mailer: Mailer;
let app: ReturnType<typeof createSiteServer>;
let browser: Browser;
let port = 0;
let outDir: string;

function fixtures(): string {
  const t = tenantFixture('acme', 100);
  (t.tenant.settings as Record<string, unknown>).rmi = { enabled: true, contactEmail: CONTACT };
  (t.layouts as unknown[]).push({
    id: 171, name: 'Article with inquiry form', type: 'content', contentTypes: ['Article'],
    primaryGrid: { rows: [{ settings: { layout: '1' }, columns: [{ blocks: [
      { id: 'body', type: 'content_body' },
      { id: 'rmi', type: 'inquiry_form', settings: { title: 'Ask our team' }, data: { buttonLabel: 'Send my question' } },
    ] }] }] },
  });
  return writeFixtureSet([t]);
}

/** The site path of an item's page in the build output. */
function pathOf(id: number): string {
  const walk = (dir: string): string | null => {
    for (const n of readdirSync(dir)) {
      const p = join(dir, n);
      if (!statSync(p).isDirectory()) continue;
      if (n === String(id)) {
        const inner = readdirSync(p).find((x) => statSync(join(p, x)).isDirectory());
        return `/${relative(join(outDir, 'acme'), inner ? join(p, inner) : p)}`;
      }
      if (n === 'assets' || n === '__rss') continue;
      const found = walk(p);
      if (found) return found;
    }
    return null;
  };
  const found = walk(join(outDir, 'acme'));
  if (!found) throw new Error(`no page for ${id}`);
  return found;
}

beforeAll(async () => {
  await ensureSiteClientBuilt();
  smtp = await startTestSmtpServer();
  mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: 'Acme <site@acme.localhost>' });
  const dir = mkdtempSync(join(tmpdir(), 'masthead-inquiry-e2e-'));
  store = await openStore({ path: join(dir, 'db.sqlite') });
  await seedFixtures(store, fixtures());
  outDir = join(dir, 'out');
  app = createSiteServer({ outDir });
  await registerApi(app, { store, cacheTtlMs: 0, members: { mailer } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  await runBuild(store, { outDir, originTemplate: `http://{key}.localhost:${port}`, tenants: ['acme'], workers: 1 });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await store?.close();
  await mailer?.close();
  await smtp?.close();
}, 60_000);

describe('inquiry form in Chromium', () => {
  it('sends an inquiry that arrives by SMTP at the RMI contact and is stored', async () => {
    const page = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://acme.localhost:${port}${pathOf(ARTICLE)}`);
    const form = page.locator('[data-island="inquiry-form"][data-hydrated="true"]');
    await form.waitFor();
    await page.getByRole('heading', { name: 'Ask our team' }).waitFor();

    await form.getByLabel(INQUIRY_TEXTS.nameLabel, { exact: true }).fill('Ada Reader');
    await form.getByLabel(INQUIRY_TEXTS.emailLabel, { exact: true }).fill('ada@example.com');
    await form.getByLabel(INQUIRY_TEXTS.companyLabel, { exact: true }).fill('Reader Freight');
    await form.getByLabel(INQUIRY_TEXTS.messageLabel, { exact: true }).fill('Do you ship reefers to Norway?');
    // Without consent nothing is sent and the box says why, with focus on it.
    await form.getByRole('button', { name: 'Send my question' }).click();
    await form.getByText(INQUIRY_TEXTS.consentRequired).waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('consent');
    expect(smtp.messages).toHaveLength(0);

    await form.getByLabel(INQUIRY_TEXTS.consentText).check();
    await form.getByRole('button', { name: 'Send my question' }).click();
    await form.getByRole('status').filter({ hasText: INQUIRY_TEXTS.success }).waitFor();
    await screenshot(page, 'site-inquiry-sent');

    const [mail] = await smtp.waitFor(1, 20_000);
    expect(mail!.envelope.to).toEqual([CONTACT]);
    expect(mail!.parsed.headers.get('reply-to')).toContain('ada@example.com');
    expect(mail!.parsed.subject).toBe('Inquiry from Ada Reader about Carriers adjust capacity on lane 2 (acme News)');
    expect(mail!.parsed.text).toContain('Do you ship reefers to Norway?');
    expect(mail!.parsed.text).toContain('Company: Reader Freight');
    expect(await inquiriesOf(store.db, 'acme')).toMatchObject([{ name: 'Ada Reader', email: 'ada@example.com', contentId: ARTICLE, consentText: INQUIRY_TEXTS.consentText }]);
    expect(errors).toEqual([]);
  }, 120_000);
});
