// Fixture photos through the media pipeline (issue 35): after a seed, `deriveFixtureImages` (what
// `masthead demo` runs) gives a fixture JPEG the AVIF, WebP and JPEG derivatives an upload gets, so
// a build with the assets folder puts <picture> sources on its pages and publishes every file they
// name; a second run finds nothing changed, and a changed photo is derived again. Fixture PDFs pass
// the upload's check (issue 41): one that only starts like a PDF, or runs script, is refused.
// `masthead seed` does the same into MASTHEAD_ASSETS_DIR unless told --no-photos.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { deriveFixtureImages } from '../../engine/fixtures/media';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { CLI_RUNNERS } from '../helpers/cli';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

const DEMO_PHOTO = join(process.cwd(), 'fixtures', 'demo', 'images', 'freightwise', 'photo-port-dusk.jpg');

let store: Store;
let fixtures: string;
let assetsDir: string;
const base = 1000;

beforeAll(async () => {
  const alpha = tenantFixture('alpha', base);
  alpha.assets.push({ id: base + 21, file: 'images/alpha/port.jpg', alt: 'A port at dusk', width: 1200, height: 630 });
  for (const c of alpha.content) { c.imageIds = [base + 21]; c.primaryImageId = base + 21; }
  fixtures = writeFixtureSet([alpha]);
  copyFileSync(DEMO_PHOTO, join(fixtures, 'images', 'alpha', 'port.jpg'));
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, fixtures);
  assetsDir = join(mkdtempSync(join(tmpdir(), 'masthead-photos-')), 'assets');
}, 120_000);

afterAll(async () => { await store?.close(); });

describe('fixture photos get derivatives', () => {
  it('derives each raster fixture once, and a build publishes AVIF and WebP sources with every file they name', async () => {
    const first = await deriveFixtureImages(store, assetsDir);
    expect(first.derived).toBe(1); // the JPEG; the SVGs need none
    expect((await deriveFixtureImages(store, assetsDir)).derived).toBe(0);

    const out = mkdtempSync(join(tmpdir(), 'masthead-photos-out-'));
    await runBuild(store, { outDir: out, originTemplate: 'https://{domain}', workers: 1, precompress: 'none', assetsDir });
    const site = join(out, 'alpha');
    const home = load(readFileSync(join(site, 'index.html'), 'utf8'));
    const picture = home('picture').filter((_, p) => home(p).find('source[type="image/avif"]').length > 0).first();
    expect(picture.length).toBe(1);
    const files = ['image/avif', 'image/webp'].flatMap((type) => (picture.find(`source[type="${type}"]`).attr('srcset') ?? '').split(',').map((s) => s.trim().split(' ')[0]!));
    expect(files.some((f) => f.endsWith('.avif')) && files.some((f) => f.endsWith('.webp'))).toBe(true);
    for (const f of files) {
      expect(existsSync(join(site, f)), f).toBe(true);
      expect((await sharp(join(site, f)).metadata()).width).toBeGreaterThan(0);
    }
  }, 240_000);

  it('derives a photo again when the seed brings new bytes', async () => {
    const flipped = await sharp(DEMO_PHOTO).flop().jpeg().toBuffer();
    writeFileSync(join(fixtures, 'images', 'alpha', 'port.jpg'), flipped);
    await seedFixtures(store, fixtures);
    expect((await deriveFixtureImages(store, assetsDir)).derived).toBe(1);
  }, 120_000);
});

describe('masthead seed', () => {
  it('derives the fixture photos into MASTHEAD_ASSETS_DIR, once, and --no-photos skips them', async () => {
    const db = tempDbPath();
    const dir = join(mkdtempSync(join(tmpdir(), 'masthead-seed-photos-')), 'assets');
    const seed = async (...extra: string[]) => {
      const r = await CLI_RUNNERS[0]!.run(['--db', db, '--json', 'seed', fixtures, ...extra], { MASTHEAD_ASSETS_DIR: dir });
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { photos: { assetsDir: string; derived: number; unchanged: number } | null };
    };
    expect((await seed('--no-photos')).photos).toBeNull();
    expect(existsSync(dir)).toBe(false);
    const first = await seed();
    expect(first.photos).toMatchObject({ assetsDir: dir, derived: 1, unchanged: 0 });
    expect(readdirSync(join(dir, 'alpha')).map((f) => f.split('.').pop()).sort()).toEqual(expect.arrayContaining(['avif', 'jpg', 'webp']));
    expect((await seed()).photos).toMatchObject({ derived: 0, unchanged: 1 });
  }, 120_000);
});

describe('fixture documents', () => {
  it('refuses a PDF that only starts like one, naming file, record and field, and writes nothing', async () => {
    const alpha = tenantFixture('alpha', base);
    (alpha.assets as unknown[]).push({ id: base + 22, file: 'files/alpha/guide.pdf', alt: 'Guide' });
    const dir = writeFixtureSet([alpha]);
    mkdirSync(join(dir, 'files', 'alpha'), { recursive: true });
    writeFileSync(join(dir, 'files', 'alpha', 'guide.pdf'), '%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF\n');
    const other = await openStore({ path: tempDbPath() });
    try {
      await expect(seedFixtures(other, dir)).rejects.toThrow(/tenants\/alpha\/assets\.json: .*file: Not a PDF to publish: files\/alpha\/guide\.pdf \(/);
      expect(await other.all('select id from assets')).toEqual([]);
    } finally {
      await other.close();
    }
  }, 60_000);
});
