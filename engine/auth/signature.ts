// Comparing a MAC that arrived as base64url text (links, cookies, tokens) with the one expected.
import { timingSafeEqual } from 'node:crypto';

/**
 * Constant-time check that `given` is exactly the canonical base64url spelling of `expected`.
 * The text is compared, not the decoded bytes: a 32-byte MAC takes 43 characters whose last one
 * carries two unused bits, and Buffer.from() ignores those (and skips stray characters), so a
 * decoded comparison would accept four spellings of every signature.
 */
export function macMatches(given: string, expected: Buffer): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected.toString('base64url'), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
