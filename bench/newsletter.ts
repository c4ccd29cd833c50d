// Benchmark of warm newsletter rendering (target: median under 50 ms per campaign). Seeds the demo
// fixtures (newsletter templates, campaigns and ads included) into a temporary database, warms the renderer up, then
// renders each demo campaign N times two ways: "full" (load from SQLite + resolve + MJML strict +
// text) and "render" (from an already loaded snapshot). Prints median, p95 and min per campaign
// and writes bench/results/newsletter-<timestamp>.json.
//
//   npx tsx bench/newsletter.ts [--renders 60] [--warmup 5] [--fixtures fixtures/demo]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seedFixtures } from '../engine/fixtures/seed';
import { loadCampaignSnapshot } from '../engine/newsletter/load';
import { renderCampaign, renderNewsletter } from '../engine/newsletter/render';
import { openStore } from '../engine/store/connection';
import { listNewsletterCampaigns } from '../engine/store/queries/newsletters';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  const r = (n: number) => Math.round(n * 100) / 100;
  return { median: r(at(0.5)), p95: r(at(0.95)), min: r(s[0]!), max: r(s[s.length - 1]!), n: s.length };
}

async function main() {
  const { values } = parseArgs({ options: { renders: { type: 'string', default: '60' }, warmup: { type: 'string', default: '5' }, fixtures: { type: 'string', default: join(ROOT, 'fixtures/demo') } } });
  const renders = Math.max(50, Number(values.renders));
  const loadavgBefore = loadavg();
  const warmup = Math.max(1, Number(values.warmup));
  const dir = mkdtempSync(join(tmpdir(), 'masthead-bench-nl-'));
  const store = await openStore({ path: join(dir, 'bench.sqlite') });
  await seedFixtures(store, values.fixtures!);
  const now = Date.now();
  const tenants = (await store.all<{ tenant_key: string }>('select tenant_key from tenants order by tenant_key')).map((r) => r.tenant_key);
  const campaigns: { tenantKey: string; id: number; kind: string }[] = [];
  for (const key of tenants) {
    const { rows } = await listNewsletterCampaigns(store.db, { tenantKey: key, limit: 100, skip: 0 });
    for (const c of rows) campaigns.push({ tenantKey: key, id: c.id, kind: c.audienceStatus.toLowerCase() });
  }

  const results = [];
  for (const c of campaigns) {
    const origin = `https://${c.tenantKey}.example`;
    const snap = await loadCampaignSnapshot(store, c.tenantKey, c.id, { now });
    for (let i = 0; i < warmup; i++) await renderCampaign(store, c.tenantKey, c.id, { origin, now });
    const full: number[] = [];
    const fullCpu: number[] = [];
    const only: number[] = [];
    let bytes = 0;
    for (let i = 0; i < renders; i++) {
      let t = performance.now();
      const cpu = process.cpuUsage();
      const r = await renderCampaign(store, c.tenantKey, c.id, { origin, now });
      const used = process.cpuUsage(cpu);
      full.push(performance.now() - t);
      fullCpu.push((used.user + used.system) / 1000);
      bytes = r.html.length;
      t = performance.now();
      await renderNewsletter(snap, { origin });
      only.push(performance.now() - t);
    }
    const row = { tenant: c.tenantKey, campaignId: c.id, kind: c.kind, rows: snap.campaign.grid.rows.length, htmlBytes: bytes, fullMs: stats(full), fullCpuMs: stats(fullCpu), renderMs: stats(only) };
    results.push(row);
    console.log(`${c.tenantKey.padEnd(12)} ${String(c.id).padEnd(6)} ${c.kind.padEnd(5)} full median ${row.fullMs.median} ms (p95 ${row.fullMs.p95}, CPU ${row.fullCpuMs.median}) · from snapshot ${row.renderMs.median} ms · ${Math.round(bytes / 1024)} KB`);
  }
  await store.close();

  const worst = Math.max(...results.map((r) => r.fullMs.median));
  const report = {
    benchmark: 'newsletter-render', date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadavgBefore, loadavgAfter: loadavg(),
    rendersPerCampaign: renders, warmup, targetMedianMs: 50, worstFullMedianMs: worst, meetsTarget: worst < 50, campaigns: results,
  };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const file = join(ROOT, 'bench/results', `newsletter-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`worst median (full, warm): ${worst} ms — target < 50 ms: ${worst < 50 ? 'met' : 'NOT met'} (load average ${loadavgBefore.map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} CPUs)\n${file}`);
}

await main();
