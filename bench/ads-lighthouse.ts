// Lighthouse on the demo with house ads showing (issue 19 acceptance: performance ≥ 95 and CLS 0 on
// the home page and an article). Seeds the demo into a temporary database, builds one house-ad
// brand, serves it as `masthead serve` does and runs Lighthouse 12 (default mobile settings,
// simulated throttling) with Debian's Chromium on the home page and on an article whose body holds
// a native ad. Prints a table and writes bench/results/ads-lighthouse-<timestamp>.json.
//
//   npx tsx bench/ads-lighthouse.ts [--tenant plantpulse] [--no-ads]   (--no-ads: the same pages without any ad, for comparison)
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureSiteBundle } from '../cli/site-bundle';
import { createMastheadServer } from '../cli/serve/app';
import { runBuild } from '../engine/build/index';
import { seedFixtures } from '../engine/fixtures/seed';
import { openStore } from '../engine/store/connection';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { tenant: { type: 'string', default: 'plantpulse' }, 'no-ads': { type: 'boolean', default: false } } });
const withAds = !values['no-ads'];
const tenant = values.tenant!;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function findArticle(dir: string): string {
  const walk = (d: string): string | null => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        const f = walk(p);
        if (f) return f;
      } else if (name === 'index.html' && readFileSync(p, 'utf8').includes(withAds ? '<aside class="native-ad"' : 'class="content-body rich-text"')) return p;
    }
    return null;
  };
  const f = walk(dir);
  if (!f) throw new Error('no article with a body native ad');
  return f.slice(dir.length).replace(/index\.html$/, '');
}

await ensureSiteBundle();
const dir = mkdtempSync(join(tmpdir(), 'masthead-bench-ads-'));
const store = await openStore({ path: join(dir, 'db.sqlite') });
await seedFixtures(store, join(ROOT, 'fixtures', 'demo'));
if (!withAds) await store.run('DELETE FROM house_ads');
const port = await freePort();
const outDir = join(dir, 'out');
const originTemplate = `http://{key}.localhost:${port}`;
await runBuild(store, { outDir, originTemplate, workers: 1, tenants: [tenant] });
const app = await createMastheadServer({
  outDir, store, adminDir: null, mode: 'production', originTemplate,
  rebuilder: { request: async () => undefined, start: async () => undefined, idle: async () => undefined, close: async () => undefined },
});
await app.listen({ port, host: '127.0.0.1' });
const base = `http://${tenant}.localhost:${port}`;
const pages = { home: '/', article: findArticle(join(outDir, tenant)) };

const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const results: Record<string, { url: string; performance: number; cls: number; lcpMs: number; tbtMs: number; houseAds: boolean }> = {};
try {
  for (const [name, path] of Object.entries(pages)) {
    const url = `${base}${path}`;
    const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = r!.lhr;
    const html = readFileSync(join(outDir, tenant, path, 'index.html'), 'utf8');
    results[name] = {
      url,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN),
      lcpMs: Math.round(Number(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN)),
      tbtMs: Math.round(Number(lhr.audits['total-blocking-time']?.numericValue ?? NaN)),
      houseAds: html.includes('data-house-ad'),
    };
  }
} finally {
  await chrome.kill();
  await app.close();
  await store.close();
}

console.log(`Lighthouse ${tenant} (${withAds ? 'house ads' : 'no ads'}), mobile defaults`);
console.log('page      perf  CLS     LCP ms  TBT ms  house ads');
for (const [name, v] of Object.entries(results)) {
  console.log(`${name.padEnd(9)} ${String(v.performance).padStart(4)}  ${v.cls.toFixed(3).padStart(6)}  ${String(v.lcpMs).padStart(6)}  ${String(v.tbtMs).padStart(6)}  ${v.houseAds ? 'yes' : 'no'}`);
}
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
const file = join(ROOT, 'bench', 'results', `ads-lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ tenant, withAds, results }, null, 2));
console.log(`wrote ${file}`);
