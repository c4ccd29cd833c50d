// /scripts/indesign.zip (issue 21): the API that `masthead serve` mounts answers, over real HTTP, a
// zip that unzips to the ExtendScript placing an export's ICML stories and its README.txt.
import { strFromU8, unzipSync } from 'fflate';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';

let h: Harness;
let base = '';
beforeAll(async () => {
  h = await startApi();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => { await h.close(); });

describe('GET /scripts/indesign.zip', () => {
  it('downloads a zip of place-stories.jsx and README.txt', async () => {
    const res = await fetch(`${base}/scripts/indesign.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="masthead-indesign.zip"');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'place-stories.jsx']);
    const jsx = strFromU8(files['place-stories.jsx']!);
    // The script reads the export's manifest and places each story's ICML file (print-export.ts layout).
    expect(jsx).toContain('#target indesign');
    expect(jsx).toContain("'/manifest.json'");
    expect(jsx).toMatch(/manifest\.sections\[s\][\s\S]*section\.stories\[i\][\s\S]*story\.file[\s\S]*frame\.place\(icml\)/);
    // ExtendScript is ES3: no arrow functions, let/const or template literals in it.
    expect(jsx).not.toMatch(/=>|\blet\b|\bconst\b|`/);
    const readme = strFromU8(files['README.txt']!);
    expect(readme).toContain('/admin/print-exports');
    expect(readme).toContain('place-stories.jsx');
  });

  it('answers the same bytes on every request', async () => {
    const a = new Uint8Array(await (await fetch(`${base}/scripts/indesign.zip`)).arrayBuffer());
    const b = new Uint8Array(await (await fetch(`${base}/scripts/indesign.zip`)).arrayBuffer());
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
