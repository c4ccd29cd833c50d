// Opaque tokens: 256 random bits, base64url, with a short prefix naming their kind. The database
// keeps only their SHA-256 digest, so a leaked table cannot be replayed.
import { createHash, randomBytes } from 'node:crypto';
import { MEMBER_HINT_COOKIE } from '../../domain/members';

export const COOKIES = {
  /** The staff bearer token (HttpOnly). */
  staff: 'mh_staff',
  /** The staff refresh token (HttpOnly, sent only to the GraphQL endpoint). */
  refresh: 'mh_staff_refresh',
  /** The member (site user) token, used by a later issue. */
  member: 'mh_member',
  /** Not HttpOnly: tells the site's scripts a member session may exist (engine/domain/members.ts MEMBER_HINT_COOKIE). */
  memberHint: MEMBER_HINT_COOKIE,
} as const;

export type TokenKind = 'bearer' | 'refresh' | 'reset' | 'invite' | 'contract' | 'company';
const PREFIX: Record<TokenKind, string> = { bearer: 'mhb', refresh: 'mhr', reset: 'mhp', invite: 'mhi', contract: 'mhc', company: 'mhu' };

export function newToken(kind: TokenKind): string {
  return `${PREFIX[kind]}_${randomBytes(32).toString('base64url')}`;
}

export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A well-formed token of `kind` (cheap check before any database lookup). */
export function looksLikeToken(kind: TokenKind, value: unknown): value is string {
  return typeof value === 'string' && value.length === PREFIX[kind].length + 1 + 43 && /^[A-Za-z0-9_-]+$/.test(value) && value.startsWith(`${PREFIX[kind]}_`);
}
