// `masthead newsletter …`: render a campaign's email, send it (a test to the template's testers, or
// the deploy to its subscribers), and write the demo newsletter rows. Mail settings come from the
// environment, read here and only here: MASTHEAD_SMTP_URL selects SMTP; otherwise messages are
// written as .eml files to MASTHEAD_OUTBOX (default ./data/outbox).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../../engine/domain/errors';
import type { MailConfig } from '../../engine/mail/mailer';
import type { Store } from '../../engine/store/connection';
import { withStore, UsageError, type CommandEnv } from '../context';

export const DEFAULT_OUTBOX = './data/outbox';
export const DEFAULT_MAIL_FROM = 'Masthead <no-reply@masthead.localhost>';
export const DEFAULT_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';
/** Only for the development outbox: links signed with it are not secret. */
const DEVELOPMENT_SECRET = 'masthead-development-unsubscribe-secret';

export interface NewsletterMailSettings {
  mail: MailConfig;
  unsubscribeSecret: string;
  /** Set when the development secret stands in for MASTHEAD_UNSUBSCRIBE_SECRET. */
  warning?: string;
}

/** DKIM from MASTHEAD_DKIM_DOMAIN, MASTHEAD_DKIM_SELECTOR and MASTHEAD_DKIM_KEY_FILE (all three, or none). */
function dkimFrom(env: NodeJS.ProcessEnv): { dkim?: { domainName: string; keySelector: string; privateKey: string } } {
  const domainName = env.MASTHEAD_DKIM_DOMAIN?.trim();
  const keySelector = env.MASTHEAD_DKIM_SELECTOR?.trim();
  const keyFile = env.MASTHEAD_DKIM_KEY_FILE?.trim();
  if (!domainName && !keySelector && !keyFile) return {};
  if (!domainName || !keySelector || !keyFile) throw new UsageError('DKIM needs MASTHEAD_DKIM_DOMAIN, MASTHEAD_DKIM_SELECTOR and MASTHEAD_DKIM_KEY_FILE together');
  return { dkim: { domainName, keySelector, privateKey: readFileSync(resolve(keyFile), 'utf8') } };
}

/**
 * Mail settings from the environment: SMTP when MASTHEAD_SMTP_URL is set, else the .eml outbox
 * (MASTHEAD_OUTBOX, default ./data/outbox). Sender MASTHEAD_MAIL_FROM; unsubscribe links signed
 * with MASTHEAD_UNSUBSCRIBE_SECRET (required for SMTP); optional DKIM (see dkimFrom).
 */
export function resolveMailSettings(env: NodeJS.ProcessEnv): NewsletterMailSettings {
  const defaultFrom = env.MASTHEAD_MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  const dkim = dkimFrom(env);
  const secret = env.MASTHEAD_UNSUBSCRIBE_SECRET?.trim();
  const smtp = env.MASTHEAD_SMTP_URL?.trim();
  if (smtp) {
    if (!secret || secret.length < 16) throw new UsageError('MASTHEAD_UNSUBSCRIBE_SECRET (at least 16 characters) must be set to send through MASTHEAD_SMTP_URL');
    return { mail: { transport: 'smtp', url: smtp, defaultFrom, ...dkim }, unsubscribeSecret: secret };
  }
  const dir = resolve(env.MASTHEAD_OUTBOX?.trim() || DEFAULT_OUTBOX);
  return secret && secret.length >= 16
    ? { mail: { transport: 'outbox', dir, defaultFrom, ...dkim }, unsubscribeSecret: secret }
    : { mail: { transport: 'outbox', dir, defaultFrom, ...dkim }, unsubscribeSecret: DEVELOPMENT_SECRET, warning: 'MASTHEAD_UNSUBSCRIBE_SECRET is not set: unsubscribe links are signed with the development secret' };
}

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

interface RenderFlags { out?: string; text?: boolean; mjml?: boolean; originTemplate: string }
interface SendFlags { test?: boolean; force?: boolean; rate: number; originTemplate: string; unsubscribeUrl?: string }

export function registerNewsletter(program: Command, env: CommandEnv, processEnv: NodeJS.ProcessEnv = process.env) {
  const nl = program.command('newsletter').description('Render and send newsletter campaigns');

  nl.command('render')
    .description('Render a campaign to email HTML (printed, or written with --out)')
    .argument('<campaignId>', 'campaign id', env.int('campaignId'))
    .option('--out <file>', 'write the output to this file instead of printing it')
    .option('--text', 'the plain-text part instead of the HTML')
    .option('--mjml', 'the MJML source instead of the HTML')
    .option('--origin-template <tpl>', 'absolute origin of the tenant, with {key} and {domain}', 'https://{domain}')
    .action(env.run(async (config, out, campaignId: number, flags: RenderFlags) => {
      const { renderCampaign } = await import('../../engine/newsletter/render');
      const r = await withStore(config, async (store) => {
        const { campaign, tenant } = await campaignTenant(store, campaignId);
        return renderCampaign(store, campaign.tenantKey, campaignId, { origin: originFor(flags.originTemplate, tenant.tenantKey, tenant.domain) });
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
    .option('--origin-template <tpl>', 'absolute origin of the tenant, with {key} and {domain}', 'https://{domain}')
    .option('--unsubscribe-url <tpl>', `one-click unsubscribe route, with {origin} (default {origin}${DEFAULT_UNSUBSCRIBE_PATH})`)
    .action(env.run(async (config, out, campaignId: number, flags: SendFlags) => {
      if (flags.rate < 1) throw new UsageError('--rate must be at least 1');
      const settings = resolveMailSettings(processEnv);
      const { createMailer } = await import('../../engine/mail/mailer');
      const { deployCampaign, sendTest } = await import('../../engine/newsletter/send');
      const mailer = createMailer(settings.mail);
      try {
        const summary = await withStore(config, async (store) => {
          const { campaign, tenant } = await campaignTenant(store, campaignId);
          const origin = originFor(flags.originTemplate, tenant.tenantKey, tenant.domain);
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
