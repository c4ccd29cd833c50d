// Stage 3, resolve, the leaders layout module (admin §3.1 "Modules", issue 42): with a module layout
// keyed `leaders`, the tenant gets a directory of its leading companies built from its Company
// content: /leaders (the listing: every category with its companies, each linking to the company's
// own page) and one page per category at /leaders/<section alias> (the detail: the category's
// companies with logo and teaser). A company's category is its primary website section; companies
// and categories are in name order. The module layout's grid renders under the directory on both.
// Pure: a function of the build context.
import type { LeaderCompanyView, PageView, SiteLink } from '../../../site/model';
import { teaserText } from '../../domain/text';
import type { BuildContent } from '../types';
import { imageView, type ResolveContext } from './resolve-context';
import { webPageHead } from './resolve-head';
import { withModuleLayout } from './resolve-module';
import { leaderCategories, LEADERS_MODULE_KEY, LEADERS_PATH, moduleLayout, type LeaderCategory } from './module-paths';

export { LEADERS_MODULE_KEY, LEADERS_PATH };

const companyView = (c: BuildContent): LeaderCompanyView => ({ name: c.name, href: c.path, teaser: teaserText(c.teaser), image: imageView(c.image, 'teaser') });

function modulePage(ctx: ResolveContext, kind: PageView['kind'], path: string, heading: string, intro: string, crumbs: SiteLink[], companies: BuildContent[], sectionIds: number[]): PageView {
  return {
    kind, path, heading, headingHidden: false, intro, layoutId: null, hideHeader: false, hideFooter: false,
    sectionPath: null, breadcrumbs: crumbs, rows: [], content: null, shell: null,
    head: webPageHead(ctx, { title: heading, path, description: intro, crumbs, canonicalPath: path }),
    inputs: { contentIds: companies.map((c) => c.id), sectionIds, layoutId: null },
  };
}

/** The leaders pages (none without a leaders module layout): the listing, then one page per category. */
export function resolveLeadersPages(ctx: ResolveContext): PageView[] {
  const layout = moduleLayout(ctx, LEADERS_MODULE_KEY);
  if (!layout) return [];
  const cats = leaderCategories(ctx);
  const home: SiteLink = { label: 'Home', href: '/', newTab: false };
  const directory: SiteLink = { label: 'Leaders', href: LEADERS_PATH, newTab: false };
  const all = cats.flatMap((c) => c.companies);
  const sectionIds = (cs: LeaderCategory[]) => cs.flatMap((c) => (c.sectionId === null ? [] : [c.sectionId]));
  const listing: PageView = {
    ...modulePage(ctx, 'leaders', LEADERS_PATH, 'Leaders', `The leading companies ${ctx.siteName} covers, by category.`, [home, directory], all, sectionIds(cats)),
    module: { kind: 'leaders', categories: cats.map((c) => ({ name: c.name, href: c.path, companies: c.companies.map(companyView) })) },
  };
  const pages = [withModuleLayout(ctx, listing, layout)];
  for (const cat of cats) {
    const page: PageView = {
      ...modulePage(ctx, 'leaders-category', cat.path, `${cat.name} Leaders`, `Leading companies in ${cat.name}.`,
        [home, directory, { label: cat.name, href: cat.path, newTab: false }], cat.companies, sectionIds([cat])),
      module: { kind: 'leaders-category', directory: { label: 'All categories', href: LEADERS_PATH, newTab: false }, companies: cat.companies.map(companyView) },
    };
    pages.push(withModuleLayout(ctx, page, layout));
  }
  return pages;
}
