// The masthead CLI: commander commands over the engine and api. Exit codes: 0 success, 1 failure,
// 2 usage error. Errors print as one line; the stack only with --verbose.
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { isAppError } from '../engine/domain/errors';
import { SettingsError } from './config/errors';
import { createOutput, loadProgress, UsageError, type CommandEnv } from './context';

type Registrar = (program: Command, env: CommandEnv) => void;

/**
 * Each command's module, imported only when that command runs (or for help): `masthead build`
 * must not pay for the API, GraphQL, the mailer or the admin bundler at startup.
 */
const COMMANDS: Record<string, () => Promise<Registrar[]>> = {
  db: async () => [(await import('./commands/db')).registerDb],
  seed: async () => [(await import('./commands/seed')).registerSeed],
  fixtures: async () => [(await import('./commands/seed')).registerFixtures],
  demo: async () => [(await import('./commands/demo')).registerDemo],
  user: async () => [(await import('./commands/user')).registerUser],
  newsletter: async () => [(await import('./commands/newsletter')).registerNewsletter],
  magazine: async () => [(await import('./commands/magazine')).registerMagazine],
  build: async () => [(await import('./commands/build')).registerBuild],
  precompress: async () => [(await import('./commands/build')).registerPrecompress],
  serve: async () => [(await import('./commands/serve')).registerServe],
  watch: async () => [(await import('./commands/watch')).registerWatch],
  config: async () => [(await import('./commands/config')).registerConfig],
  events: async () => [(await import('./commands/events')).registerEvents],
  import: async () => [(await import('./commands/import')).registerImport],
  assets: async () => [(await import('./commands/assets')).registerAssets],
};

/** The command an argv names (the first word that is not an option or an option's value), if known. */
function commandOf(argv: string[]): string | null {
  const args = argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--db') { i += 1; continue; }
    if (a.startsWith('-')) continue;
    return a in COMMANDS ? a : null;
  }
  return null;
}

async function registrars(only: string | null): Promise<Registrar[]> {
  const names = only ? [only] : Object.keys(COMMANDS);
  return (await Promise.all(names.map((n) => COMMANDS[n]!()))).flat();
}



export async function buildProgram(stdout: NodeJS.WritableStream = process.stdout, only: string | null = null): Promise<Command> {
  const program = new Command('masthead')
    .description('Masthead: prerendered multi-tenant publishing. Builds every tenant\'s site, serves the API and admin.')
    .option('--db <path>', 'SQLite database file (env MASTHEAD_DB; default ./data/masthead.sqlite); `masthead config` lists every setting')
    .option('--json', 'print a machine-readable summary on stdout')
    .option('--verbose', 'print stack traces with errors')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  const env: CommandEnv = {
    run: (fn) => async (...args: unknown[]) => {
      // The settings schema (zod) loads when a command runs, not for `--help`.
      const { resolveConfig } = await import('./config');
      const config = resolveConfig(program.opts());
      if (only !== 'build') await loadProgress();
      // commander passes (…positional, options, command): drop the command object.
      await fn(config, createOutput(config, stdout), ...(args.slice(0, -1) as never));
    },
    int: (name) => (value) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} must be a whole number (got "${value}")`);
      return n;
    },
  };
  for (const register of await registrars(only)) register(program, env);
  for (const cmd of program.commands) cmd.exitOverride();
  return program;
}

function errorLine(e: unknown): string {
  if (isAppError(e)) return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}

export async function main(argv: string[], io: { stdout?: NodeJS.WritableStream; stderr?: NodeJS.WritableStream } = {}): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  const program = await buildProgram(io.stdout, argv.includes('--help') || argv.includes('-h') ? null : commandOf(argv));
  const verbose = argv.includes('--verbose');
  try {
    if (argv.length <= 2) {
      program.outputHelp();
      return 0;
    }
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      return 2;
    }
    if (e instanceof UsageError || e instanceof SettingsError) {
      stderr.write(`error: ${e.message}\n`);
      return 2;
    }
    stderr.write(`error: ${errorLine(e)}\n`);
    if (verbose && e instanceof Error && e.stack) stderr.write(`${e.stack}\n${e.cause ? `cause: ${String((e.cause as Error).stack ?? e.cause)}\n` : ''}`);
    return 1;
  }
}
