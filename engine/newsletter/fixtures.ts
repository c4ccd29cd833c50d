// Demo newsletter data, written from code after the demo fixtures are seeded: per tenant one
// template, two campaigns (one Sent, one Draft), two ads, a magazine publication with an issue and
// two example subscribers. Ids derive from the tenant's first newsletter item, so running it again
// updates the same rows. Everything passes the same domain schemas as admin input.
import { AppError } from '../domain/errors';
import { newsletterCampaignSchema, newsletterTemplateSchema, type NewsletterCampaignInput } from '../domain/newsletter';
import { newsletterAdSchema } from '../domain/newsletter-ads';
import type { Store } from '../store/connection';
import { contentStream } from '../store/queries/content';
import {
  firstImagePaths, listNewsletterItems, upsertIssue, upsertNewsletterAd, upsertNewsletterCampaign, upsertNewsletterTemplate,
  upsertPublication, upsertSubscription,
} from '../store/queries/newsletters';
import { listSections } from '../store/queries/sections';
import { getTenant } from '../store/queries/tenants';

const DAY = 86_400_000;

export interface NewsletterDemoSummary {
  tenantKey: string;
  templateId: number;
  campaignIds: { sent: number; draft: number };
  adIds: number[];
  newsletterId: number;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Writes the demo newsletter rows of one tenant (idempotent). `now` anchors the dates. */
export async function seedNewsletterDemo(store: Store, tenantKey: string, opts: { now?: number } = {}): Promise<NewsletterDemoSummary> {
  const now = opts.now ?? Date.now();
  const tenant = await getTenant(store.db, tenantKey);
  if (!tenant) throw new AppError('TENANT_UNKNOWN', { tenant: tenantKey });
  const [newsletter] = await listNewsletterItems(store.db, tenantKey);
  if (!newsletter) throw new AppError('BAD_USER_INPUT', { field: 'newsletters', message: `Tenant ${tenantKey} has no newsletter items to send` });
  const base = newsletter.id;
  const ids = { template: base, sent: base * 10 + 1, draft: base * 10 + 2, display: base * 10 + 1, native: base * 10 + 2, publication: base, issue: base * 10 + 1 };

  // Top-level sections first (the ones readers know), then any other live section.
  const live = (await listSections(store.db, tenantKey)).filter((s) => s.alias !== 'home' && s.status === 1);
  const sections = [...live.filter((s) => s.parentId === null), ...live.filter((s) => s.parentId !== null)];
  const [first, second] = sections;
  if (!first || !second) throw new AppError('BAD_USER_INPUT', { field: 'sections', message: `Tenant ${tenantKey} needs two live sections for the demo newsletter` });
  const latest = await contentStream(store.db, { tenantKey, statuses: [1], publishedBy: now, now, sortField: 'published', sortOrder: 'desc', limit: 4, skip: 0, types: ['Article', 'News', 'Blog'] });
  const images = await firstImagePaths(store.db, tenantKey, 3);
  const site = tenant.settings.general.siteName;
  const style = (([...tenantKey].reduce((n, c) => n + c.charCodeAt(0), 0) % 3) + 1) as 1 | 2 | 3;

  const template = newsletterTemplateSchema.parse({
    name: `${site} Daily Briefing`,
    description: `The daily email of ${site}.`,
    preheaderBlurb: `Today's top stories from ${site}.`,
    newsletterId: newsletter.id,
    styles: { width: 700, primaryFontFamily: 'arial', secondaryFontFamily: 'georgia', linkColor: tenant.settings.colors.primary.main.toLowerCase() },
    gridTitleStyles: { color: tenant.settings.colors.primary.main.toLowerCase(), borderColor: tenant.settings.colors.secondary.main.toLowerCase(), borderBottomSize: 3 },
    socialLinks: tenant.settings.socialLinks,
    header: { headerStyle: style, tagLine: tenant.settings.footer.signupText ?? '', image: tenant.settings.header.logo, socialIconSet: 'gray-round', borderBottomSize: 2, borderColor: tenant.settings.colors.primary.main.toLowerCase() },
    footer: {
      socialIconSet: 'classic',
      navBar: { links: sections.slice(0, 4).map((s) => ({ label: s.name, url: `/${s.alias}` })) },
      subscriptions: { unsubscribeLink: '/account#manage-newsletters', manageSubscriptionsLink: '/account#manage-newsletters', subscribeLink: '/' },
    },
    deploymentSettings: { defaultSubject: `${site} Daily Briefing`, defaultFrom: `${site} <newsletters@${tenant.domain}>` },
    defaultTesters: [{ firstName: 'Demo', lastName: 'Editor', emailAddress: `editor@${tenant.domain}` }],
  });

  const manual = latest.rows.slice(0, 2).map((c) => c.id);
  const campaign = (name: string, status: 'Sent' | 'Draft', at: number, rows: NonNullable<NewsletterCampaignInput['grid']>['rows']) =>
    newsletterCampaignSchema.parse({ templateId: ids.template, name, audienceStatus: status, deploymentDate: at, grid: { rows } });
  const sentAt = now - DAY;
  const sent = campaign(`${site} Daily Briefing — ${isoDay(sentAt)}`, 'Sent', sentAt, [
    { settings: { title: 'Top Stories', titleLink: `/${first.alias}` }, columns: [{ blocks: [
      { type: 'content_list', settings: { ctaStyle: 'link' }, data: { population_mode: 'automatic', section: first.id, numberOfItems: 3, imagePosition: 'left', showAuthor: true, showLabels: true } },
    ] }] },
    { columns: [{ blocks: [{ type: 'fixed_ad', data: { position: 1 } }] }] },
    { settings: { layout: '1_1', title: second.name, titleLink: `/${second.alias}` }, columns: [
      { blocks: [{ type: 'content_list_new', data: { population_mode: 'automatic', section: second.id, numberOfItems: 2, imageSize: 'large', teaserLength: 120 } }] },
      { blocks: [{ type: 'native_ad', settings: { ctaStyle: 'solid-button' }, data: { position: 1 } }] },
    ] },
    { settings: { title: 'In Print' }, columns: [{ blocks: [{ type: 'issue', data: { publicationId: ids.publication, displayMode: 'image_left_text_right',
      text: '<p>The [issue-date] issue of [magazine-name]: [issue-description]</p><p><a href="[digital-edition-url]">Read the digital edition</a> · <a href="[subscribe-url]">Subscribe</a></p>' } }] }] },
    { columns: [{ blocks: [{ type: 'html', settings: { title: "Editor's note" }, data: { html: `<p>Thanks for reading ${site}. Reply to this email with story tips.</p>` } }] }] },
  ]);
  const draft = campaign(`${site} Daily Briefing — ${isoDay(now + DAY)} (draft)`, 'Draft', now + DAY, [
    { settings: { title: "Editors' Picks" }, columns: [{ blocks: [
      { type: 'content_list', settings: { ctaStyle: 'solid-button', ctaLabel: 'Read the story' }, data: { population_mode: 'manual', contentIds: manual.length ? manual : [latest.rows[0]?.id ?? 10_000_000], imagePosition: 'above' } },
    ] }] },
    { columns: [{ blocks: [{ type: 'native_ad', data: { position: 1 } }] }] },
  ]);

  const window = [{ newsletterTemplateId: ids.template, startDate: isoDay(now - 30 * DAY), endDate: isoDay(now + 60 * DAY), position: 1 }];
  const display = newsletterAdSchema.parse({
    title: `${site} Events`, company: { name: site }, companySource: 'new', placement: 'leaderboard-600x100', label: 'Advertisement',
    url: `https://${tenant.domain}/`, image: images[0] ?? tenant.settings.header.logo, adCategory: 'House Ad', priority: 5, schedules: window,
  });
  const native = newsletterAdSchema.parse({
    title: `Benchmark your operation against ${site} readers`, company: { name: `${site} Research` }, companySource: 'new',
    placement: 'sponsored-content', label: 'Sponsored by [Company Name]', url: `https://${tenant.domain}/`, image: images[1] ?? images[0],
    body: 'Take the ten-minute survey and get the full report before it is published.', ctaLabel: 'Take the survey', priority: 10, schedules: window,
  });

  await store.transaction(async (tx) => {
    await upsertNewsletterTemplate(tx, ids.template, tenantKey, template);
    await upsertPublication(tx, tenantKey, { id: ids.publication, name: `${site} Magazine`, subscribeUrl: '/membership/choose' });
    await upsertIssue(tx, {
      id: ids.issue, publicationId: ids.publication, name: 'Quarterly', description: 'our outlook for the quarter ahead',
      issueDate: now - 7 * DAY, coverImage: images[2] ?? images[0] ?? null, digitalEditionUrl: '/',
    });
    await upsertNewsletterCampaign(tx, ids.sent, tenantKey, sent, sentAt);
    await upsertNewsletterCampaign(tx, ids.draft, tenantKey, draft);
    await upsertNewsletterAd(tx, ids.display, tenantKey, display);
    await upsertNewsletterAd(tx, ids.native, tenantKey, native);
    for (const n of [1, 2]) {
      await upsertSubscription(tx, { tenantKey, newsletterId: newsletter.id, email: `reader${n}@example.com`, source: 'Registration', countryCode: 'USA', regionCode: 'IL', consent: { GDPR: { country: 'USA', region: 'IL', compliance: false } }, at: now - 30 * DAY });
    }
  });
  return { tenantKey, templateId: ids.template, campaignIds: { sent: ids.sent, draft: ids.draft }, adIds: [ids.display, ids.native], newsletterId: newsletter.id };
}
