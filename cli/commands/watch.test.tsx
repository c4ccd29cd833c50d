// The watch view: recent rebuilds with what triggered them and what each tenant did.
import React from 'react';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { WatchView, type RebuildEntry } from './watch-view';

const at = Date.UTC(2026, 10, 22, 4, 30, 5);

describe('WatchView', () => {
  it('lists recent rebuilds: trigger, state, mode and pages per tenant, duration and errors', () => {
    const entries: RebuildEntry[] = [
      { at, trigger: 'fixtures/demo/tenants/freightwise/menus.json', state: 'done', tenants: [{ key: 'freightwise', mode: 'incremental', pages: 42 }, { key: 'plantpulse', mode: 'unchanged', pages: 0 }], ms: 1234, error: null },
      { at: at + 60_000, trigger: 'site/header.tsx', state: 'failed', tenants: [], ms: 800, error: 'build failed: Unexpected token' },
      { at: at + 120_000, trigger: '3 files', state: 'running', tenants: [], ms: null, error: null },
    ];
    const { lastFrame } = render(<WatchView watching={['templates', 'site', 'fixtures/demo']} entries={entries} />);
    // Lines wider than the test terminal wrap: compare with whitespace collapsed.
    const frame = (lastFrame() ?? '').replace(/\s+/g, ' ');
    expect(frame).toContain('Watching templates, site, fixtures/demo');
    expect(frame).toMatch(/04:30:05 done fixtures\/demo\/tenants\/freightwise\/menus\.json freightwise: incremental, 42 pages; plantpulse: unchanged \(1\.2 s\)/);
    expect(frame).toMatch(/04:31:05 failed site\/header\.tsx build failed: Unexpected token \(0\.8 s\)/);
    expect(frame).toMatch(/04:32:05 running 3 files/);
  });

  it('says so when nothing was rebuilt yet', () => {
    const { lastFrame } = render(<WatchView watching={['site']} entries={[]} />);
    expect(lastFrame()).toContain('No rebuilds yet.');
  });
});
