// docs/security.md justifies every table PostgreSQL leaves without row-level security: the list
// there is the list the code applies (pg/tenancy.ts GLOBAL_TABLES), so a new exception cannot be
// added without its reason in the document.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GLOBAL_TABLES } from './pg/tenancy';

describe('tables without row-level security', () => {
  it('are each named with a reason in docs/security.md, and no other table is', () => {
    const doc = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Tables without row-level security'));
    const listed = [...section.matchAll(/^\| `(\w+)` \| (.+) \|$/gm)].map((m) => [m[1], m[2]!.trim()] as const);
    expect(listed.map(([t]) => t).sort()).toEqual(Object.keys(GLOBAL_TABLES).sort());
    for (const [, why] of listed) expect(why.length).toBeGreaterThan(10);
  });
});
