// `masthead build` from the command line: --json counts and timings, bad options named by field
// with nothing written, plain progress lines off a terminal, and the Ink view's per-tenant rows.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import React from 'react';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_RUNNERS, ensureCompiledCli } from '../helpers/cli';
import { BuildView } from '../../cli/commands/build-view';
import { createBuildProgress } from '../../cli/commands/build-progress';
import type { Store } from '../../engine/store/connection';
import { seedBuildSite } from './build-site-fixture';

let store: Store;
let dbPath: string;

beforeAll(ensureCompiledCli, 180_000);
beforeAll(async () => {
  ({ store, dbPath } = await seedBuildSite());
}, 120_000);

afterAll(async () => {
  await store?.close();
});

// The TypeScript sources and the compiled CLI (dist/cli, what bin/masthead.js runs) pass the same tests.
describe.each(CLI_RUNNERS)('masthead build ($name CLI)', (cli) => {
  const run = async (args: string[]) => {
    const r = await cli.run(['--db', dbPath, ...args]);
    return { code: r.code, out: r.stdout, err: r.stderr };
  };
  it('prints counts and timings as JSON with --json', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'masthead-cli-')), 'site');
    const r = await run(['build', '--json', '--out', dir, '--tenant', 'beta', '--workers', '1']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out) as { pages: number; wallMs: number; tenants: { key: string; pages: number; timings: Record<string, number> }[] };
    expect(s.tenants.map((t) => t.key)).toEqual(['beta']);
    expect(s.pages).toBeGreaterThan(20);
    expect(Object.keys(s.tenants[0]!.timings)).toEqual(['load', 'render', 'emit', 'publish', 'total']);
    expect(existsSync(join(dir, 'beta', 'index.html'))).toBe(true);
    expect(existsSync(join(dir, 'alpha'))).toBe(false);
  }, 120_000);

  it('names the bad option and writes nothing', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'masthead-cli-')), 'site');
    const unknown = await run(['build', '--out', dir, '--tenant', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('tenant: Unknown tenant "nope" (known: alpha, beta)');
    const origin = await run(['build', '--out', dir, '--origin-template', 'javascript:alert(1)']);
    // A bad setting is a usage error (exit 2), named by its flag before anything runs (cli/config).
    expect(origin.code).toBe(2);
    expect(origin.err).toContain('origin-template');
    expect(existsSync(dir)).toBe(false);
  });
});

describe('build progress', () => {
  it('prints plain lines off a terminal, progress at most once a second per tenant', () => {
    const stream = new PassThrough() as unknown as NodeJS.WriteStream;
    let text = '';
    (stream as unknown as PassThrough).on('data', (d: Buffer) => { text += d.toString(); });
    const p = createBuildProgress({ tty: false, quiet: false, stream });
    p.onEvent({ type: 'plan', buildId: 'b1', tenants: ['alpha'], workers: 2 });
    p.onEvent({ type: 'tenant-start', key: 'alpha', total: 10 });
    p.onEvent({ type: 'progress', key: 'alpha', done: 4, total: 10 });
    p.onEvent({ type: 'tenant-done', key: 'alpha', summary: { pages: 10, timings: { load: 1, render: 2, emit: 3, publish: 4, total: 1500 } } as never });
    p.stop();
    expect(text).toContain('build b1: 1 tenant(s), 2 render worker(s)');
    expect(text).toContain('alpha: 0/10 pages');
    expect(text).not.toContain('alpha: 4/10 pages');
    expect(text).toContain('alpha: 10 pages in 1.5 s');
  });

  it('on a terminal mounts the Ink view at the first event and shows its rows, and never mounts it without one', async () => {
    const capture = () => {
      const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 120, rows: 40 }) as unknown as NodeJS.WriteStream;
      const out = { text: '' };
      (stream as unknown as PassThrough).on('data', (d: Buffer) => { out.text += d.toString(); });
      return { stream, out };
    };
    const idle = capture();
    const quietRun = createBuildProgress({ tty: true, quiet: false, stream: idle.stream });
    await new Promise((ok) => setTimeout(ok, 50));
    quietRun.stop();
    expect(idle.out.text).toBe('');

    const busy = capture();
    const p = createBuildProgress({ tty: true, quiet: false, stream: busy.stream });
    p.onEvent({ type: 'plan', buildId: 'b1', tenants: ['alpha'], workers: 2 });
    p.onEvent({ type: 'tenant-start', key: 'alpha', total: 10 });
    // The view mounts once its module has loaded; under CI, Ink writes only the last frame, at stop.
    await import('../../cli/commands/build-view');
    await new Promise((ok) => setTimeout(ok, 100));
    p.stop();
    await expect.poll(() => busy.out.text, { timeout: 10_000 }).toMatch(/alpha\s.*0\/10 pages/);
  });

  it('shows one Ink row per tenant with pages done/total, pages/s and ETA', () => {
    const now = 10_000;
    const view = render(React.createElement(BuildView, {
      now,
      lines: [],
      rows: [
        { key: 'alpha', done: 500, total: 1000, startedAt: now - 5000, finishedMs: null },
        { key: 'beta', done: 0, total: 0, startedAt: null, finishedMs: null },
      ],
    }));
    const frame = view.lastFrame() ?? '';
    expect(frame).toMatch(/alpha\s.*500\/1,000 pages\s+100 pages\/s\s+ETA 5s/);
    expect(frame).toMatch(/beta\s.*0\/0 pages.*waiting/);
    view.unmount();
  });
});
