// `npm run bench:lighthouse` (tsx bench/lighthouse.ts): Lighthouse 12 (the npm package) with
// Debian's Chromium against the demo as `masthead serve` serves it (site and API on loopback,
// precompressed files, the security headers): the home page, a section and an article of one
// brand, each run --runs times, desktop and mobile presets. Prints the median score per category
// and the failing audits of best practices and accessibility, and saves
// bench/results/lighthouse-<date>.json. Performance depends on the machine's load (saved with the
// figures); the other categories do not.
//
// Options: --tenant KEY (default freightwise; plantpulse with --ads house), --runs N (default 3),
// --form mobile|desktop|both (default both), --ads house|none (issue 19 acceptance: performance ≥ 95
// and CLS 0 with house ads showing): `house` measures a house-ad brand, with an article whose body
// holds a native, and reports per page whether house ads showed; `none` removes every house ad
// first, for comparison. Without --ads the demo is measured as seeded.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { ensureSiteBundle } from '../cli/site-bundle';
import { createSiteServer } from '../cli/serve/site-server';
import { registerApi } from '../api/app';
import { runBuild } from '../engine/build/index';
import { seedFixtures } from '../engine/fixtures/seed';
import { openStore } from '../engine/store/connection';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** The first page of `kind` (home, section, content Article) in the built site, by its payload (and its HTML, when `html` is given). */
function findPage(site: string, match: (v: { kind?: string; content?: { type?: string } }) => boolean, html?: (page: string) => boolean): string | null {
  const walk = (dir: string): string | null => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory() && !['assets', 'images', 'builds', '__rss', 'print', '__email'].includes(e.name)) {
        const found = walk(p);
        if (found) return found;
      } else if (e.name === '_payload.json') {
        const v = JSON.parse(readFileSync(p, 'utf8')) as { kind?: string; path?: string; content?: { type?: string } };
        if (match(v) && v.path && (!html || html(readFileSync(join(dir, 'index.html'), 'utf8')))) return v.path;
      }
    }
    return null;
  };
  return walk(site);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Lhr {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string; numericValue?: number }>;
}

async function main() {
  const { values } = parseArgs({ options: { tenant: { type: 'string' }, runs: { type: 'string', default: '3' }, form: { type: 'string', default: 'both' }, ads: { type: 'string' } } });
  const ads = values.ads;
  if (ads !== undefined && ads !== 'house' && ads !== 'none') throw new Error('--ads must be house or none');
  const tenant = values.tenant ?? (ads === 'house' ? 'plantpulse' : 'freightwise');
  const runs = Number(values.runs);
  const forms = values.form === 'both' ? ['mobile', 'desktop'] : [values.form!];
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');
  if (!forms.every((f) => f === 'mobile' || f === 'desktop')) throw new Error('--form must be mobile, desktop or both');
  await ensureSiteBundle((line) => process.stderr.write(`${line}\n`));
  const dir = mkdtempSync(join(tmpdir(), 'masthead-bench-lh-'));
  const store = await openStore({ path: join(dir, 'db.sqlite') });
  const outDir = join(dir, 'out');
  const app = createSiteServer({ outDir });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    await seedFixtures(store, join(ROOT, 'fixtures', 'demo'));
    if (ads === 'none') await store.run('DELETE FROM house_ads');
    await registerApi(app, { store, onChange: () => undefined });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    process.stderr.write('building the demo…\n');
    await runBuild(store, { outDir, tenants: [tenant], originTemplate: `http://{key}.localhost:${port}`, workers: 1 });
    const site = join(outDir, tenant);
    const pages: Record<string, string> = {
      home: '/',
      section: findPage(site, (v) => v.kind === 'section') ?? '/',
      // With house ads: a content page whose body holds a native (the body unit needs enough paragraphs).
      article: (ads === 'house'
        ? findPage(site, (v) => v.kind === 'content', (h) => h.includes('<aside class="native-ad"'))
        : findPage(site, (v) => v.kind === 'content' && v.content?.type === 'Article')) ?? '/',
    };
    const houseAds = Object.fromEntries(Object.entries(pages).map(([name, path]) => [name, readFileSync(join(site, path, 'index.html'), 'utf8').includes('data-house-ad')]));
    const results: Record<string, Record<string, { scores: Record<string, number>; runs: Record<string, number>[]; failing: Record<string, string[]>; cls: number; clsRuns: number[]; lcpMs: number }>> = {};
    for (const form of forms) {
      results[form] = {};
      for (const [name, path] of Object.entries(pages)) {
        const url = `http://${tenant}.localhost:${port}${path}`;
        const all: Record<string, number>[] = [];
        const clsRuns: number[] = [];
        let last: Lhr | null = null;
        for (let i = 0, failed = 0; i < runs; i++) {
          const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, form === 'desktop' ? desktopConfig : undefined);
          if (!r) throw new Error(`Lighthouse returned nothing for ${url}`);
          const lhr = r.lhr as unknown as Lhr;
          // A run Lighthouse itself could not complete (a loaded machine: NO_FCP, a timeout) says
          // nothing about the page: it is reported and run again, up to three times.
          if (lhr.runtimeError) {
            process.stderr.write(`  ${form} ${name}: Lighthouse run failed (${lhr.runtimeError.code}: ${lhr.runtimeError.message.slice(0, 120)})\n`);
            if (++failed > 3) throw new Error(`Lighthouse could not complete a run of ${url}`);
            i -= 1;
            continue;
          }
          last = lhr;
          clsRuns.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? -1);
          all.push(Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((last!.categories[c]?.score ?? 0) * 100)])));
        }
        const failing = Object.fromEntries(['best-practices', 'accessibility', 'seo', 'performance'].map((c) => [c, last!.categories[c]!.auditRefs
          .filter((a) => a.weight > 0 && last!.audits[a.id]!.scoreDisplayMode !== 'notApplicable' && (last!.audits[a.id]!.score ?? 1) < 1)
          .map((a) => `${a.id} (${last!.audits[a.id]!.title})`)]));
        results[form]![name] = {
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(all.map((s) => s[c]!))])), runs: all, failing,
          cls: median(clsRuns), clsRuns, lcpMs: Math.round(last!.audits['largest-contentful-paint']?.numericValue ?? -1),
        };
        const s = results[form]![name]!;
        process.stdout.write(`${form.padEnd(8)} ${name.padEnd(8)} ${path.padEnd(60).slice(0, 60)} ${CATEGORIES.map((c) => `${c} ${s.scores[c]}`).join('  ')}  CLS ${s.cls.toFixed(3)}  LCP ${s.lcpMs} ms${ads ? `  house ads ${houseAds[name] ? 'yes' : 'no'}` : ''}\n`);
        for (const [c, ids] of Object.entries(failing)) if (ids.length) process.stdout.write(`           ${c} below 1: ${ids.join(', ')}\n`);
      }
    }
    const report = { at: new Date().toISOString(), tenant, runs, ads: ads ?? 'as seeded', houseAds, loadAverage: loadavg(), pages, results };
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    const file = join(ROOT, 'bench', 'results', `lighthouse-${report.at.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`Wrote ${file} (medians of ${runs} run(s); load average ${loadavg().map((n) => n.toFixed(2)).join(' ')})\n`);
  } finally {
    await chrome.kill();
    await app.close();
    await store.close();
  }
}

main().catch((e: unknown) => { console.error(e); process.exit(1); });
