import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin of ../drizzle.config.ts. The event tables (pg/schema-events.ts) are left out:
// they are partitioned by day, which drizzle-kit cannot write, so a custom migration creates them.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./engine/store/pg/schema.ts', './engine/store/pg/schema-!(events).ts'],
  out: './engine/store/pg/migrations',
});
