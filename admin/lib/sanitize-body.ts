// Clean body HTML from the editor (and from pasted text): an allow-list of elements and attributes,
// browser-parsed (DOMParser never runs scripts). Unknown elements are unwrapped to their content;
// scripts, styles and embeds are dropped with their content; links keep only safe targets.
// The renderer sanitises again on the server; this keeps what editors save tidy.

import { stripControl } from './navigation';

const KEEP = new Set(['P', 'BR', 'STRONG', 'EM', 'U', 'S', 'H2', 'H3', 'H4', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'A', 'CODE', 'PRE', 'SUB', 'SUP', 'HR', 'FIGURE', 'FIGCAPTION', 'IMG', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD']);
const RENAME: Record<string, string> = { B: 'strong', I: 'em', H1: 'h2', H5: 'h4', H6: 'h4', DIV: 'p', STRIKE: 's', DEL: 's' };
const DROP = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'MATH', 'FORM', 'INPUT', 'BUTTON', 'SELECT', 'TEXTAREA', 'LINK', 'META', 'HEAD', 'TITLE', 'BASE']);
const BLOCK = new Set(['P', 'H2', 'H3', 'H4', 'UL', 'OL', 'BLOCKQUOTE', 'PRE', 'FIGURE', 'TABLE', 'HR']);

/** http(s), mailto: and site paths; never javascript:, data: and the like. */
export function safeHref(href: string): string | null {
  const v = stripControl(href.trim()).replace(/\s/g, '%20');
  if (/^(https?:\/\/|mailto:)/i.test(v)) return v;
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  if (v.startsWith('#')) return v;
  return null;
}

function safeSrc(src: string): string | null {
  const v = src.trim();
  if (/^https?:\/\//i.test(v) || (v.startsWith('/') && !v.startsWith('//'))) return v;
  return null;
}

function cleanChildren(from: Node, into: Node, doc: Document): void {
  for (const child of [...from.childNodes]) {
    if (child.nodeType === 3) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const el = child as Element;
    const tag = el.tagName.toUpperCase();
    if (DROP.has(tag)) continue;
    const renamed = RENAME[tag];
    const target = renamed ? renamed.toUpperCase() : tag;
    if (!KEEP.has(target)) {
      cleanChildren(el, into, doc);
      continue;
    }
    // A div holding blocks is only a wrapper.
    if (tag === 'DIV' && [...el.children].some((c) => BLOCK.has(c.tagName.toUpperCase()) || c.tagName.toUpperCase() === 'DIV')) {
      cleanChildren(el, into, doc);
      continue;
    }
    const out = doc.createElement(target.toLowerCase());
    if (target === 'A') {
      const href = safeHref(el.getAttribute('href') ?? '');
      if (!href) {
        cleanChildren(el, into, doc);
        continue;
      }
      out.setAttribute('href', href);
      if (/^https?:/i.test(href)) out.setAttribute('rel', 'noopener noreferrer');
      const title = el.getAttribute('title');
      if (title) out.setAttribute('title', title);
    } else if (target === 'IMG') {
      const src = safeSrc(el.getAttribute('src') ?? '');
      if (!src) continue;
      out.setAttribute('src', src);
      out.setAttribute('alt', el.getAttribute('alt') ?? '');
    } else if ((target === 'TH' || target === 'TD') && el.getAttribute('colspan')) {
      const span = Number(el.getAttribute('colspan'));
      if (Number.isInteger(span) && span > 1 && span < 20) out.setAttribute('colspan', String(span));
    }
    cleanChildren(el, out, doc);
    into.appendChild(out);
  }
}

/** Drops empty paragraphs and trailing <br>s that contentEditable leaves behind. */
function tidy(root: Element): void {
  for (const p of [...root.querySelectorAll('p, h2, h3, h4, li, blockquote')]) {
    while (p.lastChild && p.lastChild.nodeName === 'BR') p.removeChild(p.lastChild);
    if (p.textContent?.trim() === '' && !p.querySelector('img, br')) p.remove();
  }
}

/** Wraps loose top-level text and inline elements into paragraphs. */
function paragraphs(root: Element, doc: Document): void {
  let run: Node[] = [];
  const flush = (before: Node | null) => {
    if (run.some((n) => (n.textContent ?? '').trim() !== '' || n.nodeName === 'IMG')) {
      const p = doc.createElement('p');
      for (const n of run) p.appendChild(n);
      root.insertBefore(p, before);
    } else {
      for (const n of run) n.parentNode?.removeChild(n);
    }
    run = [];
  };
  for (const child of [...root.childNodes]) {
    if (child.nodeType === 1 && (BLOCK.has((child as Element).tagName) || (child as Element).tagName === 'BR')) {
      flush(child);
      if ((child as Element).tagName === 'BR') root.removeChild(child);
    } else {
      run.push(child);
    }
  }
  flush(null);
}

export function sanitizeBody(html: string): string {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = parsed.createElement('div');
  cleanChildren(parsed.body, out, parsed);
  paragraphs(out, parsed);
  tidy(out);
  return out.innerHTML;
}

/** Plain pasted text becomes paragraphs (blank lines) and line breaks. */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${para.split(/\r?\n/).map(esc).join('<br>')}</p>`)
    .join('');
}
