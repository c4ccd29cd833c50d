// Issue 24: a bad export stops with the file position and the record named, and leaves nothing
// half-written (the batch rolls back); an interrupted import continues after its last committed
// batch; the CLI prints a dry run and saves the report as JSON.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_RUNNERS, ensureCompiledCli } from '../helpers/cli';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { runImport } from '../../engine/import/run';
import { reportLines } from '../../engine/import/report';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { importWorld, snapshot, type ImportWorld } from './import-helpers';

let store: Store;
let db: string;
let world: ImportWorld;
let wxrText: string;
let ghostText: string;

beforeAll(ensureCompiledCli, 180_000);
beforeAll(async () => {
  world = await importWorld();
  db = tempDbPath();
  store = await openStore({ path: db });
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)], []));
  wxrText = readFileSync(world.wxr, 'utf8');
  ghostText = readFileSync(world.ghost, 'utf8');
}, 60_000);
afterAll(async () => {
  await store?.close();
  await world?.close();
});

const variant = (name: string, text: string) => { const f = join(world.dir, name); writeFileSync(f, text); return f; };
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
const wp = (file: string, extra: Partial<Parameters<typeof runImport>[1]> = {}) => runImport(store, { source: 'wordpress', file, tenantKey: 'alpha', mediaDir: world.mediaDir, fetchTimeoutMs: 2000, ...extra });

/** Runs `fn`, expects it to throw, and checks nothing was written. */
async function failsWithoutWriting(fn: () => Promise<unknown>): Promise<string> {
  const before = await snapshot((s) => store.all(s));
  const error = await fn().then(() => null, (e: Error) => e);
  expect(error).toBeInstanceOf(Error);
  expect(await snapshot((s) => store.all(s))).toBe(before);
  return error!.message;
}

describe('bad WordPress exports stop with the position and the record, writing nothing', () => {
  it('a truncated file', async () => {
    const cut = wxrText.slice(0, wxrText.indexOf('<wp:post_id>11</wp:post_id>') + 30);
    const file = variant('truncated.xml', cut);
    const message = await failsWithoutWriting(() => wp(file));
    expect(message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: `));
    expect(message).toContain('malformed XML');
  });

  it('a malformed file names the record it stopped in and the line', async () => {
    const file = variant('malformed.xml', wxrText.replace('<wp:post_name><![CDATA[about]]></wp:post_name>', '<wp:post_name><![CDATA[about]]></wp:post_nam>'));
    const message = await failsWithoutWriting(() => wp(file));
    expect(message).toContain(`:${lineOf(wxrText, '<wp:post_name><![CDATA[about]]>')}:`);
    expect(message).toContain('<item> "About us" (id 13)');
  });

  it('an unknown WXR version', async () => {
    const file = variant('version.xml', wxrText.replace('<wp:wxr_version>1.2</wp:wxr_version>', '<wp:wxr_version>1.9</wp:wxr_version>'));
    expect(await failsWithoutWriting(() => wp(file))).toContain('unknown WXR version "1.9" (1.0, 1.1 and 1.2 are read)');
  });

  it('a file that is not XML at all (an HTML page) is refused before anything is written', async () => {
    const file = variant('page.html', '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Blog</title></head><body><p>Hello<br></body></html>');
    expect(await failsWithoutWriting(() => wp(file))).toMatch(/not a WordPress export: (the root element is <html>|the file is not XML)/);
    const json = variant('export.json', '{"db":[]}');
    expect(await failsWithoutWriting(() => wp(json))).toContain('not a WordPress export: the file is not XML');
  });
});

describe('one bad item never aborts the run (issue 36)', () => {
  it('an impossible date: the item is skipped and named with its line, the rest imports; the fixed file imports it and changes nothing else', async () => {
    await seedFixtures(store, writeFixtureSet([tenantFixture('epsilon', 500)], []));
    const file = variant('date.xml', wxrText.replace('<wp:post_date_gmt><![CDATA[2024-03-01 10:00:00]]>', '<wp:post_date_gmt><![CDATA[2024-13-45 10:00:00]]>'));
    const r = await wp(file, { tenantKey: 'epsilon', batchSize: 2 });
    const itemLine = wxrText.slice(0, wxrText.indexOf('<title><![CDATA[Hello block editor]]>')).split('\n').length - 1;
    expect(r.skipped).toContainEqual({ record: '<item> "Hello block editor" (id 10)', reason: 'wp:post_date_gmt is not a date: "2024-13-45 10:00:00"', line: itemLine });
    expect(reportLines(r)).toContain(`    <item> "Hello block editor" (id 10), line ${itemLine}: wp:post_date_gmt is not a date: "2024-13-45 10:00:00"`);
    expect(r.counts.created.content).toBe(3);
    const ids = async () => (await store.all<{ id: string }>(`SELECT json_extract(metadata, '$.import.id') AS id FROM content WHERE tenant_key = 'epsilon' AND json_extract(metadata, '$.import.id') IS NOT NULL ORDER BY 1`)).map((x) => x.id);
    expect(await ids()).toEqual(['11', '12', '13']);
    const others = await store.all(`SELECT * FROM content WHERE tenant_key = 'epsilon' ORDER BY id`);

    const fixed = await wp(world.wxr, { tenantKey: 'epsilon', batchSize: 2 });
    expect(fixed.counts.created.content).toBe(1);
    expect(fixed.counts.updated.content).toBe(0);
    expect(fixed.counts.unchanged.content).toBe(3);
    expect(fixed.skipped.map((x) => x.reason)).toEqual(['in the trash']);
    expect(await ids()).toEqual(['10', '11', '12', '13']);
    const after = await store.all<{ id: number }>(`SELECT * FROM content WHERE tenant_key = 'epsilon' ORDER BY id`);
    expect(after.filter((row) => others.some((o) => (o as { id: number }).id === row.id))).toEqual(others);
  });

  it('an item the mapping refuses (an unknown status) is skipped; the rest of its batch and the next batches import', async () => {
    const file = variant('status.xml', wxrText.replace('<wp:status><![CDATA[draft]]></wp:status>', '<wp:status><![CDATA[sideways]]></wp:status>'));
    const r = await wp(file, { tenantKey: 'beta', batchSize: 2 });
    const itemLine = wxrText.slice(0, wxrText.lastIndexOf('<item>', wxrText.indexOf('<wp:post_id>12</wp:post_id>'))).split('\n').length;
    expect(r.skipped).toContainEqual({ record: 'post "Rates & routes: a draft" (id 12)', reason: 'status: unknown status "sideways"', line: itemLine });
    const imported = await store.all<{ id: string }>(`SELECT json_extract(metadata, '$.import.id') AS id FROM content WHERE tenant_key = 'beta' AND json_extract(metadata, '$.import.id') IS NOT NULL ORDER BY 1`);
    expect(imported.map((x) => x.id)).toEqual(['10', '11', '13']);
  });
});

describe('WXR versions', () => {
  it('a WXR 1.1 export (namespace http://wordpress.org/export/1.1/) reads the same as 1.2', async () => {
    const file = variant('v11.xml', wxrText.replaceAll('http://wordpress.org/export/1.2/', 'http://wordpress.org/export/1.1/').replace('<wp:wxr_version>1.2<', '<wp:wxr_version>1.1<'));
    const r = await wp(file, { dryRun: true });
    expect(r.version).toBe('1.1');
    expect(r.counts.created).toMatchObject({ content: 4, section: 5, person: 2, taxonomy: 2 });
  });

  it('a file that is not a WordPress export', async () => {
    const file = variant('feed.xml', '<?xml version="1.0"?><rss version="2.0"><channel><title>Just a feed</title></channel></rss>');
    expect(await failsWithoutWriting(() => wp(file))).toContain('no <wp:wxr_version>: not a WordPress export (WXR 1.0, 1.1 or 1.2)');
  });
});

describe('bad Ghost exports', () => {
  const ghost = (file: string) => runImport(store, { source: 'ghost', file, tenantKey: 'alpha', mediaDir: world.mediaDir });
  it('a Ghost 4 export (mobiledoc, no lexical) reads the same as Ghost 5', async () => {
    const v4 = JSON.parse(ghostText.replace('"version": "5.80.0"', '"version": "4.48.9"'));
    for (const p of v4.db[0].data.posts) { delete p.lexical; p.mobiledoc ??= '{"version":"0.3.1","atoms":[],"cards":[],"markups":[],"sections":[]}'; }
    const r = await runImport(store, { source: 'ghost', file: variant('g-v4.json', JSON.stringify(v4)), tenantKey: 'alpha', mediaDir: world.mediaDir, dryRun: true });
    expect(r.version).toBe('4.48.9');
    expect(r.counts.created).toMatchObject({ content: 3, person: 2, taxonomy: 2, redirect: 2 });
  });
  it('an unknown version', async () => {
    const file = variant('g-version.json', ghostText.replace('"version": "5.80.0"', '"version": "2.38.2"'));
    expect(await failsWithoutWriting(() => ghost(file))).toContain('at db[0].meta.version: unknown Ghost export version "2.38.2" (Ghost 3, 4 and 5 exports are read)');
  });
  it('a truncated file', async () => {
    const file = variant('g-cut.json', ghostText.slice(0, 900));
    expect(await failsWithoutWriting(() => ghost(file))).toMatch(/g-cut\.json:\d+:\d+: malformed or truncated JSON|g-cut\.json:\d+:\d+: malformed JSON/);
  });
  it('an impossible date: the post is skipped and named by its JSON path, the others import', async () => {
    const file = variant('g-date.json', ghostText.replace('"published_at": "2024-03-05T10:00:00.000Z"', '"published_at": "the day after"'));
    const r = await runImport(store, { source: 'ghost', file, tenantKey: 'alpha', mediaDir: world.mediaDir, dryRun: true });
    expect(r.skipped).toEqual([{ record: 'posts[0] "Ghost of the quay" (id 65f0a1b2c3d4e5f601234567)', reason: 'published_at is not a date: "the day after"', path: 'db[0].data.posts[0].published_at' }]);
    expect(reportLines(r)).toContain('    posts[0] "Ghost of the quay" (id 65f0a1b2c3d4e5f601234567) at db[0].data.posts[0].published_at: published_at is not a date: "the day after"');
    expect(r.counts.created.content).toBe(2);
  });
  it('a file that is not JSON is refused before anything is written', async () => {
    expect(await failsWithoutWriting(() => ghost(world.wxr))).toContain('not a Ghost export: the file is not JSON');
  });
});

describe('re-importing a changed export', () => {
  it('updates the changed post in place, re-points its redirect, and removes the redirect of a post no longer published', async () => {
    await seedFixtures(store, writeFixtureSet([tenantFixture('delta', 400)], []));
    const opts = { tenantKey: 'delta' };
    await wp(world.wxr, opts);
    const redirectOf = async (from: string) => (await store.all<{ to_path: string }>(`SELECT to_path FROM redirects WHERE tenant_key = 'delta' AND from_path = ?`, [from]))[0]?.to_path;
    const before = await redirectOf('/2024/03/hello-block-editor');
    expect(before).toMatch(/\/hello-block-editor$/);

    const renamed = variant('renamed.xml', wxrText.replace('<wp:post_name><![CDATA[hello-block-editor]]>', '<wp:post_name><![CDATA[hello-again]]>').replace('<wp:post_name><![CDATA[about]]></wp:post_name>\n\t\t<wp:status><![CDATA[publish]]>', '<wp:post_name><![CDATA[about]]></wp:post_name>\n\t\t<wp:status><![CDATA[draft]]>'));
    const r = await wp(renamed, opts);
    expect(r.counts.updated.content).toBe(2);
    expect(r.counts.created.content).toBe(0);
    expect(await redirectOf('/2024/03/hello-block-editor')).toBe(before!.replace(/hello-block-editor$/, 'hello-again'));
    expect(await redirectOf('/about')).toBeUndefined();
    expect(r.warnings['redirect-removed']).toBe(1);
    const [page] = await store.all<{ status: number }>(`SELECT status FROM content WHERE tenant_key = 'delta' AND type = 'Page'`);
    expect(page!.status).toBe(2);
  });
});

describe('resuming and the CLI', () => {
  it('an interrupted import continues after its last committed batch', async () => {
    const crash = new Error('power cut');
    const first = await runImport(store, {
      source: 'ghost', file: world.ghost, tenantKey: 'beta', mediaDir: world.mediaDir, batchSize: 1,
      onBatchCommitted: (n) => { if (n === 2) throw crash; },
    }).then(() => null, (e: Error) => e);
    expect(first).toBe(crash);
    const resumed = await runImport(store, { source: 'ghost', file: world.ghost, tenantKey: 'beta', mediaDir: world.mediaDir, batchSize: 1 });
    expect(resumed.resumedAfterBatch).toBe(2);
    expect(resumed.counts.created.content + resumed.counts.unchanged.content + resumed.counts.updated.content).toBe(1); // only the third post was read again
    const rows = await store.all<{ n: number }>(`SELECT count(*) AS n FROM content WHERE tenant_key = 'beta' AND json_extract(metadata, '$.import.source') = 'ghost'`);
    expect(rows[0]!.n).toBe(3);
    const again = await runImport(store, { source: 'ghost', file: world.ghost, tenantKey: 'beta', mediaDir: world.mediaDir, batchSize: 1 });
    expect(again.resumedAfterBatch).toBe(0);
    expect(again.counts.unchanged.content).toBe(3);
  });

  it('an id another writer took during the import stops the batch before it could overwrite that row; the next run continues', async () => {
    await seedFixtures(store, writeFixtureSet([tenantFixture('gamma', 300)], []));
    const editor = async () => {
      const [row] = await store.all<{ id: number }>('SELECT max(id) + 1 AS id FROM content');
      await store.run(`INSERT INTO content (id, tenant_key, type, name, slug, primary_section_id, labels, metadata) VALUES (?, 'gamma', 'Article', 'Written by an editor', 'by-an-editor', 301, '[]', '{}')`, [row!.id]);
      return row!.id;
    };
    let editorId = 0;
    const error = await runImport(store, {
      source: 'ghost', file: world.ghost, tenantKey: 'gamma', mediaDir: world.mediaDir, batchSize: 1,
      onBatchCommitted: async (n) => { if (n === 1) editorId = await editor(); },
    }).then(() => null, (e: Error) => e);
    expect(error?.message).toMatch(/^id: content id \d{8} was taken by another writer during the import; nothing of this batch was written/);
    const [row] = await store.all<{ name: string }>('SELECT name FROM content WHERE id = ?', [editorId]);
    expect(row!.name).toBe('Written by an editor');
    const done = await runImport(store, { source: 'ghost', file: world.ghost, tenantKey: 'gamma', mediaDir: world.mediaDir, batchSize: 1 });
    expect(done.resumedAfterBatch).toBe(1);
    const rows = await store.all<{ n: number }>(`SELECT count(*) AS n FROM content WHERE tenant_key = 'gamma' AND json_extract(metadata, '$.import.source') = 'ghost'`);
    expect(rows[0]!.n).toBe(3);
  });

  // The TypeScript sources and the compiled CLI (dist/cli, what bin/masthead.js runs) pass the same test.
  it.each(CLI_RUNNERS)('masthead import wordpress --dry-run prints the plan and saves the JSON report; an unknown tenant is refused ($name CLI)', async (cli) => {
    const reportFile = join(world.dir, `report-${cli.name}.json`);
    const r = await cli.run(['--db', db, 'import', 'wordpress', world.wxr, '--tenant', 'alpha', '--media', world.mediaDir, '--dry-run', '--report', reportFile]);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('error'))).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('create section "Shipping" /news/markets/shipping');
    expect(r.stdout).toContain('Dry run of wordpress export');
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    expect(report).toMatchObject({ dryRun: true, tenant: 'alpha', version: '1.2' });
    expect(report.skipped).toEqual([{ record: 'post "Thrown away" (id 14)', reason: 'in the trash', line: lineOf(wxrText, '<title><![CDATA[Thrown away]]>') - 1 }]);
    expect(report.notImported).toEqual({ nav_menu_item: 1, comment: 1 });
    expect(r.stdout).toContain('not imported  comment 1, nav_menu_item 1');

    const unknown = await cli.run(['--db', db, 'import', 'ghost', world.ghost, '--tenant', 'nosuch']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('tenant: no tenant with the key "nosuch"');
  });
});
