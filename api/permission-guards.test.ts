// Every permission of the catalogue (admin §6) guards at least one operation (issue 16). Reads the
// catalogue and the permissions the API's resolvers and the services' operations (api/ and
// engine/services/, issue 38) ask for in their source: every
// access check names its permissions as literals, in the call or in a constant it is given (e.g.
// engine/services/newsletters/shared.ts PERMS), and the API names permissions for nothing else.
// Permissions that guard nothing yet are listed below with the reason; the list must be exact, so
// adding a guard fails this test until its exception is removed.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../engine/domain/permissions';

const ROOT = join(__dirname, '..');
const SCANNED = [join(ROOT, 'api'), join(ROOT, 'engine', 'services')];

/** Permissions with no operation in this branch, and why. */
const EXPECTED_UNGUARDED: Partial<Record<Permission, string>> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Permission → the API source files that name it in an access check. */
function guardedBy(): Map<Permission, string[]> {
  const out = new Map<Permission, string[]>();
  const literal = new RegExp(`'(${PERMISSIONS.join('|')})'`, 'g');
  for (const file of SCANNED.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(literal)) {
      const p = m[1] as Permission;
      out.set(p, [...new Set([...(out.get(p) ?? []), relative(ROOT, file)])]);
    }
  }
  return out;
}

describe('permission catalogue', () => {
  const guards = guardedBy();

  it('every permission guards at least one operation, apart from the listed exceptions', () => {
    const unguarded = PERMISSIONS.filter((p) => !guards.has(p));
    expect(unguarded.sort()).toEqual(Object.keys(EXPECTED_UNGUARDED).sort());
  });

  it('finds the guards it should (the scan itself works)', () => {
    expect(guards.get('manage_content')).toContain('engine/services/content/operations.ts');
    expect(guards.get('manage_site_sections')).toContain('engine/services/sections/operations.ts');
    expect(guards.get('manage_users')?.length).toBeGreaterThan(0);
  });
});
