import { describe, expect, it } from 'vitest';
import type { BuildContent, TenantIndex } from '../types';
import { isMetered } from './pages';

describe('metered items (public §4 content metering)', () => {
  it('follows a patched index: an item scheduled out of an exempt section is metered again', () => {
    const contentMetering = { enabled: true, numberOfFreeViews: 3, meteringPeriod: 30, exemptContentTypes: [], exemptSectionIds: [7] };
    const item = { id: 1, type: 'Article', sectionId: 2 } as BuildContent;
    const index = {
      tenant: { settings: { memberships: { enabled: true, contentMetering } } },
      schedules: [{ contentId: 1, sectionId: 2, option: 'Standard' }, { contentId: 1, sectionId: 7, option: 'Standard' }],
    } as unknown as TenantIndex;
    expect(isMetered(index, item)).toBe(false);
    // What TenantIndexCache does on a patch: the same index object, a new schedules array.
    index.schedules = index.schedules.filter((s) => s.sectionId !== 7);
    expect(isMetered(index, item)).toBe(true);
  });
});
