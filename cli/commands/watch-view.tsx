// The Ink view of `masthead watch` (commands/watch.ts): the watched folders and recent rebuilds.
// Its own module so that React and Ink load only when `watch` runs.
import React from 'react';
import { Box, Text } from 'ink';

export interface RebuildEntry {
  at: number;
  /** What changed, e.g. "fixtures/demo/tenants/freightwise/content/x.json" or "3 files". */
  trigger: string;
  state: 'running' | 'done' | 'failed';
  /** Per tenant: mode and pages written. */
  tenants: { key: string; mode: string; pages: number }[];
  ms: number | null;
  error: string | null;
}

const time = (ms: number) => new Date(ms).toISOString().slice(11, 19);

export function WatchView({ watching, entries }: { watching: string[]; entries: RebuildEntry[] }) {
  return (
    <Box flexDirection="column">
      <Text color="gray">Watching {watching.join(', ')} — Ctrl+C to stop</Text>
      {entries.length === 0 ? <Text color="gray">No rebuilds yet.</Text> : null}
      {entries.map((e, i) => (
        // One Text per rebuild, so a long line wraps as a line (not column by column).
        <Text key={`${e.at}-${i}`}>
          <Text color="gray">{time(e.at)}</Text>{' '}
          <Text color={e.state === 'failed' ? 'red' : e.state === 'done' ? 'green' : 'cyan'}>{e.state.padEnd(7)}</Text>{' '}
          {e.trigger}{' '}
          <Text color="gray">
            {e.error ?? e.tenants.map((t) => `${t.key}: ${t.mode}${t.mode === 'unchanged' ? '' : `, ${t.pages} pages`}`).join('; ')}
            {e.ms !== null ? ` (${(e.ms / 1000).toFixed(1)} s)` : ''}
          </Text>
        </Text>
      ))}
    </Box>
  );
}
