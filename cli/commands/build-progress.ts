// Build progress, fed by runBuild's events: on a terminal an Ink view with one row per tenant
// (build-view.tsx, loaded on the first event, so a build with nothing to do never loads Ink,
// React or the layout engine); otherwise plain lines, at most one per tenant a second.
import type { BuildEvent } from '../../engine/build/index';
import { fmt, type Row } from './build-rows';

export interface BuildProgress { onEvent(e: BuildEvent): void; stop(): void }

export function createBuildProgress(opts: { tty: boolean; quiet: boolean; stream?: NodeJS.WriteStream }): BuildProgress {
  const stream = opts.stream ?? process.stderr;
  if (opts.quiet) return { onEvent() {}, stop() {} };
  const rows = new Map<string, Row>();
  const lines: string[] = [];
  const update = (e: BuildEvent) => {
    if (e.type === 'plan') for (const k of e.tenants) rows.set(k, { key: k, done: 0, total: 0, startedAt: null, finishedMs: null });
    const row = 'key' in e ? rows.get(e.key) : undefined;
    if (e.type === 'tenant-start' && row) { row.startedAt = performance.now(); row.total = e.total; }
    if (e.type === 'progress' && row) { row.done = e.done; row.total = e.total; }
    if (e.type === 'tenant-done' && row) { row.done = e.summary.pages; row.total = e.summary.pages; row.finishedMs = e.summary.timings.total; }
    if (e.type === 'warning') lines.push(`warning ${e.key}: ${e.message}`);
    if (e.type === 'precompress' && e.total > 0) {
      const line = `${e.key}: live; compressing ${fmt(e.done)}/${fmt(e.total)} files (.br/.gz)`;
      const i = lines.findIndex((l) => l.startsWith(`${e.key}: live; compressing`));
      if (i >= 0) lines[i] = line; else lines.push(line);
    }
    if (e.type === 'precompress') return undefined;
    return row;
  };
  if (!opts.tty) {
    const last = new Map<string, number>();
    return {
      onEvent(e) {
        const row = update(e);
        if (e.type === 'plan') stream.write(`build ${e.buildId}: ${e.tenants.length} tenant(s), ${e.workers} render worker(s)\n`);
        if (e.type === 'warning') stream.write(`warning ${e.key}: ${e.message}\n`);
        if (e.type === 'precompress' && e.total > 0) {
          const now = performance.now();
          if (e.done !== e.total && now - (last.get(`pc:${e.key}`) ?? 0) < 1000) return;
          last.set(`pc:${e.key}`, now);
          stream.write(`${e.key}: live; compressing ${fmt(e.done)}/${fmt(e.total)} files (.br/.gz)\n`);
        }
        if (!row) return;
        const now = performance.now();
        if (e.type === 'progress' && now - (last.get(row.key) ?? 0) < 1000) return;
        last.set(row.key, now);
        if (e.type === 'tenant-done') stream.write(`${row.key}: ${fmt(row.done)} pages in ${(e.summary.timings.total / 1000).toFixed(1)} s\n`);
        else if (e.type === 'progress' || e.type === 'tenant-start') stream.write(`${row.key}: ${fmt(row.done)}/${fmt(row.total)} pages\n`);
      },
      stop() {},
    };
  }
  // The Ink view: mounted once its module has loaded; events before that only update the rows.
  let view: { rerender(): void; unmount(): void } | undefined;
  let stopped = false;
  let loading: Promise<void> | undefined;
  let pending = false;
  const snapshot = () => ({ rows: [...rows.values()], lines: lines.slice(-6) });
  return {
    onEvent(e) {
      update(e);
      loading ??= import('./build-view').then(({ mountBuildView }) => {
        if (!stopped) view = mountBuildView(stream, snapshot);
      });
      if (pending || !view) return;
      pending = true;
      setTimeout(() => { pending = false; view?.rerender(); }, 100).unref();
    },
    stop() {
      stopped = true;
      view?.rerender();
      view?.unmount();
      view = undefined;
    },
  };
}
