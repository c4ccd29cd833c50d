// Queries of the WordPress/Ghost import (engine/import): the source-id map, the run's progress,
// and the lookups the importer needs to give new rows ids and aliases that do not collide.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rawOf, type Db } from '../connection';
import * as t from '../schema';
import { importRuns, importSources } from '../schema-import';
import { allTenants } from '../tenant-scope';
import { upsertRows } from '../upsert';

export interface Mapping { targetId: number; hash: string }
export interface MappingRow { kind: string; sourceId: string; targetId: number; hash: string }

/** Every mapping of a tenant's import from one source, keyed `kind:sourceId`. */
export async function loadMappings(db: Db, tenantKey: string, source: string): Promise<Map<string, Mapping>> {
  const rows = await db.select().from(importSources).where(and(eq(importSources.tenantKey, tenantKey), eq(importSources.source, source)));
  return new Map(rows.map((r) => [`${r.kind}:${r.sourceId}`, { targetId: r.targetId, hash: r.hash }]));
}

export function saveMappings(db: Db, tenantKey: string, source: string, rows: MappingRow[]) {
  return upsertRows(rawOf(db), importSources, rows.map((r) => ({ ...r, tenantKey, source })), [importSources.tenantKey, importSources.source, importSources.kind, importSources.sourceId]);
}

/** The largest id in use per table (ids are global across tenants). */
export async function maxIds(db: Db): Promise<Record<'content' | 'section' | 'person' | 'taxonomy' | 'asset' | 'redirect', number>> {
  const max = async (table: typeof t.content | typeof t.websiteSections | typeof t.persons | typeof t.taxonomy | typeof t.assets | typeof t.redirects) => {
    // Ids are installation-wide: on PostgreSQL the largest of any tenant is read acting for all tenants.
    const [row] = await allTenants('id-allocation', async () => await db.select({ m: sql<number | null>`max(${table.id})` }).from(table));
    return Number(row?.m ?? 0);
  };
  return {
    content: await max(t.content), section: await max(t.websiteSections), person: await max(t.persons),
    taxonomy: await max(t.taxonomy), asset: await max(t.assets), redirect: await max(t.redirects),
  };
}

/** The tenant's sections by alias (to reuse one of the same alias and avoid alias collisions). */
export async function sectionsByAlias(db: Db, tenantKey: string): Promise<Map<string, number>> {
  const rows = await db.select({ id: t.websiteSections.id, alias: t.websiteSections.alias }).from(t.websiteSections).where(eq(t.websiteSections.tenantKey, tenantKey));
  return new Map(rows.map((r) => [r.alias, r.id]));
}

/** Stored redirects of the tenant among `froms`, by from-path. */
export async function redirectsByFrom(db: Db, tenantKey: string, froms: string[]): Promise<Map<string, { id: number; to: string }>> {
  const out = new Map<string, { id: number; to: string }>();
  for (let i = 0; i < froms.length; i += 500) {
    const rows = await db.select({ id: t.redirects.id, from: t.redirects.from, to: t.redirects.to }).from(t.redirects)
      .where(and(eq(t.redirects.tenantKey, tenantKey), inArray(t.redirects.from, froms.slice(i, i + 500))));
    for (const r of rows) out.set(r.from, { id: r.id, to: r.to });
  }
  return out;
}

/** The tenant's asset at a site path, if any (imported images are named by their content hash). */
export async function assetIdAt(db: Db, tenantKey: string, path: string): Promise<number | undefined> {
  const [row] = await db.select({ id: t.assets.id }).from(t.assets).where(and(eq(t.assets.tenantKey, tenantKey), eq(t.assets.path, path)));
  return row?.id;
}

export interface ImportRun { id: number; batchesDone: number }

/** The unfinished run of this file, if an earlier import of it stopped part way. */
export async function unfinishedRun(db: Db, tenantKey: string, source: string, fileHash: string): Promise<ImportRun | undefined> {
  const [row] = await db.select({ id: importRuns.id, batchesDone: importRuns.batchesDone, status: importRuns.status }).from(importRuns)
    .where(and(eq(importRuns.tenantKey, tenantKey), eq(importRuns.source, source), eq(importRuns.fileHash, fileHash)))
    .orderBy(desc(importRuns.id)).limit(1);
  return row && row.status === 'running' ? { id: row.id, batchesDone: row.batchesDone } : undefined;
}

export async function startRun(db: Db, tenantKey: string, source: string, fileHash: string): Promise<ImportRun> {
  const [row] = await db.insert(importRuns).values({ tenantKey, source, fileHash, status: 'running' }).returning({ id: importRuns.id });
  return { id: row!.id, batchesDone: 0 };
}

export async function setRunProgress(db: Db, runId: number, batchesDone: number): Promise<void> {
  await db.update(importRuns).set({ batchesDone }).where(eq(importRuns.id, runId));
}

export async function finishRun(db: Db, runId: number, report: Record<string, unknown>): Promise<void> {
  await db.update(importRuns).set({ status: 'done', report, finishedAt: Date.now() }).where(eq(importRuns.id, runId));
}

const ID_TABLES = { content: t.content, section: t.websiteSections, person: t.persons, taxonomy: t.taxonomy, asset: t.assets, redirect: t.redirects } as const;

/** Which of `ids` are in use already (a new id the importer picked that another writer took meanwhile). */
export async function idsInUse(db: Db, kind: keyof typeof ID_TABLES, ids: number[]): Promise<number[]> {
  const table = ID_TABLES[kind];
  const out: number[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await allTenants('id-allocation', async () => await db.select({ id: table.id }).from(table).where(inArray(table.id, ids.slice(i, i + 500))));
    out.push(...rows.map((r) => r.id));
  }
  return out;
}

/** Removes redirects an earlier import made (their item is no longer published) and their map rows. */
export async function removeImportedRedirects(db: Db, tenantKey: string, source: string, rows: { id: number; from: string }[]): Promise<void> {
  if (!rows.length) return;
  await db.delete(t.redirects).where(and(eq(t.redirects.tenantKey, tenantKey), inArray(t.redirects.id, rows.map((r) => r.id))));
  await db.delete(importSources).where(and(eq(importSources.tenantKey, tenantKey), eq(importSources.source, source), eq(importSources.kind, 'redirect'), inArray(importSources.sourceId, rows.map((r) => r.from))));
}
