// The admin menu's feature conditions as the API hands them to the shell (admin §6, issue 42):
// getTenantInfo's `modules` follow the saved site settings — memberships while memberships are on,
// ip-gating while IP gating is allowed too — and a bad value of the new setting names its field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

const admin = { as: 'alphaAdmin' as const };
const modulesOf = async (as: 'admin' | 'alphaAdmin') => Object.fromEntries(
  (await h.op('getTenantInfo', {}, { as })).data.getTenantInfo.map((t: { tenantKey: string; modules: string[] }) => [t.tenantKey, t.modules]),
);

async function saveMemberships(memberships: Record<string, unknown>) {
  const current = (await h.op('getSiteSettingsNew', {}, admin)).data.getSiteSettingsNew;
  return h.op('updateSiteSettings', { settings: { ...current, memberships: { ...current.memberships, ...memberships } } }, admin);
}

describe('menu modules from the site settings', () => {
  it('memberships on gives memberships and ip-gating; disabling IP gating leaves memberships only; off gives neither', async () => {
    expect((await modulesOf('admin')).alpha).toEqual([]);
    expect((await saveMemberships({ enabled: true })).error).toBeUndefined();
    expect(await modulesOf('admin')).toEqual({ alpha: ['memberships', 'ip-gating'], beta: [] });
    expect((await saveMemberships({ disableIpGating: true })).error).toBeUndefined();
    expect((await modulesOf('alphaAdmin')).alpha).toEqual(['memberships']);
    expect((await saveMemberships({ enabled: false, disableIpGating: false })).error).toBeUndefined();
    expect((await modulesOf('alphaAdmin')).alpha).toEqual([]);
  });

  it('anonymous callers get no modules; a bad value of the setting names its field', async () => {
    await saveMemberships({ enabled: true, disableIpGating: false });
    expect((await h.op('getTenantInfo', {})).data.getTenantInfo).toEqual([expect.objectContaining({ tenantKey: 'alpha', modules: [] })]);
    const bad = await saveMemberships({ disableIpGating: 'yes' });
    expect(bad.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'memberships.disableIpGating' });
  });
});
