import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openStore, type Store } from '../../engine/store/connection';
import { content, websiteSections, cmsUsers } from '../../engine/store/schema';
import { countRows } from '../../engine/store/writes';
import { seedFixtures } from '../../engine/fixtures/seed';
import { verifyPassword } from '../../engine/auth/passwords';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

const stores: Store[] = [];
afterEach(async () => { while (stores.length) await stores.pop()!.close(); });
async function fresh() {
  const s = await openStore({ path: tempDbPath() });
  stores.push(s);
  return s;
}
const admin = { id: 1, email: 'ops@example.com', username: 'ops', firstName: 'Ops', lastName: 'Person', role: 'admin', isGlobal: true, password: 'correct horse battery' };

describe('seed', () => {
  it('loads a fixture set, and loading it twice leaves identical rows', async () => {
    const dir = writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)], [admin]);
    const s = await fresh();
    const first = await seedFixtures(s, dir);
    expect(first.tenants).toEqual(['alpha', 'beta']);
    expect(first.rows.content).toBe(24);
    expect(first.rows.website_schedules).toBe(28);
    const snapshot = await s.all('select * from content order by id');
    const second = await seedFixtures(s, dir);
    expect(second.rows).toEqual(first.rows);
    const again = await s.all<Record<string, unknown>>('select * from content order by id');
    expect(again.map(({ updated_at: _u, ...r }) => r)).toEqual(snapshot.map(({ updated_at: _u, ...r }: any) => r));
  });

  it('derives section aliases from the tree unless manual', async () => {
    const s = await fresh();
    await seedFixtures(s, writeFixtureSet([tenantFixture('alpha', 100)]));
    const rows = await s.db.select({ id: websiteSections.id, alias: websiteSections.alias }).from(websiteSections);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.alias]))).toEqual({ 101: 'home', 102: 'markets', 103: 'markets/ocean-freight', 104: 'markets/ocean-freight/spot-rates' });
  });

  it('stores staff passwords hashed, and keeps a still-valid hash on re-seed', async () => {
    const s = await fresh();
    const dir = writeFixtureSet([tenantFixture('alpha', 100)], [admin]);
    await seedFixtures(s, dir);
    const [u1] = await s.db.select().from(cmsUsers);
    expect(u1!.passwordHash).not.toContain(admin.password);
    expect(await verifyPassword(admin.password, u1!.passwordHash)).toBe(true);
    await seedFixtures(s, dir);
    const [u2] = await s.db.select().from(cmsUsers);
    expect(u2!.passwordHash).toBe(u1!.passwordHash);
  });

  const broken: [string, (t: ReturnType<typeof tenantFixture>) => void, RegExp][] = [
    ['a bad field type', (t) => { (t.content[2] as any).status = 'live'; }, /tenants\/alpha\/content\/items\.json: record 3 \(id 10010003\): status: /],
    ['an unknown reference in a streamed line', (t) => { t.content[10]!.authorIds = [999]; }, /tenants\/alpha\/content\/more\.jsonl: line 5 \(id 10010011\): authorIds\[0\]: Unknown person 999/],
    ['an empty required name', (t) => { t.sections[1]!.name = '   '; }, /tenants\/alpha\/sections\.json: record 2 \(id 102\): name: Field is required/],
    ['a content id that is not eight digits', (t) => { t.content[0]!.id = 1234; }, /record 1 \(id 1234\): id: Must be an 8-digit id/],
    ['a duplicate id across tenants', (t) => { t.content[0]!.id = 10_020_001; }, /Duplicate content id 10020001/],
    ['an issue list naming an unknown publication', (t) => {
      t.layouts[0]!.primaryGrid.rows[0]!.columns[0]!.blocks.push({ id: 'issues', type: 'issue_list', data: { publicationId: 999, display: 'grid' } } as never);
    }, /tenants\/alpha\/layouts\.json: record 1 \(id 170\): primaryGrid\.rows\[0\]\.columns\[0\]\.blocks\[1\]\.data\.publicationId: Unknown publication 999/],
    ['sections nested four deep', (t) => { t.sections.push({ id: 105, name: 'Too Deep', parentId: 104 } as never); }, /sections\.json: record 5 \(id 105\): parentId: Sections nest at most 3 levels deep/],
  ];
  it.each(broken)('refuses %s, naming file, record and field, and writes nothing', async (_name, breakIt, message) => {
    const s = await fresh();
    await seedFixtures(s, writeFixtureSet([tenantFixture('gamma', 300)]));
    const before = await countRows(s.db);
    const beforeContent = await s.all('select * from content order by id');
    const beta = tenantFixture('beta', 200);
    const alpha = tenantFixture('alpha', 100);
    breakIt(alpha);
    // beta sorts after alpha, so a failure in alpha must also undo nothing of beta; put the break
    // in alpha but make beta valid so the error comes mid-way through the set.
    await expect(seedFixtures(s, writeFixtureSet([alpha, beta]))).rejects.toThrow(message);
    expect(await countRows(s.db)).toEqual(before);
    expect(await s.all('select * from content order by id')).toEqual(beforeContent);
  });

  it('rolls back everything when the very last record of the set is bad', async () => {
    const s = await fresh();
    const dir = writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)], [{ ...admin, tenants: [], isGlobal: false }]);
    await expect(seedFixtures(s, dir)).rejects.toThrow(/users\.json: record 1 \(id 1\): tenants: Field is required/);
    expect(Object.values(await countRows(s.db)).every((n) => n === 0)).toBe(true);
  });

  it('refuses to move a record that another tenant already owns', async () => {
    const s = await fresh();
    await seedFixtures(s, writeFixtureSet([tenantFixture('alpha', 100)]));
    const thief = tenantFixture('beta', 200);
    thief.content[0]!.id = 10_010_001;
    thief.sections = thief.sections.map((x) => x);
    await expect(seedFixtures(s, writeFixtureSet([thief]))).rejects.toThrow(/id: Id 10010001 already belongs to another tenant's content/);
    const [row] = await s.db.select().from(content).where(eq(content.id, 10_010_001));
    expect(row!.tenantKey).toBe('alpha');
  });

  it('names a file that is not valid JSON', async () => {
    const s = await fresh();
    const dir = writeFixtureSet([tenantFixture('alpha', 100)]);
    const file = join(dir, 'tenants', 'alpha', 'persons.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"Rosa"', 'Rosa'));
    await expect(seedFixtures(s, dir)).rejects.toThrow(/tenants\/alpha\/persons\.json: file: \(file\): Invalid JSON/);
  });
});
