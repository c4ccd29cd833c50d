// Issue 41 (items 7 and 8): a report export defuses formula-like text the same way in CSV and XLSX
// (each read back as a spreadsheet program reads it: the XLSX with exceljs, which wrote it), and
// the export route takes the staff cookie only from the same origin, like every cookie route.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/domain/reports';
import { appendEvents, rollupEvents, type EventRow } from '../../engine/store/queries/events';
import { startApi, type Harness } from './api-harness';

let h: Harness;
const TODAY = new Date().toISOString().slice(0, 10);
const FORMULAS = ['=HYPERLINK("https://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tTab', '\rCR'];
const PATH = `/api/reports/menu-link-clicks/export?from=${addDays(TODAY, -1)}&to=${TODAY}`;

beforeAll(async () => {
  h = await startApi();
  const at = Date.parse(`${TODAY}T10:00:00Z`);
  const rows: EventRow[] = [...FORMULAS, 'Markets'].map((label, i) => ({
    tenantKey: 'alpha', day: TODAY, at: at + i, type: 'ClickMenu', visitor: `v${i}`, siteUserId: null, net: null, contentId: null,
    sectionId: null, companyId: null, newsletterId: null, pageId: null, target: `header_primary:${label}`, data: '{}',
  }));
  await h.store.transaction(async (tx) => appendEvents(tx, rows));
  await rollupEvents(h.store, Date.now());
});
afterAll(async () => { await h.close(); });

async function download(format: 'csv' | 'xlsx', headers: Record<string, string> = {}) {
  return h.app.inject({ method: 'GET', url: `${PATH}&format=${format}`, headers: { authorization: `Bearer ${await h.token('alphaViewer')}`, 'x-tenant-key': 'alpha', ...headers } });
}

describe('report exports: formula-like text', () => {
  it('XLSX cells that start with = + - @, tab or CR get a leading apostrophe; other text and numbers are unchanged', async () => {
    const res = await download('xlsx');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    // XML reads a carriage return back as a line feed: compare with CRs as LFs.
    const lf = (s: string) => s.replace(/\r/g, '\n');
    const links = new Map<string, unknown[]>();
    sheet.eachRow((row, n) => { if (n > 1) links.set(String(row.getCell(2).value), row.values as unknown[]); });
    for (const f of FORMULAS) {
      expect(links.has(lf(`'${f}`)), f).toBe(true);
      expect(links.has(lf(f)), f).toBe(false);
    }
    const plain = links.get('Markets');
    expect(plain?.[1]).toBe('header_primary');
    expect(typeof plain?.[3]).toBe('number');
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('the CSV of the same report defuses the same cells', async () => {
    const res = await download('csv');
    const lines = res.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines.some((l) => l.startsWith('header_primary,"\'=HYPERLINK(""https://evil.example"",""x"")",1,'))).toBe(true);
    expect(lines.some((l) => l.startsWith("header_primary,'@SUM(A1),1,"))).toBe(true);
  });
});

describe('report exports: cross-site cookies', () => {
  const cookie = async () => `mh_staff=${await h.token('alphaViewer')}`;
  const withCookie = async (headers: Record<string, string>) => h.app.inject({
    method: 'GET', url: `${PATH}&format=csv`, headers: { cookie: await cookie(), 'x-tenant-key': 'alpha', ...headers },
  });

  it('refuses the staff cookie on a cross-site request', async () => {
    const res = await withCookie({ 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-disposition'] ?? '').not.toContain('attachment');
    expect(res.body).toContain('Cross-site request refused');
    expect((await withCookie({ origin: 'http://evil.example' })).statusCode).toBe(403);
  });

  it('answers the staff cookie from the same origin, and a bearer header from anywhere', async () => {
    expect((await withCookie({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await download('csv', { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
  });
});
