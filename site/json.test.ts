import { describe, expect, it } from 'vitest';
import { escapeJsonForHtml } from './json';

describe('JSON inside HTML', () => {
  it('cannot close a script element or open a comment, and still parses to the same value', () => {
    const value = { title: '</script><script>alert(1)</script>', note: '<!-- x -->', sep: 'a\u2028b\u2029c', amp: 'Q&A' };
    const json = escapeJsonForHtml(value);
    expect(json).not.toMatch(/<\/?script|<!--/i);
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual(value);
  });
});
