// Newsletter records in a fixture set (templates, campaigns, ads, publications, subscriptions): seeded with the
// rest of the set, and a bad one writes nothing and is named by file, record and field, by the
// seed and by `fixtures check` alike.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFixtures, seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

const stores: Store[] = [];
afterEach(async () => { while (stores.length) await stores.pop()!.close(); });
async function fresh() {
  const s = await openStore({ path: tempDbPath() });
  stores.push(s);
  return s;
}

// A demo template (every required part of the email) made alpha's own.
const DEMO_TEMPLATE = (JSON.parse(readFileSync('fixtures/demo/tenants/freightwise/newsletter-templates.json', 'utf8')) as Record<string, unknown>[])[0]!;
const TEMPLATE = { ...DEMO_TEMPLATE, id: 150, name: 'Alpha Daily', newsletterId: 150 };
const CAMPAIGN = {
  id: 1501, templateId: 150, name: 'Alpha Daily — 2026-11-19', audienceStatus: 'Sent', deploymentDate: '2026-11-19T15:00:00Z', sentAt: '2026-11-19T15:00:00Z',
  grid: { rows: [{ columns: [{ blocks: [{ type: 'content_list', data: { population_mode: 'automatic', section: 103, numberOfItems: 3 } }] }] },
    { columns: [{ blocks: [{ type: 'issue', data: { publicationId: 150, displayMode: 'image_left_text_right' } }] }] }] },
};
const AD = {
  id: 1502, title: 'Alpha Events', companySource: 'new', company: { name: 'Alpha' }, placement: 'sponsored-content', url: 'http://alpha.localhost/',
  schedules: [{ newsletterTemplateId: 150, startDate: '2026-10-01', endDate: '2030-12-31', position: 1 }],
};
const SUBSCRIPTION = { newsletterId: 150, email: 'Reader@Example.com', subscribedAt: '2026-10-01T00:00:00Z' };
const PUBLICATION = { id: 150, name: 'Alpha Magazine', issues: [{ id: 1503, name: 'Quarterly', issueDate: '2026-11-01T00:00:00Z' }] };

/** The small test set with newsletter files for alpha; `patch` bends one of them. */
function setWith(patch: Partial<Record<'templates' | 'campaigns' | 'ads' | 'publications' | 'subscriptions', unknown[]>> = {}): string {
  const dir = writeFixtureSet([tenantFixture('alpha', 100)]);
  const files = { templates: [TEMPLATE], campaigns: [CAMPAIGN], ads: [AD], publications: [PUBLICATION], subscriptions: [SUBSCRIPTION], ...patch };
  const tdir = join(dir, 'tenants', 'alpha');
  writeFileSync(join(tdir, 'newsletter-templates.json'), JSON.stringify(files.templates));
  writeFileSync(join(tdir, 'newsletter-campaigns.json'), JSON.stringify(files.campaigns));
  writeFileSync(join(tdir, 'newsletter-ads.json'), JSON.stringify(files.ads));
  writeFileSync(join(tdir, 'publications.json'), JSON.stringify(files.publications));
  writeFileSync(join(tdir, 'newsletter-subscriptions.json'), JSON.stringify(files.subscriptions));
  return dir;
}

async function newsletterRows(s: Store) {
  const n = async (table: string) => Number((await s.all<{ n: number }>(`select count(*) as n from ${table}`))[0]!.n);
  return {
    templates: await n('newsletter_templates'), campaigns: await n('newsletter_campaigns'), ads: await n('newsletter_ads'),
    schedules: await n('newsletter_ad_schedules'), publications: await n('magazine_publications'), issues: await n('magazine_issues'),
    subscriptions: await n('newsletter_subscriptions'), content: await n('content'),
  };
}

describe('newsletter fixture records', () => {
  it('seeds templates, campaigns (with their sent time), ads with schedules and publications, the same rows twice', async () => {
    const s = await fresh();
    const dir = setWith();
    const summary = await seedFixtures(s, dir);
    expect(summary.records).toMatchObject({ newsletterTemplate: 1, newsletterCampaign: 1, newsletterAd: 1, publication: 1 });
    const rows = await newsletterRows(s);
    expect(rows).toEqual({ templates: 1, campaigns: 1, ads: 1, schedules: 1, publications: 1, issues: 1, subscriptions: 1, content: 12 });
    expect(await s.all('select email, status from newsletter_subscriptions')).toEqual([{ email: 'reader@example.com', status: 'subscribed' }]);
    const [c] = await s.all<{ sent_at: number; audience_status: string }>('select sent_at, audience_status from newsletter_campaigns');
    expect(c).toEqual({ sent_at: Date.parse('2026-11-19T15:00:00Z'), audience_status: 'Sent' });
    await seedFixtures(s, dir);
    expect(await newsletterRows(s)).toEqual(rows);
  });

  it('seeds a publication\'s sections and the content placed in its issues, in order', async () => {
    const s = await fresh();
    const publication = { ...PUBLICATION, sections: [{ id: 152, name: 'News', position: 1 }, { id: 151, name: 'Features', position: 0 }],
      issues: [{ ...PUBLICATION.issues[0], placements: [{ sectionId: 152, contentId: 10_010_003 }, { sectionId: 151, contentId: 10_010_002 }, { sectionId: 151, contentId: 10_010_001 }] }] };
    await seedFixtures(s, setWith({ publications: [publication] }));
    expect(await s.all('select id, tenant_key, publication_id, name, position from magazine_sections order by id')).toEqual([
      { id: 151, tenant_key: 'alpha', publication_id: 150, name: 'Features', position: 0 },
      { id: 152, tenant_key: 'alpha', publication_id: 150, name: 'News', position: 1 },
    ]);
    expect(await s.all('select section_id, content_id, position from magazine_issue_content where issue_id = 1503 order by section_id, position')).toEqual([
      { section_id: 151, content_id: 10_010_002, position: 0 }, { section_id: 151, content_id: 10_010_001, position: 1 }, { section_id: 152, content_id: 10_010_003, position: 0 },
    ]);
  });

  it('gives the demo one publication per brand with six issues, each with content in two sections', async () => {
    const s = await fresh();
    await seedFixtures(s, 'fixtures/demo');
    const perTenant = await s.all<{ tenant_key: string; publications: number; issues: number; placed: number }>(`select p.tenant_key,
      count(distinct p.id) as publications, count(distinct i.id) as issues, count(ic.content_id) as placed
      from magazine_publications p join magazine_issues i on i.publication_id = p.id left join magazine_issue_content ic on ic.issue_id = i.id
      group by p.tenant_key order by p.tenant_key`);
    expect(perTenant).toEqual(['freightwise', 'plantpulse', 'shelfline'].map((tenant_key) => ({ tenant_key, publications: 1, issues: 6, placed: 18 })));
  }, 60_000);

  const bad: [string, Parameters<typeof setWith>[0], RegExp][] = [
    ['an unknown template', { campaigns: [{ ...CAMPAIGN, templateId: 999 }] }, /newsletter-campaigns\.json: record 1 \(id 1501\): templateId: Unknown newsletter template 999/],
    ['a block naming another tenant\'s section', { campaigns: [{ ...CAMPAIGN, grid: { rows: [{ columns: [{ blocks: [{ type: 'content_list', data: { population_mode: 'automatic', section: 9999 } }] }] }] } }] },
      /newsletter-campaigns\.json: record 1 \(id 1501\): grid\.rows\[0\]\.columns\[0\]\.blocks\[0\]\.data\.section: Unknown section 9999/],
    ['a bad template field', { templates: [{ ...TEMPLATE, styles: { width: 'wide' } }] }, /newsletter-templates\.json: record 1 \(id 150\): styles\.width: /],
    ['a missing id', { ads: [{ ...AD, id: undefined }] }, /newsletter-ads\.json: record 1: id: /],
    ['an ad schedule for an unknown template', { ads: [{ ...AD, schedules: [{ ...AD.schedules[0], newsletterTemplateId: 77 }] }] },
      /newsletter-ads\.json: record 1 \(id 1502\): schedules\[0\]\.newsletterTemplateId: Unknown newsletter template 77/],
    ['an issue block naming no publication of the set', { publications: [] }, /newsletter-campaigns\.json: record 1 \(id 1501\): grid\.rows\[1\]\.columns\[0\]\.blocks\[0\]\.data\.publicationId: Unknown publication 150/],
    ['an issue placement in a section the publication does not have', { publications: [{ ...PUBLICATION, sections: [{ id: 151, name: 'Features' }], issues: [{ ...PUBLICATION.issues[0], placements: [{ sectionId: 152, contentId: 10_010_001 }] }] }] },
      /publications\.json: record 1 \(id 150\): issues\[0\]\.placements\[0\]\.sectionId: Unknown section 152 of publication 150/],
    ['an issue placement of content not in the set', { publications: [{ ...PUBLICATION, sections: [{ id: 151, name: 'Features' }], issues: [{ ...PUBLICATION.issues[0], placements: [{ sectionId: 151, contentId: 10_020_001 }] }] }] },
      /publications\.json: record 1 \(id 150\): issues\[0\]\.placements\[0\]\.contentId: Unknown content 10020001/],
    ['a subscription to an unknown newsletter', { subscriptions: [{ ...SUBSCRIPTION, newsletterId: 42 }] }, /newsletter-subscriptions\.json: record 1: newsletterId: Unknown newsletter 42/],
    ['a subscription without a valid address', { subscriptions: [{ ...SUBSCRIPTION, email: 'nobody' }] }, /newsletter-subscriptions\.json: record 1: email: Must be an email address/],
  ];
  for (const [what, patch, message] of bad) {
    it(`refuses ${what}, naming file, record and field, and writes nothing`, async () => {
      const s = await fresh();
      const dir = setWith(patch);
      await expect(seedFixtures(s, dir)).rejects.toThrow(message);
      expect(await newsletterRows(s)).toEqual({ templates: 0, campaigns: 0, ads: 0, schedules: 0, publications: 0, issues: 0, subscriptions: 0, content: 0 });
      await expect(checkFixtures(dir)).rejects.toThrow(message);
    });
  }
});
