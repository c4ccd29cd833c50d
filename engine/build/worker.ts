// A render worker: holds one tenant's build context, resolves and renders the pages of each task
// and writes them (HTML and _payload.json) into the staging folder. Stages 3–4 (and the page part
// of 5) run here, so both cores render while the main thread streams bodies from the store.
import { parentPort } from 'node:worker_threads';
import { deserialize } from 'node:v8';
import type { ChromeView } from '../../site/model';
import { buildChrome } from './chrome';
import { crawlerFiles, writeEmitted } from './crawler';
import { renderPage } from './render';
import {
  createResolveContext, hasPage, resolveContentPage, resolveListingPage, resolveNotFoundPage, resolvePrintPage,
  resolveShellPages, type ResolveContext,
} from './resolve';
import { sanitizeBody } from './sanitize';
import type { FromWorker, TaskResult, TenantSetup, ToWorker, WorkerTask } from './worker-protocol';
import { FileWriter } from './writer';
import type { PageView } from '../../site/model';

interface State { ctx: ResolveContext; chrome: ChromeView; writer: FileWriter }
let state: State | null = null;

function setup(s: TenantSetup): State {
  return { ctx: createResolveContext(s.index), chrome: buildChrome(s.index, s.css), writer: new FileWriter(s.root) };
}

function emitPage(st: State, page: PageView, out: TaskResult): void {
  const r = renderPage(page, st.chrome);
  const before = st.writer.bytes;
  st.writer.write(r.htmlFile, r.html);
  out.files += 1;
  if (r.payloadFile && r.payload) {
    st.writer.write(r.payloadFile, r.payload);
    out.files += 1;
  }
  out.bytes += st.writer.bytes - before;
  if (page.kind !== 'not-found') out.pages.push(page.path);
}

/** Runs one task; exported for tests that render without threads. */
export function runTask(st: State, task: WorkerTask): TaskResult {
  const out: TaskResult = { pages: [], files: 0, bytes: 0 };
  if (task.type === 'content') {
    for (const { id, body } of task.items) {
      const c = st.ctx.contentById.get(id);
      if (!c || !hasPage(c)) continue;
      const clean = sanitizeBody(body);
      const page = resolveContentPage(st.ctx, c, clean);
      emitPage(st, page, out);
      emitPage(st, resolvePrintPage(st.ctx, c, clean, page), out);
    }
  } else if (task.type === 'listing') {
    const section = task.sectionId === null ? null : st.ctx.sectionById.get(task.sectionId) ?? null;
    if (task.sectionId !== null && !section) return out;
    const to = task.to ?? task.from;
    for (let n = task.from; n <= to; n++) {
      const { page, pages } = resolveListingPage(st.ctx, section, n);
      if (task.to === null) out.listingPages = pages;
      if (n > pages) break;
      emitPage(st, page, out);
    }
  } else if (task.type === 'crawler') {
    const before = { files: st.writer.files, bytes: st.writer.bytes };
    const crawler = crawlerFiles(st.ctx.index);
    writeEmitted(st.writer, crawler.files);
    out.files += st.writer.files - before.files;
    out.bytes += st.writer.bytes - before.bytes;
    out.routeRules = crawler.routeRules;
    out.warnings = crawler.warnings;
  } else {
    for (const page of resolveShellPages(st.ctx)) emitPage(st, page, out);
    emitPage(st, resolveNotFoundPage(st.ctx), out);
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
