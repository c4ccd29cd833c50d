// The demo set is the product's first impression: these checks hold it to the foundation issue's
// list (three brands, deep section trees, enough believable content, every kind of record).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { main } from '../../cli/main';
import { openStore, type Store } from '../../engine/store/connection';
import { AD_UNIT_TYPES, FONT_KEYS } from '../../engine/domain/enums';
import { tempDbPath } from '../helpers/fixture-set';
import { BLOCK_TYPES, type Grid } from '../../engine/domain/layout';

const db = tempDbPath();
let store: Store;
let firstRows: Record<string, number>;

async function seedJson() {
  let out = '';
  const stdout = new Writable({ write(c, _e, cb) { out += String(c); cb(); } });
  const stderr = new Writable({ write(_c, _e, cb) { cb(); } });
  const code = await main(['node', 'masthead', '--db', db, '--json', 'seed', 'fixtures/demo', '--no-photos'], { stdout, stderr });
  expect(code).toBe(0);
  return JSON.parse(out) as { tenants: string[]; rows: Record<string, number> };
}

beforeAll(async () => {
  firstRows = (await seedJson()).rows;
  store = await openStore({ path: db });
});
afterAll(() => store.close());

describe('demo fixtures', () => {
  it('seed twice on a fresh database gives identical row counts', async () => {
    const second = await seedJson();
    expect(second.tenants).toEqual(['freightwise', 'plantpulse', 'shelfline']);
    expect(second.rows).toEqual(firstRows);
  });

  it('has three distinct brands on <key>.localhost with fonts from the spec list', async () => {
    const rows = await store.all<{ tenant_key: string; domain: string; name: string; settings: string }>('select tenant_key, domain, name, settings from tenants');
    expect(rows.map((r) => r.domain)).toEqual(rows.map((r) => `${r.tenant_key}.localhost`));
    expect(new Set(rows.map((r) => r.name)).size).toBe(3);
    const colours = rows.map((r) => JSON.parse(r.settings).colors.primary.main);
    expect(new Set(colours).size).toBe(3);
    for (const r of rows) expect(FONT_KEYS).toContain(JSON.parse(r.settings).general.primaryFontFamily);
  });

  it('gives each tenant a section tree three levels deep with at least 8 sections', async () => {
    const rows = await store.all<{ tenant_key: string; n: number; deepest: number }>(`
      select s.tenant_key, count(*) n, max(case when g.id is not null then 3 when p.id is not null then 2 else 1 end) deepest
      from website_sections s left join website_sections p on p.id = s.parent_id left join website_sections g on g.id = p.parent_id
      group by s.tenant_key`);
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.n).toBeGreaterThanOrEqual(8);
      expect(r.deepest).toBe(3);
    }
  });

  it('gives each tenant ≥150 published items over ≥8 types, plus drafts and future-dated items', async () => {
    const rows = await store.all<{ tenant_key: string; published: number; types: number; drafts: number; future: number }>(`
      select tenant_key,
        sum(status = 1 and (start_date is null or start_date <= ?)) published,
        count(distinct case when status = 1 then type end) types,
        sum(status = 2) drafts,
        sum(status = 1 and start_date > ?) future
      from content group by tenant_key`, [Date.parse('2026-11-22'), Date.parse('2026-11-22')]);
    for (const r of rows) {
      expect(r.published, r.tenant_key).toBeGreaterThanOrEqual(150);
      expect(r.types, r.tenant_key).toBeGreaterThanOrEqual(8);
      expect(r.drafts, r.tenant_key).toBeGreaterThan(0);
      expect(r.future, r.tenant_key).toBeGreaterThan(0);
    }
  });

  it('has unique, non-placeholder titles and multi-paragraph bodies', async () => {
    const rows = await store.all<{ name: string; body: string; teaser: string }>('select name, body, teaser from content where type not in (\'Promotion\')');
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.body.toLowerCase()).not.toContain('lorem');
      expect((r.body.match(/<p>/g) ?? []).length, r.name).toBeGreaterThanOrEqual(3);
      expect(r.teaser.length).toBeGreaterThan(0);
    }
  });

  it('has authors, tags, images, Pinned and Featured schedules, memberships, newsletters, menus and redirects per tenant', async () => {
    const per = async (sql: string) => Object.fromEntries((await store.all<{ t: string; n: number }>(sql)).map((r) => [r.t, r.n]));
    const checks = {
      authors: await per('select c.tenant_key t, count(*) n from content_authors a join content c on c.id = a.content_id group by c.tenant_key'),
      tags: await per("select tenant_key t, count(*) n from taxonomy where type = 'Tag' group by tenant_key"),
      images: await per('select c.tenant_key t, count(*) n from content_images i join content c on c.id = i.content_id group by c.tenant_key'),
      pinned: await per("select c.tenant_key t, count(*) n from website_schedules w join content c on c.id = w.content_id where w.option = 'Pinned' group by c.tenant_key"),
      featured: await per("select c.tenant_key t, count(*) n from website_schedules w join content c on c.id = w.content_id where w.option = 'Featured' group by c.tenant_key"),
      freeMemberships: await per('select tenant_key t, count(*) n from memberships where is_free = 1 group by tenant_key'),
      paidMemberships: await per('select tenant_key t, count(*) n from memberships where is_free = 0 group by tenant_key'),
      redirects: await per('select tenant_key t, count(*) n from redirects group by tenant_key'),
    };
    for (const [what, byTenant] of Object.entries(checks)) {
      for (const t of ['freightwise', 'plantpulse', 'shelfline']) expect(byTenant[t] ?? 0, `${what} of ${t}`).toBeGreaterThan(0);
    }
    const newsletters = await per('select tenant_key t, count(*) n from newsletters group by tenant_key');
    expect(Object.values(newsletters)).toEqual([2, 2, 2]);
    const menus = await store.all<{ key: string; links: string }>("select key, links from menus where key in ('header_primary', 'footer')");
    for (const m of menus) expect(JSON.parse(m.links).length, m.key).toBeGreaterThan(0);
  });

  it('has home, section and content layouts plus a content-type override and a url override per tenant', async () => {
    const rows = await store.all<{ tenant_key: string; type: string; page_type: string | null }>('select tenant_key, type, page_type from layouts');
    for (const t of ['freightwise', 'plantpulse', 'shelfline']) {
      const mine = rows.filter((r) => r.tenant_key === t);
      expect(mine.some((r) => r.type === 'section' && r.page_type === 'home'), `${t} home`).toBe(true);
      expect(mine.some((r) => r.type === 'section' && r.page_type !== 'home'), `${t} section`).toBe(true);
      for (const type of ['content', 'content-type-override', 'url-override']) expect(mine.some((r) => r.type === type), `${t} ${type}`).toBe(true);
    }
  });

  it('places every block type in each brand’s layouts (issue 17)', async () => {
    const rows = await store.all<{ tenant_key: string; primary_grid: string; secondary_grid: string | null }>('select tenant_key, primary_grid, secondary_grid from layouts');
    for (const t of ['freightwise', 'plantpulse', 'shelfline']) {
      const used = new Set<string>();
      for (const r of rows.filter((x) => x.tenant_key === t)) {
        for (const g of [r.primary_grid, r.secondary_grid]) {
          const grid = g ? (JSON.parse(g) as Grid) : null;
          for (const row of grid?.rows ?? []) for (const col of row.columns) for (const b of col.blocks) used.add(b.type);
        }
      }
      expect(BLOCK_TYPES.filter((b) => !used.has(b)), t).toEqual([]);
    }
  });

  it('has one magazine publication per brand with 6 issues, sections and stories placed in them (issue 21)', async () => {
    const rows = await store.all<{ t: string; pubs: number; issues: number; sections: number; placed: number }>(`
      select p.tenant_key t, count(distinct p.id) pubs, count(distinct i.id) issues, count(distinct s.id) sections, count(distinct ic.issue_id || ':' || ic.content_id) placed
      from magazine_publications p left join magazine_issues i on i.publication_id = p.id left join magazine_sections s on s.publication_id = p.id
      left join magazine_issue_content ic on ic.issue_id = i.id group by p.tenant_key order by p.tenant_key`);
    expect(rows.map((r) => [r.t, r.pubs, r.issues])).toEqual([['freightwise', 1, 6], ['plantpulse', 1, 6], ['shelfline', 1, 6]]);
    for (const r of rows) {
      expect(r.sections, r.t).toBeGreaterThanOrEqual(2);
      expect(r.placed, r.t).toBeGreaterThanOrEqual(6 * 3);
    }
  });

  it('gives each brand an ad unit of every type, and a unit for every ad block its layouts place (issue 19)', async () => {
    const units = await store.all<{ tenant_key: string; key: string; type: string }>('select tenant_key, key, type from ad_units');
    const layouts = await store.all<{ tenant_key: string; primary_grid: string }>('select tenant_key, primary_grid from layouts');
    for (const t of ['freightwise', 'plantpulse', 'shelfline']) {
      const mine = units.filter((u) => u.tenant_key === t);
      expect(new Set(mine.map((u) => u.type)), t).toEqual(new Set(AD_UNIT_TYPES));
      const slots = layouts.filter((l) => l.tenant_key === t).flatMap((l) => [...l.primary_grid.matchAll(/"type":"ad_slot","data":\{"slot":"([^"]+)"/g)].map((m) => m[1]));
      expect(slots.length, t).toBeGreaterThan(0);
      for (const slot of slots) expect(mine.map((u) => u.key), `${t} ${slot}`).toContain(slot);
    }
  });

  it('has one global admin and one site-scoped editor per tenant', async () => {
    const users = await store.all<{ username: string; role: string; is_global: number; tenants: string | null }>(
      'select u.username, u.role, u.is_global, group_concat(t.tenant_key) tenants from cms_users u left join cms_user_tenants t on t.user_id = u.id group by u.id');
    expect(users.filter((u) => u.is_global === 1 && u.role === 'admin')).toHaveLength(1);
    const editors = users.filter((u) => u.is_global === 0 && u.role === 'editor');
    expect(editors.map((e) => e.tenants).sort()).toEqual(['freightwise', 'plantpulse', 'shelfline']);
  });
});
