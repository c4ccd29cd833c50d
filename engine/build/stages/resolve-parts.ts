// Stage 3, resolve, the sourceesb layout module (admin §3.1 "Modules", issue 42): with a module layout
// keyed `sourceesb`, the tenant gets a parts directory from the catalogue the build holds
// (index.parts, read from the parts API by engine/build/sourceesb.ts): /parts (part search: every
// part listed, searched in the browser over the page's own payload, PARTS_SEARCH_JSON), one details
// page per part at /parts/<slug> and a datasheet page at /parts/<slug>/datasheet for parts that
// have one. Without a catalogue /parts says the directory is unavailable. API text is carried as
// plain strings (React escapes it); the datasheet link is kept only when it is http(s). The module
// layout's grid renders under each page. Pure: a function of the build context.
import type { PageView, PartRowView, SiteLink } from '../../../site/model';
import { PARTS_PATH, PARTS_SEARCH_JSON, SOURCEESB_MODULE_KEY, type Part } from '../../domain/sourceesb';
import { safeHref } from '../../domain/links';
import { type ResolveContext } from './resolve-context';
import { webPageHead } from './resolve-head';
import { withModuleLayout } from './resolve-module';
import { moduleLayout, partPaths } from './module-paths';

export { SOURCEESB_MODULE_KEY, partPaths };
export { PARTS_UNAVAILABLE_TEXT as PARTS_UNAVAILABLE } from '../../../site/module-texts';

const HOME: SiteLink = { label: 'Home', href: '/', newTab: false };
const DIRECTORY: SiteLink = { label: 'Parts Directory', href: PARTS_PATH, newTab: false };

function page(ctx: ResolveContext, kind: PageView['kind'], path: string, heading: string, intro: string | null, crumbs: SiteLink[]): PageView {
  return {
    kind, path, heading, headingHidden: false, intro, layoutId: null, hideHeader: false, hideFooter: false,
    sectionPath: null, breadcrumbs: crumbs, rows: [], content: null, shell: null,
    head: webPageHead(ctx, { title: heading, path, description: intro, crumbs, canonicalPath: path }),
    inputs: { contentIds: [], sectionIds: [], layoutId: null },
  };
}

const rowOf = (part: Part, href: string): PartRowView => ({ partNumber: part.partNumber, name: part.name, manufacturer: part.manufacturer, category: part.category, href });

/** The parts directory pages (none without a sourceesb module layout). */
export function resolvePartsPages(ctx: ResolveContext): PageView[] {
  const layout = moduleLayout(ctx, SOURCEESB_MODULE_KEY);
  if (!layout) return [];
  const catalogue = ctx.index.parts ?? null;
  const entries = catalogue ? partPaths(catalogue.parts) : [];
  const index: PageView = {
    ...page(ctx, 'parts', PARTS_PATH, 'Parts Directory', catalogue ? 'Search parts by part number or keyword.' : null, [HOME, DIRECTORY]),
    module: { kind: 'parts', available: catalogue !== null, indexHref: PARTS_SEARCH_JSON, parts: entries.map((e) => rowOf(e.part, e.path)) },
  };
  const pages = [withModuleLayout(ctx, index, layout)];
  for (const { part, path } of entries) {
    const row = rowOf(part, path);
    const title = `${part.partNumber} ${part.name}`.trim();
    const crumbs = [HOME, DIRECTORY, { label: part.partNumber, href: path, newTab: false }];
    const sheetPath = `${path}/datasheet`;
    pages.push(withModuleLayout(ctx, {
      ...page(ctx, 'part', path, title, part.description || null, crumbs),
      intro: null,
      module: {
        kind: 'part', part: row, description: part.description, specs: part.specs, directory: DIRECTORY,
        datasheet: part.datasheet ? { label: 'Datasheet', href: sheetPath, newTab: false } : null,
      },
    }, layout));
    if (!part.datasheet) continue;
    const download = safeHref(part.datasheet.url);
    pages.push(withModuleLayout(ctx, {
      ...page(ctx, 'part-datasheet', sheetPath, `${part.partNumber} Datasheet`, part.datasheet.title || null, [...crumbs, { label: 'Datasheet', href: sheetPath, newTab: false }]),
      intro: null,
      module: {
        kind: 'part-datasheet', part: row, title: part.datasheet.title, format: part.datasheet.format, pages: part.datasheet.pages ?? null,
        updated: part.datasheet.updated ?? null, directory: DIRECTORY,
        download: download && /^https?:\/\//i.test(download) ? { label: `Download the datasheet (${part.datasheet.format})`, href: download, newTab: true } : null,
      },
    }, layout));
  }
  return pages;
}
