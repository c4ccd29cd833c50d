// The two ways the CLI runs, for tests that must pass on both: the TypeScript sources (main() in
// process, as development runs them) and the compiled CLI (dist/cli, as `npm ci` makes it and
// bin/masthead.js runs it), as a child process through the package bin. Use with
// `describe.each(CLI_RUNNERS)` and `beforeAll(ensureCompiledCli)`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { vi } from 'vitest';
import { main } from '../../cli/main';
import { ensureCliBundle } from '../../cli/cli-bundle';

export const BIN = fileURLToPath(new URL('../../bin/masthead.js', import.meta.url));

export interface CliResult { code: number; stdout: string; stderr: string }

export interface CliRunner {
  readonly name: 'typescript' | 'compiled';
  /** bin/masthead.js's MASTHEAD_CLI value that selects this implementation. */
  readonly binChoice: 'ts' | 'compiled';
  /** Runs `masthead <args>` with extra environment variables; resolves with its exit code and output. */
  run(args: string[], env?: Record<string, string>): Promise<CliResult>;
}

function sink() {
  let text = '';
  const stream = new Writable({ write(chunk, _enc, cb) { text += String(chunk); cb(); } });
  return { stream, get text() { return text; } };
}

/** Runs bin/masthead.js as a child with the given MASTHEAD_CLI choice. */
export function runBin(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const typescript: CliRunner = {
  name: 'typescript',
  binChoice: 'ts',
  async run(args, env = {}) {
    for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
    const out = sink();
    const err = sink();
    try {
      const code = await main(['node', 'masthead', ...args], { stdout: out.stream, stderr: err.stream });
      return { code, stdout: out.text, stderr: err.text };
    } finally {
      if (Object.keys(env).length) vi.unstubAllEnvs();
    }
  },
};

const compiled: CliRunner = {
  name: 'compiled',
  binChoice: 'compiled',
  run: (args, env = {}) => runBin(args, { ...env, MASTHEAD_CLI: 'compiled' }),
};

export const CLI_RUNNERS: readonly CliRunner[] = [typescript, compiled];

/** Compiles dist/cli when missing or stale (once across parallel test files). */
export async function ensureCompiledCli(): Promise<void> {
  await ensureCliBundle();
}
