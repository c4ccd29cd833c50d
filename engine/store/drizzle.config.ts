import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './engine/store/schema.ts',
  out: './engine/store/migrations',
});
