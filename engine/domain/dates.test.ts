import { describe, expect, it } from 'vitest';
import { displayDate, formatDateRange, formatDisplayDate, isoCalendarDate, monthLabel, zonedDate, zonedYear } from './dates';

const at = (iso: string) => Date.parse(iso);

describe('date display (admin §9)', () => {
  it('writes March, April, June and July in full, September as Sept., May as May, others abbreviated with a period', () => {
    const labels = Array.from({ length: 12 }, (_, i) => monthLabel(i + 1));
    expect(labels).toEqual(['Jan.', 'Feb.', 'March', 'April', 'May', 'June', 'July', 'Aug.', 'Sept.', 'Oct.', 'Nov.', 'Dec.']);
    expect(() => monthLabel(13)).toThrow(RangeError);
  });
  it('formats an instant as its America/Chicago calendar date', () => {
    expect(formatDisplayDate(at('2026-09-08T15:00:00Z'))).toBe('Sept. 8, 2026');
    // 03:00 UTC on the 1st is still the previous evening in Chicago (UTC-5 in summer).
    expect(formatDisplayDate(at('2026-07-01T03:00:00Z'))).toBe('June 30, 2026');
    // Winter: UTC-6.
    expect(formatDisplayDate(at('2027-01-01T05:30:00Z'))).toBe('Dec. 31, 2026');
    expect(formatDisplayDate(at('2026-05-04T12:00:00Z'))).toBe('May 4, 2026');
    expect(isoCalendarDate(at('2026-07-01T03:00:00Z'))).toBe('2026-06-30');
    expect(zonedYear(at('2027-01-01T05:30:00Z'))).toBe(2026);
  });
  it('shows events as start – end, webinars by start, whitepapers and others by published date', () => {
    const published = at('2026-02-10T12:00:00Z');
    const event = { startDate: at('2026-03-03T15:00:00Z'), endDate: at('2026-03-05T15:00:00Z') };
    expect(displayDate({ type: 'Event', published, event })).toBe('March 3, 2026 – March 5, 2026');
    expect(displayDate({ type: 'Event', published, event: { startDate: event.startDate } })).toBe('March 3, 2026');
    expect(displayDate({ type: 'Webinar', published, event })).toBe('March 3, 2026');
    expect(displayDate({ type: 'Whitepaper', published, event })).toBe('Feb. 10, 2026');
    expect(displayDate({ type: 'Article', published: null })).toBeNull();
    expect(formatDateRange(event.startDate, at('2026-03-03T20:00:00Z'))).toBe('March 3, 2026');
  });
});

describe('zoned dates across DST switches', () => {
  it('agrees with Intl for every hour of a year, including the switch days', () => {
    const fmt = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', year: 'numeric', month: 'numeric', day: 'numeric' });
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 2); ms += 3_600_000 + 60_000 * 7) {
      const parts = Object.fromEntries(fmt.formatToParts(ms).map((p) => [p.type, p.value]));
      expect(zonedDate(ms), new Date(ms).toISOString()).toEqual({ year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) });
    }
  });
});
