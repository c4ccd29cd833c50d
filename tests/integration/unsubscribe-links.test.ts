// Issue 41 (item 1): one-click unsubscribe links cannot be forged or kept for ever. Production
// refuses to start without a real MASTHEAD_UNSUBSCRIBE_SECRET (development keeps its fallback with
// a warning); a link expires 180 days after it is sent (410 with its own message), and unsubscribes
// from its own newsletter only.
import { spawn } from 'node:child_process';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../cli/config';
import { DEVELOPMENT_SECRET, resolveMailSettings } from '../../cli/config/mail';
import { localAudienceProvider } from '../../engine/newsletter/audience';
import { EXPIRED_UNSUBSCRIBE_LINK, signUnsubscribeToken, UNSUBSCRIBE_LINK_TTL_MS } from '../../engine/newsletter/unsubscribe';
import { tempDbPath } from '../helpers/fixture-set';
import { BIN, freePort } from '../helpers/serve-process';
import { startApi, type Harness } from './api-harness';

const SECRET = 'unsubscribe-links-test-secret-0123';
const DAY = 24 * 3600 * 1000;
const A = 150;
const B = 151;
let h: Harness;
let clock = Date.parse('2026-11-01T08:00:00Z');

beforeAll(async () => {
  h = await startApi({ newsletters: { unsubscribeSecret: SECRET }, now: () => clock });
  await h.store.run("insert into newsletters (id, tenant_key, title) values (?, 'alpha', 'Weekly')", [B]);
});
afterAll(async () => { await h.close(); });

const ONE_CLICK = { payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'alpha.localhost' } };
const post = (token: string) => h.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe?token=${token}`, ...ONE_CLICK });
const get = (token: string) => h.app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${token}`, headers: { host: 'alpha.localhost' } });
const subscribed = (email: string) => localAudienceProvider(h.store).subscribedNewsletterIds('alpha', email);

async function subscribe(email: string): Promise<void> {
  await localAudienceProvider(h.store).subscribe({ tenantKey: 'alpha', email, newsletterIds: [A, B], source: 'NlWidgetUnauthenticated', at: clock });
}

describe('unsubscribe links', () => {
  it('unsubscribe from the newsletter they name, not from another one', async () => {
    await subscribe('two@example.com');
    expect((await post(signUnsubscribeToken(SECRET, { tenantKey: 'alpha', newsletterId: A, email: 'two@example.com' }, clock))).statusCode).toBe(200);
    expect(await subscribed('two@example.com')).toEqual([B]);
  });

  it('work 179 days after sending and answer 410 "expired" after 180 days, changing nothing', async () => {
    await subscribe('late@example.com');
    const sent = clock;
    const token = signUnsubscribeToken(SECRET, { tenantKey: 'alpha', newsletterId: A, email: 'late@example.com' }, sent);
    clock = sent + UNSUBSCRIBE_LINK_TTL_MS + DAY;
    try {
      const page = await get(token);
      expect(page.statusCode).toBe(410);
      expect(load(page.body)('main p').text()).toBe(EXPIRED_UNSUBSCRIBE_LINK);
      expect(load(page.body)('form').length).toBe(0);
      const refused = await post(token);
      expect(refused.statusCode).toBe(410);
      expect(load(refused.body)('main p').text()).toBe(EXPIRED_UNSUBSCRIBE_LINK);
      expect(await subscribed('late@example.com')).toEqual([A, B]);
      clock = sent + 179 * DAY;
      expect((await post(token)).statusCode).toBe(200);
      expect(await subscribed('late@example.com')).toEqual([B]);
    } finally {
      clock = sent;
    }
  });
});

describe('the unsubscribe secret in production', () => {
  const settings = (env: Record<string, string> = {}) => resolveConfig({}, env).settings;

  it('is required, and may not be the development secret; development keeps its fallback with a warning', () => {
    expect(() => resolveMailSettings(settings(), 'production')).toThrow(/^MASTHEAD_UNSUBSCRIBE_SECRET .* must be set to serve in production/);
    expect(() => resolveMailSettings(settings({ MASTHEAD_UNSUBSCRIBE_SECRET: DEVELOPMENT_SECRET }), 'production')).toThrow(/must not be the development secret/);
    expect(resolveMailSettings(settings({ MASTHEAD_UNSUBSCRIBE_SECRET: SECRET }), 'production')).toMatchObject({ unsubscribeSecret: SECRET });
    expect(resolveMailSettings(settings({ MASTHEAD_UNSUBSCRIBE_SECRET: SECRET }), 'production').warning).toBeUndefined();
    const dev = resolveMailSettings(settings(), 'development');
    expect(dev.unsubscribeSecret).toBe(DEVELOPMENT_SECRET);
    expect(dev.warning).toMatch(/MASTHEAD_UNSUBSCRIBE_SECRET is not set/);
  });

  it('`masthead serve --mode production` without it exits with code 2 naming the variable, before listening', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [BIN, '--db', tempDbPath(), 'serve', '--mode', 'production', '--port', String(port), '--no-admin'], {
      stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MASTHEAD_CLI: 'ts', MASTHEAD_UNSUBSCRIBE_SECRET: '' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    // A server that starts anyway is stopped as soon as it says so, and the test fails on its exit code.
    child.stdout.on('data', () => { if (out.includes('Press Ctrl+C')) child.kill('SIGTERM'); });
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(out).toMatch(/MASTHEAD_UNSUBSCRIBE_SECRET .* must be set to serve in production/);
    expect(out).not.toContain('Press Ctrl+C');
    expect(code, out).toBe(2);
  }, 60_000);
});
