// Writes the printed full schema to api/schema.snapshot.graphql (run after a reviewed change:
// `npx tsx api/print-schema.ts`). api/schema.test.ts fails while the two differ.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchema } from './graphql';
import { buildSchema } from './schema';

export const SNAPSHOT = fileURLToPath(new URL('./schema.snapshot.graphql', import.meta.url));

export function printedSchema(): string {
  return `${printSchema(buildSchema({ mode: 'development', documentsVersion: '' }))}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SNAPSHOT, printedSchema());
  process.stdout.write(`wrote ${SNAPSHOT}\n`);
}
