// A small site for the build and serve tests: two tenants from tests/helpers/fixture-set.ts, with
// the alpha tenant bent to reach every rule the build tests check (pagination, gating, a promotion,
// expired and future items, event dates, hostile HTML, menus of every kind, a noindex type).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

/** The build's "now": every window and the copyright year are judged at this instant. */
export const BUILD_NOW = Date.UTC(2026, 10, 1, 12);
export const ALPHA = 1000;
export const id = (base: number, n: number) => 10_000_000 + base * 100 + n;
export const HOSTILE_ID = id(ALPHA, 20);
export const GATED_ID = id(ALPHA, 21);
export const PROMO_ID = id(ALPHA, 22);
export const EXPIRED_ID = id(ALPHA, 23);
export const FUTURE_ID = id(ALPHA, 24);
export const EVENT_ID = id(ALPHA, 25);
export const RELEASE_ID = id(ALPHA, 26);
export const HOSTILE_TITLE = 'Rates <script>window.__pwned=1</script> <img src=x onerror="window.__pwned=2"> fall';
export const LONG_TEASER = `${'Carriers trimmed capacity on the transpacific lane again this week '.repeat(4)}and shippers noticed.`;

function alpha() {
  const t = tenantFixture('alpha', ALPHA);
  const s = t.tenant.settings as Record<string, any>;
  s.general.enableNoIndexByContentType = ['PressRelease'];
  s.memberships = { enabled: true, overrideRegisterButtonLabel: true, registerButtonLabel: 'Join Alpha' };
  s.socialLinks = { linkedin: 'https://www.linkedin.com/company/alpha', youtube: 'https://www.youtube.com/@alpha' };
  s.footer = { text: 'Trade news.', signupText: 'Get the daily.', contactUsText: 'Write to us.', nlButton: { mode: 'flyout' } };
  t.menus = {
    header_primary: [
      { label: 'Markets', href: '/markets' }, { label: 'Ocean Freight', href: '/markets/ocean-freight' },
      { label: 'Spot Rates', href: '/markets/ocean-freight/spot-rates' }, { label: 'Search', href: '/search' },
      { label: 'Account', href: '/account' }, { label: 'Sixth link', href: '/membership/choose' },
    ],
    mega_1: [{ label: 'Spot Rates', href: '/markets/ocean-freight/spot-rates' }],
    mega_2: [{ label: 'Email the desk', href: 'mailto:desk@alpha.example' }],
    affiliated_brands: [{ label: 'Beta News', href: 'https://beta.example/', external: true }],
    footer: [{ label: 'Markets', href: '/markets' }, { label: 'Partner site', href: 'https://partner.example/' }],
  } as typeof t.menus;
  t.layouts = [
    {
      id: ALPHA + 70, name: 'Section default', type: 'section',
      primaryGrid: { rows: [{ settings: { layout: '2_1' }, columns: [
        { blocks: [{ id: 'list', type: 'content_list', data: { section: 'current', limit: 4, display: 'list', paginate: true } }] },
        { blocks: [{ id: 'nl', type: 'newsletter_subscribe' }, { id: 'ad', type: 'ad_slot', data: { slot: 'rail', sizes: [[300, 250]] } }] },
      ] }] },
    },
    {
      id: ALPHA + 71, name: 'Home', type: 'section', pageType: 'home',
      primaryGrid: { rows: [
        { settings: { layout: '1', title: 'Top stories' }, columns: [{ blocks: [{ id: 'home', type: 'content_list', data: { section: 'home', limit: 5, display: 'hero' } }] }] },
        { settings: { layout: '1_3' }, columns: [
          { blocks: [{ id: 'latest', type: 'content_list', data: { section: ALPHA + 2, limit: 3, display: 'cards' }, settings: { title: 'Latest', link: '/markets' } }] },
          { blocks: [{ id: 'empty', type: 'content_list', data: { section: ALPHA + 2, scheduleOption: 'Sponsored' } }] },
        ] },
        { settings: { layout: '1' }, columns: [{ blocks: [{ id: 'imgs', type: 'image_grid', data: { assetIds: [ALPHA + 20] } }] }] },
      ] },
    },
    {
      id: ALPHA + 72, name: 'Content default', type: 'content',
      primaryGrid: { rows: [{ settings: { layout: '2_1' }, columns: [
        { blocks: [{ id: 'hero', type: 'content_hero' }, { id: 'img', type: 'primary_image' }, { id: 'body', type: 'content_body' }, { id: 'gate', type: 'gating_form' }, { id: 'rel', type: 'related_content', settings: { title: 'Related' } }] },
        { blocks: [{ id: 'more', type: 'content_list', data: { section: 'current', limit: 3, display: 'compact' }, settings: { title: 'More in this section' } }] },
      ] }] },
    },
    {
      id: ALPHA + 73, name: 'Press releases', type: 'content-type-override', contentTypes: ['PressRelease'],
      primaryGrid: { rows: [{ settings: { layout: '1' }, columns: [{ blocks: [{ id: 'body', type: 'content_body' }, { id: 'html', type: 'html', data: { html: '<p onclick="x()">Media contact: <a href="javascript:alert(1)">press</a></p>' } }] }] }] },
    },
  ] as unknown as typeof t.layouts;
  const sec = (n: number) => ALPHA + n;
  const extra = [
    { id: HOSTILE_ID, type: 'Article', name: HOSTILE_TITLE, slug: 'hostile', teaser: '<b>bold</b> teaser <script>alert(1)</script>',
      body: '<p>Hello<script>window.__pwned=3</script><img src="/images/alpha/ship.svg" onerror="window.__pwned=4"></p><p><a href="javascript:alert(1)">click</a> <a href="https://ok.example/" onclick="x()">ok</a></p><iframe src="https://evil.example/"></iframe><h1>Inner heading</h1>',
      status: 1, published: '2026-10-20T12:00:00Z', primarySectionId: sec(3), schedules: [{ sectionId: sec(3) }], relatedIds: [id(ALPHA, 1), id(ALPHA, 2)] },
    { id: GATED_ID, type: 'Article', name: 'Members-only rate outlook', teaser: 'What the desk expects next quarter.', body: '<p>SECRET-BODY-TEXT</p>',
      status: 1, published: '2026-10-21T12:00:00Z', primarySectionId: sec(3), membershipIds: [ALPHA + 40], schedules: [{ sectionId: sec(3) }] },
    { id: PROMO_ID, type: 'Promotion', name: 'Sponsor offer', linkUrl: 'https://sponsor.example/offer', status: 1, published: '2026-10-22T12:00:00Z',
      primarySectionId: sec(2), schedules: [{ sectionId: sec(2), option: 'Pinned' }] },
    { id: EXPIRED_ID, type: 'Article', name: 'Expired story', status: 1, published: '2026-01-01T12:00:00Z', endDate: '2026-06-01T00:00:00Z', primarySectionId: sec(2) },
    { id: FUTURE_ID, type: 'Article', name: 'Future story', status: 1, published: '2026-12-01T12:00:00Z', startDate: '2026-12-01T00:00:00Z', primarySectionId: sec(2) },
    { id: EVENT_ID, type: 'Event', name: 'Freight summit', teaser: LONG_TEASER, status: 1, published: '2026-08-01T12:00:00Z', primarySectionId: sec(2),
      event: { startDate: '2026-09-15T15:00:00Z', endDate: '2026-09-17T22:00:00Z', venue: 'Navy Pier', city: 'Chicago', state: 'IL' },
      schedules: [{ sectionId: sec(2) }, { sectionId: sec(1), option: 'Featured' }] },
    { id: RELEASE_ID, type: 'PressRelease', name: 'Alpha names new editor', status: 1, published: '2026-10-02T12:00:00Z', primarySectionId: sec(2), body: '<p>Announcement.</p>',
      schedules: [{ sectionId: sec(2) }] },
  ];
  t.content = [...t.content, ...extra] as typeof t.content;
  return t;
}

/** Writes and seeds the two-tenant set into a new database; returns the open store. */
/** `path`: the database to seed (default a fresh one, tempDbPath). */
export async function seedBuildSite(path?: string): Promise<{ store: Store; dbPath: string; fixtureDir: string }> {
  const fixtureDir = writeFixtureSet([alpha(), tenantFixture('beta', 2000)]);
  const dbPath = path ?? tempDbPath();
  const store = await openStore({ path: dbPath });
  await seedFixtures(store, fixtureDir);
  return { store, dbPath, fixtureDir };
}

/** Every file under `dir`, relative, with forward slashes. */
export function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const abs = join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(abs).isDirectory()) out.push(...listFiles(abs, rel));
    else out.push(rel);
  }
  return out;
}

/**
 * Every file of a published site, with builds/ reduced to what does not name a build or a time
 * (route rules and prerendered paths) and feed build dates blanked: two builds of the same data
 * give equal trees.
 */
export function publishedTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const rel of listFiles(root).sort()) {
    if (rel.startsWith('builds/')) continue;
    files.set(rel, readFileSync(join(root, rel), 'utf8').replace(/<lastBuildDate>[^<]*<\/lastBuildDate>/g, '<lastBuildDate/>'));
  }
  const latest = JSON.parse(readFileSync(join(root, 'builds', 'latest.json'), 'utf8')) as { id: string };
  const meta = JSON.parse(readFileSync(join(root, 'builds', 'meta', `${latest.id}.json`), 'utf8')) as Record<string, unknown>;
  files.set('builds/meta/<id>.json', JSON.stringify({ routeRules: meta.routeRules, prerendered: meta.prerendered }));
  return files;
}

export function parseHtml(file: string) {
  return parseDocument(readFileSync(file, 'utf8'));
}

export function elements(doc: ReturnType<typeof parseDocument>, tag?: string): Element[] {
  return DomUtils.findAll((e) => (tag ? e.name === tag : true), doc.children);
}

export function text(node: Element): string {
  return DomUtils.textContent(node);
}

/**
 * Inserts published Articles into alpha's Markets section behind the API's back (ids from
 * id(ALPHA, 80) on, one per call), starting at `startDate` (null: live at once). The rebuild-queue
 * tests (SQLite and PostgreSQL) request the builds themselves.
 */
export function articleInserter(store: Store): (startDate: number | null) => Promise<number> {
  let nextId = id(ALPHA, 80);
  return async (startDate) => {
    const cid = nextId++;
    await store.run(
      `INSERT INTO content (id, tenant_key, type, name, slug, teaser, body, status, published, start_date, primary_section_id, labels, metadata)
       VALUES (?, 'alpha', 'Article', ?, ?, 'Teaser.', '<p>Body.</p>', 1, ?, ?, ?, '[]', '{}')`,
      [cid, `Queued story ${cid}`, `queued-story-${cid}`, Date.now() - 60_000, startDate, ALPHA + 2]);
    await store.run("INSERT INTO website_schedules (content_id, section_id, option) VALUES (?, ?, 'Standard')", [cid, ALPHA + 2]);
    return cid;
  };
}

/** Polls `cond` every `stepMs` until it holds or `ms` have passed; answers its last value. */
export async function waitUntil(cond: () => boolean, ms: number, stepMs = 50): Promise<boolean> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, stepMs));
  return cond();
}
