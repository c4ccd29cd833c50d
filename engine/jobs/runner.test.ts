// The background job runner on a hand-driven clock: runs every interval, one run at a time, a
// failure retried with backoff and reported, and two instances sharing state and a lease run each
// interval once.
import { describe, expect, it } from 'vitest';
import { createJobRunner, type JobLeases, type JobState, type JobStateStore } from './runner';

/** A clock and timer queue the test advances by hand. */
function manualClock(start = 1_000_000) {
  let t = start;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  return {
    now: () => t,
    setTimer: (fn: () => void, ms: number) => { const id = next++; timers.push({ at: t + ms, fn, id }); return id; },
    clearTimer: (id: unknown) => { timers = timers.filter((x) => x.id !== id); },
    /** Moves time on, firing due timers in order, and lets their runs settle. */
    async advance(ms: number) {
      const end = t + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const due = timers[0];
        if (!due || due.at > end) break;
        timers.shift();
        t = due.at;
        due.fn();
        for (let i = 0; i < 20; i++) await Promise.resolve();
        await new Promise((r) => setImmediate(r));
      }
      t = end;
    },
  };
}

const memoryStates = (): JobStateStore => {
  const m = new Map<string, JobState>();
  return { read: async (n) => (m.has(n) ? { ...m.get(n)! } : null), write: async (s) => { m.set(s.name, { ...s }); } };
};

describe('background job runner', () => {
  it('runs a job every interval and records its result', async () => {
    const clock = manualClock();
    const runner = createJobRunner(clock);
    let runs = 0;
    runner.add({ name: 'rollup', title: 'Rollup', everyMs: 60_000, run: async () => `run ${++runs}` });
    await runner.start();
    await clock.advance(59_000);
    expect(runs).toBe(0);
    await clock.advance(1_000);
    expect(runs).toBe(1);
    await clock.advance(120_000);
    expect(runs).toBe(3);
    const [s] = await runner.status();
    expect(s).toMatchObject({ name: 'rollup', failures: 0, lastResult: 'run 3', lastError: null, running: false, nextRunAt: clock.now() + 60_000 });
    await runner.stop();
    await clock.advance(600_000);
    expect(runs).toBe(3);
  });

  it('retries a failed run with backoff (30 s doubling, never later than the interval) and resets on success', async () => {
    const clock = manualClock();
    const errors: string[] = [];
    const runner = createJobRunner({ ...clock, onError: (_, e) => errors.push((e as Error).message) });
    const at: number[] = [];
    let failing = 4;
    runner.add({
      name: 'upkeep', title: 'Upkeep', everyMs: 600_000,
      run: async () => { at.push(clock.now()); if (failing-- > 0) throw new Error('database away'); },
    });
    await runner.start();
    const t0 = clock.now();
    await clock.advance(600_000 + 30_000 + 60_000 + 120_000);
    // First run at the interval, then retries 30 s, 60 s and 120 s after each failure.
    expect(at.map((x) => x - t0)).toEqual([600_000, 630_000, 690_000, 810_000]);
    expect((await runner.status())[0]).toMatchObject({ failures: 4, lastError: 'database away' });
    expect(errors).toHaveLength(4);
    await clock.advance(240_000);
    expect(at).toHaveLength(5);
    const s = (await runner.status())[0]!;
    expect(s).toMatchObject({ failures: 0, lastError: null });
    expect(s.lastOkAt).toBe(clock.now());
    // Back on the interval.
    await clock.advance(599_000);
    expect(at).toHaveLength(5);
    await clock.advance(1_000);
    expect(at).toHaveLength(6);
    await runner.stop();
  });

  it('runs one run of a job at a time: an ask while it runs joins it', async () => {
    const runner = createJobRunner();
    let release = () => {};
    let runs = 0;
    runner.add({ name: 'slow', title: 'Slow', everyMs: 3_600_000, run: () => new Promise<void>((done) => { runs += 1; release = done; }) });
    const a = runner.runNow('slow');
    const b = runner.runNow('slow');
    await new Promise((r) => setImmediate(r));
    expect((await runner.status())[0]!.running).toBe(true);
    release();
    const [sa, sb] = await Promise.all([a, b]);
    expect(runs).toBe(1);
    expect(sa).toEqual(sb);
    await expect(runner.runNow('nope')).rejects.toThrow('No background job named "nope"');
    await runner.stop();
  });

  it('runs each interval once across two instances that share the state and a lease', async () => {
    const clock = manualClock();
    const states = memoryStates();
    let held = false;
    const leases: JobLeases = async () => {
      if (held) return null;
      held = true;
      return { release: async () => { held = false; } };
    };
    let runs = 0;
    const spec = { name: 'rollup', title: 'Rollup', everyMs: 60_000, run: async () => { runs += 1; } };
    const a = createJobRunner({ ...clock, states, leases });
    const b = createJobRunner({ ...clock, states, leases });
    a.add(spec);
    b.add(spec);
    await a.start();
    await b.start();
    await clock.advance(600_000);
    expect(runs).toBe(10);
    // Both screens show the same shared state.
    expect((await a.status())[0]!.lastFinishedAt).toBe((await b.status())[0]!.lastFinishedAt);
    await a.stop();
    await b.stop();
  });

  it('refuses a bad job definition', () => {
    const runner = createJobRunner();
    expect(() => runner.add({ name: 'Bad Name', title: 'x', everyMs: 1, run: async () => {} })).toThrow('letters, digits and dashes');
    runner.add({ name: 'ok', title: 'x', everyMs: 1, run: async () => {} });
    expect(() => runner.add({ name: 'ok', title: 'x', everyMs: 1, run: async () => {} })).toThrow('already added');
    expect(() => runner.add({ name: 'zero', title: 'x', everyMs: 0, run: async () => {} })).toThrow('everyMs must be positive');
  });
});
