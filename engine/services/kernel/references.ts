// Checks of the ids an operation's input names, shared by the domains that take such references
// (newsletters, magazine, ads): each id must be the tenant's own, else BAD_USER_INPUT naming the
// field. Here, not in one of those domains, so none has to import another for them.
import { badInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { idsNotInTenant } from '../../store/queries/ownership';
import { isTenantImageAsset } from '../../store/queries/magazine-admin';

/** Every [field, id] names a section, item or newsletter of the tenant; else the first stranger's field is refused. */
export async function checkOwned(tx: Db, tenantKey: string, kind: 'section' | 'content' | 'newsletter', refs: [string, number][]): Promise<void> {
  if (refs.length === 0) return;
  const missing = new Set(await idsNotInTenant(tx, kind, tenantKey, refs.map((r) => r[1])));
  const bad = refs.find((r) => missing.has(r[1]));
  if (bad) badInput(bad[0], `Unknown ${kind === 'newsletter' ? 'newsletter' : kind} ${bad[1]}`);
}

/** A whole-number argument or undefined; anything else is BAD_USER_INPUT naming it. */
export function optionalInt(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) badInput(field, 'Must be a whole number');
  return value;
}

/** Every [field, id] given names an image of the tenant's media library. */
export async function checkImageAssets(tx: Db, tenantKey: string, refs: [string, number | null | undefined][]): Promise<void> {
  for (const [field, id] of refs) {
    if (id !== null && id !== undefined && !(await isTenantImageAsset(tx, tenantKey, id))) badInput(field, `Unknown image asset ${id}`);
  }
}
