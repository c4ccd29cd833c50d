// The import's report: counts per kind (created, updated, unchanged), warnings by kind, and the
// items skipped with their reasons. Printed at the end and saved as JSON.

export const KINDS = ['content', 'section', 'person', 'taxonomy', 'asset', 'redirect'] as const;
export type Kind = (typeof KINDS)[number];
export type Action = 'created' | 'updated' | 'unchanged';

const MAX_DETAILS = 2000;

export interface ImportReport {
  source: string;
  file: string;
  tenant: string;
  version: string;
  dryRun: boolean;
  /** Batches an earlier, interrupted run of the same file had committed (skipped now). */
  resumedAfterBatch: number;
  batches: number;
  counts: Record<Action, Record<Kind, number>>;
  /** Warnings by kind, e.g. { "shortcode-dropped": 3 }. */
  warnings: Record<string, number>;
  /** The first warnings in full: kind, record and detail. */
  warningDetails: { kind: string; record: string; detail: string }[];
  /** Items not imported, each named with the line it starts on (XML) or its JSON path, and why. */
  skipped: SkippedItem[];
  /** Records of kinds Masthead does not import, counted by kind (e.g. { revision: 4, nav_menu_item: 12, comment: 30 }). */
  notImported: Record<string, number>;
  /** What a dry run would do, one line per record (dry run only). */
  plan: string[];
  durationMs: number;
  /** Substack: the subscriber lists (email_list*.csv) imported with the posts. */
  subscribers?: PeopleReport | undefined;
}

export interface SkippedItem { record: string; reason: string; line?: number | undefined; path?: string | undefined }

export function newReport(source: string, file: string, tenant: string, dryRun: boolean): ImportReport {
  const zero = () => Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  return {
    source, file, tenant, version: '', dryRun, resumedAfterBatch: 0, batches: 0,
    counts: { created: zero(), updated: zero(), unchanged: zero() },
    warnings: {}, warningDetails: [], skipped: [], notImported: {}, plan: [], durationMs: 0,
  };
}

export function warn(report: Pick<ImportReport, 'warnings' | 'warningDetails'>, kind: string, record: string, detail: string): void {
  report.warnings[kind] = (report.warnings[kind] ?? 0) + 1;
  if (report.warningDetails.length < MAX_DETAILS) report.warningDetails.push({ kind, record, detail });
}

export function count(report: ImportReport, action: Action, kind: Kind, label?: string): void {
  report.counts[action][kind] += 1;
  if (report.dryRun && label && action !== 'unchanged') report.plan.push(`${action === 'created' ? 'create' : 'update'} ${kind} ${label}`);
}

/** Where a skipped item is in the file, for the report: ", line 12" or " at db[0].data.posts[3]". */
export const whereText = (s: { line?: number | undefined; path?: string | undefined }) => (s.line !== undefined ? `, line ${s.line}` : s.path ? ` at ${s.path}` : '');

export function skip(report: Pick<ImportReport, 'skipped' | 'dryRun' | 'plan'>, record: string, reason: string, where: { line?: number | undefined; path?: string | undefined } = {}): void {
  report.skipped.push({ record, reason, ...(where.line !== undefined ? { line: where.line } : {}), ...(where.path ? { path: where.path } : {}) });
  if (report.dryRun) report.plan.push(`skip ${record}${whereText(where)}: ${reason}`);
}

/** A record of a kind that is not imported (a revision, a menu item, a comment…), counted by kind. */
export function notImported(report: Pick<ImportReport, 'notImported'>, kind: string, n = 1): void {
  if (n > 0) report.notImported[kind] = (report.notImported[kind] ?? 0) + n;
}

/** The report as lines for the terminal. */
export function reportLines(r: ImportReport): string[] {
  const lines = [`${r.dryRun ? 'Dry run of' : 'Imported'} ${r.source} export ${r.file} (version ${r.version}) into ${r.tenant} in ${(r.durationMs / 1000).toFixed(1)} s${r.resumedAfterBatch ? `, resumed after batch ${r.resumedAfterBatch}` : ''}`];
  const verb = r.dryRun ? { created: 'would create', updated: 'would update', unchanged: 'unchanged' } : { created: 'created', updated: 'updated', unchanged: 'unchanged' };
  for (const k of KINDS) {
    const c = r.counts;
    lines.push(`  ${k.padEnd(9)} ${verb.created} ${c.created[k]}, ${verb.updated} ${c.updated[k]}, ${verb.unchanged} ${c.unchanged[k]}`);
  }
  lines.push(`  skipped   ${r.skipped.length}`);
  for (const s of r.skipped.slice(0, 20)) lines.push(`    ${s.record}${whereText(s)}: ${s.reason}`);
  if (r.skipped.length > 20) lines.push(`    … ${r.skipped.length - 20} more in the JSON report`);
  const other = Object.entries(r.notImported).sort((a, b) => b[1] - a[1]);
  if (other.length) lines.push(`  not imported  ${other.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  const kinds = Object.entries(r.warnings).sort((a, b) => b[1] - a[1]);
  if (kinds.length) lines.push(`  warnings  ${kinds.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  if (r.subscribers) lines.push(...peopleReportLines(r.subscribers, '  '));
  return lines;
}

// People (Ghost members, Substack subscribers, issue 36): site users, memberships and newsletter
// subscriptions created, updated or found unchanged; skipped rows, warnings and "not imported" as above.

export const PEOPLE_KINDS = ['siteUser', 'membership', 'subscription'] as const;
export type PeopleKind = (typeof PEOPLE_KINDS)[number];

export interface PeopleReport {
  source: string;
  file: string;
  tenant: string;
  dryRun: boolean;
  /** The newsletter subscribers and opted-in members were added to, when one was chosen. */
  newsletter: { id: number; title: string } | null;
  rows: number;
  counts: Record<'created' | 'updated' | 'unchanged', Record<PeopleKind, number>>;
  warnings: Record<string, number>;
  warningDetails: { kind: string; record: string; detail: string }[];
  skipped: SkippedItem[];
  notImported: Record<string, number>;
  plan: string[];
  durationMs: number;
}

export function newPeopleReport(source: string, file: string, tenant: string, dryRun: boolean): PeopleReport {
  const zero = () => Object.fromEntries(PEOPLE_KINDS.map((k) => [k, 0])) as Record<PeopleKind, number>;
  return {
    source, file, tenant, dryRun, newsletter: null, rows: 0, counts: { created: zero(), updated: zero(), unchanged: zero() },
    warnings: {}, warningDetails: [], skipped: [], notImported: {}, plan: [], durationMs: 0,
  };
}

export function countPeople(r: PeopleReport, action: 'created' | 'updated' | 'unchanged', kind: PeopleKind, label?: string): void {
  r.counts[action][kind] += 1;
  if (r.dryRun && label && action !== 'unchanged') r.plan.push(`${action === 'created' ? 'create' : 'update'} ${kind} ${label}`);
}

const LABEL: Record<PeopleKind, string> = { siteUser: 'site users', membership: 'memberships', subscription: 'subscribers' };

/** The report as terminal lines; `indent` when it follows an archive's report (Substack subscribers). */
export function peopleReportLines(r: PeopleReport, indent = ''): string[] {
  const verb = r.dryRun ? { created: 'would create', updated: 'would update', unchanged: 'unchanged' } : { created: 'created', updated: 'updated', unchanged: 'unchanged' };
  const lines = [`${indent}${r.dryRun ? 'Dry run of' : 'Imported'} ${r.source} ${r.file} into ${r.tenant}: ${r.rows} rows${r.newsletter ? `, newsletter ${r.newsletter.id} ${r.newsletter.title}` : ''}`];
  for (const k of PEOPLE_KINDS) lines.push(`${indent}  ${LABEL[k].padEnd(12)} ${verb.created} ${r.counts.created[k]}, ${verb.updated} ${r.counts.updated[k]}, ${verb.unchanged} ${r.counts.unchanged[k]}`);
  lines.push(`${indent}  skipped   ${r.skipped.length}`);
  for (const s of r.skipped.slice(0, 20)) lines.push(`${indent}    ${s.record}${whereText(s)}: ${s.reason}`);
  if (r.skipped.length > 20) lines.push(`${indent}    … ${r.skipped.length - 20} more in the JSON report`);
  const other = Object.entries(r.notImported).sort((a, b) => b[1] - a[1]);
  if (other.length) lines.push(`${indent}  not imported  ${other.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  const kinds = Object.entries(r.warnings).sort((a, b) => b[1] - a[1]);
  if (kinds.length) lines.push(`${indent}  warnings  ${kinds.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  for (const w of r.warningDetails.filter((x) => x.kind === 'newsletter-not-chosen' || x.kind === 'label-unmapped').slice(0, 10)) lines.push(`${indent}    ${w.record}: ${w.detail}`);
  return lines;
}
