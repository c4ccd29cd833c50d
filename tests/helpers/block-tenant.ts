// The tenant the block resolver tests (engine/build/stages/blocks/*.test.ts) resolve pages for:
// Acme, its settings (plus a test's own), a home and a News section, and the blocks a page shows.
import { siteSettingsSchema } from '../../engine/domain/settings';
import { resolveContentPage, resolveListingPage, type ResolveContext } from '../../engine/build/stages/resolve';
import type { TenantIndex } from '../../engine/build/types';
import type { BlockView } from '../../site/model';

export function acmeTenant(settings: Record<string, unknown> = {}): TenantIndex['tenant'] {
  return {
    key: 'acme', name: 'Acme', domain: 'acme.test', abbreviation: 'AC', origin: 'https://acme.test', language: 'en',
    settings: siteSettingsSchema.parse({
      general: { siteName: 'Acme' }, header: { logo: '/images/acme/logo.svg' }, footer: {}, tenantInfo: { name: 'Acme', domain: 'acme.test' },
      colors: { primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' }, secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' } },
      ...settings,
    }),
  };
}

/** Home (id 1) and News (id 2, where the test items live). */
export function acmeSections(now: number): TenantIndex['sections'] {
  return [{ id: 1, name: 'Home', alias: 'home', path: '/home', parentId: null, description: null, depth: 1, updatedAt: now }, { id: 2, name: 'News', alias: 'news', path: '/news', parentId: null, description: null, depth: 1, updatedAt: now }];
}

/** The blocks of a content page (`id`), or of the News listing (null). */
export function blocksOf(ctx: ResolveContext, id: number | null): BlockView[] {
  const page = id === null ? resolveListingPage(ctx, ctx.sectionById.get(2)!).page : resolveContentPage(ctx, ctx.contentById.get(id)!, '<p>Body</p>');
  return page.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks));
}
