// The strength rule on its own: common and patterned passwords are refused with zxcvbn's reason;
// the demo logins the README and the fixtures publish still pass, so the demo keeps working.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { passwordWeakness } from './strength';

const root = new URL('../../', import.meta.url);

describe('passwordWeakness', () => {
  it('refuses common passwords, keyboard walks, sequences and repeats, saying why', () => {
    expect(passwordWeakness('password1234', 'staff')).toMatch(/^Too easy to guess: .*commonly used password/);
    expect(passwordWeakness('qwertyuiop12', 'staff')).toMatch(/^Too easy to guess/);
    expect(passwordWeakness('abcdefghijkl', 'staff')).toMatch(/sequences/i);
    expect(passwordWeakness('aaaaaaaaaaaa', 'staff')).toMatch(/Repeated/);
    expect(passwordWeakness('password', 'member')).toMatch(/heavily used password/);
  });

  it('accepts strong passphrases and random strings, up to and beyond 64 characters', () => {
    expect(passwordWeakness('quartz lantern drifts over seventeen brackish harbours at dawn!!', 'staff')).toBeNull();
    expect(passwordWeakness('x7#kQ9!vLp2@', 'staff')).toBeNull();
    expect(passwordWeakness('Gx7!qLm2', 'member')).toBeNull();
    expect(passwordWeakness(`${'Tw9$'.repeat(2)}${'hollow mango river '.repeat(8)}`, 'staff')).toBeNull();
  });

  it('passes every demo staff password published in fixtures/demo/users.json and the README', () => {
    const users = JSON.parse(readFileSync(new URL('fixtures/demo/users.json', root), 'utf8')) as { username: string; password: string }[];
    expect(users.length).toBeGreaterThan(0);
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    for (const u of users) {
      expect(readme).toContain(`| \`${u.username}\` | \`${u.password}\` |`);
      expect(passwordWeakness(u.password, 'staff')).toBeNull();
    }
  });
});
