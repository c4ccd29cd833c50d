// The build's progress view on a terminal (build-progress.ts mounts it on the first event): one
// row per tenant with pages done/total, pages/s and ETA, and the last warnings.
import React from 'react';
import { Box, Text, render, type Instance } from 'ink';
import { fmt, type Row } from './build-rows';

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

/** Mounts the view on `stream`; `snapshot` gives the rows and lines at each render. */
export function mountBuildView(stream: NodeJS.WriteStream, snapshot: () => { rows: Row[]; lines: string[] }): { rerender(): void; unmount(): void } {
  const view = () => <BuildView {...snapshot()} now={performance.now()} />;
  const ink: Instance = render(view(), { stdout: stream, patchConsole: false });
  return { rerender: () => ink.rerender(view()), unmount: () => ink.unmount() };
}
