// Password strength by zxcvbn (with its common-password, diceware and English dictionaries). Node
// only: the dictionaries are several megabytes, so the admin and site bundles never import this;
// the API checks passwords server-side and answers with zxcvbn's own feedback.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/** The lowest zxcvbn score (0–4) accepted: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
// Built on first use: loading the dictionaries takes a few hundred milliseconds.
const estimator = () => (factory ??= new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
}));

/**
 * Why `password` is too easy to guess, in zxcvbn's words, or null when it is strong enough.
 * `context` holds words an attacker would try first for this account (username, e-mail, site name).
 */
export function passwordWeakness(password: string, context: readonly string[] = []): string | null {
  const result = estimator().check(password, context.filter((w) => w.length > 0));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  const reasons = [warning, ...suggestions].filter((s): s is string => typeof s === 'string' && s.length > 0);
  return `Too easy to guess${reasons.length ? `: ${reasons.join(' ')}` : '; add more words or characters'}`;
}
