import { describe, expect, it } from 'vitest';
import { pauseWhileBusy } from './apply-plan';

describe('a background phase pausing for requests', () => {
  it('waits until the server is no longer busy', async () => {
    let calls = 0;
    await pauseWhileBusy(() => ++calls <= 5, 10_000);
    expect(calls).toBe(6);
  });

  it('gives up after the longest pause, so it progresses under steady traffic', async () => {
    let calls = 0;
    const started = performance.now();
    await pauseWhileBusy(() => { calls += 1; return true; }, 30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(30);
    expect(calls).toBeGreaterThan(1);
  });
});
