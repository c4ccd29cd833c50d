// Ghost post bodies from their editor documents, for exports whose posts carry no rendered `html`:
// mobiledoc (Ghost 1–4) and lexical (Ghost 5). Text, headings, lists, quotes and links become the
// body HTML Masthead has; Koenig cards become what it has for them: image → figure, gallery →
// figures, embed/bookmark/button → a link, callout → a quote, toggle → a heading and its text,
// header → a heading, subheading and link, html → the HTML (sanitised later like every body),
// markdown → HTML (a small CommonMark subset), divider → <hr>, code → <pre>. Cards Masthead has no
// counterpart for (signup, paywall, product, audio, video, file, email…) are dropped with a report line.
import { escapeHtml as esc } from '../domain/html-escape';

export type Warn = (kind: string, detail: string) => void;

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const isUrl = (u: string) => /^(https?:\/\/|__GHOST_URL__|\/)/i.test(u.trim());

const figure = (src: string, alt: string, caption: string) =>
  src ? `<figure><img src="${esc(src)}" alt="${esc(alt)}">${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>` : '';
const linkPara = (url: string, text: string) => (isUrl(url) ? `<p><a href="${esc(url)}">${text || esc(url)}</a></p>` : '');

/** Inline markdown: code, images, links, bold, italic (text is escaped first). */
function mdInline(s: string): string {
  return esc(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, '<img src="$2" alt="$1">')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>')
    .replace(/(\*\*|__)(.+?)\1/g, '<strong>$2</strong>')
    .replace(/(\*|_)(.+?)\1/g, '<em>$2</em>');
}

/** Markdown cards: headings, paragraphs, lists, quotes, fenced code, rules (raw HTML lines pass through). */
export function markdownToHtml(md: string): string {
  const out: string[] = [];
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  let para: string[] = [];
  let items: { tag: 'ul' | 'ol'; lines: string[] } | null = null;
  const flush = () => {
    if (para.length) out.push(`<p>${para.map(mdInline).join('<br>\n')}</p>`);
    para = [];
    if (items) out.push(`<${items.tag}>${items.lines.map((l) => `<li>${mdInline(l)}</li>`).join('')}</${items.tag}>`);
    items = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^```\s*([\w-]*)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !/^```/.test(lines[i]!)) code.push(lines[i]!);
      out.push(`<pre><code>${esc(code.join('\n'))}</code></pre>`);
      continue;
    }
    const h = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    const li = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (!line.trim()) flush();
    else if (h) { flush(); out.push(`<h${Math.max(2, h[1]!.length)}>${mdInline(h[2]!)}</h${Math.max(2, h[1]!.length)}>`); }
    else if (/^(?:-{3,}|\*{3,}|_{3,})\s*$/.test(line)) { flush(); out.push('<hr>'); }
    else if (/^>\s?/.test(line)) { flush(); out.push(`<blockquote><p>${mdInline(line.replace(/^>\s?/, ''))}</p></blockquote>`); }
    else if (li) {
      const tag = li[1] ? 'ul' : 'ol';
      if (para.length || (items && items.tag !== tag)) flush();
      items ??= { tag, lines: [] };
      items.lines.push(li[3]!);
    } else if (/^\s*<\/?[a-z][^>]*>/i.test(line) && !para.length) { flush(); out.push(line); }
    else { if (items) flush(); para.push(line); }
  }
  flush();
  return out.join('\n');
}

/** Card text Ghost stores as one paragraph of HTML, without that paragraph. */
const unwrapP = (html: string) => html.replace(/^\s*<p[^>]*>([\s\S]*?)<\/p>\s*$/i, '$1');

/** One Koenig card (the same payloads in mobiledoc and lexical). */
function card(name: string, p: Obj, warn: Warn): string {
  const caption = str(p.caption);
  switch (name) {
    case 'image':
      return figure(str(p.src), str(p.alt), caption);
    case 'gallery': {
      const images = list(p.images).map(obj);
      if (!images.length) { warn('card-dropped', 'gallery without images'); return ''; }
      return images.map((im) => figure(str(im.src), str(im.alt), str(im.caption))).join('') + (caption ? `<p>${caption}</p>` : '');
    }
    case 'embed':
    case 'bookmark': {
      const meta = obj(p.metadata);
      const url = str(p.url) || str(meta.url);
      const title = str(meta.title);
      const description = name === 'bookmark' ? str(meta.description) : '';
      if (!isUrl(url)) { warn('card-dropped', `${name} without a URL`); return ''; }
      warn('embed-as-link', `${name} ${url}`);
      return `<p><a href="${esc(url)}">${esc(title || url)}</a>${description ? ` — ${esc(description)}` : ''}</p>${caption ? `<p>${caption}</p>` : ''}`;
    }
    case 'callout':
      return `<blockquote><p>${str(p.calloutEmoji) ? `${esc(str(p.calloutEmoji))} ` : ''}${unwrapP(str(p.calloutText))}</p></blockquote>`;
    case 'toggle':
      return `<h3>${unwrapP(str(p.heading))}</h3>${/^\s*</.test(str(p.content)) ? str(p.content) : `<p>${str(p.content)}</p>`}`;
    case 'button':
      return linkPara(str(p.buttonUrl), esc(str(p.buttonText)));
    case 'header': {
      const head = str(p.header) || str(p.heading);
      return `${head ? `<h2>${unwrapP(head)}</h2>` : ''}${str(p.subheader) ? `<p>${unwrapP(str(p.subheader))}</p>` : ''}${p.buttonEnabled !== false ? linkPara(str(p.buttonUrl), esc(str(p.buttonText))) : ''}`;
    }
    case 'html':
      return str(p.html);
    case 'markdown':
    case 'card-markdown':
      return markdownToHtml(str(p.markdown));
    case 'hr':
    case 'horizontalrule':
      return '<hr>';
    case 'code':
    case 'codeblock':
      return `<pre><code>${esc(str(p.code))}</code></pre>${caption ? `<p>${caption}</p>` : ''}`;
    default:
      warn('card-dropped', `${name} card (Masthead has nothing like it)`);
      return '';
  }
}

/** A mobiledoc document (version 0.3.x) to HTML. */
export function mobiledocToHtml(doc: unknown, warn: Warn): string {
  const d = obj(doc);
  const markups = list(d.markups).map((m) => list(m));
  const atoms = list(d.atoms).map((a) => list(a));
  const cards = list(d.cards).map((c) => list(c));
  const markers = (ms: unknown[]): string => {
    let out = '';
    const open: string[] = [];
    for (const raw of ms) {
      const [type, opens, closes, value] = list(raw) as [number, number[], number, unknown];
      for (const i of list(opens) as number[]) {
        const [tag, attrs] = markups[i] ?? [];
        const t = str(tag).toLowerCase();
        const a = list(attrs);
        const href = t === 'a' ? a[a.indexOf('href') + 1] : undefined;
        out += t === 'a' ? `<a href="${esc(str(href))}">` : `<${t}>`;
        open.push(t);
      }
      if (type === 1) {
        const [name, text] = atoms[Number(value)] ?? [];
        out += name === 'soft-return' ? '<br>' : esc(str(text));
      } else out += esc(str(value));
      for (let k = 0; k < Number(closes); k++) out += `</${open.pop() ?? 'span'}>`;
    }
    while (open.length) out += `</${open.pop()}>`;
    return out;
  };
  const html: string[] = [];
  for (const s of list(d.sections).map((x) => list(x))) {
    const kind = Number(s[0]);
    if (kind === 1) {
      const tag = str(s[1]).toLowerCase();
      const inner = markers(list(s[2]));
      if (!inner.trim()) continue;
      const t = tag === 'h1' ? 'h2' : tag === 'aside' || tag === 'pull-quote' ? 'blockquote' : tag;
      html.push(t === 'blockquote' ? `<blockquote><p>${inner}</p></blockquote>` : `<${t}>${inner}</${t}>`);
    } else if (kind === 2) html.push(figure(str(s[1]), '', ''));
    else if (kind === 3) {
      const tag = str(s[1]).toLowerCase() === 'ol' ? 'ol' : 'ul';
      html.push(`<${tag}>${list(s[2]).map((item) => `<li>${markers(list(item))}</li>`).join('')}</${tag}>`);
    } else if (kind === 10) {
      const [name, payload] = cards[Number(s[1])] ?? [];
      html.push(card(str(name), obj(payload), warn));
    }
  }
  return html.filter(Boolean).join('\n');
}

const FORMAT: [number, string][] = [[1, 'strong'], [2, 'em'], [4, 's'], [8, 'u'], [16, 'code'], [32, 'sub'], [64, 'sup']];

/** A lexical document (Ghost 5) to HTML. */
export function lexicalToHtml(doc: unknown, warn: Warn): string {
  const node = (n: Obj): string => {
    const type = str(n.type);
    const kids = () => list(n.children).map((c) => node(obj(c))).join('');
    switch (type) {
      case 'root': return list(n.children).map((c) => node(obj(c))).filter(Boolean).join('\n');
      case 'text':
      case 'extended-text': {
        let t = esc(str(n.text));
        const f = Number(n.format) || 0;
        for (const [bit, tag] of FORMAT) if (f & bit) t = `<${tag}>${t}</${tag}>`;
        return t;
      }
      case 'linebreak': return '<br>';
      case 'tab': return ' ';
      case 'link':
      case 'autolink': return `<a href="${esc(str(n.url))}">${kids()}</a>`;
      case 'paragraph': { const k = kids(); return k.trim() ? `<p>${k}</p>` : ''; }
      case 'heading':
      case 'extended-heading': { const tag = /^h[1-6]$/.test(str(n.tag)) ? str(n.tag) : 'h2'; const t = tag === 'h1' ? 'h2' : tag; return `<${t}>${kids()}</${t}>`; }
      case 'quote':
      case 'extended-quote':
      case 'aside': return `<blockquote><p>${kids()}</p></blockquote>`;
      case 'list': { const tag = str(n.listType) === 'number' ? 'ol' : 'ul'; return `<${tag}>${kids()}</${tag}>`; }
      case 'listitem': return `<li>${kids()}</li>`;
      default:
        if (Array.isArray(n.children) && !['image', 'gallery'].includes(type)) return kids();
        return card(type, n, warn);
    }
  };
  return node(obj(obj(doc).root));
}

/** The body of a Ghost post: its rendered html, else its lexical or mobiledoc document rendered. */
export function ghostBody(p: { html?: unknown; lexical?: unknown; mobiledoc?: unknown }, warn: Warn): string {
  if (typeof p.html === 'string' && p.html.trim()) return p.html;
  const parse = (v: unknown) => { if (typeof v !== 'string') return v ?? undefined; try { return JSON.parse(v) as unknown; } catch { return undefined; } };
  const lexical = parse(p.lexical);
  if (lexical && obj(lexical).root) return lexicalToHtml(lexical, warn);
  const mobiledoc = parse(p.mobiledoc);
  if (mobiledoc && list(obj(mobiledoc).sections).length) return mobiledocToHtml(mobiledoc, warn);
  if (p.lexical || p.mobiledoc) warn('body-unreadable', 'neither the lexical nor the mobiledoc document could be read; imported without a body');
  return '';
}
