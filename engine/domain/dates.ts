// Date display (admin §9 "Date display", "Time zone"): dates are shown in America/Chicago; March,
// April, June and July are written in full, September as "Sept.", May as "May", the other months
// abbreviated with a period. Events show start – end, webinars their start, whitepapers their
// published date. Browser-safe: Intl only.

export const SITE_TIME_ZONE = 'America/Chicago';

const MONTHS = ['Jan.', 'Feb.', 'March', 'April', 'May', 'June', 'July', 'Aug.', 'Sept.', 'Oct.', 'Nov.', 'Dec.'] as const;

export interface ZonedDate { year: number; month: number; day: number }

// Creating an Intl formatter is costly; one is shared by every call.
let partsFormatter: Intl.DateTimeFormat | undefined;
let hourPartsFormatter: Intl.DateTimeFormat | undefined;
function formatter(): Intl.DateTimeFormat {
  partsFormatter ??= new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric' });
  return partsFormatter;
}
function hourFormatter(): Intl.DateTimeFormat {
  hourPartsFormatter ??= new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', hourCycle: 'h23' });
  return hourPartsFormatter;
}

// Intl formatting costs microseconds and a build formats millions of dates, so the Chicago UTC
// offset is looked up once per UTC day: when the offsets at the day's first and last hour agree
// (every day but the two DST switches), the date is plain arithmetic; on switch days, or for
// offsets that are not whole hours, the formatter decides each time.
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const offsetsByDay = new Map<number, number | null>();

function offsetAt(ms: number): number {
  const d = formatParts(ms, true);
  return Date.UTC(d.year, d.month - 1, d.day, d.hour ?? 0) - Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/** The calendar date of an instant (epoch ms) in America/Chicago. */
export function zonedDate(ms: number): ZonedDate {
  const day = Math.floor(ms / DAY_MS);
  let offset = offsetsByDay.get(day);
  if (offset === undefined) {
    const first = offsetAt(day * DAY_MS);
    const last = offsetAt(day * DAY_MS + 23 * HOUR_MS);
    offset = first === last && first % HOUR_MS === 0 ? first : null;
    if (offsetsByDay.size > 20_000) offsetsByDay.clear();
    offsetsByDay.set(day, offset);
  }
  if (offset === null) {
    const d = formatParts(ms, false);
    return { year: d.year, month: d.month, day: d.day };
  }
  const local = new Date(ms + offset);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

function formatParts(ms: number, withHour: boolean): ZonedDate & { hour?: number } {
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  for (const p of (withHour ? hourFormatter() : formatter()).formatToParts(ms)) {
    if (p.type === 'year') year = Number(p.value);
    else if (p.type === 'month') month = Number(p.value);
    else if (p.type === 'day') day = Number(p.value);
    else if (p.type === 'hour') hour = Number(p.value) % 24;
  }
  return withHour ? { year, month, day, hour } : { year, month, day };
}

/** The month as the site writes it: "March", "Sept.", "Jan.", "May". `month` is 1–12. */
export function monthLabel(month: number): string {
  const label = MONTHS[month - 1];
  if (!label) throw new RangeError(`month must be 1–12 (got ${month})`);
  return label;
}

/** "Sept. 8, 2026" for an instant, in America/Chicago. */
export function formatDisplayDate(ms: number): string {
  const d = zonedDate(ms);
  return `${monthLabel(d.month)} ${d.day}, ${d.year}`;
}

/** "2026-09-08": the Chicago calendar date, for <time datetime>. */
export function isoCalendarDate(ms: number): string {
  const d = zonedDate(ms);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** "start – end"; a single date when both fall on the same Chicago day or the end is missing. */
export function formatDateRange(start: number, end?: number | null): string {
  const from = formatDisplayDate(start);
  if (end === undefined || end === null) return from;
  const to = formatDisplayDate(end);
  return to === from ? from : `${from} – ${to}`;
}

export interface DatedItem {
  type: string;
  published: number | null;
  event?: { startDate?: number | undefined; endDate?: number | undefined } | null | undefined;
}

/** The instant an item is dated by: events and webinars by their start, everything else by published. */
export function displayInstant(item: DatedItem): number | null {
  if ((item.type === 'Event' || item.type === 'Webinar') && item.event?.startDate !== undefined) return item.event.startDate;
  return item.published;
}

/**
 * The date label of an item: events "start – end", webinars their start, whitepapers (and every
 * other type) their published date. Null when the item has no date.
 */
export function displayDate(item: DatedItem): string | null {
  const start = item.event?.startDate;
  if (item.type === 'Event' && start !== undefined) return formatDateRange(start, item.event?.endDate);
  if (item.type === 'Webinar' && start !== undefined) return formatDisplayDate(start);
  return item.published === null ? null : formatDisplayDate(item.published);
}

/** The year of an instant in America/Chicago (for the footer copyright). */
export function zonedYear(ms: number): number {
  return zonedDate(ms).year;
}
