import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { checkUnsubscribeToken, LEGACY_LINKS_UNTIL, signUnsubscribeToken, UNSUBSCRIBE_LINK_TTL_MS, unsubscribeLink, verifyUnsubscribeToken } from './unsubscribe';

const SECRET = 'unit-test-secret-0123';
const payload = { tenantKey: 'alpha', newsletterId: 150, email: 'reader@example.com' };

describe('unsubscribe tokens', () => {
  it('round-trips a signed payload and fits in a URL', () => {
    const token = signUnsubscribeToken(SECRET, payload);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual(payload);
    const link = unsubscribeLink('https://alpha.example/api/newsletter/unsubscribe', token);
    expect(new URL(link).searchParams.get('token')).toBe(token);
  });

  it('refuses a changed payload, a changed signature and another secret', () => {
    const token = signUnsubscribeToken(SECRET, payload);
    const [body, sig] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ t: 'alpha', n: 150, e: 'victim@example.com' })).toString('base64url');
    expect(verifyUnsubscribeToken(SECRET, `${other}.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${body}.${sig.slice(1)}`)).toBeNull();
    expect(verifyUnsubscribeToken('another-secret-0123', token)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${token}.x`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, 42)).toBeNull();
  });

  it('refuses the other spellings of a genuine signature (the unused bits of its last character)', () => {
    const token = signUnsubscribeToken(SECRET, payload);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(token.at(-1)!);
    for (const bits of [1, 2, 3]) {
      const respelled = `${token.slice(0, -1)}${alphabet[last ^ bits]}`;
      expect(Buffer.from(respelled.split('.')[1]!, 'base64url')).toEqual(Buffer.from(token.split('.')[1]!, 'base64url'));
      expect(verifyUnsubscribeToken(SECRET, respelled)).toBeNull();
    }
  });

  it('works for 180 days after it is signed, then is refused as expired', () => {
    const day = 24 * 3600 * 1000;
    expect(UNSUBSCRIBE_LINK_TTL_MS).toBe(180 * day);
    const sent = Date.parse('2026-11-01T08:00:00Z');
    const token = signUnsubscribeToken(SECRET, payload, sent);
    expect(checkUnsubscribeToken(SECRET, token, sent + 179 * day)).toEqual({ ok: true, payload });
    expect(checkUnsubscribeToken(SECRET, token, sent + 181 * day)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyUnsubscribeToken(SECRET, token, sent + 181 * day)).toBeNull();
  });

  it('binds a link to its newsletter: another newsletter id under the same signature is refused', () => {
    const token = signUnsubscribeToken(SECRET, payload);
    const [body, sig] = token.split('.') as [string, string];
    const fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const other = Buffer.from(JSON.stringify({ ...fields, n: 151 })).toString('base64url');
    expect(checkUnsubscribeToken(SECRET, `${other}.${sig}`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('accepts a link of the first format (no expiry) until LEGACY_LINKS_UNTIL, then refuses it as expired', () => {
    const body = Buffer.from(JSON.stringify({ t: 'alpha', n: 150, e: 'reader@example.com' })).toString('base64url');
    const legacy = `${body}.${createHmac('sha256', SECRET).update(`masthead-unsubscribe-v1.${body}`).digest('base64url')}`;
    expect(checkUnsubscribeToken(SECRET, legacy, LEGACY_LINKS_UNTIL - 1)).toEqual({ ok: true, payload });
    expect(checkUnsubscribeToken(SECRET, legacy, LEGACY_LINKS_UNTIL)).toEqual({ ok: false, reason: 'expired' });
    // The old format's signature over a body with an expiry is not the new format's.
    const withExpiry = Buffer.from(JSON.stringify({ t: 'alpha', n: 150, e: 'reader@example.com', x: 4102444800 })).toString('base64url');
    const mixed = `${withExpiry}.${createHmac('sha256', SECRET).update(`masthead-unsubscribe-v1.${withExpiry}`).digest('base64url')}`;
    expect(checkUnsubscribeToken(SECRET, mixed, LEGACY_LINKS_UNTIL - 1)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a secret too short to be one', () => {
    expect(() => signUnsubscribeToken('short', payload)).toThrow(/at least 16/);
  });
});
