// A plausible e-mail address, as the reader forms and the API check it (newsletter subscribe, the
// inquiry form). Kept apart so a form's browser chunk does not carry the country list with it.
export const EMAIL_MAX = 254;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** A normalised email (trimmed, lower-case) or null when it is not a plausible address. */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const e = value.trim().toLowerCase();
  return e.length <= EMAIL_MAX && EMAIL.test(e) ? e : null;
}
