// Precompressed siblings: every HTML, CSS, JS, XML and JSON file over 1 KB gets a .br and a .gz
// beside it, so static hosts (and `masthead serve`) send them without compressing per request.
// Incremental updates write them with the file; a full build after its publish (precompress.ts).
// Brotli at quality 2 and gzip at level 1: a cold build writes tens of thousands of pages, and
// precompression was a third of a render worker's CPU. Measured by CPU time per file on the pages
// of one tenant of the 20,000-item corpus (every 8th file; µs per file, compressed size as a share
// of the original):
//   content page HTML (23.2 KB):  brotli 3 132 µs 24.4%, brotli 2 97 µs 24.9%, brotli 1 62 µs 27.3%;
//                                 gzip 3 113 µs 25.0%, gzip 2 104 µs 25.3%, gzip 1 103 µs 26.1%
//   its _payload.json (8.9 KB):   brotli 3 69 µs, brotli 2 57 µs; gzip 3 58 µs, gzip 1 54 µs
//   print view HTML (6.0 KB):     brotli 3 56 µs, brotli 2 40 µs; gzip 3 42 µs, gzip 1 41 µs
//   print _payload.json (3.0 KB): brotli 3 38 µs, brotli 2 28 µs; gzip 3 31 µs, gzip 1 30 µs
// Brotli 2 + gzip 1 is 89 µs less per content item than brotli 3 + gzip 3 (~17%), and the .br
// (what nearly every browser takes) stays smaller than the .gz on every content page measured
// (brotli 2 against gzip 2 was not: 25.3% either way; brotli 1 is larger than gzip 1 on nearly all).
// A smaller window (lgwin 15–20) or BROTLI_MODE_TEXT changed neither time nor size on these files.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files smaller than this are sent as they are (the headers would eat the saving). */
export const COMPRESS_MIN_BYTES = 1024;
export const BROTLI_QUALITY = 2;
export const GZIP_LEVEL = 1;
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
