// Test support for newsletter tests: a seeded temporary database with one tenant's template, a
// campaign that uses every block type, ads that compete by priority and schedule, a publication
// with an issue, and a contact. Only tests (and the benchmark) import this file.
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { newsletterCampaignSchema, newsletterTemplateSchema, type NewsletterCampaignInput, type NewsletterTemplateInput } from '../../engine/domain/newsletter';
import { newsletterAdSchema, type NewsletterAdInput } from '../../engine/domain/newsletter-ads';
import { upsertIssue, upsertNewsletterAd, upsertNewsletterCampaign, upsertNewsletterTemplate, upsertPublication } from '../../engine/store/queries/newsletters';

export const TENANT = 'alpha';
export const OTHER_TENANT = 'beta';
export const ORIGIN = 'https://alpha.example';
export const IDS = {
  template: 1, otherTemplate: 2, campaign: 10, newsletter: 150, weekly: 151, otherNewsletter: 250,
  publication: 1, issue: 1, contact: 10_010_090, section: 103, home: 101,
  ads: { leader: 1, leaderLow: 2, november: 3, otherTemplate: 4, native: 5, nativePos3: 6 },
} as const;
/** 2026-10-20 10:00 in Chicago. */
export const AT = Date.parse('2026-10-20T15:00:00Z');
export const ISSUE_DATE = Date.parse('2026-10-01T15:00:00Z');

export const TEMPLATE: NewsletterTemplateInput = {
  name: 'Alpha Daily',
  preheaderBlurb: 'The freight news that matters today.',
  newsletterId: IDS.newsletter,
  styles: { width: 750, linkColor: '#0b3d91' },
  socialLinks: { facebook: 'https://www.facebook.com/alpha', linkedin: 'https://www.linkedin.com/company/alpha' },
  header: { headerStyle: 3, tagLine: 'Every weekday', image: '/images/alpha/ship.svg', dateFormat: 'long' },
  footer: {
    socialIconSet: 'gray-round',
    navBar: { links: [{ label: 'Markets', url: '/markets' }, { label: 'Javascript', url: 'https://alpha.example/js' }] },
    imageBar: { prefixText: 'Our partners', images: [{ image: '/images/alpha/ship.svg', link: '/partners', alt: 'Partner' }] },
    subscriptions: { unsubscribeLink: '/account#manage-newsletters', manageSubscriptionsLink: '/account#manage-newsletters' },
  },
  deploymentSettings: { defaultSubject: 'Alpha Daily: the morning briefing', defaultFrom: 'Alpha News <news@alpha.example>' },
  defaultTesters: [
    { firstName: 'Ada', lastName: 'Tester', emailAddress: 'ada@alpha.example' },
    { firstName: 'Bo', lastName: 'Tester', emailAddress: 'bo@alpha.example' },
  ],
};

export const CAMPAIGN: NewsletterCampaignInput = {
  templateId: IDS.template,
  name: 'Alpha Daily — Oct. 20',
  deploymentDate: AT,
  audienceStatus: 'Draft',
  grid: {
    rows: [
      { settings: { title: 'Top Stories', titleLink: '/markets' }, columns: [{ blocks: [
        { id: 'auto', type: 'content_list', settings: { ctaStyle: 'link' }, data: { population_mode: 'automatic', section: IDS.section, numberOfItems: 2, imagePosition: 'left', showAuthor: true, showLabels: true, teaserLength: 60 } },
      ] }] },
      { settings: { layout: '1_1' }, columns: [
        { blocks: [{ id: 'manual', type: 'content_list_new', settings: { ctaStyle: 'solid-button' }, data: { population_mode: 'manual', contentIds: [10_010_002, 10_010_004], imagePosition: 'above', teaserMode: 'body_only', teaserLength: 50 } }] },
        { blocks: [{ id: 'native', type: 'native_ad', data: { position: 2 } }] },
      ] },
      { columns: [{ blocks: [{ id: 'leader', type: 'fixed_ad', data: { position: 1 } }] }] },
      { settings: { title: 'In Print' }, columns: [{ blocks: [{ id: 'issue', type: 'issue', data: {
        publicationId: IDS.publication, displayMode: 'image_above_text',
        text: 'The [issue-date] issue of [magazine-name]: [issue-description]. <a href="[digital-edition-url]">Read it</a> or <a href="[subscribe-url]">subscribe</a>.',
      } }] }] },
      { columns: [{ blocks: [{ id: 'contacts', type: 'contacts', data: { contactsGroupTitle: 'Talk to our editors', contacts: [IDS.contact] } }] }] },
      { columns: [{ blocks: [{ id: 'html', type: 'html', settings: { title: 'A note' }, data: { html: '<p>Read <a href="/about">about us</a>.</p><script>alert(1)</script><a href="javascript:alert(2)">bad</a><img src="/images/alpha/ship.svg" onerror="alert(3)" alt="ship">' } }] }] },
      { columns: [{ blocks: [{ id: 'passendo', type: 'passendo_ad', data: { placementId: 'pl-42', addtlDemos: 'freight' } }] }] },
    ],
  },
};

const window = (templateId: number, start: string, end: string, position: number) => [{ newsletterTemplateId: templateId, startDate: start, endDate: end, position }];
const display = (title: string, priority: 10 | 5 | 1, schedules: NewsletterAdInput['schedules'], placement: NewsletterAdInput['placement'] = 'leaderboard-600x100'): NewsletterAdInput => ({
  title, company: { name: `${title} Inc.` }, companySource: 'new', placement, url: `https://ads.example/${encodeURIComponent(title)}`,
  image: `/images/alpha/${title.toLowerCase().replace(/\s+/g, '-')}.png`, priority, schedules,
});

export const ADS: Record<number, NewsletterAdInput> = {
  [IDS.ads.leader]: display('Leader High', 10, window(IDS.template, '2026-10-01', '2026-10-20', 1)),
  [IDS.ads.leaderLow]: display('Leader Low', 5, window(IDS.template, '2026-10-05', '2026-10-31', 1)),
  [IDS.ads.november]: display('November Rect', 10, window(IDS.template, '2026-11-01', '2026-11-30', 1), 'rectangle-300x250'),
  [IDS.ads.otherTemplate]: display('Other Template', 10, window(IDS.otherTemplate, '2026-10-01', '2026-10-31', 1)),
  [IDS.ads.native]: {
    title: 'Free freight audit', company: { name: 'Acme Logistics' }, companySource: 'new', placement: 'sponsored-content',
    label: 'Sponsored by [Company Name]', url: 'https://acme.example/audit', body: 'Find the money hiding in your invoices.', ctaLabel: 'Get the audit',
    image: '/images/alpha/ship.svg', priority: 1, schedules: window(IDS.template, '2026-10-01', '2026-10-31', 2),
  },
  [IDS.ads.nativePos3]: {
    title: 'Wrong slot', company: { name: 'Nope' }, companySource: 'new', placement: 'sponsored-link', url: 'https://nope.example/',
    priority: 10, schedules: window(IDS.template, '2026-10-01', '2026-10-31', 3),
  },
};

export interface NewsletterTestDb { store: Store; close(): Promise<void> }

/** A fresh database with tenants alpha and beta seeded, plus the newsletter rows above. */
export async function newsletterTestDb(): Promise<NewsletterTestDb> {
  const alpha = tenantFixture(TENANT, 100);
  (alpha.content as unknown[]).push({
    id: IDS.contact, type: 'Contact', name: 'Rosa Delgado', teaser: 'Editor in chief. Pitch stories about ports and rates.',
    status: 1, published: '2026-09-01T12:00:00Z', primarySectionId: 102, imageIds: [120], primaryImageId: 120,
  });
  alpha.newsletters.push({ id: IDS.weekly, title: 'Weekly <b>Wrap</b>' } as (typeof alpha.newsletters)[number]);
  const dir = writeFixtureSet([alpha, tenantFixture(OTHER_TENANT, 200)]);
  const store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, dir);
  await store.transaction(async (tx) => {
    await upsertNewsletterTemplate(tx, IDS.template, TENANT, newsletterTemplateSchema.parse(TEMPLATE));
    await upsertNewsletterTemplate(tx, IDS.otherTemplate, TENANT, newsletterTemplateSchema.parse({ ...TEMPLATE, name: 'Alpha Weekly', newsletterId: IDS.weekly }));
    await upsertPublication(tx, TENANT, { id: IDS.publication, name: 'Alpha Monthly', subscribeUrl: '/subscribe-print' });
    await upsertIssue(tx, TENANT, { id: IDS.issue, publicationId: IDS.publication, name: 'October 2026', description: 'ports & rates', issueDate: ISSUE_DATE, coverImage: '/images/alpha/ship.svg', digitalEditionUrl: 'https://digital.alpha.example/oct-2026' });
    await upsertNewsletterCampaign(tx, IDS.campaign, TENANT, newsletterCampaignSchema.parse(CAMPAIGN));
    for (const [id, ad] of Object.entries(ADS)) await upsertNewsletterAd(tx, Number(id), TENANT, newsletterAdSchema.parse(ad));
  });
  return { store, close: () => store.close() };
}
