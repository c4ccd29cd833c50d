// Content sidebars (issue 17) as the build loads them: content.metadata.sidebars (HTML bodies or
// { body } objects) become the item's sanitised sidebars — scripts and handlers removed, empty ones
// left out — and the content page shows them in the content sidebars block.
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load as cheerio } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { load } from '../../engine/build/stages/load';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { pageProblems } from './build-quality';

const NOW = Date.parse('2026-11-02T15:00:00Z');
const ID = 10_000_000 + 100 * 100 + 2;
let store: Store;

beforeAll(async () => {
  const t = tenantFixture('alpha', 100);
  // A content layout shows the item's sidebars after its body.
  t.layouts.push({
    id: 171, name: 'Content', type: 'content',
    primaryGrid: { rows: [{ settings: { layout: '1' }, columns: [{ blocks: [{ id: 'body', type: 'content_body' }, { id: 'sidebars', type: 'content_sidebars', settings: { title: 'At a glance' } }] }] }] },
  } as never);
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, writeFixtureSet([t]));
  await store.run('UPDATE content SET metadata = ? WHERE id = ?', [JSON.stringify({ sidebars: ['<p onclick="x()">Fact <script>alert(1)</script>one</p>', { body: '<p>Fact two</p>' }, '  ', { nope: 1 }] }), ID]);
}, 60_000);
afterAll(async () => { await store?.close(); });

describe('content sidebars in the build', () => {
  it('loads metadata.sidebars sanitised, leaving out empty and malformed ones, and shows them on the item’s page', async () => {
    const { index } = await load(store, 'alpha', { now: NOW });
    const item = index.content.find((c) => c.id === ID)!;
    expect(item.sidebars).toEqual(['<p>Fact one</p>', '<p>Fact two</p>']);
    expect(index.content.find((c) => c.id === ID + 1)?.sidebars).toBeUndefined();
    const out = mkdtempSync(join(tmpdir(), 'mh-sidebars-'));
    await runBuild(store, { outDir: out, now: NOW, originTemplate: 'https://{key}.example', workers: 1, tenants: ['alpha'], clientDir: null } as Parameters<typeof runBuild>[1]);
    const site = realpathSync(join(out, 'alpha'));
    const file = join(item.path.replace(/^\//, ''), 'index.html');
    const $ = cheerio(readFileSync(join(site, file), 'utf8'));
    expect($('.block-sidebars .content-sidebar').toArray().map((a) => $(a).text())).toEqual(['Fact one', 'Fact two']);
    expect(await pageProblems(site, [file])).toEqual([]);
  });
});
