// Canonical paths: built here and only here, so links, sitemaps, feeds and redirects agree.

/** Letters NFKD does not decompose to ASCII. */
const TRANSLITERATE: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', đ: 'd', ł: 'l', þ: 'th', ð: 'd' };

/** Lower-case ASCII words joined by hyphens, at most 80 characters, cut on a word. */
export function slugify(text: string): string {
  const base = text
    .toLowerCase()
    .replace(/[ßæøœđłþð]/g, (ch) => TRANSLITERATE[ch] ?? ch)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length <= 80) return base || 'item';
  const cut = base.slice(0, 80);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 20 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
}

/** A section's system alias: its parent's alias plus its own slugged name. */
export function sectionSystemAlias(name: string, parentAlias: string | null): string {
  const own = slugify(name);
  return parentAlias ? `${parentAlias}/${own}` : own;
}

/** The path of a section's listing page. */
export function sectionPath(alias: string): string {
  return `/${alias}`;
}

export interface CanonicalInput {
  id: number;
  slug?: string | null;
  name: string;
  sectionAlias: string | null;
}

/** The canonical path of a content item: /<section-alias>/<id>/<slug>. Always contains the 8-digit id. */
export function contentPath(c: CanonicalInput): string {
  const slug = c.slug || slugify(c.name);
  return c.sectionAlias ? `/${c.sectionAlias}/${c.id}/${slug}` : `/${c.id}/${slug}`;
}

/** Matches the bare /:id route: exactly eight digits and nothing else. */
export function parseContentIdPath(path: string): number | null {
  const m = /^\/(\d{8})\/?$/.exec(path);
  return m ? Number(m[1]) : null;
}
