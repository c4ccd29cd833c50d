// Reports in the browser (issue #20 acceptance): page views sent through the site's event path and
// rolled up; the content views report for the last 30 days shows them; changing the range and
// sorting the table rewrite the address; the CSV and XLSX downloads parse and match the table.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import type { Store } from '../../engine/store/connection';
import { screenshot } from './helpers/browser';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';

// The stack's store, to start FreightWise's analytics from nothing: the demo seeds 30 days of reader
// traffic (fixtures/demo traffic.json), and this test counts exactly the views it sends.
const held = vi.hoisted(() => ({ stores: [] as unknown[] }));
vi.mock('../../engine/store/connection', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../engine/store/connection')>();
  return { ...mod, openStore: async (...args: Parameters<typeof mod.openStore>) => { const s = await mod.openStore(...args); held.stores.push(s); return s; } };
});

const suite = useAdminSuite();

beforeAll(async () => {
  const store = held.stores[0] as Store | undefined;
  if (!store) throw new Error('this file clears the demo traffic through the in-process stack (MASTHEAD_E2E_TARGET=stack)');
  for (const table of ['events', 'event_rollups']) await store.run(`delete from ${table} where tenant_key = 'freightwise'`);
}, 60_000);
/** FreightWise items; item i gets 2·(i+1) page views, so every row has its own count. */
const ITEMS = [10100001, 10100002, 10100003, 10100004, 10100005, 10100006, 10100007, 10100008, 10100009];
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * Item i is viewed by 2·(i+1) readers: the server counts one view per visitor and item (api/events/
 * visitor.ts; a cookie-less visitor is its address and browser), so each reader is its own browser.
 */
async function sendViews(): Promise<number> {
  const readers = 2 * ITEMS.length;
  let total = 0;
  for (let r = 0; r < readers; r++) {
    const events = ITEMS.filter((_, i) => 2 * (i + 1) > r).map((id) => ({ type: 'PageView', input: { pageId: `content:${id}`, path: `/x/${id}`, contentId: id } }));
    const res = await fetch(suite.target.adminUrl('/api/events'), {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-tenant-key': 'freightwise', 'user-agent': `${BROWSER} reader/${r}` },
      body: JSON.stringify({ sessionId: `e2e-reports-${Date.now()}-${r}`, events }),
    });
    const body = (await res.json()) as { accepted: number };
    expect(body.accepted).toBe(events.length);
    total += events.length;
  }
  await suite.target.rollupEvents();
  return total;
}

/** The table's rows as text cells, header first. */
async function tableRows(page: Page): Promise<string[][]> {
  return page.locator('table.report-table tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
}

describe('content views report', () => {
  it('shows the views, changes range, sorts, and exports CSV and XLSX that match the table', async () => {
    const total = await sendViews();
    const page = await suite.signedIn(LOGINS.admin, '/admin/content-views-report', { width: 1280, height: 1100 });
    const figures = page.getByRole('list', { name: 'Summary' });
    await figures.getByText('Views', { exact: true }).waitFor();
    expect(await figures.locator('li').first().locator('strong').textContent()).toBe(String(total));
    await page.locator('[data-testid="report-chart"] svg').waitFor();
    await screenshot(page, 'admin-reports-content-views');

    let rows = await tableRows(page);
    expect(rows[0]).toEqual(['Id', 'Content', 'Type', 'Section', 'Views', 'Daily visitors', 'Share of views']);
    expect(rows.slice(1).map((r) => Number(r[4]))).toEqual(ITEMS.map((_, i) => 2 * (i + 1)).reverse());

    await page.getByLabel('Date range').selectOption('last-7-days');
    await page.waitForURL(/range=last-7-days/);
    await page.getByText(/to .* \(UTC\)/).filter({ hasText: new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10) }).waitFor();

    await page.getByRole('button', { name: 'Views', exact: true }).click();
    await page.waitForURL(/sort=views&dir=asc/);
    await page.getByRole('columnheader', { name: 'Views' }).and(page.locator('[aria-sort="ascending"]')).waitFor();
    // The header turns at once; the rows follow when the sorted answer arrives.
    await expect.poll(async () => (await tableRows(page)).slice(1).map((r) => Number(r[4])), { timeout: 10_000 }).toEqual(ITEMS.map((_, i) => 2 * (i + 1)));
    rows = await tableRows(page);

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^content-views_freightwise_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await csv.path())!, 'utf8').replace(/^\ufeff/, '').trimEnd().split('\r\n').map(parseCsvLine);
    expect(lines[0]).toEqual(rows[0]);
    expect(lines.slice(1).map((l) => [l[0], l[1], l[2], l[3], l[4], l[5]])).toEqual(rows.slice(1).map((r) => r.slice(0, 6)));

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export XLSX' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await xlsx.path())!);
    const sheet = book.worksheets[0]!;
    const cells: string[][] = [];
    sheet.eachRow((row) => { cells.push((row.values as unknown[]).slice(1, 7).map((v) => String(v ?? ''))); });
    expect(cells).toEqual(rows.map((r) => r.slice(0, 6)));
  });
});

/** One CSV line (RFC 4180 quoting; no line breaks inside fields in this data). */
function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (ch === '"') quoted = false; else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { out.push(cur); cur = ''; } else cur += ch;
  }
  out.push(cur);
  return out;
}
