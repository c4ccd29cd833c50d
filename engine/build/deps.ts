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
import { digest } from './digest';
import { zonedYear } from '../domain/dates';
import type { PageView } from '../../site/model';
import { itemHref, sectionChain, type ResolveContext } from './stages/resolve-context';
import { ListIndex } from './stages/resolve-lists';
import { newsItems } from './stages/emit-sitemaps';
import { authorsWithPages } from './stages/pages';
import { recommendationDeps, recommenderFor } from './stages/resolve-grid';
import { playlistKey } from './playlists';
import type { BuildContent, TenantIndex } from './types';

export { digest };

const fp = (v: unknown) => digest(JSON.stringify(v));

/** Keys whose change re-runs the crawler files (sitemaps, news sitemap, feeds, robots, redirects). */
export function affectsCrawler(key: string): boolean {
  return key.startsWith('c:') || key.startsWith('s:') || key.startsWith('list:') || key.startsWith('mag:p:') || key.startsWith('mag:i:') ||
    key === 'settings' || key === 'home' || key === 'redirects' || key === 'news' || key === 'assets' || key.startsWith('p:') ||
    key === 'modules' || key === 'parts';
}

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

/**
 * What an event list block picks from (resolve-blocks.ts eventsOf): every dated event and webinar,
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

/** What a company_videos block picks from (resolve-page-blocks.ts videosNaming): each Video item's related ids. */
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
export function fingerprintsOf(index: TenantIndex, patch?: IndexPatch): Fingerprints {
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
  const authors = authorsWithPages(index);
  for (const p of index.persons ?? []) {
    if (patch && !patch.personIds.has(p.id)) continue;
    if (!patch) out.set(`pa:${p.id}`, fp(p));
    const ids = authors.get(p.id);
    if (ids) out.set(`p:${p.id}`, fp([p, ids]));
  }
  for (const [key, part] of recommenderFor(index).fingerprintParts()) out.set(key, digest(part));
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
export function fingerprints(index: TenantIndex): Map<string, string> {
  return fingerprintsOf(index).values;
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

/**
 * The keys a page's layout blocks read beyond what the page records: the sections its list blocks
 * name (their activation changes the page), the publications its issue lists show, and the pools
 * event lists and company videos pick from (a new event or video changes the page).
 */
function layoutBlockKeys(ctx: ResolveContext, layoutId: number | null): string[] {
  const layout = (ctx.index.layouts ?? []).find((l) => l.id === layoutId);
  if (!layout) return [];
  const keys: string[] = [];
  for (const row of layout.primaryGrid.rows) {
    for (const col of row.columns) {
      for (const b of col.blocks) {
        if (b.type === 'content_list' && typeof b.data.section === 'number') keys.push(`s:${b.data.section}`, `list:${b.data.section}`);
        else if (b.type === 'issue_list') keys.push(`mag:p:${b.data.publicationId}`);
        else if (b.type === 'event_list') keys.push('events');
        else if (b.type === 'company_videos') keys.push('videos');
        else if (b.type === 'rss_feed') keys.push(`feed:${b.data.url}`);
        else if (b.type === 'video_playlist' && b.data.playlistId) keys.push(`feed:${playlistKey(b.data.playlistId)}`);
      }
    }
  }
  return keys;
}

/**
 * The keys pageDeps takes from the tenant alone, memoised per resolve context (a context is one
 * index's snapshot): a section's key with its ancestors', a listed item's key with its section's,
 * a layout's block keys. pageDeps runs twice per item (page and print view); building each key
 * string and hashing it into the Set again was most of its cost.
 */
interface DepMemo {
  sections: Map<number, readonly string[]>;
  contents: Map<number, readonly string[]>;
  layouts: Map<number | null, readonly string[]>;
}
const depMemos = new WeakMap<ResolveContext, DepMemo>();

function depMemo(ctx: ResolveContext): DepMemo {
  let m = depMemos.get(ctx);
  if (!m) depMemos.set(ctx, (m = { sections: new Map(), contents: new Map(), layouts: new Map() }));
  return m;
}

/** `s:<id>` of a section and of the sections of its chain (sectionChain). */
function sectionKeys(ctx: ResolveContext, m: DepMemo, id: number): readonly string[] {
  let keys = m.sections.get(id);
  if (!keys) m.sections.set(id, (keys = [`s:${id}`, ...sectionChain(ctx, id).map((s) => `s:${s.id}`)]));
  return keys;
}

/** `c:<id>` of a listed item and its section's keys. */
function contentKeys(ctx: ResolveContext, m: DepMemo, id: number): readonly string[] {
  let keys = m.contents.get(id);
  if (!keys) {
    const sectionId = ctx.contentById.get(id)?.sectionId;
    m.contents.set(id, (keys = sectionId === null || sectionId === undefined ? [`c:${id}`] : [`c:${id}`, ...sectionKeys(ctx, m, sectionId)]));
  }
  return keys;
}

/** The input keys a resolved page read. */
export function pageDeps(ctx: ResolveContext, page: PageView, self?: BuildContent): string[] {
  const m = depMemo(ctx);
  const keys = new Set<string>(['settings', 'menus', 'layouts', 'home', 'assets', `layout:${page.layoutId ?? 0}`]);
  const addAll = (list: readonly string[]) => { for (const k of list) keys.add(k); };
  if (ctx.homeSection) keys.add(`s:${ctx.homeSection.id}`);
  else if (page.kind !== 'print') keys.add('list:all');
  for (const id of page.inputs.contentIds) addAll(contentKeys(ctx, m, id));
  if (self) {
    keys.add(`c:${self.id}`);
    keys.add(`mag:c:${self.id}`);
    if (self.sectionId !== null && self.sectionId !== undefined) addAll(sectionKeys(ctx, m, self.sectionId));
    for (const id of self.relatedIds ?? []) keys.add(`c:${id}`);
    for (const a of self.authors) keys.add(`pa:${a.id}`);
    addAll(recommendationDeps(ctx, self.id));
  }
  for (const id of page.inputs.sectionIds) {
    keys.add(`list:${id}`);
    addAll(sectionKeys(ctx, m, id));
  }
  let block = m.layouts.get(page.layoutId);
  if (!block) m.layouts.set(page.layoutId, (block = layoutBlockKeys(ctx, page.layoutId)));
  addAll(block);
  return [...keys].sort();
}

/** The input keys of an issue or publication page: pageDeps plus its own magazine key. */
export function magazinePageDeps(ctx: ResolveContext, page: PageView, key: string): string[] {
  return [...new Set([...pageDeps(ctx, page), key])].sort();
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
