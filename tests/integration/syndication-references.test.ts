// Cross-tenant references through syndication and bulk writes (issue 41, item 3): a syndicated
// copy never receives a link to a row of its source's tenant (the contract of the probe's finding),
// a copy that holds one from an older sync loses it on the next sync, and the copy's own editor can
// save it; a bulk update refuses every id of another tenant it would set, naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotCounts, startApi, type Harness } from './api-harness';

const SOURCE = 10_010_001;
let h: Harness;
let alphaContract = 0;
let betaContract = 0;
let copyId = 0;

const contract = (name: string) => ({
  contributorName: name, contributorEmail: 'writer@example.com', rate: '$1', template: '<p>{{name}} writes.</p>',
});

async function ok(name: string, variables: Record<string, unknown>, tenant: string): Promise<any> {
  const r = await h.op(name, variables, { as: 'admin', tenant });
  expect(r.error, `${name}: ${r.error?.message}`).toBeUndefined();
  return r.data[name];
}
async function contractOf(id: number, tenant: string): Promise<number | null> {
  const [row] = await h.store.all<{ contract_id: number | null }>('select contract_id from content where id = ? and tenant_key = ?', [id, tenant]);
  return row!.contract_id === null ? null : Number(row!.contract_id);
}

beforeAll(async () => {
  h = await startApi();
  alphaContract = (await ok('createContract', { input: contract('Alpha Writer') }, 'alpha')).contract.id;
  betaContract = (await ok('createContract', { input: contract('Beta Writer') }, 'beta')).contract.id;
  copyId = (await ok('syndicateContent', { input: { id: SOURCE, targetTenantKey: 'beta', primarySectionId: 203 } }, 'alpha')).copyId;
});
afterAll(async () => { await h.close(); });

describe('syndicated copies and references', () => {
  it('a contract set on the source never reaches the copy; the copy\'s editor can still save it', async () => {
    await ok('updateContent', { id: SOURCE, input: { contractId: alphaContract, name: 'Carriers add a loop' } }, 'alpha');
    const [copy] = await h.store.all<{ name: string }>('select name from content where id = ?', [copyId]);
    expect(copy!.name).toBe('Carriers add a loop');
    expect(await contractOf(copyId, 'beta')).toBeNull();
    const saved = await h.op('updateContent', { id: copyId, input: { teaser: 'Edited on beta.' } }, { as: 'betaEditor', tenant: 'beta' });
    expect(saved.error).toBeUndefined();
  });

  it('the copy keeps a contract of its own tenant through later syncs', async () => {
    await ok('updateContent', { id: copyId, input: { contractId: betaContract } }, 'beta');
    await ok('updateContent', { id: SOURCE, input: { name: 'Carriers add two loops' } }, 'alpha');
    expect(await contractOf(copyId, 'beta')).toBe(betaContract);
    const syndicated = await h.store.all<{ changes: string }>("select changes from history where tenant_key = 'beta' and entity_id = ? and action = 'syndicationUpdate'", [String(copyId)]);
    expect(syndicated.length).toBeGreaterThan(0);
  });

  it('a copy holding another tenant\'s contract (written by an older sync) loses it on the next sync and saves again', async () => {
    await h.store.run('update content set contract_id = ? where id = ?', [alphaContract, copyId]);
    const refused = await h.op('updateContent', { id: copyId, input: { teaser: 'Stuck.' } }, { as: 'betaEditor', tenant: 'beta' });
    expect(refused.error!.extensions.field).toBe('contractId');
    await ok('updateContent', { id: SOURCE, input: { name: 'Carriers add three loops' } }, 'alpha');
    expect(await contractOf(copyId, 'beta')).toBeNull();
    const [copy] = await h.store.all<{ name: string }>('select name from content where id = ?', [copyId]);
    expect(copy!.name).toBe('Carriers add three loops');
    const saved = await h.op('updateContent', { id: copyId, input: { teaser: 'Unstuck.' } }, { as: 'betaEditor', tenant: 'beta' });
    expect(saved.error).toBeUndefined();
  });
});

describe('bulk update and references', () => {
  const foreign: [string, Record<string, unknown>, string][] = [
    ['a section', { primarySectionId: 203 }, 'set.primarySectionId'],
    ['a person', { authorIds: [210] }, 'set.authorIds[0]'],
    ['a taxonomy term (replace)', { taxonomyIds: [230] }, 'set.taxonomyIds[0]'],
    ['a taxonomy term (add)', { addTaxonomyIds: [230] }, 'set.taxonomyIds[0]'],
    ['a schedule section', { schedules: [{ sectionId: 203, option: 'Standard' }] }, 'set.schedules[0].sectionId'],
  ];
  it.each(foreign)('refuses %s of another tenant, naming the field, writing nothing', async (_n, set, field) => {
    const before = await snapshotCounts(h);
    const r = await h.op('bulkUpdateContent', { input: { ids: [10_010_002, 10_010_003], set } }, { as: 'alphaAdmin' });
    expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(await snapshotCounts(h)).toEqual(before);
  });
});
