import { describe, expect, it } from 'vitest';
import { houseAdSchema, nextHouseAdChange, rankHouseAds } from './house-ads';

const T = Date.UTC(2027, 2, 1);
const native = (id: number, extra: Record<string, unknown> = {}) =>
  houseAdSchema.parse({ id, name: `Ad ${id}`, kind: 'native', native: { nativeTitle: `Ad ${id}`, nativeUrl: 'https://a.example' }, ...extra });

describe('house ad selection', () => {
  it('takes live ads of the kind only, highest priority first, then the latest start, then the lower id', () => {
    const ads = [
      native(1, { priority: 1 }),
      native(2, { priority: 10, startDate: '2027-01-01' }),
      native(3, { priority: 10, startDate: '2027-02-01' }),
      native(4, { priority: 10, endDate: '2027-02-01' }),
      native(5, { priority: 10, status: 0 }),
      native(6, { priority: 10, startDate: '2027-04-01' }),
      native(7, { priority: 5, unitKeys: ['list-native'] }),
    ];
    expect(rankHouseAds(ads, 'native', T).map((a) => a.id)).toEqual([3, 2, 7, 1]);
    expect(rankHouseAds(ads, 'native', T, 'body-native').map((a) => a.id)).toEqual([3, 2, 1]);
    expect(rankHouseAds(ads, 'skin', T)).toEqual([]);
  });

  it('finds the next schedule boundary after an instant', () => {
    const ads = [native(1, { startDate: '2027-04-01', endDate: '2027-05-01' }), native(2, { endDate: '2027-03-15' })];
    expect(nextHouseAdChange(ads, T)).toBe(Date.parse('2027-03-15'));
    expect(nextHouseAdChange(ads, Date.parse('2027-04-15'))).toBe(Date.parse('2027-05-01'));
    expect(nextHouseAdChange(ads, Date.parse('2027-06-01'))).toBeNull();
  });
});
