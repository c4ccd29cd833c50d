// Menus, redirects and ad-unit patterns: validated with the fixtures' schemas, one tenant at a time.
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { MENU_KEYS, type MenuKey } from '../../domain/enums';
import { adUnitPatternSchema, menuLinkSchema, redirectSchema } from '../../domain/records';
import { badInput, parseInput, REQUIRED, withoutNulls } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { nextId } from '../../store/queries/ids';
import {
  deleteAdUnitPatternRow, deleteRedirectRow, findRedirectByFrom, getAdUnitPattern, getRedirect, listMenus,
  type AdUnitPatternRecord, type RedirectRecord,
} from '../../store/queries/site-config';
import { writeAdUnitPatterns, writeMenus, writeRedirects } from '../../store/writes';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { createInput, idArg, mergePatch } from '../kernel/patch';

export const MAX_MENU_LINKS = 100;
export const MAX_AD_PATTERN_LENGTH = 500;

export async function updateMenu({ ctx, input }: OpArgs<{ key: unknown; links: unknown }>): Promise<{ key: MenuKey }> {
  const { tenant } = tenantAccess(ctx, ['manage_menus']);
  if (typeof input.key !== 'string' || input.key === '') badInput('key', REQUIRED);
  if (!(MENU_KEYS as readonly string[]).includes(input.key)) badInput('key', `Must be one of ${MENU_KEYS.join(', ')}`);
  const key = input.key as MenuKey;
  const links = parseInput(z.array(menuLinkSchema, { error: REQUIRED }).max(MAX_MENU_LINKS, `At most ${MAX_MENU_LINKS} links`), withoutNulls(input.links), 'links');
  await commit(ctx, async (tx) => {
    const before = (await listMenus(tx, tenant.tenantKey)).find((m) => m.key === key)?.links ?? [];
    await writeMenus(tx, tenant.tenantKey, { [key]: links } as never);
    return before;
  }, (before) => ({ tenantKey: tenant.tenantKey, entityType: 'menu', entityId: key, action: 'update', changes: { links: { from: before, to: links } } }),
  () => ({ entity: 'menu', action: 'update', ids: [key] }));
  return { key };
}

const redirectInputOf = (r: RedirectRecord) => ({ from: r.from, to: r.to, preserveQueryString: r.preserveQueryString });

async function checkRedirect(tx: Db, tenantKey: string, r: { from: string; to: string }, selfId: number): Promise<void> {
  if (r.from.length > 2000) badInput('from', 'At most 2000 characters');
  if (r.to.length > 2000) badInput('to', 'At most 2000 characters');
  if (r.from === r.to) badInput('to', 'Must differ from the path it redirects');
  const other = await findRedirectByFrom(tx, tenantKey, r.from);
  if (other && other.id !== selfId) badInput('from', `Already redirects to ${other.to} (redirect ${other.id})`);
}

export async function createRedirect({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, ['manage_redirects']);
  const r = parseInput(redirectSchema, { ...createInput(input), id: 1 });
  return commit(ctx, async (tx) => {
    await checkRedirect(tx, tenant.tenantKey, r, -1);
    const id = await nextId(tx, 'redirect');
    await writeRedirects(tx, tenant.tenantKey, [{ ...r, id }]);
    return { id };
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'redirect', entityId: x.id, action: 'create', changes: snapshot({ ...r }) }),
  (x) => ({ entity: 'redirect', action: 'create', ids: [x.id], paths: [r.from] }));
}

export async function updateRedirect({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, ['manage_redirects']);
  const id = idArg(input.id);
  return commit(ctx, async (tx) => {
    const current = await getRedirect(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Redirect', id });
    const r = parseInput(redirectSchema, { ...mergePatch(redirectInputOf(current), input.input), id });
    await checkRedirect(tx, tenant.tenantKey, r, id);
    await writeRedirects(tx, tenant.tenantKey, [r]);
    return { id, before: redirectInputOf(current), after: { from: r.from, to: r.to, preserveQueryString: r.preserveQueryString } };
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'redirect', entityId: id, action: 'update', changes: diff(x.before, x.after) }),
  (x) => ({ entity: 'redirect', action: 'update', ids: [id], paths: [...new Set([x.before.from, x.after.from])] }));
}

export async function deleteRedirect({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, ['manage_redirects']);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getRedirect(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Redirect', id });
    await deleteRedirectRow(tx, tenant.tenantKey, id);
    return current;
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'redirect', entityId: id, action: 'delete', changes: snapshot(redirectInputOf(x)) }),
  (x) => ({ entity: 'redirect', action: 'delete', ids: [id], paths: [x.from] }));
  return { ok: true };
}

const adInputOf = (a: AdUnitPatternRecord) => ({ name: a.name, type: a.type, pattern: a.pattern, sizes: a.sizes });

function checkPattern(p: { pattern: string }): void {
  if (p.pattern.length > MAX_AD_PATTERN_LENGTH) badInput('pattern', `At most ${MAX_AD_PATTERN_LENGTH} characters`);
}

export async function createAdUnitPattern({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, ['manage_ad_unit_patterns']);
  const p = parseInput(adUnitPatternSchema, { ...createInput(input), id: 1 });
  checkPattern(p);
  return commit(ctx, async (tx) => {
    const id = await nextId(tx, 'adUnitPattern');
    await writeAdUnitPatterns(tx, tenant.tenantKey, [{ ...p, id }]);
    return { id };
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'adUnitPattern', entityId: x.id, action: 'create', changes: snapshot({ ...p }) }),
  (x) => ({ entity: 'adUnitPattern', action: 'create', ids: [x.id] }));
}

export async function updateAdUnitPattern({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, ['manage_ad_unit_patterns']);
  const id = idArg(input.id);
  return commit(ctx, async (tx) => {
    const current = await getAdUnitPattern(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Ad unit pattern', id });
    const p = parseInput(adUnitPatternSchema, { ...mergePatch(adInputOf(current), input.input), id });
    checkPattern(p);
    await writeAdUnitPatterns(tx, tenant.tenantKey, [p]);
    return { id, before: adInputOf(current), after: { name: p.name, type: p.type, pattern: p.pattern, sizes: p.sizes } };
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'adUnitPattern', entityId: id, action: 'update', changes: diff(x.before, x.after) }),
  () => ({ entity: 'adUnitPattern', action: 'update', ids: [id] }));
}

export async function deleteAdUnitPattern({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, ['manage_ad_unit_patterns']);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getAdUnitPattern(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Ad unit pattern', id });
    await deleteAdUnitPatternRow(tx, tenant.tenantKey, id);
    return current;
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'adUnitPattern', entityId: id, action: 'delete', changes: snapshot(adInputOf(x)) }),
  () => ({ entity: 'adUnitPattern', action: 'delete', ids: [id] }));
  return { ok: true };
}
