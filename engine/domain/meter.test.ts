import { describe, expect, it } from 'vitest';
import { gatingStatus, type GatingResult } from './gating';
import {
  BLOCKS_HIDDEN_WHEN_LOCKED, currentMeter, decideAccess, DEFAULT_METER_TEXT, formatMeterDate, freshMeter, hiddenBlocks,
  isMeterPassed, MAX_METERED_VIEWS, meterAppliesTo, meterCoversItem, meterStatusOf, meterText, recordView, showsGatingForm,
  viewsRemaining, type MeterSettings, type MeterState,
} from './meter';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-10T15:00:00Z');
const settings: MeterSettings = { enabled: true, numberOfFreeViews: 3, meteringPeriod: 30, exemptContentTypes: ['Page'], exemptSectionIds: [9] };
const state = (over: Partial<MeterState> = {}): MeterState => ({ ...freshMeter(settings, T0), ...over });

describe('meterCoversItem', () => {
  it('covers an item when metering is on and neither its type nor a section is exempt', () => {
    expect(meterCoversItem(settings, { type: 'Article', sectionIds: [1, 2] })).toBe(true);
  });
  it('does not cover anything when metering is off', () => {
    expect(meterCoversItem({ ...settings, enabled: false }, { type: 'Article', sectionIds: [1] })).toBe(false);
  });
  it('does not cover an exempt content type', () => {
    expect(meterCoversItem(settings, { type: 'Page', sectionIds: [1] })).toBe(false);
  });
  it('does not cover an item in an exempt section (primary or scheduled)', () => {
    expect(meterCoversItem(settings, { type: 'Article', sectionIds: [1, 9] })).toBe(false);
  });
});

describe('meterStatusOf', () => {
  it('is passed-metered-more while views remain', () => {
    expect(meterStatusOf(state({ views: 2 }))).toBe('passed-metered-more');
  });
  it('is passed-metered-out at exactly 0 remaining', () => {
    expect(meterStatusOf(state({ views: 3 }))).toBe('passed-metered-out');
  });
  it('is failed-metered below 0 and with no meter', () => {
    expect(meterStatusOf(state({ views: 4 }))).toBe('failed-metered');
    expect(meterStatusOf(null)).toBe('failed-metered');
  });
  it('isMeterPassed is true for the two passed statuses only', () => {
    expect(isMeterPassed('passed-metered-more')).toBe(true);
    expect(isMeterPassed('passed-metered-out')).toBe(true);
    expect(isMeterPassed('failed-metered')).toBe(false);
  });
});

describe('freshMeter and currentMeter', () => {
  it('creates a meter that expires meteringPeriod days after the first view', () => {
    expect(freshMeter(settings, T0)).toEqual({ views: 0, startTime: T0, expirationTime: T0 + 30 * DAY, numberOfFreeViews: 3, meteringPeriod: 30, viewedItems: [] });
  });
  it('caps the allowance so the cookie stays small', () => {
    expect(freshMeter({ ...settings, numberOfFreeViews: 1000 }, T0).numberOfFreeViews).toBe(MAX_METERED_VIEWS);
  });
  it('keeps a running meter and replaces a missing, expired or future-dated one', () => {
    const s = state({ views: 1, viewedItems: [5] });
    expect(currentMeter(settings, s, T0 + DAY)).toBe(s);
    expect(currentMeter(settings, null, T0).views).toBe(0);
    expect(currentMeter(settings, s, T0 + 30 * DAY)).toEqual(freshMeter(settings, T0 + 30 * DAY));
    expect(currentMeter(settings, s, T0 - 1)).toEqual(freshMeter(settings, T0 - 1));
  });
});

describe('recordView', () => {
  it('creates the meter on the first view and counts it', () => {
    const r = recordView(settings, null, 101, T0);
    expect(r).toMatchObject({ status: 'passed-metered-more', counted: true, changed: true });
    expect(r.state).toMatchObject({ views: 1, viewedItems: [101], startTime: T0 });
  });
  it('counts each distinct item once', () => {
    const once = recordView(settings, null, 101, T0).state;
    const again = recordView(settings, once, 101, T0 + 1000);
    expect(again).toMatchObject({ counted: false, changed: false, status: 'passed-metered-more' });
    expect(again.state).toBe(once);
  });
  it('reaches passed-metered-out on the last free view', () => {
    let s: MeterState | null = null;
    for (const id of [1, 2]) s = recordView(settings, s, id, T0).state;
    const last = recordView(settings, s, 3, T0);
    expect(last).toMatchObject({ status: 'passed-metered-out', counted: true });
    expect(viewsRemaining(last.state)).toBe(0);
  });
  it('refuses a new item past the allowance without counting it', () => {
    const full = state({ views: 3, viewedItems: [1, 2, 3] });
    const r = recordView(settings, full, 4, T0 + DAY);
    expect(r).toMatchObject({ status: 'failed-metered', counted: false, changed: false });
    expect(r.state).toBe(full);
  });
  it('keeps items already read this period readable after the wall', () => {
    const full = state({ views: 3, viewedItems: [1, 2, 3] });
    expect(recordView(settings, full, 2, T0 + DAY).status).toBe('passed-metered-out');
  });
  it('starts over once the period has ended', () => {
    const full = state({ views: 3, viewedItems: [1, 2, 3] });
    const r = recordView(settings, full, 4, T0 + 31 * DAY);
    expect(r).toMatchObject({ status: 'passed-metered-more', counted: true });
    expect(r.state).toMatchObject({ views: 1, viewedItems: [4], startTime: T0 + 31 * DAY });
  });
  it('fails the first view when the allowance is 0 but still creates the meter', () => {
    const r = recordView({ ...settings, numberOfFreeViews: 0 }, null, 1, T0);
    expect(r).toMatchObject({ status: 'failed-metered', counted: false, changed: true });
    expect(r.state.views).toBe(0);
  });
  it('keeps the allowance the meter was created with until it expires', () => {
    const s = recordView(settings, null, 1, T0).state;
    const r = recordView({ ...settings, numberOfFreeViews: 1 }, s, 2, T0 + DAY);
    expect(r).toMatchObject({ status: 'passed-metered-more', counted: true });
  });
});

describe('meterText', () => {
  const s = state({ views: 1, viewedItems: [1], expirationTime: Date.parse('2026-04-09T15:00:00Z') });
  it('replaces the four placeholders, the date as MM/dd/yyyy', () => {
    expect(meterText('{viewsRemaining} left of {allowedViews} ({views} read) until {expirationDate}', s)).toBe('2 left of 3 (1 read) until 04/09/2026');
  });
  it('uses the default text when none is configured', () => {
    expect(meterText(undefined, s)).toBe('You have 2 of 3 free articles remaining until 04/09/2026.');
    expect(meterText('  ', s)).toBe(meterText(DEFAULT_METER_TEXT, s));
  });
  it('leaves unknown placeholders and never shows negative remaining views', () => {
    expect(meterText('{viewsRemaining} {other}', state({ views: 5 }))).toBe('0 {other}');
  });
  it('formats the date in the site time zone (late UTC evening is still the same Chicago day)', () => {
    expect(formatMeterDate(Date.parse('2026-01-02T03:00:00Z'))).toBe('01/01/2026');
  });
});

describe('hiddenBlocks and showsGatingForm', () => {
  it('hides the §4 blocks when gating and the meter failed and the type is not omeda', () => {
    expect(hiddenBlocks('failed', 'failed-metered', 'membership')).toEqual([...BLOCKS_HIDDEN_WHEN_LOCKED]);
    expect(hiddenBlocks('failed', null, null)).toEqual([...BLOCKS_HIDDEN_WHEN_LOCKED]);
  });
  it('hides nothing for the omeda type, when gating passed, or when the meter passed', () => {
    expect(hiddenBlocks('failed', 'failed-metered', 'omeda')).toEqual([]);
    expect(hiddenBlocks('passed', 'failed-metered', 'membership')).toEqual([]);
    expect(hiddenBlocks('failed', 'passed-metered-out', 'membership')).toEqual([]);
  });
  it('shows the gating form only when gating passed and the meter failed', () => {
    expect(showsGatingForm('passed', 'failed-metered')).toBe(true);
    expect(showsGatingForm('passed', 'passed-metered-more')).toBe(false);
    expect(showsGatingForm('passed', null)).toBe(false);
    expect(showsGatingForm('failed', 'failed-metered')).toBe(false);
  });
});

describe('meterAppliesTo and decideAccess', () => {
  const anon = { membershipIds: [], signedIn: false, licenseCompany: null, crawler: false };
  const open = gatingStatus({ membershipIds: [] }, anon);
  const locked = gatingStatus({ membershipIds: [5] }, anon);
  const survey = gatingStatus({ membershipIds: [], surveyType: 'omeda' }, anon);
  const member = gatingStatus({ membershipIds: [5] }, { ...anon, signedIn: true, membershipIds: [5] });

  it('applies the meter to an anonymous reader of a covered open item only', () => {
    expect(meterAppliesTo(open, true, false)).toBe(true);
    expect(meterAppliesTo(open, false, false)).toBe(false);
    expect(meterAppliesTo(open, true, true)).toBe(false);
    expect(meterAppliesTo(locked, true, false)).toBe(false);
    expect(meterAppliesTo(gatingStatus({ membershipIds: [] }, { ...anon, licenseCompany: 'X' }), true, false)).toBe(false);
  });
  it('lets a reader read an open item with no meter or a passed meter', () => {
    expect(decideAccess(open, null)).toEqual({ canRead: true, gate: 'none', meterStatus: null, hiddenBlocks: [], showGatingForm: false });
    expect(decideAccess(open, 'passed-metered-out')).toMatchObject({ canRead: true, gate: 'none', hiddenBlocks: [] });
  });
  it('puts up the gating form and hides the blocks at the meter wall', () => {
    expect(decideAccess(open, 'failed-metered')).toEqual({
      canRead: false, gate: 'gating-form', meterStatus: 'failed-metered', hiddenBlocks: [...BLOCKS_HIDDEN_WHEN_LOCKED], showGatingForm: true,
    });
  });
  it('shows join/login for a failed membership gate and the gating form for a failed survey gate', () => {
    expect(decideAccess(locked, null)).toMatchObject({ canRead: false, gate: 'join-login', hiddenBlocks: [...BLOCKS_HIDDEN_WHEN_LOCKED], showGatingForm: false });
    expect(decideAccess(survey, null)).toMatchObject({ canRead: false, gate: 'gating-form', hiddenBlocks: [] });
  });
  it('sends a signed-in reader the audience provider does not know to its survey', () => {
    const unknown = gatingStatus({ membershipIds: [], surveyType: 'omeda' }, { ...anon, signedIn: true, surveyCustomer: false });
    expect(decideAccess(unknown, null)).toMatchObject({ canRead: false, gate: 'survey', hiddenBlocks: [], showGatingForm: false });
  });
  it('lets a member with the membership read', () => {
    expect(decideAccess(member, null)).toMatchObject({ canRead: true, gate: 'none' });
  });
  it('never lets a failed gate through, whatever the meter says', () => {
    const r = decideAccess(locked as GatingResult, 'passed-metered-more');
    expect(r.canRead).toBe(false);
    expect(r.hiddenBlocks).toEqual([]);
  });
});
