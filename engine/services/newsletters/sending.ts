// Sending from the admin (GraphQL mutations only, never a GET): 'Send test' to the template's
// default testers and 'deploy' to the newsletter's subscribers, through the mailer given in
// ApiOptions.newsletters, with links absolute to the tenant's site and signed one-click
// unsubscribe links. The send runs outside any database transaction (the engine moves the
// campaign Draft → Sending → Sent atomically); the history row is written once it is done.
import { AppError } from '../../domain/errors';
import { deployCampaign, sendTest, type SendDeps, type SendOptions, type SendSummary } from '../../newsletter/send';
import { getNewsletterCampaign } from '../../store/queries/newsletters';
import { commit, tenantAccess, type OpArgs } from '../kernel/operation';
import { idArg } from '../kernel/patch';
import type { Services } from '../kernel/services';
import type { TenantRow } from '../kernel/tenancy';
import { newsletterRuntime } from './options';
import { campaignPaths, newsletterChange, PERMS } from './shared';

function sendSetup(services: Services, tenant: TenantRow): { deps: SendDeps; opts: SendOptions } {
  const rt = newsletterRuntime(services);
  const { mailer, unsubscribeSecret } = rt.options;
  if (!mailer) throw new AppError('CONFLICT', { message: 'Sending is not set up on this server: no mailer is configured.' });
  if (!unsubscribeSecret) throw new AppError('CONFLICT', { message: 'Sending is not set up on this server: no unsubscribe secret is configured.' });
  return {
    deps: { store: services.store, mailer, unsubscribeSecret, provider: rt.options.audience, now: services.now },
    opts: { origin: rt.origin(tenant), unsubscribeBaseUrl: rt.unsubscribeBaseUrl(tenant), ratePerSecond: rt.options.ratePerSecond ?? 20 },
  };
}

const counts = (s: SendSummary) => ({ recipients: s.recipients, sent: s.sent, failed: s.failed, durationMs: s.durationMs });

/** Sends a test copy to each of the template's default testers; the campaign's status is unchanged. */
export async function sendNewsletterTest({ ctx, input }: OpArgs<{ id: unknown }>): Promise<SendSummary> {
  const { tenant } = tenantAccess(ctx, PERMS.campaigns);
  const id = idArg(input.id);
  if (!(await getNewsletterCampaign(ctx.services.store.db, tenant.tenantKey, id))) throw new AppError('NOT_FOUND', { entity: 'Newsletter campaign', id });
  const { deps, opts } = sendSetup(ctx.services, tenant);
  const summary = await sendTest(deps, tenant.tenantKey, id, opts);
  await commit(ctx, async () => summary,
    (s) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterCampaign', entityId: id, action: 'send-test', changes: counts(s) }));
  return summary;
}

/**
 * Deploys a campaign to its newsletter's subscribers and waits for the send to finish. A campaign
 * being sent is refused, and a sent one unless `force`. The campaign's pages are rebuilt after.
 */
export async function deployNewsletterCampaign({ ctx, input }: OpArgs<{ id: unknown; force?: unknown }>): Promise<SendSummary> {
  const { tenant } = tenantAccess(ctx, PERMS.campaigns);
  const id = idArg(input.id);
  const campaign = await getNewsletterCampaign(ctx.services.store.db, tenant.tenantKey, id);
  if (!campaign) throw new AppError('NOT_FOUND', { entity: 'Newsletter campaign', id });
  const { deps, opts } = sendSetup(ctx.services, tenant);
  const summary = await deployCampaign(deps, tenant.tenantKey, id, { ...opts, force: input.force === true });
  await commit(ctx, async () => summary,
    (s) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterCampaign', entityId: id, action: 'deploy', changes: counts(s) }),
    () => newsletterChange('update', 'campaign', id, campaignPaths(id, [campaign.templateId])));
  return summary;
}
