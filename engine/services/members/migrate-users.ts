// /admin/migrate-site-users (issue 24): site users from another system's CSV. previewSiteUserImport
// reads the file with a column mapping (guessed from the header when none is given) and says, row
// by row, what an import would do: create a user, merge into the user who has that e-mail address
// (or into an earlier row of the file with it), or nothing, with each problem naming its field.
// importSiteUsers writes it in one transaction; a file with invalid rows imports nothing unless
// staff chose "import valid rows". Merging fills fields the user has empty and adds memberships
// and newsletter opt-ins (dated with the consent date); it never removes or overwrites anything.
// Staff with manage_site_users on the tenant.
import { z } from 'zod';
import { consentKey } from '../../domain/countries';
import {
  CsvError, guessMapping, parseCsv, readRows, SITE_USER_CSV_FIELDS, SITE_USER_CSV_LABELS, SITE_USER_CSV_MAX_CHARS, SITE_USER_CSV_MAX_ROWS,
  type RowProblem, type SiteUserCsvMapping, type SiteUserCsvRow,
} from '../../domain/site-user-csv';
import { badInput, parseInput, REQUIRED, withoutNulls } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { addMembership, addNewsletterOptIn, insertConsentAt, membershipNames, newsletterNames, siteUsersByLogins, type NamedRecord } from '../../store/queries/member-import';
import { insertSiteUser, updateSiteUser, type SiteUserPatch, type SiteUserRow } from '../../store/queries/members';
import { commit, tenantAccess, type OpArgs } from '../kernel/operation';

const input = z.strictObject({
  csv: z.string({ error: REQUIRED }).min(1, REQUIRED).max(SITE_USER_CSV_MAX_CHARS, `At most ${SITE_USER_CSV_MAX_CHARS.toLocaleString('en')} characters; split the file`),
  mapping: z.array(z.strictObject({ field: z.enum(SITE_USER_CSV_FIELDS), column: z.number().int().min(0).nullable().optional() })).max(SITE_USER_CSV_FIELDS.length).optional(),
  importValidRows: z.boolean().optional(),
});

export interface ImportRowView { line: number; email: string; action: 'create' | 'merge' | 'invalid'; mergedWithLine: number | null; problems: RowProblem[] }
export interface SiteUserImportPreview {
  columns: string[];
  mapping: { field: string; label: string; column: number | null }[];
  rows: ImportRowView[];
  total: number; valid: number; invalid: number; create: number; merge: number;
}
export interface SiteUserImportResult { created: number; merged: number; skipped: number }

interface Planned { row: SiteUserCsvRow; view: ImportRowView; membershipIds: number[]; newsletterIds: number[]; existing: SiteUserRow | null }

function resolveNames(values: string[], records: NamedRecord[], field: 'memberships' | 'newsletters', what: string, problems: RowProblem[]): number[] {
  const ids: number[] = [];
  for (const v of values) {
    const hit = records.find((r) => r.names.some((n) => n.toLowerCase() === v.toLowerCase()));
    if (hit) ids.push(hit.id);
    else problems.push({ field, message: `No ${what} "${v}" on this site (use its id, alias or title)` });
  }
  return [...new Set(ids)];
}

async function plan(db: Db, tenantKey: string, raw: unknown, now: number): Promise<{ preview: SiteUserImportPreview; planned: Planned[]; importValidRows: boolean }> {
  const f = parseInput(input, withoutNulls(raw ?? {}), 'input');
  let table;
  try {
    table = parseCsv(f.csv);
  } catch (e) {
    if (e instanceof CsvError) badInput('input.csv', `The file is not valid CSV: ${e.message}`);
    throw e;
  }
  if (table.rows.length > SITE_USER_CSV_MAX_ROWS) badInput('input.csv', `At most ${SITE_USER_CSV_MAX_ROWS.toLocaleString('en')} rows per file; this one has ${table.rows.length.toLocaleString('en')}`);
  const mapping: SiteUserCsvMapping = f.mapping ? Object.fromEntries(f.mapping.map((m) => [m.field, m.column ?? null])) : guessMapping(table.header);
  f.mapping?.forEach((m, i) => { if (m.column != null && m.column >= table.header.length) badInput(`input.mapping[${i}].column`, `The file has ${table.header.length} columns`); });
  if (mapping.email === null || mapping.email === undefined) badInput('input.mapping', 'Choose the column that holds the e-mail address');
  const rows = readRows(table, mapping, now);
  const [mems, nls] = await Promise.all([membershipNames(db, tenantKey), newsletterNames(db, tenantKey)]);
  const users = await siteUsersByLogins(db, tenantKey, [...new Set(rows.map((r) => r.email).filter(Boolean))]);
  const firstLine = new Map<string, number>();
  const planned: Planned[] = rows.map((row) => {
    const problems = [...row.problems];
    const membershipIds = resolveNames(row.memberships, mems, 'memberships', 'membership', problems);
    const newsletterIds = resolveNames(row.newsletters, nls, 'newsletters', 'newsletter', problems);
    const existing = users.find((u) => u.email === row.email) ?? null;
    if (!existing && users.some((u) => u.username === row.email)) problems.push({ field: 'email', message: 'Another site user has this address as their username' });
    const earlier = problems.length ? undefined : firstLine.get(row.email);
    if (!problems.length && earlier === undefined) firstLine.set(row.email, row.line);
    const action = problems.length ? 'invalid' : existing || earlier !== undefined ? 'merge' : 'create';
    return { row, membershipIds, newsletterIds, existing, view: { line: row.line, email: row.email, action, mergedWithLine: earlier ?? null, problems } };
  });
  const count = (a: ImportRowView['action']) => planned.filter((p) => p.view.action === a).length;
  const preview: SiteUserImportPreview = {
    columns: table.header,
    mapping: SITE_USER_CSV_FIELDS.map((field) => ({ field, label: SITE_USER_CSV_LABELS[field], column: mapping[field] ?? null })),
    rows: planned.map((p) => p.view),
    total: planned.length, valid: planned.length - count('invalid'), invalid: count('invalid'), create: count('create'), merge: count('merge'),
  };
  return { preview, planned, importValidRows: f.importValidRows === true };
}

export async function previewSiteUserImport({ ctx, input: raw }: OpArgs): Promise<SiteUserImportPreview> {
  const { tenant } = tenantAccess(ctx, ['manage_site_users']);
  return (await plan(ctx.services.store.db, tenant.tenantKey, raw, ctx.services.now())).preview;
}

const fill = (current: string | null, given: string) => (current ? undefined : given || undefined);

async function writeRow(tx: Db, tenantKey: string, p: Planned, userId: Map<string, number>): Promise<'created' | 'merged'> {
  const r = p.row;
  let id = userId.get(r.email) ?? p.existing?.id;
  let result: 'created' | 'merged' = 'merged';
  if (id === undefined) {
    id = await insertSiteUser(tx, {
      tenantKey, username: r.email, email: r.email, passwordHash: null, firstName: r.firstName || null, lastName: r.lastName || null,
      company: r.company || null, countryCode: r.countryCode || null, demographics: [],
    });
    result = 'created';
  } else {
    const [current] = await siteUsersByLogins(tx, tenantKey, [r.email]);
    const patch: SiteUserPatch = {};
    const set = { firstName: fill(current!.firstName, r.firstName), lastName: fill(current!.lastName, r.lastName), company: fill(current!.company, r.company), countryCode: fill(current!.countryCode, r.countryCode) };
    for (const [k, v] of Object.entries(set)) if (v !== undefined) patch[k as keyof typeof set] = v;
    if (Object.keys(patch).length) await updateSiteUser(tx, tenantKey, id, patch);
  }
  userId.set(r.email, id);
  for (const m of p.membershipIds) await addMembership(tx, id, m);
  let optedIn = false;
  for (const n of p.newsletterIds) optedIn = (await addNewsletterOptIn(tx, id, n, r.consentDate!)) || optedIn;
  if (optedIn && r.countryCode) await insertConsentAt(tx, { siteUserId: id, kind: consentKey(r.countryCode), country: r.countryCode, compliance: true, source: 'csv-import', createdAt: r.consentDate! });
  return result;
}

export async function importSiteUsers({ ctx, input: raw }: OpArgs): Promise<SiteUserImportResult> {
  const { tenant } = tenantAccess(ctx, ['manage_site_users']);
  const { preview, planned, importValidRows } = await plan(ctx.services.store.db, tenant.tenantKey, raw, ctx.services.now());
  const bad = preview.rows.filter((r) => r.action === 'invalid');
  if (bad.length && !importValidRows) {
    const first = bad[0]!;
    badInput('input.csv', `${bad.length} of ${preview.total} rows have problems (line ${first.line}, ${first.problems[0]!.field}: ${first.problems[0]!.message}). Nothing was imported: fix the file, or choose "import valid rows".`);
  }
  return commit(ctx, async (tx) => {
    const out: SiteUserImportResult = { created: 0, merged: 0, skipped: bad.length };
    const userId = new Map<string, number>();
    for (const p of planned) if (p.view.action !== 'invalid') out[await writeRow(tx, tenant.tenantKey, p, userId)]++;
    return out;
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'siteUser', entityId: 'csv-import', action: 'import', changes: { ...r, skippedLines: bad.map((b) => b.line).slice(0, 200) } }));
}
