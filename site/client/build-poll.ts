// Staying current with the published build (admin §8, §9; issue #5 "Watch and poll").
//
// Build poll: the page fetches /builds/latest.json?<timestamp> every 3,600,000 ms (or the interval
// of <meta name="masthead-build-poll" content="ms">, which development builds set shorter). The
// first answer, 1 s after start, is the page's build; once a later answer names a different build
// id, the next navigation is a full page load: a click on a same-site link loads the page from the
// server (even where an island would handle it in place), history navigation inside the page
// (popstate) reloads, and a page restored from the back/forward cache checks again and reloads.
// Pages do not embed their build id, so an incremental rebuild need not rewrite every page.
//
// Chunk reload: a script or style chunk that fails to load reloads the page at its path, at most
// once per path within 10 s, guarded in session storage.

export const BUILD_POLL_MS = 3_600_000;
export const RELOAD_GUARD_MS = 10_000;
/** The first check waits this long after start (admin §9 "Manifest fetch delay"). */
export const FIRST_CHECK_DELAY_MS = 1_000;
export const POLL_META = 'masthead-build-poll';
const MIN_POLL_MS = 1_000;
const GUARD_KEY = 'masthead.site.chunkReload';
/** Set on <html>: the page's build id once read, and a flag once a newer build is published. */
export const BUILD_ATTRIBUTE = 'data-build';
export const STALE_ATTRIBUTE = 'data-build-stale';

export interface KeyValueStore { getItem(key: string): string | null; setItem(key: string, value: string): void }

/** The poll interval: the meta tag's whole number of ms (at least 1 s), else the spec's default. */
export function pollInterval(doc: Pick<Document, 'querySelector'>): number {
  const raw = doc.querySelector<HTMLMetaElement>(`meta[name="${POLL_META}"]`)?.content;
  const n = raw && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  return Number.isSafeInteger(n) && n >= MIN_POLL_MS ? n : BUILD_POLL_MS;
}

/** True (and records the attempt) when a chunk-failure reload of `path` is allowed at `now`. */
export function shouldReloadForChunk(storage: KeyValueStore, path: string, now: number): boolean {
  let seen: Record<string, number> = {};
  try {
    const v: unknown = JSON.parse(storage.getItem(GUARD_KEY) ?? '{}');
    if (v && typeof v === 'object' && !Array.isArray(v)) seen = v as Record<string, number>;
  } catch {
    seen = {};
  }
  const last = seen[path];
  if (typeof last === 'number' && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  for (const [p, t] of Object.entries(seen)) if (typeof t !== 'number' || now - t >= RELOAD_GUARD_MS) delete seen[p];
  seen[path] = now;
  try {
    storage.setItem(GUARD_KEY, JSON.stringify(seen));
  } catch {
    return false; // without a working guard a reload could loop
  }
  return true;
}

export interface BuildPollEnv {
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  intervalMs: number;
}

/** Reads the build id of latest.json; null when it cannot be read (offline, 404, bad JSON). */
export async function fetchBuildId(env: Pick<BuildPollEnv, 'fetch' | 'now'>): Promise<string | null> {
  try {
    const res = await env.fetch(`/builds/latest.json?${env.now()}`, { cache: 'no-store', credentials: 'same-origin' });
    if (!res.ok) return null;
    const body = (await res.json()) as { id?: unknown };
    return typeof body.id === 'string' && body.id ? body.id : null;
  } catch {
    return null;
  }
}

export interface BuildWatcherHooks {
  /** The page's build id, once the first read names it. */
  onBuild?: (id: string) => void;
  /** A later read named another build. */
  onStale?: () => void;
}

/**
 * Tracks the published build: the first id read is the page's; `stale()` turns true once a later
 * read names another. `check()` reads now (the timer calls it every interval).
 */
export class BuildWatcher {
  #current: string | null = null;
  #stale = false;
  #stopped = false;
  readonly #env: BuildPollEnv;
  readonly #hooks: BuildWatcherHooks;

  constructor(env: BuildPollEnv, hooks: BuildWatcherHooks = {}) {
    this.#env = env;
    this.#hooks = hooks;
  }

  stale(): boolean {
    return this.#stale;
  }

  async check(): Promise<boolean> {
    const id = await fetchBuildId(this.#env);
    if (id === null || this.#stale) return this.#stale;
    if (this.#current === null) {
      this.#current = id;
      this.#hooks.onBuild?.(id);
    } else if (id !== this.#current) {
      this.#stale = true;
      this.#hooks.onStale?.();
    }
    return this.#stale;
  }

  /** First check after FIRST_CHECK_DELAY_MS, then one per interval until stale or stopped. */
  start(): void {
    const loop = (delay: number) => {
      this.#env.setTimeout(() => {
        if (this.#stopped) return;
        void this.check().then((stale) => { if (!stale) loop(this.#env.intervalMs); });
      }, delay);
    };
    loop(FIRST_CHECK_DELAY_MS);
  }

  stop(): void {
    this.#stopped = true;
  }
}

/** The same-site address a click on `event` follows as a plain navigation, or null. */
export function sameSiteNavigation(event: MouseEvent, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const a = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(a instanceof HTMLAnchorElement) || a.hasAttribute('download') || (a.target && a.target !== '_self')) return null;
  let url: URL;
  try {
    url = new URL(a.href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Wires the watcher to the window: full loads once stale, and chunk-failure reloads. */
export function installBuildPoll(win: Window = window): BuildWatcher {
  // <html data-build="<id>"> names the page's build once read, and data-build-stale appears once
  // a newer one is published (for styles, scripts and tests that wait for either).
  const root = win.document.documentElement;
  const watcher = new BuildWatcher({
    fetch: (url, init) => win.fetch(url, init),
    now: () => Date.now(),
    setTimeout: (fn, ms) => win.setTimeout(fn, ms),
    intervalMs: pollInterval(win.document),
  }, { onBuild: (id) => root.setAttribute(BUILD_ATTRIBUTE, id), onStale: () => root.setAttribute(STALE_ATTRIBUTE, '') });
  win.document.addEventListener('click', (e) => {
    if (!watcher.stale()) return;
    const href = sameSiteNavigation(e, win.location.origin);
    if (href === null) return;
    const here = `${win.location.pathname}${win.location.search}`;
    if (href.startsWith(`${here}#`)) return; // an anchor on this page
    e.preventDefault();
    e.stopImmediatePropagation();
    win.location.assign(href);
  }, true);
  win.addEventListener('popstate', () => { if (watcher.stale()) win.location.reload(); });
  win.addEventListener('pageshow', (e) => {
    if ((e as PageTransitionEvent).persisted) void watcher.check().then((stale) => { if (stale) win.location.reload(); });
  });
  watcher.start();
  return watcher;
}

/** True for the error of a failed dynamic import or module script (wording differs per browser). */
export function isChunkLoadError(e: unknown): boolean {
  const msg = e instanceof Error ? e.message : String(e);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported/i.test(msg);
}

/** Reloads the page (same path, state kept) after a chunk failure, once per path per 10 s. */
export function reloadForChunk(win: Window = window): boolean {
  let storage: KeyValueStore;
  try {
    storage = win.sessionStorage;
  } catch {
    return false;
  }
  if (!shouldReloadForChunk(storage, win.location.pathname, Date.now())) return false;
  win.location.reload();
  return true;
}

/** Reloads on Vite's preload errors and on hashed scripts or stylesheets that fail to load. */
export function installChunkReload(win: Window = window): void {
  win.addEventListener('vite:preloadError', (e) => {
    e.preventDefault();
    reloadForChunk(win);
  });
  win.document.addEventListener('error', (e) => {
    const el = e.target;
    const url = el instanceof HTMLScriptElement ? el.src : el instanceof HTMLLinkElement && /stylesheet|modulepreload/.test(el.rel) ? el.href : '';
    if (url && new URL(url, win.location.href).pathname.startsWith('/assets/')) reloadForChunk(win);
  }, true);
  // A stylesheet that failed before this script ran: its <link> has no sheet once the page loaded.
  const checkStyles = () => {
    for (const link of win.document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href^="/assets/"]')) {
      if (!link.sheet) { reloadForChunk(win); return; }
    }
  };
  if (win.document.readyState === 'complete') checkStyles();
  else win.addEventListener('load', checkStyles, { once: true });
}
