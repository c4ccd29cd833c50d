import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, unsubscribeLink, verifyUnsubscribeToken } from './unsubscribe';

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

  it('refuses a secret too short to be one', () => {
    expect(() => signUnsubscribeToken('short', payload)).toThrow(/at least 16/);
  });
});
