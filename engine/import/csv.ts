// CSV exports (Ghost's members CSV, Substack's email_list CSV) read with csv-parse: streamed, so a
// list of 100,000 members is never held as one string; each record named by the line it starts on
// (a quoted field may run over several lines); a UTF-8 BOM dropped; header names lower-cased and
// trimmed. A file that is not CSV (a quote never closed, …) is an ImportFormatError naming the line.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { CsvError, parse } from 'csv-parse';
import { ImportFormatError } from './model';

export interface CsvRecord { line: number; get(column: string): string; values: Record<string, string> }

const NEWLINES = /\r\n|\n|\r/g;

/** The header (lower-case) and then each non-empty record of a CSV file, with the line it starts on. */
export async function* readCsv(file: string): AsyncGenerator<{ header: string[] } | CsvRecord> {
  let header: string[] | undefined;
  let told = false;
  let lastLine = 0;
  const parser = createReadStream(file).pipe(parse({
    bom: true, columns: (h: string[]) => (header = h.map((c) => c.trim().toLowerCase())), info: true, raw: true, relax_column_count: true, skip_empty_lines: true,
  }));
  try {
    for await (const r of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number }; raw: string }>) {
      if (!told) { told = true; yield { header: header ?? [] }; }
      const values = r.record;
      if (Object.values(values).every((v) => !v || !v.trim())) { lastLine = r.info.lines; continue; }
      const inner = r.raw.replace(/(\r\n|\n|\r)$/, '').match(NEWLINES)?.length ?? 0;
      lastLine = r.info.lines;
      yield { line: r.info.lines - inner, values, get: (c) => (values[c] ?? '').trim() };
    }
  } catch (e) {
    if (e instanceof CsvError) {
      // csv-parse names the line it stopped on; a quote never closed started on the line after the last record.
      if (e.code === 'CSV_QUOTE_NOT_CLOSED') {
        const line = lastLine ? lastLine + 1 : header ? 2 : 1;
        throw new ImportFormatError(basename(file), { line, column: 0 }, '', 'not readable as CSV: a quoted field that starts on this line is never closed (the file may be cut short); nothing was written');
      }
      throw new ImportFormatError(basename(file), { line: (e as CsvError & { lines?: number }).lines ?? 1, column: 0 }, '', `not readable as CSV: ${e.message}; nothing was written`);
    }
    throw e;
  }
  if (!told && header) yield { header };
}

/** The header of a CSV file (lower-case), or [] for an empty file; stops reading after it. */
export async function csvHeader(file: string): Promise<string[]> {
  for await (const r of readCsv(file)) if ('header' in r) return r.header;
  return [];
}
