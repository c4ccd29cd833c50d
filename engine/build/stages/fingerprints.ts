// The fingerprints of a tenant index's input keys (the keys are named in ../deps.ts): a hash of
// exactly the data the resolve and emit stages read for each, so they sit beside those stages.
import { zonedYear } from '../../domain/dates';
import { BuildCaches } from '../caches';
import { digest, type Fingerprints, type IndexPatch } from '../deps';
import type { BuildContent, TenantIndex } from '../types';
import { newsItems } from './emit-sitemaps';
import { authorsWithPages } from './pages';
import { itemHref } from './resolve-context';
import { recommenderFor } from './blocks/related';
import { ListIndex } from './resolve-lists';

const fp = (v: unknown) => digest(JSON.stringify(v));

function listEntries(li: ListIndex, bySection: Map<number, [number, string][]>, byId: Map<number, BuildContent>, sectionId: number): string {
  const options = new Map<number, Set<string>>();
  for (const sid of li.subtree(sectionId)) {
    for (const [id, option] of bySection.get(sid) ?? []) {
      const set = options.get(id) ?? new Set<string>();
      if (set.size === 0) options.set(id, set);
      set.add(option);
    }
  }
  return li.candidates(sectionId, undefined, []).map((id) => {
    const c = byId.get(id)!;
    return `${id}:${[...(options.get(id) ?? [])].sort().join('+')}:${c.type}:${itemHref(c) ? 1 : 0}`;
  }).join(',');
}

/**
 * What an event list block picks from (blocks/events.ts eventsOf): every dated event and webinar,
 * and which have ended at the index's time (an upcoming list drops an event when it ends; the
 * builder's time boundary, incremental/state.ts indexBoundary, wakes it then).
 */
function eventsPart(index: TenantIndex): string {
  const out: string[] = [];
  let ended = 0;
  for (const c of index.content) {
    const start = c.event?.startDate;
    if ((c.type !== 'Event' && c.type !== 'Webinar') || start === undefined) continue;
    const end = c.event?.endDate ?? start;
    out.push(`${c.id}:${c.type}:${start}:${end}`);
    if (end < index.now) ended += 1;
  }
  return `${out.sort().join(',')}|ended:${ended}`;
}

/** What a company_videos block picks from (blocks/media.ts videosNaming): each Video item's related ids. */
function videosPart(index: TenantIndex): string {
  const out: string[] = [];
  for (const c of index.content) if (c.type === 'Video') out.push(`${c.id}:${(c.relatedIds ?? []).join('+')}`);
  return out.sort().join(',');
}

/** The sections whose list reads a schedule of `touched` (each one and its ancestors: lists bubble up). */
function listsReading(index: TenantIndex, touched: ReadonlySet<number>): Set<number> {
  const parent = new Map(index.sections.map((s) => [s.id, s.parentId]));
  const out = new Set<number>();
  for (const id of touched) {
    for (let cur: number | null | undefined = id; cur !== null && cur !== undefined && !out.has(cur); cur = parent.get(cur)) out.add(cur);
  }
  return out;
}

/**
 * Fingerprints of every input key of the index; with `patch`, of the keys a content patch can
 * change only: its items' c: keys, the lists of the sections it touched, the whole-site list, the
 * news window, its authors' pages, the recommender and the settings (their year moves with `now`).
 * Structure rows (sections, layouts, menus, people, assets, redirects, magazine) are not re-read
 * by a patch, so their fingerprints stay the live build's. Listing every section's candidates was
 * most of an edit's planning at 20,000 items.
 */
export function fingerprintsOf(index: TenantIndex, patch?: IndexPatch, caches: BuildCaches = new BuildCaches()): Fingerprints {
  const out = new Map<string, string>();
  const byId = new Map(index.content.map((c) => [c.id, c]));
  const lists = patch ? listsReading(index, patch.sectionIds) : null;
  if (patch) {
    for (const id of patch.contentIds) { const c = byId.get(id); if (c) out.set(`c:${id}`, fp(c)); }
  } else {
    for (const c of index.content) out.set(`c:${c.id}`, fp(c));
    for (const s of index.sections) out.set(`s:${s.id}`, fp(s));
    out.set('home', String(index.sections.find((s) => s.alias === 'home')?.id ?? ''));
  }
  const li = new ListIndex(index);
  const bySection = new Map<number, [number, string][]>();
  for (const s of index.schedules) {
    const list = bySection.get(s.sectionId);
    if (list) list.push([s.contentId, s.option]);
    else bySection.set(s.sectionId, [[s.contentId, s.option]]);
  }
  for (const s of index.sections) if (!lists || lists.has(s.id)) out.set(`list:${s.id}`, digest(listEntries(li, bySection, byId, s.id)));
  out.set('list:all', digest(index.content.map((c) => `${c.id}:${c.type}:${itemHref(c) ? 1 : 0}`).join(',')));
  out.set('settings', fp([index.tenant, index.memberships ?? [], index.newsletters ?? [], zonedYear(index.now)]));
  out.set('news', fp(newsItems(index).map((c) => [c.id, c.published])));
  out.set('events', digest(eventsPart(index)));
  out.set('videos', digest(videosPart(index)));
  const authors = authorsWithPages(index, caches);
  for (const p of index.persons ?? []) {
    if (patch && !patch.personIds.has(p.id)) continue;
    if (!patch) out.set(`pa:${p.id}`, fp(p));
    const ids = authors.get(p.id);
    if (ids) out.set(`p:${p.id}`, fp([p, ids]));
  }
  for (const [key, part] of recommenderFor(index, caches).fingerprintParts()) out.set(key, digest(part));
  if (!patch) {
    const layouts = index.layouts ?? [];
    out.set('layouts', fp(layouts.map((l) => [l.id, l.type, l.aliases, l.propagate, l.pageType ?? null, l.contentIds, l.contentTypes, l.sectionIds])));
    for (const l of layouts) out.set(`layout:${l.id}`, fp(l));
    out.set('modules', fp(layouts.filter((l) => l.type === 'module').map((l) => [l.id, l.key?.trim() ?? null])));
    out.set('menus', fp(index.menus ?? {}));
    out.set('assets', fp(index.assets ?? []));
    out.set('redirects', fp(index.redirects));
    out.set('parts', fp(index.parts ?? null));
    for (const [url, items] of Object.entries(index.feeds ?? {})) out.set(`feed:${url}`, fp(items));
    magazineFingerprints(index, out);
    return { values: out, covers: () => true };
  }
  const covers = (key: string): boolean => {
    const colon = key.indexOf(':');
    const kind = colon < 0 ? key : key.slice(0, colon);
    const id = Number(key.slice(colon + 1));
    switch (kind) {
      case 'c': return patch.contentIds.has(id);
      case 'list': return key === 'list:all' || lists!.has(id);
      case 'p': return patch.personIds.has(id);
      case 'settings': case 'news': case 'events': case 'videos': case 'rt': case 'rs': case 'rr': return true;
      default: return false;
    }
  };
  return { values: out, covers };
}

/** Fingerprints of every input key of the index. */
export function fingerprints(index: TenantIndex, caches?: BuildCaches): Map<string, string> {
  return fingerprintsOf(index, undefined, caches).values;
}

function magazineFingerprints(index: TenantIndex, out: Map<string, string>): void {
  const m = index.magazine;
  if (!m) return;
  const pubs = new Map(m.publications.map((p) => [p.id, p]));
  for (const p of m.publications) {
    out.set(`mag:p:${p.id}`, fp([p, m.issues.filter((i) => i.publicationId === p.id).map((i) => [i.id, i.name, i.issueDate, i.path, i.coverImage, i.description])]));
  }
  const lines = new Map<number, string>();
  for (const i of m.issues) {
    const p = pubs.get(i.publicationId);
    out.set(`mag:i:${i.id}`, fp([i, p?.name, p?.path]));
    for (const s of i.sections) for (const id of s.contentIds) if (!lines.has(id)) lines.set(id, fp([i.id, i.path, i.issueDate, p?.name]));
  }
  for (const [id, h] of lines) out.set(`mag:c:${id}`, h);
}
