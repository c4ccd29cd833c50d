// `masthead serve`'s scheduled-sends job (cli/serve/jobs.ts scheduledSendsJob, issue 38): a campaign
// set to Scheduled is deployed to its newsletter's subscribers once its deployment date has come,
// and its pages are rebuilt; a Draft, or a Scheduled campaign still ahead, is left alone; a campaign
// that cannot be sent turns Failed and fails the run (retried with backoff). The runner's clock is
// the test's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuedChange } from '../../engine/build/index';
import { createJobRunner, type JobRunner } from '../../engine/jobs/runner';
import type { MailMessage, Mailer } from '../../engine/mail/mailer';
import { newsletterCampaignSchema, newsletterTemplateSchema } from '../../engine/domain/newsletter';
import { getNewsletterCampaign, upsertNewsletterCampaign, upsertNewsletterTemplate, upsertSubscription } from '../../engine/store/queries/newsletters';
import { scheduledSendsJob } from '../../cli/serve/jobs';
import { AT, CAMPAIGN, IDS, newsletterTestDb, TEMPLATE, TENANT, type NewsletterTestDb } from './newsletter-helpers';

let db: NewsletterTestDb;
let runner: JobRunner;
let clock = AT - 60_000;
const mail: MailMessage[] = [];
const requests: { key: string; change: QueuedChange | undefined }[] = [];
const mailer: Mailer = {
  kind: 'outbox',
  async send(m) { mail.push(m); return { messageId: `<${mail.length}@test>`, accepted: [String(m.to)], rejected: [] }; },
  async close() {},
};
const DUE = 20, LATER = 21, DRAFT = 22, BROKEN = 23, NO_NEWSLETTER_TEMPLATE = 3;
const status = async (id: number) => (await getNewsletterCampaign(db.store.db, TENANT, id))?.audienceStatus;

beforeAll(async () => {
  db = await newsletterTestDb();
  await db.store.transaction(async (tx) => {
    await upsertNewsletterTemplate(tx, NO_NEWSLETTER_TEMPLATE, TENANT, newsletterTemplateSchema.parse({ ...TEMPLATE, name: 'No list', newsletterId: undefined }));
    const campaign = (templateId: number, name: string, audienceStatus: string, at: number) =>
      newsletterCampaignSchema.parse({ ...CAMPAIGN, templateId, name, audienceStatus, deploymentDate: at });
    await upsertNewsletterCampaign(tx, DUE, TENANT, campaign(IDS.template, 'Due now', 'Scheduled', AT));
    await upsertNewsletterCampaign(tx, LATER, TENANT, campaign(IDS.template, 'Tomorrow', 'Scheduled', AT + 86_400_000));
    await upsertNewsletterCampaign(tx, DRAFT, TENANT, campaign(IDS.template, 'A draft', 'Draft', AT - 86_400_000));
    for (const email of ['one@example.com', 'two@example.com']) {
      await upsertSubscription(tx, { tenantKey: TENANT, newsletterId: IDS.newsletter, email, source: 'test', at: AT - 86_400_000 });
    }
  });
  runner = createJobRunner({ now: () => clock, setTimer: () => 0, clearTimer: () => {}, onError: () => {} });
  runner.add(scheduledSendsJob({
    store: db.store, mailer, unsubscribeSecret: 'scheduled-sends-test-secret-0123', everyMs: 60_000, ratePerSecond: 1000,
    siteUrl: (t) => `https://${t.tenantKey}.example`, queue: { request: async (key, change) => { requests.push({ key, change }); } }, now: () => clock,
  }));
});
afterAll(async () => {
  await runner?.stop();
  await db?.close();
});

describe('scheduled-sends job', () => {
  it('sends nothing before the deployment date', async () => {
    expect(await runner.runNow('scheduled-sends')).toMatchObject({ failures: 0, lastResult: 'no campaign due' });
    expect(mail).toEqual([]);
    expect(await status(DUE)).toBe('Scheduled');
  });

  it('deploys a Scheduled campaign whose date has come to its subscribers, and rebuilds its pages; drafts and later ones wait', async () => {
    clock = AT + 60_000;
    const s = await runner.runNow('scheduled-sends');
    expect(s).toMatchObject({ failures: 0, lastResult: `campaign ${DUE} (alpha): 2 of 2 sent` });
    expect(mail.map((m) => m.to).sort()).toEqual(['one@example.com', 'two@example.com']);
    expect(mail[0]!.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/alpha\.example\/api\/newsletter\/unsubscribe\?token=/);
    expect(await status(DUE)).toBe('Sent');
    expect((await getNewsletterCampaign(db.store.db, TENANT, DUE))?.sentAt).toBe(clock);
    expect([await status(LATER), await status(DRAFT)]).toEqual(['Scheduled', 'Draft']);
    expect(requests).toEqual([{ key: 'alpha', change: { entity: 'newsletter', action: 'update', ids: [`campaign:${DUE}`], paths: [`/newsletter/${DUE}`, `/latest-newsletter/${IDS.template}`] } }]);
    // Sent once: the next run finds nothing due.
    mail.length = 0;
    expect(await runner.runNow('scheduled-sends')).toMatchObject({ lastResult: 'no campaign due' });
    expect(mail).toEqual([]);
  });

  it('turns a campaign that cannot be sent Failed and fails the run, which is retried', async () => {
    await db.store.transaction((tx) => upsertNewsletterCampaign(tx, BROKEN, TENANT, newsletterCampaignSchema.parse({ ...CAMPAIGN, templateId: NO_NEWSLETTER_TEMPLATE, name: 'No list', audienceStatus: 'Scheduled', deploymentDate: AT })));
    const s = await runner.runNow('scheduled-sends');
    expect(s).toMatchObject({ failures: 1, lastError: expect.stringMatching(new RegExp(`^campaign ${BROKEN} \\(alpha\\) not sent: .*newsletter`, 'i')) });
    expect(s.nextRunAt).toBe(clock + 30_000);
    expect(await status(BROKEN)).toBe('Failed');
    expect(await runner.runNow('scheduled-sends')).toMatchObject({ failures: 0, lastResult: 'no campaign due' });
  });
});
