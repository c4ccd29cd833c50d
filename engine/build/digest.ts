// The build's content hash: SHA-1, base64url, 22 characters. A module of its own so that what
// needs only the hash (the config hash of a no-change `masthead build`) does not load deps.ts and
// with it the page resolvers and the HTML sanitiser.
import { createHash } from 'node:crypto';

export function digest(...parts: (string | Buffer)[]): string {
  const h = createHash('sha1');
  for (const p of parts) h.update(p);
  return h.digest('base64url').slice(0, 22);
}
