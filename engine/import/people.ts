// The report of an import of people (Ghost members, Substack subscribers, issue 36): site users,
// memberships and newsletter subscriptions created or found unchanged, rows skipped with their
// line and reason, rows of kinds not imported counted, warnings by kind. Same shape of skipped
// items, warnings and "not imported" as the archive's report (report.ts).
import { whereText, type SkippedItem } from './report';

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
