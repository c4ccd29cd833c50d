// Writes engine/store/pg/schema*.ts, the PostgreSQL twin of every engine/store/schema*.ts, from
// the SQLite tables' drizzle definitions (getTableConfig). Run it after changing a SQLite table,
// review the diff, then `npm run db:generate:pg`; engine/store/pg/schema-parity.test.ts fails
// while the two dialects differ.
//
// Type mapping (the SQLite value and the PostgreSQL value read back the same through drizzle):
//   integer → bigint (mode number: SQLite integers are 64-bit; epoch-ms times exceed int4)
//   integer boolean → boolean · text json → json (kept as written: jsonb would reorder object keys, and pages show them in order) · blob → bytea · real → double precision
//   a single integer primary key → bigint identity BY DEFAULT (SQLite assigns rowids when omitted)
//   default `now` (unixepoch('subsec') * 1000) → epoch ms from now()
// Dialect-specific additions are listed in EXTRA below (search vector, partition keys).
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteSyncDialect, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';

const MODULES = [
  'schema', 'schema-ads', 'schema-assets', 'schema-builds', 'schema-company', 'schema-events', 'schema-feeds', 'schema-import', 'schema-magazine',
  'schema-members', 'schema-newsletters', 'schema-page-speed', 'schema-people', 'schema-research', 'schema-syndication',
] as const;

/** Extra PostgreSQL-only members of a table's definition (column lines, then extra-config lines). */
const EXTRA: Record<string, { columns?: string[]; config?: string[]; primaryKey?: string[]; idDefault?: string }> = {
  // Full-text search: what SQLite's content_search (FTS5, migration 0004) indexes, as a generated
  // tsvector with a GIN index. Tags are stripped before indexing, as the SQLite triggers do.
  content: {
    columns: ["searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, coalesce(name, '') || ' ' || coalesce(teaser, '') || ' ' || regexp_replace(coalesce(body, ''), '<[^>]*>', ' ', 'g'))`)"],
    config: ["index('content_search_vector').using('gin', t.searchVector)"],
  },
  // Partitioned by day (see pg/migrations: created by hand, not by drizzle-kit): PostgreSQL wants
  // the partition key in every unique constraint.
  // PostgreSQL 15 has no identity columns on partitioned tables: the id comes from a sequence.
  events: { primaryKey: ['id', 'day'], idDefault: "sql`nextval('events_id_seq')`" },
  event_rollups: { primaryKey: ['tenant_key', 'grain', 'bucket', 'type', 'dim', 'key', 'day'] },
};

const dialect = new SQLiteSyncDialect();
const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function sqlText(value: SQL): string {
  const { sql, params } = dialect.sqlToQuery(value);
  if (params.length) throw new Error(`parameters in a schema SQL fragment: ${sql}`);
  return sql;
}

interface Loaded { module: string; exportName: string; table: SQLiteTable }

async function load(): Promise<Loaded[]> {
  const out: Loaded[] = [];
  for (const module of MODULES) {
    const mod = (await import(`../engine/store/${module}.ts`)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod)) if (is(value, SQLiteTable)) out.push({ module, exportName, table: value });
  }
  return out;
}

function columnCode(col: SQLiteColumn, table: string, soleIntegerPk: boolean, ref: string | null, tsType: string): string {
  const key = camel(col.name);
  let code: string;
  const jsonType = `$type<NonNullable<${tsType}>>()`;
  switch (col.columnType) {
    case 'SQLiteInteger': code = `bigint(${q(col.name)}, { mode: 'number' })`; break;
    case 'SQLiteBoolean': code = `boolean(${q(col.name)})`; break;
    case 'SQLiteText': code = `text(${q(col.name)})`; break;
    case 'SQLiteTextJson': code = `json(${q(col.name)}).${jsonType}`; break;
    case 'SQLiteBlobBuffer': code = `bytea(${q(col.name)})`; break;
    case 'SQLiteReal': code = `doublePrecision(${q(col.name)})`; break;
    default: throw new Error(`${table}.${col.name}: no PostgreSQL mapping for ${col.columnType}`);
  }
  if (col.primary) code += '.primaryKey()';
  if (soleIntegerPk) code += '.generatedByDefaultAsIdentity()';
  if (col.notNull && !col.primary) code += '.notNull()';
  if (col.isUnique) code += '.unique()';
  if (col.hasDefault && !soleIntegerPk && col.default !== undefined) {
    const d = col.default;
    if (is(d, SQL)) {
      const text = sqlText(d);
      if (text.includes('unixepoch')) code += '.default(now)';
      else if (col.columnType === 'SQLiteTextJson') code += `.default(sql\`${text}::json\`)`;
      else throw new Error(`${table}.${col.name}: SQL default ${text} needs a PostgreSQL form`);
    } else if (col.columnType === 'SQLiteTextJson') {
      const json = typeof d === 'string' ? d : JSON.stringify(d);
      code += `.default(sql\`'${json.replace(/'/g, "''")}'::json\`)`;
    } else code += `.default(${typeof d === 'string' ? q(d) : String(d)})`;
  }
  if (ref) code += ref;
  return `  ${key}: ${code},`;
}

async function main() {
  const all = await load();
  const byTable = new Map(all.map((l) => [l, getTableConfig(l.table)] as const));
  const where = new Map(all.map((l) => [l.table, l]));
  for (const module of MODULES) {
    const mine = all.filter((l) => l.module === module);
    const usedCols = new Set<string>(['sql']);
    const imports = new Map<string, Set<string>>(); // module → export names
    const body: string[] = [];
    for (const l of mine) {
      const cfg = byTable.get(l)!;
      const extra = EXTRA[cfg.name] ?? {};
      const pkCols = cfg.primaryKeys[0]?.columns.map((c) => c.name) ?? cfg.columns.filter((c) => c.primary).map((c) => c.name);
      const single = cfg.columns.filter((c) => c.primary);
      const cols: string[] = [];
      for (const col of cfg.columns) {
        const fk = cfg.foreignKeys.find((f) => f.reference().columns.length === 1 && f.reference().columns[0]!.name === col.name);
        let ref: string | null = null;
        if (fk) {
          const r = fk.reference();
          const target = where.get(r.foreignTable as SQLiteTable)!;
          const self = target.table === l.table;
          if (target.module !== module) {
            const set = imports.get(target.module) ?? new Set();
            set.add(target.exportName);
            imports.set(target.module, set);
          }
          const opts = [fk.onDelete && fk.onDelete !== 'no action' ? `onDelete: '${fk.onDelete}'` : '', fk.onUpdate && fk.onUpdate !== 'no action' ? `onUpdate: '${fk.onUpdate}'` : ''].filter(Boolean);
          ref = `.references(()${self ? ': AnyPgColumn' : ''} => ${target.exportName}.${camel(r.foreignColumns[0]!.name)}${opts.length ? `, { ${opts.join(', ')} }` : ''})`;
        }
        const soleIntegerPk = single.length === 1 && col.primary && col.columnType === 'SQLiteInteger' && !extra.primaryKey;
        const tsType = `(typeof s.${l.exportName})['$inferSelect']['${camel(col.name)}']`;
        let line = columnCode(col, cfg.name, soleIntegerPk, ref, tsType);
        if (extra.primaryKey && col.primary) line = line.replace('.primaryKey()', '.notNull()');
        if (extra.idDefault && col.name === 'id') line = line.replace(/,$/, '').concat(`.default(${extra.idDefault}),`);
        cols.push(line);
        for (const m of ['bigint', 'boolean', 'text', 'json', 'bytea', 'doublePrecision']) if (line.includes(` ${m}(`)) usedCols.add(m);
        if (line.includes('AnyPgColumn')) usedCols.add('AnyPgColumn');
      }
      if (extra.columns) { cols.push(...extra.columns.map((c) => `  ${c},`)); usedCols.add('tsvector'); }
      const conf: string[] = [];
      const pk = extra.primaryKey ?? (cfg.primaryKeys[0] ? pkCols : null);
      if (pk) { conf.push(`primaryKey({ columns: [${pk.map((c) => `t.${camel(c)}`).join(', ')}] })`); usedCols.add('primaryKey'); }
      for (const idx of cfg.indexes) {
        const c = idx.config;
        if (c.where) throw new Error(`${cfg.name}.${c.name}: partial index needs a PostgreSQL form`);
        const fn = c.unique ? 'uniqueIndex' : 'index';
        usedCols.add(fn);
        conf.push(`${fn}(${q(c.name)}).on(${c.columns.map((x) => `t.${camel((x as SQLiteColumn).name)}`).join(', ')})`);
      }
      for (const ch of cfg.checks) {
        usedCols.add('check');
        conf.push(`check(${q(ch.name)}, sql\`${sqlText(ch.value).replace(/`/g, '\\`')}\`)`);
      }
      for (const fk of cfg.foreignKeys) if (fk.reference().columns.length !== 1) throw new Error(`${cfg.name}: composite foreign key`);
      conf.push(...(extra.config ?? []));
      if (extra.config?.some((x) => x.startsWith('index('))) usedCols.add('index');
      body.push(`export const ${l.exportName} = pgTable(${q(cfg.name)}, {\n${cols.join('\n')}\n}${conf.length ? `, (t) => [\n${conf.map((c) => `  ${c},`).join('\n')}\n]` : ''});\n`);
    }
    const text = body.join('\n');
    const uses = (re: RegExp) => re.test(text);
    const pgNames = ['pgTable', ...[...usedCols].filter((n) => !['sql', 'bytea', 'tsvector', 'AnyPgColumn'].includes(n))].sort();
    const local = [uses(/\(now\)/) ? 'now' : '', uses(/ bytea\(/) ? 'bytea' : '', uses(/ tsvector\(/) ? 'tsvector' : ''].filter(Boolean);
    const header = [
      `// GENERATED by tools/gen-pg-schema.ts from engine/store/${module}.ts: the PostgreSQL twin of those`,
      '// tables. Do not edit by hand; change the SQLite table, rerun the tool, then `npm run db:generate:pg`.',
      ...(uses(/sql`/) ? ["import { sql } from 'drizzle-orm';"] : []),
      `import { ${pgNames.join(', ')}${usedCols.has('AnyPgColumn') ? ', type AnyPgColumn' : ''} } from 'drizzle-orm/pg-core';`,
      ...(local.length ? [`import { ${local.join(', ')} } from './columns';`] : []),
      ...(uses(/\bs\./) ? [`import type * as s from '../${module}';`] : []),
      ...[...imports].map(([m, names]) => `import { ${[...names].sort().join(', ')} } from './${m}';`),
      '',
    ];
    const file = `engine/store/pg/${basename(module)}.ts`;
    writeFileSync(file, `${header.join('\n')}\n${text}`);
    console.log(`wrote ${file} (${mine.length} tables)`);
  }
}

await main();
