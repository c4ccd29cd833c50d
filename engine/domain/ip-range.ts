// IP addresses and CIDR ranges of site-license companies (public §4 "IP license company lookup").
// Every address becomes a 128-bit key written as 32 lower-case hex digits, IPv4 as its IPv4-mapped
// IPv6 form (::ffff:a.b.c.d), so a range is [start, end] and a lookup is two string comparisons
// the database can index. Pure and browser-safe.

export interface IpRange {
  /** The range as entered, normalised: "203.0.113.0/24", "2001:db8::/32". */
  cidr: string;
  start: string;
  end: string;
}

const V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function v4Words(ip: string): number[] | null {
  if (!V4.test(ip)) return null;
  const b = ip.split('.').map(Number) as [number, number, number, number];
  return [(b[0] << 8) | b[1], (b[2] << 8) | b[3]];
}

/** The eight 16-bit words of an IPv6 address (embedded IPv4 tail allowed), or null. */
function v6Words(ip: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(ip) || ip.length > 45) return null;
  const halves = ip.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const groups = part.split(':');
    for (const [i, g] of groups.entries()) {
      if (g.includes('.')) {
        const tail = i === groups.length - 1 ? v4Words(g) : null;
        if (!tail) return null;
        out.push(...tail);
      } else if (/^[0-9a-f]{1,4}$/i.test(g)) out.push(parseInt(g, 16));
      else return null;
    }
    return out;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const fill = 8 - head.length - tail.length;
  return fill >= 1 ? [...head, ...Array<number>(fill).fill(0), ...tail] : null;
}

const hex = (words: number[]) => words.map((w) => w.toString(16).padStart(4, '0')).join('');
const MAPPED_PREFIX = [0, 0, 0, 0, 0, 0xffff];

/** The 32-hex-digit key of an address (IPv4 as IPv4-mapped), or null when it is not an address. */
export function ipKey(address: string | null | undefined): string | null {
  if (typeof address !== 'string') return null;
  const ip = address.trim();
  const v4 = v4Words(ip);
  if (v4) return hex([...MAPPED_PREFIX, ...v4]);
  const v6 = v6Words(ip);
  return v6 ? hex(v6) : null;
}

/** Sets the low `128 - prefix` bits of a key to 0 (start) or 1 (end). */
function bound(key: string, prefix: number, fill: '0' | 'f'): string {
  let bits = '';
  for (const c of key) bits += parseInt(c, 16).toString(2).padStart(4, '0');
  bits = bits.slice(0, prefix) + (fill === '0' ? '0' : '1').repeat(128 - prefix);
  let out = '';
  for (let i = 0; i < 128; i += 4) out += parseInt(bits.slice(i, i + 4), 2).toString(16);
  return out;
}

/**
 * Parses "a.b.c.d", "a.b.c.d/n" (n 0–32), an IPv6 address or "addr/n" (n 0–128). Host bits below
 * the prefix are ignored ("203.0.113.7/24" is 203.0.113.0/24). Returns null for anything else.
 */
export function parseCidr(value: string | null | undefined): IpRange | null {
  if (typeof value !== 'string') return null;
  const m = /^([^/\s]+)(?:\/(\d{1,3}))?$/.exec(value.trim());
  if (!m) return null;
  const address = m[1]!;
  const isV4 = V4.test(address);
  const key = ipKey(address);
  if (!key) return null;
  const max = isV4 ? 32 : 128;
  const bits = m[2] === undefined ? max : Number(m[2]);
  if (!Number.isInteger(bits) || bits > max || (m[2] !== undefined && m[2].length > 1 && m[2].startsWith('0'))) return null;
  const prefix = isV4 ? 96 + bits : bits;
  const start = bound(key, prefix, '0');
  const end = bound(key, prefix, 'f');
  return { cidr: `${formatKey(start, isV4)}/${bits}`, start, end };
}

/** A key written back as an address (IPv4 dotted when asked and mapped, else compressed IPv6). */
export function formatKey(key: string, asV4: boolean): string {
  const words = Array.from({ length: 8 }, (_, i) => parseInt(key.slice(i * 4, i * 4 + 4), 16));
  if (asV4) return [words[6]! >> 8, words[6]! & 255, words[7]! >> 8, words[7]! & 255].join('.');
  // Compress the longest run of two or more zero words.
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (words[i] !== 0) { i++; continue; }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLen) { best = i; bestLen = j - i; }
    i = j;
  }
  const parts = words.map((w) => w.toString(16));
  if (best < 0) return parts.join(':');
  return `${parts.slice(0, best).join(':')}::${parts.slice(best + bestLen).join(':')}`;
}

export function rangeContains(range: Pick<IpRange, 'start' | 'end'>, key: string): boolean {
  return range.start <= key && key <= range.end;
}
