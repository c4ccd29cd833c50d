// Which kind of export an uploaded file is, read from its first bytes (and, for a zip, from the
// names of its entries): a WordPress WXR, a Ghost JSON export, a Ghost members CSV or a Substack
// export. The admin may choose the kind or leave it to this; a file that is not an export of the
// chosen kind is refused here, before the importer opens it and before anything is written.
import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../domain/errors';
import { isZip, unzipToTemp } from '../../import/zip';

export const IMPORT_KINDS = ['wordpress', 'ghost', 'ghost-members', 'substack'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const KIND_LABEL: Record<ImportKind, string> = {
  wordpress: 'WordPress export (WXR)',
  ghost: 'Ghost JSON export',
  'ghost-members': 'Ghost members CSV',
  substack: 'Substack export',
};

const HEAD_BYTES = 64 * 1024;
const GHOST_MEMBER_COLUMNS = ['subscribed_to_emails', 'complimentary_plan', 'stripe_customer_id'];

/** What the importer is handed: the export (a file, or the unpacked Substack folder) and the media folder of a zip. */
export interface PreparedExport {
  kind: ImportKind;
  file: string;
  mediaDir?: string | undefined;
  cleanup: () => Promise<void>;
}

async function head(file: string): Promise<string> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, HEAD_BYTES, 0);
    // latin1 keeps every byte one character: the markers looked for are ASCII whatever the encoding.
    return buf.subarray(0, bytesRead).toString('latin1').replace(/^\xef\xbb\xbf/, '').trimStart();
  } finally {
    await fh.close();
  }
}

/** The kind a (not zipped) file's first 64 KB say it is, or a description of what it is instead. */
export async function sniffText(file: string): Promise<{ kind: ImportKind } | { other: string }> {
  const text = await head(file);
  if (text.startsWith('<')) {
    if (/wordpress\.org\/export\/1\.[0-2]\//.test(text)) return { kind: 'wordpress' };
    if (/<rss[\s>]/.test(text)) return { other: 'an RSS feed, not a WordPress export (no wordpress.org/export namespace)' };
    if (/<urlset[\s>]|<sitemapindex[\s>]/.test(text)) return { other: 'a sitemap' };
    if (/<html[\s>]|<!doctype html/i.test(text)) return { other: 'an HTML page' };
    return { other: 'an XML file without the WordPress export namespace' };
  }
  if (text.startsWith('{') || text.startsWith('[')) {
    if (/"db"\s*:/.test(text) && /"meta"\s*:/.test(text)) return { kind: 'ghost' };
    return { other: 'a JSON file without Ghost\'s db[0].meta and data' };
  }
  const first = (text.split(/\r?\n/, 1)[0] ?? '').toLowerCase().split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
  if (first.includes('email') && GHOST_MEMBER_COLUMNS.some((c) => first.includes(c))) return { kind: 'ghost-members' };
  if (first.includes('post_id') && first.includes('title')) return { kind: 'substack' };
  if (first.includes('email')) return { other: 'a CSV file of e-mail addresses without Ghost\'s member columns (subscribed_to_emails, complimentary_plan, stripe_customer_id)' };
  return { other: 'not a WordPress, Ghost or Substack export' };
}

/** Files under `dir` (depth first, shallowest first), skipping macOS resource forks. */
async function filesUnder(dir: string, depth = 0): Promise<string[]> {
  if (depth > 4) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  const here = entries.filter((e) => e.isFile() && !e.name.startsWith('._')).map((e) => join(dir, e.name));
  const below: string[] = [];
  for (const e of entries) if (e.isDirectory() && e.name !== '__MACOSX') below.push(...await filesUnder(join(dir, e.name), depth + 1));
  return [...here, ...below];
}

/** The uploads folder of an unpacked zip (wp-content/uploads, Ghost's content/images, or one named uploads or images), else its top. */
async function mediaFolder(dir: string, depth = 0): Promise<string> {
  const queue: { path: string; depth: number }[] = [{ path: dir, depth }];
  const named: string[] = [];
  while (queue.length) {
    const at = queue.shift()!;
    if (/[\\/](wp-content[\\/]uploads|content[\\/]images)$/.test(at.path)) return at.path;
    if (/[\\/](uploads|images)$/.test(at.path)) named.push(at.path);
    if (at.depth > 4) continue;
    for (const e of await readdir(at.path, { withFileTypes: true })) if (e.isDirectory() && e.name !== '__MACOSX') queue.push({ path: join(at.path, e.name), depth: at.depth + 1 });
  }
  return named[0] ?? dir;
}

const refuse = (fileName: string, message: string) => new AppError('BAD_USER_INPUT', { field: 'file', message: `"${fileName}" ${message}` });

/**
 * Works out the kind of the uploaded file at `path` (named `fileName` by the uploader) and checks
 * it against `chosen` ('auto' takes what is found). A zip is unpacked: a Substack export (posts.csv),
 * or a WordPress or Ghost export with its media (wp-content/uploads, content/images) beside it.
 */
export async function prepareExport(path: string, fileName: string, chosen: ImportKind | 'auto'): Promise<PreparedExport> {
  const mismatch = (found: string) => refuse(fileName, `is not a ${KIND_LABEL[chosen as ImportKind]}: it is ${found}. Choose the file the old site exported, or the kind that matches it.`);
  if (!(await isZip(path))) {
    const s = await sniffText(path);
    if ('other' in s) throw chosen === 'auto' ? refuse(fileName, `is not an export Masthead can import: it is ${s.other}.`) : mismatch(s.other);
    if (chosen !== 'auto' && s.kind !== chosen) throw mismatch(`a ${KIND_LABEL[s.kind]}`);
    return { kind: s.kind, file: path, cleanup: async () => {} };
  }
  let z: { dir: string; cleanup: () => Promise<void> };
  try {
    z = await unzipToTemp(path);
  } catch (e) {
    throw refuse(fileName, `could not be unpacked: ${(e as Error).message.replace(/^[^:]*: /, '')}`);
  }
  try {
    const files = await filesUnder(z.dir);
    const csv = files.find((f) => /(^|[\\/])posts\.csv$/.test(f));
    const found: { kind: ImportKind; file: string }[] = [];
    if (csv) found.push({ kind: 'substack', file: z.dir });
    for (const f of files.filter((x) => /\.(xml|json|csv)$/i.test(x) && x !== csv)) {
      const s = await sniffText(f);
      if ('kind' in s && s.kind !== 'substack') found.push({ kind: s.kind, file: f });
    }
    const pick = chosen === 'auto' ? found[0] : found.find((f) => f.kind === chosen);
    if (!pick) {
      throw chosen === 'auto' || found.length === 0
        ? refuse(fileName, `is a zip without an export in it${chosen === 'auto' ? '' : ` (no ${KIND_LABEL[chosen]})`}: put the export file (.xml, .json or Substack's posts.csv) in the zip, with its media folder beside it.`)
        : mismatch(`a zip holding a ${KIND_LABEL[found[0]!.kind]}`);
    }
    return { kind: pick.kind, file: pick.file, mediaDir: pick.kind === 'substack' ? undefined : await mediaFolder(z.dir), cleanup: z.cleanup };
  } catch (e) {
    await z.cleanup();
    throw e;
  }
}
