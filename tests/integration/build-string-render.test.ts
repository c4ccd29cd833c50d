// The string renderers (site/print-html.ts, main-html.ts, item-html.ts, the staff toolbar root) write the same bytes as React: every content group
// (page and print view) and every listing page of the demo tenants and of the build test site
// (gated, hostile, promotion and event items) is emitted twice through the build's own path
// (engine/build/stages/emit-pages.ts), once with the string renderers and once with React only,
// and every file (HTML and payload) must be byte for byte the same.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { listTenants, streamContentBodies } from '../../engine/store/site-reader';
import { load } from '../../engine/build/stages/load';
import { buildChrome } from '../../engine/build/stages/chrome';
import { createResolveContext, resolveContentPage, resolveListingPage, resolvePrintPage } from '../../engine/build/stages/resolve';
import { blockBodyMarkup, prerenderBlocks } from '../../site/blocks';
import { gridMainHtml, type GridIslands } from '../../site/main-html';
import { sanitizeBody } from '../../engine/html/sanitize';
import { printMainHtml } from '../../site/print-html';
import { allListingPages, contentPages, shellPages, type PageOut } from '../../engine/build/stages/emit-pages';
import { hasPage } from '../../engine/build/stages/pages';
import { setStringRenderers } from '../../site/document';
import type { ChromeView } from '../../site/model';
import { tempDbPath } from '../helpers/fixture-set';
import { BUILD_NOW, seedBuildSite } from './build-site-fixture';

const STUBS: GridIslands = { gate: () => '', zmag: () => '', favourite: () => '', blockBody: blockBodyMarkup };
const DEMO = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));

/** Both renders of every page group of every tenant in the store; `prints` counts string-rendered print views. */
async function renderBothWays(store: Store) {
  const mismatches: string[] = [];
  let files = 0;
  let prints = 0;
  let listings = 0;
  // Content pages and first listing pages whose <main> the string renderer writes, and the others.
  let grids = 0;
  const leftToReact: string[] = [];
  const compare = (a: PageOut[], b: PageOut[]) => {
    expect(a.map((p) => p.path)).toEqual(b.map((p) => p.path));
    a.forEach((p, i) => {
      const q = b[i]!;
      p.files.forEach((f, j) => {
        files++;
        if (!f.body.equals(q.files[j]!.body)) mismatches.push(`${p.path} ${f.path}`);
      });
      if (p.hash !== q.hash) mismatches.push(`${p.path} hash`);
    });
  };
  // Each way renders with its own chrome object, so neither reuses the other's cached list items.
  let chromes: [ChromeView, ChromeView];
  const both = (render: (chrome: ChromeView) => PageOut[]) => {
    setStringRenderers(true);
    const fast = render(chromes[0]);
    setStringRenderers(false);
    try {
      compare(fast, render(chromes[1]));
    } finally {
      setStringRenderers(true);
    }
    return fast;
  };
  for (const t of await listTenants(store)) {
    const { index } = await load(store, t.tenantKey, { now: BUILD_NOW, originTemplate: 'http://{key}.localhost:4000' });
    const ctx = createResolveContext(index);
    chromes = [0, 1].map(() => buildChrome(index, { href: '/assets/site.css', integrity: 'sha384-x' })) as [ChromeView, ChromeView];
    const ids = index.content.filter(hasPage).map((c) => c.id);
    for await (const chunk of streamContentBodies(store, t.tenantKey, ids, 200)) {
      for (const { id, body } of chunk) {
        const c = ctx.contentById.get(id)!;
        both((chrome) => contentPages(ctx, chrome, c, body));
        // The print view really went through the string renderer (not React's fallback).
        const page = resolveContentPage(ctx, c, sanitizeBody(body));
        const print = resolvePrintPage(ctx, c, sanitizeBody(body), page);
        if (printMainHtml(print, STUBS) !== null) prints++;
        else mismatches.push(`${print.path}: left to React`);
        if (gridMainHtml(page, prerenderBlocks(page.rows, new Map()), STUBS) !== null) grids++;
        else leftToReact.push(page.path);
      }
    }
    for (const section of [null, ...index.sections]) {
      listings += both((chrome) => allListingPages(ctx, chrome, section)).length;
      const { page } = resolveListingPage(ctx, section, 1);
      if (gridMainHtml(page, prerenderBlocks(page.rows, new Map()), STUBS) !== null) grids++;
      else leftToReact.push(page.path);
    }
    both((chrome) => shellPages(ctx, chrome));
  }
  return { mismatches, files, prints, listings, grids, leftToReact };
}

describe('string renderers write the bytes React writes', () => {
  let demo: Store;
  let site: Store;
  beforeAll(async () => {
    demo = await openStore({ path: tempDbPath() });
    await seedFixtures(demo, DEMO);
    site = (await seedBuildSite()).store;
  }, 120_000);
  afterAll(async () => {
    await demo?.close();
    await site?.close();
  });

  it('every print view and listing page of the demo tenants, HTML and payload', async () => {
    const r = await renderBothWays(demo);
    expect(r.mismatches).toEqual([]);
    expect(r.prints).toBeGreaterThan(300);
    expect(r.listings).toBeGreaterThan(30);
    // Grid pages go to React whole only for what React rewrites (a block title icon, a preloaded image).
    expect(r.leftToReact.length / (r.grids + r.leftToReact.length), r.leftToReact.join(' ')).toBeLessThan(0.05);
  }, 180_000);

  it('every page of the build test site (gated, hostile, promotion and event items)', async () => {
    const r = await renderBothWays(site);
    expect(r.mismatches).toEqual([]);
    expect(r.prints).toBeGreaterThan(10);
    expect(r.leftToReact).toEqual([]);
  }, 120_000);
});
