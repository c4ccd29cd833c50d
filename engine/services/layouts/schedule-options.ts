// /admin/update-layout-schedule-options (issue 22): bulk-changes which schedule option the content
// lists of a tenant's layouts read (admin §3.1 content_list data.scheduleOption) — e.g. when an
// option such as "Recommended" is retired, every list that showed it can show "Featured" instead,
// or every schedule option (to: null). A dry run lists the layouts and blocks it would change; a
// real run saves each changed layout through the layout write path (validation, history, a
// rebuild). Global layouts are changed only by global staff. manage_site_layouts.
import { SCHEDULE_OPTIONS, type ScheduleOption } from '../../domain/enums';
import { AppError } from '../../domain/errors';
import { layoutSchema, type Layout } from '../../domain/layout';
import { badInput, parseInput } from '../../domain/validation';
import { getLayout, listAllLayouts } from '../../store/queries/layouts';
import { writeLayouts } from '../../store/writes';
import { commit, diff, tenantAccess, type OpArgs } from '../kernel/operation';
import { layoutInputOf } from './operations';

export interface ScheduleOptionChange {
  layoutId: number;
  name: string;
  /** The content list blocks that read `from` (grid, row, column, block id). */
  blocks: string[];
  /** planned (dry run) | updated | skipped (a global layout and a site-scoped user) */
  state: 'planned' | 'updated' | 'skipped';
}

const option = (v: unknown, field: string, nullable: boolean): ScheduleOption | null => {
  if (nullable && (v === null || v === undefined || v === '')) return null;
  if (typeof v === 'string' && (SCHEDULE_OPTIONS as readonly string[]).includes(v)) return v as ScheduleOption;
  return badInput(field, `Must be one of ${SCHEDULE_OPTIONS.join(', ')}${nullable ? ', or empty for any option' : ''}`);
};

/** The grids with every content list reading `from` switched to `to`, and where they were. */
function rewrite(l: Layout, from: ScheduleOption, to: ScheduleOption | null): { layout: Layout; blocks: string[] } {
  const blocks: string[] = [];
  type Grid = NonNullable<Layout['primaryGrid']>;
  const grid = (name: string, g: Grid): Grid => ({
    ...g,
    rows: g.rows.map((row, ri) => ({
      ...row,
      columns: row.columns.map((col, ci) => ({
        ...col,
        blocks: col.blocks.map((b) => {
          if (b.type !== 'content_list' || b.data.scheduleOption !== from) return b;
          blocks.push(`${name} row ${ri + 1}, column ${ci + 1}: ${b.id}`);
          const { scheduleOption: _old, ...data } = b.data;
          return { ...b, data: to ? { ...data, scheduleOption: to } : data };
        }),
      })),
    })),
  });
  return { layout: { ...l, primaryGrid: grid('primary', l.primaryGrid), ...(l.secondaryGrid ? { secondaryGrid: grid('secondary', l.secondaryGrid) } : {}) }, blocks };
}

export async function updateLayoutScheduleOptions({ ctx, input }: OpArgs<{ from?: unknown; to?: unknown; dryRun?: unknown }>): Promise<ScheduleOptionChange[]> {
  const { actor, tenant } = tenantAccess(ctx, ['manage_site_layouts']);
  const from = option(input.from, 'from', false)!;
  const to = option(input.to, 'to', true);
  if (from === to) badInput('to', 'Must differ from the option being replaced');
  const dryRun = input.dryRun !== false;
  const out: ScheduleOptionChange[] = [];
  for (const row of await listAllLayouts(ctx.services.store.db, tenant.tenantKey)) {
    const parsed = layoutSchema.safeParse({ ...layoutInputOf(row), id: row.id });
    if (!parsed.success) continue;
    const r = rewrite(parsed.data, from, to);
    if (r.blocks.length === 0) continue;
    if (row.isGlobal && !actor.isGlobal) { out.push({ layoutId: row.id, name: row.name, blocks: r.blocks, state: 'skipped' }); continue; }
    if (!dryRun) {
      await commit(ctx, async (tx) => {
        const current = await getLayout(tx, tenant.tenantKey, row.id);
        if (!current) throw new AppError('NOT_FOUND', { entity: 'Layout', id: row.id });
        const next = parseInput(layoutSchema, { ...layoutInputOf(current), primaryGrid: r.layout.primaryGrid, secondaryGrid: r.layout.secondaryGrid, id: row.id });
        await writeLayouts(tx, tenant.tenantKey, [next]);
        return { before: layoutInputOf(current), after: layoutInputOf((await getLayout(tx, tenant.tenantKey, row.id))!) };
      }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'layout', entityId: row.id, action: 'update-schedule-options', changes: diff(x.before, x.after) }),
      () => ({ entity: 'layout', action: 'update', ids: [row.id] }));
    }
    out.push({ layoutId: row.id, name: row.name, blocks: r.blocks, state: dryRun ? 'planned' : 'updated' });
  }
  return out;
}
