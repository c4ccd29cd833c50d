// copyBrandConfiguration (issue 24; /admin/aspire-to-aspire-migration-config chooses, /admin/
// run-aspire-to-aspire-migration previews and runs): copies a brand's configuration from one tenant
// to another. Sections are matched by alias (missing ones created under their copied parent; existing
// ones kept as they are), layouts by type and name, menus by key, ad-unit patterns and newsletter
// templates by name, newsletters (for templates) by title; new rows get new ids and every section id
// inside copied JSON is remapped (engine/domain/brand-copy.ts). Content, media, members and redirects
// are never touched. A dry run (the default) reads only and answers the same plan a run would carry
// out; a run writes it all in one transaction with a history row, then rebuilds the target. Global
// staff with manage_modules.
import { z } from 'zod';
import { BRAND_IDENTITY_KEYS, BRAND_PARTS, BRAND_SETTINGS_KEYS, remapRefs, type BrandPart } from '../../domain/brand-copy';
import { AppError } from '../../domain/errors';
import { siteSettingsSchema, type SiteSettings } from '../../domain/settings';
import { badInput, fieldPath, parseInput, REQUIRED, withoutNulls } from '../../domain/validation';
import type { Db } from '../../store/connection';
import {
  insertCopiedSection, nextTemplateId, readBrandConfig, upsertCopiedLayout, upsertCopiedMenu, upsertCopiedPattern, upsertCopiedTemplate, type SectionRow,
} from '../../store/queries/brand-copy';
import { nextId } from '../../store/queries/ids';
import { getTenant, writeTenantSettings } from '../../store/queries/tenants';
import { requireActor } from '../kernel/access';
import { commit, type OpArgs } from '../kernel/operation';
import { allTenants } from '../../store/tenant-scope';

const SETTINGS_KEYS = [...BRAND_SETTINGS_KEYS, ...BRAND_IDENTITY_KEYS] as const;
const input = z.strictObject({
  from: z.string({ error: REQUIRED }).trim().min(1, REQUIRED),
  to: z.string({ error: REQUIRED }).trim().min(1, REQUIRED),
  parts: z.array(z.enum(BRAND_PARTS)).min(1, 'Choose at least one part to copy'),
  settingsKeys: z.array(z.enum(SETTINGS_KEYS)).optional(),
  dryRun: z.boolean().optional(),
});

export interface BrandCopyLine { part: BrandPart; action: 'create' | 'update' | 'unchanged' | 'warning'; name: string; detail: string | null }
export interface BrandCopyResult { from: string; to: string; dryRun: boolean; lines: BrandCopyLine[]; created: number; updated: number; unchanged: number; warnings: number }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const depth = (s: SectionRow, byId: Map<number, SectionRow>) => { let d = 0; for (let p = s.parentId; p !== null && d < 50; p = byId.get(p)?.parentId ?? null) d++; return d; };

async function carryOut(db: Db, f: z.output<typeof input>, write: boolean): Promise<BrandCopyLine[]> {
  const [src, dst] = await Promise.all([readBrandConfig(db, f.from), readBrandConfig(db, f.to)]);
  const lines: BrandCopyLine[] = [];
  const parts = new Set(f.parts);
  const line = (part: BrandPart, action: BrandCopyLine['action'], name: string, detail: string | null = null) => lines.push({ part, action, name, detail });
  const warner = (part: BrandPart, name: string) => (path: string, message: string) => line(part, 'warning', name, `${path}: ${message}`);
  // Dry runs hand out the ids a run would (max + 1, counting up), without writing.
  const planned: Record<string, number> = {};
  const newId = async (kind: 'section' | 'layout' | 'adUnitPattern' | 'template') => {
    const base = kind === 'template' ? await nextTemplateId(db) : await nextId(db, kind);
    if (write) return base;
    planned[kind] = Math.max(planned[kind] ?? 0, base);
    return planned[kind]++;
  };

  const sections = new Map<number, number>();
  const byAlias = new Map(dst.sections.map((s) => [s.alias, s.id]));
  const srcById = new Map(src.sections.map((s) => [s.id, s]));
  for (const s of [...src.sections].sort((a, b) => depth(a, srcById) - depth(b, srcById) || a.id - b.id)) {
    const existing = byAlias.get(s.alias);
    if (existing !== undefined) { sections.set(s.id, existing); if (parts.has('sections')) line('sections', 'unchanged', s.alias, 'the site has this section; kept as it is'); continue; }
    if (!parts.has('sections')) continue;
    const parentId = s.parentId === null ? null : sections.get(s.parentId) ?? null;
    const id = await newId('section');
    if (write) await insertCopiedSection(db, f.to, id, { parentId, name: s.name, alias: s.alias, systemAlias: s.systemAlias, manualAlias: s.manualAlias, description: s.description, gamAlias: s.gamAlias, sequence: s.sequence, status: s.status });
    sections.set(s.id, id);
    byAlias.set(s.alias, id);
    line('sections', 'create', s.alias, s.name);
  }

  if (parts.has('layouts')) {
    for (const l of src.layouts) {
      const { id: _id, tenantKey: _t, createdAt: _c, updatedAt: _u, ...rest } = l;
      const fields = { ...(remapRefs(rest, sections, f.from, warner('layouts', l.name)) as typeof rest), isGlobal: false };
      const match = dst.layouts.find((d) => d.type === l.type && d.name === l.name);
      if (match) {
        const { id: _i, tenantKey: _k, createdAt: _ca, updatedAt: _ua, ...current } = match;
        if (same(current, fields)) { line('layouts', 'unchanged', l.name); continue; }
        if (write) await upsertCopiedLayout(db, f.to, match.id, fields, true);
        line('layouts', 'update', l.name, `layout ${match.id}`);
      } else {
        const id = await newId('layout');
        if (write) await upsertCopiedLayout(db, f.to, id, fields, false);
        line('layouts', 'create', l.name, `${l.type} layout`);
      }
    }
  }
  if (parts.has('menus')) {
    for (const m of src.menus) {
      const current = dst.menus.find((d) => d.key === m.key);
      if (current && same(current.links, m.links)) { line('menus', 'unchanged', m.key); continue; }
      if (write) await upsertCopiedMenu(db, f.to, m.key, m.links);
      line('menus', current ? 'update' : 'create', m.key, `${m.links.length} links`);
    }
  }
  if (parts.has('adUnitPatterns')) {
    for (const p of src.adUnitPatterns) {
      const fields = { name: p.name, type: p.type, pattern: p.pattern, sizes: p.sizes };
      const match = dst.adUnitPatterns.find((d) => d.name === p.name);
      if (match && same({ name: match.name, type: match.type, pattern: match.pattern, sizes: match.sizes }, fields)) { line('adUnitPatterns', 'unchanged', p.name); continue; }
      const id = match?.id ?? await newId('adUnitPattern');
      if (write) await upsertCopiedPattern(db, f.to, id, fields, Boolean(match));
      line('adUnitPatterns', match ? 'update' : 'create', p.name, p.pattern);
    }
  }
  if (parts.has('newsletterTemplates')) {
    for (const t of src.newsletterTemplates) {
      const title = src.newsletters.find((n) => n.id === t.newsletterId)?.title;
      const newsletterId = title === undefined ? null : dst.newsletters.find((n) => n.title === title)?.id ?? null;
      if (title !== undefined && newsletterId === null) line('newsletterTemplates', 'warning', t.name, `newsletterId: the site has no newsletter "${title}"; left empty`);
      const fields = { name: t.name, status: t.status, newsletterId, config: remapRefs(t.config, sections, f.from, warner('newsletterTemplates', t.name)) as typeof t.config };
      const match = dst.newsletterTemplates.find((d) => d.name === t.name);
      if (match && same({ name: match.name, status: match.status, newsletterId: match.newsletterId, config: match.config }, fields)) { line('newsletterTemplates', 'unchanged', t.name); continue; }
      const id = match?.id ?? await newId('template');
      if (write) await upsertCopiedTemplate(db, f.to, id, fields, Boolean(match));
      line('newsletterTemplates', match ? 'update' : 'create', t.name, null);
    }
  }
  if (parts.has('settings')) {
    const [from, to] = await Promise.all([getTenant(db, f.from), getTenant(db, f.to)]);
    const keys = f.settingsKeys ?? [...BRAND_SETTINGS_KEYS];
    const source = from!.settings as unknown as Record<string, unknown>;
    const next: Record<string, unknown> = { ...(to!.settings as unknown as Record<string, unknown>) };
    for (const k of keys) {
      if (source[k] === undefined) delete next[k];
      else next[k] = remapRefs(source[k], sections, f.from, warner('settings', k), k, next[k]);
    }
    const parsed = siteSettingsSchema.safeParse(next);
    if (!parsed.success) {
      const i = parsed.error.issues[0]!;
      badInput('input.settingsKeys', `The copied settings do not validate for ${f.to}: ${fieldPath(i.path)}: ${i.message}`);
    }
    // Compared in the schema's shape, so defaults the stored settings leave out do not count as changes.
    const current = siteSettingsSchema.safeParse(to!.settings);
    const before = (current.success ? current.data : to!.settings) as unknown as Record<string, unknown>;
    const changed = keys.filter((k) => !same(before[k], (parsed.data as unknown as Record<string, unknown>)[k]));
    if (changed.length && write) await writeTenantSettings(db, f.to, parsed.data as SiteSettings);
    line('settings', changed.length ? 'update' : 'unchanged', changed.length ? changed.join(', ') : keys.join(', '));
  }
  return lines;
}

export async function copyBrandConfiguration({ ctx, input: raw }: OpArgs): Promise<BrandCopyResult> {
  const a = requireActor(ctx.actor);
  if (!a.isGlobal || !a.permissions.includes('manage_modules')) throw new AppError('FORBIDDEN');
  const f = parseInput(input, withoutNulls(raw ?? {}), 'input');
  const db = ctx.services.store.db;
  if (!(await getTenant(db, f.from))) badInput('input.from', `No site ${f.from}`);
  if (!(await getTenant(db, f.to))) badInput('input.to', `No site ${f.to}`);
  if (f.from === f.to) badInput('input.to', 'Choose a different site than the one copied from');
  const dryRun = f.dryRun !== false;
  // Global staff, checked above: the source is read and the target written acting for all tenants.
  const lines = await allTenants('brand-copy', () => dryRun
    ? carryOut(db, f, false)
    : commit(ctx, (tx) => carryOut(tx, f, true), (l) => ({
      tenantKey: f.to, entityType: 'settings', entityId: f.to, action: 'copy-brand',
      changes: { from: f.from, parts: f.parts, lines: l.filter((x) => x.action !== 'unchanged').slice(0, 200) },
    }), (l) => (l.some((x) => x.action === 'create' || x.action === 'update') ? { entity: 'settings', action: 'update', ids: [f.to] } : null)));
  const n = (x: BrandCopyLine['action']) => lines.filter((l) => l.action === x).length;
  return { from: f.from, to: f.to, dryRun, lines, created: n('create'), updated: n('update'), unchanged: n('unchanged'), warnings: n('warning') };
}
