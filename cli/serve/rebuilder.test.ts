import { describe, expect, it } from 'vitest';
import { createRebuilder } from './rebuilder';

describe('rebuilder', () => {
  it('runs one build at a time per tenant and coalesces requests made while one runs', async () => {
    const log: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const r = createRebuilder(async (key) => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      log.push(`start ${key}`);
      await new Promise((done) => setTimeout(done, 20));
      log.push(`end ${key}`);
      running -= 1;
    }, () => {});
    r.request('a');
    await new Promise((done) => setTimeout(done, 5));
    r.request('a');
    r.request('a');
    r.request('a');
    await r.idle();
    expect(log).toEqual(['start a', 'end a', 'start a', 'end a']);
    expect(maxRunning).toBe(1);
  });

  it('reports a failed build and keeps serving later requests', async () => {
    const errors: string[] = [];
    let calls = 0;
    const r = createRebuilder(async () => { calls += 1; if (calls === 1) throw new Error('disk full'); }, (key, e) => errors.push(`${key}: ${(e as Error).message}`));
    r.request('a');
    await r.idle();
    r.request('a');
    await r.idle();
    expect(errors).toEqual(['a: disk full']);
    expect(calls).toBe(2);
  });
});
