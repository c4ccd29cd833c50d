// Audience providers: where subscriptions live and who a deploy goes to. The local provider keeps
// them in Masthead's own database; an external provider (an ESP or a CDP) implements the same
// interface. Subscribing twice is harmless; unsubscribing an address that is not subscribed is too.
import type { Consent, SubscriptionSource } from '../domain/newsletter-subscribe';
import type { Store } from '../store/connection';
import {
  countSubscribers, linkSiteUserNewsletter, markUnsubscribed, subscriberPage, subscriptionsOfEmail, unlinkSiteUserNewsletter,
  upsertSubscription,
} from '../store/queries/newsletters';

export interface SubscribeCommand {
  tenantKey: string;
  /** Normalised (trimmed, lower-case). */
  email: string;
  newsletterIds: number[];
  source: SubscriptionSource;
  siteUserId?: number | null;
  consent?: Consent | null;
  countryCode?: string | null;
  regionCode?: string | null;
  promoCode?: string | null;
  at: number;
}

export interface UnsubscribeCommand {
  tenantKey: string;
  email: string;
  newsletterId: number;
  siteUserId?: number | null;
  at: number;
}

export interface AudienceProvider {
  readonly name: string;
  subscribe(cmd: SubscribeCommand): Promise<void>;
  /** `changed` is false when the address was not subscribed. */
  unsubscribe(cmd: UnsubscribeCommand): Promise<{ changed: boolean }>;
  /** Ids of the newsletters an address is subscribed to. */
  subscribedNewsletterIds(tenantKey: string, email: string): Promise<number[]>;
  countSubscribers(tenantKey: string, newsletterId: number): Promise<number>;
  /** Active subscribers in batches (bounded memory for large lists). */
  subscribers(tenantKey: string, newsletterId: number, batchSize: number): AsyncIterable<{ email: string }[]>;
}

/** The local audience provider: the newsletter_subscriptions table (and site users' newsletters). */
export function localAudienceProvider(store: Store): AudienceProvider {
  return {
    name: 'local',
    async subscribe(cmd) {
      await store.transaction(async (tx) => {
        for (const newsletterId of cmd.newsletterIds) {
          await upsertSubscription(tx, {
            tenantKey: cmd.tenantKey, newsletterId, email: cmd.email, siteUserId: cmd.siteUserId ?? null, consent: cmd.consent ?? null,
            countryCode: cmd.countryCode ?? null, regionCode: cmd.regionCode ?? null, promoCode: cmd.promoCode ?? null, source: cmd.source, at: cmd.at,
          });
          if (cmd.siteUserId) await linkSiteUserNewsletter(tx, cmd.siteUserId, newsletterId);
        }
      });
    },
    async unsubscribe(cmd) {
      return store.transaction(async (tx) => {
        const changed = await markUnsubscribed(tx, { tenantKey: cmd.tenantKey, newsletterId: cmd.newsletterId, email: cmd.email, at: cmd.at });
        await unlinkSiteUserNewsletter(tx, { tenantKey: cmd.tenantKey, newsletterId: cmd.newsletterId, email: cmd.email, siteUserId: cmd.siteUserId ?? undefined });
        return { changed };
      });
    },
    async subscribedNewsletterIds(tenantKey, email) {
      return (await subscriptionsOfEmail(store.db, tenantKey, email)).filter((s) => s.status === 'subscribed').map((s) => s.newsletterId);
    },
    countSubscribers: (tenantKey, newsletterId) => countSubscribers(store.db, tenantKey, newsletterId),
    async *subscribers(tenantKey, newsletterId, batchSize) {
      let afterId = 0;
      for (;;) {
        const page = await subscriberPage(store.db, { tenantKey, newsletterId, afterId, limit: batchSize });
        if (page.length === 0) return;
        yield page.map((r) => ({ email: r.email }));
        afterId = page[page.length - 1]!.id;
        if (page.length < batchSize) return;
      }
    },
  };
}
