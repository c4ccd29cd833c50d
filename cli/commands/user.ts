// `masthead user create | set-password | list`: staff accounts from the command line. Passwords
// are read from stdin (piped) or a hidden prompt (terminal), never from argv. The commands call
// the same operations as the API, as the CLI operator (every permission, recorded in history).
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import type { Command } from 'commander';
import type { OpContext } from '../../engine/services/kernel/operation';
import type { Store } from '../../engine/store/connection';
import { UsageError, withStore, type CommandEnv } from '../context';

export interface UserIo {
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (on: boolean) => unknown };
  stderr?: NodeJS.WritableStream;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

function ask(stdin: NodeJS.ReadableStream, stderr: NodeJS.WritableStream, prompt: string): Promise<string> {
  const muted = new Writable({ write: (_c, _e, done) => done() });
  const rl = createInterface({ input: stdin, output: muted, terminal: true });
  stderr.write(prompt);
  return new Promise((resolve) => rl.question('', (answer) => {
    rl.close();
    stderr.write('\n');
    resolve(answer);
  }));
}

/** The new password: first line of piped stdin, or typed twice at a hidden prompt. */
export async function readPassword(io: UserIo): Promise<string> {
  const stdin = io.stdin ?? process.stdin;
  const stderr = io.stderr ?? process.stderr;
  if (!stdin.isTTY) {
    const line = (await readAll(stdin)).split(/\r?\n/)[0] ?? '';
    if (!line) throw new UsageError('no password on stdin (pipe it in, e.g. `printf %s "$PW" | masthead user create …`)');
    return line;
  }
  const first = await ask(stdin, stderr, 'New password (at least 12 characters): ');
  const second = await ask(stdin, stderr, 'Repeat the password: ');
  if (first !== second) throw new UsageError('the two passwords differ');
  return first;
}

/** The API's operations, loaded when a user command runs (not at startup). */
const operations = () => import('../../engine/services/cms-users');

async function operator(store: Store): Promise<OpContext> {
  const [{ CLI_ACTOR }, { createServices }] = await Promise.all([import('../../engine/services/kernel/access'), import('../../engine/services/kernel/services')]);
  return { services: createServices({ store }), actor: CLI_ACTOR, tenant: null };
}

const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

export function registerUser(program: Command, env: CommandEnv, io: UserIo = {}) {
  const user = program.command('user').description('Manage staff (CMS) users; passwords come from stdin or a prompt, never from arguments');

  user.command('create')
    .description('Create a staff user who can sign in at once')
    .requiredOption('--username <name>', 'lower-case login name')
    .requiredOption('--email <address>', 'e-mail address')
    .requiredOption('--first-name <name>', 'first name')
    .requiredOption('--last-name <name>', 'last name')
    .option('--role <role>', 'editor, newsletter_editor, site_admin, admin or viewer', 'editor')
    .option('--tenants <keys>', 'comma-separated tenant keys (site-specific users)', list, [])
    .option('--global', 'works on every tenant')
    .option('--extra-permissions <list>', 'comma-separated permissions on top of the role', list, [])
    .action(env.run(async (config, out, opts: { username: string; email: string; firstName: string; lastName: string; role: string; tenants: string[]; global?: boolean; extraPermissions: string[] }) => {
      const password = await readPassword(io);
      const { createCmsUser } = await operations();
      const r = await withStore(config, async (store) => createCmsUser({
        ctx: await operator(store),
        password,
        input: {
          username: opts.username, email: opts.email, firstName: opts.firstName, lastName: opts.lastName, role: opts.role,
          tenants: opts.tenants, isGlobal: Boolean(opts.global), extraPermissions: opts.extraPermissions,
        },
      }));
      out.result({ id: r.id, username: opts.username }, [`Created staff user ${opts.username} (id ${r.id}).`]);
    }));

  user.command('set-password')
    .description('Set a staff user\'s password; every session of the user ends')
    .argument('<username>', 'the user\'s login name')
    .action(env.run(async (config, out, username: string) => {
      const password = await readPassword(io);
      const { setCmsUserPasswordAsOperator } = await operations();
      const r = await withStore(config, async (store) => setCmsUserPasswordAsOperator({ ctx: await operator(store), input: { username, password } }));
      out.result({ id: r.id, username }, [`Password of ${username} set; their sessions were ended.`]);
    }));

  user.command('list')
    .description('List staff users')
    .action(env.run(async (config, out) => {
      const { listCmsUsers } = await import('../../engine/store/queries/cms-users');
      const { rows } = await withStore(config, (store) => listCmsUsers(store.db, { limit: 10_000, skip: 0 }));
      out.result(rows.map(({ passwordHash: _h, ...u }) => ({ ...u, hasPassword: _h.startsWith('scrypt$') })), [
        ...rows.map((u) => `${u.username.padEnd(24)} ${u.role.padEnd(18)} ${u.status === 1 ? 'active  ' : 'inactive'} ${u.isGlobal ? 'global' : u.tenants.join(',')}`),
        `${rows.length} user(s)`,
      ]);
    }));
}
