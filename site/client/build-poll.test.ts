// @vitest-environment happy-dom
// The build poll (admin §8, §9): latest.json?<timestamp> every 3,600,000 ms unless a meta tag says
// otherwise, a different build id turns the next same-site navigation into a full page load, and a
// failed chunk reloads the page once per path within 10 s (session storage guard).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BUILD_ATTRIBUTE, BUILD_POLL_MS, BuildWatcher, FIRST_CHECK_DELAY_MS, RELOAD_GUARD_MS, STALE_ATTRIBUTE, installBuildPoll, isChunkLoadError, pollInterval,
  sameSiteNavigation, shouldReloadForChunk, type BuildPollEnv,
} from './build-poll';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => { m.set(k, v); } };
}

function fakeLatest(ids: (string | null)[]) {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    urls.push(url);
    const id = ids.length > 1 ? ids.shift()! : ids[0]!;
    if (id === null) return new Response('nope', { status: 404 });
    return new Response(JSON.stringify({ id, timestamp: 1 }), { headers: { 'content-type': 'application/json' } });
  });
  return { fetch, urls };
}

afterEach(() => {
  vi.useRealTimers(); vi.restoreAllMocks(); document.head.innerHTML = ''; document.body.innerHTML = '';
  document.documentElement.removeAttribute(BUILD_ATTRIBUTE);
  document.documentElement.removeAttribute(STALE_ATTRIBUTE);
});

describe('poll interval', () => {
  it('is 3,600,000 ms by default and follows a whole-number meta tag of at least 1 s', () => {
    expect(BUILD_POLL_MS).toBe(3_600_000);
    expect(pollInterval(document)).toBe(3_600_000);
    document.head.innerHTML = '<meta name="masthead-build-poll" content="60000">';
    expect(pollInterval(document)).toBe(60_000);
    document.head.innerHTML = '<meta name="masthead-build-poll" content="10">';
    expect(pollInterval(document)).toBe(3_600_000);
    document.head.innerHTML = '<meta name="masthead-build-poll" content="1e3">';
    expect(pollInterval(document)).toBe(3_600_000);
  });
});

describe('BuildWatcher', () => {
  it('fetches /builds/latest.json?<timestamp>, first 1 s after start, then every interval, and turns stale on a new id', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const latest = fakeLatest(['b1', 'b1', 'b2']);
    const onStale = vi.fn();
    const onBuild = vi.fn();
    const env: BuildPollEnv = { fetch: latest.fetch as never, now: () => Date.now(), setTimeout: (fn, ms) => setTimeout(fn, ms), intervalMs: 5_000 };
    const w = new BuildWatcher(env, { onBuild, onStale });
    w.start();
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS - 1);
    expect(latest.urls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(latest.urls).toEqual([`/builds/latest.json?${1_700_000_000_000 + FIRST_CHECK_DELAY_MS}`]);
    expect(onBuild).toHaveBeenCalledWith('b1');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(latest.urls).toHaveLength(2);
    expect(w.stale()).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(latest.urls).toHaveLength(3);
    expect(w.stale()).toBe(true);
    expect(onStale).toHaveBeenCalledTimes(1);
    expect(onBuild).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(latest.urls).toHaveLength(3); // no polling once stale
  });

  it('ignores failed reads (offline, 404) instead of taking them as a new build', async () => {
    const latest = fakeLatest(['b1', null, 'b1']);
    const w = new BuildWatcher({ fetch: latest.fetch as never, now: () => 1, setTimeout: () => 0, intervalMs: 1 });
    expect(await w.check()).toBe(false);
    expect(await w.check()).toBe(false);
    expect(await w.check()).toBe(false);
  });
});

describe('next navigation after a new build', () => {
  it('turns a click on a same-site link into a full load once stale, and leaves it alone before', async () => {
    vi.useFakeTimers();
    const latest = fakeLatest(['b1', 'b2']);
    vi.spyOn(window, 'fetch').mockImplementation(latest.fetch as never);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    document.head.innerHTML = '<meta name="masthead-build-poll" content="1000">';
    document.body.innerHTML = '<a id="in" href="/markets">Markets</a><a id="out" href="https://elsewhere.example/">Out</a><a id="tab" href="/x" target="_blank">Tab</a><a id="hash" href="#main">Skip</a>';
    const w = installBuildPoll(window);
    // Stands in for the browser's own navigation, which happy-dom would attempt.
    const stopDefault = (e: Event) => e.preventDefault();
    document.addEventListener('click', stopDefault);
    const click = (id: string) => document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS);
    expect(w.stale()).toBe(false);
    expect(document.documentElement.getAttribute(BUILD_ATTRIBUTE)).toBe('b1');
    expect(document.documentElement.hasAttribute(STALE_ATTRIBUTE)).toBe(false);
    click('in');
    expect(assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(w.stale()).toBe(true);
    expect(document.documentElement.hasAttribute(STALE_ATTRIBUTE)).toBe(true);
    expect(click('in')).toBe(false);
    expect(assign).toHaveBeenCalledWith('/markets');
    for (const id of ['out', 'tab', 'hash']) click(id);
    expect(assign).toHaveBeenCalledTimes(1);
    document.removeEventListener('click', stopDefault);
    w.stop();
  });

  it('reads a plain left click on a same-origin anchor only', () => {
    document.body.innerHTML = '<a href="/a?b=1#c"><span id="s">x</span></a><a id="d" href="/f.pdf" download>f</a>';
    const ev = (target: Element, init: MouseEventInit = {}) => {
      const e = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      Object.defineProperty(e, 'target', { value: target });
      return e;
    };
    const origin = location.origin;
    expect(sameSiteNavigation(ev(document.getElementById('s')!), origin)).toBe('/a?b=1#c');
    expect(sameSiteNavigation(ev(document.getElementById('s')!, { ctrlKey: true }), origin)).toBeNull();
    expect(sameSiteNavigation(ev(document.getElementById('s')!, { button: 1 }), origin)).toBeNull();
    expect(sameSiteNavigation(ev(document.getElementById('d')!), origin)).toBeNull();
  });
});

describe('chunk reload guard', () => {
  it('allows one reload per path within 10 s', () => {
    const s = memoryStore();
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(shouldReloadForChunk(s, '/markets', 1_000)).toBe(true);
    expect(shouldReloadForChunk(s, '/markets', 10_999)).toBe(false);
    expect(shouldReloadForChunk(s, '/trucking', 5_000)).toBe(true);
    expect(shouldReloadForChunk(s, '/markets', 11_000)).toBe(true);
  });

  it('survives a corrupt guard entry and refuses when storage cannot be written', () => {
    const s = memoryStore();
    s.setItem('masthead.site.chunkReload', '{not json');
    expect(shouldReloadForChunk(s, '/a', 1)).toBe(true);
    const full = { getItem: () => null, setItem: () => { throw new Error('quota'); } };
    expect(shouldReloadForChunk(full, '/a', 1)).toBe(false);
  });

  it('recognises failed dynamic imports in each browser wording', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
