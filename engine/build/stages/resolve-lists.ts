// Content lists driven by website schedules. A list of a section reads the schedules of that
// section and of every section below it (content scheduled to a child bubbles up to its parents),
// optionally only one schedule option; items are ordered Pinned first, then Featured, then newest.
// Candidate orders are computed once per (section, option, types) and shared by every page.
import type { ContentType, ScheduleOption } from '../../domain/enums';
import type { BuildContent, TenantIndex } from '../types';

export const LIST_LIMIT_MAX = 100;

/** Admin §9: the limit is capped at 100; an invalid value (not a positive whole number) becomes 1. */
export function clampListLimit(limit: unknown): number {
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) return 1;
  return Math.min(limit, LIST_LIMIT_MAX);
}

const RANK: Record<ScheduleOption, number> = { Pinned: 0, Featured: 1, Standard: 2, Sponsored: 2, Recommended: 2 };

/** "all" is the whole site, newest first (a home page without a section aliased "home"). */
export type ListSource = number | 'all';

export class ListIndex {
  readonly #children = new Map<number, number[]>();
  readonly #schedules = new Map<number, { contentId: number; option: ScheduleOption }[]>();
  /** Position in index.content (newest published first). */
  readonly #position = new Map<number, number>();
  readonly #content: readonly BuildContent[];
  readonly #cache = new Map<string, readonly number[]>();

  constructor(index: TenantIndex) {
    this.#content = index.content;
    index.content.forEach((c, i) => this.#position.set(c.id, i));
    for (const s of index.sections) {
      if (s.parentId === null) continue;
      const kids = this.#children.get(s.parentId);
      if (kids) kids.push(s.id);
      else this.#children.set(s.parentId, [s.id]);
    }
    for (const s of index.schedules) {
      const list = this.#schedules.get(s.sectionId);
      if (list) list.push(s);
      else this.#schedules.set(s.sectionId, [s]);
    }
  }

  /** The section and every section below it. */
  subtree(sectionId: number): number[] {
    const out: number[] = [];
    const stack = [sectionId];
    const seen = new Set<number>();
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(id);
      for (const k of this.#children.get(id) ?? []) stack.push(k);
    }
    return out;
  }

  /** Ordered candidate ids for a list; shared and frozen, so callers must not change it. */
  candidates(source: ListSource, option: ScheduleOption | undefined, types: readonly ContentType[]): readonly number[] {
    const key = `${source}|${option ?? ''}|${types.join(',')}`;
    let ids = this.#cache.get(key);
    if (!ids) {
      ids = Object.freeze(this.#compute(source, option, types));
      this.#cache.set(key, ids);
    }
    return ids;
  }

  #compute(source: ListSource, option: ScheduleOption | undefined, types: readonly ContentType[]): number[] {
    const typeOk = types.length ? new Set<string>(types) : null;
    if (source === 'all') {
      return this.#content.filter((c) => !typeOk || typeOk.has(c.type)).map((c) => c.id);
    }
    const rank = new Map<number, number>();
    for (const sectionId of this.subtree(source)) {
      for (const s of this.#schedules.get(sectionId) ?? []) {
        if (option && s.option !== option) continue;
        const r = RANK[s.option];
        const had = rank.get(s.contentId);
        if (had === undefined || r < had) rank.set(s.contentId, r);
      }
    }
    const out: number[] = [];
    for (const id of rank.keys()) {
      const pos = this.#position.get(id);
      if (pos === undefined) continue;
      if (typeOk && !typeOk.has(this.#content[pos]!.type)) continue;
      out.push(id);
    }
    const pos = this.#position;
    return out.sort((a, b) => rank.get(a)! - rank.get(b)! || pos.get(a)! - pos.get(b)!);
  }
}

/** The first `limit` candidates not already shown on the page. */
export function takeUnused(candidates: readonly number[], limit: number, used: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < candidates.length && out.length < limit; i++) {
    const id = candidates[i]!;
    if (!used.has(id)) out.push(id);
  }
  return out;
}
