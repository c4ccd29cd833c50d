// The one mailer of Masthead: newsletters, member registration and password mails all go through
// `Mailer.send`. Two transports: SMTP through nodemailer (settings passed in from config) and a
// development outbox that writes each message as an .eml file to a folder. Nothing here reads the
// environment; cli/ resolves the settings and passes them in.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createTransport } from 'nodemailer';
import { z } from 'zod';
import { AppError } from '../domain/errors';

export interface MailMessage {
  to: string | string[];
  /** "Name <address>" or an address; the mailer's default sender when absent or empty. */
  from?: string | undefined;
  subject: string;
  html?: string | undefined;
  text?: string | undefined;
  /** Extra headers (e.g. List-Unsubscribe). Names are header tokens; values are one line. */
  headers?: Record<string, string> | undefined;
  replyTo?: string | undefined;
  /** The Message-ID to carry ("<local@domain>"; default a new one): a message sent again keeps its own. */
  messageId?: string | undefined;
}

export interface SentMail {
  messageId: string;
  accepted: string[];
  rejected: string[];
  /** The .eml file written (outbox transport only). */
  file?: string;
}

/** The outcome of the mailer's most recent send (shown on /admin/system). */
export interface LastSend { at: number; ok: boolean; error?: string }

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** The most recent send's time and outcome, null before the first (createMailer's mailers keep it). */
  readonly lastSend?: LastSend | null;
  send(message: MailMessage): Promise<SentMail>;
  /** Closes pooled connections; the mailer is unusable afterwards. */
  close(): Promise<void>;
}

/** DKIM signing (RFC 8058 asks for a signature covering List-Unsubscribe and List-Unsubscribe-Post). */
const dkimSchema = z.strictObject({
  domainName: z.string().regex(/^[a-z0-9.-]+$/i, 'Must be a domain name'),
  keySelector: z.string().regex(/^[a-z0-9._-]+$/i, 'Must be a DNS label'),
  privateKey: z.string().includes('PRIVATE KEY', { message: 'Must be a PEM private key' }),
});

export const mailConfigSchema = z.discriminatedUnion('transport', [
  z.strictObject({
    transport: z.literal('smtp'),
    /** smtp://user:pass@host:587 or smtps://…:465; nodemailer query options (e.g. ?pool=true) allowed. */
    url: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'Must be an smtp:// or smtps:// URL'),
    defaultFrom: z.string().min(3),
    dkim: dkimSchema.optional(),
  }),
  z.strictObject({
    transport: z.literal('outbox'),
    dir: z.string().min(1),
    defaultFrom: z.string().min(3),
    dkim: dkimSchema.optional(),
  }),
]);
type Dkim = z.output<typeof dkimSchema>;

/** nodemailer's default signed headers plus List-Unsubscribe-Post. */
const DKIM_HEADERS = 'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:'
  + 'In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive';
export type MailConfig = z.input<typeof mailConfigSchema>;

const HEADER_NAME = /^[A-Za-z0-9-]{1,76}$/;
/** Headers a caller may not set: nodemailer builds them from the message's own fields. */
const RESERVED = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'content-type', 'content-transfer-encoding', 'mime-version', 'message-id', 'date']);

/** Refuses header names that are not tokens, reserved names and values with line breaks (header injection). */
export function checkHeaders(headers: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!HEADER_NAME.test(name) || RESERVED.has(name.toLowerCase())) throw new AppError('BAD_USER_INPUT', { field: `headers.${name}`, message: 'Must be an allowed header name' });
    if (typeof value !== 'string' || /[\r\n\0]/.test(value)) throw new AppError('BAD_USER_INPUT', { field: `headers.${name}`, message: 'Must be one line of text' });
  }
}

function checkMessage(m: MailMessage): void {
  const to = Array.isArray(m.to) ? m.to : [m.to];
  if (to.length === 0 || to.some((a) => typeof a !== 'string' || !a.includes('@') || /[\r\n]/.test(a))) {
    throw new AppError('BAD_USER_INPUT', { field: 'to', message: 'Must be one or more email addresses' });
  }
  if (typeof m.subject !== 'string' || /[\r\n]/.test(m.subject)) throw new AppError('BAD_USER_INPUT', { field: 'subject', message: 'Must be one line of text' });
  if (m.from !== undefined && /[\r\n]/.test(m.from)) throw new AppError('BAD_USER_INPUT', { field: 'from', message: 'Must be one line of text' });
  if (!m.html && !m.text) throw new AppError('BAD_USER_INPUT', { field: 'text', message: 'A message needs an HTML or a text part' });
  if (m.messageId !== undefined && !/^<[^<>\s@]+@[^<>\s@]+>$/.test(m.messageId)) throw new AppError('BAD_USER_INPUT', { field: 'messageId', message: 'Must be <local@domain>' });
  checkHeaders(m.headers);
}

const addresses = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((a) => (typeof a === 'string' ? a : String((a as { address?: string }).address ?? a))) : [];

function toNodemailer(m: MailMessage, defaultFrom: string, dkim?: Dkim) {
  return {
    ...(dkim ? { dkim: { ...dkim, headerFieldNames: DKIM_HEADERS } } : {}),
    from: m.from || defaultFrom,
    to: m.to,
    subject: m.subject,
    html: m.html,
    text: m.text,
    replyTo: m.replyTo,
    headers: m.headers,
    ...(m.messageId ? { messageId: m.messageId } : {}),
  };
}

function smtpMailer(url: string, defaultFrom: string, dkim?: Dkim): Mailer {
  const transport = createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      checkMessage(message);
      const info = await transport.sendMail(toNodemailer(message, defaultFrom, dkim));
      return { messageId: info.messageId, accepted: addresses(info.accepted), rejected: addresses(info.rejected) };
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer(dir: string, defaultFrom: string, dkim?: Dkim): Mailer {
  const folder = resolve(dir);
  mkdirSync(folder, { recursive: true });
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let seq = 0;
  return {
    kind: 'outbox',
    async send(message) {
      checkMessage(message);
      const info = await transport.sendMail(toNodemailer(message, defaultFrom, dkim));
      const id = info.messageId.replace(/[^A-Za-z0-9.@-]/g, '');
      seq += 1;
      const file = join(folder, `${Date.now()}-${String(seq).padStart(6, '0')}-${id}.eml`);
      // Written under a temporary name and renamed, so a reader never sees half a message.
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
      const to = Array.isArray(message.to) ? message.to : [message.to];
      return { messageId: info.messageId, accepted: to, rejected: [], file };
    },
    async close() {
      transport.close();
    },
  };
}

/** The mailer for validated settings: SMTP or the development outbox. */
export function createMailer(config: MailConfig): Mailer {
  const parsed = mailConfigSchema.safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('BAD_USER_INPUT', { field: `mail.${issue?.path.join('.') || 'transport'}`, message: issue?.message ?? 'Invalid mail settings' });
  }
  const c = parsed.data;
  return recording(c.transport === 'smtp' ? smtpMailer(c.url, c.defaultFrom, c.dkim) : outboxMailer(c.dir, c.defaultFrom, c.dkim));
}

/** Keeps the time and outcome of the last send beside the mailer (lastSend). */
function recording(inner: Mailer): Mailer {
  let lastSend: LastSend | null = null;
  return {
    kind: inner.kind,
    get lastSend() { return lastSend; },
    async send(message) {
      try {
        const sent = await inner.send(message);
        lastSend = { at: Date.now(), ok: true };
        return sent;
      } catch (e) {
        lastSend = { at: Date.now(), ok: false, error: e instanceof Error ? e.message.slice(0, 300) : String(e).slice(0, 300) };
        throw e;
      }
    },
    close: () => inner.close(),
  };
}
