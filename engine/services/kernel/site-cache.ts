// A per-tenant snapshot of the site's structure (sections, layouts, redirects, menus) for the hot
// public reads. Kept for `ttlMs` and dropped at once when this process commits a change; writes
// made by another process show after at most `ttlMs`.
import type { Store } from '../../store/connection';
import { listAllLayouts, type LayoutRecord } from '../../store/queries/layouts';
import { listSections, type SectionRecord } from '../../store/queries/sections';
import { listAllRedirects, listMenus, type MenuRecord, type RedirectRecord } from '../../store/queries/site-config';

export interface SectionNode extends SectionRecord {
  depth: number;
  /** Root first, this section last. */
  hierarchy: SectionNode[];
  fullName: string;
  children: SectionNode[];
}

export interface SiteSnapshot {
  sections: Map<number, SectionNode>;
  byAlias: Map<string, SectionNode>;
  roots: SectionNode[];
  layouts: LayoutRecord[];
  redirects: Map<string, RedirectRecord>;
  menus: MenuRecord[];
}

/** Builds the section tree: hierarchy, full names ("Markets > Ocean Freight") and children in order. */
export function buildSectionTree(rows: SectionRecord[]): Pick<SiteSnapshot, 'sections' | 'byAlias' | 'roots'> {
  const sections = new Map<number, SectionNode>();
  for (const r of rows) sections.set(r.id, { ...r, depth: 1, hierarchy: [], fullName: r.name, children: [] });
  const roots: SectionNode[] = [];
  for (const node of sections.values()) {
    const parent = node.parentId === null ? undefined : sections.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const walk = (node: SectionNode, trail: SectionNode[]) => {
    node.hierarchy = [...trail, node];
    node.depth = node.hierarchy.length;
    node.fullName = node.hierarchy.map((s) => s.name).join(' > ');
    if (node.depth < 16) for (const c of node.children) walk(c, node.hierarchy);
  };
  for (const r of roots) walk(r, []);
  return { sections, roots, byAlias: new Map([...sections.values()].map((s) => [s.alias, s])) };
}

export class SiteCache {
  readonly #entries = new Map<string, { at: number; value: Promise<SiteSnapshot> }>();
  readonly #store: Store;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(store: Store, ttlMs: number, now: () => number) {
    this.#store = store;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  invalidate(tenantKey?: string): void {
    if (tenantKey === undefined) this.#entries.clear();
    else this.#entries.delete(tenantKey);
  }

  get(tenantKey: string): Promise<SiteSnapshot> {
    const hit = this.#entries.get(tenantKey);
    if (hit && this.#now() - hit.at < this.#ttlMs) return hit.value;
    const value = this.#load(tenantKey);
    this.#entries.set(tenantKey, { at: this.#now(), value });
    value.catch(() => this.#entries.delete(tenantKey));
    return value;
  }

  async #load(tenantKey: string): Promise<SiteSnapshot> {
    const db = this.#store.db;
    const [sections, layouts, redirects, menus] = await Promise.all([
      listSections(db, tenantKey), listAllLayouts(db, tenantKey), listAllRedirects(db, tenantKey), listMenus(db, tenantKey),
    ]);
    return { ...buildSectionTree(sections), layouts, redirects: new Map(redirects.map((r) => [r.from, r])), menus };
  }
}
