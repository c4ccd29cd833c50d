import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { checkPreview, previewPath, PREVIEW_PREFIX } from './links';
import { open, seal } from '../common/sealed';
import { landingPath } from './staff-site';

const key = randomBytes(32);
const other = randomBytes(32);
const now = 1_800_000_000_000;

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
    const flipped = `${f.sig!.slice(0, -1)}${f.sig!.endsWith('A') ? 'B' : 'A'}`;
    expect(checkPreview('alpha', f.id, f.exp, flipped, key, now)).toBe('invalid');
    expect(checkPreview('alpha', f.id, f.exp, undefined, key, now)).toBe('invalid');
    expect(checkPreview('alpha', '1001001', f.exp, f.sig, key, now)).toBe('invalid');
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
});

describe('landing path after entering the site', () => {
  it('keeps site paths and replaces anything that could leave the site with /', () => {
    expect(landingPath('/markets/ocean-freight?x=1')).toBe('/markets/ocean-freight?x=1');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', undefined, '/a b']) {
      expect(landingPath(bad)).toBe('/');
    }
  });
});
