// `masthead import wordpress|ghost`: reads the export (WordPress streamed, twice: first the
// authors, terms and attachments and a check of every record, then the posts in batches), maps
// it (structure.ts, posts.ts) and writes through the store's writers, one transaction per batch.
// Each batch also records the progress of the run, so an interrupted import of the same file
// continues after the last committed batch. A dry run reads and maps everything, writes nothing.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Store, Db } from '../store/connection';
import * as q from '../store/queries/imports';
import { getTenant } from '../store/queries/tenants';
import { writeAssets, writeContentBatch, writePersons, writeRedirects, writeSections, writeTaxonomy } from '../store/writes';
import { contentSchema } from '../domain/records';
import { ImportFormatError, ImportInputError, type ArchiveSource, type ImportHeader, type ImportPost } from './model';
import { readWxr, WXR_VERSIONS } from './wxr';
import { readGhost } from './ghost';
import { readSubstack } from './substack';
import { readSubstackSubscribers, writeSubstackSubscribers, type SubstackSubscribers } from './substack-subscribers';
import { resolveNewsletter } from './people-shared';
import { isZip, unzipToTemp } from './zip';
import { MediaLibrary, type Resolved } from './media';
import { hashOf, planStructure, type IdCounters, type Structure } from './structure';
import { mapPost, SKIPPED_STATUS, type MappedPost } from './posts';
import { count, newReport, notImported, skip, warn, type ImportReport, type Kind } from './report';

export interface ImportOptions {
  source: ArchiveSource;
  file: string;
  tenantKey: string;
  dryRun?: boolean;
  mediaDir?: string | undefined;
  /** The old site's address, when the export does not give it (Ghost) or images moved. */
  siteUrl?: string | undefined;
  fetchTimeoutMs?: number;
  maxImageBytes?: number;
  batchSize?: number;
  onProgress?: (p: { phase: string; done: number; total?: number | undefined }) => void;
  /** Substack: the newsletter (id or title) the export's subscribers (email_list*.csv) are added to. */
  newsletter?: string | undefined;
  /** Substack: false leaves the subscriber lists out. */
  subscribers?: boolean | undefined;
  /** Called after each committed batch (1-based); throwing here stops the import like a crash would. */
  onBatchCommitted?: (batch: number) => void | Promise<void>;
}

export { ImportInputError };

async function fileHash(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) h.update(chunk as Buffer);
  return h.digest('hex');
}

interface Scan { header: ImportHeader; needsDefault: boolean; hasPages: boolean; posts?: ImportPost[]; blocks?: Map<string, string> }

/**
 * Pass one over a WXR file: everything but the posts, every record checked. A record with a bad
 * value is named in the report with its line and left out (the rest imports); records of kinds
 * that are not imported are counted by kind; categories, tags and authors that items use but the
 * channel does not declare are added (named from the item), so the posts have them.
 */
async function scanWxr(file: string, onProgress: ImportOptions['onProgress'], report: ImportReport): Promise<Scan> {
  const header: ImportHeader = { source: 'wordpress', version: '', authors: [], categories: [], tags: [], attachments: new Map(), postCount: 0 };
  let needsDefault = false;
  let hasPages = false;
  const blocks = new Map<string, string>();
  const used = { category: new Map<string, string>(), tag: new Map<string, string>(), author: new Set<string>() };
  for await (const r of readWxr(file)) {
    if (r.type === 'version') {
      if (!(WXR_VERSIONS as readonly string[]).includes(r.version)) throw new ImportFormatError(file, r.pos, '<wp:wxr_version>', `unknown WXR version ${JSON.stringify(r.version)} (1.0, 1.1 and 1.2 are read)`);
      header.version = r.version;
    } else if (r.type === 'site') header.siteUrl ??= r.url || undefined;
    else if (r.type === 'author') header.authors.push(r.author);
    else if (r.type === 'category') header.categories.push(r.category);
    else if (r.type === 'tag') header.tags.push(r.tag);
    else if (r.type === 'attachment') header.attachments.set(r.attachment.sourceId, r.attachment);
    else if (r.type === 'block') { blocks.set(r.sourceId, r.content); notImported(report, 'wp_block'); }
    else if (r.type === 'other') { notImported(report, r.postType); notImported(report, 'comment', r.comments); }
    else if (r.type === 'skipped') skip(report, r.record, r.reason, { line: r.pos.line });
    else {
      const p = r.post;
      header.postCount += 1;
      if (header.postCount % 1000 === 0) onProgress?.({ phase: 'reading', done: header.postCount });
      notImported(report, 'comment', p.comments ?? 0);
      if (p.kind === 'page') hasPages = true;
      else if (!p.categories.length) needsDefault = true;
      if (SKIPPED_STATUS[p.status]) continue; // a trashed post does not make sections, tags or persons
      for (const c of p.categories) if (!used.category.has(c)) used.category.set(c, p.termNames?.[`category:${c}`] ?? c);
      for (const t of p.tags) if (!used.tag.has(t)) used.tag.set(t, p.termNames?.[`tag:${t}`] ?? t);
      for (const a of p.authors) used.author.add(a);
    }
  }
  const declared = { category: new Set(header.categories.map((c) => c.slug)), tag: new Set(header.tags.map((t) => t.slug)), author: new Set(header.authors.map((a) => a.sourceId)) };
  for (const [slug, name] of used.category) {
    if (declared.category.has(slug)) continue;
    header.categories.push({ sourceId: slug, slug, name });
    warn(report, 'category-undeclared', `category ${slug}`, `used by items but not declared in the export; created as "${name}"`);
  }
  for (const [slug, name] of used.tag) {
    if (declared.tag.has(slug)) continue;
    header.tags.push({ sourceId: slug, slug, name });
    warn(report, 'tag-undeclared', `tag ${slug}`, `used by items but not declared in the export; created as "${name}"`);
  }
  for (const login of used.author) {
    if (declared.author.has(login)) continue;
    header.authors.push({ sourceId: login, login, displayName: login, firstName: '', lastName: '' });
    warn(report, 'author-undeclared', `author ${login}`, 'named by items but not declared in the export; created from the login');
  }
  return { header, needsDefault, hasPages, blocks };
}

async function* postsOf(opts: ImportOptions, scan: Scan): AsyncGenerator<ImportPost> {
  if (scan.posts) { yield* scan.posts; return; }
  for await (const r of readWxr(opts.file)) if (r.type === 'post') yield r.post;
}

export async function runImport(store: Store, opts: ImportOptions): Promise<ImportReport> {
  // A Substack export as Substack delivers it, a zip, is unpacked into a temporary folder first.
  if (opts.source === 'substack' && await isZip(opts.file)) {
    const z = await unzipToTemp(opts.file);
    try {
      return await importArchive(store, opts, await exportRoot(z.dir));
    } finally {
      await z.cleanup();
    }
  }
  return importArchive(store, opts, opts.file);
}

/** The import of `opts.file`, read from `folder` (the unpacked folder of a zipped Substack export, else the file itself). */
async function importArchive(store: Store, opts: ImportOptions, folder: string): Promise<ImportReport> {
  const started = performance.now();
  const report = newReport(opts.source, opts.file, opts.tenantKey, !!opts.dryRun);
  if (!(await getTenant(store.db, opts.tenantKey))) throw new ImportInputError('tenant', `no tenant with the key ${JSON.stringify(opts.tenantKey)}`);
  const batchSize = opts.batchSize ?? 250;

  let scan: Scan;
  let hashFile = opts.file;
  let subscribers: SubstackSubscribers | null = null;
  if (opts.source === 'wordpress') scan = await scanWxr(opts.file, opts.onProgress, report);
  else if (opts.source === 'substack') {
    const newsletter = opts.newsletter ? await resolveNewsletter(store.db, opts.tenantKey, opts.newsletter) : null;
    const x = await readSubstack(folder, opts.siteUrl);
    if (opts.subscribers !== false) subscribers = await readSubstackSubscribers(dirname(x.csvFile), opts.tenantKey, !!opts.dryRun, newsletter);
    hashFile = x.csvFile;
    for (const s of x.skipped) skip(report, s.record, s.reason, { line: s.line });
    for (const [kind, n] of Object.entries(x.notImported)) notImported(report, kind, n);
    scan = { header: x.header, needsDefault: x.posts.length > 0, hasPages: false, posts: x.posts };
  } else {
    const g = await readGhost(opts.file);
    for (const s of g.skipped) skip(report, s.record, s.reason, { path: s.path });
    for (const [kind, n] of Object.entries(g.notImported)) notImported(report, kind, n);
    scan = { header: g.header, needsDefault: g.posts.some((p) => p.kind === 'post'), hasPages: g.posts.some((p) => p.kind === 'page'), posts: g.posts };
  }
  const { header } = scan;
  report.version = header.version;
  const siteUrl = opts.siteUrl ?? header.siteUrl;
  const hash = await fileHash(hashFile);

  const maps = await q.loadMappings(store.db, opts.tenantKey, opts.source);
  const max = await q.maxIds(store.db);
  const ids: IdCounters = { next: (k: Kind) => (max[k] = Math.max(max[k] + 1, k === 'content' ? 10_000_000 : 1)) };
  const structure = planStructure(header, { maps, ids, report, aliases: await q.sectionsByAlias(store.db, opts.tenantKey) }, { defaultSection: scan.needsDefault, pagesSection: scan.hasPages });

  let run: q.ImportRun | undefined;
  if (!opts.dryRun) {
    run = await q.unfinishedRun(store.db, opts.tenantKey, opts.source, hash);
    if (run) report.resumedAfterBatch = run.batchesDone;
    else run = await store.transaction((tx) => q.startRun(tx, opts.tenantKey, opts.source, hash));
    if (run.batchesDone === 0) await store.transaction((tx) => writeStructure(tx, opts.tenantKey, opts.source, structure, (kind, id) => !maps.has(`${kind}:${id}`)));
  }

  const written = new Set<number>();
  const media = new MediaLibrary(
    { tenantKey: opts.tenantKey, mediaDir: opts.mediaDir, siteUrl, timeoutMs: opts.fetchTimeoutMs ?? 10_000, maxBytes: opts.maxImageBytes ?? 25_000_000, offline: !!opts.dryRun },
    {
      known: (url) => { const m = maps.get(`image:${url}`); return m ? { assetId: m.targetId, path: m.hash, key: url } : undefined; },
      existingAt: (path) => q.assetIdAt(store.db, opts.tenantKey, path),
      newId: () => ids.next('asset'),
      warn: (kind, detail) => warn(report, kind, 'image', detail),
    },
  );
  const ctx = { file: opts.file, source: opts.source, structure, attachments: header.attachments, blocks: scan.blocks, media, siteUrl, warn: (k: string, r: string, d: string) => warn(report, k, r, d) };

  let batch: ImportPost[] = [];
  let batchNo = 0;
  let done = 0;
  const flush = async () => {
    batchNo += 1;
    const items = batch;
    batch = [];
    if (run && batchNo <= run.batchesDone) { done += items.length; return; }
    const mapped: { post: ImportPost; m: MappedPost; hash: string; mapping?: q.Mapping }[] = [];
    for (const post of items) {
      const label = `${post.kind} "${post.title.slice(0, 60)}" (id ${post.sourceId})`;
      if (SKIPPED_STATUS[post.status]) { skip(report, label, SKIPPED_STATUS[post.status]!, post.pos); continue; }
      const mapping = maps.get(`post:${post.sourceId}`);
      // One item that cannot be mapped (an unknown status, a value the content schema refuses) is
      // named in the report and left out; the rest of the batch imports.
      let m: MappedPost;
      try {
        m = await mapPost(post, ctx, mapping?.targetId ?? ids.next('content'));
      } catch (e) {
        if (!(e instanceof ImportFormatError)) throw e;
        skip(report, label, e.message.slice(e.message.indexOf(`${label}: `) >= 0 ? e.message.indexOf(`${label}: `) + label.length + 2 : 0), post.pos);
        continue;
      }
      mapped.push({ post, m, mapping, hash: hashOf(m.extraRedirects ? [m.record, m.redirect ?? null, m.extraRedirects] : [m.record, m.redirect ?? null]) });
    }
    const work = async (tx: Db | null) => {
      const changed = mapped.filter((x) => x.mapping?.hash !== x.hash);
      for (const x of mapped) count(report, x.mapping ? (x.mapping.hash === x.hash ? 'unchanged' : 'updated') : 'created', 'content', `${x.post.kind} "${x.post.title}" → ${x.m.redirect?.to ?? x.m.record.id}`);
      const assets = new Map<number, Resolved>();
      for (const x of changed) for (const r of x.m.images) if (r.row && !written.has(r.assetId)) assets.set(r.assetId, r);
      for (const r of assets.values()) count(report, 'created', 'asset', r.path);
      const images = [...new Map(changed.flatMap((x) => x.m.images).filter((r) => r.path && !maps.has(`image:${r.key}`)).map((r) => [r.key, r])).values()];
      const redirects = await planRedirects(tx ?? store.db, opts.tenantKey, changed.map((x) => x.m), maps, ids, report);
      if (!tx) return;
      await refuseTaken(tx, 'content', changed.filter((x) => !x.mapping).map((x) => x.m.record.id));
      await refuseTaken(tx, 'asset', [...assets.keys()]);
      await refuseTaken(tx, 'redirect', redirects.rows.filter((r) => !maps.has(`redirect:${r.from}`)).map((r) => r.id));
      await writeAssets(tx, opts.tenantKey, [...assets.values()].map((r) => r.row!));
      await writeContentBatch(tx, opts.tenantKey, changed.map((x) => contentSchema.parse(x.m.record)));
      await writeRedirects(tx, opts.tenantKey, redirects.rows);
      await q.removeImportedRedirects(tx, opts.tenantKey, opts.source, redirects.removed);
      await q.saveMappings(tx, opts.tenantKey, opts.source, [
        ...changed.map((x) => ({ kind: 'post', sourceId: x.post.sourceId, targetId: x.m.record.id, hash: x.hash })),
        ...images.map((r) => ({ kind: 'image', sourceId: r.key, targetId: r.assetId, hash: r.path })),
        ...redirects.mappings,
      ]);
      await q.setRunProgress(tx, run!.id, batchNo);
      for (const id of assets.keys()) written.add(id);
      for (const r of images) maps.set(`image:${r.key}`, { targetId: r.assetId, hash: r.path });
      for (const r of redirects.removed) maps.delete(`redirect:${r.from}`);
    };
    if (opts.dryRun) await work(null);
    else await store.transaction((tx) => work(tx));
    done += items.length;
    opts.onProgress?.({ phase: 'importing', done, total: header.postCount });
    if (!opts.dryRun) await opts.onBatchCommitted?.(batchNo);
  };
  for await (const post of postsOf(opts, scan)) {
    batch.push(post);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length) await flush();
  report.batches = batchNo;
  if (subscribers) report.subscribers = await writeSubstackSubscribers(store, subscribers, Date.now());
  report.durationMs = Math.round(performance.now() - started);
  if (run) await store.transaction((tx) => q.finishRun(tx, run!.id, report as unknown as Record<string, unknown>));
  return report;
}

/** The folder of an unpacked export that holds posts.csv: the zip's top, or the one folder it has. */
async function exportRoot(dir: string): Promise<string> {
  const entries = await readdir(dir, { withFileTypes: true });
  if (entries.some((e) => e.isFile() && e.name === 'posts.csv')) return dir;
  const folders = entries.filter((e) => e.isDirectory());
  for (const f of folders) if (await stat(join(dir, f.name, 'posts.csv')).then(() => true, () => false)) return join(dir, f.name);
  return dir;
}

/**
 * New ids are picked after the largest in use when the import starts; should another writer (an
 * editor in the admin) have taken one since, the batch stops before it could overwrite that row.
 */
async function refuseTaken(tx: Db, kind: Kind, ids: number[]): Promise<void> {
  const taken = await q.idsInUse(tx, kind, ids);
  if (taken.length) throw new ImportInputError('id', `${kind} id ${taken[0]} was taken by another writer during the import; nothing of this batch was written — run the import again to continue`);
}

async function writeStructure(tx: Db, tenantKey: string, source: string, s: Structure, isNew: (kind: string, sourceId: string) => boolean): Promise<void> {
  const fresh = (kind: string) => s.writes.mappings.filter((m) => m.kind === kind && isNew(kind, m.sourceId)).map((m) => m.targetId);
  await refuseTaken(tx, 'section', fresh('category'));
  await refuseTaken(tx, 'person', fresh('author'));
  await refuseTaken(tx, 'taxonomy', fresh('tag'));
  await writeSections(tx, tenantKey, s.writes.sections);
  await writePersons(tx, tenantKey, s.writes.persons);
  await writeTaxonomy(tx, tenantKey, s.writes.terms);
  await q.saveMappings(tx, tenantKey, source, s.writes.mappings);
}

/**
 * The 301s of a batch: an old path imported before keeps its redirect id; an old path the tenant
 * already redirects elsewhere (a redirect staff made) is left alone and reported.
 */
async function planRedirects(db: Db, tenantKey: string, items: MappedPost[], maps: Map<string, q.Mapping>, ids: IdCounters, report: ImportReport) {
  const wanted: { from: string; to: string }[] = [];
  const seen = new Set<string>();
  for (const m of items) {
    for (const r of [...(m.redirect ? [m.redirect] : []), ...(m.extraRedirects ?? [])]) {
      if (seen.has(r.from)) { warn(report, 'redirect-duplicate', r.from, `two items had this old URL; it redirects to the first, not to ${r.to}`); continue; }
      seen.add(r.from);
      wanted.push(r);
    }
  }
  const existing = await q.redirectsByFrom(db, tenantKey, wanted.map((r) => r.from));
  const rows: { id: number; from: string; to: string; preserveQueryString: boolean }[] = [];
  const mappings: q.MappingRow[] = [];
  for (const r of wanted) {
    const mine = maps.get(`redirect:${r.from}`);
    const there = existing.get(r.from);
    if (there && (!mine || mine.targetId !== there.id)) {
      if (there.to !== r.to) warn(report, 'redirect-conflict', r.from, `the tenant already redirects ${r.from} to ${there.to}; left as it is`);
      continue;
    }
    if (mine && there && there.to === r.to) { count(report, 'unchanged', 'redirect'); continue; }
    const id = mine?.targetId ?? ids.next('redirect');
    count(report, mine ? 'updated' : 'created', 'redirect', `${r.from} → ${r.to}`);
    rows.push({ id, from: r.from, to: r.to, preserveQueryString: false });
    mappings.push({ kind: 'redirect', sourceId: r.from, targetId: id, hash: r.to });
  }
  // An item imported as published before and not published now: its old URL would lead nowhere.
  const removed: { id: number; from: string }[] = [];
  for (const m of items) {
    const mine = !m.redirect && m.oldFrom ? maps.get(`redirect:${m.oldFrom}`) : undefined;
    if (!mine || seen.has(m.oldFrom!)) continue;
    removed.push({ id: mine.targetId, from: m.oldFrom! });
    warn(report, 'redirect-removed', m.oldFrom!, `${m.record.name} is no longer published; its old URL no longer redirects`);
  }
  return { rows, mappings, removed };
}
