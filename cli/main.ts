// The masthead CLI: commander commands over the engine and api. Exit codes: 0 success, 1 failure,
// 2 usage error. Errors print as one line; the stack only with --verbose.
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { isAppError } from '../engine/domain/errors';
import { resolveConfig } from './config';
import { createOutput, UsageError, type CommandEnv } from './context';
import { registerDb } from './commands/db';
import { registerDemo } from './commands/demo';
import { registerFixtures, registerSeed } from './commands/seed';
import { registerUser } from './commands/user';
import { registerNewsletter } from './commands/newsletter';
import { registerBuild } from './commands/build';
import { registerServe } from './commands/serve';



export function buildProgram(stdout: NodeJS.WritableStream = process.stdout): Command {
  const program = new Command('masthead')
    .description('Masthead: prerendered multi-tenant publishing. Builds every tenant\'s site, serves the API and admin.')
    .option('--db <path>', 'SQLite database file (env MASTHEAD_DB; default ./data/masthead.sqlite)')
    .option('--json', 'print a machine-readable summary on stdout')
    .option('--verbose', 'print stack traces with errors')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  const env: CommandEnv = {
    run: (fn) => async (...args: unknown[]) => {
      const config = resolveConfig(program.opts());
      // commander passes (…positional, options, command): drop the command object.
      await fn(config, createOutput(config, stdout), ...(args.slice(0, -1) as never));
    },
    int: (name) => (value) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} must be a whole number (got "${value}")`);
      return n;
    },
  };
  registerDb(program, env);
  registerSeed(program, env);
  registerFixtures(program, env);
  registerDemo(program, env);
  registerUser(program, env);
  registerNewsletter(program, env);
  registerBuild(program, env);
  registerServe(program, env);
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
  const program = buildProgram(io.stdout);
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
    if (e instanceof UsageError) {
      stderr.write(`error: ${e.message}\n`);
      return 2;
    }
    stderr.write(`error: ${errorLine(e)}\n`);
    if (verbose && e instanceof Error && e.stack) stderr.write(`${e.stack}\n${e.cause ? `cause: ${String((e.cause as Error).stack ?? e.cause)}\n` : ''}`);
    return 1;
  }
}
