// `masthead config` and the one settings schema (cli/config): every setting listed with its
// variable, default and current value, secrets masked; a bad value refused naming its variable or
// flag, before any command runs.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveConfig, SETTINGS } from '../../cli/config';
import { resolveMailSettings } from '../../cli/config/mail';
import { demoFeedRefresh } from '../../cli/commands/demo';
import { tempDbPath } from '../helpers/fixture-set';
import { CLI_RUNNERS, ensureCompiledCli } from '../helpers/cli';

afterEach(() => { vi.unstubAllEnvs(); });
beforeAll(ensureCompiledCli, 120_000);

interface Row { name: string; env: string; flag: string | null; default: string | null; value: unknown; secret: boolean; description: string }

// The same behaviour from the TypeScript sources and from the compiled CLI (dist/cli).
describe.each(CLI_RUNNERS)('masthead config ($name)', (cli) => {
  const run = (env: Record<string, string>, ...args: string[]) => cli.run(args, env);

  it('lists every setting with its variable, default and current value as JSON, secrets masked', async () => {
    const secret = 'recaptcha-secret-do-not-print';
    const r = await run({ MASTHEAD_RECAPTCHA_SECRET: secret, MASTHEAD_PORT: '8080', MASTHEAD_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1' }, '--json', 'config');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain(secret);
    const rows = (JSON.parse(r.stdout) as { settings: Row[] }).settings;
    const by = new Map(rows.map((row) => [row.env, row]));
    expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(SETTINGS).sort());
    expect(by.get('MASTHEAD_RECAPTCHA_SECRET')).toMatchObject({ value: '(set)', secret: true });
    expect(by.get('MASTHEAD_UNSUBSCRIBE_SECRET')).toMatchObject({ value: null, secret: true });
    expect(by.get('MASTHEAD_PORT')).toMatchObject({ value: 8080, default: '4000', flag: '--port' });
    expect(by.get('MASTHEAD_TRUSTED_PROXIES')!.value).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(by.get('MASTHEAD_CAPTCHA')).toMatchObject({ value: 'required', flag: '--no-captcha' });
    for (const env of ['MASTHEAD_DB', 'MASTHEAD_SMTP_URL', 'MASTHEAD_WORKERS', 'MASTHEAD_ALLOWED_ORIGINS', 'MASTHEAD_CRAWLER_VERIFIED_TTL', 'MASTHEAD_CSP_SCRIPT_SOURCES', 'MASTHEAD_MODE']) {
      expect(by.get(env)?.description, env).toBeTruthy();
    }
  });

  it('prints a line per variable without --json, and --db wins over MASTHEAD_DB', async () => {
    const db = tempDbPath();
    const r = await run({ MASTHEAD_DB: '/nowhere/else.sqlite', MASTHEAD_UNSUBSCRIBE_SECRET: 'a-long-unsubscribe-secret' }, '--db', db, 'config');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.find((l) => l.startsWith('MASTHEAD_DB '))).toContain(db);
    expect(lines.find((l) => l.startsWith('MASTHEAD_UNSUBSCRIBE_SECRET '))).toMatch(/\(set\)/);
    expect(r.stdout).not.toContain('a-long-unsubscribe-secret');
  });

  it.each([
    [{ MASTHEAD_PORT: 'eighty' }, /^error: MASTHEAD_PORT: must be a whole number \(got "eighty"\)$/],
    [{ MASTHEAD_MODE: 'prod' }, /^error: MASTHEAD_MODE: must be production or development/],
    [{ MASTHEAD_TRUSTED_PROXIES: '10.0.0.1,proxy.example' }, /^error: MASTHEAD_TRUSTED_PROXIES: must be a list of IP addresses/],
    [{ MASTHEAD_ALLOWED_ORIGINS: 'https://admin.example/path' }, /^error: MASTHEAD_ALLOWED_ORIGINS: must be a list of origins/],
    [{ MASTHEAD_CSP_SCRIPT_SOURCES: '{"*": ["http://ads.example"]}' }, /^error: MASTHEAD_CSP_SCRIPT_SOURCES: must be https:\/\/ sources/],
    [{ MASTHEAD_RECAPTCHA_MIN_SCORE: '5' }, /^error: MASTHEAD_RECAPTCHA_MIN_SCORE: must be from 0 to 1/],
    [{ MASTHEAD_DB: 'mysql://localhost/masthead' }, /^error: MASTHEAD_DB: must be a SQLite file path or a postgres:\/\/user@host:5432\/database URL/],
    [{ MASTHEAD_DB: 'postgres://localhost' }, /^error: MASTHEAD_DB: must be a SQLite file path or a postgres:\/\//],
    [{ MASTHEAD_UNSUBSCRIBE_SECRET: 'short' }, /^error: MASTHEAD_UNSUBSCRIBE_SECRET: must have at least 16 characters$/],
  ])('refuses %j naming the variable, with exit code 2', async (env, message) => {
    const r = await run(env, 'config');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toMatch(message);
  });
});

describe('the settings schema', () => {
  it('names the flag when a command-line value is bad, and the flag wins over the variable', () => {
    const config = resolveConfig({}, { MASTHEAD_PORT: '5000' });
    expect(config.settings.port).toBe(5000);
    expect(config.with({ port: 6000 }).settings.port).toBe(6000);
    expect(() => config.with({ mode: 'staging' })).toThrow(/^--mode: must be production or development/);
    expect(() => config.with({ db: 'file:///tmp/x.sqlite' })).toThrow(/^--db: must be a SQLite file path or a postgres:\/\//);
    // A postgres:// URL selects the PostgreSQL store and stays a URL (not resolved as a path).
    expect(config.with({ db: 'postgres://127.0.0.1/test' }).dbPath).toBe('postgres://127.0.0.1/test');
    expect(config.with({ db: './data/x.sqlite' }).settings.db).toBe('./data/x.sqlite');
    expect(Object.isFrozen(config.settings)).toBe(true);
    expect(Object.isFrozen(config.settings.trustedProxies)).toBe(true);
  });

  it('tells a setting given by a flag or the environment from its default (an empty variable is unset); the demo keeps feed refresh off unless asked', () => {
    expect(resolveConfig({}, {}).isSet('feedRefreshMinutes')).toBe(false);
    expect(resolveConfig({}, { MASTHEAD_FEED_REFRESH_MINUTES: ' ' }).isSet('feedRefreshMinutes')).toBe(false);
    expect(resolveConfig({}, { MASTHEAD_FEED_REFRESH_MINUTES: '5' }).isSet('feedRefreshMinutes')).toBe(true);
    expect(resolveConfig({}, {}).with({ port: 4100 }).isSet('port')).toBe(true);
    expect(demoFeedRefresh(resolveConfig({}, {}))).toEqual({ feedRefreshMinutes: 0 });
    expect(demoFeedRefresh(resolveConfig({}, { MASTHEAD_FEED_REFRESH_MINUTES: '5' }))).toEqual({});
  });

  it('resolves mail settings from the same schema: SMTP needs the unsubscribe secret', () => {
    const smtp = resolveConfig({}, { MASTHEAD_SMTP_URL: 'smtp://mail.example:25' }).settings;
    expect(() => resolveMailSettings(smtp)).toThrow(/MASTHEAD_UNSUBSCRIBE_SECRET .* must be set to send through MASTHEAD_SMTP_URL/);
    expect(() => resolveConfig({}, { MASTHEAD_SMTP_URL: 'mail.example' })).toThrow(/^MASTHEAD_SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL$/);
    const outbox = resolveMailSettings(resolveConfig({}, { MASTHEAD_OUTBOX: '/tmp/mh-outbox', MASTHEAD_MAIL_FROM: 'Ops <ops@example.com>' }).settings);
    expect(outbox.mail).toMatchObject({ transport: 'outbox', dir: '/tmp/mh-outbox', defaultFrom: 'Ops <ops@example.com>' });
    expect(outbox.warning).toMatch(/MASTHEAD_UNSUBSCRIBE_SECRET is not set/);
  });
});
