// Analyses report queries (issue #20): how the sites are put together — layout and block usage,
// which layout serves each page and why, block options, newsletter blocks, site settings, ad units.
import { AD_TYPE_LABELS, adUnitSettingsReport } from '../../domain/ads';
import type { ContentType } from '../../domain/enums';
import { layoutSchema, type Layout } from '../../domain/layout';
import { buildLayoutLookup, explainContentLayout, explainHomeLayout, explainSectionLayout, type LayoutChoice, type LayoutReason } from '../../domain/layout-resolution';
import { contentPath, sectionPath } from '../../domain/paths';
import { type Cell, type ReportRow } from '../../domain/reports';
import { rawOf, type Db } from '../connection';
import { listAdUnits } from './ad-units';
import { listAllLayouts } from './layouts';
import { n, ratio, round2, startMs, endMs, tenantWhere, contentByIdIndex, tenantKeysOf, type Runner } from './reports-common';

interface GridLike { rows?: { columns?: { blocks?: { type?: string }[] }[] }[] }

export const layoutBlockUsage: Runner = async (db, q) => {
  const t = tenantWhere('l.tenant_key', q);
  const layouts = await rawOf(db).all<{ name: string; primary_grid: string; secondary_grid: string | null }>(
    `select l.name, l.primary_grid, l.secondary_grid from layouts l where ${t.sql}`, t.params);
  const byType = new Map<string, { blocks: number; layouts: Set<string> }>();
  let blocks = 0;
  for (const l of layouts) {
    for (const raw of [l.primary_grid, l.secondary_grid]) {
      if (!raw) continue;
      const grid = JSON.parse(raw) as GridLike;
      for (const row of grid.rows ?? []) for (const col of row.columns ?? []) for (const b of col.blocks ?? []) {
        const type = b.type ?? 'unknown';
        const e = byType.get(type) ?? { blocks: 0, layouts: new Set<string>() };
        e.blocks++;
        e.layouts.add(l.name);
        byType.set(type, e);
        blocks++;
      }
    }
  }
  const rows = [...byType].map(([blockType, e]) => ({ blockType, blocks: e.blocks, layouts: e.layouts.size, layoutNames: [...e.layouts].sort().join(', ') }));
  return { summary: { layouts: layouts.length, blocks, types: rows.length }, series: [...rows].sort((a, b) => b.blocks - a.blocks).map((r) => ({ blockType: r.blockType, blocks: r.blocks })), rows };
};

const LAYOUT_JSON = ['aliases', 'contentTypes', 'contentIds', 'sectionIds', 'excludeAds', 'primaryGrid', 'secondaryGrid'];
const LAYOUT_BOOL = ['propagate', 'isGlobal', 'hideHeader', 'hideFooter'];

/** A tenant's stored layouts as the build reads them (validated; a layout that does not parse is left out, as the build skips it). */
async function tenantLayouts(db: Db, tenantKey: string): Promise<Layout[]> {
  const rows = await rawOf(db).all<Record<string, unknown>>(
    `select id, name, type, key, aliases, propagate, page_type as pageType, content_types as contentTypes, content_ids as contentIds,
       section_ids as sectionIds, gating_requirements as gatingRequirements, is_global as isGlobal, hide_header as hideHeader,
       hide_footer as hideFooter, load_more_type as loadMoreType, exclude_ads as excludeAds, primary_grid as primaryGrid, secondary_grid as secondaryGrid
     from layouts where tenant_key = ? order by id`, [tenantKey]);
  const out: Layout[] = [];
  for (const row of rows) {
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) {
      if (v === null) continue;
      clean[k] = LAYOUT_JSON.includes(k) ? JSON.parse(String(v)) : LAYOUT_BOOL.includes(k) ? !!v : v;
    }
    const parsed = layoutSchema.safeParse(clean);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

export const LAYOUT_REASON_LABELS: Record<LayoutReason, string> = {
  'url-override': 'URL override', 'content-override': 'Content override', 'type-override': 'Content type override', section: 'Section layout', default: 'Default',
};

/**
 * Layout analysis: every page the build makes (home, sections, published items) with the layout it
 * resolves to and the rule that chose it, through the build's own resolution (engine/domain/layout-resolution).
 */
export const layoutAnalysis: Runner = async (db, q) => {
  const rows: ReportRow[] = [];
  const raw = rawOf(db);
  for (const tenant of await tenantKeysOf(db, q)) {
    const lookup = buildLayoutLookup(await tenantLayouts(db, tenant));
    const [sections, items] = await Promise.all([
      raw.all<{ id: number; name: string; alias: string }>('select id, name, alias from website_sections where tenant_key = ? and status = 1 order by id', [tenant]),
      raw.all<{ id: number; name: string; type: string; slug: string | null; alias: string | null }>(
        `select c.id, c.name, c.type, c.slug, s.alias from ${contentByIdIndex(db)} left join website_sections s on s.id = c.primary_section_id
         where c.tenant_key = ? and c.status = 1`, [tenant]),
    ]);
    const push = (kind: string, page: string, path: string, choice: LayoutChoice) => rows.push({
      site: tenant, kind, page, path, layout: choice.layout.name, reason: LAYOUT_REASON_LABELS[choice.reason],
    });
    push('Home', 'Home page', '/', explainHomeLayout(lookup));
    for (const sec of sections) {
      const path = sectionPath(sec.alias);
      push('Section', sec.name, path, explainSectionLayout(lookup, Number(sec.id), path));
    }
    for (const c of items) {
      const path = contentPath({ id: Number(c.id), slug: c.slug, name: c.name, sectionAlias: c.alias });
      push('Content', c.name, path, explainContentLayout(lookup, { id: Number(c.id), type: c.type as ContentType, path }));
    }
  }
  const byReason = new Map<string, number>();
  for (const r of rows) byReason.set(String(r.reason), (byReason.get(String(r.reason)) ?? 0) + 1);
  return {
    summary: {
      pages: rows.length, layouts: new Set(rows.map((r) => `${r.site}:${r.layout}`)).size,
      overridden: rows.filter((r) => r.reason !== LAYOUT_REASON_LABELS.default && r.reason !== LAYOUT_REASON_LABELS.section).length,
      defaults: byReason.get(LAYOUT_REASON_LABELS.default) ?? 0,
    },
    series: Object.values(LAYOUT_REASON_LABELS).map((reason) => ({ reason, pages: byReason.get(reason) ?? 0 })),
    rows,
  };
};

/** A setting's value as table text: strings as they are, anything else as JSON, cut at 120 characters. */
function optionText(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? 'null';
  return s.length > 120 ? `${s.slice(0, 119)}…` : s;
}

/**
 * Layout block option usage: for every block type, each setting (settings.*) and data field (data.*)
 * and each value it takes across the tenant's layouts, how many blocks and layouts use it.
 */
export const layoutBlockOptionUsage: Runner = async (db, q) => {
  const t = tenantWhere('l.tenant_key', q);
  const layouts = await rawOf(db).all<{ name: string; primary_grid: string; secondary_grid: string | null }>(
    `select l.name, l.primary_grid, l.secondary_grid from layouts l where ${t.sql}`, t.params);
  const uses = new Map<string, { blockType: string; option: string; value: string; blocks: number; layouts: Set<string> }>();
  const blockTypes = new Set<string>();
  let blocks = 0;
  for (const l of layouts) {
    for (const rawGrid of [l.primary_grid, l.secondary_grid]) {
      if (!rawGrid) continue;
      const grid = JSON.parse(rawGrid) as { rows?: { columns?: { blocks?: { type?: string; settings?: Record<string, unknown>; data?: Record<string, unknown> }[] }[] }[] };
      for (const row of grid.rows ?? []) for (const col of row.columns ?? []) for (const b of col.blocks ?? []) {
        const blockType = b.type ?? 'unknown';
        blockTypes.add(blockType);
        blocks++;
        for (const [part, fields] of [['settings', b.settings], ['data', b.data]] as const) {
          for (const [k, v] of Object.entries(fields ?? {})) {
            if (v === undefined) continue;
            const option = `${part}.${k}`;
            const value = optionText(v);
            const id = `${blockType}\u0000${option}\u0000${value}`;
            const e = uses.get(id) ?? { blockType, option, value, blocks: 0, layouts: new Set<string>() };
            e.blocks++;
            e.layouts.add(l.name);
            uses.set(id, e);
          }
        }
      }
    }
  }
  const rows = [...uses.values()].map((e) => ({ blockType: e.blockType, option: e.option, value: e.value, blocks: e.blocks, layouts: e.layouts.size, layoutNames: [...e.layouts].sort().join(', ') }));
  const perOption = new Map<string, number>();
  for (const r of rows) perOption.set(`${r.blockType} ${r.option}`, (perOption.get(`${r.blockType} ${r.option}`) ?? 0) + 1);
  return {
    summary: { blocks, blockTypes: blockTypes.size, options: perOption.size, values: rows.length },
    series: [...perOption].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([option, values]) => ({ option, values })),
    rows,
  };
};

/**
 * Newsletter block analysis: the blocks of campaigns sent (or, unsent, scheduled or created) in the
 * range, per block type: how many blocks, in how many campaigns, of which newsletters.
 */
export const newsletterBlockAnalysis: Runner = async (db, q) => {
  const t = tenantWhere('c.tenant_key', q);
  const campaigns = await rawOf(db).all<{ id: number; grid: string; newsletter: string | null }>(
    `select c.id, c.grid, n.title as newsletter from newsletter_campaigns c join newsletter_templates t on t.id = c.template_id
     left join newsletters n on n.id = t.newsletter_id
     where ${t.sql} and coalesce(c.sent_at, c.deployment_date, c.created_at) >= ? and coalesce(c.sent_at, c.deployment_date, c.created_at) < ?`,
    [...t.params, startMs(q.from), endMs(q.to)]);
  const byType = new Map<string, { blocks: number; campaigns: Set<number>; newsletters: Set<string> }>();
  let blocks = 0;
  for (const c of campaigns) {
    const grid = JSON.parse(c.grid) as { rows?: { columns?: { blocks?: { type?: string }[] }[] }[] };
    for (const row of grid.rows ?? []) for (const col of row.columns ?? []) for (const b of col.blocks ?? []) {
      const type = b.type ?? 'unknown';
      const e = byType.get(type) ?? { blocks: 0, campaigns: new Set<number>(), newsletters: new Set<string>() };
      e.blocks++;
      e.campaigns.add(Number(c.id));
      e.newsletters.add(c.newsletter ?? 'No newsletter');
      byType.set(type, e);
      blocks++;
    }
  }
  const rows = [...byType].map(([blockType, e]) => ({
    blockType, blocks: e.blocks, campaigns: e.campaigns.size, ofCampaigns: round2(ratio(e.campaigns.size, campaigns.length) * 100) / 100,
    perCampaign: round2(ratio(e.blocks, e.campaigns.size)), newsletters: [...e.newsletters].sort().join(', '),
  }));
  return {
    summary: { campaigns: campaigns.length, blocks, types: rows.length, perCampaign: round2(ratio(blocks, campaigns.length)) },
    series: [...rows].sort((a, b) => b.blocks - a.blocks).map((r) => ({ blockType: r.blockType, blocks: r.blocks })),
    rows,
  };
};

/** A settings object flattened to dotted paths of its leaf values (arrays are leaves). */
export function flattenSettings(v: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, child] of Object.entries(v)) flattenSettings(child, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) out.set(prefix, v);
  return out;
}

/**
 * Site-settings analysis: every setting of the sites counted, how many sites set it, how many
 * different values it takes and each site's value, so the settings where sites differ stand out.
 * The summary counts the global staff users too (they see every site).
 */
export const siteSettingsAnalysis: Runner = async (db, q) => {
  const t = tenantWhere('tenant_key', q);
  const raw = rawOf(db);
  const [tenants, [global]] = await Promise.all([
    raw.all<{ tenant_key: string; settings: string }>(`select tenant_key, settings from tenants where ${t.sql} order by tenant_key`, t.params),
    raw.all<{ n: number }>('select count(*) as n from cms_users where is_global = true and status = 1'),
  ]);
  const perSite = tenants.map((s) => ({ key: s.tenant_key, values: flattenSettings(JSON.parse(s.settings)) }));
  const paths = new Set(perSite.flatMap((s) => [...s.values.keys()]));
  const rows: ReportRow[] = [...paths].map((setting) => {
    const values = perSite.map((s) => ({ key: s.key, text: s.values.has(setting) ? optionText(s.values.get(setting)) : null }));
    const set = values.filter((v) => v.text !== null);
    const counts = new Map<string, number>();
    for (const v of set) counts.set(v.text!, (counts.get(v.text!) ?? 0) + 1);
    const common = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    const distinct = counts.size + (set.length < values.length ? 1 : 0);
    return {
      setting, sites: set.length, distinct, differs: distinct > 1 ? 'Yes' : 'No', common: (common?.[0] ?? null) as Cell,
      values: values.map((v) => `${v.key}: ${v.text ?? '(not set)'}`).join('; '),
    };
  });
  const differing = rows.filter((r) => r.differs === 'Yes');
  const bySection = new Map<string, number>();
  for (const r of differing) { const top = String(r.setting).split('.')[0]!; bySection.set(top, (bySection.get(top) ?? 0) + 1); }
  return {
    summary: { sites: tenants.length, settings: rows.length, differing: differing.length, globalUsers: n(global?.n) },
    series: [...bySection].sort((a, b) => b[1] - a[1]).map(([group, settings]) => ({ group, settings })),
    rows,
  };
};

/** The ad-unit settings report (the Ads issue's rows, engine/domain/ads.ts) per site counted. */
export const adUnitSettings: Runner = async (db, q) => {
  const rows: ReportRow[] = [];
  for (const tenant of await tenantKeysOf(db, q)) {
    const [units, layouts] = await Promise.all([listAdUnits(db, tenant), listAllLayouts(db, tenant)]);
    const report = adUnitSettingsReport(units, layouts.map((l) => ({ name: l.name, excludeAds: l.excludeAds, grids: [l.primaryGrid, ...(l.secondaryGrid ? [l.secondaryGrid] : [])] })));
    for (const r of report) {
      rows.push({
        key: r.key, type: AD_TYPE_LABELS[r.type] ?? r.type, placedIn: r.placedIn.join(', ') || 'Not placed', excludePageTypes: r.excludePageTypes.join(', '),
        excludedBy: r.excludedBy.join(', '), sizes: r.sizes.map(([w, h]) => `${w}×${h}`).join(', ') || 'Fluid', refreshRate: r.refreshRate,
      });
    }
  }
  const byType = new Map<string, number>();
  for (const r of rows) byType.set(String(r.type), (byType.get(String(r.type)) ?? 0) + 1);
  const unplaced = rows.filter((r) => r.placedIn === 'Not placed').length;
  return {
    summary: { units: rows.length, placed: rows.length - unplaced, unplaced, excluded: rows.filter((r) => r.excludePageTypes || r.excludedBy).length },
    series: [...byType].sort((a, b) => b[1] - a[1]).map(([type, units]) => ({ type, units })), rows,
  };
};
