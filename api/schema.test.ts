import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildSchema as buildSdl, findBreakingChanges } from './graphql';
import { buildSchema } from './schema';
import { printedSchema, SNAPSHOT } from './print-schema';
import { loadDocuments } from './documents/registry';

describe('the GraphQL schema', () => {
  it('has no breaking change against the committed snapshot', () => {
    const committed = buildSdl(readFileSync(SNAPSHOT, 'utf8'));
    const current = buildSchema({ mode: 'development', documentsVersion: '' });
    expect(findBreakingChanges(committed, current).map((c) => `${c.type}: ${c.description}`)).toEqual([]);
  });

  it('matches the committed snapshot exactly (regenerate with `npx tsx api/print-schema.ts` after review)', () => {
    expect(printedSchema()).toBe(readFileSync(SNAPSHOT, 'utf8'));
  });

  it('registers one document per operation, named after its file', () => {
    const registry = loadDocuments();
    expect(registry.byName.size).toBeGreaterThanOrEqual(50);
    for (const d of registry.byName.values()) expect(d.text).toMatch(new RegExp(`^${d.kind} ${d.name}\\b`));
  });
});
