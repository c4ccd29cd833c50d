// The site client bundle in the prerender: the build copies exactly the files its manifest reaches
// into each tenant's assets/, every page names the entry as a module script (with modulepreload
// for its static imports) and carries <html data-tenant>; without a bundle no page loads a script;
// the stylesheet is site.css followed by every other site/styles/*.css in name order.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../engine/store/connection';
import { runBuild } from '../../engine/build/index';
import { BUILD_NOW, seedBuildSite } from './build-site-fixture';

const STYLES = fileURLToPath(new URL('../../site/styles/', import.meta.url));
let store: Store;

function fakeBundle(): string {
  const dir = mkdtempSync(join(tmpdir(), 'masthead-client-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  const files = {
    'assets/site-main-Ab12.js': 'import "./site-shared-Cd34.js";console.log("entry")',
    'assets/site-shared-Cd34.js': 'export const shared = 1',
    'assets/site-mega-menu-Ef56.js': 'export const MegaMenu = 1',
    'assets/site-main-OLD1.js': 'stale file of a previous bundle',
  };
  for (const [f, body] of Object.entries(files)) writeFileSync(join(dir, f), body);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({
    'site/client/main.ts': { file: 'assets/site-main-Ab12.js', isEntry: true, imports: ['_shared'], dynamicImports: ['site/islands/mega-menu.tsx'] },
    _shared: { file: 'assets/site-shared-Cd34.js' },
    'site/islands/mega-menu.tsx': { file: 'assets/site-mega-menu-Ef56.js', isDynamicEntry: true, imports: ['_shared'] },
  }));
  return dir;
}

beforeAll(async () => {
  ({ store } = await seedBuildSite());
}, 120_000);

afterAll(async () => {
  await store?.close();
});

describe('the client bundle in the build', () => {
  it('copies the manifest files into assets/ and every page loads the entry, with data-tenant', async () => {
    const out = mkdtempSync(join(tmpdir(), 'masthead-build-client-'));
    await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: 'https://{key}.example.com', workers: 1, tenants: ['alpha'], clientDir: fakeBundle() });
    const site = realpathSync(join(out, 'alpha'));
    const assets = readdirSync(join(site, 'assets')).filter((f) => f.endsWith('.js')).sort();
    expect(assets).toEqual(['site-main-Ab12.js', 'site-mega-menu-Ef56.js', 'site-shared-Cd34.js']);
    expect(readFileSync(join(site, 'assets', 'site-shared-Cd34.js'), 'utf8')).toBe('export const shared = 1');
    for (const page of ['index.html', 'markets/index.html', 'search/index.html', '404.html']) {
      const $ = load(readFileSync(join(site, page), 'utf8'));
      expect($('html').attr('data-tenant'), page).toBe('alpha');
      const scripts = $('script[src]').toArray().map((s) => [$(s).attr('type'), $(s).attr('src')]);
      expect(scripts, page).toEqual([['module', '/assets/site-main-Ab12.js']]);
      expect($('link[rel=modulepreload]').toArray().map((l) => $(l).attr('href')), page).toEqual(['/assets/site-shared-Cd34.js']);
      expect($('head script[type=module]').length, page).toBe(1);
    }
  }, 120_000);

  it('without a bundle, pages load no script and assets/ holds no JavaScript', async () => {
    const out = mkdtempSync(join(tmpdir(), 'masthead-build-noclient-'));
    await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: 'https://{key}.example.com', workers: 1, tenants: ['alpha'], clientDir: null });
    const site = realpathSync(join(out, 'alpha'));
    expect(readdirSync(join(site, 'assets')).filter((f) => f.endsWith('.js'))).toEqual([]);
    const $ = load(readFileSync(join(site, 'index.html'), 'utf8'));
    expect($('script[src]').length).toBe(0);
    expect($('html').attr('data-tenant')).toBe('alpha');
  }, 120_000);

  it('names the client-dir option when the folder holds no bundle, and writes nothing', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'masthead-build-badclient-')), 'site');
    const empty = mkdtempSync(join(tmpdir(), 'masthead-empty-'));
    await expect(runBuild(store, { outDir: out, now: BUILD_NOW, workers: 1, clientDir: empty })).rejects.toMatchObject({ code: 'BAD_USER_INPUT', details: { field: 'client-dir' } });
    expect(() => readdirSync(out)).toThrow();
  });

  it('the stylesheet is the theme, site.css, then every other site/styles/*.css in name order', async () => {
    const out = mkdtempSync(join(tmpdir(), 'masthead-build-css-'));
    await runBuild(store, { outDir: out, now: BUILD_NOW, workers: 1, tenants: ['alpha'], clientDir: null });
    const site = realpathSync(join(out, 'alpha'));
    const href = load(readFileSync(join(site, 'index.html'), 'utf8'))('link[rel=stylesheet]').attr('href')!;
    const css = readFileSync(join(site, href.slice(1)), 'utf8');
    expect(css.startsWith(':root{')).toBe(true);
    const names = ['site.css', ...readdirSync(STYLES).filter((f) => f.endsWith('.css') && f !== 'site.css').sort()];
    let at = 0;
    for (const name of names) {
      const i = css.indexOf(readFileSync(join(STYLES, name), 'utf8'), at);
      expect(i, name).toBeGreaterThanOrEqual(at);
      at = i + 1;
    }
  }, 120_000);
});
