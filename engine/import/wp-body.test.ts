import { describe, expect, it } from 'vitest';
import { autop, convertShortcodes, convertWordPressBody } from './wp-body';
import type { ImportAttachment } from './model';

const attachments = new Map<string, ImportAttachment>([['7', { sourceId: '7', url: 'https://x.example/a.png', title: 'A "quoted" title', alt: 'Alt <text>' }]]);
const run = (html: string) => {
  const warnings: string[] = [];
  return { html: convertShortcodes(html, attachments, (k, d) => warnings.push(`${k}: ${d}`)), warnings };
};

describe('WordPress shortcodes and blocks', () => {
  it('turns [caption] into a figure and keeps the image link', () => {
    const { html } = run('[caption id="attachment_7" align="alignleft" width="300"]<a href="/full.png"><img src="/a.png" alt="A" /></a> Caption & more[/caption]');
    expect(html).toBe('<figure><a href="/full.png"><img src="/a.png" alt="A" /></a><figcaption>Caption & more</figcaption></figure>');
  });

  it('turns [gallery] into figures of the attachments, escaping their text, and reports missing ones', () => {
    const { html, warnings } = run('[gallery ids="7, 8"]');
    expect(html).toBe('<figure><img src="https://x.example/a.png" alt="Alt &lt;text&gt;"><figcaption>A &quot;quoted&quot; title</figcaption></figure>');
    expect(warnings).toEqual(['gallery-image-missing: 1 of 2 gallery images are not in the export']);
  });

  it('turns [embed], [youtube] and [audio] into links, drops plugin shortcodes and keeps unknown ones as text (issue 36)', () => {
    const { html, warnings } = run('[embed]https://www.youtube.com/watch?v=1[/embed][audio src="https://x.example/a.mp3"][ninja_form id=3][my_box]Inside [video mp4="https://x.example/v.mp4"][/my_box]');
    expect(html).toBe('<p><a href="https://www.youtube.com/watch?v=1">https://www.youtube.com/watch?v=1</a></p><p><a href="https://x.example/a.mp3">https://x.example/a.mp3</a></p>[my_box]Inside <p><a href="https://x.example/v.mp4">https://x.example/v.mp4</a></p>[/my_box]');
    expect(warnings).toEqual(['embed-as-link: embed https://www.youtube.com/watch?v=1', 'shortcode-kept: [my_box] is not a shortcode Masthead knows; kept as text', 'embed-as-link: video https://x.example/v.mp4', 'embed-as-link: audio https://x.example/a.mp3', 'shortcode-dropped: ninja_form']);
  });

  it('replaces a reusable block reference by the wp_block content, and drops one that is not in the export', () => {
    const warnings: string[] = [];
    const blocks = new Map([['42', '<!-- wp:paragraph -->\n<p>Subscribe to the <em>Daily</em></p>\n<!-- /wp:paragraph -->']]);
    const html = convertWordPressBody('<!-- wp:paragraph --><p>Top</p><!-- /wp:paragraph -->\n<!-- wp:block {"ref":42} /-->\n<!-- wp:block {"ref":43} /-->', attachments, (k, d) => warnings.push(`${k}: ${d}`), blocks);
    expect(html.replace(/\s+/g, '')).toBe('<p>Top</p><p>Subscribetothe<em>Daily</em></p>');
    expect(warnings).toEqual(['block-dropped: wp:block 43: the reusable block is not in the export']);
  });

  it('leaves bracketed text that is not a shortcode', () => {
    expect(run('He said [sic] and cited [1].').html).toBe('He said [sic] and cited [1].');
  });

  it('removes block comments, keeps their HTML, and drops blocks WordPress renders at request time', () => {
    const warnings: string[] = [];
    const html = convertWordPressBody('<!-- wp:paragraph {"align":"center"} -->\n<p>One</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:archives {"displayAsDropdown":true} /-->\n\n<!-- wp:separator /-->', attachments, (k, d) => warnings.push(`${k}: ${d}`));
    expect(html.replace(/\s+/g, '')).toBe('<p>One</p><hr>');
    expect(warnings).toEqual(['block-dropped: wp:archives (rendered by WordPress at request time)']);
  });

  it('gives classic posts paragraphs and line breaks (wpautop)', () => {
    expect(autop('One\nline\n\n<h2>Head</h2>\n\nTwo')).toBe('<p>One<br>\nline</p>\n<h2>Head</h2>\n<p>Two</p>');
  });
});
