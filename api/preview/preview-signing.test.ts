import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { checkPreview, previewPath, PREVIEW_PREFIX } from '../../engine/services/preview/links';
import { open, seal } from '../../engine/services/kernel/sealed';
import { landingPath } from '../auth/staff-site';

const key = randomBytes(32);
const other = randomBytes(32);
const now = 1_800_000_000_000;

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The signature with one character changed so that the decoded bytes change. */
function damaged(sig: string): string {
  const i = 10;
  return `${sig.slice(0, i)}${sig[i] === 'A' ? 'B' : 'A'}${sig.slice(i + 1)}`;
}

/**
 * The three other spellings of a 43-character base64url signature: its last character carries two
 * unused bits, so these decode to the very same 32 bytes.
 */
function respellings(sig: string): string[] {
  const last = B64URL.indexOf(sig.at(-1)!);
  return [1, 2, 3].map((bits) => `${sig.slice(0, -1)}${B64URL[last ^ bits]}`);
}

function fields(path: string) {
  const u = new URL(path, 'http://x');
  return { id: u.pathname.slice(PREVIEW_PREFIX.length), exp: u.searchParams.get('exp') ?? undefined, sig: u.searchParams.get('sig') ?? undefined };
}

describe('signed preview links', () => {
  const claim = { tenantKey: 'alpha', contentId: 10010012, expiresAt: now + 60_000 };
  const f = fields(previewPath(claim, key));

  it('open on the tenant they were signed for until they expire', () => {
    expect(f.id).toBe('10010012');
    expect(checkPreview('alpha', f.id, f.exp, f.sig, key, now)).toBe('ok');
    expect(checkPreview('alpha', f.id, f.exp, f.sig, key, now + 60_000)).toBe('expired');
  });

  it('refuse another tenant, another id, a moved expiry, another key or a damaged signature', () => {
    expect(checkPreview('beta', f.id, f.exp, f.sig, key, now)).toBe('invalid');
    expect(checkPreview('alpha', '10010011', f.exp, f.sig, key, now)).toBe('invalid');
    expect(checkPreview('alpha', f.id, String(claim.expiresAt + 3_600_000), f.sig, key, now)).toBe('invalid');
    expect(checkPreview('alpha', f.id, f.exp, f.sig, other, now)).toBe('invalid');
    expect(checkPreview('alpha', f.id, f.exp, damaged(f.sig!), key, now)).toBe('invalid');
    expect(checkPreview('alpha', f.id, f.exp, undefined, key, now)).toBe('invalid');
    expect(checkPreview('alpha', '1001001', f.exp, f.sig, key, now)).toBe('invalid');
  });

  it('accept only the exact signature they were issued with, not another spelling of its bytes', () => {
    const spellings = respellings(f.sig!);
    expect(spellings.map((s) => Buffer.from(s, 'base64url').equals(Buffer.from(f.sig!, 'base64url')))).toEqual([true, true, true]);
    for (const s of spellings) expect(checkPreview('alpha', f.id, f.exp, s, key, now)).toBe('invalid');
    expect(checkPreview('alpha', f.id, f.exp, `${f.sig}=`, key, now)).toBe('invalid');
  });

  it('a tampered expiry is refused as invalid even once the link would have expired', () => {
    expect(checkPreview('alpha', f.id, String(now - 1), f.sig, key, now)).toBe('invalid');
  });
});

describe('sealed tokens', () => {
  const schema = z.strictObject({ t: z.string(), e: z.number() });

  it('open only under their own purpose and key, before their expiry', () => {
    const token = seal('staff-pass', { t: 'alpha', e: now + 1000 }, key);
    expect(open('staff-pass', token, key, schema, now)).toEqual({ t: 'alpha', e: now + 1000 });
    expect(open('staff-site', token, key, schema, now)).toBeNull();
    expect(open('staff-pass', token, other, schema, now)).toBeNull();
    expect(open('staff-pass', token, key, schema, now + 1000)).toBeNull();
  });

  it('refuse an edited payload', () => {
    const token = seal('staff-pass', { t: 'alpha', e: now + 1000 }, key);
    const [v, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ t: 'beta', e: now + 1000 })).toString('base64url');
    expect(open('staff-pass', `${v}.${forged}.${sig}`, key, schema, now)).toBeNull();
  });

  it('refuse a damaged signature and every other spelling of the genuine one', () => {
    const token = seal('staff-pass', { t: 'alpha', e: now + 1000 }, key);
    const [v, payload, sig] = token.split('.') as [string, string, string];
    expect(open('staff-pass', `${v}.${payload}.${damaged(sig)}`, key, schema, now)).toBeNull();
    for (const s of respellings(sig)) expect(open('staff-pass', `${v}.${payload}.${s}`, key, schema, now)).toBeNull();
  });
});

describe('landing path after entering the site', () => {
  it('keeps site paths and replaces anything that could leave the site with /', () => {
    expect(landingPath('/markets/ocean-freight?x=1')).toBe('/markets/ocean-freight?x=1');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', undefined, '/a b']) {
      expect(landingPath(bad)).toBe('/');
    }
  });
});
