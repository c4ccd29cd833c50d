// Issue 36: people from real exports. Ghost's members CSV (tests/fixtures/import/ghost-members.csv,
// as Ghost 5 writes it: a quoted name over two lines, a bad address, an impossible date, a deleted
// member, a member the site already has, the same address twice, an Arabic name, labels and tiers)
// into site users, memberships and a newsletter's subscribers; Substack's subscriber list
// (email_list.*.csv) into newsletter subscribers with their consent; a zipped Substack export
// taken as it is. Each into its own tenant of a real SQLite store; the test reads the rows and the
// report (and the CLI's JSON report) the way a consumer would.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { runGhostMembersImport } from '../../engine/import/ghost-members';
import { runImport } from '../../engine/import/run';
import { peopleReportLines, reportLines } from '../../engine/import/report';
import { importedConsent } from '../../engine/import/people-shared';
import { snapshot } from './import-helpers';
import { CLI_RUNNERS } from '../helpers/cli';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

const CORPUS = join(import.meta.dirname, '..', 'fixtures', 'import');
type Row = Record<string, any>;
let store: Store;
let dbPath: string;
const rows = (sql: string, params: (string | number)[] = []) => store.all<Row>(sql, params);

async function addMemberships(tenant: string, list: [number, string, string][]) {
  for (const [id, alias, title] of list) {
    await store.run(`INSERT INTO memberships (id, tenant_key, title, alias, required_user_common_fields, required_user_demographic_fields, additional_user_demographic_fields) VALUES (?, ?, ?, ?, '[]', '[]', '[]')`, [id, tenant, title, alias]);
  }
}
const addNewsletter = (id: number, tenant: string, title: string) => store.run('INSERT INTO newsletters (id, tenant_key, title) VALUES (?, ?, ?)', [id, tenant, title]);

/** Every row the people importers write, for "the second run changed nothing". */
async function peopleSnapshot(): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const t of ['site_users', 'site_user_memberships', 'site_user_newsletters', 'newsletter_subscriptions', 'site_user_consents']) out[t] = await rows(`SELECT * FROM ${t} ORDER BY 1, 2`);
  return JSON.stringify(out);
}

beforeAll(async () => {
  dbPath = tempDbPath();
  store = await openStore({ path: dbPath });
  await seedFixtures(store, writeFixtureSet([tenantFixture('ghostmembers', 400), tenantFixture('substackpeople', 500), tenantFixture('emptytenant', 600), tenantFixture('zipped', 700)], []));
  await addMemberships('ghostmembers', [[401, 'gold', 'Gold'], [402, 'silver-tier', 'Silver Tier'], [403, 'vip', 'VIP'], [404, 'events', 'Events']]);
  await addNewsletter(451, 'ghostmembers', 'Harbour Notes');
  await addNewsletter(452, 'ghostmembers', 'Port Weekly');
  await store.run(`INSERT INTO site_users (tenant_key, username, email, password_hash, first_name, last_name, demographics, created_at, updated_at) VALUES ('ghostmembers', 'olga', 'old@example.com', 'scrypt$kept', NULL, 'Oldtimer', '[]', 1, 1)`);
  await addNewsletter(551, 'substackpeople', 'Harbour Notes');
  await addNewsletter(751, 'zipped', 'Harbour Notes');
  await store.run(`INSERT INTO site_users (tenant_key, username, email, password_hash, first_name, last_name, demographics, created_at, updated_at) VALUES ('substackpeople', 'olga@example.com', 'olga@example.com', NULL, 'Olga', NULL, '[]', 1, 1)`);
  await store.run(`INSERT INTO newsletter_subscriptions (tenant_key, newsletter_id, email, status, source, subscribed_at, unsubscribed_at, created_at, updated_at) VALUES ('substackpeople', 551, 'gone@example.com', 'unsubscribed', 'NlWidgetUnauthenticated', 2, 3, 2, 3)`);
}, 60_000);
afterAll(async () => { await store?.close(); });

const MEMBERS = join(CORPUS, 'ghost-members.csv');
const zero = { siteUser: 0, membership: 0, subscription: 0 };

describe('Ghost members CSV (issue 36)', () => {
  it('a file with a tier no membership matches is refused, naming the tier and its lines; nothing is written', async () => {
    const before = await peopleSnapshot();
    const e = await runGhostMembersImport(store, { file: MEMBERS, tenantKey: 'emptytenant' }).then(() => null, (x: Error) => x);
    expect(e?.message).toBe('tiers: tier "Gold" (line 3, 11) is no membership of emptytenant (nor "Silver tier"): create it, or map it with --map "Gold=<membership>" (memberships: insider (Insider)); nothing was written');
    const notGhost = await runGhostMembersImport(store, { file: join(CORPUS, 'substack', 'posts.csv'), tenantKey: 'ghostmembers' }).then(() => null, (x: Error) => x);
    expect(notGhost?.message).toBe('posts.csv:1:0: not a Ghost members export: the header has no email column (Ghost: Members → ⋯ → Export all members)');
    const badNewsletter = await runGhostMembersImport(store, { file: MEMBERS, tenantKey: 'ghostmembers', newsletter: 'Evening Digest' }).then(() => null, (x: Error) => x);
    expect(badNewsletter?.message).toBe('newsletter: no newsletter "Evening Digest" on ghostmembers (its newsletters: 450 Daily, 451 Harbour Notes, 452 Port Weekly); nothing was written');
    const cut = join(mkdtempSync(join(tmpdir(), 'masthead-import36c-')), 'members.csv');
    writeFileSync(cut, readFileSync(MEMBERS, 'utf8').split('\n').slice(0, 3).join('\n').concat('\n6401a0000000000000000009,cut@example.com,"Cut sho'));
    const notCsv = await runGhostMembersImport(store, { file: cut, tenantKey: 'ghostmembers' }).then(() => null, (x: Error) => x);
    expect(notCsv?.message).toBe('members.csv:4:0: not readable as CSV: a quoted field that starts on this line is never closed (the file may be cut short); nothing was written');
    expect(await peopleSnapshot()).toBe(before);
  });

  it('members become site users without a password, tiers and labels memberships, subscribed_to_emails the chosen newsletter with consent; bad rows are skipped by line', async () => {
    const r = await runGhostMembersImport(store, { file: MEMBERS, tenantKey: 'ghostmembers', newsletter: 'harbour notes', map: { 'Conference 2023': 'events' } });
    expect(r.rows).toBe(10);
    expect(r.newsletter).toEqual({ id: 451, title: 'Harbour Notes' });
    expect(r.skipped).toEqual([
      { record: 'member "dan@example.com"', reason: 'name runs over several lines', line: 4 },
      { record: 'member "not-an-address"', reason: 'email is not an e-mail address: "not-an-address"', line: 6 },
      { record: 'member "feb@example.com"', reason: 'created_at is not a date: "2023-02-30T10:00:00.000Z"', line: 7 },
    ]);
    expect(r.notImported).toEqual({ 'deleted member': 1 });
    expect(r.counts.created).toEqual({ siteUser: 4, membership: 6, subscription: 3 });
    expect(r.counts.updated).toEqual({ siteUser: 1, membership: 0, subscription: 0 });
    expect(r.warnings).toEqual({ 'label-unmapped': 1 });
    expect(r.warningDetails).toEqual([{ kind: 'label-unmapped', record: 'label "Early bird"', detail: 'line 3: no membership of this name; the label is not imported (map it with --map "Early bird=<membership>")' }]);
    const lines = peopleReportLines(r);
    expect(lines).toContain('  site users   created 4, updated 1, unchanged 1');
    expect(lines).toContain('    member "feb@example.com", line 7: created_at is not a date: "2023-02-30T10:00:00.000Z"');
    expect(lines).toContain('  not imported  deleted member 1');

    const users = await rows("SELECT * FROM site_users WHERE tenant_key = 'ghostmembers' ORDER BY email");
    expect(users.map((u) => u.email)).toEqual(['ada@example.com', 'comp@example.com', 'old@example.com', 'quiet@example.com', 'zoe@example.com']);
    const by = (email: string) => users.find((u) => u.email === email)!;
    expect(by('ada@example.com')).toMatchObject({ username: 'ada@example.com', password_hash: null, first_name: 'Ada', last_name: 'King Lovelace', created_at: Date.UTC(2021, 2, 4, 9, 15) });
    expect(by('zoe@example.com')).toMatchObject({ first_name: 'Zoë', last_name: 'Ångström', password_hash: null });
    expect(by('comp@example.com')).toMatchObject({ first_name: 'مريم', last_name: 'الحربي', created_at: Date.UTC(2023, 0, 15, 8, 30) });
    expect(by('quiet@example.com')).toMatchObject({ first_name: null, last_name: null });
    // The member the site had keeps their password, username and last name; the empty first name is filled.
    expect(by('old@example.com')).toMatchObject({ username: 'olga', password_hash: 'scrypt$kept', first_name: 'Olga', last_name: 'Oldtimer' });
    expect(users.some((u) => u.email === 'gone@example.com' || u.email === 'dan@example.com')).toBe(false);

    const held = Object.fromEntries(await Promise.all(users.map(async (u) => [u.email, (await rows('SELECT membership_id FROM site_user_memberships WHERE site_user_id = ? ORDER BY 1', [u.id])).map((m) => m.membership_id)])));
    expect(held).toEqual({ 'ada@example.com': [403, 404], 'zoe@example.com': [401, 404], 'old@example.com': [402], 'comp@example.com': [401], 'quiet@example.com': [] });

    const subs = await rows("SELECT email, status, source, consent, subscribed_at, site_user_id FROM newsletter_subscriptions WHERE tenant_key = 'ghostmembers' AND newsletter_id = 451 ORDER BY email");
    expect(subs.map((s) => [s.email, s.status, s.source, JSON.parse(s.consent), s.subscribed_at])).toEqual([
      ['ada@example.com', 'subscribed', 'GhostImport', { GDPR: { country: '', region: null, compliance: true } }, Date.UTC(2021, 2, 4, 9, 15)],
      ['comp@example.com', 'subscribed', 'GhostImport', { GDPR: { country: '', region: null, compliance: true } }, Date.UTC(2023, 0, 15, 8, 30)],
      ['zoe@example.com', 'subscribed', 'GhostImport', { GDPR: { country: '', region: null, compliance: true } }, Date.UTC(2022, 5, 1, 12)],
    ]);
    expect(subs.every((s) => s.site_user_id === by(s.email).id)).toBe(true);
    expect((await rows('SELECT site_user_id FROM site_user_newsletters WHERE newsletter_id = 451 ORDER BY 1')).map((x) => x.site_user_id)).toEqual([by('ada@example.com').id, by('zoe@example.com').id, by('comp@example.com').id].sort((a, b) => a - b));
  });

  it('running the same file again writes nothing; a reader who unsubscribed here stays unsubscribed', async () => {
    await store.run("UPDATE newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = 5 WHERE email = 'zoe@example.com'");
    const before = await peopleSnapshot();
    const again = await runGhostMembersImport(store, { file: MEMBERS, tenantKey: 'ghostmembers', newsletter: '451', map: { 'Conference 2023': 'events' } });
    expect(again.counts.created).toEqual(zero);
    expect(again.counts.updated).toEqual(zero);
    expect(again.counts.unchanged).toEqual({ siteUser: 6, membership: 6, subscription: 4 });
    expect(await peopleSnapshot()).toBe(before);
  });

  it('masthead import ghost-members: --dry-run writes nothing and saves the JSON report; a bad --map is refused', async () => {
    await addMemberships('substackpeople', [[501, 'gold', 'Gold'], [502, 'silver', 'Silver']]);
    const before = await peopleSnapshot();
    const reportFile = join(mkdtempSync(join(tmpdir(), 'masthead-import36m-')), 'members.json');
    const r = await CLI_RUNNERS[0]!.run(['--db', dbPath, 'import', 'ghost-members', MEMBERS, '--tenant', 'substackpeople', '--map', 'Silver tier=silver', '--dry-run', '--report', reportFile]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Dry run of ghost-members');
    expect(r.stdout).toContain('  site users   would create 5, would update 0, unchanged 1');
    expect(r.stdout).toContain('    member "not-an-address", line 6: email is not an e-mail address: "not-an-address"');
    expect(r.stdout).toContain('create membership 502 for old@example.com');
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    expect(report).toMatchObject({ dryRun: true, tenant: 'substackpeople', rows: 10, warnings: { 'newsletter-not-chosen': 1, 'label-unmapped': 4 } });
    expect(report.skipped.map((s: { line: number }) => s.line)).toEqual([4, 6, 7]);
    expect(await peopleSnapshot()).toBe(before);
    const bad = await CLI_RUNNERS[0]!.run(['--db', dbPath, 'import', 'ghost-members', MEMBERS, '--tenant', 'substackpeople', '--map', 'Silver tier']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('map: "Silver tier" is not "<Ghost tier or label>=<membership id, alias or title>"');
    expect(await peopleSnapshot()).toBe(before);
  });

  it('a Ghost 4 export: tiers in the products column, a complimentary tier until expiry_at; a bad expiry_at skips the row', async () => {
    const r = await runGhostMembersImport(store, { file: join(CORPUS, 'ghost-members-4.csv'), tenantKey: 'ghostmembers' });
    expect(r.skipped).toEqual([{ record: 'member "lee@example.com"', reason: 'expiry_at is not a date: "someday"', line: 3 }]);
    expect(r.counts.created).toEqual({ siteUser: 1, membership: 1, subscription: 0 });
    expect(r.warnings).toEqual({ 'newsletter-not-chosen': 1 });
    const [pat] = await rows("SELECT id, password_hash FROM site_users WHERE tenant_key = 'ghostmembers' AND email = 'pat@example.com'");
    expect(pat!.password_hash).toBeNull();
    expect(await rows('SELECT membership_id, expires_at FROM site_user_memberships WHERE site_user_id = ?', [pat!.id])).toEqual([{ membership_id: 401, expires_at: Date.UTC(2026, 11, 31) }]);
  });
});

const SUBSTACK = join(CORPUS, 'substack-with-subscribers');
const ZIP = join(CORPUS, 'substack-export.zip');
const everything = async () => `${await snapshot((q) => store.all(q))}${await peopleSnapshot()}`;
const subscriptionsOf = async (tenant: string) => Object.fromEntries((await rows('SELECT * FROM newsletter_subscriptions WHERE tenant_key = ? ORDER BY email', [tenant])).map((s) => [s.email, s]));

describe('Substack subscribers and zipped exports (issue 36)', () => {
  it('email_list*.csv: subscribers join the chosen newsletter with their consent and date; bad rows are skipped by line, e-mail-disabled readers counted, paid plans warned; a second run writes nothing', async () => {
    const r = await runImport(store, { source: 'substack', file: SUBSTACK, tenantKey: 'substackpeople', newsletter: 'Harbour Notes', fetchTimeoutMs: 1000 });
    expect(r.counts.created).toMatchObject({ content: 1, redirect: 1 });
    const s = r.subscribers!;
    expect(s).toMatchObject({ source: 'substack-subscribers', file: 'email_list.harbour-notes.csv', rows: 8, newsletter: { id: 551, title: 'Harbour Notes' } });
    expect(s.counts.created.subscription).toBe(3);
    expect(s.counts.unchanged.subscription).toBe(2);
    expect(s.skipped).toEqual([
      { record: 'subscriber "broken-address" (email_list.harbour-notes.csv)', reason: 'email is not an e-mail address: "broken-address"', line: 5 },
      { record: 'subscriber "when@example.com" (email_list.harbour-notes.csv)', reason: 'created_at is not a date: "yesterday"', line: 6 },
    ]);
    expect(s.notImported).toEqual({ 'email-disabled subscriber': 1 });
    expect(s.warnings).toEqual({ 'paid-plan': 1 });
    expect(s.warningDetails[0]!.detail).toBe('line 3: a paid subscription (yearly, until 2025-06-01T00:00:00.000Z); subscribed to the newsletter, but paid access is not carried over (grant a membership in the admin)');
    const lines = reportLines(r);
    expect(lines).toContain('  Imported substack-subscribers email_list.harbour-notes.csv into substackpeople: 8 rows, newsletter 551 Harbour Notes');
    expect(lines).toContain('    subscribers  created 3, updated 0, unchanged 2');
    expect(lines).toContain('      subscriber "when@example.com" (email_list.harbour-notes.csv), line 6: created_at is not a date: "yesterday"');

    const subs = await subscriptionsOf('substackpeople');
    expect(Object.keys(subs)).toEqual(['gone@example.com', 'olga@example.com', 'paid@example.com', 'reader@example.com']);
    expect(subs['reader@example.com']).toMatchObject({ newsletter_id: 551, status: 'subscribed', source: 'SubstackImport', subscribed_at: Date.UTC(2022, 0, 10, 8), site_user_id: null });
    expect(JSON.parse(subs['reader@example.com'].consent)).toEqual({ GDPR: { country: '', region: null, compliance: true } });
    expect(subs['paid@example.com']).toMatchObject({ status: 'subscribed', subscribed_at: Date.UTC(2021, 4, 5, 5, 5, 5) });
    // The member the site has is linked as the subscribe pane links one; the reader who unsubscribed here stays out.
    const olga = (await rows("SELECT id FROM site_users WHERE tenant_key = 'substackpeople' AND email = 'olga@example.com'"))[0]!.id;
    expect(subs['olga@example.com']).toMatchObject({ site_user_id: olga, status: 'subscribed' });
    expect(await rows('SELECT newsletter_id FROM site_user_newsletters WHERE site_user_id = ?', [olga])).toEqual([{ newsletter_id: 551 }]);
    expect(subs['gone@example.com']).toMatchObject({ status: 'unsubscribed', source: 'NlWidgetUnauthenticated', unsubscribed_at: 3 });
    expect(importedConsent('CAN')).toEqual({ CASL: { country: 'CAN', region: null, compliance: true } });

    const before = await everything();
    const again = await runImport(store, { source: 'substack', file: SUBSTACK, tenantKey: 'substackpeople', newsletter: '551', fetchTimeoutMs: 1000 });
    expect(again.subscribers!.counts.created.subscription).toBe(0);
    expect(again.subscribers!.counts.unchanged.subscription).toBe(5);
    expect(await everything()).toBe(before);
  });

  it('masthead import substack <export.zip> takes the zip as Substack sends it: posts and subscribers land, a second run changes nothing', async () => {
    const reportFile = join(mkdtempSync(join(tmpdir(), 'masthead-import36z-')), 'report.json');
    const cli = (...extra: string[]) => CLI_RUNNERS[0]!.run(['--db', dbPath, 'import', 'substack', ZIP, '--tenant', 'zipped', '--newsletter', 'Harbour Notes', '--report', reportFile, ...extra]);
    const r = await cli();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('    subscribers  created 4, updated 0, unchanged 1');
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    expect(report).toMatchObject({ file: ZIP, tenant: 'zipped', version: 'posts.csv', counts: { created: { content: 1, redirect: 1 } }, subscribers: { rows: 8, newsletter: { id: 751 } } });
    expect(report.subscribers.skipped.map((x: { line: number }) => x.line)).toEqual([5, 6]);
    const [post] = await rows("SELECT * FROM content WHERE tenant_key = 'zipped' AND name = 'Harbour Notes No. 1'");
    expect(post!.body).toContain('<strong>Harbour Notes</strong>');
    expect(Object.keys(await subscriptionsOf('zipped'))).toEqual(['gone@example.com', 'olga@example.com', 'paid@example.com', 'reader@example.com']);
    expect(await rows("SELECT * FROM redirects WHERE tenant_key = 'zipped' AND from_path = '/p/harbour-notes-no-1'")).toHaveLength(1);
    const before = await everything();
    const again = await cli();
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(readFileSync(reportFile, 'utf8')).subscribers.counts.created.subscription).toBe(0);
    expect(await everything()).toBe(before);
  });

  it('refused before anything is written: a zip whose entry climbs out of its folder, a file that is not a zip nor an export, an unknown newsletter; without --newsletter subscribers are counted, not imported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'masthead-import36x-'));
    const evil = join(dir, 'evil.zip');
    writeFileSync(evil, zipSync({ 'posts.csv': strToU8(readFileSync(join(SUBSTACK, 'posts.csv'), 'utf8')), '../escaped.csv': strToU8('email\nx@example.com\n') }));
    const notZip = join(dir, 'export.zip');
    writeFileSync(notZip, 'PK\x03\x04 but not really a zip');
    const before = await everything();
    const fail = (file: string, extra: Record<string, string> = {}) => runImport(store, { source: 'substack', file, tenantKey: 'zipped', ...extra }).then(() => null, (e: Error) => e.message);
    expect(await fail(evil)).toBe('evil.zip: refused: the entry "../escaped.csv" would be written outside the export\'s folder; nothing was written');
    expect(await fail(notZip)).toMatch(/^export\.zip: not a readable zip file \(/);
    expect(await fail(ZIP, { newsletter: 'Morning Brief' })).toBe('newsletter: no newsletter "Morning Brief" on zipped (its newsletters: 750 Daily, 751 Harbour Notes); nothing was written');
    writeFileSync(join(dir, 'posts.csv'), readFileSync(join(SUBSTACK, 'posts.csv')));
    writeFileSync(join(dir, 'email_list.x.csv'), 'address,created_at\nx@example.com,2020-01-01\n');
    expect(await fail(dir, { newsletter: '751' })).toBe('email_list.x.csv:1:0: not a Substack subscriber list: the header has no email column');
    expect(await everything()).toBe(before);

    const counted = await runImport(store, { source: 'substack', file: ZIP, tenantKey: 'zipped', dryRun: true });
    expect(counted.subscribers!.warnings).toEqual({ 'newsletter-not-chosen': 1, 'paid-plan': 1 });
    expect(counted.subscribers!.warningDetails.find((w) => w.kind === 'newsletter-not-chosen')).toEqual({ kind: 'newsletter-not-chosen', record: '5 subscribers', detail: 'in email_list.harbour-notes.csv; not imported (choose the newsletter they receive with --newsletter <id|title>)' });
    expect(counted.subscribers!.counts.created.subscription).toBe(0);
    expect(await everything()).toBe(before);
  });
});
