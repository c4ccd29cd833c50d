// /admin/migrate-site-users (issue 24): a CSV of site users is previewed row by row, then imported:
// duplicates by e-mail merged (with an existing user and within the file), invalid rows listed with
// the field and reason, nothing imported from a file with errors unless staff choose "import valid
// rows", opt-ins dated with their consent date. Staff with manage_site_users on the tenant only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSiteUser } from '../../engine/store/queries/members';
import { ALPHA, memberCounts, startMembers, type MemberHarness } from './members-harness';

let h: MemberHarness;
let annId: number;

const CSV = [
  '\uFEFFE-mail,First name,Last name,Company,Country,Memberships,Newsletters,Consent date',
  'zoe@example.com,Zoë,Ångström,"Freight, Rail & Sea",DE,insider|Pro,Daily,2023-05-04',
  'ANN@example.com,Ann,Archer,New Co,CA,pro,150,2022-01-02T09:30:00Z',
  'zoe@EXAMPLE.com,,,,,,,',
  'not-an-address,Nope,,,,,,',
  'dan@example.com,Dan,"Multi-line',
  'name ""Danny""",,US,gold,,',
  'eve@example.com,Eve,,,XX,,Daily,',
  'fay@example.com,Fay,,,,,,2999-01-01',
].join('\r\n');

const rowsOf = (r: { data: Record<string, any> }) => r.data.previewSiteUserImport.rows as { line: number; email: string; action: string; mergedWithLine: number | null; problems: { field: string; message: string }[] }[];
const user = async (email: string, tenant = 'alpha') => (await h.store.all<Record<string, any>>('SELECT * FROM site_users WHERE tenant_key = ? AND email = ?', [tenant, email]))[0];

beforeAll(async () => {
  h = await startMembers();
  annId = await h.member('ann@example.com', { memberships: [ALPHA.insider] });
  await updateSiteUser(h.store.db, 'alpha', annId, { company: 'Old Co', lastName: null });
  await h.member('zoe@example.com', { tenant: 'beta' });
});
afterAll(async () => { await h?.close(); });

describe('site users from a CSV', () => {
  it('the preview maps columns by their names and says per row: create, merge or invalid with the field and reason', async () => {
    const r = await h.op('previewSiteUserImport', { input: { csv: CSV } }, { as: 'alphaAdmin' });
    expect(r.error).toBeUndefined();
    const p = r.data.previewSiteUserImport;
    expect(p.columns).toEqual(['E-mail', 'First name', 'Last name', 'Company', 'Country', 'Memberships', 'Newsletters', 'Consent date']);
    expect(p.mapping.map((m: { column: number }) => m.column)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(p).toMatchObject({ total: 7, valid: 3, invalid: 4, create: 1, merge: 2 });
    const rows = rowsOf(r);
    expect(rows.map((x) => [x.line, x.email, x.action, x.mergedWithLine])).toEqual([
      [2, 'zoe@example.com', 'create', null], [3, 'ann@example.com', 'merge', null], [4, 'zoe@example.com', 'merge', 2],
      [5, 'not-an-address', 'invalid', null], [6, 'dan@example.com', 'invalid', null], [8, 'eve@example.com', 'invalid', null], [9, 'fay@example.com', 'invalid', null],
    ]);
    expect(rows[3]!.problems).toEqual([{ field: 'email', message: 'Must be an e-mail address' }]);
    // A quoted field runs over two lines ("" is a quote); a line break in a name is refused.
    expect(rows[4]!.problems).toEqual([
      { field: 'lastName', message: 'Must not contain control characters' },
      { field: 'memberships', message: 'No membership "gold" on this site (use its id, alias or title)' },
    ]);
    expect(rows[5]!.problems.map((x) => x.field)).toEqual(['countryCode', 'consentDate']);
    expect(rows[6]!.problems).toEqual([{ field: 'consentDate', message: 'Must not be in the future' }]);
  });

  it('a file with invalid rows imports nothing unless staff choose "import valid rows"', async () => {
    const before = await memberCounts(h);
    const r = await h.op('importSiteUsers', { input: { csv: CSV } }, { as: 'alphaAdmin' });
    expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.csv' });
    expect(r.error!.message).toContain('4 of 7 rows have problems (line 5, email: Must be an e-mail address)');
    expect(await memberCounts(h)).toEqual(before);
  });

  it('"import valid rows" creates new users and merges duplicates by e-mail without overwriting what a user has', async () => {
    const r = await h.op('importSiteUsers', { input: { csv: CSV, importValidRows: true } }, { as: 'alphaAdmin' });
    expect(r.data.importSiteUsers).toEqual({ created: 1, merged: 2, skipped: 4 });
    const zoe = await user('zoe@example.com');
    expect(zoe).toMatchObject({ username: 'zoe@example.com', password_hash: null, first_name: 'Zoë', last_name: 'Ångström', company: 'Freight, Rail & Sea', country_code: 'DEU' });
    expect((await h.store.all('SELECT membership_id FROM site_user_memberships WHERE site_user_id = ? ORDER BY 1', [zoe!.id])).map((m: any) => m.membership_id)).toEqual([ALPHA.insider, ALPHA.pro]);
    expect(await h.store.all('SELECT newsletter_id, created_at FROM site_user_newsletters WHERE site_user_id = ?', [zoe!.id])).toEqual([{ newsletter_id: ALPHA.newsletter, created_at: Date.UTC(2023, 4, 4) }]);
    expect(await h.store.all('SELECT kind, country, compliance, source, created_at FROM site_user_consents WHERE site_user_id = ?', [zoe!.id]))
      .toEqual([{ kind: 'GDPR', country: 'DEU', compliance: 1, source: 'csv-import', created_at: Date.UTC(2023, 4, 4) }]);
    const ann = await user('ann@example.com');
    expect(ann).toMatchObject({ id: annId, first_name: 'Test', last_name: 'Archer', company: 'Old Co', country_code: 'CAN' });
    expect((await h.store.all('SELECT membership_id FROM site_user_memberships WHERE site_user_id = ? ORDER BY 1', [annId])).map((m: any) => m.membership_id)).toEqual([ALPHA.insider, ALPHA.pro]);
    expect(await h.store.all('SELECT kind, created_at FROM site_user_consents WHERE site_user_id = ?', [annId])).toEqual([{ kind: 'CASL', created_at: Date.parse('2022-01-02T09:30:00Z') }]);
    expect(await user('dan@example.com')).toBeUndefined();
    expect((await user('zoe@example.com', 'beta'))!.company).toBeNull();
    const [hist] = await h.store.all<Record<string, any>>("SELECT * FROM history WHERE entity_type = 'siteUser' AND action = 'import'");
    expect(JSON.parse(hist!.changes)).toEqual({ created: 1, merged: 2, skipped: 4, skippedLines: [5, 6, 8, 9] });
  });

  it('importing the same valid rows again creates nobody and adds nothing', async () => {
    const before = await memberCounts(h);
    const r = await h.op('importSiteUsers', { input: { csv: CSV, importValidRows: true } }, { as: 'alphaAdmin' });
    expect(r.data.importSiteUsers).toEqual({ created: 0, merged: 3, skipped: 4 });
    expect({ ...(await memberCounts(h)), history: 0 }).toEqual({ ...before, history: 0 });
  });

  it('a chosen mapping replaces the guess; a bad file or mapping is refused naming the field', async () => {
    const semi = 'mail;name\n"kim@example.com";Kim\n';
    const mapped = await h.op('previewSiteUserImport', { input: { csv: semi, mapping: [{ field: 'email', column: 0 }, { field: 'lastName', column: 1 }] } }, { as: 'alphaAdmin' });
    expect(mapped.data.previewSiteUserImport.mapping.find((m: { field: string }) => m.field === 'lastName').column).toBe(1);
    expect(mapped.data.previewSiteUserImport.rows[0]).toMatchObject({ email: 'kim@example.com', action: 'create' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ csv: 'email,name\n"open@example.com,Open\n' }, 'input.csv', 'line 2: a quoted field is not closed'],
      [{ csv: 'name\nKim\n' }, 'input.mapping', 'Choose the column that holds the e-mail address'],
      [{ csv: semi, mapping: [{ field: 'email', column: 5 }] }, 'input.mapping[0].column', 'The file has 2 columns'],
      [{ csv: '' }, 'input.csv', 'Field is required'],
    ];
    for (const [input, field, message] of cases) {
      const e = (await h.op('previewSiteUserImport', { input }, { as: 'alphaAdmin' })).error!;
      expect(e.extensions, JSON.stringify(input)).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(e.message).toContain(message);
    }
  });

  it('needs manage_site_users on the tenant', async () => {
    const before = await memberCounts(h);
    expect((await h.op('previewSiteUserImport', { input: { csv: CSV } }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('importSiteUsers', { input: { csv: CSV, importValidRows: true } }, { as: 'alphaAdmin', tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('importSiteUsers', { input: { csv: CSV, importValidRows: true } })).error!.extensions.code).toBe('UNAUTHENTICATED');
    expect(await memberCounts(h)).toEqual(before);
  });
});
