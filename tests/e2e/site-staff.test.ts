// The staff toolbar and signed draft previews in Debian's Chromium: an editor signed in to the
// admin opens an article on the public site from the editor ("View on site": a one-time pass to
// the site's host) and gets the toolbar with exactly the buttons an editor may use, each opening
// the admin in a new window; a reader and preview-mode=true get no toolbar; the editor's Preview
// button opens the stored draft rendered by the API.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { ensureSiteClientBuilt } from './helpers/build-site-client';
import { menuLink } from './helpers/menu';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';

const ARTICLE = 10100005; // published, ungated
const DRAFT = { id: 10100170, name: 'In Defense of the Spreadsheet' };

beforeAll(async () => { await ensureSiteClientBuilt(); }, 300_000);
const suite = useAdminSuite();

const toolbar = (page: Page) => page.getByRole('complementary', { name: 'Staff toolbar' });
/** Waits until the toolbar island has hydrated and asked the API (so "absent" means absent). */
async function settled(page: Page) {
  await page.locator('[data-island="staff-toolbar"][data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
}

async function openFromEditor(page: Page, button: string): Promise<Page> {
  await page.getByRole('button', { name: button }).waitFor();
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: button }).click()]);
  await popup.waitForURL(/freightwise\.localhost/);
  await popup.waitForLoadState('domcontentloaded');
  return popup;
}

describe('staff toolbar on the public site', () => {
  let site: Page;
  let articleUrl: string;

  beforeAll(async () => {
    const admin = await suite.signedIn(LOGINS.freightwiseEditor, `/admin/edit-content/${ARTICLE}`);
    site = await openFromEditor(admin, 'View on site');
    articleUrl = site.url();
  }, 60_000);

  it('shows an editor Edit Content only, opening the admin route in a new window', async () => {
    expect(new URL(articleUrl).pathname).toMatch(new RegExp(`/${ARTICLE}/`));
    await toolbar(site).waitFor();
    const links = toolbar(site).getByRole('link');
    expect(await links.allTextContents()).toEqual(['Edit Content']);
    const edit = toolbar(site).getByRole('link', { name: 'Edit Content' });
    expect(await edit.getAttribute('href')).toBe(suite.target.adminUrl(`/admin/edit-content/${ARTICLE}`));
    expect(await edit.getAttribute('target')).toBe('_blank');
    expect(await toolbar(site).getByRole('switch', { name: 'Bypass cache' }).getAttribute('aria-checked')).toBe('false');
    await screenshot(site, 'site-staff-toolbar');

    const [adminWindow] = await Promise.all([site.context().waitForEvent('page'), edit.click()]);
    await adminWindow.waitForURL(suite.target.adminUrl(`/admin/edit-content/${ARTICLE}`));
    await adminWindow.getByRole('button', { name: 'Save' }).waitFor();
    await adminWindow.close();
  });

  it('is not in the static HTML: only an empty root with the page ids', async () => {
    // The served file as it is (the in-page fetch resolves *.localhost like the browser does).
    const html = await site.evaluate(async (u) => (await fetch(u)).text(), articleUrl);
    expect(html).toMatch(new RegExp(`data-island="staff-toolbar" data-props="\\{&quot;contentId&quot;:${ARTICLE},`));
    expect(html).not.toContain('Edit Content');
  });

  it('on a section page offers an editor no Edit Section or Configure layout', async () => {
    const sectionLink = site.locator('nav[aria-label="Breadcrumb"] a, .breadcrumbs a').nth(1);
    const href = await sectionLink.getAttribute('href');
    expect(href).toBeTruthy();
    await site.goto(new URL(href!, articleUrl).href);
    await settled(site);
    await toolbar(site).waitFor();
    expect(await toolbar(site).getByRole('link').count()).toBe(0);
  });

  it('is absent with preview-mode=true', async () => {
    await site.goto(`${articleUrl}?preview-mode=true`);
    await settled(site);
    expect(await toolbar(site).count()).toBe(0);
  });

  it('is absent for a reader', async () => {
    const reader = await suite.fresh();
    await reader.goto(articleUrl);
    await settled(reader);
    expect(await toolbar(reader).count()).toBe(0);
  });
});

describe('admin Preview', () => {
  it('opens the stored draft, rendered by the site components and served uncached', async () => {
    const admin = await suite.signedIn(LOGINS.freightwiseEditor, `/admin/edit-content/${DRAFT.id}`);
    const responses: { url: string; headers: Record<string, string> }[] = [];
    admin.context().on('response', (r) => { if (r.url().includes('/__preview/content/')) responses.push({ url: r.url(), headers: r.headers() }); });
    const preview = await openFromEditor(admin, 'Preview');
    await preview.waitForURL(/\/__preview\/content\/10100170\?exp=\d+&sig=/);
    expect(await preview.getByRole('heading', { level: 1 }).textContent()).toBe(DRAFT.name);
    await preview.getByRole('status').filter({ hasText: 'Preview' }).waitFor();
    expect(responses[0]?.headers['cache-control']).toBe('no-store');
    expect(responses[0]?.headers['x-robots-tag']).toContain('noindex');
    await screenshot(preview, 'site-draft-preview');

    // A tampered link is refused.
    const tampered = preview.url().replace(/sig=([A-Za-z0-9_-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    const res = await preview.goto(tampered);
    expect(res?.status()).toBe(403);
  });
});

describe('admin build updates', () => {
  it('publishes its build id, and a newer build turns the next navigation into a full load', async () => {
    const admin = await suite.fresh();
    let served = '';
    await admin.route('**/admin/builds/latest.json*', async (route) => {
      const res = await route.fetch();
      served = await res.text();
      await route.fulfill({ response: res, body: JSON.stringify({ id: 'a-newer-build', timestamp: Date.now() }) });
    });
    await signInThere(admin);
    // The admin has read the manifest (fetched 1 s after start) and knows of the newer build.
    await admin.locator('html[data-build-stale]').waitFor({ state: 'attached' });
    expect(JSON.parse(served)).toMatchObject({ id: expect.any(String) });
    await admin.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
    await (await menuLink(admin, 'Layouts')).click();
    await admin.waitForURL(/\/admin\/layouts$/);
    await admin.waitForLoadState('load');
    expect(await admin.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  });
});

async function signInThere(page: Page) {
  await page.goto(suite.target.adminUrl('/admin/login'));
  await page.getByLabel('Username').fill(LOGINS.freightwiseEditor.username);
  await page.getByLabel('Password').fill(LOGINS.freightwiseEditor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('banner').getByRole('button', { name: /Hide menu|Show menu/ }).waitFor();
}
