// A TenantIndex built by hand for the crawler-file and redirect emitters' tests: no database.
// Paths come from the domain's path functions, as the load stage produces them.
import { contentPath, sectionPath } from '../../engine/domain/paths';
import { siteSettingsSchema } from '../../engine/domain/settings';
import type { ContentType } from '../../engine/domain/enums';
import type { BuildContent, BuildRedirect, BuildSchedule, BuildSection, TenantIndex } from '../../engine/build/types';

export const NOW = Date.parse('2026-10-15T12:00:00Z');
export const HOUR = 60 * 60 * 1000;
export const ORIGIN = 'https://freightwise.example.com';

/** Sections: home, markets, markets/ocean-freight, markets/ocean-freight/spot-rates, logistics. */
export function makeSections(): BuildSection[] {
  const s = (id: number, name: string, alias: string, parentId: number | null, depth: number): BuildSection => ({
    id, name, alias, path: sectionPath(alias), parentId, description: null, depth, updatedAt: NOW - 30 * 24 * HOUR,
  });
  return [
    s(1, 'Home', 'home', null, 0),
    s(2, 'Markets', 'markets', null, 0),
    s(3, 'Ocean Freight', 'markets/ocean-freight', 2, 1),
    s(4, 'Spot Rates', 'markets/ocean-freight/spot-rates', 3, 2),
    s(5, 'Logistics', 'logistics', null, 0),
  ];
}

/** A live content item in section `sectionId`, published `hoursAgo` before NOW. */
export function makeContent(id: number, partial: Partial<BuildContent> & { hoursAgo?: number } = {}, sections = makeSections()): BuildContent {
  const { hoursAgo = 1, ...rest } = partial;
  const sectionId = rest.sectionId ?? 3;
  const name = rest.name ?? `Carriers adjust capacity on lane ${id}`;
  const alias = sections.find((s) => s.id === sectionId)?.alias ?? null;
  const published = NOW - hoursAgo * HOUR;
  return {
    id, type: 'Article', name, slug: `lane-${id}`, teaser: 'Schedules shift as carriers respond to softer demand.',
    published, updatedAt: published + 1000, path: contentPath({ id, slug: rest.slug ?? `lane-${id}`, name, sectionAlias: alias }),
    sectionId, image: null, authors: [], terms: [], labels: [], linkUrl: null, seoTitle: null, description: null,
    event: null, membershipIds: [], surveyType: null, startDate: null, endDate: null,
    ...rest,
  };
}

export interface IndexInput {
  content?: BuildContent[];
  sections?: BuildSection[];
  schedules?: BuildSchedule[];
  redirects?: BuildRedirect[];
  noindex?: ContentType[];
  origin?: string;
  language?: string;
}

export function makeIndex(input: IndexInput = {}): TenantIndex {
  const settings = siteSettingsSchema.parse({
    general: { siteName: 'FreightWise', enableNoIndexByContentType: input.noindex ?? [] },
    header: { logo: '/images/logo.svg' },
    footer: {},
    tenantInfo: { name: 'FreightWise', domain: 'freightwise.example.com' },
    colors: {
      primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' },
      secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' },
    },
  });
  const content = [...(input.content ?? [])].sort((a, b) => (b.published ?? 0) - (a.published ?? 0));
  return {
    tenant: {
      key: 'freightwise', name: 'FreightWise', domain: 'freightwise.example.com', abbreviation: 'FW',
      origin: input.origin ?? ORIGIN, language: input.language ?? 'en', settings,
    },
    sections: input.sections ?? makeSections(),
    content,
    schedules: input.schedules ?? content.map((c) => ({ contentId: c.id, sectionId: c.sectionId, option: 'Standard' as const })),
    redirects: input.redirects ?? [],
    now: NOW,
  };
}
