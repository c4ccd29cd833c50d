import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable, Writable } from 'node:stream';
import { Command } from 'commander';
import { resolveConfig } from '../../cli/config';
import { createOutput, type CommandEnv } from '../../cli/context';
import { registerUser } from '../../cli/commands/user';
import { verifyPassword } from '../../engine/auth/passwords';
import { PASSWORD, snapshotCounts, startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

const newUser = { email: 'Writer@Alpha.example', username: 'alpha.writer', firstName: 'Wren', lastName: 'Writer', tenants: ['alpha'] };

describe('CMS users', () => {
  it('creates a user with the default role and mails an invite that sets the first password once', async () => {
    h.mail.length = 0;
    const r = await h.op('createCmsUser', { input: newUser }, { as: 'admin' });
    expect(r.status).toBe(200);
    const u = r.data.createCmsUser.user;
    expect(u).toMatchObject({ username: 'alpha.writer', email: 'writer@alpha.example', role: 'editor', status: 1, isGlobal: false, tenants: ['alpha'], hasPassword: false });
    await new Promise((res) => setTimeout(res, 20));
    expect(h.mail).toHaveLength(1);
    expect(h.mail[0]).toMatchObject({ kind: 'invite', to: 'writer@alpha.example' });
    expect((await h.op('loginCmsUser', { username: 'alpha.writer', password: 'anything at all' })).status).toBe(401);
    const hash = new URL(h.mail[0]!.link, 'http://x').searchParams.get('hash')!;
    expect((await h.op('resetCMSUserPassword', { password: 'a password of mine', hash })).error!.extensions.field).toBe('hash');
    expect((await h.op('validateCMSUserInvite', { password: 'a password of mine', hash })).data.validateCMSUserInvite).toEqual({ ok: true, username: 'alpha.writer' });
    expect((await h.op('validateCMSUserInvite', { password: 'another password!', hash })).status).toBe(400);
    expect((await h.op('loginCmsUser', { username: 'alpha.writer', password: 'a password of mine' })).status).toBe(200);
    const history = await h.op('getHistory', { input: { entityType: 'cmsUser' } }, { as: 'admin' });
    expect(history.data.getHistory.edges.map((e: any) => e.node.action)).toEqual(expect.arrayContaining(['create', 'accept-invite']));
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a bad e-mail', { email: 'not-an-address' }, 'email'],
    ['a taken username', { username: 'ops' }, 'username'],
    ['a taken e-mail in other case', { email: 'OPS@example.com', username: 'fresh.one' }, 'email'],
    ['an unknown role', { role: 'wizard' }, 'role'],
    ['an unknown permission', { extraPermissions: ['launch_rockets'] }, 'extraPermissions[0]'],
    ['no tenants for a site-specific user', { tenants: [] }, 'tenants'],
    ['an unknown tenant', { tenants: ['alpha', 'gamma'] }, 'tenants[1]'],
    ['an over-long first name', { firstName: 'f'.repeat(81) }, 'firstName'],
    ['a missing last name', { lastName: undefined }, 'lastName'],
  ];
  it.each(bad)('refuses %s, naming the field and writing nothing', async (_n, patch, field) => {
    const before = await snapshotCounts(h);
    const r = await h.op('createCmsUser', { input: { ...newUser, username: 'someone.new', email: 'new@alpha.example', ...patch } }, { as: 'admin' });
    expect(r.status).toBe(400);
    expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(await snapshotCounts(h)).toEqual(before);
  });

  it('needs manage_users; a scoped manager stays inside their sites and cannot grant what they lack', async () => {
    const input = { ...newUser, username: 'alpha.intern', email: 'intern@alpha.example' };
    const before = await snapshotCounts(h);
    expect((await h.op('createCmsUser', { input }, { as: 'alphaAdmin' })).error!.extensions.code).toBe('FORBIDDEN');
    const m = { as: 'alphaManager' as const };
    expect((await h.op('createCmsUser', { input: { ...input, tenants: ['beta'] } }, m)).error!.extensions).toMatchObject({ field: 'tenants[0]' });
    expect((await h.op('createCmsUser', { input: { ...input, isGlobal: true, tenants: [] } }, m)).error!.extensions).toMatchObject({ field: 'isGlobal' });
    expect((await h.op('createCmsUser', { input: { ...input, role: 'admin' } }, m)).error!.extensions).toMatchObject({ field: 'role' });
    expect((await h.op('createCmsUser', { input: { ...input, extraPermissions: ['manage_modules'] } }, m)).error!.extensions).toMatchObject({ field: 'extraPermissions' });
    expect(await snapshotCounts(h)).toEqual(before);
    expect((await h.op('createCmsUser', { input }, m)).status).toBe(200);
    const seen = (await h.op('getCmsUserStream', {}, m)).data.getCmsUserStream.edges.map((e: any) => e.node.username);
    expect(seen).toContain('alpha.intern');
    expect(seen).not.toContain('ops');
    expect(seen).not.toContain('beta.editor');
    expect((await h.op('updateCmsUser', { id: 5, input: { firstName: 'Taken' } }, m)).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('getCmsUser', { id: 1 }, m)).error!.extensions.code).toBe('NOT_FOUND');
  });

  it('updates users and lets staff edit their own profile but not their username', async () => {
    const r = await h.op('updateCmsUser', { id: 4, input: { role: 'editor', extraPermissions: ['view_history'] } }, { as: 'admin' });
    expect(r.data.updateCmsUser).toMatchObject({ role: 'editor', extraPermissions: ['view_history'], username: 'alpha.viewer' });
    expect(r.data.updateCmsUser.permissions).toContain('manage_content');
    expect((await h.op('updateCmsUser', { id: 1, input: { status: 0 } }, { as: 'admin' })).error!.extensions.field).toBe('status');
    const own = await h.op('updateOwnCmsUserProfile', { input: { firstName: 'Beatrix' } }, { as: 'betaEditor' });
    expect(own.data.updateOwnCmsUserProfile).toMatchObject({ firstName: 'Beatrix', lastName: 'Editor', username: 'beta.editor' });
    const rename = await h.gql('mutation { updateOwnCmsUserProfile(input: { username: "boss" }) { username } }', {}, { as: 'betaEditor' });
    expect(rename.status).toBe(400);
    expect((await h.op('updateOwnCmsUserProfile', { input: { lastName: ' ' } }, { as: 'betaEditor' })).error!.extensions.field).toBe('lastName');
    expect((await h.op('updateOwnCmsUserProfile', { input: { firstName: 'X' } })).error!.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('lists roles and keeps getHistory behind view_history and the tenant scope', async () => {
    const roles = (await h.op('getCmsUserRoles', {}, { as: 'alphaEditor' })).data.getCmsUserRoles;
    expect(roles.find((r: any) => r.name === 'editor').permissions).toContain('manage_content');
    expect((await h.op('getHistory', {}, { as: 'alphaEditor' })).status).toBe(200);
    expect((await h.op('getHistory', {}, { as: 'alphaEditor', tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('getHistory', { input: { entityType: 'cmsUser' } }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('getHistory')).error!.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('a site-scoped manager\'s promotion within their site is recorded as promote, naming what it granted, in the history global staff read', async () => {
    const m = { as: 'alphaManager' as const };
    const created = await h.op('createCmsUser', { input: { ...newUser, username: 'alpha.junior', email: 'junior@alpha.example' } }, m);
    const id = created.data.createCmsUser.user.id;
    expect((await h.op('updateCmsUser', { id, input: { firstName: 'Jun' } }, m)).error).toBeUndefined();
    const promoted = await h.op('updateCmsUser', { id, input: { role: 'site_admin', extraPermissions: ['manage_users'] } }, m);
    expect(promoted.data.updateCmsUser).toMatchObject({ role: 'site_admin', extraPermissions: ['manage_users'] });
    expect((await h.op('updateCmsUser', { id, input: { role: 'editor', extraPermissions: [] } }, m)).error).toBeUndefined();
    const seen = await h.op('getHistory', { input: { entityType: 'cmsUser', entityId: String(id) } }, { as: 'admin' });
    const [demote, promote, rename] = seen.data.getHistory.edges.map((e: any) => e.node);
    expect([demote.action, promote.action, rename.action]).toEqual(['update', 'promote', 'update']);
    expect(promote.actorUsername).toBe('alpha.manager');
    expect(promote.changes.role).toEqual({ from: 'editor', to: 'site_admin' });
    expect(promote.changes.granted.permissions).toEqual(expect.arrayContaining(['manage_users', 'manage_site_sections', 'manage_contracts']));
    expect(promote.changes.granted.permissions).not.toContain('manage_content');
    expect(promote.changes.granted).toMatchObject({ tenants: [], isGlobal: false });
    expect((await h.op('getHistory', { input: { entityType: 'cmsUser' } }, m)).error!.extensions.code).toBe('FORBIDDEN');
  });
});

describe('getTenantInfo', () => {
  it('gives staff the tenants in their scope (with domains) and anonymous callers the current one only', async () => {
    expect((await h.op('getTenantInfo', {}, { as: 'admin' })).data.getTenantInfo.map((t: any) => t.tenantKey)).toEqual(['alpha', 'beta']);
    expect((await h.op('getTenantInfo', {}, { as: 'alphaEditor', tenant: 'beta' })).data.getTenantInfo).toEqual([
      { tenantKey: 'alpha', name: 'alpha News', abbreviation: 'ALP', domain: 'alpha.localhost', prodEndpoint: null, isTest: false, modules: [] },
    ]);
    expect((await h.op('getTenantInfo', {}, { tenant: 'beta' })).data.getTenantInfo).toEqual([
      { tenantKey: 'beta', name: 'beta News', abbreviation: 'BET', domain: null, prodEndpoint: null, isTest: false, modules: [] },
    ]);
  });
});

describe('masthead user (CLI)', () => {
  const run = async (args: string[], stdinText: string) => {
    let out = '';
    const stdout = new Writable({ write(c, _e, done) { out += String(c); done(); } });
    const program = new Command('masthead').option('--db <path>').option('--json').exitOverride();
    const env: CommandEnv = {
      run: (fn) => async (...a: unknown[]) => {
        const config = resolveConfig(program.opts());
        await fn(config, createOutput(config, stdout), ...(a.slice(0, -1) as never));
      },
      int: () => (v) => Number(v),
    };
    const stdin = Object.assign(Readable.from([stdinText]), { isTTY: false });
    registerUser(program, env, { stdin });
    await program.parseAsync(['node', 'masthead', '--db', h.store.path, ...args]);
    return out;
  };

  it('creates a user with the password read from stdin, never from arguments', async () => {
    const out = await run(['user', 'create', '--username', 'cli.made', '--email', 'cli@alpha.example', '--first-name', 'Cli', '--last-name', 'Made', '--tenants', 'alpha'], 'piped in password\n');
    expect(out).toMatch(/Created staff user cli\.made/);
    const [row] = await h.store.all<{ password_hash: string; role: string }>("select password_hash, role from cms_users where username = 'cli.made'");
    expect(row!.role).toBe('editor');
    expect(await verifyPassword('piped in password', row!.password_hash)).toBe(true);
    const [hist] = await h.store.all<{ actor_type: string }>("select actor_type from history where entity_type = 'cmsUser' and entity_id = (select id from cms_users where username = 'cli.made')");
    expect(hist!.actor_type).toBe('cli');
    const program = new Command('masthead');
    registerUser(program, { run: () => async () => {}, int: () => Number });
    const create = program.commands[0]!.commands.find((c) => c.name() === 'create')!;
    expect(create.options.map((o) => o.long)).not.toContain('--password');
  });

  it('sets a password from stdin (ending the user\'s sessions), refuses a short one, and lists users', async () => {
    const token = await h.token('alphaViewer');
    await run(['user', 'set-password', 'alpha.viewer'], 'operator chosen password\n');
    expect((await h.op('validateCMSUserBearerToken', {}, { headers: { authorization: `Bearer ${token}` } })).data.validateCMSUserBearerToken.valid).toBe(false);
    expect((await h.op('loginCmsUser', { username: 'alpha.viewer', password: 'operator chosen password' })).status).toBe(200);
    await expect(run(['user', 'set-password', 'alpha.viewer'], 'short\n')).rejects.toThrow('password: At least 12 characters');
    await expect(run(['user', 'set-password', 'nobody'], PASSWORD)).rejects.toThrow(/was not found/);
    const listed = await run(['user', 'list'], '');
    expect(listed).toMatch(/^ops\s+admin\s+active\s+global$/m);
    expect(listed).toMatch(/^alpha\.editor\s+editor\s+active\s+alpha$/m);
  });
});
