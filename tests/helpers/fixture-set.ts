// A small, valid fixture set written to a temp folder, for tests that need to bend one record.
import { freshPgDatabaseSync, TEST_STORE_IS_PG } from './pg';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="#123456"/></svg>';

export function tenantFixture(key: string, base: number) {
  const sections = [
    { id: base + 1, name: 'Home', manualAlias: true, alias: 'home' },
    { id: base + 2, name: 'Markets' },
    { id: base + 3, name: 'Ocean Freight', parentId: base + 2 },
    { id: base + 4, name: 'Spot Rates', parentId: base + 3 },
  ];
  const content = Array.from({ length: 12 }, (_, i) => ({
    id: 10_000_000 + base * 100 + i + 1,
    type: i % 3 === 0 ? 'News' : 'Article',
    name: `Carriers adjust capacity on lane ${i + 1}`,
    teaser: 'Schedules shift as carriers respond to softer demand.',
    body: '<p>Carriers are trimming sailings.</p><p>Shippers are watching rates.</p>',
    status: i === 11 ? 2 : 1,
    published: `2026-10-${String(1 + i).padStart(2, '0')}T12:00:00Z`,
    primarySectionId: base + (i % 2 === 0 ? 3 : 4),
    authorIds: [base + 10],
    imageIds: [base + 20],
    primaryImageId: base + 20,
    schedules: [{ sectionId: base + (i % 2 === 0 ? 3 : 4), option: 'Standard' }, ...(i < 2 ? [{ sectionId: base + 1, option: 'Featured' }] : [])],
  }));
  return {
    tenant: {
      tenantKey: key, name: `${key} News`, domain: `${key}.localhost`, abbreviation: key.slice(0, 3).toUpperCase(),
      settings: {
        general: { siteName: `${key} News`, primaryFontFamily: 'open_sans' },
        header: { logo: `/images/${key}/ship.svg` },
        footer: { text: 'Trade news.' },
        tenantInfo: { name: `${key} News`, domain: `${key}.localhost` },
        colors: {
          primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' },
          secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' },
        },
      },
    },
    sections,
    persons: [{ id: base + 10, firstName: 'Rosa', lastName: 'Delgado', title: 'Editor' }],
    taxonomy: [{ id: base + 30, type: 'Tag', name: 'Rates' }],
    assets: [{ id: base + 20, file: `images/${key}/ship.svg`, alt: 'A container ship', width: 1200, height: 630 }],
    memberships: [{ id: base + 40, title: 'Insider', alias: 'insider', isFree: true }],
    newsletters: [{ id: base + 50, title: 'Daily' }],
    menus: { header_primary: [{ label: 'Markets', href: '/markets' }] },
    redirects: [{ id: base + 60, from: '/old-markets', to: '/markets' }],
    layouts: [{
      id: base + 70, name: 'Section default', type: 'section',
      primaryGrid: { rows: [{ settings: { layout: '1' }, columns: [{ blocks: [{ id: 'list', type: 'content_list', data: { section: 'current', limit: 10 } }] }] }] },
    }],
    content,
  };
}

export type TenantFixture = ReturnType<typeof tenantFixture>;

/** Writes a fixture set with the given tenants; returns its folder. */
export function writeFixtureSet(tenants: TenantFixture[], users: unknown[] = [], dir = mkdtempSync(join(tmpdir(), 'masthead-fx-'))): string {
  for (const t of tenants) {
    const key = t.tenant.tenantKey;
    const tdir = join(dir, 'tenants', key);
    mkdirSync(join(tdir, 'content'), { recursive: true });
    mkdirSync(join(dir, 'images', key), { recursive: true });
    writeFileSync(join(dir, 'images', key, 'ship.svg'), SVG);
    const { content, tenant, ...rest } = t;
    writeFileSync(join(tdir, 'tenant.json'), JSON.stringify(tenant, null, 2));
    for (const [name, value] of Object.entries(rest)) {
      const file = name === 'adUnitPatterns' ? 'ad-unit-patterns.json' : `${name}.json`;
      writeFileSync(join(tdir, file), JSON.stringify(value, null, 2));
    }
    writeFileSync(join(tdir, 'content', 'items.json'), JSON.stringify(content.slice(0, 6), null, 2));
    writeFileSync(join(tdir, 'content', 'more.jsonl'), content.slice(6).map((c) => JSON.stringify(c)).join('\n') + '\n');
  }
  writeFileSync(join(dir, 'users.json'), JSON.stringify(users, null, 2));
  return dir;
}

/** A new database: a SQLite file in a temporary folder, or (MASTHEAD_TEST_STORE=postgres) a fresh PostgreSQL database's URL. */
export function tempDbPath(): string {
  if (TEST_STORE_IS_PG) return freshPgDatabaseSync();
  return join(mkdtempSync(join(tmpdir(), 'masthead-db-')), 'test.sqlite');
}
