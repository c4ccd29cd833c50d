// Scheduled sends: a campaign staff set to Scheduled goes to its newsletter's subscribers once its
// deployment date has come. `masthead serve` runs this on its scheduled-sends job
// (cli/serve/jobs.ts); each campaign goes through deployCampaign (send.ts), whose move from
// Scheduled to Sending is one conditional update, so two instances never send a campaign twice.
// The same job ends the sends a stopped process cut off (failStalledSends): a campaign left Sending
// with no sign of life for STALLED_SEND_MS turns Failed, for staff to look at and deploy again.
import { AppError } from '../domain/errors';
import { dueScheduledCampaigns, finishSend, setCampaignStatus } from '../store/queries/newsletters';
import { stalledSends } from '../store/queries/newsletter-sends';
import { listTenants } from '../store/queries/tenants';
import { inTenant } from '../store/tenant-scope';
import { deployCampaign, type SendDeps, type SendOptions, type SendSummary } from './send';

type Site = { tenantKey: string; domain: string };

export interface ScheduledSendOptions {
  now: number;
  /** Each tenant's send options: its origin and unsubscribe route (what the admin's deploy uses). */
  sendOptions: (tenant: Site) => SendOptions;
}

export interface ScheduledSendResult {
  sent: (SendSummary & { tenantKey: string })[];
  /** Campaigns that could not be sent: left Scheduled for the next run, or Failed when no retry can help. */
  failed: { tenantKey: string; campaignId: number; error: string }[];
}

/** Deploys every tenant's Scheduled campaigns whose deployment date is at or before `now`, soonest first. */
export async function sendDueCampaigns(deps: SendDeps, o: ScheduledSendOptions): Promise<ScheduledSendResult> {
  const out: ScheduledSendResult = { sent: [], failed: [] };
  for (const t of await listTenants(deps.store.db)) {
    await inTenant(t.tenantKey, async () => {
      for (const c of await dueScheduledCampaigns(deps.store.db, t.tenantKey, o.now)) {
        try {
          out.sent.push({ ...await deployCampaign(deps, t.tenantKey, c.id, o.sendOptions(t)), tenantKey: t.tenantKey });
        } catch (e) {
          // Another instance took it meanwhile (Scheduled → Sending is conditional): nothing to do.
          if (e instanceof AppError && e.code === 'CONFLICT') continue;
          // A campaign that cannot be sent as it is (no newsletter chosen, say) would fail every run:
          // it turns Failed for staff to fix and schedule again. Anything else is retried.
          if (e instanceof AppError && e.code === 'BAD_USER_INPUT') await setCampaignStatus(deps.store.db, t.tenantKey, c.id, 'Failed', { from: ['Scheduled'] });
          out.failed.push({ tenantKey: t.tenantKey, campaignId: c.id, error: e instanceof Error ? e.message : String(e) });
        }
      }
    });
  }
  return out;
}

/**
 * How long a Sending campaign may show no sign of life before it counts as cut off. A deploy writes
 * its progress every minute while it delivers (send.ts), so a quarter of an hour of silence means
 * the process that sent it stopped (a crash, a deploy of the server, the machine lost).
 */
export const STALLED_SEND_MS = 15 * 60_000;

export interface StalledSendResult { tenantKey: string; campaignId: number; recipients: number; sent: number; failed: number; lastSeenAt: number }

/**
 * Every tenant's campaigns left Sending by a process that stopped mid-send turn Failed (nothing
 * else would ever move them: a Sending campaign cannot be edited or deployed), and the open send
 * row is closed with the counts it reached. They are not resent on their own: some subscribers
 * already have the mail, and whether to send again is the staff's call (deploy from the admin).
 */
export async function failStalledSends(deps: Pick<SendDeps, 'store'>, o: { now: number; stalledMs?: number }): Promise<StalledSendResult[]> {
  const out: StalledSendResult[] = [];
  for (const t of await listTenants(deps.store.db)) {
    await inTenant(t.tenantKey, async () => {
      for (const s of await stalledSends(deps.store.db, t.tenantKey, o.now - (o.stalledMs ?? STALLED_SEND_MS))) {
        // Conditional: another instance may have closed it (or the send come back to life) meanwhile.
        if (!(await setCampaignStatus(deps.store.db, t.tenantKey, s.campaignId, 'Failed', { from: ['Sending'] }))) continue;
        if (s.sendId !== null) await finishSend(deps.store.db, s.sendId, { recipients: s.recipients, sent: s.sent, failed: s.failed, finishedAt: o.now });
        out.push({ tenantKey: t.tenantKey, campaignId: s.campaignId, recipients: s.recipients, sent: s.sent, failed: s.failed, lastSeenAt: s.lastSeenAt });
      }
    });
  }
  return out;
}
