// Content sidebars (public §4 "Hidden blocks", "Blocks dropped when empty"): boxed asides an
// editor attaches to a content item, kept in its metadata (content.metadata.sidebars, like the
// company profile in metadata.companyProfile) as a list of HTML bodies, or of { body } objects.
// The build sanitises each one like the body; the content sidebars block shows them.

/** The most sidebars an item shows. */
export const MAX_SIDEBARS = 10;

/** The raw sidebar bodies of an item's metadata (non-empty strings, at most MAX_SIDEBARS). */
export function sidebarBodies(metadataSidebars: unknown): string[] {
  if (!Array.isArray(metadataSidebars)) return [];
  const out: string[] = [];
  for (const s of metadataSidebars) {
    const body = typeof s === 'string' ? s : s && typeof s === 'object' && typeof (s as { body?: unknown }).body === 'string' ? (s as { body: string }).body : '';
    if (body.trim()) out.push(body);
    if (out.length >= MAX_SIDEBARS) break;
  }
  return out;
}
