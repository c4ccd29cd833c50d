// The metered paywall and registration, end to end in Debian's Chromium: an anonymous reader of
// the FreightWise demo (3 free articles per 30 days) reads three metered articles, hits the meter
// wall on the fourth, registers from the wall, follows the link the real in-process SMTP server
// received, completes registration with the membership's required fields, lands back on the
// article, and then reads a registration-gated whitepaper. Bodies come from the API (the static
// pages carry only teasers).
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { runBuild } from '../../engine/build/index';
import { createMailer, type Mailer } from '../../engine/mail';
import { startTestSmtpServer, type TestSmtpServer } from '../../engine/mail/testing';
import { registerApi } from '../../api/app';
import { createSiteServer } from '../../cli/serve/site-server';
import { ROOT } from './helpers/build-admin';
import { ensureSiteClientBuilt } from './helpers/build-site-client';
import { launchBrowser, newPage, screenshot } from './helpers/browser';

interface Item { id: number; type: string; name: string; body: string; membershipIds?: number[]; userRegistrationRequired?: boolean }
const DEMO = join(ROOT, 'fixtures', 'demo');
const content: Item[] = ['articles', 'other'].flatMap((f) => JSON.parse(readFileSync(join(DEMO, 'tenants/freightwise/content', `${f}.json`), 'utf8')) as Item[]);
const METERED = content.filter((i) => i.type === 'Article' && !i.membershipIds?.length && !i.userRegistrationRequired).slice(0, 4);
const WHITEPAPER = content.find((i) => i.id === 10100026)!;
const firstWords = (i: Item) => i.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().split(' ').slice(0, 8).join(' ');

let store: Store;
let smtp: TestSmtpServer;
let mailer: Mailer;
let app: ReturnType<typeof createSiteServer>;
let browser: Browser;
let port = 0;
let outDir: string;

/** The site path of an item's page in the build output. */
function pathOf(id: number): string {
  const walk = (dir: string): string | null => {
    for (const n of readdirSync(dir)) {
      const p = join(dir, n);
      if (!statSync(p).isDirectory()) continue;
      if (n === String(id)) {
        const inner = readdirSync(p).find((x) => statSync(join(p, x)).isDirectory());
        return inner ? `/${relative(join(outDir, 'freightwise'), join(p, inner))}` : `/${relative(join(outDir, 'freightwise'), p)}`;
      }
      if (n === 'print' || n === 'assets' || n === '__rss') continue;
      const found = walk(p);
      if (found) return found;
    }
    return null;
  };
  const found = walk(join(outDir, 'freightwise'));
  if (!found) throw new Error(`no page for ${id}`);
  return found;
}
const url = (path: string) => `http://freightwise.localhost:${port}${path}`;

beforeAll(async () => {
  await ensureSiteClientBuilt();
  smtp = await startTestSmtpServer();
  mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: 'FreightWise <members@freightwise.localhost>' });
  const dir = mkdtempSync(join(tmpdir(), 'masthead-members-e2e-'));
  store = await openStore({ path: join(dir, 'db.sqlite') });
  await seedFixtures(store, DEMO);
  outDir = join(dir, 'out');
  app = createSiteServer({ outDir });
  const origin = () => `http://{key}.localhost:${port}`;
  await registerApi(app, { store, cacheTtlMs: 0, members: { mailer, siteUrl: (t) => `http://${t.tenantKey}.localhost:${port}` } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  await runBuild(store, { outDir, originTemplate: origin(), tenants: ['freightwise'], workers: 1 });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await store?.close();
  await mailer?.close();
  await smtp?.close();
}, 60_000);

async function openArticle(page: Page, item: Item) {
  await page.goto(url(pathOf(item.id)));
  await page.locator('[data-island="gate"][data-hydrated="true"]').waitFor();
}

describe('metered paywall and registration in Chromium', () => {
  it('meters the free articles, walls the next, registers by mail and then opens gated content', async () => {
    expect(METERED).toHaveLength(4);
    const page = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // The choose page lists the active memberships from the build, enriched by the API.
    await page.goto(url('/membership/choose'));
    await page.locator('[data-island="membership-choose"][data-hydrated="true"]').waitFor();
    await page.locator('.membership-price', { hasText: 'Paid membership' }).waitFor();
    expect(await page.locator('.membership-card h2').allInnerTexts()).toEqual(['FreightWise Insider', 'FreightWise Pro']);
    await screenshot(page, 'site-members-choose');

    // The registration-gated whitepaper is walled for an anonymous reader and uses no free view.
    await openArticle(page, WHITEPAPER);
    await page.getByText('Register for free to read this content.').waitFor();
    expect(await page.locator('.gate-body').count()).toBe(0);

    // Three free articles: each body arrives from the API with the meter bar.
    for (const [n, item] of METERED.slice(0, 3).entries()) {
      await openArticle(page, item);
      await page.locator('.gate-body').waitFor();
      expect(await page.locator('.gate-body').innerText()).toContain(firstWords(item));
      expect(await page.locator('.meter-bar').innerText()).toBe(`You have ${2 - n} of 3 free articles left. Join FreightWise Insider for free to keep reading.`);
    }
    await page.locator('.meter-bar').scrollIntoViewIfNeeded();
    await screenshot(page, 'site-members-metered');

    // The fourth: the meter wall, no body.
    const wallArticle = METERED[3]!;
    await openArticle(page, wallArticle);
    await page.getByText('You have reached your free article limit.').waitFor();
    expect(await page.locator('.gate-wall .meter-text').innerText()).toBe('You have 0 of 3 free articles left. Join FreightWise Insider for free to keep reading.');
    expect(await page.locator('.gate-body').count()).toBe(0);
    expect(await page.content()).not.toContain(firstWords(wallArticle));
    await page.locator('.gate-wall').scrollIntoViewIfNeeded();
    await screenshot(page, 'site-members-wall');

    // Register from the wall; the link arrives by SMTP.
    await page.locator('.gate-wall').getByLabel('Email Address').fill('reader@example.com');
    await page.locator('.gate-wall').getByRole('button', { name: 'Register' }).click();
    await page.getByText('Check your email: we sent you a link to complete your registration.').waitFor();
    const [mail] = await smtp.waitFor(1, 20_000);
    expect(mail!.envelope.to).toEqual(['reader@example.com']);
    const link = /https?:\/\/[^\s"<>]+\/membership\/signup\/[^\s"<>]+/.exec(mail!.parsed.text)?.[0];
    expect(link).toBeDefined();
    const linkUrl = new URL(link!);
    expect(linkUrl.pathname).toBe('/membership/signup/insider');
    expect(linkUrl.searchParams.get('redirectTo')).toBe(pathOf(wallArticle.id));

    // Complete registration with the membership's required fields.
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Please complete your registration' }).waitFor();
    await page.getByRole('button', { name: 'Complete registration' }).click();
    expect(await page.getByText('Field is required').count()).toBeGreaterThanOrEqual(4);
    await page.getByLabel(/^Password/).fill('reader secret 9');
    await page.getByLabel(/First Name/).fill('Rita');
    await page.getByLabel(/Last Name/).fill('Reader');
    await page.getByLabel(/^Company/).fill('Reader Freight');
    await page.getByLabel(/^Country/).selectOption('USA');
    await page.getByLabel('State').selectOption('IL');
    await screenshot(page, 'site-members-complete');
    await page.getByRole('button', { name: 'Complete registration' }).click();

    // Back on the walled article, signed in: the body shows and no meter applies.
    await page.waitForURL(url(pathOf(wallArticle.id)));
    await page.locator('[data-island="gate"] .gate-body').waitFor();
    expect(await page.locator('.gate-body').innerText()).toContain(firstWords(wallArticle));
    expect(await page.locator('.meter-bar').count()).toBe(0);
    await page.locator('.account-toggle').filter({ hasText: 'Rita Reader' }).waitFor();

    // The registration-gated whitepaper now opens.
    await openArticle(page, WHITEPAPER);
    await page.locator('.gate-body').waitFor();
    expect(await page.locator('.gate-body').innerText()).toContain(firstWords(WHITEPAPER));
    await page.locator('.gate-body').scrollIntoViewIfNeeded();
    await screenshot(page, 'site-members-gated-open');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.account-toggle').click();
    await page.getByRole('link', { name: 'Newsletters' }).waitFor();
    await screenshot(page, 'site-members-account-menu');

    // The account page: the three sections, the profile from registration.
    await page.getByRole('link', { name: 'My Profile' }).click();
    await page.locator('#update-profile').waitFor();
    expect(await page.getByLabel('Company').inputValue()).toBe('Reader Freight');
    expect(await page.locator('.account-sections > section').evaluateAll((s) => s.map((x) => x.id))).toEqual(['update-profile', 'manage-favorites', 'manage-newsletters']);
    await screenshot(page, 'site-members-account', true);
    expect(errors).toEqual([]);
  }, 120_000);
});
