// Small sealed tokens shared by the one-time hand-offs to a site's own host (the staff pass of
// api/auth/staff-site.ts, the member simulation code of api/members/simulate.ts) and the signed
// preview links: a JSON payload signed with HMAC-SHA256 under a purpose, so a token minted for one
// use is never accepted for another.
// Format: v1.<base64url(JSON)>.<base64url(HMAC-SHA256(key, "<purpose>:v1." + payload))>
// Every payload carries `e`, its expiry (epoch ms); an expired, tampered or foreign token opens to null.
import { createHmac, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { macMatches } from '../../auth/signature';

const VERSION = 'v1';
const MAX_TOKEN = 2048;

function mac(key: Buffer, purpose: string, payload: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}:${VERSION}.${payload}`).digest();
}

export function seal(purpose: string, body: { e: number } & Record<string, unknown>, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${VERSION}.${payload}.${mac(key, purpose, payload).toString('base64url')}`;
}

/** The payload of a genuine, unexpired token of `purpose` that matches `schema`, else null. */
export function open<T extends { e: number }>(purpose: string, token: string | undefined | null, key: Buffer, schema: z.ZodType<T>, now: number): T | null {
  const unsealed = unsealJson(purpose, token, key, MAX_TOKEN);
  if (!unsealed) return null;
  const parsed = schema.safeParse(unsealed.json);
  if (!parsed.success || parsed.data.e <= now) return null;
  return parsed.data;
}

/**
 * The parsed JSON payload of a token of `purpose` whose signature is genuine, else null (too long,
 * malformed, tampered, not JSON). Checks neither shape nor expiry: callers validate `json` themselves.
 */
export function unsealJson(purpose: string, token: string | undefined | null, key: Buffer, maxLength: number): { json: unknown } | null {
  if (typeof token !== 'string' || token.length > maxLength) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, payload, sig] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !macMatches(sig, mac(key, purpose, payload))) return null;
  try {
    return { json: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown };
  } catch {
    return null;
  }
}

/** An HMAC of `message` under `purpose`, base64url (for links that carry their fields in the clear). */
export function sign(purpose: string, message: string, key: Buffer): string {
  return mac(key, purpose, message).toString('base64url');
}

/** Constant-time check of a signature made by sign(). */
export function verify(purpose: string, message: string, sig: string | undefined, key: Buffer): boolean {
  return typeof sig === 'string' && macMatches(sig, mac(key, purpose, message));
}

/** A fresh single-use nonce (128 random bits, base64url: 22 characters). */
export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** What a sealed single-use token's nonce looks like (see newNonce). */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

// Spent nonces per scope (one Services object, i.e. one app) until their token's expiry. In process
// memory: with several API instances a token could be spent once per instance within its short life.
const spentNonces = new WeakMap<object, Map<string, number>>();

/**
 * Spends the nonce of a single-use token of `purpose` that is valid until `until`: true the first
 * time, false when it was already spent. Expired entries are dropped on the way.
 */
export function spendNonce(scope: object, purpose: string, nonce: string, until: number, now: number): boolean {
  let used = spentNonces.get(scope);
  if (!used) spentNonces.set(scope, (used = new Map()));
  for (const [n, e] of used) if (e <= now) used.delete(n);
  const id = `${purpose}:${nonce}`;
  if (used.has(id)) return false;
  used.set(id, until);
  return true;
}
