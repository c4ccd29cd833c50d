// Compressed JavaScript of an article page (issue #9 budget: at most 50 KB). Builds the site client
// bundle if needed, seeds the demo into a temporary database, builds one tenant and measures an
// article page two ways:
//   static  — the entry, its static imports and the chunks (with their imports) of the islands the
//             page's HTML marks, from the Vite manifest and site/client/registry.ts;
//   browser — every script Debian's Chromium actually downloads for the page (site and API served
//             as `masthead serve` does), islands hydrated, for an anonymous reader.
// Each file is compressed with gzip (level 9) and brotli (quality 11), as a CDN would serve it.
// Prints a table and writes bench/results/client-size-<timestamp>.json.
//
//   npx tsx bench/client-size.ts [--tenant freightwise] [--path /some/article]
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { ensureSiteBundle, SITE_CLIENT_DIR } from '../cli/site-bundle';
import { createSiteServer } from '../cli/serve/site-server';
import { registerApi } from '../api/app';
import { runBuild } from '../engine/build/index';
import { seedFixtures } from '../engine/fixtures/seed';
import { openStore } from '../engine/store/connection';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUDGET_BYTES = 50 * 1024;

interface Sized { file: string; raw: number; gzip: number; brotli: number }
interface ManifestChunk { file: string; imports?: string[]; isEntry?: boolean }

function sizes(file: string, body: Buffer): Sized {
  return {
    file,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length,
  };
}

const total = (xs: Sized[]) => xs.reduce((t, x) => ({ raw: t.raw + x.raw, gzip: t.gzip + x.gzip, brotli: t.brotli + x.brotli }), { raw: 0, gzip: 0, brotli: 0 });

/** Island name → source file, read from the registry's `'name': () => import('../islands/x')` lines. */
function registrySources(): Map<string, string> {
  const text = readFileSync(join(ROOT, 'site/client/registry.ts'), 'utf8');
  const out = new Map<string, string>();
  for (const m of text.matchAll(/^\s*'?([\w-]+)'?\s*:\s*\(\)\s*=>\s*import\('\.\.\/islands\/([\w-]+)'\)/gm)) out.set(m[1]!, `site/islands/${m[2]!}.tsx`);
  return out;
}

/** The files a page with these islands loads: entry + static imports + each island chunk's closure. */
function staticFiles(html: string): { islands: string[]; files: string[] } {
  const manifest = JSON.parse(readFileSync(join(SITE_CLIENT_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c || files.has(c.file)) return;
    files.add(c.file);
    for (const k of c.imports ?? []) visit(k);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  visit(entry);
  const sources = registrySources();
  const islands = [...new Set([...html.matchAll(/data-island="([\w-]+)"/g)].map((m) => m[1]!))].filter((n) => sources.has(n)).sort();
  for (const name of islands) visit(sources.get(name)!);
  return { islands, files: [...files].sort() };
}

/** The first Article page (metered or gated ones carry the gate island too) of the built tenant (its _payload.json says so). */
function findArticle(site: string): string {
  const walk = (dir: string): string | null => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory() && !['assets', 'images', 'builds', '__rss', 'print'].includes(e.name)) {
        const found = walk(p);
        if (found) return found;
      } else if (e.name === '_payload.json') {
        const v = JSON.parse(readFileSync(p, 'utf8')) as { kind?: string; path?: string; content?: { type?: string } };
        if (v.kind === 'content' && v.content?.type === 'Article' && v.path) return v.path;
      }
    }
    return null;
  };
  const path = walk(site);
  if (!path) throw new Error('No Article page in the build');
  return path;
}

async function browserFiles(url: string): Promise<{ file: string; body: Buffer }[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script' && r.ok()) bodies.set(new URL(r.url()).pathname, r.body());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => ![...document.querySelectorAll<HTMLElement>('[data-island]')].some((el) => el.dataset.hydrated === 'pending'));
    await page.waitForLoadState('networkidle');
    return Promise.all([...bodies].map(async ([file, body]) => ({ file: file.replace(/^\//, ''), body: await body })));
  } finally {
    await browser.close();
  }
}

function table(title: string, rows: Sized[]): string[] {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
  const t = total(rows);
  return [
    title,
    `  ${'file'.padEnd(48)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)}`,
    ...rows.map((r) => `  ${r.file.padEnd(48)} ${kb(r.raw)} ${kb(r.gzip)} ${kb(r.brotli)}`),
    `  ${'total'.padEnd(48)} ${kb(t.raw)} ${kb(t.gzip)} ${kb(t.brotli)}`,
  ];
}

async function main() {
  const { values } = parseArgs({ options: { tenant: { type: 'string', default: 'freightwise' }, path: { type: 'string' } } });
  const tenant = values.tenant!;
  await ensureSiteBundle((line) => process.stderr.write(`${line}\n`));
  const dir = mkdtempSync(join(tmpdir(), 'masthead-bench-client-'));
  const store = await openStore({ path: join(dir, 'db.sqlite') });
  const outDir = join(dir, 'out');
  const app = createSiteServer({ outDir });
  try {
    await seedFixtures(store, join(ROOT, 'fixtures', 'demo'));
    await registerApi(app, { store, onChange: () => undefined, cacheTtlMs: 0 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    await runBuild(store, { outDir, tenants: [tenant], originTemplate: `http://{key}.localhost:${port}`, workers: 1 });
    const site = join(outDir, tenant);
    const path = values.path ?? findArticle(site);
    const html = readFileSync(join(site, path.replace(/^\/+/, ''), 'index.html'), 'utf8');

    const fromManifest = staticFiles(html);
    const staticRows = fromManifest.files.map((f) => sizes(f, readFileSync(join(site, f))));
    const loaded = await browserFiles(`http://${tenant}.localhost:${port}${path}`);
    const browserRows = loaded.map((f) => sizes(f.file, f.body)).sort((a, b) => a.file.localeCompare(b.file));
    const worst = Math.max(total(staticRows).gzip, total(browserRows).gzip, total(staticRows).brotli, total(browserRows).brotli);

    const lines = [
      `Article page ${path} (${tenant}); islands on it: ${fromManifest.islands.join(', ')}`,
      ...table('Static (manifest: entry + imports + the islands\' chunks)', staticRows),
      ...table('Browser (scripts Chromium downloaded, islands hydrated)', browserRows),
      `Budget ${(BUDGET_BYTES / 1024).toFixed(0)} KB compressed: ${worst <= BUDGET_BYTES ? 'within' : 'OVER'} (largest total ${(worst / 1024).toFixed(1)} KB)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    const report = {
      at: new Date().toISOString(), tenant, path, islands: fromManifest.islands, budgetBytes: BUDGET_BYTES,
      static: { files: staticRows, total: total(staticRows) },
      browser: { files: browserRows, total: total(browserRows) },
      withinBudget: worst <= BUDGET_BYTES,
    };
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    const file = join(ROOT, 'bench', 'results', `client-size-${report.at.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`Wrote ${file}\n`);
    if (!report.withinBudget) process.exitCode = 1;
  } finally {
    await app.close();
    await store.close();
  }
}

void main();
