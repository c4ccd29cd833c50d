// What every command gets: the resolved config, an output helper and a lazily opened store.
import type { Store } from '../engine/store/connection';
import type { Config } from './config';
import type { Progress } from './progress';

// The Ink progress view (React) is loaded by main before a command that may show it, so commands
// that never do (`masthead build --json`) start without it.
let progressModule: typeof import('./progress') | null = null;
export async function loadProgress(): Promise<void> {
  progressModule ??= await import('./progress');
}

export interface Output {
  /** The command's result: JSON with --json, otherwise the human lines. */
  result(summary: unknown, human: string[]): void;
  progress(): Progress;
}

export function createOutput(config: Config, stdout: NodeJS.WritableStream = process.stdout): Output {
  return {
    result(summary, human) {
      stdout.write(config.json ? `${JSON.stringify(summary, null, 2)}\n` : human.map((l) => `${l}\n`).join(''));
    },
    progress: () => {
      if (!progressModule) throw new Error('loadProgress() must run before a command shows progress');
      return progressModule.createProgress({ tty: config.isTTY });
    },
  };
}

/** Opens the configured database, applying pending migrations, and closes it when `fn` ends. */
export async function withStore<T>(config: Config, fn: (store: Store) => Promise<T>): Promise<T> {
  // Loaded here, not at startup: `--help` and commands without a database skip drizzle and sqlite3.
  const { openStore } = await import('../engine/store/connection');
  const store = await openStore({ path: config.dbPath });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

export interface CommandEnv {
  /** Wraps an action: resolves config from the global flags, runs, and lets main map errors. */
  run<A extends unknown[]>(fn: (config: Config, out: Output, ...args: A) => Promise<void>): (...args: unknown[]) => Promise<void>;
  /** A commander argument parser for positive integers that names the option on error. */
  int(name: string): (value: string) => number;
}

export class UsageError extends Error {}
