import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_POLL_MS, checkLatestBuild, isVerySlowConnection, MANIFEST_DELAY_MS, newBuildPending, resetBuildPoll, startBuildPoll } from './build-poll';

const answer = (body: unknown, ok = true) => vi.fn(async (_url: string) => ({ ok, json: async () => body }));

afterEach(() => { resetBuildPoll(); vi.useRealTimers(); });

describe('admin build polling', () => {
  it('marks a new build when latest.json names another id, fetched with a timestamp', async () => {
    const f = answer({ id: 'b2' });
    expect(await checkLatestBuild(f, 'b1', 1234)).toBe(true);
    expect(f.mock.calls[0]![0]).toBe('/admin/builds/latest.json?1234');
    expect(newBuildPending()).toBe(true);
  });

  it('keeps going on the same id, a failed fetch or an unreadable answer', async () => {
    expect(await checkLatestBuild(answer({ id: 'b1' }), 'b1', 1)).toBe(false);
    expect(await checkLatestBuild(answer({ id: 'b2' }, false), 'b1', 1)).toBe(false);
    expect(await checkLatestBuild(answer(null), 'b1', 1)).toBe(false);
    expect(await checkLatestBuild(vi.fn(async () => { throw new Error('offline'); }), 'b1', 1)).toBe(false);
    expect(newBuildPending()).toBe(false);
  });

  it('fetches 1 s after start, then every 3,600,000 ms; very slow connections skip the first fetch', async () => {
    vi.useFakeTimers();
    const f = answer({ id: 'b1' });
    const stop = startBuildPoll({ current: 'b1', fetch: f, slow: false });
    await vi.advanceTimersByTimeAsync(MANIFEST_DELAY_MS - 1);
    expect(f).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(f).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
    expect(f).toHaveBeenCalledTimes(2);
    stop();
    const g = answer({ id: 'b1' });
    const stop2 = startBuildPoll({ current: 'b1', fetch: g, slow: true });
    await vi.advanceTimersByTimeAsync(MANIFEST_DELAY_MS);
    expect(g).toHaveBeenCalledTimes(0);
    stop2();
    const h = answer({ id: 'b2' });
    const onNewBuild = vi.fn();
    const stop3 = startBuildPoll({ current: 'b1', fetch: h, slow: false, onNewBuild });
    await vi.advanceTimersByTimeAsync(MANIFEST_DELAY_MS);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
    expect(h).toHaveBeenCalledTimes(1); // no fetch once a new build is known
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    stop3();
    expect(isVerySlowConnection({ connection: { effectiveType: '2g' } })).toBe(true);
    expect(isVerySlowConnection({ connection: { effectiveType: '4g' } })).toBe(false);
  });
});
