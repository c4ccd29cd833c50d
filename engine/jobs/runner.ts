// The background job runner (issue 38, "one job runner"): named jobs that run on their own every
// so often — event rollup and partition upkeep, feed refresh, scheduled sends, page speed runs (built
// in cli/serve/jobs.ts and engine/services/reports/page-speed.ts) — one run of a job at a time, a failed
// run retried with backoff (30 s doubling, never later than its interval), and every job's last
// run, next run and failures kept where the System screen reads them.
//
// Several `masthead serve` instances on one database: a job runs under a lease (on PostgreSQL an
// advisory lock named by the job), and an instance skips a run that another instance finished less
// than an interval ago, so each interval runs a job once, wherever. The state is shared through
// the store (JobStateStore); without one it lives in this process.
//
// The rebuild queue keeps its own durable queue (engine/build/queue): its requests are rows, not
// timers. `cli/` starts and stops the runner beside it.

export interface JobSpec {
  /** Stable name (letters, digits, dashes): the key of its state and lease. */
  name: string;
  /** What it does, for the System screen. */
  title: string;
  everyMs: number;
  /** The work; a string it returns is shown as the last result. */
  run: () => Promise<string | void>;
}

export interface JobState {
  name: string;
  title: string;
  everyMs: number;
  running: boolean;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  lastOkAt: number | null;
  lastResult: string | null;
  lastError: string | null;
  /** Failed runs since the last one that succeeded. */
  failures: number;
  nextRunAt: number | null;
}

export interface JobLease { release(): Promise<void> }
/** Exclusive runs across instances: null when another instance runs the job now. */
export type JobLeases = (name: string) => Promise<JobLease | null>;

export interface JobStateStore {
  read(name: string): Promise<JobState | null>;
  write(state: JobState): Promise<void>;
}

export interface JobRunnerOptions {
  now?: () => number;
  leases?: JobLeases;
  states?: JobStateStore;
  /** First retry of a failed run (default 30 s), doubling up to the job's interval. */
  retryBaseMs?: number;
  onError?: (job: string, e: unknown) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

export interface JobRunner {
  add(spec: JobSpec): void;
  /** Arms every job: its first run one interval from now (or sooner, when a failure is waiting). */
  start(): Promise<void>;
  /** Runs a job now (the System screen's button, tests); resolves with its state afterwards. */
  runNow(name: string): Promise<JobState>;
  status(): Promise<JobState[]>;
  /** Disarms every job and waits for running ones to end. */
  stop(): Promise<void>;
}

const MAX_TIMER_MS = 2_147_000_000;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 2000);

export function createJobRunner(o: JobRunnerOptions = {}): JobRunner {
  const now = o.now ?? Date.now;
  const setTimer = o.setTimer ?? ((fn, ms) => { const t = setTimeout(fn, ms); t.unref(); return t; });
  const clearTimer = o.clearTimer ?? ((t) => clearTimeout(t as NodeJS.Timeout));
  const retryBase = o.retryBaseMs ?? 30_000;
  const jobs = new Map<string, { spec: JobSpec; state: JobState; timer: unknown; running: Promise<JobState> | null }>();
  let started = false;
  let stopped = false;

  const fresh = (spec: JobSpec): JobState => ({
    name: spec.name, title: spec.title, everyMs: spec.everyMs, running: false, lastStartedAt: null, lastFinishedAt: null,
    lastOkAt: null, lastResult: null, lastError: null, failures: 0, nextRunAt: null,
  });
  /** The shared state when there is one (another instance may have run the job), else this process's. */
  const current = async (name: string): Promise<JobState> => {
    const j = jobs.get(name)!;
    const stored = o.states ? await o.states.read(name).catch(() => null) : null;
    return stored ? { ...stored, title: j.spec.title, everyMs: j.spec.everyMs } : j.state;
  };
  const save = async (state: JobState) => {
    jobs.get(state.name)!.state = state;
    await o.states?.write(state).catch((e: unknown) => o.onError?.(state.name, e));
  };
  const arm = (name: string, at: number) => {
    const j = jobs.get(name)!;
    if (j.timer !== null) clearTimer(j.timer);
    j.timer = null;
    if (stopped) return;
    j.state = { ...j.state, nextRunAt: at };
    j.timer = setTimer(() => { j.timer = null; void tick(name); }, Math.min(MAX_TIMER_MS, Math.max(0, at - now())));
  };
  const delayAfter = (spec: JobSpec, failures: number) => (failures === 0 ? spec.everyMs : Math.min(spec.everyMs, retryBase * 2 ** (failures - 1)));

  const runOnce = async (name: string, forced: boolean): Promise<JobState> => {
    const j = jobs.get(name)!;
    const lease = o.leases ? await o.leases(name).catch((e: unknown) => { o.onError?.(name, e); return null; }) : { release: async () => {} };
    if (!lease) return current(name); // another instance runs it now
    try {
      const before = await current(name);
      // Another instance finished it within this interval: nothing to do here (unless asked to).
      if (!forced && before.failures === 0 && before.lastFinishedAt !== null && now() - before.lastFinishedAt < j.spec.everyMs * 0.9) {
        j.state = before;
        return before;
      }
      const startedAt = now();
      await save({ ...before, running: true, lastStartedAt: startedAt });
      let after: JobState;
      try {
        const result = await j.spec.run();
        after = { ...before, running: false, lastStartedAt: startedAt, lastFinishedAt: now(), lastOkAt: now(), lastResult: result ? String(result).slice(0, 500) : null, lastError: null, failures: 0 };
      } catch (e) {
        o.onError?.(name, e);
        after = { ...before, running: false, lastStartedAt: startedAt, lastFinishedAt: now(), lastError: message(e), failures: before.failures + 1 };
      }
      after.nextRunAt = (after.lastFinishedAt ?? now()) + delayAfter(j.spec, after.failures);
      await save(after);
      return after;
    } finally {
      await lease.release().catch((e: unknown) => o.onError?.(name, e));
    }
  };

  const run = (name: string, forced: boolean): Promise<JobState> => {
    const j = jobs.get(name);
    if (!j) return Promise.reject(new Error(`No background job named "${name}"`));
    // One run of a job at a time: a second ask joins the running one.
    if (j.running) return j.running;
    const p = runOnce(name, forced).finally(() => { j.running = null; });
    j.running = p;
    return p;
  };

  const tick = async (name: string) => {
    const j = jobs.get(name)!;
    const state = await run(name, false).catch((e: unknown) => { o.onError?.(name, e); return j.state; });
    arm(name, state.nextRunAt ?? now() + j.spec.everyMs);
  };

  return {
    add(spec) {
      if (!/^[a-z0-9-]+$/.test(spec.name)) throw new Error(`Job name "${spec.name}": letters, digits and dashes only`);
      if (jobs.has(spec.name)) throw new Error(`Job "${spec.name}" is already added`);
      if (!(spec.everyMs > 0)) throw new Error(`Job "${spec.name}": everyMs must be positive`);
      jobs.set(spec.name, { spec, state: fresh(spec), timer: null, running: null });
      if (started) arm(spec.name, now() + spec.everyMs);
    },
    async start() {
      started = true;
      for (const [name, j] of jobs) {
        const s = await current(name);
        // A run that failed before a restart is retried on its backoff, not a whole interval later.
        const at = s.failures > 0 && s.nextRunAt !== null ? s.nextRunAt : now() + j.spec.everyMs;
        j.state = { ...s, running: false };
        arm(name, at);
      }
    },
    runNow: (name) => run(name, true),
    async status() {
      return Promise.all([...jobs.keys()].map(async (name) => {
        const j = jobs.get(name)!;
        const s = await current(name);
        // This process's timer knows the next run here. A stored running flag counts only within an
        // interval of its start: an instance that died mid-run leaves it set.
        const elsewhere = s.running && s.lastStartedAt !== null && now() - s.lastStartedAt < s.everyMs;
        return { ...s, running: j.running !== null || elsewhere, nextRunAt: j.state.nextRunAt ?? s.nextRunAt };
      }));
    },
    async stop() {
      stopped = true;
      for (const j of jobs.values()) {
        if (j.timer !== null) clearTimer(j.timer);
        j.timer = null;
      }
      await Promise.allSettled([...jobs.values()].map((j) => j.running));
    },
  };
}
