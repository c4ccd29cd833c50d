// A fresh PostgreSQL database per test file: created with a unique name on the server that
// MASTHEAD_TEST_PG_URL names (default: the local cluster, user postgres), dropped afterwards, so
// runs never collide. CI (.ci/run) starts PostgreSQL if it is not running.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_PG_URL = process.env.MASTHEAD_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The admin URL with another database (or user/password) in it. */
export function pgUrl(database: string, user?: { name: string; password: string }): string {
  const u = new URL(TEST_PG_URL);
  u.pathname = `/${database}`;
  if (user) {
    u.username = user.name;
    u.password = user.password;
  }
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: TEST_PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export interface FreshPg {
  name: string;
  /** The database's URL for the admin user (owner, superuser: bypasses row-level security). */
  url: string;
  /** Creates a login role that is neither superuser nor BYPASSRLS, with table rights only; returns its URL. */
  appRole(): Promise<string>;
  drop(): Promise<void>;
}

export async function freshPgDatabase(label = 'test'): Promise<FreshPg> {
  const name = `masthead_${label}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  const roles: string[] = [];
  return {
    name,
    url: pgUrl(name),
    async appRole() {
      const role = `${name}_app${roles.length}`;
      const password = randomBytes(12).toString('hex');
      roles.push(role);
      await admin((c) => c.query(`CREATE ROLE "${role}" LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD '${password}'`));
      const c = new pg.Client({ connectionString: pgUrl(name) });
      await c.connect();
      try {
        await c.query(`GRANT USAGE ON SCHEMA public TO "${role}";
          GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO "${role}";
          GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO "${role}";`);
      } finally {
        await c.end();
      }
      return pgUrl(name, { name: role, password });
    },
    async drop() {
      await admin(async (c) => {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        for (const role of roles) await c.query(`DROP ROLE IF EXISTS "${role}"`);
      });
    },
  };
}

const createdSync: string[] = [];
function psql(sql: string): void {
  const r = spawnSync('psql', [TEST_PG_URL, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`psql failed: ${r.stderr || r.error?.message}`);
}

/**
 * A fresh PostgreSQL database's URL, created at once (synchronously, for tempDbPath under
 * MASTHEAD_TEST_STORE=postgres) and dropped when the test process exits.
 */
export function freshPgDatabaseSync(label = 'store'): string {
  const name = `masthead_${label}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  psql(`CREATE DATABASE "${name}"`);
  if (createdSync.length === 0) process.once('exit', () => { for (const n of createdSync) { try { psql(`DROP DATABASE IF EXISTS "${n}" WITH (FORCE)`); } catch { /* left for the next CI machine */ } } });
  createdSync.push(name);
  return pgUrl(name);
}

/**
 * A login role for a database created by freshPgDatabaseSync (after its migrations ran): neither
 * superuser nor BYPASSRLS, owning nothing, with table rights only — the role the app runs as in
 * production, so row-level security holds. Returns its URL; dropped with the test process.
 */
export function appRoleUrlSync(url: string): string {
  const database = new URL(url).pathname.slice(1);
  const role = `${database}_app`;
  const password = randomBytes(12).toString('hex');
  psql(`CREATE ROLE "${role}" LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD '${password}'`);
  const r = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', `GRANT USAGE ON SCHEMA public TO "${role}";
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO "${role}";
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO "${role}";`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`psql failed: ${r.stderr || r.error?.message}`);
  process.once('exit', () => { try { psql(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`); psql(`DROP ROLE IF EXISTS "${role}"`); } catch { /* left behind */ } });
  return pgUrl(database, { name: role, password });
}

/** MASTHEAD_TEST_STORE=postgres: the store and integration tests run on PostgreSQL (tempDbPath gives a fresh database). */
export const TEST_STORE_IS_PG = process.env.MASTHEAD_TEST_STORE === 'postgres';
/** With MASTHEAD_TEST_STORE=postgres, MASTHEAD_TEST_PG_ROLE=app runs the API harness's app as such a role (appRoleUrlSync). */
export const TEST_PG_AS_APP_ROLE = TEST_STORE_IS_PG && process.env.MASTHEAD_TEST_PG_ROLE === 'app';
