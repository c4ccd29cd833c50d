// SLOW — RUNS REAL LIGHTHOUSE: Lighthouse 12 (its command line, in a child process) with Debian's
// Chromium (/usr/bin/chromium, or CHROMIUM_PATH) against one small page served on loopback,
// through the measurer the page speed runs use (engine/services/reports/page-speed.ts). About 10–30 s on a quiet machine; the limit is 90 s.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lighthouseMeasurer } from '../../engine/services/reports/page-speed';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Port volumes rise</title><meta name="description" content="A short article about port volumes for the page speed test."></head>
<body><main><h1>Port volumes rise</h1><p>Container volumes at the port rose for the third month running, operators said.</p>
<p><a href="/markets">More market news</a></p></main></body></html>`;

let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/' || req.url === '/markets') { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(PAGE); return; }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('Lighthouse measurer (real Lighthouse run)', () => {
  it('scores a small accessible page in every category, with LCP and CLS', async () => {
    const m = await lighthouseMeasurer();
    try {
      const s = await m.measure(`${origin}/`, 'desktop');
      for (const k of ['performance', 'accessibility', 'bestPractices', 'seo'] as const) {
        expect(s[k]).toBeGreaterThanOrEqual(0);
        expect(s[k]).toBeLessThanOrEqual(100);
      }
      // A plain page with a title, language, headings and a described link: full marks where load plays no part.
      expect(s.accessibility).toBe(100);
      expect(s.cls).toBe(0);
      expect(s.lcpMs).toBeGreaterThan(0);
    } finally {
      await m.close();
    }
  }, 90_000);
});
