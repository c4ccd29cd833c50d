// A render worker: holds one tenant's build context, resolves and renders the pages of each task
// and writes them (HTML and _payload.json) into the staging folder. Stages 3–4 (and the page part
// of 5) run here, so both cores render while the main thread streams bodies from the store.
import { parentPort } from 'node:worker_threads';
import { deserialize } from 'node:v8';
import type { ChromeView } from '../../../site/model';
import { buildChrome } from '../stages/chrome';
import { crawlerFiles, writeEmitted } from '../stages/crawler';
import { BuildCaches } from '../caches';
import { digest } from '../deps';
import { authorPages, contentPages, listingPages, magazineGroups, magazinePages, shellPages, type PageOut } from '../stages/emit-pages';
import { createResolveContext, type ResolveContext } from '../stages/resolve';
import type { FromWorker, TaskResult, TenantSetup, ToWorker, WorkerTask } from './worker-protocol';
import { FileWriter } from '../stages/writer';
import { compressFileSync } from '../stages/precompress';

interface State { ctx: ResolveContext; chrome: ChromeView; writer: FileWriter }
let state: State | null = null;

function setup(s: TenantSetup): State {
  return { ctx: createResolveContext(s.index, new BuildCaches()), chrome: buildChrome(s.index, s.css, s.client ?? null), writer: new FileWriter(s.root, s.writer ?? {}) };
}

function write(st: State, pages: PageOut[], out: TaskResult): void {
  for (const p of pages) {
    const before = st.writer.bytes;
    for (const f of p.files) st.writer.write(f.path, f.body);
    out.files += p.files.length;
    out.bytes += st.writer.bytes - before;
    if (p.listed) out.pages.push(p.path);
    (out.outputs ??= []).push({ path: p.path, grp: p.grp, hash: p.hash, deps: p.deps });
  }
}

/** Runs one task; exported for tests that render without threads. */
export function runTask(st: State, task: WorkerTask): TaskResult {
  const out: TaskResult = { pages: [], files: 0, bytes: 0 };
  if (task.type === 'content') {
    for (const { id, body } of task.items) {
      const c = st.ctx.contentById.get(id);
      if (c) write(st, contentPages(st.ctx, st.chrome, c, body), out);
    }
  } else if (task.type === 'listing') {
    const section = task.sectionId === null ? null : st.ctx.sectionById.get(task.sectionId) ?? null;
    if (task.sectionId !== null && !section) return out;
    const r = listingPages(st.ctx, st.chrome, section, task.from, task.to);
    if (task.to === null) out.listingPages = r.count;
    write(st, r.pages, out);
  } else if (task.type === 'crawler') {
    const before = { files: st.writer.files, bytes: st.writer.bytes };
    const crawler = crawlerFiles(st.ctx.index);
    writeEmitted(st.writer, crawler.files);
    out.files += st.writer.files - before.files;
    out.bytes += st.writer.bytes - before.bytes;
    out.routeRules = crawler.routeRules;
    out.warnings = crawler.warnings;
    out.outputs = crawler.files.map((f) => ({ path: f.path, grp: 'crawler', hash: digest(f.body), deps: [] }));
  } else if (task.type === 'shells') {
    write(st, shellPages(st.ctx, st.chrome), out);
    write(st, authorPages(st.ctx, st.chrome), out);
    // the magazine's publication and issue pages (few per tenant) go with the shells
    for (const grp of magazineGroups(st.ctx)) write(st, magazinePages(st.ctx, st.chrome, grp), out);
  }
  return out;
}

export { setup as setupWorkerState };

const port = parentPort;
if (port) {
  const send = (m: FromWorker) => port.postMessage(m);
  port.on('message', (msg: ToWorker) => {
    try {
      if (msg.type === 'tenant') {
        state = null;
        state = setup(deserialize(msg.setup) as TenantSetup);
        send({ type: 'ready' });
      } else if (msg.type === 'reset') {
        state = null;
        send({ type: 'ready' });
      } else if (msg.task.type === 'compress') {
        const started = performance.now();
        const result: TaskResult = { pages: [], files: 0, bytes: 0, compressed: 0, changed: 0 };
        for (const rel of msg.task.files) {
          const r = compressFileSync(msg.task.root, rel);
          if (r === 'done') result.compressed! += 1; else if (r === 'changed') result.changed! += 1;
        }
        result.busyMs = performance.now() - started;
        send({ type: 'done', id: msg.id, result });
      } else {
        if (!state) throw new Error('No tenant set up in this worker');
        const started = performance.now();
        const result = runTask(state, msg.task);
        result.busyMs = performance.now() - started;
        send({ type: 'done', id: msg.id, result });
      }
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      send({ type: 'failed', id: msg.type === 'task' ? msg.id : null, message: err.message, stack: err.stack });
    }
  });
  send({ type: 'ready' });
}
