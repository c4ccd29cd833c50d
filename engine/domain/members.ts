// Site members (public §3 "Site user info", "Demographic question", §5, §8, §9): the texts the
// member pages show, the constants of sessions and lookups, the common profile fields, demographic
// questions and their form keys (demo_{id}), answer validation and the login redirect rule. The
// API and the hydrated islands share these, so a reader sees the same message either way.
// Browser-safe.

export const MEMBER_TEXTS = {
  loginFailed: 'Please try again or use the reset password link below. If you continue to have issues, please email us at customer service and include browser details.',
  completeRegistration: 'Please complete your registration',
  noMemberships: 'Memberships are not available at this time',
  simulated: 'Successfully signed into {user}',
  demographicsFailed: 'Failed: {message}',
  fieldRequired: 'Field is required',
  registrationSent: 'Check your email: we sent you a link to complete your registration.',
  resetSent: 'If an account exists for that username, we sent a link to reset the password.',
  usernameSent: 'Check the new address: we sent it a link to confirm the change.',
  linkInvalid: 'This link is invalid or has expired.',
  passwordIncorrect: 'The password is incorrect.',
  usernameTaken: 'This username is already in use.',
  captchaFailed: 'We could not confirm that you are not a robot. Please try again.',
} as const;

/** public §9 and §4. */
export const MEMBER_TIMES = {
  loginCookieMs: 30 * 86_400_000,
  simulationCookieMs: 86_400_000,
  userInfoCacheMs: 24 * 3_600_000,
  licenseNotFoundTtlMs: 600_000,
  licenseFoundTtlMs: 86_400_000,
} as const;

/**
 * Set beside the HttpOnly member cookie, with the same lifetime, and cleared with it: not a
 * secret (its value is "1"), readable by the site's scripts, it tells them a member session may
 * exist. Without it an anonymous page load does not ask the API who is reading (an answer that
 * would be a failed 401 request in every anonymous reader's console). Over https it carries the
 * `__Host-` prefix like every cookie the server sets.
 */
export const MEMBER_HINT_COOKIE = 'mh_member_hint';

/** The demographic stream's page size (public §9). */
export const DEMOGRAPHIC_QUERY_LIMIT = 10;

export const SITE_USER_PASSWORD_MIN = 8;
export const SITE_USER_PASSWORD_MAX = 200;

/** Profile fields a membership may require (requiredUserCommonFields), with their form labels. */
export const COMMON_USER_FIELDS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  title: 'Job Title',
  company: 'Company',
  city: 'City',
  postalCode: 'Postal Code',
  region: 'State/Province',
  countryCode: 'Country',
} as const;
export type CommonUserField = keyof typeof COMMON_USER_FIELDS;
export const COMMON_USER_FIELD_NAMES = Object.keys(COMMON_USER_FIELDS) as CommonUserField[];

export function isCommonUserField(name: string): name is CommonUserField {
  return Object.prototype.hasOwnProperty.call(COMMON_USER_FIELDS, name);
}

/** Demographic types (public §3): 1 single select, 2 multi select, 3 text, 5 checkbox, 6 date, 7 and 8 number. */
export const DEMOGRAPHIC_TYPES = { 1: 'single', 2: 'multi', 3: 'text', 5: 'checkbox', 6: 'date', 7: 'number', 8: 'number' } as const;
export type DemographicTypeCode = keyof typeof DEMOGRAPHIC_TYPES;
export const DEMOGRAPHIC_TYPE_CODES = [1, 2, 3, 5, 6, 7, 8] as const;

export function isChoiceType(t: number): boolean {
  return t === 1 || t === 2 || t === 5;
}

/** The form key of a question (public §3): demo_{id}. */
export function demographicKey(questionId: number): string {
  return `demo_${questionId}`;
}

/** The question id of a form key, or null. */
export function questionIdOfKey(key: string): number | null {
  const m = /^demo_(\d{1,9})$/.exec(key);
  return m ? Number(m[1]) : null;
}

export interface DemographicQuestionView {
  id: number;
  demographicType: number;
  description: string;
  values: { id: number }[];
}

export interface DemographicAnswer {
  questionId: number;
  answerIds: number[];
  /** Text, date (YYYY-MM-DD) or number answers. */
  value?: string | undefined;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The message for one answer, or null when it is acceptable. */
function answerProblem(q: DemographicQuestionView, a: DemographicAnswer | undefined, required: boolean): string | null {
  const ids = a?.answerIds ?? [];
  const value = a?.value?.trim() ?? '';
  if (isChoiceType(q.demographicType)) {
    if (ids.length === 0) return required ? MEMBER_TEXTS.fieldRequired : null;
    if (q.demographicType === 1 && ids.length > 1) return 'Choose one option';
    if (new Set(ids).size !== ids.length) return 'Each option may be chosen once';
    if (ids.some((id) => !q.values.some((v) => v.id === id))) return 'Please choose one of the options';
    return null;
  }
  if (ids.length > 0) return 'Must be a written answer, not options';
  if (!value) return required ? MEMBER_TEXTS.fieldRequired : null;
  if (value.length > 500) return 'At most 500 characters';
  if (q.demographicType === 6 && !validDate(value)) return 'Must be a date like 2026-01-31';
  if ((q.demographicType === 7 || q.demographicType === 8) && !/^-?\d{1,15}(\.\d{1,6})?$/.test(value)) return 'Must be a number';
  return null;
}

/**
 * Checks answers against the questions: every required question answered, every answer to a known
 * question with valid options or a valid value. Errors are keyed by form key (demo_{id}).
 */
export function validateDemographicAnswers(
  questions: readonly DemographicQuestionView[], answers: readonly DemographicAnswer[], requiredIds: readonly number[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  for (const a of answers) {
    const q = byId.get(a.questionId);
    if (!q) { errors[demographicKey(a.questionId)] = 'Unknown question'; continue; }
    if (seen.has(a.questionId)) { errors[demographicKey(a.questionId)] = 'Answered twice'; continue; }
    seen.add(a.questionId);
    const problem = answerProblem(q, a, requiredIds.includes(q.id));
    if (problem) errors[demographicKey(q.id)] = problem;
  }
  for (const id of requiredIds) {
    if (seen.has(id)) continue;
    const q = byId.get(id);
    if (q) errors[demographicKey(id)] = MEMBER_TEXTS.fieldRequired;
  }
  return errors;
}

/**
 * The target after login or registration (public §5): a missing or empty redirectTo means '/';
 * only same-site paths are accepted (a single leading slash, no scheme, no backslash, no control
 * characters); anything else becomes '/'.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string') return '/';
  const v = value.trim();
  if (!v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return '/';
  if (v.includes('\\') || hasControlChars(v) || v.length > 2000) return '/';
  return v;
}

/** True when `s` holds a C0 control character or DEL (line breaks included). */
export function hasControlChars(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** The welcome after a staff member signs in as a member (public §8). */
export function simulatedText(user: string): string {
  return MEMBER_TEXTS.simulated.replace('{user}', user);
}
