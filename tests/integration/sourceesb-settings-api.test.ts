// The sourceesb parts directory's settings through the API (issue 42): updateSiteSettings runs the
// shared settings schema, so a bad parts API address or part limit is refused with the field
// named, nothing is stored, and a good one is kept and read back. The token is never a setting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });
const admin = { as: 'alphaAdmin' as const };

describe('sourceesb settings', () => {
  it('refuses a bad parts API address or limit naming the field, and keeps a good one', async () => {
    const current = (await h.op('getSiteSettingsNew')).data.getSiteSettingsNew;
    for (const [sourceesb, field] of [
      [{ apiBaseUrl: 'ftp://parts.example.com/api' }, 'sourceesb.apiBaseUrl'],
      [{ apiBaseUrl: 'https://parts.example.com/api?token=secret' }, 'sourceesb.apiBaseUrl'],
      [{ apiBaseUrl: 'https://parts.example.com/api', maxParts: 0 }, 'sourceesb.maxParts'],
      [{ apiBaseUrl: 'https://parts.example.com/api', timeoutMs: 60_000 }, 'sourceesb.timeoutMs'],
      [{ apiBaseUrl: 'https://parts.example.com/api', token: 'secret' }, 'sourceesb'],
    ] as const) {
      const bad = await h.op('updateSiteSettings', { settings: { ...current, sourceesb } }, admin);
      expect(bad.error?.extensions, JSON.stringify(sourceesb)).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect((await h.op('getSiteSettingsNew')).data.getSiteSettingsNew.sourceesb).toBeUndefined();
    const ok = await h.op('updateSiteSettings', { settings: { ...current, sourceesb: { apiBaseUrl: 'https://parts.example.com/api/v1', maxParts: 200 } } }, admin);
    expect(ok.error).toBeUndefined();
    expect((await h.op('getSiteSettingsNew')).data.getSiteSettingsNew.sourceesb).toEqual({ apiBaseUrl: 'https://parts.example.com/api/v1', maxParts: 200, timeoutMs: 5000 });
  });
});
