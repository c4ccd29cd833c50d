// The import screen end to end (issue 36): on the demo, the global admin takes the sample WordPress
// export, a dry run shows the report (counts, the skipped item with its line and reason) and writes
// nothing, Import uploads and runs it with a progress bar, then shows the import's report, and the
// list of past imports holds both with their reports. Checked with axe and without sideways scroll
// at 1366 and 390 px; screenshots tests/e2e/screenshots/admin-import-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from './helpers/browser';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';

const suite = useAdminSuite();

/** Records every <progress> the page shows (a run's bar may be up for less than a poll). */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenProgress: string[] }).seenProgress = seen;
    new MutationObserver(() => {
      for (const p of document.querySelectorAll('progress')) {
        const label = p.getAttribute('aria-label') ?? '';
        if (!seen.includes(label)) seen.push(label);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe('the import screen', () => {
  it('dry run → report → import with progress → both listed with their reports', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/import', { width: 1366, height: 900 });
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Use the sample WordPress export' }).click();
    await page.getByTestId('import-drop-zone').getByText('sample-wordpress.xml').waitFor();
    expect(await page.getByLabel('Kind of export').inputValue()).toBe('wordpress');

    const dry = page.waitForResponse((r) => r.url().includes('/api/imports?') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Dry run' }).click();
    expect((await dry).status()).toBe(200);
    const report = page.getByRole('region', { name: 'Dry run report' });
    await report.waitFor();
    const counts = report.getByRole('region', { name: 'What the import would do' });
    expect(await counts.getByRole('row', { name: /Content items/ }).getByRole('cell').first().textContent()).toBe('5');
    const skipped = report.getByRole('region', { name: 'Skipped items' }).getByRole('row', { name: /line 78/ });
    expect(await skipped.textContent()).toMatch(/The thirtieth of February outlook.*wp:post_date_gmt is not a date/);
    await report.getByText('Dry run: nothing was written').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-import-dry-run-1366', true);

    await watchProgress(page);
    const started = page.waitForResponse((r) => r.url().includes('/api/imports?') && r.request().method() === 'POST');
    expect(await importButton.isEnabled()).toBe(true);
    await importButton.click();
    const answer = await started;
    expect(answer.status()).toBe(202);
    const id = ((await answer.json()) as { import: { id: number } }).import.id;
    const done = page.getByRole('region', { name: 'Import report' });
    await done.waitFor({ timeout: 60_000 });
    expect(await done.getByRole('region', { name: 'What the import did' }).getByRole('row', { name: /Content items/ }).getByRole('cell').first().textContent()).toBe('5');
    const seen = await page.evaluate(() => (window as unknown as { seenProgress: string[] }).seenProgress);
    expect(seen).toEqual(expect.arrayContaining(['Uploading sample-wordpress.xml', `Import ${id} progress`]));

    const past = page.getByRole('region', { name: 'Past imports' }).first();
    const row = past.getByTestId(`import-row-${id}`);
    await row.waitFor();
    expect(await row.textContent()).toMatch(/sample-wordpress\.xml.*Import.*admin.*Done 16 records created, 0 updated, 1 skipped/);
    await expect.poll(() => past.getByRole('row', { name: /sample-wordpress\.xml.*Dry run/ }).count()).toBeGreaterThan(0);
    await row.getByRole('button', { name: /^Report/ }).click();
    await page.locator(`#import-report-${id}`).getByRole('region', { name: 'What the import did' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'admin-import-done-1366', true);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(suite.target.adminUrl('/admin/import'));
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
    await page.getByRole('region', { name: 'Past imports' }).first().getByTestId(`import-row-${id}`).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-import-390', true);
  }, 240_000);
});
