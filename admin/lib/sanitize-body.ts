// Clean body HTML from the editor (and from pasted text), browser-parsed (DOMParser never runs
// scripts), following the one allow-list of engine/domain/body-html.ts that the server's sanitiser
// follows too: what is saved here is never dropped by the build. Unknown elements are unwrapped to
// their content; scripts, styles and embeds are dropped with their content; links and images keep
// only allowed addresses. On top, the editor tidies: b/i become strong/em, div becomes p.

import { BODY_DROPPED_WITH_CONTENT, bodyTagFor, isBodyAttribute, isBodyUrl } from '../../engine/domain/body-html';
import { stripControl } from './navigation';
import { escapeHtml as esc } from '../../engine/domain/html-escape';

/** Editor-only normalisations, each onto an element of the allow-list. */
const RENAME: Record<string, string> = { B: 'strong', I: 'em', DIV: 'p', STRIKE: 's', DEL: 's' };
const DROP = new Set(BODY_DROPPED_WITH_CONTENT.map((t) => t.toUpperCase()));
const BLOCK = new Set(['P', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'DL', 'BLOCKQUOTE', 'PRE', 'FIGURE', 'TABLE', 'HR']);
const SCOPES = new Set(['row', 'col', 'rowgroup', 'colgroup']);

/** An address the allow-list accepts, with blanks encoded; null for javascript:, data:, //host and the like. */
export function safeHref(href: string): string | null {
  const v = stripControl(href.trim()).replace(/\s/g, '%20');
  return v !== '' && isBodyUrl('href', v) ? v : null;
}

function safeSrc(src: string): string | null {
  const v = src.trim();
  return v !== '' && isBodyUrl('src', v) ? v : null;
}

/** The value to keep for an allowed plain attribute, or null to leave it out. */
function attributeValue(name: string, value: string): string | null {
  if (name === 'colspan' || name === 'rowspan') {
    const span = Number(value);
    return Number.isInteger(span) && span > 1 && span < 20 ? String(span) : null;
  }
  if (name === 'start' || name === 'width' || name === 'height') return /^\d{1,5}$/.test(value.trim()) ? value.trim() : null;
  if (name === 'scope') return SCOPES.has(value) ? value : null;
  if (name === 'loading') return value === 'lazy' ? value : null;
  return value;
}

/** Copies the allow-list's plain attributes of `from` (addresses and rel are set by the caller). */
function copyAttributes(from: Element, out: Element, tag: string): void {
  for (const attr of [...from.attributes]) {
    const name = attr.name.toLowerCase();
    if (name === 'href' || name === 'src' || name === 'rel' || name === 'alt' || !isBodyAttribute(tag, name)) continue;
    const value = attributeValue(name, attr.value);
    if (value !== null) out.setAttribute(name, value);
  }
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
    const kept = bodyTagFor(RENAME[tag] ?? tag);
    if (!kept) {
      cleanChildren(el, into, doc);
      continue;
    }
    const target = kept.toUpperCase();
    // A div holding blocks is only a wrapper.
    if (tag === 'DIV' && [...el.children].some((c) => BLOCK.has(c.tagName.toUpperCase()) || c.tagName.toUpperCase() === 'DIV')) {
      cleanChildren(el, into, doc);
      continue;
    }
    const out = doc.createElement(kept);
    copyAttributes(el, out, kept);
    if (target === 'A') {
      const href = safeHref(el.getAttribute('href') ?? '');
      if (!href) {
        cleanChildren(el, into, doc);
        continue;
      }
      out.setAttribute('href', href);
      if (/^https?:/i.test(href)) out.setAttribute('rel', 'noopener noreferrer');
    } else if (target === 'IMG') {
      const src = safeSrc(el.getAttribute('src') ?? '');
      if (!src) continue;
      out.setAttribute('src', src);
      out.setAttribute('alt', el.getAttribute('alt') ?? '');
    }
    cleanChildren(el, out, doc);
    into.appendChild(out);
  }
}

/** Drops empty paragraphs and trailing <br>s that contentEditable leaves behind. */
function tidy(root: Element): void {
  for (const p of [...root.querySelectorAll('p, h2, h3, h4, h5, h6, li, dt, dd, blockquote')]) {
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
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${para.split(/\r?\n/).map(esc).join('<br>')}</p>`)
    .join('');
}
