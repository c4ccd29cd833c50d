// Membership edits are a rebuild entity: create, update and delete each tell the onChange hook
// ('membership'), so the header buttons and the /membership pages are rebuilt; a refused edit
// tells nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../engine/services/kernel/services';
import { ALPHA, startMembers, type MemberHarness } from './members-harness';

let h: MemberHarness;
const events: { tenantKey: string; change: ChangeEvent }[] = [];

beforeAll(async () => {
  h = await startMembers({ onChange: (tenantKey, change) => { events.push({ tenantKey, change }); } });
});
afterAll(async () => { await h.close(); });

describe('membership change events', () => {
  it('create, update and delete request a rebuild of the tenant with entity membership', async () => {
    const created = await h.op('createMembership', { input: { title: 'Trial', alias: 'trial', status: 1, isFree: true } }, { as: 'alphaAdmin' });
    expect(created.error).toBeUndefined();
    const id = created.data.createMembership.id as number;
    expect((await h.op('updateMembership', { id, input: { title: 'Trial Plus' } }, { as: 'alphaAdmin' })).error).toBeUndefined();
    expect((await h.op('deleteMembership', { id }, { as: 'alphaAdmin' })).error).toBeUndefined();
    expect(events.filter((e) => e.change.entity === 'membership')).toEqual([
      { tenantKey: 'alpha', change: { entity: 'membership', action: 'create', ids: [id] } },
      { tenantKey: 'alpha', change: { entity: 'membership', action: 'update', ids: [id] } },
      { tenantKey: 'alpha', change: { entity: 'membership', action: 'delete', ids: [id] } },
    ]);
  });

  it('a refused edit requests nothing', async () => {
    const before = events.length;
    const r = await h.op('updateMembership', { id: ALPHA.insider, input: { alias: 'pro' } }, { as: 'alphaAdmin' });
    expect(r.error?.extensions?.code).toBe('BAD_USER_INPUT');
    const denied = await h.op('updateMembership', { id: ALPHA.insider, input: { title: 'X' } });
    expect(denied.error).toBeDefined();
    expect(events.length).toBe(before);
  });
});
