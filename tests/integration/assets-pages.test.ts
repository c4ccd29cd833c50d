// Uploaded images on built pages (issue 16): an article showing a media library image gets a
// <picture> with AVIF and WebP <source srcset sizes> and an <img> with width/height and the focal
// point as object-position; teasers of it offer only the candidates and `sizes` of their list
// display (no 1200/1600-wide files, which are for the article column); the build copies exactly the derivatives pages reference (an unused
// upload's files are not published), and the output still validates.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { startApi, type Harness } from './api-harness';

let h: Harness;
let dir: string;
let out: string;
let used: Record<string, any>;
let unused: Record<string, any>;
const ARTICLE = 10_010_001;

const jpeg = async (r: number) => (await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r, g: 90, b: 30 } } }).jpeg().toBuffer()).toString('base64');

async function walk(d: string): Promise<string[]> {
  const entries = await readdir(d, { withFileTypes: true });
  return (await Promise.all(entries.map((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)])))).flat();
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mh-assets-pages-'));
  out = await mkdtemp(join(tmpdir(), 'mh-assets-out-'));
  h = await startApi({ assets: { dir, maxBytes: 5 * 1024 * 1024 } });
  const create = async (r: number, meta: Record<string, unknown>) => {
    const res = await h.op('createAsset', { input: { dataBase64: await jpeg(r), name: `p${r}.jpg`, meta } }, { as: 'alphaEditor' });
    expect(res.error).toBeUndefined();
    return res.data.createAsset as Record<string, any>;
  };
  used = await create(10, { alt: 'Gantry cranes over a quay', focalX: 0.2, focalY: 0.3 });
  unused = await create(200, { alt: 'Not on any page' });
  const set = await h.gql('mutation($id: Int!, $input: ContentInput!) { updateContent(id: $id, input: $input) { id } }',
    { id: ARTICLE, input: { imageIds: [used.id], primaryImageId: used.id } }, { as: 'alphaEditor' });
  expect(set.error).toBeUndefined();
  await runBuild(h.store, { outDir: out, tenants: ['alpha'], workers: 1, originTemplate: 'http://{key}.localhost', clientDir: null, assetsDir: dir });
}, 120_000);
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
  await rm(out, { recursive: true, force: true });
});

describe('media library images in the build', () => {
  it('renders the article image as <picture> with AVIF/WebP sources, srcset, sizes, width/height and the focal point', async () => {
    const files = await walk(join(out, 'alpha'));
    const page = files.find((f) => f.includes(String(ARTICLE)) && f.endsWith('index.html'));
    expect(page).toBeDefined();
    const doc = parseDocument(await readFile(page!, 'utf8'));
    const img = DomUtils.findOne((e) => e.name === 'img' && e.attribs.alt === 'Gantry cranes over a quay', doc.children) as Element | null;
    expect(img).not.toBeNull();
    const picture = img!.parent as Element;
    expect(picture.name).toBe('picture');
    const sources = DomUtils.getElementsByTagName('source', picture);
    expect(sources.map((s) => s.attribs.type)).toEqual(['image/avif', 'image/webp']);
    for (const s of sources) {
      expect(s.attribs.srcset).toMatch(/^\/media\/alpha\/[0-9a-f]{20}-480\.(avif|webp) 480w, .+ 960w, .+ 1200w$/);
      expect(s.attribs.sizes).toBe('(min-width: 1000px) 960px, 100vw');
    }
    expect(img!.attribs).toMatchObject({ width: '1200', height: '800' });
    expect(img!.attribs.src).toMatch(/^\/media\/alpha\/[0-9a-f]{20}-1200\.jpg$/);
    expect(img!.attribs.srcset).toContain('480w');
    expect(img!.attribs.style).toMatch(/object-position:\s*20% 30%/);
  });

  it('teasers offer only teaser-sized candidates with their list display\'s sizes, keeping width/height and the focal point', async () => {
    // The article is a card on the home page and a list item on its author's page.
    const teaser = async (rel: string, display: string) => {
      const doc = parseDocument(await readFile(join(out, 'alpha', rel), 'utf8'));
      const li = DomUtils.findOne((e) => e.name === 'li' && e.attribs['data-content-id'] === String(ARTICLE), doc.children) as Element | null;
      expect(li?.attribs.class).toBe(`item item-${display}`);
      const picture = DomUtils.findOne((e) => e.name === 'picture', li!.children) as Element;
      const widths = (srcset: string) => srcset.split(', ').map((c) => Number(/ (\d+)w$/.exec(c)![1]));
      return { picture, sources: DomUtils.getElementsByTagName('source', picture), img: DomUtils.getElementsByTagName('img', picture)[0]!, widths };
    };
    const card = await teaser('index.html', 'cards');
    expect(card.sources.map((s) => s.attribs.type)).toEqual(['image/avif', 'image/webp']);
    for (const s of card.sources) {
      expect(card.widths(s.attribs.srcset!)).toEqual([480, 960]);
      expect(s.attribs.sizes).toBe('(min-width: 1000px) 400px, (min-width: 600px) 50vw, 100vw');
    }
    // No JPEG srcset on the fallback <img>: browsers that read srcset take an AVIF/WebP source.
    expect(card.img.attribs.srcset).toBeUndefined();
    expect(card.img.attribs.src).toMatch(/^\/media\/alpha\/[0-9a-f]{20}-960\.jpg$/);
    expect(card.img.attribs).toMatchObject({ width: '960', height: '640' });
    expect(card.img.attribs.style).toMatch(/object-position:\s*20% 30%/);

    const author = (await walk(join(out, 'alpha', 'author'))).find((f) => f.endsWith('index.html') && f.includes('rosa-delgado'));
    const item = await teaser(author!.slice(join(out, 'alpha').length + 1), 'list');
    for (const s of item.sources) {
      expect(item.widths(s.attribs.srcset!)).toEqual([480]);
      expect(s.attribs.sizes).toBe('160px');
    }
    expect(item.img.attribs).toMatchObject({ width: '960', height: '640' });
    expect(item.img.attribs.style).toMatch(/object-position:\s*20% 30%/);
  });

  it('copies exactly the referenced derivatives: every file the page names exists, the unused upload is not published', async () => {
    const published = (await readdir(join(out, 'alpha', 'media', 'alpha'))).sort();
    expect(published).toEqual(used.derivatives.map((d: { file: string }) => d.file).sort());
    for (const d of unused.derivatives as { file: string }[]) expect(published).not.toContain(d.file);
    expect(published).not.toContain(used.original);
  });
});
