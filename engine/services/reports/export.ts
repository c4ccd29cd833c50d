// A report as a file (issue 20): every row, CSV or XLSX, with the file name and type the export
// route answers with. Both formats defuse formula-like text with the one rule
// (engine/domain/reports.ts safeCellText): CSV is RFC 4180 (csvLines); XLSX is written with
// exceljs' streaming writer, row by row, into the stream handed back.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { maybeContentTypeLabel } from '../../domain/enums';
import { csvLines, safeCellText, type Cell, type ReportColumn, type ReportRow } from '../../domain/reports';
import { badInput } from '../../domain/validation';
import type { ReportAnswer } from './run';

export type ReportFileFormat = 'csv' | 'xlsx';

/** The format the export asks for (default csv); BAD_USER_INPUT naming `format` otherwise. */
export function reportFileFormat(value: string | null): ReportFileFormat {
  const format = value ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx') badInput('format', 'Must be csv or xlsx');
  return format;
}

/** The file name of an export: report, site and period, e.g. content-views_freightwise_2026-10-29_2026-11-27.csv. */
export function exportFileName(id: string, tenant: string, from: string, to: string, dated: boolean, ext: string): string {
  const site = tenant === '*' ? 'all-sites' : tenant;
  return `${[id, site, ...(dated ? [from, to] : [])].join('_')}.${ext}`;
}

const NUMBER_FORMAT: Partial<Record<ReportColumn['kind'], string>> = { int: '#,##0', decimal: '#,##0.00', percent: '0.0%' };

/** An XLSX cell: numbers stay numbers, text is defused like the CSV's (a leading ' before = + - @, tab or CR). */
const xlsxCell = (v: Cell): string | number | null => (v === null || typeof v === 'number' ? v : safeCellText(v));

async function writeXlsx(out: PassThrough, title: string, columns: readonly ReportColumn[], rows: readonly ReportRow[]): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.label, key: c.key, width: c.kind === 'content' || c.kind === 'text' ? 40 : 14, style: NUMBER_FORMAT[c.kind] ? { numFmt: NUMBER_FORMAT[c.kind] } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const r of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, xlsxCell(r[c.key] ?? null)]))).commit();
  sheet.commit();
  await book.commit();
}

export interface ReportFile {
  name: string;
  contentType: string;
  body: Readable;
}

/** Every row of an answered report as a file of the format. */
export function reportFile(r: ReportAnswer, format: ReportFileFormat): ReportFile {
  const name = exportFileName(r.def.id, r.tenant, r.params.from, r.params.to, r.def.dated, format);
  // Content types are named as the report's table names them ("Press release"), not by their identifier.
  const rows = r.def.columns.some((c) => c.key === 'type')
    ? r.data.rows.map((row) => (typeof row.type === 'string' ? { ...row, type: maybeContentTypeLabel(row.type) } : row))
    : r.data.rows;
  if (format === 'csv') {
    // A byte-order mark, so spreadsheet programs read the file as UTF-8.
    return { name, contentType: 'text/csv; charset=utf-8', body: Readable.from((function* () { yield '\ufeff'; yield* csvLines(r.def.columns, rows); })()) };
  }
  const out = new PassThrough();
  writeXlsx(out, r.def.title, r.def.columns, rows).catch((e: unknown) => out.destroy(e as Error));
  return { name, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: out };
}
