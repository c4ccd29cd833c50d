// A small pool of render worker threads (one per core by default), started from the pre-bundled
// worker module when it is fresh (worker-bundle.ts), else from the TypeScript sources through tsx.
// Tasks go to the worker with the fewest in flight; `slot()` resolves when a worker can take
// another task, which is how the main thread keeps at most `perWorker` body chunks per worker in
// memory.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { serialize } from 'node:v8';
import { freshWorkerBundle } from './worker-bundle';
import type { FromWorker, TaskResult, TenantSetup, ToWorker, WorkerTask } from './worker-protocol';

interface Slot { worker: Worker; inFlight: number; ready: Promise<void>; onReady: (() => void) | null }
interface Pending { resolve: (r: TaskResult) => void; reject: (e: Error) => void; slot: Slot; task: WorkerTask }

/** What a task renders, in words an operator can act on ("content items 12, 15"). */
export function describeTask(task: WorkerTask): string {
  switch (task.type) {
    case 'content': return `content item${task.items.length === 1 ? '' : 's'} ${task.items.map((i) => i.id).join(', ')}`;
    case 'listing': return `${task.sectionId === null ? 'home page' : `section ${task.sectionId}`} listing page${task.to === null || task.to > task.from ? 's' : ''} ${task.from}${task.to === null ? '+' : task.to > task.from ? `–${task.to}` : ''}`;
    case 'shells': return 'the search, account, login and 404 pages';
    case 'crawler': return 'the sitemaps, feeds and redirect files';
    case 'compress': return `compression of ${task.files.length} files`;
  }
}

const BOOT = new URL('./worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./worker.ts', import.meta.url).href;

export interface PoolOptions {
  size?: number;
  perWorker?: number;
  /** Old-generation heap limit per worker (MB). A bound keeps V8 from letting garbage pile up. */
  heapLimitMb?: number;
  /** Worker module to start: a bundle URL, or null for the TypeScript sources; default per `useBundle`. */
  bundle?: URL | null;
  /** Start from the pre-bundled module while it is fresh (default true); false: always the TypeScript sources. */
  useBundle?: boolean;
  /**
   * The workers' environment (the caller's configuration; the engine reads no process.env).
   * NODE_ENV is always 'production' on top of it. Default: only NODE_ENV.
   */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * A worker's heap limit for tenants of up to `items` live items: a worker holds about 1 KB per
 * item plus bounded caches (measured: ~70 MB at 62,000 items), so this leaves a wide margin while
 * keeping V8 from growing the heap far past what is live.
 */
export function workerHeapLimitMb(items: number): number {
  return Math.max(256, 128 + Math.ceil(items / 1000) * 4);
}

export class WorkerPool {
  readonly size: number;
  readonly #perWorker: number;
  readonly #slots: Slot[] = [];
  readonly #pending = new Map<number, Pending>();
  #waiters: (() => void)[] = [];
  #nextId = 1;
  #failure: Error | null = null;
  #closed = false;

  readonly #heapLimitMb: number | undefined;
  /** The pre-bundled worker module when fresh (worker-bundle.ts); null: boot through tsx. */
  readonly #bundle: URL | null;
  readonly #env: Record<string, string | undefined>;

  constructor(options: PoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(availableParallelism(), 8));
    this.#perWorker = Math.max(1, options.perWorker ?? 2);
    this.#heapLimitMb = options.heapLimitMb;
    this.#bundle = options.bundle === undefined ? freshWorkerBundle(options.useBundle ?? true) : options.bundle;
    this.#env = { ...options.env, NODE_ENV: 'production' };
    for (let i = 0; i < this.size; i++) this.#slots.push(this.#spawn());
  }

  /** True when the workers run the pre-bundled module, false when they load the TypeScript sources. */
  get bundled(): boolean {
    return this.#bundle !== null;
  }

  #spawn(): Slot {
    // React picks its production build from NODE_ENV when first imported: set it for the thread.
    const worker = new Worker(this.#bundle ?? BOOT, {
      workerData: { entry: ENTRY },
      env: this.#env,
      ...(this.#heapLimitMb ? { resourceLimits: { maxOldGenerationSizeMb: this.#heapLimitMb } } : {}),
    });
    const slot: Slot = { worker, inFlight: 0, ready: Promise.resolve(), onReady: null };
    slot.ready = new Promise<void>((resolve) => { slot.onReady = resolve; });
    worker.on('message', (m: FromWorker) => this.#onMessage(slot, m));
    // A worker that dies (an uncaught error, out of memory, an exit) fails the pool: the tenant is
    // not published. The error names what that worker was rendering.
    worker.on('error', (e) => this.#fail(this.#named(slot, e)));
    worker.on('exit', (code) => { if (!this.#closed) this.#fail(this.#named(slot, new Error(`A render worker stopped unexpectedly (exit code ${code})`))); });
    return slot;
  }

  #onMessage(slot: Slot, m: FromWorker): void {
    if (m.type === 'ready') {
      const done = slot.onReady;
      slot.onReady = null;
      done?.();
      return;
    }
    const p = m.id === null ? undefined : this.#pending.get(m.id);
    if (m.type === 'failed') {
      const err = new Error(`Render worker: ${m.message}`);
      if (m.stack) err.stack = m.stack;
      if (p && m.id !== null) { this.#pending.delete(m.id); this.#release(p.slot); p.reject(err); } else this.#fail(err);
      return;
    }
    if (!p) return;
    this.#pending.delete(m.id);
    this.#release(p.slot);
    p.resolve(m.result);
  }

  #release(slot: Slot): void {
    slot.inFlight -= 1;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  #named(slot: Slot, e: Error): Error {
    const doing = [...this.#pending.values()].filter((p) => p.slot === slot).map((p) => describeTask(p.task));
    if (doing.length) e.message = `${e.message} while rendering ${doing.join('; ')}`;
    return e;
  }

  #fail(e: Error): void {
    if (this.#failure) return;
    this.#failure = e;
    for (const [id, p] of this.#pending) { this.#pending.delete(id); p.reject(e); }
    for (const w of this.#waiters) w();
    this.#waiters = [];
  }

  #post(slot: Slot, msg: ToWorker): void {
    slot.worker.postMessage(msg);
  }

  /**
   * Sends a tenant's context to every worker and waits until all have built it. The context is
   * serialised once and each worker gets its own copy of the bytes, transferred (not cloned again).
   */
  async setTenant(setup: TenantSetup): Promise<void> {
    await Promise.all(this.#slots.map((s) => s.ready));
    this.#check();
    const bytes = serialize(setup);
    for (const s of this.#slots) {
      s.ready = new Promise<void>((resolve) => { s.onReady = resolve; });
      const copy = new Uint8Array(bytes);
      s.worker.postMessage({ type: 'tenant', setup: copy } satisfies ToWorker, [copy.buffer]);
    }
    await Promise.all(this.#slots.map((s) => s.ready));
    this.#check();
  }

  /** Drops the tenant context in every worker (frees its memory). */
  async reset(): Promise<void> {
    await Promise.all(this.#slots.map((s) => s.ready));
    for (const s of this.#slots) {
      s.ready = new Promise<void>((resolve) => { s.onReady = resolve; });
      this.#post(s, { type: 'reset' });
    }
    await Promise.all(this.#slots.map((s) => s.ready));
  }

  #check(): void {
    if (this.#failure) throw this.#failure;
  }

  #freeSlot(): Slot | null {
    let best: Slot | null = null;
    for (const s of this.#slots) if (s.inFlight < this.#perWorker && (!best || s.inFlight < best.inFlight)) best = s;
    return best;
  }

  /** Resolves when some worker can take a task (or throws if the pool failed). */
  async slot(): Promise<void> {
    for (;;) {
      this.#check();
      if (this.#freeSlot()) return;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  /** Runs a task on the least busy worker; waits for a free slot first. */
  async run(task: WorkerTask): Promise<TaskResult> {
    let slot = this.#freeSlot();
    while (!slot) {
      await this.slot();
      slot = this.#freeSlot();
    }
    this.#check();
    const id = this.#nextId++;
    slot.inFlight += 1;
    return new Promise<TaskResult>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, slot, task });
      this.#post(slot, { type: 'task', id, task });
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#slots.map((s) => s.worker.terminate()));
  }
}
