import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaLibrary, type MediaHooks } from './media';

const dir = mkdtempSync(join(tmpdir(), 'masthead-media-'));
let origin = '';
const server = createServer((req) => { void req; /* never answers: a server too slow to wait for */ });
beforeAll(async () => {
  mkdirSync(join(dir, '2024', '05'), { recursive: true });
  writeFileSync(join(dir, '2024', '05', 'slow.png'), await sharp({ create: { width: 20, height: 10, channels: 3, background: '#000' } }).png().toBuffer());
  writeFileSync(join(dir, '2024', '05', 'vector.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => { server.closeAllConnections(); server.close(); });

function library(mediaDir?: string) {
  const warnings: string[] = [];
  let id = 500;
  const hooks: MediaHooks = { known: () => undefined, existingAt: async () => undefined, newId: () => ++id, warn: (k, d) => warnings.push(`${k}: ${d}`) };
  return { lib: new MediaLibrary({ tenantKey: 'alpha', mediaDir, timeoutMs: 300, maxBytes: 1_000_000, offline: false }, hooks), warnings };
}

describe('images of an export', () => {
  it('a download that takes longer than the timeout falls back to the uploads folder', async () => {
    const { lib, warnings } = library(dir);
    const r = await lib.resolve(`${origin}/wp-content/uploads/2024/05/slow.png`, '');
    expect(r?.row).toMatchObject({ id: 501, mimeType: 'image/png', width: 20, height: 10, alt: 'slow' });
    expect(r?.path).toMatch(/^\/images\/alpha\/import\/[0-9a-f]{24}\.png$/);
    expect(warnings).toEqual([]);
  });

  it('an image found nowhere is reported, and an SVG is refused by the media library checks', async () => {
    const { lib, warnings } = library(dir);
    expect(await lib.resolve(`${origin}/wp-content/uploads/2024/05/none.png`, '')).toBeNull();
    expect(await lib.resolve(`${origin}/wp-content/uploads/2024/05/vector.svg`, '')).toBeNull();
    expect(warnings[0]).toMatch(/^image-missing: http:\/\/127\.0\.0\.1:\d+\/wp-content\/uploads\/2024\/05\/none\.png \(not reachable and not in the media folder\)$/);
    expect(warnings[1]).toContain('image-refused');
    expect(warnings[1]).toContain('SVG files are refused');
  });

  it('a URL cannot reach outside the uploads folder', async () => {
    const { lib } = library(join(dir, '2024', '05'));
    // slow.png sits in the folder; ../05/slow.png resolves inside it too, ../../2024/05/slow.png would leave it.
    expect(await lib.resolve('https://old.example.invalid/wp-content/uploads/..%2F..%2F2024%2F05%2Fslow.png', '')).not.toBeNull();
    writeFileSync(join(dir, 'secret.png'), await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer());
    expect(await lib.resolve('https://old.example.invalid/wp-content/uploads/..%2F..%2Fsecret.png', '')).toBeNull();
  });
});
