// A reader always gets one whole version of a page while a rebuild renames new versions over it
// (issue 40): the site server opens a file once and sends its length and bytes from that open
// file (cli/serve/send-file.ts). Over real HTTP on loopback, clients fetch a page and its brotli
// sibling while a writer renames another version over both as fast as it can; every answer must
// have its full Content-Length and be byte for byte one of the versions (the brotli one decoding
// to one of them). Sent by stat-then-reopen, some answers stopped short of their length (the
// client hung) or mixed one version's length with another's bytes.
import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { get as httpGet, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSiteServer } from '../../cli/serve/site-server';

let out: string;
let app: FastifyInstance;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** Two versions of one page, of different lengths, each with its brotli sibling. */
const page = (word: string, n: number) => `<!doctype html><html><head><title>${word}</title></head><body>${`<p>${word} ${'x'.repeat(40)}</p>\n`.repeat(n)}</body></html>`;
const VERSIONS = [page('first', 6000), page('second', 4500)].map((html) => ({
  html: Buffer.from(html),
  br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
}));

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'masthead-torn-'));
  const root = join(out, 'alpha');
  mkdirSync(join(root, 'builds', 'meta'), { recursive: true });
  mkdirSync(join(root, 'story'), { recursive: true });
  writeFileSync(join(root, 'builds', 'meta', 'b1.json'), JSON.stringify({ id: 'b1', routeRules: {}, prerendered: ['/story'] }));
  writeFileSync(join(root, 'builds', 'latest.json'), JSON.stringify({ id: 'b1', timestamp: 1 }));
  writeFileSync(join(root, 'story', 'index.html'), VERSIONS[0]!.html);
  writeFileSync(join(root, 'story', 'index.html.br'), VERSIONS[0]!.br);
  app = createSiteServer({ outDir: out });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  agent.destroy();
  await app?.close();
});

interface Answer { status: number; length: number; encoding: string | undefined; body: Buffer; complete: boolean }

/** One GET; an answer that stops short of its length shows as incomplete (the socket is dropped after 5 s of silence). */
function fetchPage(br: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpGet({ host: '127.0.0.1', port, path: '/story/', agent, headers: { host: 'alpha.localhost', 'accept-encoding': br ? 'br' : 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const done = (complete: boolean) => resolve({
        status: res.statusCode ?? 0, length: Number(res.headers['content-length']), encoding: res.headers['content-encoding'], body: Buffer.concat(chunks), complete,
      });
      res.on('end', () => done(res.complete));
      res.on('aborted', () => done(false));
      res.on('error', () => done(false));
    });
    req.setTimeout(5_000, () => req.destroy());
    req.on('error', reject);
  });
}

describe('pages rewritten while readers fetch them', () => {
  it('sends every reader one whole version, plain or brotli, never a torn one', async () => {
    const root = join(out, 'alpha', 'story');
    let writing = true;
    let renames = 0;
    // The incremental builder's way of writing (live-writes.ts): a temporary file, renamed over the live one.
    const writer = (async () => {
      while (writing) {
        const v = VERSIONS[renames % 2]!;
        writeFileSync(join(root, 'index.html.tmp'), v.html);
        renameSync(join(root, 'index.html.tmp'), join(root, 'index.html'));
        writeFileSync(join(root, 'index.html.br.tmp'), v.br);
        renameSync(join(root, 'index.html.br.tmp'), join(root, 'index.html.br'));
        renames += 1;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const answers: Answer[] = [];
    const clients = Array.from({ length: 12 }, async (_, c) => {
      for (let i = 0; i < 40; i++) answers.push(await fetchPage((c + i) % 2 === 0).catch(() => ({ status: 0, length: 0, encoding: undefined, body: Buffer.alloc(0), complete: false })));
    });
    await Promise.all(clients);
    writing = false;
    await writer;
    expect(renames).toBeGreaterThan(50);
    expect(answers).toHaveLength(480);
    const plain = new Set(VERSIONS.map((v) => v.html.toString('latin1')));
    const bad: string[] = [];
    for (const a of answers) {
      if (a.status !== 200 || !a.complete || a.body.length !== a.length) { bad.push(`status ${a.status}, ${a.body.length} of ${a.length} bytes, complete ${a.complete}`); continue; }
      let html: Buffer;
      try {
        html = a.encoding === 'br' ? brotliDecompressSync(a.body) : a.body;
      } catch (e) {
        bad.push(`broken ${a.encoding} stream: ${(e as Error).message}`);
        continue;
      }
      if (!plain.has(html.toString('latin1'))) bad.push(`${a.encoding ?? 'identity'}: ${html.length} bytes that are neither version`);
    }
    expect(bad).toEqual([]);
    expect(answers.filter((a) => a.encoding === 'br').length).toBe(240);
  }, 120_000);
});

describe('validators and ranges of the file sender', () => {
  const inject = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/story/', headers: { host: 'alpha.localhost', ...headers } });

  it('answers a matching ETag or an unchanged Last-Modified with 304, and a changed file with 200', async () => {
    const first = await inject({ 'accept-encoding': 'identity' });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect((await inject({ 'if-none-match': etag })).statusCode).toBe(304);
    expect((await inject({ 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);
    expect((await inject({ 'if-none-match': 'W/"0-0"' })).statusCode).toBe(200);
  });

  it('sends one byte range of an unencoded file, and 416 for a range past its end', async () => {
    const whole = await inject({ 'accept-encoding': 'identity' });
    const part = await inject({ 'accept-encoding': 'identity', range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);
    const past = await inject({ 'accept-encoding': 'identity', range: `bytes=${whole.rawPayload.length + 5}-` });
    expect(past.statusCode).toBe(416);
    // Ranges apply to the bytes sent: an encoded answer is always whole.
    expect((await inject({ 'accept-encoding': 'br', range: 'bytes=10-19' })).statusCode).toBe(200);
  });
});
