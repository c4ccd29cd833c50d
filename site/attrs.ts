// React's server renderer writes some attributes in camelCase (dateTime, autoComplete), which
// HTML accepts but validators flag. These helpers pass the lower-case names through unchanged.

/** Spread onto <time>: `<time {...datetime(value)}>`. */
export function datetime(value: string | null | undefined): object {
  return value ? { datetime: value } : {};
}

/** Spread onto <input>: `<input {...autocomplete('email')} />`. */
export function autocomplete(value: string): object {
  return { autocomplete: value };
}
