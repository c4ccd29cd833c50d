// The demo newsletter records of the real demo fixture set: per tenant one template, a Sent and a
// Draft campaign and two ads; seeding twice gives the same rows; every campaign renders (strict
// MJML) with its lists filled, both ads placed and links on the tenant's domain.
import { readFileSync } from 'node:fs';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixtures } from '../../engine/fixtures/seed';
import { renderCampaign } from '../../engine/newsletter/render';
import { openStore, type Store } from '../../engine/store/connection';
import { latestListedCampaign, listNewsletterAds, listNewsletterCampaigns, listNewsletterTemplates } from '../../engine/store/queries/newsletters';
import { tempDbPath } from '../helpers/fixture-set';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const TENANTS = ['freightwise', 'plantpulse', 'shelfline'];
let store: Store;

interface DemoNewsletter { tenantKey: string; templateId: number; campaignIds: { sent: number; draft: number }; adIds: number[] }
/** What the fixture files of a demo tenant declare: its template, Sent and Draft campaigns and ads. */
function declared(tenantKey: string): DemoNewsletter {
  const read = (f: string) => JSON.parse(readFileSync(`fixtures/demo/tenants/${tenantKey}/${f}`, 'utf8')) as Record<string, unknown>[];
  const campaigns = read('newsletter-campaigns.json');
  const idOf = (status: string) => campaigns.find((c) => c.audienceStatus === status)!.id as number;
  return {
    tenantKey, templateId: read('newsletter-templates.json')[0]!.id as number,
    campaignIds: { sent: idOf('Sent'), draft: idOf('Draft') }, adIds: read('newsletter-ads.json').map((a) => a.id as number),
  };
}
const seeded = TENANTS.map(declared);

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, 'fixtures/demo');
});
afterAll(async () => { await store.close(); });

async function counts(key: string) {
  const page = { tenantKey: key, limit: 100, skip: 0 };
  return [(await listNewsletterTemplates(store.db, page)).total, (await listNewsletterCampaigns(store.db, page)).total, (await listNewsletterAds(store.db, page)).total];
}

describe('demo newsletters', () => {
  it('creates one template, two campaigns (one Sent) and two ads per tenant, the same rows when run again', async () => {
    for (const key of TENANTS) expect(await counts(key)).toEqual([1, 2, 2]);
    await seedFixtures(store, 'fixtures/demo');
    for (const key of TENANTS) expect(await counts(key)).toEqual([1, 2, 2]);
    for (const s of seeded) expect((await latestListedCampaign(store.db, s.tenantKey, s.templateId))?.id).toBe(s.campaignIds.sent);
  });

  it('renders every demo campaign with its stories and ads, linked to the tenant domain', async () => {
    for (const s of seeded) {
      const origin = `http://${s.tenantKey}.localhost:4000`;
      const sent = await renderCampaign(store, s.tenantKey, s.campaignIds.sent, { origin, now: NOW });
      const $ = load(sent.html);
      expect($('[class*="nl-item-"]').length, s.tenantKey).toBeGreaterThanOrEqual(4);
      expect(sent.inputs.adIds.sort()).toEqual([...s.adIds].sort());
      expect($('.nl-block-issue').text()).not.toContain('[');
      const internal = $('a[href]').toArray().map((a) => a.attribs.href!).filter((h) => h.startsWith(origin));
      expect(internal.length).toBeGreaterThan(10);
      const draft = await renderCampaign(store, s.tenantKey, s.campaignIds.draft, { origin, now: NOW });
      expect(load(draft.html)('.nl-cta-solid-button').length).toBeGreaterThan(0);
    }
  });
});
