// Issue 36: people from real exports. Ghost's members CSV (tests/fixtures/import/ghost-members.csv,
// as Ghost 5 writes it: a quoted name over two lines, a bad address, an impossible date, a deleted
// member, a member the site already has, the same address twice, an Arabic name, labels and tiers)
// into site users, memberships and a newsletter's subscribers; Substack's subscriber list
// (email_list.*.csv) into newsletter subscribers with their consent; a zipped Substack export
// taken as it is. Each into its own tenant of a real SQLite store; the test reads the rows and the
// report (and the CLI's JSON report) the way a consumer would.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { runGhostMembersImport } from '../../engine/import/ghost-members';
import { peopleReportLines } from '../../engine/import/people';
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
  await seedFixtures(store, writeFixtureSet([tenantFixture('ghostmembers', 400), tenantFixture('substackpeople', 500), tenantFixture('emptytenant', 600)], []));
  await addMemberships('ghostmembers', [[401, 'gold', 'Gold'], [402, 'silver-tier', 'Silver Tier'], [403, 'vip', 'VIP'], [404, 'events', 'Events']]);
  await addNewsletter(451, 'ghostmembers', 'Harbour Notes');
  await addNewsletter(452, 'ghostmembers', 'Port Weekly');
  await store.run(`INSERT INTO site_users (tenant_key, username, email, password_hash, first_name, last_name, demographics, created_at, updated_at) VALUES ('ghostmembers', 'olga', 'old@example.com', 'scrypt$kept', NULL, 'Oldtimer', '[]', 1, 1)`);
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
});

