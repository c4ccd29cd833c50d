import { describe, expect, it } from 'vitest';
import { absoluteLink, normalizeOrigin, sanitizeNewsletterHtml } from './links';

const O = 'https://alpha.example';

describe('newsletter links', () => {
  it('makes site paths absolute to the origin and keeps http(s) and mailto addresses', () => {
    expect(absoluteLink(O, '/markets/123')).toBe('https://alpha.example/markets/123');
    expect(absoluteLink(O, '#top')).toBe('https://alpha.example/#top');
    expect(absoluteLink(O, 'https://other.example/x')).toBe('https://other.example/x');
    expect(absoluteLink(O, 'mailto:news@alpha.example')).toBe('mailto:news@alpha.example');
    for (const bad of ['javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', '//evil.example/x', '', null, undefined]) expect(absoluteLink(O, bad)).toBeNull();
    expect(normalizeOrigin('https://alpha.example/some/path')).toBe(O);
    expect(() => normalizeOrigin('ftp://alpha.example')).toThrow(/http/);
  });

  it('sanitises staff HTML: no scripts, handlers, unsafe URLs or CSS, links made absolute', () => {
    const html = sanitizeNewsletterHtml(
      '<p style="color:red;background:url(https://x/y.png)">Hi <a href="/about" onclick="x()">about</a> <a href="javascript:alert(1)">x</a></p>'
      + '<script>alert(1)</script><img src="/i.png" onerror="x()" alt="i"><iframe src="https://evil"></iframe><table width="100%"><tr><td bgcolor="#eee">cell</td></tr></table>', O);
    expect(html).toContain('<a href="https://alpha.example/about">about</a>');
    expect(html).toContain('<img src="https://alpha.example/i.png" alt="i" style="max-width:100%;height:auto" />');
    expect(html).toContain('<td bgcolor="#eee">cell</td>');
    expect(html).toContain('style="color:red"');
    expect(html).not.toMatch(/script|onclick|onerror|iframe|javascript:|url\(/i);
  });
});
