import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  // schema.ts holds the core tables; schema-<domain>.ts files add a domain's tables.
  schema: ['./engine/store/schema.ts', './engine/store/schema-*.ts'],
  out: './engine/store/migrations',
});
