// Precompressed siblings: every HTML, CSS, JS, XML and JSON file over 1 KB gets a .br and a .gz
// beside it, so static hosts (and `masthead serve`) send them without compressing per request.
// Brotli at quality 4 and gzip at level 6: on the fixture site's pages brotli 4 is 8% larger than
// 5 for about 60% of its CPU (a cold build writes tens of thousands of pages; see the speed note).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files smaller than this are sent as they are (the headers would eat the saving). */
export const COMPRESS_MIN_BYTES = 1024;
export const COMPRESSED_SUFFIXES = ['.br', '.gz'] as const;
const COMPRESSIBLE = /\.(?:html|css|js|mjs|xml|json)$/;

/** True for a path whose kind gets precompressed siblings (whatever its size). */
export function compressible(rel: string): boolean {
  return COMPRESSIBLE.test(rel);
}

/** The .br and .gz bodies for a file, or none when it is not compressible or too small. */
export function compressedSiblings(rel: string, data: string | Buffer): Array<[suffix: string, body: Buffer]> {
  if (!COMPRESSIBLE.test(rel)) return [];
  const buf = typeof data === 'string' ? Buffer.from(data) : data;
  if (buf.length <= COMPRESS_MIN_BYTES) return [];
  return [
    ['.br', brotliCompressSync(buf, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
      },
    })],
    ['.gz', gzipSync(buf, { level: 6 })],
  ];
}
