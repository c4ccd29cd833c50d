import { describe, expect, it } from 'vitest';
import { linkTarget, safeHref } from './links';

describe('link safety (admin §2.4)', () => {
  it('refuses javascript:, data:, blob: and vbscript: addresses, also when obfuscated', () => {
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', ' java\tscript:alert(1)', 'data:text/html,<script>', 'blob:https://x/1', 'vbscript:msgbox', '//evil.example/x', 'ftp://x', '']) {
      expect(safeHref(bad), bad).toBeNull();
    }
  });
  it('keeps site paths, fragments and http(s)/mailto/tel addresses', () => {
    for (const ok of ['/markets', '#top', 'https://example.com/a?b=1', 'http://x.test', 'mailto:a@b.c', 'tel:+1555']) expect(safeHref(ok)).toBe(ok);
  });
  it('opens site paths in the same tab and other addresses in a new tab only when flagged external', () => {
    expect(linkTarget('/a', true)).toEqual({ href: '/a', newTab: false });
    expect(linkTarget('https://x.test', false)).toEqual({ href: 'https://x.test', newTab: false });
    expect(linkTarget('https://x.test', true)).toEqual({ href: 'https://x.test', newTab: true });
    expect(linkTarget('javascript:void(0)', true)).toBeNull();
  });
});
