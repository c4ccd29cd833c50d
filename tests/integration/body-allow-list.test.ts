// @vitest-environment happy-dom
// One body allow-list (engine/domain/body-html.ts), checked both ways over the list itself and
// over the elements, attributes and addresses outside it: whatever the admin's editor saves, the
// server's sanitiser (build, previews, API) keeps unchanged; whatever the server drops, the
// editor does not keep.
import { describe, expect, it } from 'vitest';
import { sanitizeBody as editorClean } from '../../admin/lib/sanitize-body';
import { BODY_ATTRIBUTES, BODY_LINK_SCHEMES, BODY_TAGS, type BodyTag } from '../../engine/domain/body-html';
import { sanitizeBody as serverClean } from '../../engine/html/sanitize';
import { MXSS_CORPUS } from '../helpers/mxss-corpus';

/** Elements that only parse inside their parents (the editor parses as a browser does). */
function sample(tag: string, attrs = ''): string {
  const el = ['br', 'hr', 'img'].includes(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}>x</${tag}>`;
  if (['td', 'th'].includes(tag)) return `<table><tbody><tr>${el}</tr></tbody></table>`;
  if (tag === 'tr') return `<table><tbody>${el.replace('x', '<td>x</td>')}</tbody></table>`;
  if (['thead', 'tbody', 'tfoot'].includes(tag)) return `<table>${el.replace('x', '<tr><td>x</td></tr>')}</table>`;
  if (tag === 'caption') return `<table>${el}<tbody><tr><td>y</td></tr></tbody></table>`;
  if (tag === 'li') return `<ul>${el}</ul>`;
  if (tag === 'br') return `<p>a${el}b</p>`;
  if (tag === 'dt' || tag === 'dd') return `<dl>${el}</dl>`;
  if (tag === 'figcaption') return `<figure>${el}</figure>`;
  return el;
}

const ATTRS: Record<string, string> = {
  href: 'https://example.com/a', title: 't', rel: 'noopener noreferrer', src: 'https://example.com/i.png', alt: 'a', width: '10', height: '20',
  loading: 'lazy', colspan: '2', rowspan: '3', scope: 'col', start: '4',
};
const FOREIGN_ATTRS = ['onclick', 'onerror', 'style', 'class', 'id', 'srcset', 'formaction', 'data-x', 'name', 'target', 'background'];
const FOREIGN_TAGS = [
  'div', 'section', 'article', 'header', 'nav', 'font', 'center', 'form', 'input', 'button', 'label', 'video', 'audio', 'source',
  'picture', 'canvas', 'details', 'summary', 'marquee', 'base', 'link', 'meta', 'svg', 'math', 'iframe', 'script', 'style', 'object',
  'embed', 'noscript', 'template', 'textarea', 'select', 'dialog', 'slot', 'portal', 'frame', 'frameset', 'applet', 'xmp', 'del', 'ins',
];

/** Elements with their attributes (loading, which only the server adds, aside) and text, in document order. */
function shape(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out: string[] = [];
  const walk = (n: Node) => {
    for (const c of [...n.childNodes]) {
      if (c.nodeType === 3) { if (c.textContent) out.push(`#${c.textContent}`); continue; }
      if (c.nodeType !== 1) continue;
      const el = c as Element;
      const attrs = [...el.attributes].filter((a) => a.name !== 'loading').map((a) => `${a.name}=${a.value}`).sort();
      out.push(`<${el.tagName.toLowerCase()} ${attrs.join(' ')}>`);
      walk(el);
      out.push(`</${el.tagName.toLowerCase()}>`);
    }
  };
  walk(doc.body);
  return out;
}
const tagsOf = (html: string) => shape(html).filter((s) => s.startsWith('<') && !s.startsWith('</')).map((s) => s.slice(1).split(' ')[0]!);

/** The property itself: the server keeps the editor's output as it is. */
function expectServerKeepsEditorOutput(input: string): string {
  const saved = editorClean(input);
  expect(shape(serverClean(saved)), input).toEqual(shape(saved));
  return saved;
}

describe('one allow-list, both ways', () => {
  it.each([...BODY_TAGS])('<%s> with every attribute it may carry: kept by both, and the server keeps what the editor saves', (tag) => {
    const allowed = BODY_ATTRIBUTES[tag as BodyTag] ?? [];
    const html = sample(tag, allowed.map((a) => ` ${a}="${ATTRS[a]}"`).join(''));
    const saved = expectServerKeepsEditorOutput(html);
    const editorTags = tagsOf(saved);
    // The editor writes b and i as strong and em; everything else under its own name.
    expect(editorTags, html).toContain(tag === 'b' ? 'strong' : tag === 'i' ? 'em' : tag);
    expect(tagsOf(serverClean(html)), html).toContain(tag);
    for (const t of editorTags) expect(BODY_TAGS as readonly string[]).toContain(t);
  });

  it.each([...FOREIGN_TAGS])('<%s>, outside the list: neither keeps it', (tag) => {
    const html = `<p>before</p>${sample(tag, ' title="t"')}<p>after</p>`;
    expect(tagsOf(serverClean(html))).not.toContain(tag);
    expect(tagsOf(expectServerKeepsEditorOutput(html))).not.toContain(tag);
  });

  it('attributes outside the list go in both, on every element', () => {
    for (const tag of BODY_TAGS) {
      const html = sample(tag, FOREIGN_ATTRS.map((a) => ` ${a}="x"`).join(''));
      for (const cleaned of [serverClean(html), expectServerKeepsEditorOutput(html)]) {
        for (const a of FOREIGN_ATTRS) expect(cleaned, `${tag} ${a}`).not.toContain(` ${a}=`);
      }
    }
  });

  it('a link or image address the server drops, the editor drops; one the editor keeps, the server keeps', () => {
    const addresses = [
      'https://example.com/', 'HTTP://example.com/', 'mailto:a@example.com', 'tel:+15550100', '/path', '#part', '?q=1', 'relative/page',
      'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,<b>x</b>',
      'vbscript:x', 'blob:https://example.com/x', '//evil.example/', '/\\evil.example', 'ftp://example.com/', 'file:///etc/passwd',
    ];
    for (const url of addresses) {
      const link = `<p><a href="${url}">x</a></p>`;
      const serverHref = new DOMParser().parseFromString(serverClean(link), 'text/html').querySelector('a')?.getAttribute('href') ?? null;
      const editorHref = new DOMParser().parseFromString(expectServerKeepsEditorOutput(link), 'text/html').querySelector('a')?.getAttribute('href') ?? null;
      expect(editorHref !== null, url).toBe(serverHref !== null);
      const image = `<p><img src="${url}" alt="a"></p>`;
      const serverImg = serverClean(image).includes('<img');
      expect(editorClean(image).includes('<img'), url).toBe(serverImg);
      if (serverImg) expect(BODY_LINK_SCHEMES.some((s) => url.toLowerCase().startsWith(`${s}:`)) || !/^[a-z]+:/i.test(url), url).toBe(true);
    }
  });

  it.each(MXSS_CORPUS.map((p, i) => [i, p] as const))('mutation-XSS payload %i: whatever the editor saves, the server keeps', (_i, payload) => {
    expectServerKeepsEditorOutput(`<p>before</p>${payload}<p>after</p>`);
  });
});
