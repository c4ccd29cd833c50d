// Company data (issue #22): the internal news item (admin §3.6) and its rules (§4, §9).
import { z } from 'zod';

/** Staff news page size (admin §9). */
export const ASPIRE_NEWS_PAGE_SIZE = 10;
/** The alert list covers unread alerts dated within the last 14 days (admin §9). */
export const ASPIRE_NEWS_ALERT_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;
export const ASPIRE_NEWS_STATUS = { published: 1, draft: 2 } as const;

export const aspireNewsSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  title: z.string().trim().min(1, 'Field is required').max(200, 'At most 200 characters'),
  description: z.string().max(50_000, 'At most 50000 characters').default(''),
  /** Epoch ms or an ISO date-time string. */
  date: z.union([z.number().int().nonnegative(), z.iso.datetime({ offset: true })]).transform((v) => (typeof v === 'number' ? v : Date.parse(v))),
  status: z.union([z.literal(1), z.literal(2)]).default(2),
  alert: z.boolean().default(false),
});
export type AspireNewsInput = z.output<typeof aspireNewsSchema>;

/** Unread (admin §4): published and not read by this user. */
export function isUnreadNews(item: { status: number; hasRead: boolean }): boolean {
  return item.status === ASPIRE_NEWS_STATUS.published && !item.hasRead;
}
