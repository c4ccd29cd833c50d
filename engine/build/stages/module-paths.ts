// The layout modules' page paths, without the renderer (issue 42): which module layout a tenant has,
// the leaders directory's categories and the parts directory's page paths. The resolve stage draws
// the pages from these (resolve-leaders.ts, resolve-parts.ts) and the sitemap lists them
// (sitemap-modules.ts); this file imports nothing that renders, so a no-change build, which loads the
// crawler emitters, never loads React or the HTML sanitiser.
import type { Layout } from '../../domain/layout';
import { PARTS_PATH, partSlug, type Part } from '../../domain/sourceesb';
import type { BuildContent, BuildSection, TenantIndex } from '../types';
import { hasPage } from './pages';

export const LEADERS_MODULE_KEY = 'leaders';
export const LEADERS_PATH = '/leaders';
const OTHER = { name: 'Other companies', alias: 'other' };

/** The tenant's layout for a module (the lowest id when several name the same key), or null. */
export function moduleLayout(ctx: { index: TenantIndex }, key: string): Layout | null {
  const found = (ctx.index.layouts ?? []).filter((l) => l.type === 'module' && l.key?.trim() === key).sort((a, b) => a.id - b.id);
  return found[0] ?? null;
}

export interface LeaderCategory { name: string; path: string; sectionId: number | null; companies: BuildContent[] }

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

/** The leaders directory's categories: the live Company items with a page, by primary section. */
export function leaderCategories(ctx: { index: TenantIndex; sectionById: Map<number, BuildSection>; homeSection: BuildSection | null }): LeaderCategory[] {
  const out = new Map<string, LeaderCategory>();
  for (const c of ctx.index.content) {
    if (c.type !== 'Company' || !hasPage(c)) continue;
    const s = ctx.sectionById.get(c.sectionId);
    const cat = s && s !== ctx.homeSection ? { name: s.name, alias: s.alias } : OTHER;
    let entry = out.get(cat.alias);
    if (!entry) out.set(cat.alias, (entry = { name: cat.name, path: `${LEADERS_PATH}/${cat.alias}`, sectionId: s && s !== ctx.homeSection ? s.id : null, companies: [] }));
    entry.companies.push(c);
  }
  const cats = [...out.values()].sort(byName);
  for (const cat of cats) cat.companies.sort(byName);
  return cats;
}

/** Each part with its page path; a part number whose slug is taken gets -2, -3… (catalogue order). */
export function partPaths(parts: readonly Part[]): { part: Part; path: string }[] {
  const taken = new Set<string>();
  return parts.map((part) => {
    const base = partSlug(part.partNumber);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return { part, path: `${PARTS_PATH}/${slug}` };
  });
}
