// Password strength by zxcvbn (with its common-password, diceware and English dictionaries). Node
// only: the dictionaries are several megabytes, so the admin and site bundles never import this;
// the API checks passwords server-side and answers with zxcvbn's own feedback.
import { createRequire } from 'node:module';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';

type Common = typeof import('@zxcvbn-ts/language-common');
type English = typeof import('@zxcvbn-ts/language-en');
// The dictionaries load on the first check, not with the module: every CLI command and API start
// imports this file, and only password changes need them (issue 25, start-up). Synchronous on
// purpose (their CommonJS builds), so the check stays a plain function for the zod schemas.
const load = createRequire(import.meta.url);

/**
 * The lowest zxcvbn score (0–4) accepted. Staff: 3, "safely unguessable" (10^8 guesses or more).
 * Members: 2, "safe from throttled online guessing" (10^6 or more); zxcvbn prices any 8-character
 * string at no more than 10^8 guesses, so 3 would silently raise the members' minimum of 8.
 */
export const MIN_PASSWORD_SCORE = { staff: 3, member: 2 } as const;
export type PasswordAudience = keyof typeof MIN_PASSWORD_SCORE;

/** Characters the estimate looks at; what follows can only add strength it does not count. */
export const EVALUATED_LENGTH = 64;

let factory: ZxcvbnFactory | undefined;
// Built on first use: loading the dictionaries takes a few hundred milliseconds.
const estimator = () => (factory ??= newFactory());

function newFactory(): ZxcvbnFactory {
  const common = load('@zxcvbn-ts/language-common') as Common;
  const en = load('@zxcvbn-ts/language-en') as English;
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    // The estimate's cost grows steeply with length and l33t variants (seconds for a 200-character
    // input with the defaults): judge the first 64 characters, trying at most 16 substitutions, which
    // keeps one check in the order of an scrypt hash.
    maxLength: EVALUATED_LENGTH,
    l33tMaxSubstitutions: 16,
  });
}

/** Why `password` is too easy to guess, in zxcvbn's words, or null when it is strong enough. */
export function passwordWeakness(password: string, audience: PasswordAudience): string | null {
  const result = estimator().check(password);
  if (result.score >= MIN_PASSWORD_SCORE[audience]) return null;
  const { warning, suggestions } = result.feedback;
  const reasons = [warning, ...suggestions].filter((s): s is string => typeof s === 'string' && s.length > 0);
  return `Too easy to guess${reasons.length ? `: ${reasons.join(' ')}` : '; add more words or characters'}`;
}
