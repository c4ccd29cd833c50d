// Content research and bulk update (issue 16): filters against a seeded database, tenant scope,
// CSV export that a spreadsheet cannot run, and a 500-item bulk update that is one transaction
// (a failure on the last item leaves the first 499 unchanged) and asks for one rebuild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor, type Role } from '../../engine/domain/permissions';
import { contentSchema } from '../../engine/domain/records';
import { parseInput } from '../../engine/domain/validation';
import { writeContentBatch } from '../../engine/store/writes';
import type { Actor } from '../../engine/services/kernel/access';
import type { OpContext } from '../../engine/services/kernel/operation';
import { bulkUpdateContent, csvCell, deleteResearchSearch, listResearchSearches, researchContent, researchCsv, saveResearchSearch } from '../../engine/services/research/operations';
import { startApi, type Harness } from './api-harness';

let h: Harness;
const BULK_BASE = 10_500_000;
const BULK_IDS = Array.from({ length: 500 }, (_, i) => BULK_BASE + i + 1);

function actor(role: Role, tenants: string[], isGlobal = false): Actor {
  return { kind: 'staff', userId: 3, username: `${role}.test`, role, permissions: permissionsFor(role), isGlobal, tenants };
}
async function ctxFor(a: Actor | null, tenantKey = 'alpha'): Promise<OpContext> {
  return { services: h.app.api.services, actor: a, tenant: (await h.app.api.services.tenants.byKey(tenantKey)) ?? null };
}
const siteAdmin = () => ctxFor(actor('site_admin', ['alpha']));

async function errorOf(p: Promise<unknown>): Promise<{ code?: string; details?: Record<string, unknown> }> {
  return p.then(() => ({}), (e: { code?: string; details?: Record<string, unknown> }) => e);
}
async function statusesOf(ids: number[]): Promise<Map<number, number>> {
  const rows = await h.store.all<{ id: number; status: number }>(`select id, status from content where id in (${ids.join(',')})`);
  return new Map(rows.map((r) => [r.id, r.status]));
}

beforeAll(async () => {
  h = await startApi();
  const items = BULK_IDS.map((id, i) => parseInput(contentSchema, {
    id, type: 'Article', name: i === 0 ? '=HYPERLINK("http://evil.example","click")' : `Bulk item ${i + 1}, "quoted"`,
    status: 1, published: `2025-0${1 + (i % 9)}-15T08:00:00Z`, primarySectionId: 102,
  }));
  await h.store.transaction(async (tx) => { await writeContentBatch(tx, 'alpha', items); });
});
afterAll(async () => { await h.close(); });

describe('content research', () => {
  it('filters by text, type, section, author, date range and status within the tenant', async () => {
    const ctx = await siteAdmin();
    const ids = async (input: Record<string, unknown>) => (await researchContent({ ctx, input: { limit: 200, ...input } })).rows.map((r) => r.id).sort();
    expect(await ids({ text: 'lane 1' })).toEqual([10_010_001, 10_010_010, 10_010_011, 10_010_012]);
    expect(await ids({ text: 'lane', types: ['News'] })).toEqual([10_010_001, 10_010_004, 10_010_007, 10_010_010]);
    expect(await ids({ text: 'lane', sectionIds: [104] })).toEqual([10_010_002, 10_010_004, 10_010_006, 10_010_008, 10_010_010, 10_010_012]);
    expect((await ids({ authorIds: [110] })).length).toBe(12);
    expect(await ids({ text: 'lane', statuses: [2] })).toEqual([10_010_012]);
    expect(await ids({ text: 'lane', publishedFrom: '2026-10-03', publishedTo: '2026-10-05T23:59:59Z' })).toEqual([10_010_003, 10_010_004, 10_010_005]);
    // beta's items never show up for an alpha search
    expect((await researchContent({ ctx, input: { text: 'lane', limit: 200 } })).rows.every((r) => r.tenantKey === 'alpha')).toBe(true);
    const page = await researchContent({ ctx, input: { text: 'Bulk item', limit: 10 } });
    expect(page.total).toBe(499);
    expect(page.rows).toHaveLength(10);
  });

  it('filters by taxonomy term', async () => {
    const ctx = await siteAdmin();
    await bulkUpdateContent({ ctx, input: { ids: [10_010_002, 10_010_005], set: { addTaxonomyIds: [130] } } });
    const r = await researchContent({ ctx, input: { taxonomyIds: [130] } });
    expect(r.rows.map((x) => x.id).sort()).toEqual([10_010_002, 10_010_005]);
  });

  it('searches several tenants for a global user, and refuses a tenant outside the actor\'s scope', async () => {
    const global = await ctxFor(actor('admin', [], true));
    const both = await researchContent({ ctx: global, input: { text: 'lane 3', tenantKeys: ['beta'] } });
    expect(both.rows.map((r) => r.tenantKey).sort()).toEqual(['alpha', 'beta']);
    expect((await errorOf(researchContent({ ctx: await siteAdmin(), input: { text: 'lane', tenantKeys: ['beta'] } }))).code).toBe('FORBIDDEN');
    expect((await errorOf(researchContent({ ctx: await ctxFor(null), input: {} }))).code).toBe('UNAUTHENTICATED');
  });

  it('names the field of a bad filter', async () => {
    const ctx = await siteAdmin();
    const e = await errorOf(researchContent({ ctx, input: { publishedFrom: 'yesterday' } }));
    expect(e.code).toBe('BAD_USER_INPUT');
    expect(e.details?.field).toBe('publishedFrom');
    expect((await errorOf(researchContent({ ctx, input: { statuses: [7] } }))).details?.field).toBe('statuses');
  });

  it('exports CSV with quoted cells and no formula a spreadsheet would run', async () => {
    expect(csvCell('=1+2')).toBe(`"'=1+2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('plain')).toBe('plain');
    const csv = await researchCsv({ ctx: await siteAdmin(), input: { text: 'Bulk item' } });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('id,tenantKey,type,name,status,published,primarySectionId');
    expect(lines.filter(Boolean)).toHaveLength(500);
    const first = await researchCsv({ ctx: await siteAdmin(), input: { text: 'HYPERLINK' } });
    const row = first.split('\r\n')[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(row.split(',').some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
  });
});

describe('bulk update', () => {
  it('previews a dry run without writing, history or a rebuild', async () => {
    const ctx = await siteAdmin();
    const history = await h.count('history');
    const changes = h.changes.length;
    const r = await bulkUpdateContent({ ctx, input: { ids: BULK_IDS.slice(0, 3), set: { status: 2 }, dryRun: true } });
    expect(r.dryRun).toBe(true);
    expect(r.count).toBe(3);
    expect(r.items[0]!.changes.status).toEqual({ from: 1, to: 2 });
    expect([...(await statusesOf(BULK_IDS.slice(0, 3))).values()]).toEqual([1, 1, 1]);
    expect(await h.count('history')).toBe(history);
    expect(h.changes.length).toBe(changes);
  });

  it('a failure on item 500 leaves items 1–499 unchanged, with no history and no rebuild', async () => {
    const ctx = await siteAdmin();
    const history = await h.count('history');
    const changes = h.changes.length;
    await h.store.exec(`CREATE TRIGGER last_item_down BEFORE INSERT ON content WHEN NEW.id = ${BULK_IDS[499]} BEGIN SELECT RAISE(ABORT, 'item 500 refused'); END`);
    try {
      const e = await errorOf(bulkUpdateContent({ ctx, input: { ids: BULK_IDS, set: { status: 2 } } }));
      expect(e).toBeInstanceOf(Error);
    } finally {
      await h.store.exec('DROP TRIGGER last_item_down');
    }
    expect([...(await statusesOf(BULK_IDS)).values()].every((s) => s === 1)).toBe(true);
    expect(await h.count('history')).toBe(history);
    expect(h.changes.length).toBe(changes);
  });

  it('a bad value on the last item names the field and item, and writes nothing', async () => {
    const ctx = await siteAdmin();
    const betaId = 10_020_001;
    const e = await errorOf(bulkUpdateContent({ ctx, input: { ids: [...BULK_IDS.slice(0, 2), betaId], set: { status: 2 } } }));
    expect(e.code).toBe('NOT_FOUND');
    const bad = await errorOf(bulkUpdateContent({ ctx, input: { ids: BULK_IDS.slice(0, 2), set: { primarySectionId: 201 } } }));
    expect(bad.code).toBe('BAD_USER_INPUT');
    expect(bad.details?.field).toBe('set.primarySectionId');
    expect([...(await statusesOf(BULK_IDS.slice(0, 2))).values()]).toEqual([1, 1]);
  });

  it('moving published items to another section leaves a 301 at each old path (none on a dry run), and moving back drops it', async () => {
    const ctx = await siteAdmin();
    const ids = BULK_IDS.slice(0, 2);
    const redirectsTo = async () => new Map((await h.store.all<{ from_path: string; to_path: string }>(
      "select from_path, to_path from redirects where tenant_key = 'alpha' and to_path like '/markets/ocean-freight/105000%'",
    )).map((r) => [r.from_path, r.to_path]));
    await bulkUpdateContent({ ctx, input: { ids, set: { primarySectionId: 103 }, dryRun: true } });
    expect((await redirectsTo()).size).toBe(0);
    const changes = h.changes.length;
    await bulkUpdateContent({ ctx, input: { ids, set: { primarySectionId: 103 } } });
    const moved = await redirectsTo();
    expect(moved.size).toBe(2);
    for (const id of ids) {
      const [from] = [...moved.keys()].filter((p) => p.includes(`/${id}/`));
      expect(from).toMatch(new RegExp(`^/markets/${id}/`));
      expect(moved.get(from!)).toBe(from!.replace('/markets/', '/markets/ocean-freight/'));
    }
    expect(h.changes.slice(changes).map((c) => c.change.entity)).toEqual(['redirect']);
    await bulkUpdateContent({ ctx, input: { ids, set: { primarySectionId: 102 } } });
    const [back] = await h.store.all<{ n: number }>(`select count(*) as n from redirects where tenant_key = 'alpha' and from_path like '/markets/%/${ids[0]}/%'`);
    expect(Number(back!.n)).toBe(1); // the ocean-freight path now redirects home; the original path is live again
  });

  it('updates 500 items in one transaction with a history row each and one rebuild request', async () => {
    const ctx = await siteAdmin();
    const history = await h.count('history');
    const changes = h.changes.length;
    const store = h.app.api.services.store;
    const original = store.transaction.bind(store);
    let transactions = 0;
    store.transaction = ((fn: Parameters<typeof original>[0]) => { transactions += 1; return original(fn); }) as typeof store.transaction;
    let r;
    try {
      r = await bulkUpdateContent({ ctx, input: { query: { sectionIds: [102] }, set: { status: 2, addTaxonomyIds: [130] } } });
    } finally {
      store.transaction = original;
    }
    expect(transactions).toBe(1);
    expect(r.count).toBe(500);
    expect([...(await statusesOf(BULK_IDS)).values()].every((s) => s === 2)).toBe(true);
    const [tagged] = await h.store.all<{ n: number }>(`select count(*) as n from content_taxonomy where taxonomy_id = 130 and content_id >= ${BULK_BASE}`);
    expect(Number(tagged!.n)).toBe(500);
    expect(await h.count('history')).toBe(history + 500);
    const rebuilds = h.changes.slice(changes);
    expect(rebuilds).toHaveLength(1);
    expect([...rebuilds[0]!.change.ids].sort()).toEqual(BULK_IDS);
  });

  it('needs bulk_update_content in the tenant', async () => {
    const editor = await ctxFor(actor('editor', ['alpha']));
    expect((await errorOf(bulkUpdateContent({ ctx: editor, input: { ids: [10_010_001], set: { status: 2 } } }))).code).toBe('FORBIDDEN');
    const other = await ctxFor(actor('site_admin', ['alpha']), 'beta');
    expect((await errorOf(bulkUpdateContent({ ctx: other, input: { ids: [10_020_001], set: { status: 2 } } }))).code).toBe('FORBIDDEN');
  });
});

describe('over GraphQL', () => {
  it('researches, exports and previews a bulk update through the registered documents', async () => {
    const found = await h.op('researchContent', { input: { text: 'lane 1', types: ['News'] } }, { as: 'alphaAdmin' });
    expect(found.error).toBeUndefined();
    expect(found.data.researchContent.rows.map((r: { id: number }) => r.id).sort()).toEqual([10_010_001, 10_010_010]);
    expect(found.data.researchContent.rows[0].published).toMatch(/^2026-10-\d\dT12:00:00/);
    const csv = await h.op('researchContentCsv', { input: { text: 'lane 10' } }, { as: 'alphaAdmin' });
    expect(csv.data.researchContentCsv.split('\r\n')[1]).toMatch(/^10010010,alpha,News,Carriers adjust capacity on lane 10,1,/);
    const preview = await h.op('bulkUpdateContent', { input: { ids: [10_010_001], set: { status: 2 }, dryRun: true } }, { as: 'alphaAdmin' });
    expect(preview.data.bulkUpdateContent).toMatchObject({ dryRun: true, count: 1, items: [{ id: 10_010_001, changes: { status: { from: 1, to: 2 } } }] });
    const refused = await h.op('bulkUpdateContent', { input: { ids: [10_010_001], set: { status: 2 } } }, { as: 'alphaEditor' });
    expect(refused.error?.extensions.code).toBe('FORBIDDEN');
    const bad = await h.op('bulkUpdateContent', { input: { ids: [10_010_001], set: { status: 9 } } }, { as: 'alphaAdmin' });
    expect(bad.error?.extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.error?.extensions.field).toBe('set.status');
  });
});

describe('saved searches', () => {
  it('are stored per staff user and tenant, validated like a search, and deleted only by their owner', async () => {
    const mine = await ctxFor({ ...actor('site_admin', ['alpha']), userId: 3 });
    const theirs = await ctxFor({ ...actor('site_admin', ['alpha']), userId: 6 });
    const { id } = await saveResearchSearch({ ctx: mine, input: { name: 'Lane news', query: { text: 'lane', types: ['News'] } } });
    const list = await listResearchSearches({ ctx: mine, input: {} });
    expect(list.map((s) => [s.name, s.query])).toEqual([['Lane news', { text: 'lane', types: ['News'] }]]);
    expect(await listResearchSearches({ ctx: theirs, input: {} })).toEqual([]);
    const rerun = await researchContent({ ctx: mine, input: list[0]!.query });
    expect(rerun.total).toBe(4);
    const bad = await errorOf(saveResearchSearch({ ctx: mine, input: { name: 'Bad', query: { publishedTo: 'soon' } } }));
    expect(bad.details?.field).toBe('publishedTo');
    expect((await errorOf(saveResearchSearch({ ctx: mine, input: { name: '  ' } }))).details?.field).toBe('name');
    expect((await errorOf(deleteResearchSearch({ ctx: theirs, input: { id } }))).code).toBe('NOT_FOUND');
    await deleteResearchSearch({ ctx: mine, input: { id } });
    expect(await listResearchSearches({ ctx: mine, input: {} })).toEqual([]);
  });
});

describe('saved searches over GraphQL', () => {
  it('saves, lists and deletes the caller\'s own search', async () => {
    const saved = await h.op('saveResearchSearch', { name: 'Drafts', query: { statuses: [2] } }, { as: 'alphaAdmin' });
    expect(saved.error).toBeUndefined();
    expect(saved.data.saveResearchSearch).toMatchObject({ name: 'Drafts', query: { statuses: [2] } });
    const listed = await h.op('getResearchSearches', {}, { as: 'alphaAdmin' });
    expect(listed.data.getResearchSearches.map((s: { name: string }) => s.name)).toEqual(['Drafts']);
    expect((await h.op('getResearchSearches', {}, { as: 'alphaManager' })).data.getResearchSearches).toEqual([]);
    expect((await h.op('getResearchSearches', {}, { as: 'alphaViewer' })).error?.extensions.code).toBe('FORBIDDEN');
    const gone = await h.op('deleteResearchSearch', { id: saved.data.saveResearchSearch.id }, { as: 'alphaAdmin' });
    expect(gone.data.deleteResearchSearch).toEqual({ ok: true });
  });
});
