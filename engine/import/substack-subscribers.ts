// Substack's subscriber list (the export's email_list.<publication>.csv: email, active_subscription,
// expiry, plan, email_disabled, created_at, …) into one newsletter's subscribers (issue 36),
// recorded as the subscribe pane records a subscription: status subscribed, the consent the reader
// gave (compliance true; the country when the list has a country column), dated created_at, source
// SubstackImport, linked to the site user with that address when there is one.
//
// Read whole and checked before anything of the export is written (readSubstackSubscribers), then
// written after the posts (writeSubstackSubscribers). A row with a bad address or date is skipped
// and named by its file and line; a reader who turned e-mails off (email_disabled) is counted, not
// subscribed; a paid subscription is a `paid-plan` warning (Masthead grants memberships in the
// admin, the payment stays with Stripe). An address that already has a subscription row for the
// newsletter, subscribed or not, is left as it is: re-importing never re-subscribes a reader who
// unsubscribed here.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { normalizeEmail } from '../domain/email';
import type { Store, Db } from '../store/connection';
import { siteUsersByLogins } from '../store/queries/member-import';
import { linkSiteUserNewsletter } from '../store/queries/newsletters';
import { insertImportedSubscription, subscriptionEmails } from '../store/queries/imported-people';
import { readCsv } from './csv';
import { ImportFormatError } from './model';
import { importedConsent, parseExportDate } from './people-shared';
import { countPeople, newPeopleReport, notImported, skip, warn, type PeopleReport } from './report';

export interface SubscriberRow { file: string; line: number; email: string; at: number | undefined; country: string | null }
export interface SubstackSubscribers { report: PeopleReport; rows: SubscriberRow[] }

const truthy = (s: string) => /^(true|1|yes)$/i.test(s.trim());

/** The subscriber lists of an export folder (email_list*.csv), read and checked; null when it has none. */
export async function readSubstackSubscribers(dir: string, tenantKey: string, dryRun: boolean, newsletter: { id: number; title: string } | null): Promise<SubstackSubscribers | null> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => /^email_list.*\.csv$/i.test(f)).sort();
  if (!files.length) return null;
  const report = newPeopleReport('substack-subscribers', files.join(', '), tenantKey, dryRun);
  report.newsletter = newsletter;
  const rows: SubscriberRow[] = [];
  for (const file of files) {
    for await (const r of readCsv(join(dir, file))) {
      if ('header' in r) {
        if (!r.header.includes('email')) throw new ImportFormatError(file, { line: 1, column: 0 }, '', 'not a Substack subscriber list: the header has no email column');
        continue;
      }
      report.rows += 1;
      const raw = r.get('email');
      const record = `subscriber "${raw.slice(0, 80)}" (${file})`;
      const email = normalizeEmail(raw);
      if (!email) { skip(report, record, raw ? `email is not an e-mail address: ${JSON.stringify(raw.slice(0, 80))}` : 'email is empty', { line: r.line }); continue; }
      const created = r.get('created_at');
      const at = created ? parseExportDate(created) : undefined;
      if (at === null) { skip(report, record, `created_at is not a date: ${JSON.stringify(created.slice(0, 40))}`, { line: r.line }); continue; }
      if (truthy(r.get('email_disabled'))) { notImported(report, 'email-disabled subscriber'); continue; }
      if (truthy(r.get('active_subscription'))) {
        const plan = r.get('plan');
        const expiry = r.get('expiry');
        warn(report, 'paid-plan', record, `line ${r.line}: a paid subscription${plan ? ` (${plan}${expiry ? `, until ${expiry}` : ''})` : ''}; subscribed to the newsletter, but paid access is not carried over (grant a membership in the admin)`);
      }
      rows.push({ file, line: r.line, email, at, country: r.get('country') || null });
    }
  }
  if (!newsletter && rows.length) warn(report, 'newsletter-not-chosen', `${rows.length} subscribers`, `in ${report.file}; not imported (choose the newsletter they receive with --newsletter <id|title>)`);
  return { report, rows };
}

/** Writes (or, in a dry run, counts) the subscriptions; one transaction per 500 rows. */
export async function writeSubstackSubscribers(store: Store, s: SubstackSubscribers, now: number): Promise<PeopleReport> {
  const { report } = s;
  const newsletter = report.newsletter;
  if (!newsletter) return report;
  const seen = new Set<string>();
  for (let i = 0; i < s.rows.length; i += 500) {
    const batch = s.rows.slice(i, i + 500);
    const work = async (db: Db, write: boolean) => {
      const emails = [...new Set(batch.map((r) => r.email))];
      const have = await subscriptionEmails(db, report.tenant, newsletter.id, emails);
      const users = await siteUsersByLogins(db, report.tenant, emails);
      for (const row of batch) {
        if (have.has(row.email) || seen.has(row.email)) { countPeople(report, 'unchanged', 'subscription'); continue; }
        seen.add(row.email);
        const user = users.find((u) => u.email === row.email);
        if (write) {
          await insertImportedSubscription(db, { tenantKey: report.tenant, newsletterId: newsletter.id, email: row.email, siteUserId: user?.id ?? null, consent: importedConsent(row.country), source: 'SubstackImport', at: row.at ?? now });
          if (user) await linkSiteUserNewsletter(db, user.id, newsletter.id);
        }
        countPeople(report, 'created', 'subscription', `${row.email} to ${newsletter.title}`);
      }
    };
    if (report.dryRun) await work(store.db, false);
    else await store.transaction((tx) => work(tx, true));
  }
  return report;
}
