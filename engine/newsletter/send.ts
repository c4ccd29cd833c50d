// Sending: 'send test' to the template's default testers and 'deploy' to the newsletter's
// subscribers, through the one mailer. The campaign is rendered once; each copy gets its own
// signed one-click unsubscribe link (in the footer, the text part and the List-Unsubscribe header,
// with List-Unsubscribe-Post per RFC 8058). Messages go out in batches under a p-queue rate limit.
import PQueue from 'p-queue';
import { AppError } from '../domain/errors';
import type { AudienceStatus } from '../domain/newsletter';
import type { Mailer } from '../mail/mailer';
import type { Store } from '../store/connection';
import { finishSend, insertSend, listNewsletterItems, setCampaignStatus } from '../store/queries/newsletters';
import { progressSend, type SendCounts } from '../store/queries/newsletter-sends';
import { localAudienceProvider, type AudienceProvider } from './audience';
import { normalizeOrigin } from './links';
import { loadCampaignSnapshot } from './load';
import { renderNewsletter, type RenderedNewsletter } from './render';
import { signUnsubscribeToken, unsubscribeLink } from './unsubscribe';

export interface SendDeps {
  store: Store;
  mailer: Mailer;
  /** HMAC secret of the unsubscribe links (at least 16 characters). */
  unsubscribeSecret: string;
  provider?: AudienceProvider;
  now?: () => number;
}

export interface SendOptions {
  /** The tenant's origin; links in the email are absolute to it. */
  origin: string;
  /** Absolute URL of the unsubscribe route (e.g. https://site/api/newsletter/unsubscribe); `?token=` is appended. */
  unsubscribeBaseUrl: string;
  /** Messages per second (default 20). */
  ratePerSecond?: number;
  /** Messages in flight (default 4). */
  concurrency?: number;
  /** Subscribers read per batch (default 500). */
  batchSize?: number;
  /** Deploy a campaign that is already Sent (never one that is Sending). */
  force?: boolean;
  /**
   * How often a deploy writes its counts to its send row while it delivers (default a minute), and
   * after each batch: the sign of life by which a send a stopped process cut off is told from a
   * long one (scheduled.ts failStalledSends).
   */
  progressEveryMs?: number;
  passendoBaseUrl?: string;
}

export interface SendSummary {
  campaignId: number;
  templateId: number;
  kind: 'test' | 'deploy';
  recipients: number;
  sent: number;
  failed: number;
  /** The first failures (address and error), at most 20. */
  failures: { email: string; error: string }[];
  durationMs: number;
}

/** Stands in for each copy's own unsubscribe link while the campaign is rendered once. */
export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.masthead.invalid/__unsubscribe__';

interface Prepared {
  rendered: RenderedNewsletter; htmlParts: string[]; textParts: string[]; from: string | undefined; listId: string;
  newsletterId: number | null; templateId: number; testers: string[];
}

async function prepare(deps: SendDeps, tenantKey: string, campaignId: number, opts: SendOptions, webVersion: boolean): Promise<Prepared> {
  const origin = normalizeOrigin(opts.origin);
  normalizeOrigin(opts.unsubscribeBaseUrl);
  const snap = await loadCampaignSnapshot(deps.store, tenantKey, campaignId, { now: (deps.now ?? Date.now)() });
  const { template, campaign } = snap;
  const rendered = await renderNewsletter(snap, {
    origin, unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER, passendoBaseUrl: opts.passendoBaseUrl,
    webVersionUrl: webVersion && !campaign.hiddenOnWeb ? `${origin}/newsletter/${campaign.id}` : undefined,
  });
  const newsletterId = template.newsletterId ?? null;
  const [item] = newsletterId ? await listNewsletterItems(deps.store.db, tenantKey, [newsletterId]) : [];
  const name = (item?.title ?? template.name).replace(/[<>"\r\n]/g, '');
  return {
    rendered,
    htmlParts: rendered.html.split(UNSUBSCRIBE_PLACEHOLDER),
    textParts: rendered.text.split(UNSUBSCRIBE_PLACEHOLDER),
    from: campaign.fromAddress || template.deploymentSettings.defaultFrom || undefined,
    listId: `${name} <newsletter-${newsletterId ?? `t${template.id}`}.${new URL(origin).hostname}>`,
    newsletterId,
    templateId: template.id,
    testers: [...new Set(template.defaultTesters.map((t) => t.emailAddress.trim().toLowerCase()))],
  };
}

/** A deploy's sign of life: after each batch, and on a timer while a batch is slow. */
type Progress = (counts: SendCounts) => Promise<void>;

async function deliver(deps: SendDeps, tenantKey: string, p: Prepared, recipients: AsyncIterable<string[]>, subject: string, opts: SendOptions, campaignId: number, progress?: Progress) {
  const queue = new PQueue({ concurrency: opts.concurrency ?? 4, intervalCap: opts.ratePerSecond ?? 20, interval: 1000 });
  const summary = { recipients: 0, sent: 0, failed: 0, failures: [] as { email: string; error: string }[] };
  const sendOne = async (email: string) => {
    const url = unsubscribeLink(opts.unsubscribeBaseUrl, signUnsubscribeToken(deps.unsubscribeSecret, { tenantKey, newsletterId: p.newsletterId ?? 0, email }, (deps.now ?? Date.now)()));
    try {
      await deps.mailer.send({
        to: email, from: p.from, subject, html: p.htmlParts.join(url), text: p.textParts.join(url),
        headers: {
          'List-Unsubscribe': `<${url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'List-Id': p.listId,
          'X-Masthead-Campaign': String(campaignId),
        },
      });
      summary.sent += 1;
    } catch (e) {
      summary.failed += 1;
      if (summary.failures.length < 20) summary.failures.push({ email, error: e instanceof Error ? e.message : String(e) });
    }
  };
  const counts = (): SendCounts => ({ recipients: summary.recipients, sent: summary.sent, failed: summary.failed });
  // A heartbeat that cannot be written (the store busy, say) is skipped: the send goes on.
  const beat = () => progress?.(counts()).catch(() => {});
  const timer = progress ? setInterval(() => void beat(), opts.progressEveryMs ?? 60_000) : null;
  timer?.unref();
  try {
    for await (const batch of recipients) {
      summary.recipients += batch.length;
      for (const email of batch) void queue.add(() => sendOne(email));
      await queue.onIdle();
      await beat();
    }
  } finally {
    if (timer) clearInterval(timer);
  }
  return summary;
}

async function* once(list: string[]): AsyncIterable<string[]> {
  if (list.length) yield list;
}

/** Sends a test copy to each of the template's default testers. The campaign's status is unchanged. */
export async function sendTest(deps: SendDeps, tenantKey: string, campaignId: number, opts: SendOptions): Promise<SendSummary> {
  const started = (deps.now ?? Date.now)();
  const p = await prepare(deps, tenantKey, campaignId, opts, false);
  const testers = p.testers;
  if (testers.length === 0) throw new AppError('BAD_USER_INPUT', { field: 'template.defaultTesters', message: 'Add at least one default tester to the template' });
  const sendId = await insertSend(deps.store.db, { tenantKey, campaignId, kind: 'test', startedAt: started });
  const s = await deliver(deps, tenantKey, p, once(testers), `[TEST] ${p.rendered.subject}`, opts, campaignId);
  const finished = (deps.now ?? Date.now)();
  await finishSend(deps.store.db, sendId, { recipients: s.recipients, sent: s.sent, failed: s.failed, finishedAt: finished });
  return { campaignId, templateId: p.templateId, kind: 'test', ...s, durationMs: finished - started };
}

/**
 * Deploys a campaign to its newsletter's subscribers: Draft/Scheduled/Failed → Sending → Sent (or
 * Failed when nothing could be delivered). A campaign already Sending is refused, and one already
 * Sent is refused unless `force`.
 */
export async function deployCampaign(deps: SendDeps, tenantKey: string, campaignId: number, opts: SendOptions): Promise<SendSummary> {
  const now = deps.now ?? Date.now;
  const started = now();
  const p = await prepare(deps, tenantKey, campaignId, opts, true);
  if (p.newsletterId === null) throw new AppError('BAD_USER_INPUT', { field: 'template.newsletterId', message: 'Choose the newsletter this template sends before deploying' });
  const from: AudienceStatus[] = opts.force ? ['Draft', 'Scheduled', 'Failed', 'Sent'] : ['Draft', 'Scheduled', 'Failed'];
  if (!(await setCampaignStatus(deps.store.db, tenantKey, campaignId, 'Sending', { from }))) {
    throw new AppError('CONFLICT', { message: `Campaign ${campaignId} is already ${opts.force ? 'being sent' : 'sent or being sent'}.` });
  }
  const sendId = await insertSend(deps.store.db, { tenantKey, campaignId, kind: 'deploy', startedAt: started });
  const provider = deps.provider ?? localAudienceProvider(deps.store);
  const newsletterId = p.newsletterId;
  async function* emails(): AsyncIterable<string[]> {
    for await (const batch of provider.subscribers(tenantKey, newsletterId, opts.batchSize ?? 500)) yield batch.map((b) => b.email);
  }
  let s: Awaited<ReturnType<typeof deliver>>;
  try {
    s = await deliver(deps, tenantKey, p, emails(), p.rendered.subject, opts, campaignId, (c) => progressSend(deps.store.db, sendId, c, now()));
  } catch (e) {
    await setCampaignStatus(deps.store.db, tenantKey, campaignId, 'Failed');
    await finishSend(deps.store.db, sendId, { recipients: 0, sent: 0, failed: 0, finishedAt: now() }).catch(() => {});
    throw e;
  }
  const finished = now();
  await finishSend(deps.store.db, sendId, { recipients: s.recipients, sent: s.sent, failed: s.failed, finishedAt: finished });
  const failedAll = s.recipients > 0 && s.sent === 0;
  await setCampaignStatus(deps.store.db, tenantKey, campaignId, failedAll ? 'Failed' : 'Sent', failedAll ? {} : { sentAt: finished });
  return { campaignId, templateId: p.templateId, kind: 'deploy', ...s, durationMs: finished - started };
}
