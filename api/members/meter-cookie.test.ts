import { describe, expect, it } from 'vitest';
import { freshMeter, recordView } from '../../engine/domain/meter';
import { meterCookieName, readMeter, signMeter } from '../../engine/services/members/meter-cookie';

const KEY = Buffer.alloc(32, 7);
const settings = { enabled: true, numberOfFreeViews: 3, meteringPeriod: 30, exemptContentTypes: [], exemptSectionIds: [] };
const T0 = Date.parse('2026-05-01T00:00:00Z');
const state = recordView(settings, recordView(settings, null, 10000001, T0).state, 10000002, T0).state;

describe('meter cookie', () => {
  it('round-trips a state for its tenant', () => {
    expect(readMeter(signMeter(state, 'alpha', KEY), 'alpha', KEY)).toEqual(state);
    expect(meterCookieName('alpha')).toBe('mh_meter_alpha');
  });

  it('reads as no meter when the payload is edited (fewer views claimed)', () => {
    const [v, payload, sig] = signMeter(state, 'alpha', KEY).split('.') as [string, string, string];
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
    body.v = 0; body.i = [];
    const forged = `${v}.${Buffer.from(JSON.stringify(body)).toString('base64url')}.${sig}`;
    expect(readMeter(forged, 'alpha', KEY)).toBeNull();
  });

  it('reads as no meter with a wrong key, another tenant, a cut signature or garbage', () => {
    const good = signMeter(state, 'alpha', KEY);
    expect(readMeter(good, 'alpha', Buffer.alloc(32, 8))).toBeNull();
    expect(readMeter(good, 'beta', KEY)).toBeNull();
    expect(readMeter(good.slice(0, -2), 'alpha', KEY)).toBeNull();
    for (const bad of [undefined, '', 'v1', 'v2.a.b', 'v1..', 'x'.repeat(5000), 'v1.!!!.abc']) expect(readMeter(bad, 'alpha', KEY)).toBeNull();
  });

  it('refuses a correctly signed but inconsistent state', () => {
    const bad = { ...freshMeter(settings, T0), views: 2, viewedItems: [1] };
    expect(readMeter(signMeter(bad, 'alpha', KEY), 'alpha', KEY)).toBeNull();
    const stretched = { ...freshMeter(settings, T0), expirationTime: T0 + 365 * 86_400_000 };
    expect(readMeter(signMeter(stretched, 'alpha', KEY), 'alpha', KEY)).toBeNull();
  });
});
