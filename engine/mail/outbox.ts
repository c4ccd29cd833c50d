// The durable mail outbox for staff and member mail (sign-in links, password resets, invitations,
// contract and company-update links): `send` stores the message in the database (mail_outbox)
// and answers; a drainer in the server hands stored messages to the real mailer one at a time,
// marks each sent once the transport took it, and on a refusal (SMTP down, a full queue) keeps it
// with its error and tries again later (30 s, doubling, at most 15 min), across restarts. Nothing
// is lost while the mail server is away; a message is sent twice only when the process dies
// between the transport's acceptance and the mark, and then with the same Message-ID (fixed when
// queued), so mail clients show one. Newsletters have their own send pipeline (engine/newsletter).
import { randomBytes } from 'node:crypto';
import type { Mailer, MailMessage } from './mailer';

/** Where the outbox keeps its messages: engine/store/queries/mail-outbox.ts mailOutboxStore, passed in by cli/. */
export interface OutboxStore {
  queue(kind: string, message: string, at: number): Promise<number>;
  claim(at: number): Promise<{ id: number; kind: string; message: string; attempts: number } | null>;
  markSent(id: number, at: number): Promise<void>;
  retry(id: number, error: string, nextAt: number): Promise<void>;
  resume(): Promise<number>;
  nextDue(): Promise<number | null>;
  backlog(): Promise<{ waiting: number; failing: number; lastError: string | null }>;
  prune(before: number): Promise<void>;
}

export interface OutboxOptions {
  /** Wait before retrying a message that failed `attempts` times (default 30 s doubling to 15 min). */
  retryDelay?: (attempts: number) => number;
  now?: () => number;
  onError?: (e: unknown, kind: string) => void;
}

export interface DurableMailer {
  readonly kind: string;
  /** The last hand-over to the transport (the System screen's "last mail sent"). */
  readonly lastSend: { at: number; ok: boolean; error?: string } | null;
  /** Stores the message; it is sent by the drainer. Answers the Message-ID it will carry. */
  send(message: MailMessage & { kind?: string }): Promise<{ messageId: string; queued: true }>;
  /** Resumes messages a stopped process left, and starts draining. */
  start(): Promise<void>;
  /** Resolves once nothing due is left to send (a message waiting for its retry does not count). */
  idle(): Promise<void>;
  backlog(): ReturnType<OutboxStore['backlog']>;
  close(): Promise<void>;
}

export function outboxRetryDelay(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
}

const KEEP_SENT_MS = 7 * 24 * 3_600_000;

export function createDurableMailer(store: OutboxStore, mailer: Mailer, o: OutboxOptions = {}): DurableMailer {
  const now = o.now ?? Date.now;
  const delay = o.retryDelay ?? outboxRetryDelay;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let closed = false;
  let lastSend: DurableMailer['lastSend'] = null;

  /** Sends every due message, one at a time; then waits for the next due one. */
  const drainOnce = async () => {
    for (;;) {
      if (closed) return;
      const row = await store.claim(now());
      if (!row) break;
      const message = JSON.parse(row.message) as MailMessage;
      try {
        await mailer.send(message);
        lastSend = { at: now(), ok: true };
        await store.markSent(row.id, now());
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        lastSend = { at: now(), ok: false, error };
        await store.retry(row.id, error, now() + delay(row.attempts + 1));
        o.onError?.(e, row.kind);
      }
    }
    const due = await store.nextDue();
    if (due !== null && !closed) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => { timer = null; kick(); }, Math.max(0, due - now()));
      timer.unref();
    }
  };

  const kick = () => {
    if (!started || closed) return;
    if (running) { again = true; return; }
    running = (async () => {
      try {
        do { again = false; await drainOnce(); } while (again && !closed);
      } catch (e) {
        o.onError?.(e, 'outbox');
      } finally {
        running = null;
      }
    })();
  };

  return {
    kind: mailer.kind ?? 'smtp',
    get lastSend() { return lastSend; },
    async send(message) {
      const { kind = 'mail', ...rest } = message;
      const messageId = `<${now().toString(36)}.${randomBytes(9).toString('base64url')}@masthead.outbox>`;
      await store.queue(kind, JSON.stringify({ ...rest, messageId }), now());
      kick();
      return { messageId, queued: true };
    },
    async start() {
      await store.resume();
      await store.prune(now() - KEEP_SENT_MS);
      started = true;
      kick();
    },
    async idle() {
      for (;;) {
        if (running) { await running; continue; }
        const due = await store.nextDue();
        if (due === null || due > now() || closed) return;
        kick();
        if (running) await running;
      }
    },
    backlog: () => store.backlog(),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
