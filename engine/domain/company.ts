// Company data (issue #22): the internal news item (admin §3.6) and its rules (§4, §9).
import { z } from 'zod';
import { escapeHtml } from './html-escape';

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

// Contributor contracts (admin §3.6, §9).

/** getContractStreamForSelect returns at most this many (admin §9). */
export const CONTRACT_LIST_LIMIT = 1000;
/** How long a contract link stays valid after it is issued. */
export const CONTRACT_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const day = z.string().regex(DAY_TEXT, 'Must be a date (YYYY-MM-DD)');

export const contractSchema = z.strictObject({
  personId: z.number().int().positive().optional(),
  contributorName: z.string().trim().min(1, 'Field is required').max(200, 'At most 200 characters'),
  contributorEmail: z.string().trim().toLowerCase().pipe(z.email('Must be an e-mail address')),
  rate: z.string().trim().max(200, 'At most 200 characters').default(''),
  startsOn: day.optional(),
  endsOn: day.optional(),
  template: z.string().trim().min(1, 'Field is required').max(100_000, 'At most 100000 characters'),
}).refine((c) => !c.startsOn || !c.endsOn || c.startsOn <= c.endsOn, { path: ['endsOn'], message: 'Must not be before the start date' });
export type ContractInput = z.output<typeof contractSchema>;

export const CONTRACT_TOKENS = ['name', 'rate', 'start', 'end'] as const;

/** The template with {{name}}, {{rate}}, {{start}}, {{end}} filled (values escaped); unknown tokens stay as typed. */
export function renderContractTerms(template: string, c: { contributorName: string; rate: string; startsOn?: string | null | undefined; endsOn?: string | null | undefined }): string {
  const values: Record<string, string> = { name: c.contributorName, rate: c.rate, start: c.startsOn ?? '', end: c.endsOn ?? '' };
  return template.replace(/\{\{\s*(name|rate|start|end)\s*\}\}/g, (_m, k: string) => escapeHtml(values[k] ?? ''));
}

const MONTHS = ['Jan.', 'Feb.', 'March', 'April', 'May', 'June', 'July', 'Aug.', 'Sept.', 'Oct.', 'Nov.', 'Dec.'];
/** A date in the spec's style (admin §9), in UTC: "March 5, 2026". */
export function contractDate(t: number): string {
  const d = new Date(t);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** The contract's label (admin §3.6): "<name> Approved <date>" or "<name> Pending". */
export function contractLabel(c: { contributorName: string; status: string; approvedAt: number | null }): string {
  return c.status === 'approved' && c.approvedAt !== null ? `${c.contributorName} Approved ${contractDate(c.approvedAt)}` : `${c.contributorName} Pending`;
}

/** An address as recorded with an approval: IPv4 keeps 3 octets (/24), IPv6 the first 3 groups (/48). */
export function truncateIp(ip: string | undefined | null): string {
  if (!ip) return '';
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0`;
  if (ip.includes(':')) {
    const [head] = ip.split('::');
    const groups = (head ?? '').split(':').filter(Boolean).slice(0, 3);
    while (groups.length < 3) groups.push('0');
    return `${groups.join(':')}::`;
  }
  return '';
}

/** The name typed to approve matches the contributor's (case, spacing and accents aside). */
export function sameName(typed: string, expected: string): boolean {
  const norm = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return norm(typed) !== '' && norm(typed) === norm(expected);
}
