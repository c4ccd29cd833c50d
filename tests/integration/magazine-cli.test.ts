// `masthead magazine export`: the zip on disk holds a manifest, one parsing ICML file per placed
// story and the story images; an issue id of another tenant is refused and writes no file.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main';
import { openStore } from '../../engine/store/connection';
import { setIssuePlacements, upsertMagazineSection } from '../../engine/store/queries/magazine';
import { upsertIssue, upsertPublication } from '../../engine/store/queries/newsletters';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

async function run(...args: string[]) {
  let stdout = ''; let stderr = '';
  const sink = (add: (s: string) => void) => new Writable({ write(chunk, _e, cb) { add(String(chunk)); cb(); } });
  const code = await main(['node', 'masthead', ...args], { stdout: sink((s) => { stdout += s; }), stderr: sink((s) => { stderr += s; }) });
  return { code, stdout, stderr };
}

const db = tempDbPath();
const dir = mkdtempSync(join(tmpdir(), 'masthead-mag-cli-'));

beforeAll(async () => {
  expect((await run('--db', db, 'seed', writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)]))).code).toBe(0);
  const store = await openStore({ path: db });
  await store.transaction(async (tx) => {
    await upsertPublication(tx, 'alpha', { id: 5, name: 'Alpha Monthly', subscribeUrl: null });
    await upsertIssue(tx, 'alpha', { id: 50, publicationId: 5, name: 'November 2026', description: '', issueDate: Date.parse('2026-11-01T00:00:00Z'), coverImage: null, digitalEditionUrl: null });
    await upsertMagazineSection(tx, 'alpha', { id: 500, publicationId: 5, name: 'Features', position: 0 });
    await setIssuePlacements(tx, 'alpha', 50, [{ sectionId: 500, contentId: 10_010_001 }, { sectionId: 500, contentId: 10_010_004 }]);
  });
  await store.close();
}, 60_000);

describe('masthead magazine export', () => {
  it('writes the issue\'s print package: a manifest, parsing ICML per story, the images', async () => {
    const file = join(dir, 'nov.zip');
    const r = await run('--db', db, '--json', 'magazine', 'export', '50', '--tenant', 'alpha', '--out', file);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ issueId: 50, stories: 2 });
    const files = unzipSync(readFileSync(file));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    const stories = manifest.sections[0].stories as { contentId: number; file: string; images: { file: string }[] }[];
    expect(stories.map((s) => s.contentId)).toEqual([10_010_001, 10_010_004]);
    for (const s of stories) {
      const icml = strFromU8(files[s.file]!);
      expect(XMLValidator.validate(icml)).toBe(true);
      expect(icml).toContain(`Carriers adjust capacity on lane ${s.contentId - 10_010_000}</Content>`);
      for (const img of s.images) expect(files[img.file]?.byteLength).toBeGreaterThan(0);
    }
  });

  it('refuses an issue of another tenant and writes nothing', async () => {
    const file = join(dir, 'beta.zip');
    const r = await run('--db', db, 'magazine', 'export', '50', '--tenant', 'beta', '--out', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown issue 50 of tenant beta/);
    expect(existsSync(file)).toBe(false);
  });
});
