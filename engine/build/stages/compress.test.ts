// The precompression settings are the measured ones (compress.ts): brotli quality 2 and gzip
// level 1, chosen for build CPU while the .br stays smaller than the .gz on article pages.
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedSiblings } from './compress';

/** An article-like page: repeated chrome markup around paragraphs of varied text. */
function page(): Buffer {
  const nav = Array.from({ length: 40 }, (_, i) => `<li><a href="/section-${i}/topic-${i * 7}">Section ${i} news</a></li>`).join('');
  const words = ['freight', 'carrier', 'lane', 'capacity', 'rates', 'port', 'quarter', 'volume', 'contract', 'shipper', 'demand', 'market'];
  const paras = Array.from({ length: 30 }, (_, p) => `<p>${Array.from({ length: 60 }, (_, w) => words[(p * 31 + w * 17 + (w * w) % 11) % words.length]).join(' ')}.</p>`).join('');
  return Buffer.from(`<!DOCTYPE html><html><head><title>A page</title></head><body><header><ul>${nav}</ul></header><main>${paras}</main><footer><ul>${nav}</ul></footer></body></html>\n`);
}

describe('compressedSiblings', () => {
  it('writes brotli at quality 2 and gzip at level 1, each decompressing to the same bytes', () => {
    const html = page();
    const [[brSuffix, br], [gzSuffix, gz]] = compressedSiblings('a/index.html', html) as [[string, Buffer], [string, Buffer]];
    expect([brSuffix, gzSuffix]).toEqual(['.br', '.gz']);
    expect(br.equals(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }))).toBe(true);
    expect(gz.equals(gzipSync(html, { level: 1 }))).toBe(true);
    expect(brotliDecompressSync(br).equals(html)).toBe(true);
    expect(gunzipSync(gz).equals(html)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
  });

  it('leaves small and binary files alone', () => {
    expect(compressedSiblings('a/index.html', Buffer.alloc(1024, 97))).toEqual([]);
    expect(compressedSiblings('images/a.png', page())).toEqual([]);
  });
});
