// WordPress post content to clean body HTML: Gutenberg block comments are removed (their inner
// HTML is already the rendered block) or, for blocks WordPress renders only at request time,
// dropped with a report line; shortcodes become plain HTML ([caption] → figure, [embed] and media
// → a link, [gallery] → figures of the attachments), page-builder and form shortcodes are dropped
// with a report line (their text kept), and shortcodes nobody registered are kept as the text they
// are; a reusable block (`<!-- wp:block {"ref":N} /-->`) is replaced by the wp_block item's
// content; classic posts get WordPress's paragraphs (wpautop). The result still goes through the
// shared sanitiser.
import type { ImportAttachment } from './model';
import { escapeHtml as esc } from '../domain/html-escape';

export type Warn = (kind: string, detail: string) => void;


/** Blocks with inner HTML of their own: the comments go, the HTML stays. */
const DYNAMIC_BLOCK = /<!--\s+wp:([a-z0-9-]+(?:\/[a-z0-9-]+)?)(\s+\{(?:(?!-->)[\s\S])*?\})?\s+\/-->/g;
const EMBED_BLOCK = /<!--\s+wp:(?:core-embed\/[a-z0-9-]+|embed)\s+(\{(?:(?!-->)[\s\S])*?\})\s+-->[\s\S]*?<!--\s+\/wp:(?:core-embed\/[a-z0-9-]+|embed)\s+-->/g;
const BLOCK_COMMENT = /<!--\s+\/?wp:[a-z0-9-]+(?:\/[a-z0-9-]+)?(?:\s+\{(?:(?!-->)[\s\S])*?\})?\s+\/?-->/g;

/** Shortcodes WordPress core and the common plugins register (others in brackets stay text unless closed). */
const KNOWN = new Set(['caption', 'wp_caption', 'gallery', 'embed', 'audio', 'video', 'playlist', 'youtube', 'vimeo', 'tweet', 'contact-form-7', 'contact-form', 'gravityform', 'su_button', 'button', 'wpforms', 'ninja_form', 'instagram', 'soundcloud']);

function attrs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]+))/g)) out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  const bare = text.replace(/([\w-]+)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s\]]+)/g, '').trim();
  if (bare) out[''] = bare;
  return out;
}

const link = (url: string) => (/^https?:\/\//i.test(url) ? `<p><a href="${esc(url)}">${esc(url)}</a></p>` : '');

function shortcode(name: string, a: Record<string, string>, inner: string | null, attachments: Map<string, ImportAttachment>, warn: Warn): string {
  switch (name) {
    case 'caption':
    case 'wp_caption': {
      const body = inner ?? '';
      const img = /<a\b[^>]*>\s*<img\b[^>]*>\s*<\/a>|<img\b[^>]*>/i.exec(body)?.[0] ?? '';
      const caption = (a.caption ?? body.replace(img, '')).trim();
      return `<figure>${img}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
    }
    case 'gallery': {
      const ids = (a.ids ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      const found = ids.map((id) => attachments.get(id)).filter((x): x is ImportAttachment => !!x);
      if (found.length < ids.length) warn('gallery-image-missing', `${ids.length - found.length} of ${ids.length} gallery images are not in the export`);
      if (!found.length) { warn('shortcode-dropped', 'gallery (no attachment ids)'); return ''; }
      return found.map((x) => `<figure><img src="${esc(x.url)}" alt="${esc(x.alt ?? x.title)}">${x.title ? `<figcaption>${esc(x.title)}</figcaption>` : ''}</figure>`).join('');
    }
    case 'embed':
    case 'youtube':
    case 'vimeo':
    case 'tweet':
    case 'instagram':
    case 'soundcloud': {
      const url = (inner ?? a.url ?? a.src ?? a[''] ?? '').trim();
      const out = link(url);
      if (!out) warn('shortcode-dropped', `${name} without a URL`);
      else warn('embed-as-link', `${name} ${url}`);
      return out;
    }
    case 'audio':
    case 'video': {
      const url = a.src ?? a.mp3 ?? a.mp4 ?? a.m4a ?? a.ogg ?? a.webm ?? '';
      const out = link(url);
      warn(out ? 'embed-as-link' : 'shortcode-dropped', `${name} ${url}`.trim());
      return out;
    }
    default:
      warn('shortcode-dropped', name);
      return inner ?? '';
  }
}

const isKnown = (n: string) => KNOWN.has(n) || /^(et_pb|vc|fusion|av)_/.test(n);

/**
 * Replaces the shortcodes WordPress core and the common plugins register; any other bracketed
 * name (`[my_box]…[/my_box]`, `[sic]`) is kept as text (with a `shortcode-kept` line when it has a
 * closing tag), though known shortcodes inside it are converted.
 */
export function convertShortcodes(html: string, attachments: Map<string, ImportAttachment>, warn: Warn, depth = 0): string {
  if (depth > 8) return html;
  const out = html.replace(/\[([a-zA-Z][\w-]*)((?:\s[^\]]*)?)\]([\s\S]*?)\[\/\1\]/g, (_m, name: string, a: string, inner: string) => {
    const n = name.toLowerCase();
    if (!isKnown(n)) {
      warn('shortcode-kept', `[${name}] is not a shortcode Masthead knows; kept as text`);
      return `[${name}${a}]${convertShortcodes(inner, attachments, warn, depth + 1)}[/${name}]`;
    }
    return shortcode(n, attrs(a), convertShortcodes(inner, attachments, warn, depth + 1), attachments, warn);
  });
  return out.replace(/\[([a-zA-Z][\w-]*)((?:\s[^\]]*)?)\/?\]/g, (m, name: string, a: string) => {
    const n = name.toLowerCase();
    if (!isKnown(n)) return m;
    return shortcode(n, attrs(a), null, attachments, warn);
  });
}

const REUSABLE_BLOCK = /<!--\s+wp:block\s+(\{(?:(?!-->)[\s\S])*?\})\s+\/-->/g;

/** Reusable blocks (wp_block items) in place of their references, nested ones too (to a depth of 4). */
export function inlineReusableBlocks(raw: string, blocks: Map<string, string>, warn: Warn, depth = 0): string {
  return raw.replace(REUSABLE_BLOCK, (m, json: string) => {
    let ref = '';
    try { ref = String((JSON.parse(json) as { ref?: unknown }).ref ?? ''); } catch { ref = ''; }
    const content = blocks.get(ref);
    if (content === undefined || depth >= 4) { warn('block-dropped', `wp:block ${ref}: the reusable block is not in the export`); return ''; }
    return inlineReusableBlocks(content, blocks, warn, depth + 1);
  });
}

/** WordPress's wpautop, enough for classic-editor posts: blank lines make paragraphs, single newlines <br>. */
export function autop(text: string): string {
  const BLOCK = /^<\/?(p|div|h[1-6]|ul|ol|li|blockquote|pre|table|thead|tbody|tr|td|th|figure|figcaption|hr|dl|dt|dd|address|section|article|aside|header|footer|form|iframe)\b/i;
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (BLOCK.test(p) ? p : `<p>${p.replace(/\n/g, '<br>\n')}</p>`))
    .join('\n');
}

/** Gutenberg or classic content to plain HTML (not yet sanitised). */
export function convertWordPressBody(raw: string, attachments: Map<string, ImportAttachment>, warn: Warn, blocks: Map<string, string> = new Map()): string {
  const isBlocks = /<!--\s+wp:/.test(raw);
  let html = convertShortcodes(isBlocks ? inlineReusableBlocks(raw, blocks, warn) : raw, attachments, warn);
  if (isBlocks) {
    html = html.replace(EMBED_BLOCK, (_m, json: string) => {
      let url = '';
      try { url = String((JSON.parse(json) as { url?: string }).url ?? ''); } catch { url = ''; }
      warn(link(url) ? 'embed-as-link' : 'block-dropped', `wp:embed ${url}`.trim());
      return link(url);
    });
    html = html.replace(DYNAMIC_BLOCK, (_m, name: string, json?: string) => {
      if (name === 'shortcode' || name === 'html' || name === 'separator' || name === 'spacer') return name === 'separator' ? '<hr>' : '';
      let url: string | undefined;
      try { url = json ? (JSON.parse(json) as { url?: string }).url : undefined; } catch { url = undefined; }
      if (url && link(url)) { warn('embed-as-link', `wp:${name} ${url}`); return link(url); }
      warn('block-dropped', `wp:${name} (rendered by WordPress at request time)`);
      return '';
    });
    html = html.replace(BLOCK_COMMENT, '').replace(/\n{3,}/g, '\n\n');
  } else {
    html = autop(html);
  }
  return html;
}
