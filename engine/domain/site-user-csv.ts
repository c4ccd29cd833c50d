// /admin/migrate-site-users (issue 24): reading a CSV of site users from another system. Pure and
// browser-safe, so the admin's column mapping and the API's checks use the same rules.
// parseCsv reads RFC 4180 (quoted fields, "" escapes, CRLF or LF, a UTF-8 BOM; `;` as the separator
// when the header has more of them than commas, as spreadsheets in many locales write it);
// guessMapping matches header names to fields; readRows applies a mapping and checks each row's
// values, naming the field of every problem. Memberships and newsletters are resolved against the
// tenant by the API (engine/services/members/migrate-users.ts).
import { findCountry } from './countries';
import { hasControlChars } from './members';

export const SITE_USER_CSV_FIELDS = ['email', 'firstName', 'lastName', 'company', 'countryCode', 'memberships', 'newsletters', 'consentDate'] as const;
export type SiteUserCsvField = (typeof SITE_USER_CSV_FIELDS)[number];

export const SITE_USER_CSV_LABELS: Record<SiteUserCsvField, string> = {
  email: 'E-mail address', firstName: 'First name', lastName: 'Last name', company: 'Company', countryCode: 'Country',
  memberships: 'Memberships', newsletters: 'Newsletter opt-ins', consentDate: 'Newsletter consent date',
};

/** The GraphQL body limit is 1 MB; a file is read whole by the browser and sent as one string. */
export const SITE_USER_CSV_MAX_CHARS = 900_000;
export const SITE_USER_CSV_MAX_ROWS = 10_000;

const MAX_LENGTH: Partial<Record<SiteUserCsvField, number>> = { email: 254, firstName: 120, lastName: 120, company: 200 };

export class CsvError extends Error {
  constructor(readonly line: number, message: string) {
    super(`line ${line}: ${message}`);
  }
}

export interface CsvTable { header: string[]; rows: { line: number; cells: string[] }[]; delimiter: ',' | ';' }

function delimiterOf(text: string): ',' | ';' {
  let commas = 0;
  let semis = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semis++;
  }
  return semis > commas ? ';' : ',';
}

/** Reads CSV text; a quote left open or a quote inside an unquoted field is a CsvError naming the line. */
export function parseCsv(input: string): CsvTable {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delimiter = delimiterOf(text);
  const records: { line: number; cells: string[] }[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const endCell = () => { cells.push(wasQuoted ? cell : cell.trim()); cell = ''; wasQuoted = false; };
  const endRecord = () => {
    endCell();
    if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') { cell += '"'; i++; } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (cell.trim() !== '' || wasQuoted) throw new CsvError(line, 'a quote inside a field that does not start with one (quote the whole field and double the quote)');
      quoted = true;
      wasQuoted = true;
      cell = '';
    } else if (ch === delimiter) endCell();
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      if (wasQuoted && ch.trim() !== '') throw new CsvError(line, 'text after a closing quote');
      if (!wasQuoted) cell += ch;
    }
  }
  if (quoted) throw new CsvError(start, 'a quoted field is not closed (the file may be cut short)');
  endRecord();
  const [head, ...rows] = records;
  if (!head) throw new CsvError(1, 'the file is empty; the first line must name the columns');
  return { header: head.cells, rows, delimiter };
}

const ALIASES: Record<SiteUserCsvField, string[]> = {
  email: ['email', 'emailaddress', 'mail', 'useremail'],
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  company: ['company', 'companyname', 'organisation', 'organization', 'employer'],
  countryCode: ['country', 'countrycode', 'countryiso'],
  memberships: ['memberships', 'membership', 'plans', 'plan', 'tiers'],
  newsletters: ['newsletters', 'newsletter', 'optins', 'newsletteroptins', 'subscriptions'],
  consentDate: ['consentdate', 'newsletterconsentdate', 'optindate', 'consentedat', 'subscribedat', 'consent'],
};

export type SiteUserCsvMapping = Partial<Record<SiteUserCsvField, number | null>>;

/** The column each field most likely is, by its header name (case, spaces and punctuation ignored). */
export function guessMapping(header: readonly string[]): SiteUserCsvMapping {
  const norm = header.map((h) => h.toLowerCase().replace(/[^a-z0-9]/g, ''));
  const out: SiteUserCsvMapping = {};
  for (const f of SITE_USER_CSV_FIELDS) {
    const i = norm.findIndex((h) => ALIASES[f].includes(h));
    out[f] = i >= 0 ? i : null;
  }
  return out;
}

export interface RowProblem { field: SiteUserCsvField | 'row'; message: string }

export interface SiteUserCsvRow {
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  /** ISO alpha-3, or '' when not given. */
  countryCode: string;
  memberships: string[];
  newsletters: string[];
  /** ms since the epoch, or null. */
  consentDate: number | null;
  problems: RowProblem[];
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A consent date as YYYY-MM-DD or ISO 8601 date-time (UTC unless an offset is given), or a problem. */
export function parseConsentDate(v: string, now: number): number | string {
  const m = DATE.exec(v);
  if (!m) return 'Must be a date as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return `${v} is not a date in the calendar`;
  const t = m[4] ? Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${m[7] ? (m[7].length === 5 ? `${m[7].slice(0, 3)}:${m[7].slice(3)}` : m[7]) : 'Z'}`) : day.getTime();
  if (!Number.isFinite(t)) return `${v} is not a valid time`;
  if (t > now) return 'Must not be in the future';
  return t;
}

const list = (v: string) => [...new Set(v.split(/[;|]/).map((s) => s.trim()).filter(Boolean))];

/** Applies a mapping to the rows and checks each value; every problem names its field. */
export function readRows(table: CsvTable, mapping: SiteUserCsvMapping, now: number): SiteUserCsvRow[] {
  const width = table.header.length;
  return table.rows.map(({ line, cells }) => {
    const problems: RowProblem[] = [];
    const get = (f: SiteUserCsvField) => {
      const i = mapping[f];
      const v = i === null || i === undefined ? '' : (cells[i] ?? '');
      const max = MAX_LENGTH[f];
      if (max && v.length > max) problems.push({ field: f, message: `At most ${max} characters` });
      if (hasControlChars(v)) problems.push({ field: f, message: 'Must not contain control characters' });
      return v;
    };
    if (cells.length !== width) problems.push({ field: 'row', message: `Has ${cells.length} cells; the header has ${width}` });
    const email = get('email').toLowerCase();
    if (!email) problems.push({ field: 'email', message: 'Field is required' });
    else if (!EMAIL.test(email)) problems.push({ field: 'email', message: 'Must be an e-mail address' });
    const country = get('countryCode');
    const found = country ? findCountry(country) : undefined;
    if (country && !found) problems.push({ field: 'countryCode', message: `Unknown country code "${country}" (use ISO 3166 two- or three-letter codes)` });
    const newsletters = list(get('newsletters'));
    const rawDate = get('consentDate');
    let consentDate: number | null = null;
    if (rawDate) {
      const d = parseConsentDate(rawDate, now);
      if (typeof d === 'string') problems.push({ field: 'consentDate', message: d });
      else consentDate = d;
    } else if (newsletters.length) problems.push({ field: 'consentDate', message: 'A newsletter opt-in needs the date the consent was given' });
    return {
      line, email, firstName: get('firstName'), lastName: get('lastName'), company: get('company'), countryCode: found?.alpha3 ?? '',
      memberships: list(get('memberships')), newsletters, consentDate, problems,
    };
  });
}
