// The memo tables of one build, owned by one object instead of module state: a render worker makes
// one per tenant context, a full build one per run (run-build.ts), an incremental builder one for
// its tenant, and a request's resolve context (draft pages, the API's grids) its own. They reach
// the stages through the resolve context (`ResolveContext.caches`) or as a parameter. A memo never
// changes a result: dropping one costs time, not bytes.
import type { ContentRecommender } from '../domain/recommend';
import type { ChromeView, ContentView, ItemView } from '../../site/model';
import type { BuildContent, BuildPerson, TenantIndex } from './types';

/** A dated event or webinar as event list blocks pick them (stages/blocks/events.ts). */
export interface EventEntry { id: number; type: string; start: number; end: number }

/** pageDeps's keys that depend on the tenant alone, by section id, listed item id and layout id. */
export interface DepKeys {
  sections: Map<number, readonly string[]>;
  contents: Map<number, readonly string[]>;
  layouts: Map<number | null, readonly string[]>;
}

export class BuildCaches {
  /** stages/blocks/related.ts recommenderFor, by the index's content list: an incremental build patches an index in place but gives it a new list. */
  readonly recommenders = new WeakMap<readonly BuildContent[], ContentRecommender>();
  /** stages/blocks/related.ts: the recommendation keys each content page read, by resolve context. */
  readonly consulted = new WeakMap<object, Map<number, string[]>>();
  /**
   * stages/pages.ts isMetered, by the schedules array: an incremental builder patches its index in
   * place and replaces the array (tenant-index.ts), so a memo keyed by the index would keep an
   * item's old sections.
   */
  readonly scheduledSections = new WeakMap<TenantIndex['schedules'], Map<number, number[]>>();
  /** stages/pages.ts authorsWithPages, by content list then persons list. */
  readonly authors = new WeakMap<BuildContent[], WeakMap<object, Map<number, number[]>>>();
  /** stages/resolve.ts: persons by id, by persons list. */
  readonly personMaps = new WeakMap<object, Map<number, BuildPerson>>();
  /** stages/resolve-context.ts itemsFor: an item's view without its image (compact lists). */
  readonly compactViews = new WeakMap<ItemView, ItemView>();
  /** stages/blocks/events.ts: dated events and webinars by start, by resolve context. */
  readonly eventEntries = new WeakMap<object, EventEntry[]>();
  /** stages/page-deps.ts: the input keys taken from the tenant alone (a section's chain, a listed item's, a layout's blocks), by resolve context. */
  readonly depKeys = new WeakMap<object, DepKeys>();
  /** stages/blocks/media.ts: company id → the Video items naming it, by resolve context. */
  readonly videosByCompany = new WeakMap<object, Map<number, number[]>>();
  /** stages/render.ts: escaped JSON of content views (a print view's is its content page's). */
  readonly contentJson = new WeakMap<ContentView, string>();
  /**
   * stages/render.ts: escaped JSON of list items by object. Item views are memoised per item and
   * display (resolve-context.ts itemView, itemsFor) and shared by every page that lists the item (a
   * content page's "more in this section" rail, the listing pages): two thirds of a content page's rows.
   */
  readonly itemJson = new WeakMap<ItemView, string>();
  /** stages/emit-pages.ts: UTF-8 bytes of a tenant's chrome parts (bounded). */
  readonly encodedChrome = new WeakMap<ChromeView, Map<string, Buffer>>();
  /**
   * stages/emit-pages.ts: where a page is encoded before one copy into a buffer of its exact size;
   * grows to the largest page seen.
   */
  scratch = Buffer.allocUnsafeSlow(64 * 1024);
  /** stages/emit.ts writeEmailIcons: the newsletters' social icons, read once. */
  emailIcons: { name: string; data: Buffer }[] | null = null;
  /** config-hash.ts newsletterCodeHash: the newsletter templates' and renderer's hash, read once. */
  newsletterHash: string | null = null;
}
