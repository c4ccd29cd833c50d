// Syndicated copies follow their source: after a committed change of content items, every linked
// copy of them is rewritten from its source (one transaction, a history row per copy) and its
// tenant's rebuild is requested with the copies' ids, so the other tenant's incremental build
// re-renders them. Wired into the services' change hook by api/app.ts. Links to rows (sections,
// people, terms, images, memberships, related items, contract) are the copy's own and never flow
// from the source; a link of the copy to another tenant's row (one an older sync wrote) is dropped,
// and the copy is written only when the check updateContent runs passes for the copy's tenant.
import { CONTENT_STATUS } from '../../domain/enums';
import { AppError } from '../../domain/errors';
import { CONTENT_ID_MIN, contentSchema, type ContentRecord } from '../../domain/records';
import { parseInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import * as q from '../../store/queries/content';
import { insertHistory } from '../../store/queries/history';
import { idsNotInTenant, type ReferenceKind } from '../../store/queries/ownership';
import { recordMovedPaths } from '../../store/queries/site-config';
import { linksOfSources } from '../../store/queries/syndication';
import { writeContentBatch } from '../../store/writes';
import { allTenants, inTenant } from '../../store/tenant-scope';
import { checkOwnedReferences, contentInputOf, pathOf } from '../content';
import { diff } from '../kernel/operation';
import type { ChangeEvent, Services } from '../kernel/services';
import { copyInput } from './operations';

type Link = Awaited<ReturnType<typeof linksOfSources>>[number];

/** The copy without its links to rows that are not `tenantKey`'s: those are not copied. */
async function withoutForeignReferences(tx: Db, tenantKey: string, c: ContentRecord): Promise<ContentRecord> {
  const keep = async (kind: ReferenceKind, ids: number[]) => {
    const foreign = new Set(await idsNotInTenant(tx, kind, tenantKey, ids));
    return ids.filter((id) => !foreign.has(id));
  };
  const imageIds = await keep('asset', c.imageIds);
  const sections = new Set(await keep('section', c.schedules.map((x) => x.sectionId)));
  const contract = c.contractId === undefined ? [] : await keep('contract', [c.contractId]);
  return {
    ...c, imageIds, primaryImageId: c.primaryImageId !== undefined && imageIds.includes(c.primaryImageId) ? c.primaryImageId : undefined,
    authorIds: await keep('person', c.authorIds), taxonomyIds: await keep('taxonomy', c.taxonomyIds),
    membershipIds: await keep('membership', c.membershipIds), relatedIds: await keep('content', c.relatedIds),
    schedules: c.schedules.filter((x) => sections.has(x.sectionId)), contractId: contract[0],
  };
}

/** True when every id the new copy links to is a row of the copy's tenant; otherwise logs the skip. */
async function referencesOwned(services: Services, tx: Db, link: Link, c: ContentRecord): Promise<boolean> {
  try {
    await checkOwnedReferences(tx, link.copyTenantKey, c, link.copyId);
    return true;
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'BAD_USER_INPUT') throw e;
    services.log.warn({ copyTenantKey: link.copyTenantKey, copyId: link.copyId, sourceId: link.sourceId, field: e.details.field }, 'syndicated copy not updated: it would link to a row of another tenant');
    return false;
  }
}

interface CopyChange { copyTenantKey: string; copyId: number; paths: string[]; moved: boolean }

/** Rewrites the copies of the changed items of `tenantKey` from their sources; requests their rebuilds. */
export async function syncCopies(services: Services, tenantKey: string, change: ChangeEvent): Promise<void> {
  if (change.entity !== 'content' && change.entity !== 'redirect') return;
  const ids = change.ids.filter((id): id is number => typeof id === 'number' && id >= CONTENT_ID_MIN);
  if (ids.length === 0) return;
  const links = await linksOfSources(services.store.db, tenantKey, ids);
  if (links.length === 0) return;
  // Source and copies are in different tenants: the copy is written acting for all tenants (on
  // PostgreSQL, row-level security accepts both), each copy's rebuild is requested for its tenant.
  const done: CopyChange[] = await allTenants('syndication', () => services.store.transaction(async (tx) => {
    const out: CopyChange[] = [];
    for (const link of links) {
      const [source] = await q.contentByIds(tx, link.sourceTenantKey, [link.sourceId]);
      const [copy] = await q.contentByIds(tx, link.copyTenantKey, [link.copyId]);
      if (!source || !copy) continue;
      const before = await contentInputOf(tx, copy);
      const parsed = parseInput(contentSchema, { ...copyInput(await contentInputOf(tx, source), before), id: link.copyId });
      const c = await withoutForeignReferences(tx, link.copyTenantKey, parsed);
      if (!(await referencesOwned(services, tx, link, c))) continue;
      await writeContentBatch(tx, link.copyTenantKey, [c]);
      const after = await contentInputOf(tx, (await q.contentByIds(tx, link.copyTenantKey, [link.copyId]))[0]!);
      const changes = diff(before, after);
      if (Object.keys(changes).length === 0) continue;
      const [oldPath, newPath] = [await pathOf(tx, link.copyTenantKey, copy), await pathOf(tx, link.copyTenantKey, c)];
      // The copy's published address never breaks either (admin §2.4).
      const moved = copy.status === CONTENT_STATUS.PUBLISHED && oldPath !== newPath;
      if (moved) await recordMovedPaths(tx, link.copyTenantKey, [{ from: oldPath, to: newPath }]);
      await insertHistory(tx, {
        tenantKey: link.copyTenantKey, actorType: 'system', actorId: null, entityType: 'content', entityId: String(link.copyId),
        action: 'syndicationUpdate', changes: { ...changes, syndicatedFrom: { tenantKey: link.sourceTenantKey, id: link.sourceId } },
      });
      out.push({ copyTenantKey: link.copyTenantKey, copyId: link.copyId, paths: [...new Set([oldPath, newPath])], moved });
    }
    return out;
  }));
  const byTenant = new Map<string, CopyChange[]>();
  for (const d of done) byTenant.set(d.copyTenantKey, [...(byTenant.get(d.copyTenantKey) ?? []), d]);
  for (const [key, list] of byTenant) {
    await inTenant(key, () => services.changed(key, {
      entity: list.some((d) => d.moved) ? 'redirect' : 'content', action: 'update',
      ids: list.map((d) => d.copyId), paths: list.flatMap((d) => d.paths),
    }));
  }
}
