// @vitest-environment happy-dom
// The hydration entry: each registered island root hydrates from its JSON props, an island inside
// another registered island is left to its owner, an unknown name stays static, and a chunk that
// fails to download reloads the page once (the session-storage guard of build-poll.ts).
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const reload = vi.hoisted(() => vi.fn(() => true));
vi.mock('./build-poll', async (orig) => ({ ...(await orig<typeof import('./build-poll')>()), reloadForChunk: reload }));
vi.mock('./registry', () => ({
  islands: {
    greet: async () => ({ name }: { name: string }) => <p className="greet">{`Hello ${name}`}<button type="button" onClick={() => undefined}>wave</button></p>,
    outer: async () => () => <section className="outer"><div data-island="greet"><p className="greet">Hello nested</p></div></section>,
    broken: async () => { throw new TypeError('Failed to fetch dynamically imported module: /assets/site-broken-x.js'); },
  },
}));

const { hydrateIslands } = await import('./main');

afterEach(() => { document.body.innerHTML = ''; reload.mockClear(); vi.restoreAllMocks(); });

describe('hydrateIslands', () => {
  it('hydrates registered roots from their props, leaves nested and unknown ones alone', async () => {
    document.body.innerHTML = [
      '<div id="a" data-island="greet" data-props=\'{"name":"Ada"}\'><p class="greet">Hello Ada<button type="button">wave</button></p></div>',
      '<div id="o" data-island="outer"><section class="outer"><div id="n" data-island="greet"><p class="greet">Hello nested</p></div></section></div>',
      '<div id="u" data-island="ad-slot"></div>',
    ].join('');
    await act(async () => { await hydrateIslands(); });
    const el = (id: string) => document.getElementById(id)!;
    expect(el('a').dataset.hydrated).toBe('true');
    expect(el('a').textContent).toBe('Hello Adawave');
    expect(el('o').dataset.hydrated).toBe('true');
    expect(el('n').dataset.hydrated).toBeUndefined();
    expect(el('u').dataset.hydrated).toBeUndefined();
  });

  it('keeps the prerendered HTML of an island whose chunk fails, and reloads once for it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML = '<div id="b" data-island="broken"><p>Static fallback</p></div>';
    await hydrateIslands();
    const b = document.getElementById('b')!;
    expect(b.dataset.hydrated).toBe('failed');
    expect(b.textContent).toBe('Static fallback');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('whenIdle (public §9 lazy hydration)', () => {
  it('waits for the browser to be idle, with the spec timeout of 2000 ms', async () => {
    const { whenIdle, LAZY_HYDRATION_IDLE_TIMEOUT_MS } = await import('./main');
    const calls: { timeout: number | undefined }[] = [];
    const ric = vi.fn((cb: () => void, opts?: { timeout?: number }) => { calls.push({ timeout: opts?.timeout }); cb(); return 1; });
    vi.stubGlobal('requestIdleCallback', ric);
    const run = vi.fn();
    whenIdle(run);
    expect(LAZY_HYDRATION_IDLE_TIMEOUT_MS).toBe(2000);
    expect(calls).toEqual([{ timeout: 2000 }]);
    expect(run).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('falls back to a timer where requestIdleCallback does not exist', async () => {
    const { whenIdle } = await import('./main');
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const run = vi.fn();
    whenIdle(run);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5);
    expect(run).toHaveBeenCalledOnce();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
});
