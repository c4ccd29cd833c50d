// `masthead newsletter …`: render a campaign's email, send it (a test to the template's testers, or
// the deploy to its subscribers), and write the demo newsletter rows. Mail settings come from the
// resolved configuration (cli/config/mail.ts).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../../engine/domain/errors';
import type { Store } from '../../engine/store/connection';
import { buildOriginTemplate } from '../config/origin';
import { withStore, UsageError, type CommandEnv } from '../context';

export const DEFAULT_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

/** A tenant's origin from a template with {key} and {domain} (default https://{domain}). */
export function originFor(template: string, tenantKey: string, domain: string): string {
  const url = new URL(template.replaceAll('{key}', tenantKey).replaceAll('{domain}', domain));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--origin-template must give an http(s) origin (got ${url.protocol})`);
  return url.origin;
}

async function campaignTenant(store: Store, id: number) {
  const { getNewsletterCampaign } = await import('../../engine/store/queries/newsletters');
  const { getTenant } = await import('../../engine/store/queries/tenants');
  const campaign = await getNewsletterCampaign(store.db, null, id);
  if (!campaign) throw new AppError('NOT_FOUND', { entity: 'Newsletter campaign', id });
  const tenant = await getTenant(store.db, campaign.tenantKey);
  if (!tenant) throw new AppError('TENANT_UNKNOWN', { tenant: campaign.tenantKey });
  return { campaign, tenant };
}

interface RenderFlags { out?: string; text?: boolean; mjml?: boolean; originTemplate?: string }
interface SendFlags { test?: boolean; force?: boolean; rate: number; originTemplate: string; unsubscribeUrl?: string }

/** `processEnv`, when given, stands in for the environment the configuration was read from (tests). */
export function registerNewsletter(program: Command, env: CommandEnv, processEnv?: NodeJS.ProcessEnv) {
  const nl = program.command('newsletter').description('Render and send newsletter campaigns');

  nl.command('render')
    .description('Render a campaign to email HTML (printed, or written with --out)')
    .argument('<campaignId>', 'campaign id', env.int('campaignId'))
    .option('--out <file>', 'write the output to this file instead of printing it')
    .option('--text', 'the plain-text part instead of the HTML')
    .option('--mjml', 'the MJML source instead of the HTML')
    .option('--origin-template <tpl>', "absolute origin of the tenant, with {key} and {domain} (default: the one the database's sites are served at, else https://{domain})")
    .action(env.run(async (config, out, campaignId: number, flags: RenderFlags) => {
      const { renderCampaign } = await import('../../engine/newsletter/render');
      const r = await withStore(config, async (store) => {
        const { campaign, tenant } = await campaignTenant(store, campaignId);
        const { template } = await buildOriginTemplate(store, flags.originTemplate);
        return renderCampaign(store, campaign.tenantKey, campaignId, { origin: originFor(template, tenant.tenantKey, tenant.domain) });
      });
      const body = flags.text ? r.text : flags.mjml ? r.mjml : r.html;
      const summary = { campaignId, subject: r.subject, bytes: Buffer.byteLength(body), ...(flags.out ? { file: resolve(flags.out) } : {}), inputs: r.inputs };
      if (flags.out) {
        writeFileSync(resolve(flags.out), body);
        out.result(summary, [`Wrote ${flags.text ? 'text' : flags.mjml ? 'MJML' : 'HTML'} of campaign ${campaignId} ("${r.subject}") to ${flags.out}`]);
      } else {
        out.result({ ...summary, body }, [body]);
      }
    }));

  nl.command('send')
    .description('Deploy a campaign to its newsletter\'s subscribers, or --test to the template\'s default testers')
    .argument('<campaignId>', 'campaign id', env.int('campaignId'))
    .option('--test', 'send a test to the template\'s default testers only')
    .option('--force', 'deploy again a campaign that was already sent')
    .option('--rate <n>', 'messages per second', env.int('--rate'), 20)
    .option('--origin-template <tpl>', "absolute origin of the tenant, with {key} and {domain} (default: the one the database's sites are served at, else https://{domain})")
    .option('--unsubscribe-url <tpl>', `one-click unsubscribe route, with {origin} (default {origin}${DEFAULT_UNSUBSCRIBE_PATH})`)
    .action(env.run(async (config, out, campaignId: number, flags: SendFlags) => {
      if (flags.rate < 1) throw new UsageError('--rate must be at least 1');
      const [{ resolveConfig }, { resolveMailSettings }] = await Promise.all([import('../config'), import('../config/mail')]);
      const settings = resolveMailSettings(processEnv ? resolveConfig({}, processEnv).settings : config.settings);
      const { createMailer } = await import('../../engine/mail/mailer');
      const { deployCampaign, sendTest } = await import('../../engine/newsletter/send');
      const mailer = createMailer(settings.mail);
      try {
        const summary = await withStore(config, async (store) => {
          const { campaign, tenant } = await campaignTenant(store, campaignId);
          const origin = originFor((await buildOriginTemplate(store, flags.originTemplate)).template, tenant.tenantKey, tenant.domain);
          const opts = {
            origin, ratePerSecond: flags.rate, force: Boolean(flags.force),
            unsubscribeBaseUrl: (flags.unsubscribeUrl ?? `{origin}${DEFAULT_UNSUBSCRIBE_PATH}`).replaceAll('{origin}', origin),
          };
          const deps = { store, mailer, unsubscribeSecret: settings.unsubscribeSecret };
          return flags.test ? sendTest(deps, campaign.tenantKey, campaignId, opts) : deployCampaign(deps, campaign.tenantKey, campaignId, opts);
        });
        const where = settings.mail.transport === 'smtp' ? 'through SMTP' : `to ${settings.mail.dir}`;
        out.result({ ...summary, transport: settings.mail.transport, ...(settings.warning ? { warning: settings.warning } : {}) }, [
          ...(settings.warning ? [`warning: ${settings.warning}`] : []),
          `${summary.kind === 'test' ? 'Test of' : 'Deployed'} campaign ${campaignId}: ${summary.sent} of ${summary.recipients} sent ${where}${summary.failed ? `, ${summary.failed} failed` : ''} in ${(summary.durationMs / 1000).toFixed(1)} s`,
          ...summary.failures.map((f) => `  failed ${f.email}: ${f.error}`),
        ]);
        if (summary.failed > 0 && summary.sent === 0) throw new Error(`none of the ${summary.recipients} messages was delivered`);
      } finally {
        await mailer.close();
      }
    }));
}
