// A full build of every tenant by the app's restricted PostgreSQL role (row-level security holds
// it to one tenant at a time) writes the same sites as one by the owner: each tenant is read and
// published in its own tenant scope, and a syndicated copy's canonical link to the other tenant's
// source is read acting for all tenants (engine/store/tenant-scope.ts).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { openStore, type Store } from '../../engine/store/connection';
import { buildFiles, compareBuilds } from '../helpers/build-compare';
import { freshPgDatabase, type FreshPg } from '../helpers/pg';
import { ALPHA, BUILD_NOW, id, seedBuildSite } from './build-site-fixture';

const BETA = 2000;
const SOURCE = id(ALPHA, 2);
const COPY = id(BETA, 2);
const ORIGIN = 'http://{key}.localhost:4000';
let db: FreshPg;
let owner: Store;
let app: Store;
const outs = { owner: '', app: '' };

beforeAll(async () => {
  db = await freshPgDatabase('buildrole');
  ({ store: owner } = await seedBuildSite(db.url));
  // beta's item follows alpha's: its page is canonical to the source's page on alpha.
  await owner.run('insert into content_syndication (copy_id, copy_tenant_key, source_id, source_tenant_key) values (?, ?, ?, ?)', [COPY, 'beta', SOURCE, 'alpha']);
  app = await openStore({ path: await db.appRole(), migrate: false });
  for (const [kind, store] of [['owner', owner], ['app', app]] as const) {
    outs[kind] = mkdtempSync(join(tmpdir(), `masthead-build-${kind}-`));
    await runBuild(store, { outDir: outs[kind], now: BUILD_NOW, originTemplate: ORIGIN, workers: 1, clientDir: null });
  }
}, 300_000);

afterAll(async () => {
  await app?.close();
  await owner?.close();
  await db?.drop();
});

describe('a full build by the restricted role', () => {
  it('writes every tenant\'s site, the same files as the owner\'s build', () => {
    const a = buildFiles(outs.owner);
    const b = buildFiles(outs.app);
    for (const key of ['alpha', 'beta']) expect([...b.keys()].filter((f) => f.startsWith(`${key}/`) && f.endsWith('.html')).length, key).toBeGreaterThan(10);
    const diff = compareBuilds(a, b);
    expect({ onlyOwner: diff.onlyA, onlyApp: diff.onlyB, differing: diff.differing }).toEqual({ onlyOwner: [], onlyApp: [], differing: [] });
  });

  it('gives the syndicated copy its canonical link to the other tenant\'s source', () => {
    const files = buildFiles(outs.app);
    const page = [...files.keys()].find((f) => f.startsWith('beta/') && f.includes(`/${COPY}/`) && f.endsWith('index.html') && !f.includes('print/'));
    expect(page).toBeDefined();
    const html = readFileSync(join(outs.app, page!), 'utf8');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://alpha\\.localhost:4000/[^"]*/${SOURCE}/`));
  });
});
