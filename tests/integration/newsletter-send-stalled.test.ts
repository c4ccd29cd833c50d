// A deploy cut off by a stopped process (a crash, a server restart mid-send) used to leave its
// campaign Sending for ever: not editable, not deployable, shown as going out. A deploy now writes
// its progress to its send row after each batch and every so often while a batch is slow, and the
// scheduled-sends job turns a campaign with no sign of life for 15 minutes Failed, closing its send
// with the counts it reached; a send still alive is left alone, and nothing is resent on its own.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../engine/jobs/runner';
import type { MailMessage, Mailer } from '../../engine/mail/mailer';
import { deployCampaign } from '../../engine/newsletter/send';
import { STALLED_SEND_MS } from '../../engine/newsletter/scheduled';
import { newsletterCampaignSchema } from '../../engine/domain/newsletter';
import { newsletterCampaigns } from '../../engine/store/schema-newsletters';
import { progressSend } from '../../engine/store/queries/newsletter-sends';
import { getNewsletterCampaign, insertSend, listSends, upsertNewsletterCampaign, upsertSubscription } from '../../engine/store/queries/newsletters';
import { scheduledSendsJob } from '../../cli/serve/jobs';
import { AT, CAMPAIGN, IDS, ORIGIN, TENANT, newsletterTestDb, type NewsletterTestDb } from './newsletter-helpers';

const SECRET = 'stalled-sends-test-secret-0123';
const CUT_OFF = 30, ALIVE = 31, NO_SEND_ROW = 32, HEARTBEAT = 33;
const MIN = 60_000;

let db: NewsletterTestDb;
const mail: MailMessage[] = [];
let onSend: () => Promise<void> = async () => {};
const mailer: Mailer = {
  kind: 'outbox',
  async send(m) { await onSend(); mail.push(m); return { messageId: `<${mail.length}@test>`, accepted: [String(m.to)], rejected: [] }; },
  async close() {},
};
const campaign = async (id: number) => getNewsletterCampaign(db.store.db, TENANT, id);

/** A campaign some process moved to Sending at `movedAt` (the store stamps updated_at itself: set it after). */
async function sendingSince(id: number, movedAt: number) {
  await db.store.transaction((tx) => upsertNewsletterCampaign(tx, id, TENANT, newsletterCampaignSchema.parse({ ...CAMPAIGN, name: `Campaign ${id}`, audienceStatus: 'Sending' })));
  await db.store.db.update(newsletterCampaigns).set({ updatedAt: movedAt }).where(eq(newsletterCampaigns.id, id));
}

beforeAll(async () => {
  db = await newsletterTestDb();
  await db.store.transaction(async (tx) => {
    for (const email of ['one@example.com', 'two@example.com']) await upsertSubscription(tx, { tenantKey: TENANT, newsletterId: IDS.newsletter, email, source: 'test', at: 1 });
  });
});
afterAll(async () => { await db?.close(); });

describe('sends a stopped process cut off', () => {
  it('turns a campaign quiet for 15 minutes Failed and closes its send with the counts it reached; a live send and its campaign are left alone', async () => {
    const now = AT + 60 * MIN;
    await sendingSince(CUT_OFF, now - 40 * MIN);
    const cut = await insertSend(db.store.db, { tenantKey: TENANT, campaignId: CUT_OFF, kind: 'deploy', startedAt: now - 40 * MIN });
    await progressSend(db.store.db, cut, { recipients: 500, sent: 480, failed: 20 }, now - STALLED_SEND_MS - MIN);
    await sendingSince(ALIVE, now - 40 * MIN);
    const alive = await insertSend(db.store.db, { tenantKey: TENANT, campaignId: ALIVE, kind: 'deploy', startedAt: now - 40 * MIN });
    await progressSend(db.store.db, alive, { recipients: 1000, sent: 999, failed: 0 }, now - MIN);
    // Stopped between the move to Sending and its send row.
    await sendingSince(NO_SEND_ROW, now - 20 * MIN);

    const runner = createJobRunner({ now: () => now, setTimer: () => 0, clearTimer: () => {}, onError: () => {} });
    runner.add(scheduledSendsJob({
      store: db.store, mailer, unsubscribeSecret: SECRET, everyMs: MIN, ratePerSecond: 1000,
      siteUrl: () => ORIGIN, queue: { request: async () => {} }, now: () => now,
    }));
    const s = await runner.runNow('scheduled-sends');
    await runner.stop();

    // The run fails, so the System screen raises it, and says what happened to each.
    expect(s.failures).toBe(1);
    expect(s.lastError).toContain(`campaign ${CUT_OFF} (alpha) was cut off mid-send (480 of 500 sent by then) and is now Failed`);
    expect(s.lastError).toContain(`campaign ${NO_SEND_ROW} (alpha) was cut off mid-send (0 of 0 sent by then)`);
    expect(s.lastError).not.toContain(`campaign ${ALIVE} `);
    expect((await campaign(CUT_OFF))?.audienceStatus).toBe('Failed');
    expect((await campaign(NO_SEND_ROW))?.audienceStatus).toBe('Failed');
    expect((await campaign(ALIVE))?.audienceStatus).toBe('Sending');
    expect(await listSends(db.store.db, TENANT, CUT_OFF)).toEqual([expect.objectContaining({ recipients: 500, sent: 480, failed: 20, finishedAt: now })]);
    expect(await listSends(db.store.db, TENANT, ALIVE)).toEqual([expect.objectContaining({ finishedAt: null })]);
    // Nothing is resent on its own: whether the rest should get it is the staff's call.
    expect(mail).toEqual([]);
  });

  it('a deploy writes its progress while a batch is still going, not only when it ends', async () => {
    await db.store.transaction((tx) => upsertNewsletterCampaign(tx, HEARTBEAT, TENANT, newsletterCampaignSchema.parse({ ...CAMPAIGN, name: 'Heartbeat' })));
    // The first copy is held until its send row shows a heartbeat: only the timer can write one then
    // (both subscribers are one batch, and a batch's end is after its copies).
    let beat: number | null = null;
    onSend = async () => {
      if (beat !== null) return;
      const until = Date.now() + 5_000;
      while (beat === null && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 10));
        beat = (await listSends(db.store.db, TENANT, HEARTBEAT))[0]?.progressAt ?? null;
      }
    };
    let clock = AT;
    const summary = await deployCampaign({ store: db.store, mailer, unsubscribeSecret: SECRET, now: () => (clock += 1) }, TENANT, HEARTBEAT, {
      origin: ORIGIN, unsubscribeBaseUrl: `${ORIGIN}/api/newsletter/unsubscribe`, ratePerSecond: 1000, progressEveryMs: 20,
    });
    onSend = async () => {};
    expect(beat, 'a heartbeat was written while the batch was going').not.toBeNull();
    expect(summary).toMatchObject({ recipients: 2, sent: 2 });
    expect((await campaign(HEARTBEAT))?.audienceStatus).toBe('Sent');
    const [row] = await listSends(db.store.db, TENANT, HEARTBEAT);
    expect(row).toMatchObject({ recipients: 2, sent: 2, failed: 0 });
    expect(row!.progressAt).toBeGreaterThanOrEqual(beat!);
  });
});
