// Progress for long work: an Ink view on a terminal, plain log lines (at most one a second) otherwise.
import React from 'react';
import { Box, Text, render, type Instance } from 'ink';

export interface ProgressState { label: string; done: number; total?: number | undefined; detail?: string | undefined }
export interface Progress {
  update(state: ProgressState): void;
  log(line: string): void;
  stop(): void;
}

function rate(done: number, startedAt: number) {
  const s = (performance.now() - startedAt) / 1000;
  return s > 0 ? done / s : 0;
}

function ProgressView({ state, startedAt, lines }: { state: ProgressState; startedAt: number; lines: string[] }) {
  const r = rate(state.done, startedAt);
  const pct = state.total ? Math.min(100, Math.round((state.done / state.total) * 100)) : undefined;
  const eta = state.total && r > 0 ? Math.max(0, Math.round((state.total - state.done) / r)) : undefined;
  const width = 30;
  const filled = pct !== undefined ? Math.round((pct / 100) * width) : 0;
  return (
    <Box flexDirection="column">
      {lines.map((l, i) => <Text key={i} color="gray">{l}</Text>)}
      <Box gap={1}>
        <Text color="cyan">{state.label}</Text>
        {pct !== undefined && <Text>{'█'.repeat(filled)}{'░'.repeat(width - filled)} {pct}%</Text>}
        <Text>{state.done.toLocaleString('en-US')}{state.total ? `/${state.total.toLocaleString('en-US')}` : ''}</Text>
        <Text color="gray">{Math.round(r).toLocaleString('en-US')}/s{eta !== undefined ? ` · ETA ${eta}s` : ''}</Text>
        {state.detail && <Text color="gray">{state.detail}</Text>}
      </Box>
    </Box>
  );
}

export function createProgress(opts: { tty: boolean; quiet?: boolean; stream?: NodeJS.WriteStream }): Progress {
  const stream = opts.stream ?? process.stderr;
  const startedAt = performance.now();
  if (opts.quiet) return { update() {}, log() {}, stop() {} };
  if (!opts.tty) {
    let last = 0;
    let lastLabel = '';
    return {
      update(s) {
        const now = performance.now();
        if (s.label === lastLabel && now - last < 1000) return;
        last = now;
        lastLabel = s.label;
        stream.write(`${s.label}: ${s.done.toLocaleString('en-US')}${s.total ? `/${s.total.toLocaleString('en-US')}` : ''}${s.detail ? ` ${s.detail}` : ''}\n`);
      },
      log: (line) => void stream.write(`${line}\n`),
      stop() {},
    };
  }
  let state: ProgressState = { label: 'starting', done: 0 };
  const lines: string[] = [];
  let ink: Instance | undefined = render(<ProgressView state={state} startedAt={startedAt} lines={lines} />, { stdout: stream, patchConsole: false });
  let pending = false;
  const redraw = () => {
    if (pending || !ink) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      ink?.rerender(<ProgressView state={state} startedAt={startedAt} lines={[...lines]} />);
    }, 100).unref();
  };
  return {
    update(s) { state = s; redraw(); },
    log(line) { lines.push(line); if (lines.length > 8) lines.shift(); redraw(); },
    stop() {
      ink?.rerender(<ProgressView state={state} startedAt={startedAt} lines={[...lines]} />);
      ink?.unmount();
      ink = undefined;
    },
  };
}
