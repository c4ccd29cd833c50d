// Rules every text a client sends must pass, whatever the field: no NUL character and no unpaired
// UTF-16 surrogate (neither survives storage, URLs or JSON on the way out unchanged), and JSON
// values nested no deeper than MAX_INPUT_DEPTH (deeper ones exhaust recursive code further on).
// Pure and browser-safe; the API applies them once to every mutation's arguments.

/** Levels of objects and lists below the arguments root that an input may nest. */
export const MAX_INPUT_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be accepted, or null when it can. */
export function badTextReason(text: string): string | null {
  if (text.includes('\u0000')) return 'Must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'Must not contain unpaired surrogates (broken UTF-16)';
  return null;
}

export type InputProblem =
  | { kind: 'text'; path: (string | number)[]; message: string }
  | { kind: 'depth'; path: (string | number)[] };

/**
 * The first problem in `value` (strings, object keys, nested objects and lists), with the path
 * where it sits. Stops descending at `maxDepth`, so its own recursion is bounded too.
 */
export function findInputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH, path: (string | number)[] = []): InputProblem | null {
  if (typeof value === 'string') {
    const message = badTextReason(value);
    return message ? { kind: 'text', path, message } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= maxDepth) return { kind: 'depth', path };
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const p = findInputProblem(v, maxDepth, [...path, i]);
      if (p) return p;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const message = badTextReason(k);
    if (message) return { kind: 'text', path, message: `Key: ${message}` };
    const p = findInputProblem(v, maxDepth, [...path, k]);
    if (p) return p;
  }
  return null;
}
