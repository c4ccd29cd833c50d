// Issue 35 in a real browser, at 1366 px and 390 px: the dashboard's figures, the folded menu, the
// Tools page and the content list with human type names and the Scheduled state; no console error
// and no serious or critical axe violation on each; screenshots under tests/e2e/screenshots/.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, axeViolations } from './helpers/browser';
import { mainMenu, openMenuSections, topLevelEntries } from './helpers/menu';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';

const suite = useAdminSuite();
const WIDTHS = [{ name: 'desktop', width: 1366, height: 900 }, { name: 'phone', width: 390, height: 844 }] as const;

/** Signs in at a width and records console errors from then on. */
async function open(login: { username: string; password: string }, path: string, size: { width: number; height: number }) {
  const page = await suite.signedIn(login, '/admin', size);
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  if (path !== '/admin') await page.goto(suite.target.adminUrl(path));
  return { page, errors };
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('dashboard with numbers (issue 35)', () => {
  for (const size of WIDTHS) {
    it(`shows readers, scheduled and drafts, top stories and build health to an admin at ${size.width} px`, async () => {
      const { page, errors } = await open(LOGINS.admin, '/admin', size);
      const figures = page.getByRole('list', { name: 'At a glance' });
      await figures.waitFor();
      expect(await figures.locator('.report-figure-label').allTextContents()).toEqual(['Readers today', 'Readers, last 7 days', 'Scheduled', 'Drafts']);
      for (const v of await figures.locator('.report-figure-value').allTextContents()) expect(v).toMatch(/^[\d,]+$/);
      await page.getByRole('region', { name: 'Top stories, last 7 days' }).waitFor();
      await page.getByRole('region', { name: 'Your site' }).locator('.dash-build .badge').waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `finish-dashboard-${size.name}`, true);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it('shows an editor no server warning', async () => {
    const { page, errors } = await open(LOGINS.freightwiseEditor, '/admin', WIDTHS[0]);
    await page.getByRole('list', { name: 'At a glance' }).waitFor();
    await page.getByRole('region', { name: 'Your site' }).locator('.dash-build .badge').waitFor();
    expect(await page.getByText('The server needs your attention').count()).toBe(0);
    expect(await page.locator('.dash-warnings').count()).toBe(0);
    await screenshot(page, 'finish-dashboard-editor');
    expect(errors).toEqual([]);
  });
});

describe('menu and Tools page (issue 35)', () => {
  for (const size of WIDTHS) {
    it(`the menu has at most 12 top-level entries and the Tools page lists the one-off screens, at ${size.width} px`, async () => {
      const { page, errors } = await open(LOGINS.admin, '/admin/tools', size);
      await page.getByRole('heading', { name: 'Tools', level: 1 }).waitFor();
      const tools = page.locator('.tool-list .tool strong');
      expect(await tools.allTextContents()).toEqual(['Migrate site settings', 'Brand copy', 'Migrate site users', 'Layout schedule options', 'Theme test', 'Theme test: forms']);
      expect(await page.locator('.tool-list .tool .muted').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^Imports site users from a CSV file/)]));
      await page.waitForLoadState('networkidle');
      await screenshot(page, `finish-tools-${size.name}`, true);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      if (size.width < 1024) await page.getByRole('button', { name: 'Show menu' }).click();
      const top = await topLevelEntries(page);
      expect(top.length).toBeLessThanOrEqual(12);
      expect(top).toEqual(['Dashboard', 'Content', 'Media library', 'People', 'Members', 'Newsletters', 'Advertising', 'Analytics', 'Reports', 'Magazine', 'Site and settings', 'Tools']);
      // The section holding the current screen is open; the others are folded.
      expect(await mainMenu(page).getByRole('button', { name: 'Tools' }).getAttribute('aria-expanded')).toBe('true');
      expect(await mainMenu(page).getByRole('link', { name: 'All tools' }).getAttribute('aria-current')).toBe('page');
      expect(await mainMenu(page).getByRole('button', { name: 'Content' }).getAttribute('aria-expanded')).toBe('false');
      await screenshot(page, `finish-menu-${size.name}`);
      await openMenuSections(page);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it('the retired site settings address leads to the one site settings screen', async () => {
    const { page } = await open(LOGINS.admin, '/admin/site-settings-new', WIDTHS[0]);
    await page.waitForURL((u) => u.pathname === '/admin/edit-site-settings');
    await page.getByRole('heading', { name: 'Site settings', level: 1 }).waitFor();
  });
});

describe('content states and type names (issue 35)', () => {
  for (const size of WIDTHS) {
    it(`the content list names types for people and shows future-dated items as Scheduled, at ${size.width} px`, async () => {
      const { page, errors } = await open(LOGINS.admin, '/admin/content', size);
      await page.locator('.cell-title a').first().waitFor();
      const types = await page.locator('td .type-tag').allTextContents();
      expect(types.length).toBeGreaterThan(0);
      for (const t of types) expect(t).not.toMatch(/[a-z][A-Z]/);
      const options = await page.getByLabel('Type').locator('option').allTextContents();
      expect(options).toEqual(expect.arrayContaining(['Press release', 'Media gallery']));
      // A Scheduled row goes live ahead of now; a Published row went live before (the list's Published column).
      const rows = await page.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
        state: tr.querySelector('.badge')?.textContent ?? '', when: tr.querySelector('.status-when')?.textContent ?? '', published: tr.children[4]?.textContent ?? '',
      })));
      const at = (text: string) => Date.parse(text.replace(/\./g, '').replace('Sept', 'Sep'));
      for (const r of rows.filter((x) => x.state === 'Scheduled')) expect(at(r.when), r.when).toBeGreaterThan(Date.now());
      for (const r of rows.filter((x) => x.state === 'Published' && x.published !== '—')) expect(at(r.published), r.published).toBeLessThanOrEqual(Date.now());
      await page.waitForLoadState('networkidle');
      await screenshot(page, `finish-content-list-${size.name}`, true);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
