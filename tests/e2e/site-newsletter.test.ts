// Newsletters on the public site in Debian's Chromium (public §2 "Footer", "Subscribe pane", §5,
// §8; admin §2.1): an anonymous reader opens the subscribe pane from the footer, meets the spec's
// validation messages, subscribes with a US state, sees the success text, and the subscription is
// in the store; Escape closes the pane; /newsletter/<id> and /latest-newsletter/<templateId> serve
// the campaign's email. Runs the demo tenant freightwise with the site client bundle.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApi } from '../../api/app';
import { createSiteServer } from '../../cli/serve/site-server';
import { runBuild } from '../../engine/build/index';
import { SUBSCRIBE_TEXTS } from '../../engine/domain/newsletter-subscribe';
import { seedFixtures } from '../../engine/fixtures/seed';
import { localAudienceProvider } from '../../engine/newsletter/audience';
import { listNewsletterCampaigns } from '../../engine/store/queries/newsletters';
import { openStore, type Store } from '../../engine/store/connection';
import { ROOT } from './helpers/build-admin';
import { launchBrowser, newPage, injectAxe, screenshot } from './helpers/browser';
import { ensureSiteClientBuilt } from './helpers/build-site-client';

const TENANT = 'freightwise';
const DAILY = 6101;
const WEEKLY = 6102;
let store: Store;
let app: FastifyInstance;
let browser: Browser;
let port = 0;
let demo: { templateId: number; campaignIds: { sent: number; draft: number } };
const url = (path: string) => `http://${TENANT}.localhost:${port}${path}`;

beforeAll(async () => {
  await ensureSiteClientBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'masthead-e2e-nl-'));
  store = await openStore({ path: join(dir, 'db.sqlite') });
  await seedFixtures(store, join(ROOT, 'fixtures', 'demo'));
  // The demo set's own newsletter records: one template with a Sent and a Draft campaign.
  const { rows } = await listNewsletterCampaigns(store.db, { tenantKey: TENANT, limit: 10, skip: 0 });
  const sent = rows.find((c) => c.audienceStatus === 'Sent')!;
  demo = { templateId: sent.templateId, campaignIds: { sent: sent.id, draft: rows.find((c) => c.audienceStatus === 'Draft')!.id } };
  const outDir = join(dir, 'out');
  app = createSiteServer({ outDir });
  await registerApi(app, { store, onChange: () => undefined, cacheTtlMs: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  await runBuild(store, { outDir, tenants: [TENANT], originTemplate: `http://{key}.localhost:${port}`, workers: 1 });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await store?.close();
}, 60_000);

/** Serious or critical axe-core violations (WCAG 2 A and AA) inside `selector`. */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(sel, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  }, selector);
}

/** Script errors of the page (hydration included). */
function scriptErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text()); });
  return errors;
}

async function openPane(page: Page) {
  const scripts: Promise<string>[] = [];
  page.on('response', (r) => { if (r.url().endsWith('.js')) scripts.push(r.text().catch(() => '')); });
  await page.goto(url('/freight'));
  await page.locator('[data-island="subscribe-pane"][data-hydrated="true"]').waitFor();
  // FreightWise asks for consent first (fixtures/demo): the reader answers the banner, as a reader does.
  await page.getByRole('dialog', { name: 'Your privacy choices' }).getByRole('button', { name: 'Reject all' }).click();
  // The form and its country list load only when a reader reaches for the button (every page has the footer).
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(1);
  expect(loaded.filter((js) => js.includes('Afghanistan') || js.includes(SUBSCRIBE_TEXTS.emailPlaceholder))).toEqual([]);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Sign Up' }).click();
  const pane = page.getByRole('dialog', { name: SUBSCRIBE_TEXTS.paneTitle });
  await pane.waitFor();
  return pane;
}

describe('subscribe pane in the browser', () => {
  it('subscribes an anonymous reader from the footer pane, with the spec messages on the way', async () => {
    const page = await newPage(browser);
    const errors = scriptErrors(page);
    const pane = await openPane(page);
    await pane.getByRole('button', { name: 'Sign Up' }).click();
    await expect(pane.getByRole('alert').textContent()).resolves.toBe('Please select a newsletter before continuing');

    await pane.getByRole('checkbox', { name: /FreightWise Daily/ }).check();
    await pane.getByLabel('Email Address').fill('e2e.reader@example.com');
    await pane.getByLabel('Country').selectOption('USA');
    await pane.getByRole('button', { name: 'Sign Up' }).click();
    await expect(pane.getByRole('alert').textContent()).resolves.toBe('Please correct issues with this form');
    expect(await pane.locator('#subscribe-pane-regionCode-error').textContent()).toBe('Field is required');
    // The form moves the focus in an effect, which preact runs after the next frame.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 2000 }).toBe('subscribe-pane-regionCode');
    await screenshot(page, 'site-newsletter-pane-errors');
    expect(await axeViolations(page, '.subscribe-pane')).toEqual([]);

    await pane.getByLabel('State').selectOption('IL');
    await pane.getByRole('button', { name: 'Sign Up' }).click();
    const ok = pane.getByRole('status');
    await ok.waitFor();
    expect(await ok.textContent()).toBe("You're all done! You will now receive updates from the newsletter(s) you selected.");
    expect(await pane.getByRole('checkbox', { name: /FreightWise Daily/ }).count()).toBe(0);
    await screenshot(page, 'site-newsletter-pane-success');

    const ids = await localAudienceProvider(store).subscribedNewsletterIds(TENANT, 'e2e.reader@example.com');
    expect(ids).toEqual([DAILY]);

    await page.keyboard.press('Escape');
    await pane.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-island="subscribe-pane"]') !== null && document.activeElement?.textContent), { timeout: 2000 }).toBe('Sign Up');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('subscribes from the subscribe block on the home page (Canada: Province and the compliance box)', async () => {
    const page = await newPage(browser);
    const errors = scriptErrors(page);
    await page.goto(url('/'));
    const block = page.locator('[data-island="subscribe-block"][data-hydrated="true"]').first();
    await block.waitFor();
    await block.getByRole('checkbox', { name: /The Weekly Manifest/ }).check();
    await block.getByLabel('Email Address').fill('block.reader@example.ca');
    await block.getByLabel('Country').selectOption('CAN');
    await block.getByLabel('Province').selectOption('QC');
    await block.getByRole('button', { name: 'Sign Up' }).click();
    await expect(block.getByRole('alert').textContent()).resolves.toBe('Please correct issues with this form');
    await block.getByRole('checkbox', { name: SUBSCRIBE_TEXTS.complianceText }).check();
    await block.getByRole('button', { name: 'Sign Up' }).click();
    await block.getByRole('status').waitFor();
    expect(await block.getByRole('status').textContent()).toBe(SUBSCRIBE_TEXTS.success);
    await block.scrollIntoViewIfNeeded();
    await screenshot(page, 'site-newsletter-block-success');
    expect(await localAudienceProvider(store).subscribedNewsletterIds(TENANT, 'block.reader@example.ca')).toEqual([WEEKLY]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('serves the newsletter pages of the build as the campaign email', async () => {
    const page = await newPage(browser);
    const res = await page.goto(url(`/newsletter/${demo.campaignIds.sent}`));
    expect(res?.status()).toBe(200);
    expect(await page.locator('.nl-block-content_list').count()).toBeGreaterThan(0);
    const title = await page.title();
    const latest = await page.goto(url(`/latest-newsletter/${demo.templateId}`));
    expect(latest?.status()).toBe(200);
    expect(await page.title()).toBe(title);
    await screenshot(page, 'site-newsletter-latest', true);
    expect((await page.goto(url(`/newsletter/${demo.campaignIds.draft}`)))?.status()).toBe(404);
    await page.context().close();
  }, 60_000);
});
