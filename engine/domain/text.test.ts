import { describe, expect, it } from 'vitest';
import { htmlToText, teaserText, truncateWords, TEASER_LENGTH } from './text';

describe('teasers (admin §9: 175 characters)', () => {
  it('keeps text that fits and cuts longer text on a word boundary with an ellipsis, within 175 characters', () => {
    expect(truncateWords('Short teaser.')).toBe('Short teaser.');
    const long = 'Carriers are trimming sailings across the Pacific as shippers '.repeat(5);
    const out = truncateWords(long);
    expect(out.length).toBeLessThanOrEqual(TEASER_LENGTH);
    expect(out.endsWith('…')).toBe(true);
    const head = out.slice(0, -1);
    expect(long.startsWith(head)).toBe(true);
    expect(long[head.length]).toMatch(/[\s,.]/); // the cut falls between words
  });
  it('cuts a single over-long word hard', () => {
    expect(truncateWords('x'.repeat(300), 10)).toBe('xxxxxxxxx…');
  });
  it('strips tags and script contents and decodes entities before truncating', () => {
    expect(htmlToText('<p>Rates &amp; <b>volumes</b></p><script>alert(1)</script> &#8212;&nbsp;up')).toBe('Rates & volumes — up');
    expect(teaserText('<em>Hello</em>   world')).toBe('Hello world');
  });
});
