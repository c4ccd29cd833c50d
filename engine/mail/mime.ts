// A small reader of the MIME messages nodemailer writes (multipart, quoted-printable, base64,
// RFC 2047 encoded words), for tests and the outbox viewer. Tests prefer `mailparser` when it is
// installed (see testing.ts); this keeps them runnable without it.

export interface ParsedMail {
  subject: string;
  from: string;
  to: string[];
  html: string;
  text: string;
  /** Unfolded, decoded header values by lower-case name (the first occurrence). */
  headers: Map<string, string>;
}

interface Part { headers: Map<string, string>; body: string }

function splitHead(raw: string): { head: string; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  return m ? { head: raw.slice(0, m.index), body: raw.slice(m.index + m[0].length) } : { head: raw, body: '' };
}

function readHeaders(head: string): Map<string, string> {
  const out = new Map<string, string>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    if (!out.has(name)) out.set(name, decodeWords(line.slice(i + 1).trim()));
  }
  return out;
}

function bytesToText(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function qpBytes(s: string, header = false): Buffer {
  const text = header ? s.replace(/_/g, ' ') : s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 encoded words; whitespace between adjacent encoded words is dropped. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?[^?]+\?[QqBb]\?[^?]*\?=)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, charset: string, enc: string, text: string) =>
      bytesToText(enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qpBytes(text, true), charset.split('*')[0] ?? 'utf-8'));
}

function param(value: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return m ? (m[1] ?? m[2]) : undefined;
}

function leaves(part: Part, out: { type: string; text: string }[]): void {
  const ctype = part.headers.get('content-type') ?? 'text/plain';
  const type = ctype.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(ctype, 'boundary');
    if (!boundary) return;
    const chunks = part.body.split(`--${boundary}`).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      const { head, body } = splitHead(chunk.replace(/^\r?\n/, ''));
      leaves({ headers: readHeaders(head), body: body.replace(/\r?\n$/, '') }, out);
    }
    return;
  }
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes = encoding === 'base64' ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
    : encoding === 'quoted-printable' ? qpBytes(part.body) : Buffer.from(part.body, 'utf8');
  out.push({ type, text: bytesToText(bytes, param(ctype, 'charset') ?? 'utf-8') });
}

function addressList(value: string | undefined): string[] {
  if (!value) return [];
  return value.split(',').map((a) => (/<([^>]+)>/.exec(a)?.[1] ?? a).trim().toLowerCase()).filter(Boolean);
}

/** Parses a raw RFC 5322 message. */
export function parseMime(raw: string | Buffer): ParsedMail {
  const text = typeof raw === 'string' ? raw : raw.toString('utf8');
  const { head, body } = splitHead(text);
  const headers = readHeaders(head);
  const parts: { type: string; text: string }[] = [];
  leaves({ headers, body }, parts);
  return {
    subject: headers.get('subject') ?? '',
    from: headers.get('from') ?? '',
    to: addressList(headers.get('to')),
    html: parts.find((p) => p.type === 'text/html')?.text ?? '',
    text: parts.find((p) => p.type === 'text/plain')?.text ?? '',
    headers,
  };
}
