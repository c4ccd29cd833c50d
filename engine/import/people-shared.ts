// What the people importers (ghost-members.ts, substack-subscribers.ts) share: the newsletter named
// on the command line, the consent an imported subscription records, and export dates.
import { consentKey, findCountry } from '../domain/countries';
import type { Consent } from '../domain/newsletter-subscribe';
import type { Db } from '../store/connection';
import { newsletterNames } from '../store/queries/member-import';
import { ImportInputError } from './model';

/** The tenant's newsletter by id or title (case ignored); an ImportInputError listing the tenant's newsletters otherwise. */
export async function resolveNewsletter(db: Db, tenantKey: string, given: string): Promise<{ id: number; title: string }> {
  const all = await newsletterNames(db, tenantKey);
  const hit = all.find((n) => n.names.some((x) => x.toLowerCase() === given.trim().toLowerCase()));
  if (!hit) {
    const have = all.map((n) => `${n.names[0]} ${n.names[1]}`).join(', ') || 'none';
    throw new ImportInputError('newsletter', `no newsletter ${JSON.stringify(given)} on ${tenantKey} (its newsletters: ${have}); nothing was written`);
  }
  return { id: hit.id, title: hit.names[1]! };
}

/**
 * The consent an imported subscription records, in the subscribe pane's shape (public §3: CASL for
 * Canada, GDPR otherwise): the reader agreed to receive the newsletter when they subscribed in the
 * old system (compliance true, dated by the subscription's subscribedAt). The country is the
 * export's when it names one (three-letter code), else empty: the old system did not say.
 */
export function importedConsent(country: string | null): Consent {
  const c = country ? findCountry(country) : undefined;
  const entry = { country: c?.alpha3 ?? '', region: null, compliance: true };
  return c && consentKey(c.alpha3) === 'CASL' ? { CASL: entry } : { GDPR: entry };
}

const NAIVE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * An export's date (ISO 8601; a date and time without a zone is UTC) as epoch ms, or null when it
 * is not a date (including impossible days such as 2023-02-30, which Date.parse rolls over).
 */
export function parseExportDate(value: string): number | null {
  const s = value.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (!m) return null;
  const t = Date.parse(NAIVE.test(s) ? `${s.replace(' ', 'T')}Z` : s);
  if (!Number.isFinite(t)) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d ? t : null;
}
