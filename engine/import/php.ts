// PHP's serialize() format, as WordPress stores arrays in postmeta (`_wp_attachment_metadata`,
// plugin settings): read by a parser, never evaluated. Objects (`O:8:"stdClass":…`) come out as
// plain objects with their class name under `__class`; nothing is instantiated or called. String
// lengths count UTF-8 bytes; a length that does not match (an export whose text was re-encoded or
// search-and-replaced) is tolerated when the string's closing `";` is unambiguous.

export type PhpValue = null | boolean | number | string | PhpValue[] | { [key: string]: PhpValue };

export class PhpParseError extends Error {
  constructor(message: string, readonly offset: number) { super(`${message} at byte ${offset}`); this.name = 'PhpParseError'; }
}

/** True when the text looks like a serialized value (WordPress's is_serialized, roughly). */
export function isSerialized(text: string): boolean {
  const t = text.trim();
  return t === 'N;' || /^(?:[bid]:[^;]*;|s:\d+:".*";|[aO]:\d+:)/s.test(t);
}

/** Parses one serialized value; throws PhpParseError on anything else. */
export function unserialize(text: string): PhpValue {
  const buf = Buffer.from(text.trim(), 'utf8');
  let i = 0;
  const fail = (m: string): never => { throw new PhpParseError(m, i); };
  const expect = (ch: string) => { if (buf[i] !== ch.charCodeAt(0)) fail(`expected "${ch}"`); i += 1; };
  const until = (ch: string) => {
    const end = buf.indexOf(ch, i);
    if (end < 0) fail(`expected "${ch}"`);
    const s = buf.toString('utf8', i, end);
    i = end + 1;
    return s;
  };
  const count = () => {
    const n = until(':');
    if (!/^\d+$/.test(n)) fail(`bad length ${JSON.stringify(n)}`);
    return Number(n);
  };
  const str = (): string => {
    const len = count();
    expect('"');
    if (buf[i + len] === 0x22 && (buf[i + len + 1] === 0x3b || buf[i + len + 1] === 0x3a || buf[i + len + 1] === 0x7d || i + len + 1 >= buf.length)) {
      const s = buf.toString('utf8', i, i + len);
      i += len + 1;
      return s;
    }
    // The byte count is wrong: take the text up to the next `";` (or `":` for a class name).
    const end = buf.indexOf('";', i);
    if (end < 0) fail('unterminated string');
    const s = buf.toString('utf8', i, end);
    i = end + 1;
    return s;
  };
  const depthLimit = 64;
  const value = (depth: number): PhpValue => {
    if (depth > depthLimit) fail('nested too deeply');
    const t = String.fromCharCode(buf[i] ?? 0);
    i += 1;
    if (t === 'N') { expect(';'); return null; }
    expect(':');
    switch (t) {
      case 'b': { const v = until(';'); if (v !== '0' && v !== '1') fail('bad boolean'); return v === '1'; }
      case 'i':
      case 'd': {
        const v = until(';');
        const n = v === 'INF' ? Infinity : v === '-INF' ? -Infinity : v === 'NAN' ? NaN : Number(v);
        if (!/^(?:-?\d+(?:\.\d+)?(?:E[+-]?\d+)?|-?INF|NAN)$/i.test(v)) fail(`bad number ${JSON.stringify(v)}`);
        return n;
      }
      case 's': { const s = str(); expect(';'); return s; }
      case 'a':
      case 'O': {
        let cls: string | undefined;
        if (t === 'O') { cls = str(); expect(':'); }
        const n = count();
        expect('{');
        const entries: [string | number, PhpValue][] = [];
        for (let k = 0; k < n; k++) {
          const key = value(depth + 1);
          if (typeof key !== 'string' && typeof key !== 'number') fail('bad array key');
          entries.push([key as string | number, value(depth + 1)]);
        }
        expect('}');
        const isList = !cls && entries.every(([key], idx) => key === idx);
        if (isList) return entries.map(([, v]) => v);
        const obj: { [key: string]: PhpValue } = Object.create(null) as { [key: string]: PhpValue };
        if (cls) obj.__class = cls;
        // Private and protected property names carry NUL-delimited prefixes; keep the bare name.
        for (const [key, v] of entries) obj[String(key).replace(/^\0[^\0]*\0/, '')] = v;
        return obj;
      }
      default:
        return fail(`unknown type "${t}"`);
    }
  };
  const out = value(0);
  if (i !== buf.length) fail('trailing text');
  return out;
}

/** The value of a postmeta field: parsed when serialized (undefined when it cannot be), else the text. */
export function metaValue(text: string | undefined): PhpValue | undefined {
  if (text === undefined) return undefined;
  if (!isSerialized(text)) return text;
  try { return unserialize(text); } catch { return undefined; }
}
