import { describe, expect, it } from 'vitest';
import {
  demographicKey, MEMBER_TEXTS, questionIdOfKey, safeRedirectPath, simulatedText, validateDemographicAnswers, type DemographicQuestionView,
} from './members';

describe('safeRedirectPath', () => {
  it('means / for a missing or empty target', () => {
    expect(safeRedirectPath(undefined)).toBe('/');
    expect(safeRedirectPath('')).toBe('/');
    expect(safeRedirectPath('   ')).toBe('/');
  });
  it('keeps same-site paths with their query', () => {
    expect(safeRedirectPath('/markets/ocean?x=1#a')).toBe('/markets/ocean?x=1#a');
  });
  it('refuses other sites, schemes and tricks', () => {
    for (const bad of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', '/a\nb', 'markets', 42]) {
      expect(safeRedirectPath(bad), String(bad)).toBe('/');
    }
  });
});

describe('demographic form keys', () => {
  it('are demo_{id} both ways', () => {
    expect(demographicKey(12)).toBe('demo_12');
    expect(questionIdOfKey('demo_12')).toBe(12);
    expect(questionIdOfKey('demo_x')).toBeNull();
    expect(questionIdOfKey('firstName')).toBeNull();
  });
});

describe('validateDemographicAnswers', () => {
  const qs: DemographicQuestionView[] = [
    { id: 1, demographicType: 1, description: 'Industry', values: [{ id: 10 }, { id: 11 }] },
    { id: 2, demographicType: 2, description: 'Interests', values: [{ id: 20 }, { id: 21 }] },
    { id: 3, demographicType: 3, description: 'Notes', values: [] },
    { id: 5, demographicType: 5, description: 'Agree', values: [{ id: 50 }] },
    { id: 6, demographicType: 6, description: 'Start', values: [] },
    { id: 7, demographicType: 7, description: 'Staff', values: [] },
  ];
  it('accepts valid answers of every type', () => {
    expect(validateDemographicAnswers(qs, [
      { questionId: 1, answerIds: [10] }, { questionId: 2, answerIds: [20, 21] }, { questionId: 3, answerIds: [], value: 'hello' },
      { questionId: 5, answerIds: [50] }, { questionId: 6, answerIds: [], value: '2026-02-28' }, { questionId: 7, answerIds: [], value: '250' },
    ], [1, 2, 3, 5, 6, 7])).toEqual({});
  });
  it('names each bad answer by its form key', () => {
    expect(validateDemographicAnswers(qs, [
      { questionId: 1, answerIds: [10, 11] }, { questionId: 2, answerIds: [99] }, { questionId: 3, answerIds: [1] },
      { questionId: 6, answerIds: [], value: '2026-02-30' }, { questionId: 7, answerIds: [], value: 'many' }, { questionId: 42, answerIds: [1] },
    ], [])).toEqual({
      demo_1: 'Choose one option', demo_2: 'Please choose one of the options', demo_3: 'Must be a written answer, not options',
      demo_6: 'Must be a date like 2026-01-31', demo_7: 'Must be a number', demo_42: 'Unknown question',
    });
  });
  it('requires the required questions, and allows optional ones to be left out', () => {
    expect(validateDemographicAnswers(qs, [{ questionId: 3, answerIds: [], value: ' ' }], [1, 3])).toEqual({ demo_1: MEMBER_TEXTS.fieldRequired, demo_3: MEMBER_TEXTS.fieldRequired });
    expect(validateDemographicAnswers(qs, [{ questionId: 2, answerIds: [] }], [])).toEqual({});
  });
  it('refuses duplicate options and a question answered twice', () => {
    expect(validateDemographicAnswers(qs, [{ questionId: 2, answerIds: [20, 20] }], [])).toEqual({ demo_2: 'Each option may be chosen once' });
    expect(validateDemographicAnswers(qs, [{ questionId: 1, answerIds: [10] }, { questionId: 1, answerIds: [11] }], [])).toEqual({ demo_1: 'Answered twice' });
  });
});

describe('texts', () => {
  it('carries the spec wording', () => {
    expect(MEMBER_TEXTS.loginFailed).toBe('Please try again or use the reset password link below. If you continue to have issues, please email us at customer service and include browser details.');
    expect(simulatedText('ann@example.com')).toBe('Successfully signed into ann@example.com');
  });
});
