// Build progress: on a terminal an Ink view with one row per tenant (pages done/total, pages/s,
// ETA); otherwise plain lines, at most one per tenant a second. Fed by runBuild's events.
import React from 'react';
import { Box, Text, render, type Instance } from 'ink';
import type { BuildEvent } from '../../engine/build/index';

export interface Row { key: string; done: number; total: number; startedAt: number | null; finishedMs: number | null }

const fmt = (n: number) => n.toLocaleString('en-US');

function TenantRow({ row, now }: { row: Row; now: number }) {
  const elapsed = row.startedAt === null ? 0 : ((row.finishedMs ?? now - row.startedAt) / 1000);
  const rate = elapsed > 0 ? row.done / elapsed : 0;
  const eta = rate > 0 && row.finishedMs === null ? Math.max(0, Math.round((row.total - row.done) / rate)) : null;
  const pct = row.total ? Math.min(100, Math.round((row.done / row.total) * 100)) : 0;
  const width = 24;
  const filled = Math.round((pct / 100) * width);
  const state = row.finishedMs !== null ? 'done' : row.startedAt === null ? 'waiting' : 'building';
  return (
    <Box gap={1}>
      <Text color={state === 'done' ? 'green' : 'cyan'}>{row.key.padEnd(14)}</Text>
      <Text>{'█'.repeat(filled)}{'░'.repeat(width - filled)}</Text>
      <Text>{fmt(row.done)}/{fmt(row.total)} pages</Text>
      <Text color="gray">{fmt(Math.round(rate))} pages/s</Text>
      <Text color="gray">{state === 'done' ? `done in ${elapsed.toFixed(1)}s` : eta !== null ? `ETA ${eta}s` : state}</Text>
    </Box>
  );
}

export function BuildView({ rows, lines, now }: { rows: Row[]; lines: string[]; now: number }) {
  return (
    <Box flexDirection="column">
      {lines.map((l, i) => <Text key={i} color="yellow">{l}</Text>)}
      {rows.map((r) => <TenantRow key={r.key} row={r} now={now} />)}
    </Box>
  );
}

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
    return row;
  };
  if (!opts.tty) {
    const last = new Map<string, number>();
    return {
      onEvent(e) {
        const row = update(e);
        if (e.type === 'plan') stream.write(`build ${e.buildId}: ${e.tenants.length} tenant(s), ${e.workers} render worker(s)\n`);
        if (e.type === 'warning') stream.write(`warning ${e.key}: ${e.message}\n`);
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
  const view = () => <BuildView rows={[...rows.values()]} lines={lines.slice(-6)} now={performance.now()} />;
  let ink: Instance | undefined = render(view(), { stdout: stream, patchConsole: false });
  let pending = false;
  return {
    onEvent(e) {
      update(e);
      if (pending || !ink) return;
      pending = true;
      setTimeout(() => { pending = false; ink?.rerender(view()); }, 100).unref();
    },
    stop() {
      ink?.rerender(view());
      ink?.unmount();
      ink = undefined;
    },
  };
}
