import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin of ../drizzle.config.ts. The event tables (pg/schema-events.ts) are left out:
// they are partitioned by day, which drizzle-kit cannot write, so a custom migration creates them.
// The files are listed (a glob would also take schema-all.ts and the parity test).
const FILES = [
  'schema', 'schema-ads', 'schema-assets', 'schema-builds', 'schema-company', 'schema-feeds', 'schema-import', 'schema-magazine', 'schema-members',
  'schema-newsletters', 'schema-page-speed', 'schema-people', 'schema-research', 'schema-syndication',
];

export default defineConfig({
  dialect: 'postgresql',
  schema: FILES.map((f) => `./engine/store/pg/${f}.ts`),
  out: './engine/store/pg/migrations',
});
