// The layout modules' pages in the sitemap (sitemap/modules.xml; issue 42): the leaders directory
// (/leaders and a page per category, lastmod the newest of its companies) and the sourceesb parts
// directory (/parts and a page per part; the parts API gives no change date, so no lastmod). The
// paths come from the same functions the resolve stage draws the pages with, so the sitemap never
// names a page the build did not write. The memberships module lays out /membership/choose, which
// is a member page and stays out of sitemaps like /account.
import { PARTS_PATH, SOURCEESB_MODULE_KEY } from '../../domain/sourceesb';
import type { TenantIndex } from '../types';
import { HOME_ALIAS } from './resolve-context';
import { leaderCategories, LEADERS_MODULE_KEY, LEADERS_PATH, moduleLayout, partPaths } from './module-paths';

/** A module page's path and its last change (null: not known). */
export interface ModulePageEntry { path: string; lastmod: number | null }

export function modulePageEntries(index: TenantIndex): ModulePageEntry[] {
  const out: ModulePageEntry[] = [];
  if (moduleLayout({ index }, LEADERS_MODULE_KEY)) {
    const cats = leaderCategories({ index, sectionById: new Map(index.sections.map((s) => [s.id, s])), homeSection: index.sections.find((s) => s.alias === HOME_ALIAS) ?? null });
    const newest = (ms: number[]) => ms.reduce((m, t) => Math.max(m, t), 0) || null;
    out.push({ path: LEADERS_PATH, lastmod: newest(cats.flatMap((c) => c.companies.map((x) => x.updatedAt))) });
    for (const c of cats) out.push({ path: c.path, lastmod: newest(c.companies.map((x) => x.updatedAt)) });
  }
  if (moduleLayout({ index }, SOURCEESB_MODULE_KEY)) {
    out.push({ path: PARTS_PATH, lastmod: null });
    for (const { path } of partPaths(index.parts?.parts ?? [])) out.push({ path, lastmod: null });
  }
  return out;
}
