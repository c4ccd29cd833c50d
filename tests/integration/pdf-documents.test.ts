// Issue 41 (item 6): an upload that only starts like a PDF (a %PDF- line, then HTML and script) is
// refused naming `file`, with nothing stored; `masthead serve` sends a published .pdf with a sandbox
// CSP and shows it inline only when a PDF parser reads it, else as a download.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../cli/serve/site-server';
import { startApi, type Harness } from './api-harness';

const POLYGLOT = Buffer.from('%PDF-1.7\n<html><body><script>fetch("/graphql",{credentials:"include"})</script></body></html>\n%%EOF\n', 'latin1');

async function realPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 12 });
  return Buffer.from(await doc.save());
}

/** A real PDF whose catalogue runs an action on open: indirect (in an object stream) or direct. */
async function activePdf(action: 'JavaScript' | 'Launch', direct: boolean): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText('Open me', { x: 20, y: 100, size: 12 });
  const dict = action === 'JavaScript'
    ? doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hi")') })
    : doc.context.obj({ Type: 'Action', S: 'Launch', F: PDFString.of('calc.exe') });
  doc.catalog.set(PDFName.of('OpenAction'), direct ? dict : doc.context.register(dict));
  return Buffer.from(await doc.save());
}

describe('PDF uploads', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mh-pdf-upload-'));
    h = await startApi({ assets: { dir, maxBytes: 1024 * 1024 } });
  });
  afterAll(async () => {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  const upload = (bytes: Buffer) => h.op('createAsset', { input: { dataBase64: bytes.toString('base64'), name: 'rates.pdf', contentType: 'application/pdf' } }, { as: 'alphaEditor' });

  it('refuses a file that starts with %PDF- but is HTML, naming the field, and stores nothing', async () => {
    const before = [await h.count('assets'), (await readdir(join(dir, 'alpha')).catch(() => [])).length];
    for (const bytes of [POLYGLOT, (await realPdf('cut short')).subarray(0, 200)]) {
      const r = await upload(bytes);
      expect(r.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'file' });
      expect(r.error?.message).toMatch(/^file: the file starts like a PDF but is not one/);
    }
    expect([await h.count('assets'), (await readdir(join(dir, 'alpha')).catch(() => [])).length]).toEqual(before);
  });

  it('refuses a real PDF that runs JavaScript or a launch action on open, naming the field, and stores nothing', async () => {
    const before = await h.count('assets');
    for (const [action, direct] of [['JavaScript', false], ['JavaScript', true], ['Launch', false]] as const) {
      const r = await upload(await activePdf(action, direct));
      expect(r.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'file' });
      expect(r.error?.message).toMatch(action === 'JavaScript' ? /^file: the PDF is refused: it contains JavaScript/ : /^file: the PDF is refused: it contains a launch action/);
    }
    expect(await h.count('assets')).toBe(before);
  });

  it('accepts a PDF that a PDF parser reads', async () => {
    const r = await upload(await realPdf('Rate outlook'));
    expect(r.error).toBeUndefined();
    expect(r.data.createAsset).toMatchObject({ mimeType: 'application/pdf', width: 0, height: 0 });
  });
});

describe('published PDFs in masthead serve', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const out = mkdtempSync(join(tmpdir(), 'mh-pdf-serve-'));
    mkdirSync(join(out, 'alpha', 'builds'), { recursive: true });
    mkdirSync(join(out, 'alpha', 'media', 'alpha'), { recursive: true });
    writeFileSync(join(out, 'alpha', 'builds', 'latest.json'), '{}');
    writeFileSync(join(out, 'alpha', 'media', 'alpha', 'outlook.pdf'), await realPdf('Rate outlook'));
    writeFileSync(join(out, 'alpha', 'media', 'alpha', 'fake.pdf'), POLYGLOT);
    app = createSiteServer({ outDir: out });
  });
  afterAll(async () => { await app.close(); });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'alpha.localhost:4000' } });

  it('shows a PDF that parses inline, in a sandbox, as application/pdf', async () => {
    const res = await get('/media/alpha/outlook.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1);
  });

  it('sends a file that only starts like a PDF as a download, in the same sandbox', async () => {
    const res = await get('/media/alpha/fake.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});
