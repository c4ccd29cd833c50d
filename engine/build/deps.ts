// Dependency tracking for incremental builds. Inputs are named by keys; each key has a
// fingerprint (a hash of exactly the data the resolve and emit stages read for it), and every
// output records the keys it read. A build compares fingerprints with the live build's and
// re-renders the outputs whose keys changed. Keys:
//   c:<id>        a live content item (its BuildContent, which carries updatedAt)
//   s:<id>        an active section            home     which section is aliased "home"
//   list:<id>     the schedule-driven candidates of a section, with bubbling (ids, options, types
//                 in list order); list:all is the whole site, newest first
//   layouts       what picks a page's layout   layout:<id> one layout's grid and flags
//   menus, settings (tenant row, settings, origin, memberships, newsletters, the footer's year),
//   assets (image metadata), redirects, news (the Google News window's items)
//   p:<id>        an author page's person and the ids of the live items they sign (stages/pages.ts)
//   pa:<id>       an active person alone (bylines link to their author page)
//   mag:p:<id>    a publication page's data (the publication, its live issues' cards)
//   mag:i:<id>    a live issue page's data (the issue, its publication's name and path, its placements)
//   mag:c:<id>    the issue line of a content item placed in a live issue (absent when in none)
//   rt:<term>, rs:<id>, rr   the recommender's posting lists of a term and of a section, and its
//                 newest candidates (engine/domain/recommend.ts): what a page's body recommendations read
//   events        the dated events and webinars an event list block picks from
//   videos        which Video items name which items as related (company_videos blocks)
//   parts         the sourceesb parts catalogue the build holds (stages/resolve-parts.ts)
//   modules       which module layouts exist, by key (the module pages the sitemap lists: stages/sitemap-modules.ts)
//   feed:<url>    the cached copy of a remote RSS feed or video playlist (feed-cache key) a block shows
// A fingerprint that is missing means the input does not exist (an item not live, say); that is a
// change too. Dependencies may over-approximate (more re-rendering), never under-approximate.
// This file is the keys' vocabulary and imports nothing of the build: the fingerprints of an index
// are stages/fingerprints.ts, the keys a resolved page read stages/page-deps.ts (beside the
// resolvers they mirror).
import { digest } from './digest';

export { digest };

/** Keys whose change re-runs the crawler files (sitemaps, news sitemap, feeds, robots, redirects). */
export function affectsCrawler(key: string): boolean {
  return key.startsWith('c:') || key.startsWith('s:') || key.startsWith('list:') || key.startsWith('mag:p:') || key.startsWith('mag:i:') ||
    key === 'settings' || key === 'home' || key === 'redirects' || key === 'news' || key === 'assets' || key.startsWith('p:') ||
    key === 'modules' || key === 'parts';
}

/**
 * What a patched index changed (incremental/tenant-index.ts): the re-read items, and the sections
 * and people they named before or after the patch (schedules, primary section, authors).
 */
export interface IndexPatch {
  contentIds: ReadonlySet<number>;
  sectionIds: ReadonlySet<number>;
  personIds: ReadonlySet<number>;
}

/** Fingerprints of the input keys an index (or a patch of it) can have changed. */
export interface Fingerprints {
  values: Map<string, string>;
  /** True for a key this computation covers: a covered key missing from `values` is gone. */
  covers: (key: string) => boolean;
}

export function magazineGroup(kind: 'issue' | 'publication', id: number): string {
  return `magazine:${kind}:${id}`;
}

/** The keys of the shells (search, account, login, membership pages) and 404.html. */
export const SHELL_DEPS = ['menus', 'settings'];

/** Output group of a page: every page of a group is rendered together. */
export function contentGroup(id: number): string {
  return `content:${id}`;
}
export function authorGroup(personId: number): string {
  return `author:${personId}`;
}
export function listingGroup(sectionId: number | null): string {
  return `listing:${sectionId ?? 'home'}`;
}
