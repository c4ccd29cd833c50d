// The records an export is read into, the same for WordPress and Ghost, before they are mapped to
// Masthead's rows (map.ts). Readers fill these and name where each record starts in the file, so a
// bad value can be reported with its position.

export type ImportSource = 'wordpress' | 'ghost';
/** Every source the engine reads and `masthead import` offers (Substack: the unzipped export folder). */
export type ArchiveSource = ImportSource | 'substack';

/** Where a record starts: line and column for XML, a JSON path for Ghost. */
export interface SourcePos { line?: number; column?: number; path?: string }

export interface ImportAuthor { sourceId: string; login: string; displayName: string; firstName: string; lastName: string; bio?: string | undefined }
export interface ImportCategory { sourceId: string; slug: string; name: string; parentSlug?: string | undefined; description?: string | undefined }
export interface ImportTag { sourceId: string; slug: string; name: string }
export interface ImportAttachment { sourceId: string; url: string; title: string; alt?: string | undefined }

/** A value of an item the reader could not use and worked around (reported when the item is mapped). */
export interface ImportNote { kind: string; detail: string }

export type PostStatus = 'publish' | 'future' | 'draft' | 'pending' | 'private' | 'trash' | 'auto-draft' | 'inherit';

export interface ImportPost {
  sourceId: string;
  kind: 'post' | 'page';
  title: string;
  slug: string;
  status: string;
  /** Epoch ms (UTC), or undefined when the export gives none. */
  published?: number | undefined;
  body: string;
  excerpt: string;
  authors: string[];
  categories: string[];
  tags: string[];
  featuredImage?: string | undefined;
  /** The featured image as an attachment id (WordPress), resolved against the attachments. */
  featuredAttachment?: string | undefined;
  /** The item's public URL in the old site, as the export gives it. */
  link?: string | undefined;
  /** The item's earlier public URLs (WordPress `_wp_old_slug`), redirected too. */
  oldLinks?: string[] | undefined;
  seoTitle?: string | undefined;
  seoDescription?: string | undefined;
  /** Readable only by signed-in readers (a Ghost post for members or paying members). */
  registrationRequired?: boolean | undefined;
  /** Display names of the item's terms, by `category:slug` / `tag:slug` (for terms the export does not declare). */
  termNames?: Record<string, string> | undefined;
  /** Comments the item carries (counted, not imported: Masthead has no comment storage). */
  comments?: number | undefined;
  /** What the reader worked around in this item (reported as warnings). */
  notes?: ImportNote[] | undefined;
  pos: SourcePos;
}

/** Everything of an export except its posts (which are streamed in batches). */
export interface ImportHeader {
  source: ArchiveSource;
  version: string;
  siteUrl?: string | undefined;
  authors: ImportAuthor[];
  categories: ImportCategory[];
  tags: ImportTag[];
  attachments: Map<string, ImportAttachment>;
  /** Number of posts and pages in the export (for the progress bar). */
  postCount: number;
}

/** A bad export: the message names the file position and the record. Nothing of the batch is written. */
export class ImportFormatError extends Error {
  constructor(readonly file: string, readonly pos: SourcePos, readonly record: string, message: string) {
    super(`${file}${posText(pos)}: ${record ? `${record}: ` : ''}${message}`);
    this.name = 'ImportFormatError';
  }
}

export function posText(pos: SourcePos): string {
  if (pos.line !== undefined) return `:${pos.line}:${pos.column ?? 0}`;
  return pos.path ? ` at ${pos.path}` : '';
}

/** A bad option (tenant, newsletter, a tier no membership matches…): the message names it. Nothing is written. */
export class ImportInputError extends Error {
  constructor(readonly field: string, message: string) { super(`${field}: ${message}`); this.name = 'ImportInputError'; }
}
