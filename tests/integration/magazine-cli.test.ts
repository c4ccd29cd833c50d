// `masthead magazine export`: the zip on disk holds a manifest, one parsing ICML file per placed
// story and the story images; an issue id of another tenant is refused and writes no file.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_RUNNERS, ensureCompiledCli } from '../helpers/cli';
import { openStore } from '../../engine/store/connection';
import { setIssuePlacements, upsertMagazineSection } from '../../engine/store/queries/magazine';
import { upsertIssue, upsertPublication } from '../../engine/store/queries/newsletters';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';


const db = tempDbPath();
const dir = mkdtempSync(join(tmpdir(), 'masthead-mag-cli-'));

beforeAll(ensureCompiledCli, 180_000);
beforeAll(async () => {
  expect((await CLI_RUNNERS[0]!.run(['--db', db, 'seed', writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)])])).code).toBe(0);
  const store = await openStore({ path: db });
  await store.transaction(async (tx) => {
    await upsertPublication(tx, 'alpha', { id: 5, name: 'Alpha Monthly', subscribeUrl: null });
    await upsertIssue(tx, 'alpha', { id: 50, publicationId: 5, name: 'November 2026', description: '', issueDate: Date.parse('2026-11-01T00:00:00Z'), coverImage: null, digitalEditionUrl: null });
    await upsertMagazineSection(tx, 'alpha', { id: 500, publicationId: 5, name: 'Features', position: 0 });
    await setIssuePlacements(tx, 'alpha', 50, [{ sectionId: 500, contentId: 10_010_001 }, { sectionId: 500, contentId: 10_010_004 }]);
  });
  await store.close();
}, 60_000);

// The TypeScript sources and the compiled CLI (dist/cli, what bin/masthead.js runs) pass the same tests.
describe.each(CLI_RUNNERS)('masthead magazine export ($name CLI)', (cli) => {
  const run = (...args: string[]) => cli.run(args);
  it('writes the issue\'s print package: a manifest, parsing ICML per story, the images', async () => {
    const file = join(dir, `nov-${cli.name}.zip`);
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
    const file = join(dir, `beta-${cli.name}.zip`);
    const r = await run('--db', db, 'magazine', 'export', '50', '--tenant', 'beta', '--out', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown issue 50 of tenant beta/);
    expect(existsSync(file)).toBe(false);
  });
});
