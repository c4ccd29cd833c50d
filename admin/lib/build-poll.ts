// New admin builds (admin §4, §7.3, §9): the build writes builds/latest.json with its id; the running
// admin fetches it 1 s after start (not on very slow connections) and then every 3,600,000 ms, with
// a timestamp query so no cache answers. A different id marks a new build, and the next in-app
// navigation becomes a full page load (the router asks newBuildPending()), so nobody loses a form
// to a reload they did not ask for.

export const BUILD_POLL_MS = 3_600_000;
export const MANIFEST_DELAY_MS = 1_000;
export const LATEST_URL = '/admin/builds/latest.json';

let pending = false;

/** True once a build other than the running one has been published. */
export function newBuildPending(): boolean {
  return pending;
}

/** Test seam: forget a detected build. */
export function resetBuildPoll(): void {
  pending = false;
}

type FetchLike = (url: string, init?: { cache?: 'no-store' }) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

/** Fetches latest.json; true (and marks it) when it names another build. Failures change nothing. */
export async function checkLatestBuild(fetchFn: FetchLike, current: string, now: number, url = LATEST_URL): Promise<boolean> {
  try {
    const res = await fetchFn(`${url}?${now}`, { cache: 'no-store' });
    if (!res.ok) return false;
    const body = (await res.json()) as { id?: unknown } | null;
    if (typeof body?.id !== 'string' || body.id === '' || body.id === current) return false;
    pending = true;
    return true;
  } catch {
    return false;
  }
}

/** Very slow connections skip the first manifest fetch (admin §9). */
export function isVerySlowConnection(nav: { connection?: { effectiveType?: string; saveData?: boolean } } | undefined): boolean {
  const c = nav?.connection;
  return !!c && (c.saveData === true || c.effectiveType === 'slow-2g' || c.effectiveType === '2g');
}

export interface BuildPollOptions {
  current: string;
  fetch?: FetchLike;
  now?: () => number;
  intervalMs?: number;
  slow?: boolean;
  /** Called once a new build is detected; by default marks <html data-build-stale> (for styles and tests). */
  onNewBuild?: () => void;
  timers?: { setTimeout: typeof setTimeout; setInterval: typeof setInterval; clearTimeout: typeof clearTimeout; clearInterval: typeof clearInterval };
}

/** Starts polling; returns a stop function. */
export function startBuildPoll(o: BuildPollOptions): () => void {
  const fetchFn = o.fetch ?? ((url, init) => window.fetch(url, init));
  const now = o.now ?? Date.now;
  // Wrapped: browsers refuse the timer functions called as methods of another object.
  const t = o.timers ?? {
    setTimeout: ((fn: () => void, ms: number) => setTimeout(fn, ms)) as typeof setTimeout,
    setInterval: ((fn: () => void, ms: number) => setInterval(fn, ms)) as typeof setInterval,
    clearTimeout: (id: Parameters<typeof clearTimeout>[0]) => clearTimeout(id),
    clearInterval: (id: Parameters<typeof clearInterval>[0]) => clearInterval(id),
  };
  const onNewBuild = o.onNewBuild ?? (() => { if (typeof document !== 'undefined') document.documentElement.setAttribute('data-build-stale', ''); });
  const check = () => {
    if (!pending) void checkLatestBuild(fetchFn, o.current, now()).then((isNew) => { if (isNew) onNewBuild(); });
  };
  const slow = o.slow ?? (typeof navigator !== 'undefined' && isVerySlowConnection(navigator as never));
  const first = slow ? null : t.setTimeout(check, MANIFEST_DELAY_MS);
  const every = t.setInterval(check, o.intervalMs ?? BUILD_POLL_MS);
  return () => {
    if (first !== null) t.clearTimeout(first);
    t.clearInterval(every);
  };
}
