// A render worker that dies on one page (issue 40, "a worker thread crashing on one page"): the
// pool fails with an error that names what the dead worker was rendering, so the build reports
// the page and the tenant is not published (run-build publishes only after every task resolved).
// The workers here are a stand-in module speaking the pool's protocol, which dies on item 666.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerPool, describeTask } from './pool';

const dir = mkdtempSync(join(tmpdir(), 'masthead-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function standIn(onPoison: string): URL {
  const file = join(dir, `worker-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, `
import { parentPort } from 'node:worker_threads';
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', (m) => {
  if (m.type !== 'task') return parentPort.postMessage({ type: 'ready' });
  if (m.task.type === 'content' && m.task.items.some((i) => i.id === 666)) { ${onPoison} }
  setTimeout(() => parentPort.postMessage({ type: 'done', id: m.id, result: { pages: [], files: 0, bytes: 0 } }), 5);
});
`);
  return pathToFileURL(file);
}

const item = (id: number) => ({ id, body: '<p>x</p>' });

describe('render worker pool', () => {
  it.each([
    ['exits', 'process.exit(7);', /stopped unexpectedly \(exit code 7\) while rendering content items 665, 666/],
    ['throws outside a task', "setImmediate(() => { throw new Error('boom in the renderer'); }); return;", /boom in the renderer while rendering content items 665, 666/],
  ])('names the page a worker was rendering when it %s, and fails every later task', async (_, poison, message) => {
    const pool = new WorkerPool({ size: 1, perWorker: 4, bundle: standIn(poison) });
    try {
      const fine = await pool.run({ type: 'content', items: [item(1)] });
      expect(fine.pages).toEqual([]);
      const dying = pool.run({ type: 'content', items: [item(665), item(666)] });
      await expect(dying).rejects.toThrow(message);
      // The pool stays failed: nothing more is rendered for a tenant that will not be published.
      await expect(pool.run({ type: 'content', items: [item(2)] })).rejects.toThrow(message);
    } finally {
      await pool.close();
    }
  });

  it('describes each kind of task in words', () => {
    expect(describeTask({ type: 'content', items: [item(12)] })).toBe('content item 12');
    expect(describeTask({ type: 'listing', sectionId: 7, from: 2, to: 5 })).toBe('section 7 listing pages 2–5');
    expect(describeTask({ type: 'listing', sectionId: null, from: 1, to: null })).toBe('home page listing pages 1+');
    expect(describeTask({ type: 'listing', sectionId: 3, from: 4, to: 4 })).toBe('section 3 listing page 4');
    expect(describeTask({ type: 'crawler' })).toBe('the sitemaps, feeds and redirect files');
  });
});
