// A deploy's progress, and the deploys a stopped process cut off. A deploy writes its counts and the
// time to its send row every so often while it delivers (engine/newsletter/send.ts); a campaign left
// Sending whose newest deploy has written nothing for a while has nobody sending it any more, and
// without this it would stay Sending (not editable, not deployable) for ever.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../connection';
import { newsletterCampaigns, newsletterSends } from '../schema-newsletters';

export interface SendCounts { recipients: number; sent: number; failed: number }

/** A deploy's counts so far and the time it reported them (its heartbeat). */
export async function progressSend(db: Db, id: number, counts: SendCounts, at: number): Promise<void> {
  await db.update(newsletterSends).set({ ...counts, progressAt: at }).where(eq(newsletterSends.id, id));
}

export interface StalledSend extends SendCounts {
  campaignId: number;
  /** The newest deploy's send row when it is still open (null when the process stopped before writing one, or after closing it). */
  sendId: number | null;
  /** The last sign of life: the campaign's move to Sending, the newest deploy's start, progress or end. */
  lastSeenAt: number;
}

/** A tenant's campaigns left Sending that have shown no sign of life since `before`. */
export async function stalledSends(db: Db, tenantKey: string, before: number): Promise<StalledSend[]> {
  const sending = await db.select({ id: newsletterCampaigns.id, updatedAt: newsletterCampaigns.updatedAt }).from(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.tenantKey, tenantKey), eq(newsletterCampaigns.audienceStatus, 'Sending')));
  if (sending.length === 0) return [];
  const sends = await db.select().from(newsletterSends)
    .where(and(eq(newsletterSends.tenantKey, tenantKey), eq(newsletterSends.kind, 'deploy'), inArray(newsletterSends.campaignId, sending.map((c) => c.id))))
    .orderBy(desc(newsletterSends.id));
  const out: StalledSend[] = [];
  for (const c of sending) {
    const s = sends.find((r) => r.campaignId === c.id);
    const lastSeenAt = Math.max(c.updatedAt, s ? Math.max(s.finishedAt ?? 0, s.progressAt ?? 0, s.startedAt) : 0);
    if (lastSeenAt >= before) continue;
    const open = s && s.finishedAt == null ? s : null;
    out.push({ campaignId: c.id, sendId: open?.id ?? null, lastSeenAt, recipients: open?.recipients ?? 0, sent: open?.sent ?? 0, failed: open?.failed ?? 0 });
  }
  return out;
}
