// Micro-benchmark of the render worker's page work, in one thread, without the pool, the store
// reads or the writes: a corpus tenant's content groups (page + print view, sanitising, resolve,
// render, payloads, encoding, hashing: engine/build/stages/emit-pages.ts contentPages) and its
// listing pages, timed with the string renderers on and off (site/document.ts setStringRenderers:
// off is React for every <main>). Modes alternate round by round, so a busy machine weighs on both.
// Prints CPU µs per content group and per listing page, and the load average.
//
//   npx tsx bench/render-pages.ts --corpus /tmp/peer-corpus-5k [--items 2000] [--rounds 5]
//
// The corpus is bench/corpus.ts prepareCorpus's (npm run bench:peer -- --corpus <dir> makes one).
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '../engine/store/connection';
import { listTenants, streamContentBodies } from '../engine/store/site-reader';
import { load } from '../engine/build/stages/load';
import { buildChrome } from '../engine/build/stages/chrome';
import { createResolveContext } from '../engine/build/stages/resolve';
import { allListingPages, contentPages } from '../engine/build/stages/emit-pages';
import { hasPage } from '../engine/build/stages/pages';
import { setStringRenderers } from '../site/document';

const { values } = parseArgs({ options: { corpus: { type: 'string' }, items: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '5' } } });
if (!values.corpus) throw new Error('--corpus <dir> is required (a folder made by bench/corpus.ts prepareCorpus)');
const items = Number(values.items);
const rounds = Number(values.rounds);
if (!Number.isInteger(items) || items < 1) throw new Error(`--items must be a whole number ≥ 1 (got "${values.items}")`);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a whole number ≥ 1 (got "${values.rounds}")`);

const store = await openStore({ path: join(values.corpus, 'db.sqlite') });
const tenant = (await listTenants(store))[0]!;
const { index } = await load(store, tenant.tenantKey, { now: Date.now() });
const ctx = createResolveContext(index);
// One chrome per mode: the per-tenant caches (list items) hang on it, so neither mode reuses the other's.
const chromes = { react: buildChrome(index, { href: '/assets/site.css', integrity: 'sha384-x' }), string: buildChrome(index, { href: '/assets/site.css', integrity: 'sha384-x' }) };
let chrome = chromes.react;
const ids = index.content.filter(hasPage).slice(0, items).map((c) => c.id);
const bodies: { id: number; body: string }[] = [];
for await (const chunk of streamContentBodies(store, tenant.tenantKey, ids, 400)) bodies.push(...chunk);
await store.close();
const sections = [null, ...index.sections];

const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
function time(run: () => number): { cpuMs: number; n: number } {
  const before = cpuMs();
  const n = run();
  return { cpuMs: cpuMs() - before, n };
}
const content = () => { for (const { id, body } of bodies) contentPages(ctx, chrome, ctx.contentById.get(id)!, body); return bodies.length; };
const listings = () => sections.reduce((n, s) => n + allListingPages(ctx, chrome, s).length, 0);

const modes = { react: false, string: true } as const;
const results: Record<string, { content: number[]; listing: number[] }> = { react: { content: [], listing: [] }, string: { content: [], listing: [] } };
const loads: number[] = [];
for (let r = 0; r <= rounds; r++) {
  for (const [name, on] of r % 2 ? Object.entries(modes).reverse() : Object.entries(modes)) {
    setStringRenderers(on);
    chrome = chromes[name as keyof typeof chromes];
    const c = time(content);
    const l = time(listings);
    // Round 0 warms the JIT and the per-tenant caches; it is not counted.
    if (r === 0) continue;
    results[name]!.content.push((c.cpuMs * 1000) / c.n);
    results[name]!.listing.push((l.cpuMs * 1000) / l.n);
  }
  loads.push(loadavg()[0]!);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const report = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, { contentGroupUs: Math.round(median(v.content)), listingPageUs: Math.round(median(v.listing)) }]));
process.stdout.write(`${JSON.stringify({ tenant: tenant.tenantKey, items: bodies.length, listingSections: sections.length, rounds, load: loads.map((l) => l.toFixed(2)), ...report }, null, 1)}\n`);
