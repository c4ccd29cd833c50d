// Summarises V8 CPU profiles (node --cpu-prof) of a build by part: each sample's self time goes to
// the part of its function (by name and source file), so the table says where the CPU went:
// React's server renderer, sanitize-html, JSON, hashing, fs calls, GC, idle and the build's own code.
// The profiles of one process (main thread and each worker) are summed; --per-file lists each too.
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bin/masthead.js --db <db> --json build --full --no-precompress --out /dev/shm/x
//   npx tsx bench/profile-summary.ts /tmp/prof [--workers-only | --main-only] [--per-file]
//
// --workers-only keeps the render workers' profiles (those whose functions include the worker's
// runTask), --main-only the others (the main thread). A thread's idle time is part of its total.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

interface Node { id: number; callFrame: { functionName: string; url: string }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[] }

/** The part a function belongs to; first match wins. */
const PARTS: [string, (fn: string, url: string) => boolean][] = [
  ['idle', (fn) => fn === '(idle)'],
  ['GC', (fn) => fn === '(garbage collector)'],
  ['React server render', (_fn, url) => url.includes('react-dom') || url.includes('/react/') || url.includes('react-jsx')],
  ['sanitize-html (+ htmlparser2)', (_fn, url) => /sanitize-html|htmlparser2|domhandler|entities|parse-srcset|postcss/.test(url)],
  // Native fs bindings have no URL: mkdir, open, writeBuffer, close, link…
  ['fs calls', (fn, url) => url.startsWith('node:fs') || (url === '' && /^(mkdir|open|close|writeBuffer|writeString|writeFileUtf8|link|lstat|stat|rename|unlink|readFileUtf8|rmSync|fsync)$/.test(fn))],
  ['SHA-1 / hashing', (fn, url) => url.includes('crypto')],
  ['UTF-8 encode (Buffer write/from)', (fn, url) => url === 'node:buffer' || url.includes('internal/buffer') || /utf8Write|byteLength/.test(fn)],
  ['payload JSON (stringify + escape)', (fn) => /^(stringify|escapeJsonForHtml|payloadOf)$/.test(fn)],
  ['worker messages (postMessage, deserialize)', (fn, url) => fn === 'postMessage' || url === 'node:v8' || url.includes('worker_threads')],
  ['Node internals / program', (fn, url) => fn === '(program)' || url.startsWith('node:')],
  ['store reads (sqlite)', (_fn, url) => /better-sqlite3|sqlite3|drizzle/.test(url)],
  ['Masthead resolve + emit (own code)', () => true],
];

function summarise(p: Profile): Map<string, number> {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const parts = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const part = PARTS.find(([, test]) => test(n.callFrame.functionName, n.callFrame.url))![0];
    parts.set(part, (parts.get(part) ?? 0) + us);
  }
  return parts;
}

const isWorker = (p: Profile) => p.nodes.some((n) => n.callFrame.functionName === 'runTask');

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'workers-only': { type: 'boolean', default: false }, 'main-only': { type: 'boolean', default: false }, 'per-file': { type: 'boolean', default: false } } });
const dir = positionals[0];
if (!dir) throw new Error('usage: profile-summary.ts <profile folder> [--workers-only | --main-only] [--per-file]');
const total = new Map<string, number>();
for (const f of readdirSync(dir).filter((x) => x.endsWith('.cpuprofile')).sort()) {
  const p = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Profile;
  const worker = isWorker(p);
  if ((values['workers-only'] && !worker) || (values['main-only'] && worker)) continue;
  const parts = summarise(p);
  const sum = [...parts.values()].reduce((a, b) => a + b, 0);
  if (values['per-file']) process.stdout.write(`${f} (${worker ? 'worker' : 'main'}): ${(sum / 1e6).toFixed(1)} s\n`);
  for (const [k, v] of parts) total.set(k, (total.get(k) ?? 0) + v);
}
const sum = [...total.values()].reduce((a, b) => a + b, 0);
process.stdout.write(`| part | CPU | share |\n|---|---|---|\n`);
for (const [k, v] of [...total].sort((a, b) => b[1] - a[1])) process.stdout.write(`| ${k} | ${(v / 1e6).toFixed(1)} s | ${((100 * v) / sum).toFixed(0)}% |\n`);
process.stdout.write(`| total | ${(sum / 1e6).toFixed(1)} s | |\n`);
