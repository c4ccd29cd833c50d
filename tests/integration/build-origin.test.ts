// A database keeps the origins its sites are served at (issue 35): `masthead serve` records the
// origin template it serves at, and a later `masthead build --full` without one makes the same
// absolute URLs (canonical, og:url, sitemap) instead of https://{domain}; a build given another
// template says what it changes.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompiledCli } from '../helpers/cli';
import { children, cli, freePort, serve } from '../helpers/serve-process';
import { getInstallationSetting } from '../../engine/store/queries/installation';
import type { Store } from '../../engine/store/connection';
import { seedBuildSite } from './build-site-fixture';

let store: Store;
let dbPath: string;
let out: string;
let port: number;
const env = { MASTHEAD_UNSUBSCRIBE_SECRET: 'a-long-unsubscribe-secret-for-tests', MASTHEAD_CAPTCHA: 'off' };

beforeAll(ensureCompiledCli, 180_000);
beforeAll(async () => {
  ({ store, dbPath } = await seedBuildSite());
  out = join(mkdtempSync(join(tmpdir(), 'masthead-origin-')), 'out');
  port = await freePort();
}, 120_000);

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await store?.close();
});

function home(key: string) {
  const $ = load(readFileSync(join(out, key, 'index.html'), 'utf8'));
  return { canonical: $('link[rel="canonical"]').attr('href'), ogUrl: $('meta[property="og:url"]').attr('content') };
}

function sitemapLocs(key: string): string[] {
  const xml = readFileSync(join(out, key, 'sitemap.xml'), 'utf8');
  return (() => { const $ = load(xml, { xml: true }); return $('loc').map((_, el) => $(el).text()).get(); })();
}

describe('the origin template stays with the database', () => {
  it('a build with no template after masthead serve makes the URLs serve made, and a different template is named', async () => {
    // Before anything recorded one, a build uses https://{domain}.
    expect(await getInstallationSetting(store.db, 'origin_template')).toBeNull();

    const server = await serve(['--db', dbPath, 'serve', '--out', out, '--no-admin'], port, env);
    server.child.kill('SIGTERM');
    await server.exited;
    const served = `http://{key}.localhost:${port}`;
    expect(await getInstallationSetting(store.db, 'origin_template')).toBe(served);

    const built = await cli(['--db', dbPath, 'build', '--full', '--json', '--out', out, '--tenant', 'alpha', '--workers', '1']);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr).not.toContain('warning');
    const origin = `http://alpha.localhost:${port}`;
    expect(home('alpha')).toEqual({ canonical: `${origin}/`, ogUrl: `${origin}/` });
    const locs = sitemapLocs('alpha');
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs) expect(new URL(loc).origin).toBe(origin);

    // An explicit template still wins, and the build says which URLs it changes and how to keep them.
    const other = await cli(['--db', dbPath, 'build', '--full', '--json', '--out', out, '--tenant', 'alpha', '--workers', '1', '--origin-template', 'https://{domain}']);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stderr).toContain(`this database's sites are served at ${served}`);
    expect(other.stderr).toContain(`--origin-template ${served}`);
    expect(new URL(home('alpha').canonical!).origin).not.toBe(origin);
    // A build does not move the record: only serve and demo say where the sites are served.
    expect(await getInstallationSetting(store.db, 'origin_template')).toBe(served);
  }, 240_000);
});
