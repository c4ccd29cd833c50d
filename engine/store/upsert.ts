// Multi-row upserts for bulk writes (the seed, bulk operations): one INSERT … ON CONFLICT DO UPDATE
// per chunk, chunked under SQLite's bound-parameter limit. The SQL text is built once per table and
// row count and values are bound directly: drizzle's query builder costs more than SQLite itself
// at 200,000 rows. Values go through each column's own driver mapping (JSON, booleans).
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { SqlValue } from './connection';

const MAX_PARAMS = 30_000;

/** Anything that can run a statement: a Store, or the raw runner a transaction hands out. */
export interface Runner { run(sql: string, params?: SqlValue[]): Promise<unknown> }

interface Shape { columns: [string, SQLiteColumn][]; table: string }
const shapes = new WeakMap<SQLiteTable, Shape>();
const texts = new Map<string, string>();

function shapeOf(table: SQLiteTable): Shape {
  let s = shapes.get(table);
  if (!s) {
    s = { columns: Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>), table: getTableName(table) };
    shapes.set(table, s);
  }
  return s;
}

function toDriver(col: SQLiteColumn, value: unknown): SqlValue {
  if (value === undefined || value === null) return null;
  return col.mapToDriverValue(value) as SqlValue;
}

function statement(shape: Shape, cols: [string, SQLiteColumn][], rows: number, conflict: string[] | null): string {
  const key = `${shape.table}|${cols.map(([, c]) => c.name).join(',')}|${rows}|${conflict?.join(',') ?? ''}`;
  let text = texts.get(key);
  if (!text) {
    const names = cols.map(([, c]) => `"${c.name}"`).join(', ');
    const tuple = `(${cols.map(() => '?').join(', ')})`;
    text = `INSERT INTO "${shape.table}" (${names}) VALUES ${Array.from({ length: rows }, () => tuple).join(', ')}`;
    if (conflict) {
      const updates = cols
        .filter(([, c]) => !conflict.includes(c.name) && c.name !== 'created_at')
        .map(([, c]) => `"${c.name}" = excluded."${c.name}"`);
      text += ` ON CONFLICT (${conflict.map((c) => `"${c}"`).join(', ')}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`;
    }
    texts.set(key, text);
  }
  return text;
}

async function write<T extends SQLiteTable>(db: Runner, table: T, rows: T['$inferInsert'][], conflict: string[] | null) {
  if (rows.length === 0) return;
  const shape = shapeOf(table);
  const now = Date.now();
  const first = rows[0] as Record<string, unknown>;
  // Columns the rows give, plus the timestamps (set here so every row of a chunk has one shape).
  const cols = shape.columns.filter(([prop, c]) => prop in first || c.name === 'updated_at' || c.name === 'created_at');
  const per = Math.max(1, Math.floor(MAX_PARAMS / cols.length));
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per) as Record<string, unknown>[];
    const params: SqlValue[] = [];
    for (const row of chunk) {
      for (const [prop, col] of cols) {
        params.push(col.name === 'updated_at' || (col.name === 'created_at' && row[prop] === undefined) ? now : toDriver(col, row[prop]));
      }
    }
    await db.run(statement(shape, cols, chunk.length, conflict), params);
  }
}

/** Inserts or updates by `target`; created_at is kept on update, updated_at is set. */
export function upsertRows<T extends SQLiteTable>(db: Runner, table: T, rows: T['$inferInsert'][], target: SQLiteColumn | SQLiteColumn[]) {
  return write(db, table, rows, (Array.isArray(target) ? target : [target]).map((c) => c.name));
}

/** Plain multi-row insert. */
export function insertRows<T extends SQLiteTable>(db: Runner, table: T, rows: T['$inferInsert'][]) {
  return write(db, table, rows, null);
}
