// Staff and member mail survives a refusing mail server (issue 40): the durable outbox
// (engine/mail/outbox.ts) stores each message before it answers, keeps it with its error while a
// real SMTP server on loopback is down, and delivers it when the server is back, each message
// once, across a restart of the process and after a crash mid-send (same Message-ID).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../engine/mail';
import { createDurableMailer, type DurableMailer } from '../../engine/mail/outbox';
import { startTestSmtpServer, type TestSmtpServer } from '../../engine/mail/testing';
import { openStore, type Store } from '../../engine/store/connection';
import { mailOutboxStore } from '../../engine/store/queries/mail-outbox';
import { tempDbPath } from '../helpers/fixture-set';
import { waitUntil } from './build-site-fixture';
import { freePort } from '../helpers/serve-process';

let store: Store;
let port: number;
const outboxes: DurableMailer[] = [];
let smtp: TestSmtpServer | null = null;

const errors: string[] = [];
const newOutbox = () => {
  const mailer = createMailer({ transport: 'smtp', url: `smtp://127.0.0.1:${port}?connectionTimeout=2000&greetingTimeout=2000`, defaultFrom: 'Masthead <noreply@example.com>' });
  const o = createDurableMailer(mailOutboxStore(store), mailer, { retryDelay: () => 100, onError: (e, kind) => errors.push(`${kind}: ${(e as Error).message}`) });
  outboxes.push(o);
  return o;
};
const rows = () => store.all<{ state: string; attempts: number; error: string | null }>('SELECT state, attempts, error FROM mail_outbox ORDER BY id', []);
const message = (n: number) => ({ kind: 'member-link', to: `reader${n}@example.com`, subject: `Your sign-in link ${n}`, text: `Link ${n}` });

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  port = await freePort();
});

afterAll(async () => {
  for (const o of outboxes) await o.close();
  await smtp?.close();
  await store?.close();
});

describe('the durable mail outbox', () => {
  it('keeps mail while the SMTP server refuses, and delivers each message once when it is back', async () => {
    const outbox = newOutbox();
    await outbox.start();
    for (const n of [1, 2, 3]) await outbox.send(message(n));
    // Nothing listens: every attempt fails, and the messages stay with their error.
    expect(await waitUntil(() => errors.length >= 3, 30_000)).toBe(true);
    const waiting = await rows();
    expect(waiting).toHaveLength(3);
    for (const r of waiting) {
      expect(r.state).not.toBe('sent');
      expect(r.error).toMatch(/ECONNREFUSED|connect/i);
    }
    expect((await outbox.backlog()).waiting).toBe(3);
    // The server comes back on the same address.
    smtp = await startTestSmtpServer({ port });
    await smtp.waitFor(3, 30_000);
    await outbox.idle();
    expect((await rows()).map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
    expect(smtp.messages.map((m) => m.envelope.to[0]).sort()).toEqual(['reader1@example.com', 'reader2@example.com', 'reader3@example.com']);
    expect(new Set(smtp.messages.map((m) => m.raw.match(/^Message-ID: (.*)$/im)?.[1])).size).toBe(3);
    expect(await outbox.backlog()).toEqual({ waiting: 0, failing: 0, lastError: null });
    await outbox.close();
  }, 90_000);

  it('sends after a restart what a stopped process left, and a message cut off mid-send again with its Message-ID', async () => {
    await smtp!.close();
    smtp = null;
    const first = newOutbox();
    await first.start();
    const queued = await first.send(message(4));
    const before = errors.length;
    expect(await waitUntil(() => errors.length > before, 30_000)).toBe(true);
    await first.close();
    // What a process killed while handing a message to the server leaves: a row marked sending.
    await store.run("UPDATE mail_outbox SET state = 'sending' WHERE message LIKE '%reader4@%'", []);
    smtp = await startTestSmtpServer({ port });
    const next = newOutbox();
    await next.start();
    await smtp.waitFor(1, 30_000);
    await next.idle();
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.envelope.to).toEqual(['reader4@example.com']);
    expect(smtp.messages[0]!.raw).toContain(`Message-ID: ${queued.messageId}`);
    expect((await rows()).every((r) => r.state === 'sent')).toBe(true);
  }, 90_000);
});
