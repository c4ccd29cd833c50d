// The kind of an uploaded export, read from its first bytes or a zip's entries (engine/services/imports/detect.ts):
// every corpus file is recognised as its kind, other files are refused naming what they are, and a
// zip of an export with its media hands the importer the export and the uploads folder.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareExport, sniffText } from '../../engine/services/imports/detect';

const CORPUS = new URL('../../tests/fixtures/import/', import.meta.url);
let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'mh-detect-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

const corpus = (name: string) => new URL(name, CORPUS).pathname;

describe('sniffText', () => {
  it.each([
    ['wxr-1.0-wordpress-2.xml', 'wordpress'], ['wxr-namespaces.xml', 'wordpress'], ['wxr-latin1.xml', 'wordpress'],
    ['ghost-3-mobiledoc.json', 'ghost'], ['ghost-5-lexical.json', 'ghost'],
    ['ghost-members.csv', 'ghost-members'], ['ghost-members-4.csv', 'ghost-members'],
  ])('reads %s as %s', async (file, kind) => {
    expect(await sniffText(corpus(file))).toEqual({ kind });
  });

  it.each([
    ['not-an-export-feed.xml', /RSS feed/], ['not-an-export-sitemap.xml', /sitemap/], ['not-an-export.html', /HTML page/],
  ])('names what %s is instead', async (file, what) => {
    const s = await sniffText(corpus(file));
    expect('other' in s && s.other).toMatch(what);
  });
});

describe('prepareExport', () => {
  it('refuses a file of another kind than the chosen one, naming the file, the kind chosen and the kind found', async () => {
    await expect(prepareExport(corpus('ghost-members.csv'), 'members.csv', 'ghost'))
      .rejects.toThrow(/^file: "members\.csv" is not a Ghost JSON export: it is a Ghost members CSV/);
  });

  it('unpacks a zip of a WordPress export with its uploads: the export file and wp-content/uploads as the media folder', async () => {
    const wxr = await readFile(corpus('wxr-namespaces.xml'));
    const zip = join(dir, 'site.zip');
    await writeFile(zip, zipSync({ 'backup/export.xml': new Uint8Array(wxr), 'backup/wp-content/uploads/2020/01/crane.jpg': new Uint8Array([1, 2, 3]) }));
    const p = await prepareExport(zip, 'site.zip', 'auto');
    try {
      expect(p.kind).toBe('wordpress');
      expect(p.file.endsWith(join('backup', 'export.xml'))).toBe(true);
      expect(p.mediaDir?.endsWith(join('backup', 'wp-content', 'uploads'))).toBe(true);
    } finally {
      await p.cleanup();
    }
  });

  it('reads a zip with posts.csv as a Substack export, and refuses it as a Ghost export', async () => {
    const zip = join(dir, 'substack.zip');
    await writeFile(zip, zipSync({ 'posts.csv': new TextEncoder().encode('post_id,post_date,is_published,title\n1.a,2020-01-01,true,A\n') }));
    const p = await prepareExport(zip, 'substack.zip', 'substack');
    expect(p.kind).toBe('substack');
    await p.cleanup();
    await expect(prepareExport(zip, 'substack.zip', 'ghost')).rejects.toThrow(/"substack\.zip" is not a Ghost JSON export: it is a zip holding a Substack export/);
  });

  it('refuses a zip without an export in it', async () => {
    const zip = join(dir, 'photos.zip');
    await writeFile(zip, zipSync({ 'a.jpg': new Uint8Array([1]) }));
    await expect(prepareExport(zip, 'photos.zip', 'auto')).rejects.toThrow(/"photos\.zip" is a zip without an export in it/);
  });
});
