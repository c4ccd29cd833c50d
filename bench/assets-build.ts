// The second half of `npm run bench:assets` (issue 16): a cold build of a generated corpus (default
// 20,000 items over 3 tenants) as it is today — every item shows a fixture image, one <img> — then
// the same corpus after each of those images became a media-library upload (a photo-like JPEG
// ingested through engine/assets/ingest: derivatives at 3 widths in AVIF, WebP and JPEG), so every
// page renders a <picture> with srcset/sizes and the build copies the referenced derivatives from
// the assets folder. Each build is a fresh `masthead build` process into a new folder; with
// --runs > 1 the two kinds alternate and the medians are compared. The check: the build with
// images takes at most 10% longer than today's.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ensureSiteBundle } from '../cli/site-bundle';
import { ingestImage } from '../engine/assets/ingest';
import { generateFixtures } from '../engine/fixtures/generate';
import { seedFixtures } from '../engine/fixtures/seed';
import { openStore } from '../engine/store/connection';
import { replaceAssetFile } from '../engine/store/queries/assets';

export interface BuildRun { kind: 'today' | 'withImages'; pages: number; files: number; buildWallMs: number; cpuMs: number; peakRssMb: number }
export interface BuildComparison {
  items: number; tenants: number; imagesIngested: number; ingestMs: number; runs: BuildRun[];
  medianMs: { today: number; withImages: number }; ratio: number; withinTenPercent: boolean;
  /** CPU time of the build processes (all threads): steadier than wall time on a shared machine. */
  medianCpuMs: { today: number; withImages: number }; cpuRatio: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};

/** A photo-like JPEG (noise over a gradient), distinct per seed so each ingest is new work. */
export async function photo(seed: number, width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761 >>> 0;
  for (let i = 0; i < raw.length; i += 1) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = ((i / 3) % width) * 200 / width + (x >>> 27);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).blur(1.2).jpeg({ quality: 85 }).toBuffer();
}

async function prepareCorpus(dir: string, items: number, tenants: number): Promise<string> {
  const db = join(dir, 'db.sqlite');
  const marker = join(dir, `ready-${items}-${tenants}`);
  if (existsSync(marker) && existsSync(db)) return db;
  rmSync(join(dir, 'fixtures'), { recursive: true, force: true });
  rmSync(db, { force: true });
  await generateFixtures({ items, tenants, seed: 1, out: join(dir, 'fixtures') });
  const store = await openStore({ path: db });
  try {
    await seedFixtures(store, join(dir, 'fixtures'));
  } finally {
    await store.close();
  }
  writeFileSync(marker, new Date().toISOString());
  return db;
}

/** Turns every image content shows into an upload with derivatives, keeping its id (as "replace file" does). */
async function uploadContentImages(db: string, assetsDir: string): Promise<{ count: number; ms: number }> {
  const store = await openStore({ path: db });
  const started = performance.now();
  try {
    const shown = await store.all<{ id: number; tenant_key: string }>(
      `select a.id, a.tenant_key from assets a where a.id in (select primary_image_id from content where primary_image_id is not null
         union select asset_id from content_images) order by a.id`,
    );
    for (const [i, a] of shown.entries()) {
      const bytes = await photo(i + 1, 1600, 1067);
      const ingested = await ingestImage(assetsDir, a.tenant_key, bytes, { maxBytes: 25 * 1024 * 1024 });
      await store.transaction(async (tx) => {
        await replaceAssetFile(tx, a.tenant_key, a.id, {
          path: `/media/${a.tenant_key}/${ingested.hash.slice(0, 32)}.jpg`, mimeType: ingested.mime, width: ingested.width, height: ingested.height,
          sha256: ingested.hash, name: `photo-${a.id}.jpg`, original: ingested.original, bytes: ingested.bytes, derivatives: ingested.derivatives,
        });
      });
    }
    return { count: shown.length, ms: Math.round(performance.now() - started) };
  } finally {
    await store.close();
  }
}

function coldBuild(bin: string, cwd: string, db: string, out: string, assetsDir: string, kind: BuildRun['kind']): Promise<BuildRun> {
  spawnSync('sync', { stdio: 'ignore' });
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [bin, '--db', db, '--json', 'build', '--full', '--out', out], {
      cwd, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, MASTHEAD_ASSETS_DIR: assetsDir },
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`masthead build (${kind}) exited with ${code}`));
      const s = JSON.parse(stdout) as { pages: number; files: number; wallMs: number; peakRssMb: number; cpuUserMs: number; cpuSystemMs: number };
      ok({ kind, pages: s.pages, files: s.files, buildWallMs: s.wallMs, cpuMs: s.cpuUserMs + s.cpuSystemMs, peakRssMb: s.peakRssMb });
    });
  });
}

/**
 * Runs the comparison in `dir` (its own corpus, database copies, assets folder and outputs). The
 * outputs are deleted only at the end: deleting ~120,000 files right before the next build slows
 * its file creation on ext4 without a journal (see bench/build.ts).
 */
export async function compareColdBuilds(opts: { root: string; dir: string; items: number; tenants: number; runs: number; log: (line: string) => void }): Promise<BuildComparison> {
  const bin = join(opts.root, 'bin', 'masthead.js');
  mkdirSync(opts.dir, { recursive: true });
  opts.log(`generating and seeding ${opts.items.toLocaleString('en-US')} items…`);
  const todayDb = await prepareCorpus(join(opts.dir, 'corpus'), opts.items, opts.tenants);
  const imagesDb = join(opts.dir, 'with-images.sqlite');
  const assetsDir = join(opts.dir, 'assets');
  const emptyAssets = join(opts.dir, 'no-assets');
  rmSync(assetsDir, { recursive: true, force: true });
  mkdirSync(emptyAssets, { recursive: true });
  rmSync(imagesDb, { force: true });
  const source = await openStore({ path: todayDb });
  try {
    await source.exec(`VACUUM INTO '${imagesDb.replace(/'/g, "''")}'`);
  } finally {
    await source.close();
  }
  const uploaded = await uploadContentImages(imagesDb, assetsDir);
  opts.log(`${uploaded.count} content images uploaded with derivatives in ${(uploaded.ms / 1000).toFixed(1)} s`);
  // The first build after a source change would also build the site client bundle: do it now, unmeasured.
  await ensureSiteBundle(opts.log);
  const runs: BuildRun[] = [];
  const outs: string[] = [];
  for (let i = 0; i < opts.runs; i++) {
    for (const kind of ['today', 'withImages'] as const) {
      const out = join(opts.dir, `out-${kind}-${process.pid}-${i}`);
      outs.push(out);
      const r = await coldBuild(bin, opts.root, kind === 'today' ? todayDb : imagesDb, out, kind === 'today' ? emptyAssets : assetsDir, kind);
      runs.push(r);
      opts.log(`cold build ${kind}: ${r.pages.toLocaleString('en-US')} pages, ${r.files.toLocaleString('en-US')} files in ${(r.buildWallMs / 1000).toFixed(2)} s, CPU ${(r.cpuMs / 1000).toFixed(1)} s, peak RSS ${r.peakRssMb} MB`);
    }
  }
  for (const out of outs) rmSync(out, { recursive: true, force: true });
  const today = median(runs.filter((r) => r.kind === 'today').map((r) => r.buildWallMs));
  const withImages = median(runs.filter((r) => r.kind === 'withImages').map((r) => r.buildWallMs));
  const ratio = Math.round((withImages / today) * 1000) / 1000;
  const cpu = { today: median(runs.filter((r) => r.kind === 'today').map((r) => r.cpuMs)), withImages: median(runs.filter((r) => r.kind === 'withImages').map((r) => r.cpuMs)) };
  return {
    items: opts.items, tenants: opts.tenants, imagesIngested: uploaded.count, ingestMs: uploaded.ms, runs,
    medianMs: { today, withImages }, ratio, withinTenPercent: ratio <= 1.1,
    medianCpuMs: cpu, cpuRatio: Math.round((cpu.withImages / cpu.today) * 1000) / 1000,
  };
}
