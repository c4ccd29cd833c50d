// The memberships layout module (admin §3.1 "Modules", issue 42): the demo's FreightWise has a
// module layout keyed memberships, so its site-registration page /membership/choose renders that
// layout's blocks under the membership chooser; PlantPulse has none and keeps the bare chooser.
// Checked in the built HTML as a reader's browser gets it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { tempDbPath } from '../helpers/fixture-set';
import { BUILD_NOW } from './build-site-fixture';

const DEMO = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));
let store: Store;
let out: string;

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, DEMO);
  out = mkdtempSync(join(tmpdir(), 'masthead-memberships-module-'));
  await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: 'http://{key}.localhost:4000', tenants: ['freightwise', 'plantpulse'], workers: 1 });
}, 240_000);
afterAll(async () => {
  await store?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

const page = (tenant: string) => load(readFileSync(join(out, tenant, 'membership/choose/index.html'), 'utf8'));

describe('the memberships module page', () => {
  it('renders the module layout\'s blocks under the membership chooser', () => {
    const $ = page('freightwise');
    expect($('main h1').text()).toBe('Choose a Membership');
    // The chooser: a card per active membership linking to its sign-up page.
    const cards = $('main .membership-card a').map((_, a) => $(a).attr('href')).get();
    expect(cards).toEqual(['/membership/signup/insider', '/membership/signup/pro']);
    // The module layout's grid: its html block, newsletter sign-up and content list, after the chooser.
    const text = $('main').text();
    expect(text).toContain('Why join FreightWise');
    expect(text).toContain('your subscription is recognised automatically');
    expect(text).toContain('What members read');
    expect($('main').html()!.indexOf('membership-card')).toBeLessThan($('main').html()!.indexOf('Why join FreightWise'));
    const listed = $('main a[href]').map((_, a) => $(a).attr('href')).get().filter((h) => /\/\d{8}$|-\d{8}$|\d{8}/.test(h));
    expect(listed.length).toBeGreaterThanOrEqual(4);
  });

  it('leaves a tenant without a memberships module layout with the bare chooser', () => {
    const $ = page('plantpulse');
    expect($('main .membership-card').length).toBeGreaterThan(0);
    expect($('main').text()).not.toContain('Why join');
    expect($('main .row, main [class*="grid-row"]').length).toBe(0);
  });
});
