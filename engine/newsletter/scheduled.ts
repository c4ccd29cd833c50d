// Scheduled sends: a campaign staff set to Scheduled goes to its newsletter's subscribers once its
// deployment date has come. `masthead serve` runs this on its scheduled-sends job
// (cli/serve/jobs.ts); each campaign goes through deployCampaign (send.ts), whose move from
// Scheduled to Sending is one conditional update, so two instances never send a campaign twice.
import { AppError } from '../domain/errors';
import { dueScheduledCampaigns, setCampaignStatus } from '../store/queries/newsletters';
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
