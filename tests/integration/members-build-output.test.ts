// Gated and metered bodies never reach the CDN (DESIGN §4, public §4): the demo's FreightWise site
// (metering on) is built and every file it writes is searched, as bytes, for the body text of a
// membership-gated article, a registration-gated whitepaper and a metered (ungated) article. The
// pages carry the teaser, the gate island and isAccessibleForFree=false; a type the meter exempts
// keeps its prerendered body.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { runBuild } from '../../engine/build/index';
import { paywallJsonLd } from '../../engine/domain/paywall';
import { tempDbPath } from '../helpers/fixture-set';
import { BUILD_NOW } from './build-site-fixture';

const DEMO = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));
interface Item { id: number; type: string; name: string; teaser: string; body: string; membershipIds?: number[]; userRegistrationRequired?: boolean }
const items: Item[] = ['articles', 'other'].flatMap((f) => JSON.parse(readFileSync(join(DEMO, 'tenants/freightwise/content', `${f}.json`), 'utf8')) as Item[]);
const tenant = JSON.parse(readFileSync(join(DEMO, 'tenants/freightwise/tenant.json'), 'utf8'));

const GATED = items.find((i) => i.id === 10100024)!; // FreightWise Pro
const REGISTRATION = items.find((i) => i.id === 10100026)!; // userRegistrationRequired
const METERED = items.find((i) => i.type === 'Article' && !i.membershipIds?.length && !i.userRegistrationRequired)!;
const EXEMPT = items.find((i) => i.id === 10100002)!; // a Page: the meter exempts the type

/** The longest run of plain words in the body that the teaser does not contain (punctuation-free, so HTML escaping cannot hide it). */
function bodySnippet(i: Item): string {
  const text = i.body.replace(/<[^>]+>/g, ' ');
  const runs = text.split(/[^A-Za-z0-9 ]+/).map((s) => s.trim().replace(/\s+/g, ' ')).filter((s) => s.split(' ').length >= 6 && !i.teaser.includes(s));
  runs.sort((a, b) => b.length - a.length);
  const unique = runs.find((r) => items.filter((o) => o.body.includes(r)).length === 1);
  if (!unique) throw new Error(`no unique body text in ${i.id}`);
  return unique;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

let store: Store;
let out: string;
let all: { path: string; text: string }[];

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, DEMO);
  out = mkdtempSync(join(tmpdir(), 'masthead-members-out-'));
  await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: 'http://{key}.localhost:4000', tenants: ['freightwise'], workers: 1 });
  all = files(out).map((p) => ({ path: p, text: readFileSync(p).toString('latin1') }));
}, 180_000);
afterAll(async () => { await store?.close(); });

const page = (i: Item) => {
  const f = all.find((x) => x.path.includes(`/${i.id}/`) && x.path.endsWith('index.html') && !x.path.includes('/print/'));
  if (!f) throw new Error(`no page for ${i.id}`);
  return load(f.text);
};

describe('build output of a metered tenant', () => {
  it('has metering on in the demo tenant', () => {
    expect(tenant.settings.memberships.contentMetering.enabled).toBe(true);
    expect(tenant.settings.memberships.contentMetering.exemptContentTypes).not.toContain(METERED.type);
  });

  it.each([['membership-gated', GATED], ['registration-gated', REGISTRATION], ['metered', METERED]])('never writes the body of the %s item anywhere', (_, item) => {
    const snippet = bodySnippet(item);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((f) => f.text.includes(snippet)).map((f) => f.path)).toEqual([]);
  });

  it.each([['membership-gated', GATED], ['metered', METERED]])('gives the %s page its teaser, the gate island and paywall structured data', (_, item) => {
    const $ = page(item);
    expect($('[data-island="gate"]').length).toBe(1);
    expect(JSON.parse($('[data-island="gate"]').attr('data-props')!)).toMatchObject({ contentId: item.id });
    expect($('.content-body.gated').text()).toContain(item.teaser.slice(0, 40));
    const ld = $('script[type="application/ld+json"]').toArray().map((s) => JSON.parse($(s).text()));
    const article = ld.flatMap((x) => (Array.isArray(x['@graph']) ? x['@graph'] : [x])).find((x) => x.isAccessibleForFree !== undefined);
    expect(article).toMatchObject({ isAccessibleForFree: false, hasPart: { isAccessibleForFree: false, cssSelector: '.gate' } });
    // The selector names the one element the gated body is drawn into (the gate island), and it
    // is the part getGatedContent gives a verified crawler.
    expect($(article.hasPart.cssSelector).toArray()).toEqual($('[data-island="gate"]').toArray());
    expect(article.hasPart).toEqual(paywallJsonLd().hasPart);
  });

  it('keeps the prerendered body of a type the meter exempts', () => {
    const snippet = bodySnippet(EXEMPT);
    expect(all.some((f) => f.path.endsWith('index.html') && f.text.includes(snippet))).toBe(true);
    expect(page(EXEMPT)('[data-island="gate"]').length).toBe(0);
  });
});
