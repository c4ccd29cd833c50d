// Build state and the rebuild queue (tables in schema-builds.ts). Raw SQL for bulk writes: a full
// build stores tens of thousands of output rows in one transaction.
import { rawOf, type Db, type RawSql, type SqlValue, type Store } from '../connection';

export interface TargetRow {
  id: number; tenantKey: string; outDir: string; configHash: string; buildId: string | null; builtAt: number | null;
  epoch: number; nextBoundary: number | null; state: string; startedAt: number | null; finishedAt: number | null;
  pagesWritten: number; error: string | null;
}
export interface OutputRow { path: string; grp: string; hash: string; deps: string[] }
export interface TargetState { inputs: Map<string, string>; outputs: Map<string, OutputRow> }

const TARGET_COLS = `id, tenant_key AS tenantKey, out_dir AS outDir, config_hash AS configHash, build_id AS buildId, built_at AS builtAt,
  epoch, next_boundary AS nextBoundary, state, started_at AS startedAt, finished_at AS finishedAt, pages_written AS pagesWritten, error`;

/** The database's build epoch: bumped by triggers on every write to a table the build reads. */
export async function readEpoch(store: Store): Promise<number> {
  const rows = await store.all<{ n: number }>('SELECT n FROM build_epoch WHERE id = 1');
  return rows[0]?.n ?? 0;
}

export async function findTarget(store: Store, tenantKey: string, outDir: string): Promise<TargetRow | null> {
  const rows = await store.all<TargetRow>(`SELECT ${TARGET_COLS} FROM build_targets WHERE tenant_key = ? AND out_dir = ?`, [tenantKey, outDir]);
  return rows[0] ?? null;
}

/** The target row of (tenant, folder), created (state queued) when missing. */
export async function ensureTarget(store: Store, tenantKey: string, outDir: string): Promise<TargetRow> {
  // Read first: the row exists at every update but the first (one round trip, not two, on PostgreSQL).
  const found = await findTarget(store, tenantKey, outDir);
  if (found) return found;
  await store.run('INSERT INTO build_targets (tenant_key, out_dir) VALUES (?, ?) ON CONFLICT (tenant_key, out_dir) DO NOTHING', [tenantKey, outDir]);
  return (await findTarget(store, tenantKey, outDir))!;
}

export type TargetPatch = Partial<Omit<TargetRow, 'id' | 'tenantKey' | 'outDir'>>;
const PATCH_COLUMNS: Record<keyof TargetPatch, string> = {
  configHash: 'config_hash', buildId: 'build_id', builtAt: 'built_at', epoch: 'epoch', nextBoundary: 'next_boundary', state: 'state',
  startedAt: 'started_at', finishedAt: 'finished_at', pagesWritten: 'pages_written', error: 'error',
};

export async function updateTarget(store: RawSql, id: number, patch: TargetPatch): Promise<void> {
  const entries = Object.entries(patch).filter(([k, v]) => v !== undefined && k in PATCH_COLUMNS) as [keyof TargetPatch, SqlValue][];
  if (!entries.length) return;
  await store.run(
    `UPDATE build_targets SET ${entries.map(([k]) => `${PATCH_COLUMNS[k]} = ?`).join(', ')}, updated_at = cast(unixepoch('subsec') * 1000 as integer) WHERE id = ?`,
    [...entries.map(([, v]) => v), id],
  );
}

export async function loadTargetState(store: Store, targetId: number): Promise<TargetState> {
  const [inputs, outputs] = await Promise.all([
    store.all<{ key: string; hash: string }>('SELECT key, hash FROM build_inputs WHERE target_id = ?', [targetId]),
    store.all<{ path: string; grp: string; hash: string; deps: string }>('SELECT path, grp, hash, deps FROM build_outputs WHERE target_id = ?', [targetId]),
  ]);
  return {
    inputs: new Map(inputs.map((r) => [r.key, r.hash])),
    outputs: new Map(outputs.map((r) => [r.path, { path: r.path, grp: r.grp, hash: r.hash, deps: JSON.parse(r.deps) as string[] }])),
  };
}

const BATCH = 200;

/** Inserts rows, replacing those with the same key (an upsert both SQLite and PostgreSQL read). */
async function insertRows(store: RawSql, table: string, key: string[], cols: string[], rows: SqlValue[][]): Promise<void> {
  const set = cols.filter((c) => !key.includes(c)).map((c) => `${c} = excluded.${c}`).join(', ');
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    const one = `(${cols.map(() => '?').join(', ')})`;
    await store.run(`INSERT INTO ${table} (${cols.join(', ')}) VALUES ${part.map(() => one).join(', ')} ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${set}`, part.flat());
  }
}

/**
 * Stores a build's state. `replace`: the whole state (a full build); otherwise a delta where a null
 * value removes the key or output. One transaction with the target row, so state and build id
 * always describe the same build.
 */
export async function saveTargetState(
  store: Store, targetId: number, patch: TargetPatch,
  inputs: Map<string, string | null>, outputs: Map<string, OutputRow | null>, replace: boolean,
): Promise<void> {
  await store.transaction(async (tx) => {
    const sql = rawOf(tx);
    if (replace) {
      await sql.run('DELETE FROM build_inputs WHERE target_id = ?', [targetId]);
      await sql.run('DELETE FROM build_outputs WHERE target_id = ?', [targetId]);
    }
    const goneInputs = [...inputs].filter(([, h]) => h === null).map(([k]) => k);
    const goneOutputs = [...outputs].filter(([, o]) => o === null).map(([p]) => p);
    for (let i = 0; i < goneInputs.length; i += BATCH) {
      const part = goneInputs.slice(i, i + BATCH);
      await sql.run(`DELETE FROM build_inputs WHERE target_id = ? AND key IN (${part.map(() => '?').join(',')})`, [targetId, ...part]);
    }
    for (let i = 0; i < goneOutputs.length; i += BATCH) {
      const part = goneOutputs.slice(i, i + BATCH);
      await sql.run(`DELETE FROM build_outputs WHERE target_id = ? AND path IN (${part.map(() => '?').join(',')})`, [targetId, ...part]);
    }
    const inputRows: SqlValue[][] = [];
    for (const [k, h] of inputs) if (h !== null) inputRows.push([targetId, k, h]);
    await insertRows(sql, 'build_inputs', ['target_id', 'key'], ['target_id', 'key', 'hash'], inputRows);
    const outputRows: SqlValue[][] = [];
    for (const [, o] of outputs) if (o) outputRows.push([targetId, o.path, o.grp, o.hash, JSON.stringify(o.deps)]);
    await insertRows(sql, 'build_outputs', ['target_id', 'path'], ['target_id', 'path', 'grp', 'hash', 'deps'], outputRows);
    await updateTarget(sql, targetId, patch);
  });
}

/** The tenant's other targets (output folders besides `outDir`): id and folder. */
export async function otherTargets(store: Store, tenantKey: string, outDir: string): Promise<{ id: number; outDir: string }[]> {
  return store.all<{ id: number; outDir: string }>('SELECT id, out_dir AS outDir FROM build_targets WHERE tenant_key = ? AND out_dir <> ? ORDER BY id', [tenantKey, outDir]);
}

/** Deletes targets with their stored inputs and outputs (explicitly: whatever the foreign-key setting). */
export async function deleteTargets(store: Store, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await store.transaction(async (tx) => {
    const sql = rawOf(tx);
    for (let i = 0; i < ids.length; i += BATCH) {
      const part = ids.slice(i, i + BATCH);
      const marks = part.map(() => '?').join(',');
      await sql.run(`DELETE FROM build_inputs WHERE target_id IN (${marks})`, part);
      await sql.run(`DELETE FROM build_outputs WHERE target_id IN (${marks})`, part);
      await sql.run(`DELETE FROM build_targets WHERE id IN (${marks})`, part);
    }
  });
}

// ---- the rebuild queue ----

export interface RebuildRequestRow { id: number; tenantKey: string; change: string; enqueuedAt: number; state: string; startedAt: number | null }

/** Stores a request (durable before the API answers). Returns its id. */
export async function enqueueRebuild(store: Store, tenantKey: string, change: unknown, at: number): Promise<number> {
  // RETURNING id: PostgreSQL reports no last id otherwise; SQLite gives it either way.
  const r = await store.run('INSERT INTO rebuild_requests (tenant_key, change, enqueued_at) VALUES (?, ?, ?) RETURNING id', [tenantKey, JSON.stringify(change), at]);
  return r.lastID;
}

/**
 * The same request written on the caller's transaction (engine/services/kernel/operation.ts `commit`): it commits or
 * rolls back with the edit itself, so an acknowledged edit always has its rebuild request, even
 * if the database goes away right after the commit.
 */
export async function stageRebuild(tx: Db, tenantKey: string, change: unknown, at: number): Promise<void> {
  await rawOf(tx).run('INSERT INTO rebuild_requests (tenant_key, change, enqueued_at) VALUES (?, ?, ?)', [tenantKey, JSON.stringify(change), at]);
}

/**
 * Tenants whose requests no rebuild is working on, as far as the database can tell: pending ones
 * due by `readyAt`, and running ones claimed before `staleBefore` (their rebuild's process died
 * and no other request of the tenant came to claim them). The PostgreSQL queue's sweep asks for these.
 */
export async function tenantsWithUnclaimedRequests(store: Store, readyAt: number, staleBefore: number): Promise<string[]> {
  const rows = await store.all<{ k: string }>(
    `SELECT DISTINCT tenant_key AS k FROM rebuild_requests
     WHERE (state = 'pending' AND (retry_at IS NULL OR retry_at <= ?)) OR (state = 'running' AND started_at < ?) ORDER BY k`, [readyAt, staleBefore]);
  return rows.map((r) => r.k);
}

/**
 * True when the tenant has a pending request due by `readyAt`: one no rebuild has claimed yet (a
 * request waiting for its retry is not due). The PostgreSQL queue asks this while a rebuild of
 * the tenant runs (its second phase then yields to the newer edit) and after it (the newer edit's
 * job then runs at once, not at the job library's next poll).
 */
export async function hasDueRequest(store: Store, tenantKey: string, readyAt: number): Promise<boolean> {
  const rows = await store.all<{ one: number }>(
    "SELECT 1 AS one FROM rebuild_requests WHERE tenant_key = ? AND state = 'pending' AND (retry_at IS NULL OR retry_at <= ?) LIMIT 1", [tenantKey, readyAt]);
  return rows.length > 0;
}

/**
 * Tenants with pending or running requests (running ones were cut off by a crash or a stop).
 * With `readyAt`: only requests due by then (a failed one waiting for its retry is not).
 */
export async function tenantsWithOpenRequests(store: Store, readyAt?: number): Promise<string[]> {
  const rows = readyAt === undefined
    ? await store.all<{ k: string }>("SELECT DISTINCT tenant_key AS k FROM rebuild_requests WHERE state IN ('pending', 'running') ORDER BY k")
    : await store.all<{ k: string }>("SELECT DISTINCT tenant_key AS k FROM rebuild_requests WHERE state IN ('pending', 'running') AND (retry_at IS NULL OR retry_at <= ?) ORDER BY k", [readyAt]);
  return rows.map((r) => r.k);
}

/**
 * Marks every open request of the tenant running and returns them (state running, started `at`),
 * oldest first (they coalesce into one rebuild). One statement: on PostgreSQL a transaction around
 * a read and an update was six round trips of every edit's rebuild.
 */
export async function claimRequests(store: Store, tenantKey: string, at: number): Promise<RebuildRequestRow[]> {
  const rows = await store.all<RebuildRequestRow>(
    `UPDATE rebuild_requests SET state = 'running', started_at = ? WHERE tenant_key = ? AND state IN ('pending', 'running')
     RETURNING id, tenant_key AS tenantKey, change, enqueued_at AS enqueuedAt, state, started_at AS startedAt`, [at, tenantKey]);
  return rows.sort((a, b) => a.id - b.id);
}

export async function finishRequests(store: Store, ids: number[], result: { state: 'done' | 'failed'; at: number; buildId?: string | null; error?: string | null }): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH) {
    const part = ids.slice(i, i + BATCH);
    await store.run(`UPDATE rebuild_requests SET state = ?, finished_at = ?, build_id = ?, error = ? WHERE id IN (${part.map(() => '?').join(',')})`,
      [result.state, result.at, result.buildId ?? null, result.error ?? null, ...part]);
  }
}

/** Wait before the next retry of requests that failed `attempts` times: 5 s, doubling, at most 10 min (retried for good, with an alarm). */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);
}

/**
 * A failed rebuild: its requests go back to pending with one more attempt, the error and the time
 * of their retry, so an acknowledged edit is never left unpublished (a restart resumes them too).
 * Returns the retry time.
 */
export async function retryRequests(store: Store, ids: number[], result: { at: number; error: string }, delay: (attempts: number) => number = retryDelayMs): Promise<number> {
  let attempts = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const part = ids.slice(i, i + BATCH);
    const [row] = await store.all<{ n: number | null }>(`SELECT MAX(attempts) AS n FROM rebuild_requests WHERE id IN (${part.map(() => '?').join(',')})`, part);
    attempts = Math.max(attempts, Number(row?.n ?? 0) + 1);
  }
  const retryAt = result.at + delay(attempts);
  for (let i = 0; i < ids.length; i += BATCH) {
    const part = ids.slice(i, i + BATCH);
    await store.run(`UPDATE rebuild_requests SET state = 'pending', attempts = attempts + 1, error = ?, retry_at = ?, finished_at = ? WHERE id IN (${part.map(() => '?').join(',')})`,
      [result.error.slice(0, 2000), retryAt, result.at, ...part]);
  }
  return retryAt;
}

export interface FailingRebuild { tenantKey: string; requests: number; attempts: number; retryAt: number | null; error: string | null; since: number }

/** Tenants whose open requests have failed at least once: what the System screen raises as an alarm. */
export async function failingRebuilds(store: Store): Promise<FailingRebuild[]> {
  const rows = await store.all<{ k: string; n: number; a: number; r: number | null; s: number }>(
    `SELECT tenant_key AS k, COUNT(*) AS n, MAX(attempts) AS a, MIN(retry_at) AS r, MIN(enqueued_at) AS s
     FROM rebuild_requests WHERE state IN ('pending', 'running') AND attempts > 0 GROUP BY tenant_key ORDER BY tenant_key`, []);
  const out: FailingRebuild[] = [];
  for (const r of rows) {
    const [last] = await store.all<{ e: string | null }>(
      `SELECT error AS e FROM rebuild_requests WHERE tenant_key = ? AND state IN ('pending', 'running') AND attempts > 0 ORDER BY finished_at DESC, id DESC LIMIT 1`, [r.k]);
    out.push({ tenantKey: r.k, requests: Number(r.n), attempts: Number(r.a), retryAt: r.r === null ? null : Number(r.r), error: last?.e ?? null, since: Number(r.s) });
  }
  return out;
}

/** Drops finished requests older than `before` (the queue table stays small). */
export async function pruneRequests(store: Store, before: number): Promise<void> {
  await store.run("DELETE FROM rebuild_requests WHERE state IN ('done', 'failed') AND finished_at < ?", [before]);
}

export interface BuildStatusRow {
  state: 'queued' | 'building' | 'live' | 'failed'; buildId: string | null; requestedAt: number | null; startedAt: number | null;
  finishedAt: number | null; pagesWritten: number; error: string | null;
}

/**
 * The tenant's build status: queued while a request waits, building while one runs (or a target
 * builds), else the most recent target's state (live or failed). Null when it was never built.
 */
export async function readBuildStatus(store: Store, tenantKey: string): Promise<BuildStatusRow | null> {
  const [open, targets] = await Promise.all([
    store.all<{ state: string; enqueuedAt: number; startedAt: number | null; attempts: number; error: string | null }>(
      `SELECT state, enqueued_at AS enqueuedAt, started_at AS startedAt, attempts, error FROM rebuild_requests
       WHERE tenant_key = ? AND state IN ('pending', 'running') ORDER BY id`, [tenantKey]),
    store.all<TargetRow>(`SELECT ${TARGET_COLS} FROM build_targets WHERE tenant_key = ? ORDER BY updated_at DESC, id DESC LIMIT 1`, [tenantKey]),
  ]);
  const t = targets[0];
  if (!t && !open.length) return null;
  const running = open.find((r) => r.state === 'running');
  const base = {
    buildId: t?.buildId ?? null, finishedAt: t?.finishedAt ?? null, pagesWritten: t?.pagesWritten ?? 0,
    error: t?.state === 'failed' ? t.error : null,
  };
  if (running || t?.state === 'building') {
    return { ...base, state: 'building', requestedAt: open[0]?.enqueuedAt ?? t?.startedAt ?? null, startedAt: running?.startedAt ?? t?.startedAt ?? null };
  }
  // The oldest open request failed and waits for its retry: the tenant's rebuilds are failing.
  if (open.length && Number(open[0]!.attempts) > 0) return { ...base, state: 'failed', error: open[0]!.error, requestedAt: open[0]!.enqueuedAt, startedAt: t?.startedAt ?? null };
  if (open.length) return { ...base, state: 'queued', requestedAt: open[0]!.enqueuedAt, startedAt: t?.startedAt ?? null };
  const state = t?.state === 'failed' ? 'failed' : t?.buildId ? 'live' : 'queued';
  return { ...base, state, requestedAt: t?.startedAt ?? null, startedAt: t?.startedAt ?? null };
}

/** What the System screen shows of the database and the builds: engine version, migrations, open requests and every target. */
export interface StoreFacts {
  sqliteVersion: string;
  migrationsApplied: number;
  openRequests: Map<string, number>;
  targets: { tenantKey: string; state: string; buildId: string | null; startedAt: number | null; finishedAt: number | null; pagesWritten: number; error: string | null }[];
}

export async function storeFacts(store: Store): Promise<StoreFacts> {
  const [v] = await store.all<{ v: string }>('select sqlite_version() as v', []);
  const [m] = await store.all<{ n: number }>('select count(*) as n from __drizzle_migrations', []).catch(() => [{ n: 0 }]);
  const open = await store.all<{ tenant_key: string; n: number }>("select tenant_key, count(*) as n from rebuild_requests where state in ('pending', 'running') group by tenant_key", []);
  const targets = await store.all<{ tenant_key: string; state: string; build_id: string | null; started_at: number | null; finished_at: number | null; pages_written: number; error: string | null }>(
    'select tenant_key, state, build_id, started_at, finished_at, pages_written, error from build_targets order by tenant_key, id', []);
  return {
    sqliteVersion: v?.v ?? '',
    migrationsApplied: Number(m?.n ?? 0),
    openRequests: new Map(open.map((o) => [o.tenant_key, Number(o.n)])),
    targets: targets.map((t) => ({
      tenantKey: t.tenant_key, state: t.state, buildId: t.build_id, startedAt: t.started_at, finishedAt: t.finished_at, pagesWritten: t.pages_written, error: t.error,
    })),
  };
}
