import { describe, expect, it, vi } from 'vitest';
import { checkTarget, safeNavigate, type NavigationHost } from './navigate';

const BASE = 'https://freightwise.com/markets/ocean-freight?x=1';

function host() {
  const h = { href: BASE, assign: vi.fn<(url: string) => void>(), replace: vi.fn<(url: string) => void>() };
  return h satisfies NavigationHost;
}

describe('checkTarget (admin §2.4)', () => {
  it('refuses javascript:, data:, blob: and vbscript: targets, in any case and with hidden characters', () => {
    for (const t of ['javascript:alert(1)', 'JavaScript:alert(1)', ' java\tscript:alert(1)', 'java\nscript:x', '\u0000javascript:x',
      'data:text/html,<script>alert(1)</script>', 'blob:https://freightwise.com/1234', 'VBScript:msgbox(1)']) {
      expect(checkTarget(t, BASE, true), t).toEqual({ kind: 'refused', reason: 'Refused scheme' });
    }
  });

  it('refuses other schemes and empty targets', () => {
    expect(checkTarget('ftp://example.com/x', BASE, true).kind).toBe('refused');
    expect(checkTarget('file:///etc/passwd', BASE, true).kind).toBe('refused');
    expect(checkTarget('  ', BASE).kind).toBe('refused');
  });

  it('keeps same-origin targets as a path with query and hash', () => {
    expect(checkTarget('/search?filters=%7B%7D#r', BASE)).toEqual({ kind: 'internal', href: '/search?filters=%7B%7D#r' });
    expect(checkTarget('spot-rates', BASE)).toEqual({ kind: 'internal', href: '/markets/spot-rates' });
    expect(checkTarget('https://freightwise.com/a', BASE)).toEqual({ kind: 'internal', href: '/a' });
  });

  it('refuses another origin unless flagged external, protocol-relative addresses included', () => {
    for (const t of ['https://evil.example/x', '//evil.example/x', 'http://freightwise.com/a']) {
      expect(checkTarget(t, BASE).kind, t).toBe('refused');
      expect(checkTarget(t, BASE, true).kind, t).toBe('external');
    }
    expect(checkTarget('https://partner.example/p?q=1', BASE, true)).toEqual({ kind: 'external', href: 'https://partner.example/p?q=1' });
  });
});

describe('safeNavigate', () => {
  it('assigns allowed targets and leaves the page for refused ones', () => {
    const h = host();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(safeNavigate('javascript:alert(1)', {}, h)).toBe(false);
    expect(safeNavigate('https://evil.example/', {}, h)).toBe(false);
    expect(h.assign).not.toHaveBeenCalled();
    expect(safeNavigate('/search', {}, h)).toBe(true);
    expect(h.assign).toHaveBeenCalledWith('/search');
    expect(safeNavigate('https://partner.example/', { external: true }, h)).toBe(true);
    expect(h.assign).toHaveBeenLastCalledWith('https://partner.example/');
    expect(safeNavigate('/x', { replace: true }, h)).toBe(true);
    expect(h.replace).toHaveBeenCalledWith('/x');
    warn.mockRestore();
  });
});
