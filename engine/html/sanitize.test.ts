import { describe, expect, it } from 'vitest';
import { sanitizeBody } from './sanitize';

describe('body sanitising (allow-list)', () => {
  it('removes scripts, event handlers, javascript: and data: URLs, iframes and styles', () => {
    const out = sanitizeBody('<p style="x" onclick="a()">Hi<script>bad()</script></p><a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>'
      + '<img src="data:image/svg+xml;base64,PHN2Zz4=" onerror="x()"><iframe src="https://x"></iframe><object data="x"></object><svg onload="x()"></svg><form><input></form>');
    expect(out).not.toMatch(/script|onclick|onerror|onload|javascript:|data:|iframe|object|style=|<svg|<form|<input/i);
    expect(out).toContain('<p>Hi</p>');
  });
  it('keeps ordinary article markup, turns h1 into h2 and gives every image an alt', () => {
    const out = sanitizeBody('<h1>T</h1><p><strong>b</strong> <a href="https://x.example/" title="t">x</a></p><img src="/images/a.svg"><ul><li>i</li></ul>');
    expect(out).toBe('<h2>T</h2><p><strong>b</strong> <a href="https://x.example/" title="t">x</a></p><img src="/images/a.svg" alt="" loading="lazy" /><ul><li>i</li></ul>');
  });
  it('keeps the text after an element it drops with its content when that element is never closed', () => {
    expect(sanitizeBody('<p>a</p><iframe src="https://x"><p>rest</p>')).toBe('<p>a</p><p>rest</p>');
    expect(sanitizeBody('<p>a</p><noscript><p>rest</p>')).toBe('<p>a</p><p>rest</p>');
    expect(sanitizeBody('<p>a</p><iframe/><p>rest</p>')).toBe('<p>a</p><p>rest</p>');
    expect(sanitizeBody('<p>a</p><object data="x"><p>in</p></object><p>rest</p>')).toBe('<p>a</p><p>rest</p>');
  });
  it('follows the allow-list for elements the editor may save (h5, h6, span, dl)', () => {
    const html = '<h5>x</h5><h6>y</h6><p><span>s</span></p><dl><dt>t</dt><dd>d</dd></dl>';
    expect(sanitizeBody(html)).toBe(html);
  });
});
