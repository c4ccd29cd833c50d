// The tenant index an incremental builder keeps between edits. It is the only mutable cache of
// the incremental engine: patched in place from the changed content rows when an edit names them
// (and no time boundary has passed), otherwise read whole from the store. `forget()` drops it.
import type { Store } from '../../store/connection';
import type { TargetRow } from '../../store/queries/builds';
import { loadContentPatch } from '../../store/queries/builds-content';
import { loadSiteRows, type SiteRows } from '../../store/site-reader';
import { indexFromRows } from '../stages/load';
import type { ScriptSources } from '../stages/plan';
import type { IndexPatch } from '../deps';
import type { BuildContent, TenantIndex } from '../types';

/** What the index must reflect: the named items (patch) or everything (reload). */
export interface IndexRequest { contentIds?: readonly number[] | undefined; reload?: boolean | undefined }

type StructureRows = Omit<SiteRows, 'content' | 'authors' | 'terms' | 'related' | 'contentMemberships' | 'schedules'>;

function newestFirst(a: BuildContent, b: BuildContent): number {
  if (a.published !== b.published) {
    if (a.published === null) return 1;
    if (b.published === null) return -1;
    return b.published - a.published;
  }
  return b.id - a.id;
}

export class TenantIndexCache {
  readonly #store: Store;
  readonly #key: string;
  readonly #originTemplate: string;
  readonly #scriptSources: ScriptSources;
  readonly #mediaPublicUrl: string | null;
  #rows: StructureRows | null = null;
  #index: TenantIndex | null = null;

  /** `mediaPublicUrl`: the CDN URL of the media library on object storage (load.ts LoadOptions). */
  constructor(store: Store, key: string, originTemplate: string, scriptSources: ScriptSources = {}, mediaPublicUrl: string | null = null) {
    this.#store = store;
    this.#key = key;
    this.#originTemplate = originTemplate;
    this.#scriptSources = scriptSources;
    this.#mediaPublicUrl = mediaPublicUrl;
  }

  forget(): void {
    this.#rows = null;
    this.#index = null;
  }

  /**
   * The index at `now`, and what it was patched for (null: read whole). A patch re-reads only the
   * named items' rows and keeps the structure (sections, layouts, settings…) it holds; it names the
   * sections and people those items had before and have after, whose lists and pages may change.
   */
  async at(target: TargetRow, req: IndexRequest, now: number): Promise<{ index: TenantIndex; patched: IndexPatch | null }> {
    const crossed = target.nextBoundary !== null && now >= target.nextBoundary;
    if (this.#index && this.#rows && req.contentIds && !req.reload && !crossed && (this.#index.now <= now)) {
      const ids = new Set(req.contentIds);
      const patch = await loadContentPatch(this.#store, this.#key, now, [...ids]);
      const mini = indexFromRows({ ...this.#rows, ...patch }, { now, originTemplate: this.#originTemplate, scriptSources: this.#scriptSources, mediaPublicUrl: this.#mediaPublicUrl }).index;
      const index = this.#index;
      const sectionIds = new Set<number>();
      const personIds = new Set<number>();
      const touch = (c: BuildContent) => { sectionIds.add(c.sectionId); for (const a of c.authors) personIds.add(a.id); };
      for (const c of index.content) if (ids.has(c.id)) touch(c);
      for (const s of index.schedules) if (ids.has(s.contentId)) sectionIds.add(s.sectionId);
      for (const c of mini.content) touch(c);
      for (const s of mini.schedules) sectionIds.add(s.sectionId);
      index.content = [...index.content.filter((c) => !ids.has(c.id)), ...mini.content].sort(newestFirst);
      index.schedules = [...index.schedules.filter((s) => !ids.has(s.contentId)), ...mini.schedules];
      index.now = now;
      return { index, patched: { contentIds: ids, sectionIds, personIds } };
    }
    const rows = await loadSiteRows(this.#store, this.#key, now);
    const { content: _c, authors: _a, terms: _t, related: _r, contentMemberships: _m, schedules: _s, ...structure } = rows;
    this.#rows = structure;
    this.#index = indexFromRows(rows, { now, originTemplate: this.#originTemplate, scriptSources: this.#scriptSources, mediaPublicUrl: this.#mediaPublicUrl }).index;
    return { index: this.#index, patched: null };
  }
}
