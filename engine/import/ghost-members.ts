// Ghost members (Members → Export, a CSV: id, email, name, note, subscribed_to_emails,
// complimentary_plan, stripe_customer_id, created_at, deleted_at, labels, tiers) into the tenant's
// site users and their memberships (issue 36). Read with csv-parse (csv.ts), each row named by the
// line it starts on.
//
// - A member becomes a site user keyed by e-mail address (an existing one is kept and only its empty
//   name filled); no password is made up: imported members set one through "Forgot your password?".
// - Tiers (Ghost 4: products; until expiry_at when given) and labels become memberships: matched by the membership's id, alias or title (case,
//   spaces and punctuation ignored) or by `map` (`--map "Ghost name=membership"`). A tier nobody
//   can match refuses the whole file before anything is written (paid access must not be lost
//   quietly); a label that matches nothing is a `label-unmapped` warning (labels are often just
//   segments).
// - subscribed_to_emails=true opts the member in to the chosen newsletter (`--newsletter`) with
//   their consent recorded as the subscribe pane records it, dated created_at; without a newsletter
//   chosen it is a `newsletter-not-chosen` warning.
// - A row with a bad e-mail address, date or name is skipped and named by its line; a deleted
//   member (deleted_at set) is counted as not imported. Running the same file again writes nothing.
import { basename } from 'node:path';
import { hasControlChars } from '../domain/members';
import { normalizeEmail } from '../domain/email';
import type { Store, Db } from '../store/connection';
import { membershipNames, siteUsersByLogins, type NamedRecord } from '../store/queries/member-import';
import { updateSiteUser } from '../store/queries/members';
import { linkSiteUserNewsletter } from '../store/queries/newsletters';
import { getTenant } from '../store/queries/tenants';
import { grantMembership, insertImportedSiteUser, insertImportedSubscription, membershipsOf, subscriptionEmails } from '../store/queries/imported-people';
import { readCsv } from './csv';
import { ImportFormatError, ImportInputError } from './model';
import { importedConsent, parseExportDate, resolveNewsletter } from './people-shared';
import { countPeople, newPeopleReport, notImported, skip, warn, type PeopleReport } from './report';

export interface GhostMembersOptions {
  file: string;
  tenantKey: string;
  dryRun?: boolean;
  /** The newsletter members with subscribed_to_emails=true are opted in to (id or title). */
  newsletter?: string | undefined;
  /** Ghost tier or label name → membership id, alias or title. */
  map?: Record<string, string> | undefined;
  batchSize?: number;
}

interface MemberRow { line: number; email: string; firstName: string | null; lastName: string | null; createdAt: number | undefined; subscribed: boolean; memberships: { id: number; expiresAt: number | null }[] }

const GHOST_COLUMNS = ['subscribed_to_emails', 'complimentary_plan', 'stripe_customer_id'];
const norm = (s: string) => s.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);
const truthy = (s: string) => /^(true|1|yes)$/i.test(s.trim());

function matcher(mems: NamedRecord[], map: Record<string, string>) {
  const mapped = new Map(Object.entries(map).map(([k, v]) => [norm(k), v]));
  return (name: string): number | undefined => {
    const target = norm(mapped.get(norm(name)) ?? name);
    return mems.find((m) => m.names.some((n) => norm(n) === target))?.id;
  };
}

/** `--map` values ("Gold=insider") into a map; a value without "=" is an ImportInputError. */
export function parseMemberMap(values: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values) {
    const i = v.lastIndexOf('=');
    if (i <= 0 || i === v.length - 1) throw new ImportInputError('map', `"${v}" is not "<Ghost tier or label>=<membership id, alias or title>"`);
    out[v.slice(0, i).trim()] = v.slice(i + 1).trim();
  }
  return out;
}

async function readMembers(file: string, tenantKey: string, mems: NamedRecord[], map: Record<string, string>, report: PeopleReport): Promise<MemberRow[]> {
  const find = matcher(mems, map);
  const rows: MemberRow[] = [];
  const unknownTiers = new Map<string, number[]>();
  const name = basename(file);
  let sawHeader = false;
  for await (const r of readCsv(file)) {
    if ('header' in r) {
      sawHeader = true;
      if (!r.header.includes('email') || !GHOST_COLUMNS.some((c) => r.header.includes(c))) {
        throw new ImportFormatError(name, { line: 1, column: 0 }, '', `not a Ghost members export: the header has ${r.header.includes('email') ? `none of ${GHOST_COLUMNS.join(', ')}` : 'no email column'} (Ghost: Members → ⋯ → Export all members)`);
      }
      continue;
    }
    report.rows += 1;
    const raw = r.get('email');
    const record = `member ${JSON.stringify(raw.slice(0, 80))}`;
    if (r.get('deleted_at')) { notImported(report, 'deleted member'); continue; }
    const email = normalizeEmail(raw);
    if (!email) { skip(report, record, raw ? `email is not an e-mail address: ${JSON.stringify(raw.slice(0, 80))}` : 'email is empty', { line: r.line }); continue; }
    const created = r.get('created_at');
    const createdAt = created ? parseExportDate(created) : undefined;
    if (createdAt === null) { skip(report, record, `created_at is not a date: ${JSON.stringify(created.slice(0, 40))}`, { line: r.line }); continue; }
    const rawName = r.get('name');
    if (hasControlChars(rawName)) { skip(report, record, /[\r\n]/.test(rawName) ? 'name runs over several lines' : 'name contains control characters', { line: r.line }); continue; }
    const full = rawName.replace(/\s+/g, ' ');
    const [first, ...rest] = full ? full.split(' ') : [];
    if ((first?.length ?? 0) > 120 || rest.join(' ').length > 120) { skip(report, record, 'the first name or the rest of the name is longer than 120 characters', { line: r.line }); continue; }
    // Ghost 4 named the tiers column products; a complimentary tier may carry expiry_at.
    const tiers = r.get('tiers') || r.get('products');
    const expiry = r.get('expiry_at');
    const expiresAt = expiry ? parseExportDate(expiry) : null;
    if (expiry && expiresAt === null) { skip(report, record, `expiry_at is not a date: ${JSON.stringify(expiry.slice(0, 40))}`, { line: r.line }); continue; }
    const memberships = new Map<number, number | null>();
    for (const tier of list(tiers)) {
      const id = find(tier);
      if (id === undefined) unknownTiers.set(tier, [...(unknownTiers.get(tier) ?? []), r.line]);
      else memberships.set(id, expiresAt);
    }
    for (const label of list(r.get('labels'))) {
      const id = find(label);
      if (id === undefined) warn(report, 'label-unmapped', `label "${label}"`, `line ${r.line}: no membership of this name; the label is not imported (map it with --map "${label}=<membership>")`);
      else if (!memberships.has(id)) memberships.set(id, null);
    }
    if (truthy(r.get('complimentary_plan')) && !tiers) warn(report, 'complimentary-without-tier', record, `line ${r.line}: a complimentary plan without a tier (a Ghost 4 export?); no membership granted`);
    rows.push({ line: r.line, email, firstName: first || null, lastName: rest.join(' ') || null, createdAt, subscribed: truthy(r.get('subscribed_to_emails')), memberships: [...memberships].map(([id, at]) => ({ id, expiresAt: at })) });
  }
  if (!sawHeader) throw new ImportFormatError(name, { line: 1, column: 0 }, '', 'not a Ghost members export: the file is empty');
  if (unknownTiers.size) {
    const [tier, lines] = [...unknownTiers][0]!;
    const names = mems.map((m) => `${m.names[1]} (${m.names[2]})`).join(', ') || 'none';
    throw new ImportInputError('tiers', `tier "${tier}" (line ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? ', …' : ''}) is no membership of ${tenantKey}${unknownTiers.size > 1 ? ` (nor ${[...unknownTiers.keys()].slice(1, 6).map((t) => `"${t}"`).join(', ')})` : ''}: create it, or map it with --map "${tier}=<membership>" (memberships: ${names}); nothing was written`);
  }
  return rows;
}

/** Imports a Ghost members CSV into the tenant's site users, memberships and (optionally) a newsletter. */
export async function runGhostMembersImport(store: Store, opts: GhostMembersOptions): Promise<PeopleReport> {
  const started = performance.now();
  const report = newPeopleReport('ghost-members', opts.file, opts.tenantKey, !!opts.dryRun);
  if (!(await getTenant(store.db, opts.tenantKey))) throw new ImportInputError('tenant', `no tenant with the key ${JSON.stringify(opts.tenantKey)}`);
  const newsletter = opts.newsletter ? await resolveNewsletter(store.db, opts.tenantKey, opts.newsletter) : null;
  report.newsletter = newsletter;
  const rows = await readMembers(opts.file, opts.tenantKey, await membershipNames(store.db, opts.tenantKey), opts.map ?? {}, report);
  const wantEmails = rows.filter((r) => r.subscribed).length;
  if (wantEmails && !newsletter) warn(report, 'newsletter-not-chosen', `${wantEmails} members`, 'subscribed to e-mails in Ghost; not opted in to any newsletter (choose it with --newsletter <id|title>)');

  const batchSize = opts.batchSize ?? 500;
  const known = new Map<string, { id: number; memberships: Set<number>; subscribed: boolean }>();
  let fakeId = -1;
  for (let i = 0; i < rows.length; i += batchSize) {
    const batch = rows.slice(i, i + batchSize);
    const work = async (db: Db, write: boolean) => {
      const emails = [...new Set(batch.map((r) => r.email).filter((e) => !known.has(e)))];
      const users = await siteUsersByLogins(db, opts.tenantKey, emails);
      const held = await membershipsOf(db, users.map((u) => u.id));
      const subs = newsletter ? await subscriptionEmails(db, opts.tenantKey, newsletter.id, emails) : new Set<string>();
      for (const row of batch) {
        let k = known.get(row.email);
        if (!k) {
          const user = users.find((u) => u.email === row.email);
          if (!user && users.some((u) => u.username === row.email)) { skip(report, `member "${row.email}"`, 'another site user has this address as their username', { line: row.line }); continue; }
          if (user) {
            const patch = { ...(!user.firstName && row.firstName ? { firstName: row.firstName } : {}), ...(!user.lastName && row.lastName ? { lastName: row.lastName } : {}) };
            if (Object.keys(patch).length) { if (write) await updateSiteUser(db, opts.tenantKey, user.id, patch); countPeople(report, 'updated', 'siteUser', row.email); }
            else countPeople(report, 'unchanged', 'siteUser');
            k = { id: user.id, memberships: held.get(user.id) ?? new Set(), subscribed: subs.has(row.email) };
          } else {
            const id = write ? await insertImportedSiteUser(db, { tenantKey: opts.tenantKey, email: row.email, firstName: row.firstName, lastName: row.lastName, createdAt: row.createdAt }) : fakeId--;
            countPeople(report, 'created', 'siteUser', `${row.email} (line ${row.line})`);
            k = { id, memberships: new Set(), subscribed: subs.has(row.email) };
          }
          known.set(row.email, k);
        } else countPeople(report, 'unchanged', 'siteUser');
        for (const m of row.memberships) {
          if (k.memberships.has(m.id)) { countPeople(report, 'unchanged', 'membership'); continue; }
          if (write) await grantMembership(db, k.id, m.id, m.expiresAt);
          k.memberships.add(m.id);
          countPeople(report, 'created', 'membership', `${m.id} for ${row.email}`);
        }
        if (newsletter && row.subscribed) {
          if (k.subscribed) { countPeople(report, 'unchanged', 'subscription'); continue; }
          if (write) {
            await insertImportedSubscription(db, { tenantKey: opts.tenantKey, newsletterId: newsletter.id, email: row.email, siteUserId: k.id, consent: importedConsent(null), source: 'GhostImport', at: row.createdAt ?? Date.now() });
            await linkSiteUserNewsletter(db, k.id, newsletter.id);
          }
          k.subscribed = true;
          countPeople(report, 'created', 'subscription', `${row.email} to ${newsletter.title}`);
        }
      }
    };
    if (opts.dryRun) await work(store.db, false);
    else await store.transaction((tx) => work(tx, true));
  }
  report.durationMs = Math.round(performance.now() - started);
  return report;
}
