// Test support: a real SMTP server in-process (smtp-server) on a loopback port, collecting what
// arrives, and `parseMail`, which reads a message with `mailparser` when that package is installed
// and with the small reader in mime.ts otherwise. Only tests import this file.
import { SMTPServer } from 'smtp-server';
import { parseMime, type ParsedMail } from './mime';

export type { ParsedMail } from './mime';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for createMailer({ transport: 'smtp', url }). */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves once at least `n` messages have arrived; rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

type SimpleParser = (raw: Buffer) => Promise<{
  subject?: string; from?: { text: string }; to?: { value: { address?: string }[] } | { value: { address?: string }[] }[];
  html?: string | false; text?: string; headerLines: { key: string; line: string }[];
}>;

let parser: SimpleParser | null | undefined;
async function loadMailparser(): Promise<SimpleParser | null> {
  if (parser !== undefined) return parser;
  const name = 'mailparser';
  try {
    const mod = await import(/* @vite-ignore */ name);
    parser = (mod.simpleParser ?? mod.default?.simpleParser) as SimpleParser;
  } catch {
    parser = null;
  }
  return parser;
}

/** Parses a raw message as a mail client would; header values are unfolded strings. */
export async function parseMail(raw: string | Buffer): Promise<ParsedMail> {
  const simple = await loadMailparser();
  if (!simple) return parseMime(raw);
  const m = await simple(typeof raw === 'string' ? Buffer.from(raw) : raw);
  const headers = new Map<string, string>();
  for (const h of m.headerLines) {
    if (headers.has(h.key)) continue;
    const line = h.line.replace(/\r?\n[ \t]+/g, ' ');
    headers.set(h.key, parseMime(`${line}\r\n\r\n`).headers.get(h.key) ?? line.slice(line.indexOf(':') + 1).trim());
  }
  const toList = m.to ? (Array.isArray(m.to) ? m.to : [m.to]).flatMap((t) => t.value.map((v) => (v.address ?? '').toLowerCase())) : [];
  return { subject: m.subject ?? '', from: m.from?.text ?? '', to: toList, html: m.html || '', text: m.text ?? '', headers };
}

/** Which parser parseMail uses, for test output. */
export async function mailParserName(): Promise<'mailparser' | 'built-in'> {
  return (await loadMailparser()) ? 'mailparser' : 'built-in';
}

export async function startTestSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS lookup of 127.0.0.1 per connection (slow where DNS is unreachable).
    disableReverseLookup: true,
    size: 20 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        parseMail(raw).then((parsed) => {
          messages.push({ envelope, raw, parsed });
          for (const w of waiters.splice(0)) w();
          callback();
        }, (e: Error) => callback(e));
      });
    },
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => ok());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(n, timeoutMs = 10_000) {
      return new Promise((ok, fail) => {
        const timer = setTimeout(() => fail(new Error(`expected ${n} messages, got ${messages.length} within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          if (messages.length >= n) {
            clearTimeout(timer);
            ok(messages);
          } else {
            waiters.push(check);
          }
        };
        check();
      });
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
