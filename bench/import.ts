// `npm run bench:import` (tsx bench/import.ts): WordPress import at scale (issue 24).
// Writes a WXR 1.2 export of --posts posts (default 20,000: Gutenberg and classic bodies with
// shortcodes, 3-level categories, 200 tags, 12 authors, 20 featured images in an uploads folder),
// streamed to disk, then imports it --runs times (default 3), each into a fresh SQLite file through
// the real CLI (`node bin/masthead.js import wordpress`) in a child process, whose peak RSS (VmHWM)
// is read from /proc while it runs. Prints and saves bench/results/import-<date>.json with the
// median. Targets: ≤ 60 s for the default 20,000 posts, and peak RSS ≤ 400 MB however large the
// export (issue 36: `--mb 200` writes posts until the file reaches 200 MB). Every 1,000th post
// brings the messy parts of real exports along (issue 36): a revision and a menu item (counted, not
// imported), comments, a post in a category the channel does not declare, and one with an
// impossible date (skipped and named in the report).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { openStore } from '../engine/store/connection';
import { seedFixtures } from '../engine/fixtures/seed';
import { tenantFixture, writeFixtureSet } from '../tests/helpers/fixture-set';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cdata = (s: string) => `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
const WORDS = 'port carrier freight lane rate vessel quay crane berth cargo container tariff schedule alliance charter bunker draft harbor pilot tug'.split(' ');

async function writeExport(file: string, posts: number, uploads: string, minBytes: number): Promise<number> {
  let seed = 7;
  const rnd = (k: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % k; };
  const words = (n: number) => Array.from({ length: n }, () => WORDS[rnd(WORDS.length)]).join(' ');
  const out = createWriteStream(file);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write(`<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">\n<channel>\n<title>Bench</title><link>https://bench.example.invalid</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://bench.example.invalid</wp:base_site_url>\n`);
  for (let a = 0; a < 12; a++) await write(`<wp:author><wp:author_id>${a + 1}</wp:author_id><wp:author_login>${cdata(`author${a}`)}</wp:author_login><wp:author_display_name>${cdata(`Author ${a} Écrivain`)}</wp:author_display_name><wp:author_first_name>${cdata(`Author${a}`)}</wp:author_first_name><wp:author_last_name>${cdata('Écrivain')}</wp:author_last_name></wp:author>\n`);
  const cats: string[] = [];
  for (let t = 0; t < 4; t++) {
    cats.push(`top${t}`);
    await write(`<wp:category><wp:term_id>${cats.length}</wp:term_id><wp:category_nicename>top${t}</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name>${cdata(`Desk ${t}`)}</wp:cat_name></wp:category>\n`);
    for (let m = 0; m < 3; m++) {
      cats.push(`mid${t}-${m}`);
      await write(`<wp:category><wp:term_id>${cats.length}</wp:term_id><wp:category_nicename>mid${t}-${m}</wp:category_nicename><wp:category_parent>top${t}</wp:category_parent><wp:cat_name>${cdata(`Beat ${t}.${m}`)}</wp:cat_name></wp:category>\n`);
      cats.push(`leaf${t}-${m}`);
      await write(`<wp:category><wp:term_id>${cats.length}</wp:term_id><wp:category_nicename>leaf${t}-${m}</wp:category_nicename><wp:category_parent>mid${t}-${m}</wp:category_parent><wp:cat_name>${cdata(`Topic ${t}.${m}`)}</wp:cat_name></wp:category>\n`);
    }
  }
  for (let t = 0; t < 200; t++) await write(`<wp:tag><wp:term_id>${1000 + t}</wp:term_id><wp:tag_slug>tag-${t}</wp:tag_slug><wp:tag_name>${cdata(`Tag ${t}`)}</wp:tag_name></wp:tag>\n`);
  mkdirSync(join(uploads, '2024', '01'), { recursive: true });
  for (let i = 0; i < 20; i++) {
    writeFileSync(join(uploads, '2024', '01', `img${i}.png`), await sharp({ create: { width: 320, height: 180, channels: 3, background: { r: i * 12, g: 80, b: 160 } } }).png().toBuffer());
    await write(`<item><title>img${i}</title><wp:post_id>${900000 + i}</wp:post_id><wp:post_type>attachment</wp:post_type><wp:status>inherit</wp:status><wp:attachment_url>https://bench.example.invalid/wp-content/uploads/2024/01/img${i}.png</wp:attachment_url></item>\n`);
  }
  let i = 1;
  for (; i <= posts || out.bytesWritten + out.writableLength < minBytes; i++) {
    const title = `${words(6)} ${i}`;
    const gutenberg = i % 2 === 0;
    const paras = Array.from({ length: 6 }, () => words(40));
    const body = gutenberg
      ? paras.map((p) => `<!-- wp:paragraph -->\n<p>${p} <a href="https://example.org/${i}">link</a></p>\n<!-- /wp:paragraph -->`).join('\n\n') + '\n\n<!-- wp:latest-posts /-->'
      : `${paras.join('\n\n')}\n\n[caption id="" align="alignnone" width="320"]<img src="https://bench.example.invalid/wp-content/uploads/2024/01/img${i % 20}.png" alt="x" /> ${words(4)}[/caption]\n\n[gallery ids="900001,900002"]`;
    const day = new Date(Date.UTC(2015, 0, 1) + i * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    const messy = i % 1000 === 0;
    await write(`<item><title>${cdata(title)}</title><link>https://bench.example.invalid/${day.slice(0, 4)}/${day.slice(5, 7)}/post-${i}/</link><dc:creator>${cdata(`author${i % 12}`)}</dc:creator><content:encoded>${cdata(body)}</content:encoded><excerpt:encoded>${cdata(words(20))}</excerpt:encoded><wp:post_id>${i}</wp:post_id><wp:post_date>${day}</wp:post_date><wp:post_date_gmt>${messy && i % 2000 === 0 ? '2019-02-30 10:00:00' : day}</wp:post_date_gmt><wp:post_name>post-${i}</wp:post_name><wp:status>${i % 10 === 0 ? 'draft' : 'publish'}</wp:status><wp:post_type>post</wp:post_type><category domain="category" nicename="${messy && i % 2000 === 1000 ? 'undeclared-desk' : cats[i % cats.length]}">${cdata('Undeclared desk')}</category><category domain="post_tag" nicename="tag-${i % 200}">${cdata('t')}</category><category domain="post_tag" nicename="tag-${(i * 7) % 200}">${cdata('t')}</category><wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>${900000 + (i % 20)}</wp:meta_value></wp:postmeta><wp:postmeta><wp:meta_key>_yoast_wpseo_metadesc</wp:meta_key><wp:meta_value>${cdata(words(12))}</wp:meta_value></wp:postmeta>${messy ? '<wp:comment><wp:comment_id>1</wp:comment_id><wp:comment_content><![CDATA[A reader writes]]></wp:comment_content></wp:comment>' : ''}</item>\n`);
    if (messy) {
      await write(`<item><title>${cdata(title)}</title><wp:post_id>${5_000_000 + i}</wp:post_id><wp:post_name>${i}-revision-v1</wp:post_name><wp:status>inherit</wp:status><wp:post_parent>${i}</wp:post_parent><wp:post_type>revision</wp:post_type><content:encoded>${cdata(body)}</content:encoded></item>\n`);
      await write(`<item><title>Menu ${i}</title><wp:post_id>${6_000_000 + i}</wp:post_id><wp:status>publish</wp:status><wp:post_type>nav_menu_item</wp:post_type></item>\n`);
    }
  }
  await write('</channel>\n</rss>\n');
  await new Promise<void>((r) => out.end(() => r()));
  return i - 1;
}

/** Runs the CLI import in a child process; its wall time and peak RSS (VmHWM, bytes). */
async function importOnce(file: string, uploads: string, dir: string, run: number): Promise<{ ms: number; cpuMs: number; peakRss: number; report: { counts: unknown; skipped?: unknown[]; notImported?: unknown } }> {
  const db = join(dir, `run${run}.sqlite`);
  const store = await openStore({ path: db });
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100)]));
  await store.close();
  const reportFile = join(dir, `report${run}.json`);
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'bin/masthead.js'), '--db', db, 'import', 'wordpress', file, '--tenant', 'alpha', '--media', uploads, '--timeout', '500', '--report', reportFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  let peak = 0;
  let cpuMs = 0;
  const poll = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) * 1024);
      // utime and stime (fields 14 and 15, clock ticks of 10 ms): CPU time, which the machine's load does not inflate.
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
      cpuMs = Math.max(cpuMs, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch { /* exited */ }
  }, 50);
  const code = await new Promise<number>((r) => child.on('exit', (c) => r(c ?? 1)));
  clearInterval(poll);
  const ms = Math.round(performance.now() - started);
  if (code !== 0) throw new Error(`import exited with ${code}`);
  return { ms, cpuMs, peakRss: peak, report: JSON.parse(readFileSync(reportFile, 'utf8')) };
}

if (process.argv.includes('--help')) {
  process.stdout.write('usage: npm run bench:import -- [--posts N (default 20000)] [--mb M (write posts until the export is M MB)] [--runs R (default 3)]\n');
  process.exit(0);
}
const minBytes = arg('mb', 0) * 1e6;
let posts = arg('posts', minBytes ? 0 : 20_000);
const runs = arg('runs', 3);
const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
const file = join(dir, 'export.xml');
const uploads = join(dir, 'uploads');
process.stdout.write(`bench:import on ${cpus().length} cores (load ${loadavg()[0]!.toFixed(2)}): writing a WXR of ${minBytes ? `${minBytes / 1e6} MB` : `${posts} posts`}…\n`);
const g0 = performance.now();
posts = await writeExport(file, posts, uploads, minBytes);
process.stdout.write(`  ${(statSync(file).size / 1e6).toFixed(1)} MB in ${((performance.now() - g0) / 1000).toFixed(1)} s\n`);
const results: { ms: number; cpuMs: number; peakRss: number; load: number }[] = [];
let counts: unknown;
let skippedCount = 0;
let notImported: unknown;
for (let r = 0; r < runs; r++) {
  const load = loadavg()[0]!;
  const one = await importOnce(file, uploads, dir, r);
  counts = one.report.counts;
  skippedCount = one.report.skipped?.length ?? 0;
  notImported = one.report.notImported;
  results.push({ ms: one.ms, cpuMs: one.cpuMs, peakRss: one.peakRss, load });
  process.stdout.write(`  run ${r + 1}: ${(one.ms / 1000).toFixed(1)} s (CPU ${(one.cpuMs / 1000).toFixed(1)} s), peak RSS ${(one.peakRss / 1e6).toFixed(0)} MB (load ${load.toFixed(2)})\n`);
}
const medMs = median(results.map((x) => x.ms));
const medRss = median(results.map((x) => x.peakRss));
const medCpu = median(results.map((x) => x.cpuMs));
process.stdout.write(`import of ${posts} posts: median ${(medMs / 1000).toFixed(1)} s (target ≤ 60 s; CPU ${(medCpu / 1000).toFixed(1)} s), median peak RSS ${(medRss / 1e6).toFixed(0)} MB (target ≤ 400 MB)\n`);
const result = {
  date: new Date().toISOString(), cores: cpus().length, load: loadavg()[0], posts, exportBytes: statSync(file).size,
  runs: results, medianMs: medMs, medianCpuMs: medCpu, medianPeakRssBytes: medRss, targets: { ms: 60_000, peakRssBytes: 400_000_000 }, counts, skipped: skippedCount, notImported,
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const out = join(ROOT, `bench/results/import-${result.date.slice(0, 10)}.json`);
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(`wrote ${out}\n`);
