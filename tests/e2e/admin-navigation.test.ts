// What each user sees (admin §6), tenant switching, the Ctrl/Cmd+K quick menu (admin §2.3) and the
// shared validation messages (admin §5), in a real browser.
import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';
import { menuLabels, quickScreens, topLevelEntries } from './helpers/menu';

const suite = useAdminSuite();


describe('permissions and tenants', () => {
  it('a site-scoped editor sees neither other tenants nor menu entries outside their permissions', async () => {
    const page = await suite.signedIn(LOGINS.freightwiseEditor, '/admin/content');
    await page.getByRole('heading', { name: 'Content', level: 1 }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Site' }).count()).toBe(0);
    expect(await page.locator('.tenant').textContent()).toContain('FreightWise');
    expect(await topLevelEntries(page)).toEqual(['Dashboard', 'Content', 'Media library', 'People', 'Analytics', 'Reports', 'Print exports', 'Site and settings', 'Tools']);
    // FreightWise has the company-updates module on (fixtures/demo), so its editors see the screen.
    expect(await menuLabels(page)).toEqual(['Dashboard', 'All content', 'Content research', 'Assistant', 'Syndication', 'Taxonomy', 'Company updates', 'Media library', 'People',
      'Content views', 'Top content by publication date', 'Content favourites', 'Registrations', 'Incomplete registrations', 'Logins',
      'Newsletter subscriptions', 'Menu link clicks', 'Media gallery views', 'Company engagement', 'Site-license company page views', 'Site performance', 'Sponsored search logo clicks',
      'Recommendations', 'Recommendation page views', 'Recommendation clients',
      'Content detail', 'Content velocity', 'Content length', 'Editorial tracking', 'RMI inquiries', 'Layout block usage', 'Company export',
      'Layout block option usage', 'Newsletter block analysis', 'Layout analysis', 'Taxonomy export', 'Page speed', 'Print exports', 'Website sections', 'Layouts', 'All tools', 'History']);
    await page.keyboard.press('Control+k');
    expect(await quickScreens(page, 'users')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(suite.target.adminUrl('/admin/cms-users'));
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    const sites = await page.evaluate(async () => {
      const token = document.cookie.split('; ').find((c) => c.startsWith('masthead_cms_token='))?.split('=')[1] ?? '';
      const doc = await (await fetch('/graphql/query/getContentStream.gql?v=x')).text();
      const res = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeURIComponent(token)}`, 'x-tenant-key': 'plantpulse' }, body: JSON.stringify({ query: doc, variables: { input: { status: 'any' } } }) });
      return (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
    });
    expect(sites.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await screenshot(page, 'editor-no-access');
  });

  it('a global user switches tenant, and an open document is left rather than moved', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/content');
    const site = page.getByRole('combobox', { name: 'Site' });
    await site.waitFor();
    expect(await site.locator('option').allTextContents()).toEqual(['FreightWise', 'Plant Pulse', 'Shelfline']);
    await page.locator('.cell-title a').first().click();
    await page.waitForURL(/\/admin\/edit-content\/101\d{5}$/);
    await page.getByLabel(/^Title/).fill('Edited but never saved');
    page.once('dialog', (d) => void d.accept());
    await site.selectOption('plantpulse');
    await page.waitForURL((u) => u.pathname === '/admin/content');
    await page.locator('.cell-title a').first().waitFor();
    const ids = await page.locator('td.col-id').allTextContents();
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id.startsWith('102'))).toBe(true);
  });
});

describe('quick menu', () => {
  it('opens with Ctrl+K, filters as you type, opens with Enter and closes with Escape', async () => {
    const page = await suite.signedIn(LOGINS.admin);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Quick menu' });
    await dialog.waitFor();
    const width = (await dialog.boundingBox())?.width ?? 0;
    expect(width).toBeLessThanOrEqual(700);
    await page.keyboard.type('redir');
    expect(await dialog.getByRole('option').allTextContents()).toEqual([expect.stringContaining('Redirects'), expect.stringContaining('New redirect')]);
    await screenshot(page, 'quick-menu');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/admin/redirects');
    expect(await dialog.count()).toBe(0);
    await page.keyboard.press('Control+k');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/redirects');
  });

  it('finds content by title, people, sections and the settings by card name (issue 35)', async () => {
    const page = await suite.signedIn(LOGINS.admin);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Quick menu' });
    await quickScreens(page, 'diesel');
    const article = dialog.getByRole('option', { name: /Diesel Prices Dip/ });
    expect(await article.textContent()).toContain('Content');
    await screenshot(page, 'quick-menu-content-search');
    await article.click();
    await page.waitForURL(/\/admin\/edit-content\/\d{8}$/);
    await page.keyboard.press('Control+k');
    expect(await quickScreens(page, 'consent')).toEqual(['Consent and tracking settings']);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/admin/edit-site-settings' && u.hash === '#consent-and-tracking');
    await page.getByRole('region', { name: 'Consent and tracking' }).waitFor();
    expect(await page.getByRole('region', { name: 'Consent and tracking' }).evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
  });
});

describe('validation shared with the API', () => {
  it("an empty required field shows 'Field is required' and nothing is sent", async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/create-content/article');
    await page.getByLabel(/^Title/).fill('   ');
    let mutations = 0;
    page.on('request', (r) => { if (r.method() === 'POST' && /createContent/.test(r.postData() ?? '')) mutations++; });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const title = page.getByLabel(/^Title/);
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    const titleError = await title.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${titleError}"]`).textContent()).toBe('Field is required');
    const section = page.getByLabel(/^Primary section/);
    const sectionError = await section.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${sectionError}"]`).textContent()).toBe('Field is required');
    await screenshot(page, 'content-required');
    expect(mutations).toBe(0);
  });

  it('a required select offers no blank choice once it has a value', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/create-content/article');
    const section = page.getByLabel(/^Primary section/);
    expect(await section.locator('option[value=""]').getAttribute('disabled')).not.toBeNull();
    await section.selectOption({ index: 1 });
    expect(await section.locator('option[value=""]').count()).toBe(0);
    const status = page.getByLabel(/^Status/);
    expect(await status.locator('option').allTextContents()).toEqual(['Draft', 'Published', 'Deleted']);
  });

  it('the tag-manager id gets its suggested correction', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/edit-site-settings');
    const field = page.getByLabel('Tag manager id');
    await field.fill('gtm 12ab');
    await field.blur();
    await page.getByText('Must start with GTM- or G- followed by upper-case letters and digits').waitFor();
    await page.getByRole('button', { name: 'Use GTM-12AB' }).click();
    expect(await field.inputValue()).toBe('GTM-12AB');
    expect(await page.getByText('Must start with GTM-').count()).toBe(0);
  });
});
