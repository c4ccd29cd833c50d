// The editors of the site structure in a real browser: the layout editor (fields by type, the grid
// editor), sections with the alias rules, redirects with the path test, the body editor's clean
// HTML, an accessibility scan, and screenshots of the main screens at desktop and tablet widths.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, axeViolations } from './helpers/browser';
import { menuLink } from './helpers/menu';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';

const suite = useAdminSuite();

async function rows(page: Page): Promise<number> {
  return page.locator('.ge-row').count();
}

describe('layout editor', () => {
  it('shows the §3.1 fields by layout type', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/edit-web-layout/4105');
    await page.getByRole('heading', { name: 'Freight landing' }).waitFor();
    await page.getByLabel('Path 1').waitFor();
    expect(await page.getByLabel('Propagate to pages below these paths').count()).toBe(1);
    expect(await page.getByLabel(/^Module/).count()).toBe(0);
    await page.getByLabel(/^Type/).selectOption('module');
    await page.getByLabel(/^Module/).waitFor();
    expect(await page.getByLabel('Path 1').count()).toBe(0);
    expect(await page.getByText('Hide header').count()).toBe(0);
    await page.getByLabel(/^Type/).selectOption('content-type-override');
    await page.getByRole('group', { name: 'Applies to' }).waitFor();
    expect(await page.getByLabel('Gating requirements').count()).toBe(1);
  });

  it('adds, moves and removes rows and blocks, sets block settings, and saves the grid', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/edit-web-layout/4105');
    await page.getByRole('heading', { name: 'Freight landing' }).waitFor();
    const before = await rows(page);
    await page.getByLabel('New row layout').selectOption('1_1');
    await page.getByRole('button', { name: 'Add row' }).click();
    expect(await rows(page)).toBe(before + 1);
    const n = before + 1;
    await page.getByRole('button', { name: `Add block to row ${n}, column 1` }).click();
    await page.getByLabel('Block type').selectOption('content_list');
    await page.getByRole('button', { name: 'Content list settings' }).last().click();
    const dialog = page.getByRole('dialog', { name: 'Content list settings' });
    await dialog.getByLabel('Title', { exact: true }).fill('Rail briefing');
    await dialog.getByLabel('Number of items').fill('3');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Move Content list “Rail briefing” to the right column' }).click();
    expect(await page.getByRole('group', { name: `Row ${n}, column 2` }).getByText('Rail briefing').count()).toBe(1);
    await page.getByRole('button', { name: `Move row ${n} up` }).click();
    await screenshot(page, 'layout-grid-edited');
    await page.getByRole('button', { name: 'Remove row 1', exact: true }).click();
    expect(await rows(page)).toBe(before);

    const saved = page.waitForResponse((r) => /mutation\s+updateLayout/.test(r.request().postData() ?? ''));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const body = (await (await saved).json()) as { data?: { updateLayout: { primaryGrid: { rows: { columns: { blocks: { settings: { title?: string }; data: { limit?: number } }[] }[] }[] } } } };
    const grid = body.data?.updateLayout.primaryGrid;
    expect(grid?.rows).toHaveLength(before);
    const block = grid?.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks)).find((b) => b.settings.title === 'Rail briefing');
    expect(block?.data.limit).toBe(3);
    await page.reload();
    await page.getByText('Rail briefing').waitFor();
    expect(await rows(page)).toBe(before);
  });
});

describe('website sections', () => {
  it('requires an alias only when it is set manually, and nests under a parent', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/create-website-section');
    const name = `Short Sea ${Date.now().toString(36)}`;
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel('Parent').selectOption({ label: 'Ocean & Ports' });
    const system = page.getByLabel('System alias');
    expect(await system.inputValue()).toMatch(/^ocean-and-ports\/short-sea-/);
    await page.getByLabel('Set the alias manually').check();
    await page.getByRole('button', { name: 'Create section' }).click();
    const alias = page.getByLabel(/^Alias/);
    expect(await alias.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`[id="${await alias.getAttribute('aria-describedby')}"]`).textContent()).toBe('Field is required');
    const options = await page.getByLabel('Parent').locator('option').allTextContents();
    expect(options.some((o) => o.split(' › ').length >= 3)).toBe(false);
    await alias.fill(`ocean-and-ports/short-sea-${Date.now().toString(36)}`);
    const created = page.waitForResponse((r) => /mutation\s+createWebsiteSection/.test(r.request().postData() ?? ''));
    await page.getByRole('button', { name: 'Create section' }).click();
    const body = (await (await created).json()) as { data?: { createWebsiteSection: { id: number; depth: number; manualAlias: boolean } } };
    expect(body.data?.createWebsiteSection).toMatchObject({ depth: 2, manualAlias: true });
    await page.waitForURL((u) => u.pathname === `/admin/edit-website-section/${body.data?.createWebsiteSection.id}`);
    await page.locator('.tree').getByText(name).waitFor();
  });
});

describe('redirects', () => {
  it('creates a redirect, tests a path against it, and deletes it', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/redirects');
    const from = `/e2e-old-${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'New redirect' }).click();
    const dialog = page.getByRole('dialog', { name: 'New redirect' });
    await dialog.getByLabel(/^From/).fill('no-slash');
    await dialog.getByLabel(/^To/).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Create redirect' }).click();
    await dialog.getByText('Must be a path starting with /', { exact: true }).waitFor();
    await dialog.getByText(/^Must be a path starting with \/ or an http/).waitFor();
    await dialog.getByLabel(/^From/).fill(from);
    await dialog.getByLabel(/^To/).fill('/freight');
    await dialog.getByRole('button', { name: 'Create redirect' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: from, exact: true }).waitFor();
    await page.getByLabel('Test a path').fill(`${from}?utm_source=news`);
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    const result = page.getByRole('status').filter({ hasText: 'redirects to' });
    await result.waitFor();
    expect(await result.textContent()).toContain('/freight');
    await screenshot(page, 'redirects-tested');
    await page.getByRole('button', { name: `Delete redirect from ${from}` }).click();
    await page.getByRole('dialog', { name: 'Delete redirect?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('cell', { name: from, exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await page.getByText(`No redirect for ${from}`).waitFor();
  });
});

describe('body editor', () => {
  it('keeps pasted HTML clean: no scripts, handlers, styles or unsafe links', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/create-content/article');
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/html', '<div style="color:red" onclick="alert(1)"><b>Bold</b> and <i>it</i><script>alert(2)</script></div><h1>Top</h1><p><a href="javascript:alert(3)">bad</a> <a href="https://example.com/x" target="_blank">good</a></p><img src=x onerror=alert(4)>');
      document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.getByRole('button', { name: 'HTML', exact: true }).click();
    const html = await page.getByRole('textbox', { name: 'Body' }).inputValue();
    expect(html).not.toMatch(/script|onclick|onerror|style=|javascript:/i);
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<em>it</em>');
    expect(html).toContain('<h2>Top</h2>');
    expect(html).toContain('<a href="https://example.com/x" rel="noopener noreferrer">good</a>');
  });
});

describe('look and accessibility', () => {
  const SCREENS: [string, string, string][] = [
    ['/admin', 'dashboard', 'Good'],
    ['/admin/content', 'content-list', 'Content'],
    ['/admin/edit-content/10100184', 'content-edit', 'Warehouse'],
    ['/admin/website-sections', 'sections', 'Website sections'],
    ['/admin/edit-website-section/104', 'section-edit', 'Website sections'],
    ['/admin/layouts', 'layouts', 'Layouts'],
    ['/admin/edit-web-layout/4101', 'layout-edit', 'Home'],
    ['/admin/menus', 'menus', 'Menus'],
    ['/admin/redirects', 'redirects', 'Redirects'],
    ['/admin/edit-site-settings', 'site-settings', 'Site settings'],
    ['/admin/site-settings-new', 'site-settings-new', 'Site settings'],
    ['/admin/persons', 'persons', 'People'],
    ['/admin/taxonomy', 'taxonomy', 'Taxonomy'],
    ['/admin/contacts-settings', 'contacts-settings', 'Contacts'],
    ['/admin/ad-unit-patterns', 'ad-unit-patterns', 'Ad unit patterns'],
    ['/admin/ad-units', 'ad-units', 'Ad units'],
    ['/admin/house-ads', 'house-ads', 'House ads'],
    ['/admin/ad-unit-settings-report', 'ad-unit-settings-report', 'Ad unit settings report'],
    ['/admin/cms-users', 'cms-users', 'CMS users'],
    ['/admin/history', 'history', 'History'],
    ['/admin/user', 'profile', 'My profile'],
  ];

  it('the main screens have no serious accessibility violations and are saved as screenshots', async () => {
    const page = await suite.signedIn(LOGINS.admin);
    const problems: string[] = [];
    for (const [path, name, heading] of SCREENS) {
      await page.goto(suite.target.adminUrl(path));
      await page.getByRole('heading', { level: 1, name: new RegExp(heading) }).waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, name);
      problems.push(...(await axeViolations(page)).map((v) => `${path} ${v}`));
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('is usable at tablet width: the menu folds away and opens over the content', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/content', { width: 768, height: 1024 });
    await page.getByRole('heading', { name: 'Content', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    await screenshot(page, 'tablet-content-list');
    await page.getByRole('button', { name: 'Show menu' }).click();
    await (await menuLink(page, 'Layouts')).click();
    await page.getByRole('heading', { name: 'Layouts', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    for (const [path, name] of [['/admin/edit-content/10100184', 'tablet-content-edit'], ['/admin/edit-web-layout/4101', 'tablet-layout-edit']] as const) {
      await page.goto(suite.target.adminUrl(path));
      await page.locator('h1').waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, name);
    }
  });
});
