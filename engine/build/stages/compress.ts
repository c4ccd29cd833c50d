// Precompressed siblings: every HTML, CSS, JS, XML and JSON file over 1 KB gets a .br and a .gz
// beside it, so static hosts (and `masthead serve`) send them without compressing per request.
// Brotli at quality 3 and gzip at level 3: a cold build writes tens of thousands of pages, and
// precompression (brotli 4 + gzip 6) was half of a render worker's CPU. Measured by CPU time on
// 4,000 pages of the 20,000-item corpus (17.4 KB average), per file: brotli 4 (text mode) 0.306 ms
// for 23.7% of the original, brotli 3 0.133 ms for 24.9%, brotli 2 0.116 ms for 25.5%; gzip 6
// 0.188 ms for 24.0%, gzip 3 0.117 ms for 25.6%, gzip 1 0.117 ms for 26.6%. Brotli 3 + gzip 3 is
// half the CPU of before, and the .br (what nearly every browser takes) stays smaller than the .gz
// (brotli 2 was larger than gzip 4 on these pages, which would defeat sending it).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files smaller than this are sent as they are (the headers would eat the saving). */
export const COMPRESS_MIN_BYTES = 1024;
const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 3;
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
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
      },
    })],
    ['.gz', gzipSync(buf, { level: GZIP_LEVEL })],
  ];
}
