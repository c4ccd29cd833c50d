import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { macMatches } from './signature';

const mac = createHmac('sha256', 'k').update('message').digest();
const text = mac.toString('base64url');
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('macMatches', () => {
  it('accepts the canonical base64url text of the MAC and nothing else that decodes to it', () => {
    expect(text).toHaveLength(43);
    expect(macMatches(text, mac)).toBe(true);
    const last = ALPHABET.indexOf(text.at(-1)!);
    for (const bits of [1, 2, 3]) {
      const respelled = `${text.slice(0, -1)}${ALPHABET[last ^ bits]}`;
      expect(Buffer.from(respelled, 'base64url').equals(mac)).toBe(true);
      expect(macMatches(respelled, mac)).toBe(false);
    }
    for (const other of [`${text}=`, `${text.slice(0, 20)}*${text.slice(20)}`, text.slice(0, -1), '']) {
      expect(macMatches(other, mac), other).toBe(false);
    }
  });
});
