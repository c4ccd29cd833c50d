import { describe, expect, it } from 'vitest';
import { houseAdSchema } from '../../domain/house-ads';
import { siteSettingsSchema } from '../../domain/settings';
import type { TenantIndex } from '../types';
import { indexBoundary, nextYearStart } from './state';

const T = Date.UTC(2027, 2, 1);

describe('time boundary of a tenant index', () => {
  it('rebuilds when a house ad schedule starts or ends (issue 19)', () => {
    const ad = houseAdSchema.parse({ id: 1, name: 'A', kind: 'sticky', endDate: '2027-03-15', sticky: { imagePath: '/s.svg', clickUrl: 'https://a.example', alt: 'A' } });
    const settings = siteSettingsSchema.parse({
      general: { siteName: 'Acme' }, header: { logo: '/l.svg' }, footer: {}, tenantInfo: { name: 'Acme', domain: 'acme.test' },
      colors: { primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' }, secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' } },
    });
    const index = { tenant: { key: 'acme', settings }, content: [], schedules: [], sections: [], now: T, ads: { units: [], pattern: null, house: [ad] } } as unknown as TenantIndex;
    expect(indexBoundary(index, T)).toBe(Date.parse('2027-03-15'));
    expect(indexBoundary({ ...index, ads: { units: [], pattern: null, house: [] } }, T)).toBe(nextYearStart(T));
  });

  it('rebuilds when an event ends, where a layout lists events', () => {
    const event = { id: 10000001, type: 'Event', published: T - 86_400_000, event: { startDate: T + 3_600_000, endDate: T + 7_200_000 } };
    const layout = { id: 1, primaryGrid: { rows: [{ columns: [{ blocks: [{ id: 'e', type: 'event_list' }] }] }] } };
    const settings = { general: { enableNoIndexByContentType: [] } };
    const index = { tenant: { key: 'acme', settings }, content: [event], schedules: [], sections: [], now: T, layouts: [layout] } as unknown as TenantIndex;
    expect(indexBoundary(index, T)).toBe(T + 7_200_001);
    expect(indexBoundary({ ...index, layouts: [] }, T)).toBe(nextYearStart(T));
  });
});
