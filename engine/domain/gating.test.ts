import { describe, expect, it } from 'vitest';
import { gatingStatus, gatingType, isBotAgent, isCrawlerAgent, isGatedItem, type GatingReader } from './gating';

const anonymous: GatingReader = { membershipIds: [], signedIn: false, licenseCompany: null, crawler: false };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120';
const member = (ids: number[]): GatingReader => ({ ...anonymous, membershipIds: ids, signedIn: true });
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('gatingType', () => {
  it('is membership when the item lists memberships', () => {
    expect(gatingType({ membershipIds: [7] })).toBe('membership');
  });
  it('is membership for a zmag item even without a list', () => {
    expect(gatingType({ membershipIds: [], isZmag: true })).toBe('membership');
  });
  it('membership wins over a survey type', () => {
    expect(gatingType({ membershipIds: [7], surveyType: 'omeda' })).toBe('membership');
  });
  it('is the survey type otherwise (trimmed)', () => {
    expect(gatingType({ membershipIds: [], surveyType: ' omeda ' })).toBe('omeda');
  });
  it('is null for no memberships and a blank or absent survey type', () => {
    expect(gatingType({ membershipIds: [] })).toBeNull();
    expect(gatingType({ membershipIds: [], surveyType: '  ' })).toBeNull();
    expect(gatingType({ membershipIds: [], surveyType: null })).toBeNull();
  });
});

describe('isGatedItem', () => {
  it('is true for memberships, a survey type or required registration, false otherwise', () => {
    expect(isGatedItem({ membershipIds: [1] })).toBe(true);
    expect(isGatedItem({ membershipIds: [], surveyType: 'omeda' })).toBe(true);
    expect(isGatedItem({ membershipIds: [], registrationRequired: true })).toBe(true);
    expect(isGatedItem({ membershipIds: [] })).toBe(false);
  });
});

describe('crawler and bot agents', () => {
  it('treats a user agent containing Googlebot (any case) as a crawler', () => {
    expect(isCrawlerAgent(GOOGLEBOT)).toBe(true);
    expect(isCrawlerAgent('googlebot-image/1.0')).toBe(true);
  });
  it('does not treat other agents, empty or missing ones as crawlers', () => {
    expect(isCrawlerAgent(BROWSER)).toBe(false);
    expect(isCrawlerAgent('bingbot/2.0')).toBe(false);
    expect(isCrawlerAgent('')).toBe(false);
    expect(isCrawlerAgent(null)).toBe(false);
    expect(isCrawlerAgent(undefined)).toBe(false);
  });
  it('recognises the error-page bot list of public §8', () => {
    for (const ua of ['bingbot/2.0', 'Chrome-Lighthouse', 'facebookexternalhit/1.1', 'Google-InspectionTool/1.0']) expect(isBotAgent(ua), ua).toBe(true);
    expect(isBotAgent(BROWSER)).toBe(false);
    expect(isBotAgent(null)).toBe(false);
  });
});

describe('gatingStatus', () => {
  const gated = { membershipIds: [11, 12] };

  it('passes a reader holding one of the required memberships', () => {
    expect(gatingStatus(gated, member([3, 12]))).toEqual({ type: 'membership', status: 'passed', reason: 'membership', requiredMembershipIds: [11, 12], gated: true, surveyRequired: false });
  });
  it('fails a member holding none of them, and an anonymous reader', () => {
    expect(gatingStatus(gated, member([3]))).toMatchObject({ status: 'failed', reason: 'none' });
    expect(gatingStatus(gated, anonymous)).toMatchObject({ status: 'failed', reason: 'none' });
  });
  it('passes a site-license company matched by IP', () => {
    expect(gatingStatus(gated, { ...anonymous, licenseCompany: 'Acme Freight' })).toMatchObject({ status: 'passed', reason: 'license' });
  });
  it('passes a verified crawler', () => {
    expect(gatingStatus(gated, { ...anonymous, crawler: true })).toMatchObject({ status: 'passed', reason: 'crawler' });
  });
  it('does not pass an unverified reader, whatever it claims to be', () => {
    expect(gatingStatus(gated, { ...anonymous, crawler: false })).toMatchObject({ status: 'failed', reason: 'none' });
  });
  it('uses the free memberships for a zmag item', () => {
    const zmag = { membershipIds: [], isZmag: true };
    expect(gatingStatus(zmag, member([40]), [40, 41])).toMatchObject({ status: 'passed', requiredMembershipIds: [40, 41] });
    expect(gatingStatus(zmag, member([99]), [40])).toMatchObject({ status: 'failed' });
    expect(gatingStatus(zmag, member([40]))).toMatchObject({ status: 'failed', requiredMembershipIds: [] });
  });
  it('passes a signed-in member on a survey-typed item and fails an anonymous reader', () => {
    const survey = { membershipIds: [], surveyType: 'omeda' };
    expect(gatingStatus(survey, member([]))).toMatchObject({ type: 'omeda', status: 'passed', reason: 'registered' });
    expect(gatingStatus(survey, anonymous)).toMatchObject({ type: 'omeda', status: 'failed', reason: 'none' });
  });
  it('with an audience provider: passes a member it knows (survey), fails one it does not (survey required), and registration decides when it did not answer', () => {
    const survey = { membershipIds: [], surveyType: 'omeda' };
    expect(gatingStatus(survey, { ...member([]), surveyCustomer: true })).toMatchObject({ status: 'passed', reason: 'survey', surveyRequired: false });
    expect(gatingStatus(survey, { ...member([]), surveyCustomer: false })).toMatchObject({ status: 'failed', reason: 'none', surveyRequired: true });
    expect(gatingStatus(survey, { ...member([]), surveyCustomer: null })).toMatchObject({ status: 'passed', reason: 'registered' });
    // An anonymous reader registers first; a registration-only item never asks the provider.
    expect(gatingStatus(survey, { ...anonymous, surveyCustomer: false })).toMatchObject({ status: 'failed', surveyRequired: false });
    expect(gatingStatus({ membershipIds: [], registrationRequired: true }, { ...member([]), surveyCustomer: false })).toMatchObject({ status: 'passed', reason: 'registered' });
  });
  it('passes a signed-in member on an item that requires registration and fails an anonymous reader', () => {
    const reg = { membershipIds: [], registrationRequired: true };
    expect(gatingStatus(reg, member([]))).toMatchObject({ type: null, status: 'passed', reason: 'registered', gated: true });
    expect(gatingStatus(reg, anonymous)).toMatchObject({ status: 'failed' });
  });
  it('passes everyone on an open item, with reason open (the meter may still apply)', () => {
    expect(gatingStatus({ membershipIds: [] }, anonymous)).toEqual({ type: null, status: 'passed', reason: 'open', requiredMembershipIds: [], gated: false, surveyRequired: false });
  });
  it('names a crawler or license reason on an open item too (they are never metered)', () => {
    expect(gatingStatus({ membershipIds: [] }, { ...anonymous, crawler: true }).reason).toBe('crawler');
    expect(gatingStatus({ membershipIds: [] }, { ...anonymous, licenseCompany: 'X' }).reason).toBe('license');
  });
});
