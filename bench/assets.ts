// Benchmark of media-library derivative generation: ingests N distinct photo-like JPEGs
// (default 12, 2400×1600, BENCH_ASSETS_N / BENCH_ASSETS_WIDTH) through engine/assets/ingest into a
// temporary folder — each makes 3 widths × AVIF, WebP and JPEG — and prints the median, p95 and min
// per asset. Writes bench/results/assets-<timestamp>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ingestImage } from '../engine/assets/ingest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(process.env.BENCH_ASSETS_N ?? 12);
const WIDTH = Number(process.env.BENCH_ASSETS_WIDTH ?? 2400);
const HEIGHT = Math.round((WIDTH * 2) / 3);

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  const r = (x: number) => Math.round(x * 10) / 10;
  return { median: r(at(0.5)), p95: r(at(0.95)), min: r(s[0]!), max: r(s[s.length - 1]!), n: s.length };
}

async function photo(seed: number): Promise<Buffer> {
  // Noise over a gradient: compresses like a photograph rather than a flat colour.
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let x = seed * 2654435761 >>> 0;
  for (let i = 0; i < raw.length; i += 1) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = ((i / 3) % WIDTH) * 200 / WIDTH + (x >>> 27);
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).blur(1.2).jpeg({ quality: 85 }).toBuffer();
}

async function main() {
  const loadBefore = loadavg();
  const root = await mkdtemp(join(tmpdir(), 'mh-bench-assets-'));
  const times: number[] = [];
  let bytesIn = 0;
  let bytesOut = 0;
  try {
    for (let i = 0; i < N; i += 1) {
      const bytes = await photo(i + 1);
      const t0 = performance.now();
      const asset = await ingestImage(root, 'bench', bytes, { maxBytes: 25 * 1024 * 1024 });
      times.push(performance.now() - t0);
      bytesIn += bytes.byteLength;
      bytesOut += asset.derivatives.reduce((a, d) => a + d.bytes, 0);
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const report = {
    date: new Date().toISOString(), assets: N, sourceSize: `${WIDTH}x${HEIGHT}`, derivativesPerAsset: 9,
    perAssetMs: stats(times), meanSourceKB: Math.round(bytesIn / N / 1024), meanDerivativesKB: Math.round(bytesOut / N / 1024),
    cpus: cpus().length, loadAverageBefore: loadBefore,
  };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const file = join(ROOT, 'bench/results', `assets-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`derivatives of ${N} ${WIDTH}×${HEIGHT} JPEGs: median ${report.perAssetMs.median} ms per asset (p95 ${report.perAssetMs.p95}, min ${report.perAssetMs.min}) — ${report.meanSourceKB} KB in, ${report.meanDerivativesKB} KB of 9 derivatives out (load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} CPUs)\n${file}`);
}

await main();
