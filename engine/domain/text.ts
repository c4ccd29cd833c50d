// Plain-text helpers for teasers and descriptions (admin §9 "Teaser summary truncation").

export const TEASER_LENGTH = 175;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Drops HTML tags (and the contents of script/style), decodes the common entities, collapses whitespace. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (m, name: string) => {
      const lower = name.toLowerCase();
      if (ENTITIES[lower] !== undefined) return ENTITIES[lower];
      if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16)) ?? m;
      if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10)) ?? m;
      return m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function safeCodePoint(n: number): string | undefined {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}

/**
 * Cuts text to at most `max` characters (the ellipsis included) on a word boundary. Text that
 * already fits is returned unchanged; a single word longer than `max` is cut hard.
 */
export function truncateWords(text: string, max = TEASER_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max); // max - 1 characters plus the ellipsis fit in `max`
  const cut = room.lastIndexOf(' ');
  const head = cut > 0 ? room.slice(0, cut) : room.slice(0, max - 1);
  return `${head.replace(/[\s,;:.!?–—-]+$/u, '')}…`;
}

/** A teaser for display: tags stripped, truncated at 175 characters on a word boundary. */
export function teaserText(teaser: string, max = TEASER_LENGTH): string {
  return truncateWords(htmlToText(teaser), max);
}
