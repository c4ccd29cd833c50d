// One gating rule (DESIGN §1, issue 14): the prerendered page, the API's answer, readers' search and
// the newsletter email all decide "gated" with engine/domain/gating.ts isGatedItem. A table of items,
// one per kind of requirement (and a survey type of blanks only, which requires nothing), is checked
// against each consumer as its reader sees it: the built page's HTML, getContent over HTTP, a search
// for a word only the body holds, and the rendered email.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { runBuild } from '../../engine/build/index';
import { isGatedItem, type GatedItem } from '../../engine/domain/gating';
import { contentSchema } from '../../engine/domain/records';
import { renderCampaignPreview } from '../../engine/newsletter/render';
import { writeContentBatch } from '../../engine/store/writes';
import { CAMPAIGN, IDS, ORIGIN, TENANT, newsletterTestDb, type NewsletterTestDb } from './newsletter-helpers';

const MEMBERSHIP = 140; // alpha's Insider membership (tests/helpers/fixture-set.ts)
interface Row { id: number; word: string; item: GatedItem; input: Record<string, unknown>; rawSurveyType?: string }
const ROWS: Row[] = [
  { id: 10_010_901, word: 'openbodyword', item: { membershipIds: [] }, input: {} },
  { id: 10_010_902, word: 'memberbodyword', item: { membershipIds: [MEMBERSHIP] }, input: { membershipIds: [MEMBERSHIP] } },
  { id: 10_010_903, word: 'omedabodyword', item: { membershipIds: [], surveyType: 'omeda' }, input: { gating: { surveyType: 'omeda' } } },
  { id: 10_010_904, word: 'registerbodyword', item: { membershipIds: [], registrationRequired: true }, input: { userRegistrationRequired: true } },
  // Stored as blanks (an older row, or a write that bypassed the schema): no requirement.
  { id: 10_010_905, word: 'blanksurveybodyword', item: { membershipIds: [], surveyType: ' \t ' }, input: {}, rawSurveyType: ' \t ' },
];
const NOW = Date.parse('2026-10-20T15:00:00Z');

let db: NewsletterTestDb;
let app: Awaited<ReturnType<typeof buildApp>>;
let pages: Map<number, string>;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

beforeAll(async () => {
  db = await newsletterTestDb();
  const items = ROWS.map((r) => contentSchema.parse({
    id: r.id, type: 'Article', name: `Gating row ${r.id}`, teaser: `Teaser of row ${r.id}.`, body: `<p>The body says ${r.word} here.</p>`,
    status: 1, published: '2026-09-01T00:00:00Z', primarySectionId: IDS.section, schedules: [{ sectionId: IDS.section }], ...r.input,
  }));
  await db.store.transaction((tx) => writeContentBatch(tx, TENANT, items));
  for (const r of ROWS) if (r.rawSurveyType !== undefined) await db.store.run('update content set gating_survey_type = ? where id = ?', [r.rawSurveyType, r.id]);
  app = await buildApp({ store: db.store, log: { info: () => {}, warn: () => {}, error: () => {} } });
  const out = mkdtempSync(join(tmpdir(), 'masthead-gating-'));
  await runBuild(db.store, { outDir: out, now: NOW, originTemplate: ORIGIN, tenants: [TENANT], workers: 1, clientDir: null });
  const html = files(join(out, TENANT)).filter((p) => p.endsWith('index.html') && !p.includes('/print/'));
  pages = new Map(ROWS.map((r) => [r.id, readFileSync(html.find((p) => p.includes(`/${r.id}/`))!, 'utf8')]));
}, 180_000);
afterAll(async () => { await app?.close(); await db?.close(); });

async function gql(query: string, variables: Record<string, unknown>) {
  const r = await app.inject({ method: 'POST', url: '/graphql', headers: { 'x-tenant-key': TENANT }, payload: { query, variables } });
  const body = r.json();
  expect(body.errors).toBeUndefined();
  return body.data;
}

describe('the one gating rule', () => {
  it('the table covers both answers of the rule', () => {
    expect(ROWS.map((r) => isGatedItem(r.item))).toEqual([false, true, true, true, false]);
  });

  it.each(ROWS)('item $id: the built page shows its body exactly when the rule says open', (r) => {
    const $ = load(pages.get(r.id)!);
    expect($('.content-body').text().includes(r.word)).toBe(!isGatedItem(r.item));
    expect($('.content-body.gated').length > 0).toBe(isGatedItem(r.item));
  });

  it.each(ROWS)('item $id: getContent answers gated (and withholds the body) exactly when the rule says so', async (r) => {
    const data = await gql('query($id: Int) { getContent(id: $id) { id gated body } }', { id: r.id });
    expect(data.getContent.gated).toBe(isGatedItem(r.item));
    expect(data.getContent.body === null).toBe(isGatedItem(r.item));
  });

  it.each(ROWS)('item $id: readers find it by a word of its body exactly when the rule says open', async (r) => {
    const data = await gql('query($input: ContentStreamInput) { getContentStream(input: $input) { edges { node { id } } } }', { input: { search: r.word } });
    expect(data.getContentStream.edges.map((e: { node: { id: number } }) => e.node.id)).toEqual(isGatedItem(r.item) ? [] : [r.id]);
  });

  it('the newsletter quotes a body only when the rule says open, even when told to quote bodies', async () => {
    const campaign = { ...CAMPAIGN, grid: { rows: [{ columns: [{ blocks: [{ id: 'list', type: 'content_list_new', data: {
      population_mode: 'manual', contentIds: ROWS.map((r) => r.id), teaserMode: 'body_only', teaserLength: 50,
    } }] }] }] } };
    const mail = await renderCampaignPreview(db.store, TENANT, campaign, { origin: ORIGIN, now: NOW });
    for (const r of ROWS) {
      expect(mail.text, `item ${r.id}`).toContain(`Gating row ${r.id}`);
      expect(mail.text.includes(r.word), `item ${r.id}`).toBe(!isGatedItem(r.item));
      expect(mail.html.includes(r.word), `item ${r.id}`).toBe(!isGatedItem(r.item));
    }
  });
});
