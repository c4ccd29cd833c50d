// The mail outbox table (schema.ts mailOutbox): queue, claim, settle. engine/mail/outbox.ts drains it.
import { rawOf, type Store } from '../connection';

export interface OutboxRow { id: number; kind: string; message: string; attempts: number }

/** Stores one message to send; answers its id. */
export async function queueMail(store: Store, kind: string, message: string, at: number): Promise<number> {
  const r = await store.run('INSERT INTO mail_outbox (kind, message, state, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, 0, ?, ?) RETURNING id',
    [kind, message, 'pending', at, at]);
  return r.lastID;
}

/** Claims the oldest due message (marks it sending), or null when none is due. */
export async function claimMail(store: Store, at: number): Promise<OutboxRow | null> {
  return store.transaction(async (tx) => {
    const sql = rawOf(tx);
    const [row] = await sql.all<OutboxRow>(
      "SELECT id, kind, message, attempts FROM mail_outbox WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT 1", [at]);
    if (!row) return null;
    const r = await sql.run("UPDATE mail_outbox SET state = 'sending' WHERE id = ? AND state = 'pending'", [row.id]);
    return r.changes === 1 ? row : null;
  });
}

export async function markMailSent(store: Store, id: number, at: number): Promise<void> {
  await store.run("UPDATE mail_outbox SET state = 'sent', sent_at = ?, error = NULL WHERE id = ?", [at, id]);
}

/** A failed send: back to pending with one more attempt, its error and when to try again. */
export async function retryMail(store: Store, id: number, error: string, nextAt: number): Promise<void> {
  await store.run("UPDATE mail_outbox SET state = 'pending', attempts = attempts + 1, error = ?, next_attempt_at = ? WHERE id = ?", [error.slice(0, 1000), nextAt, id]);
}

/** Messages left sending by a process that stopped mid-send: pending again (sent at least once; the same Message-ID). */
export async function resumeMail(store: Store): Promise<number> {
  return (await store.run("UPDATE mail_outbox SET state = 'pending' WHERE state = 'sending'", [])).changes;
}

/** The earliest time a pending message is due, or null. */
export async function nextMailDue(store: Store): Promise<number | null> {
  const [row] = await store.all<{ t: number | null }>("SELECT MIN(next_attempt_at) AS t FROM mail_outbox WHERE state = 'pending'", []);
  return row?.t === null || row?.t === undefined ? null : Number(row.t);
}

/** Unsent messages and the last error among them (the System screen's figures). */
export async function mailBacklog(store: Store): Promise<{ waiting: number; failing: number; lastError: string | null }> {
  const [row] = await store.all<{ w: number; f: number }>("SELECT COUNT(*) AS w, SUM(CASE WHEN attempts > 0 THEN 1 ELSE 0 END) AS f FROM mail_outbox WHERE state <> 'sent'", []);
  const [last] = await store.all<{ e: string | null }>("SELECT error AS e FROM mail_outbox WHERE state <> 'sent' AND error IS NOT NULL ORDER BY id DESC LIMIT 1", []);
  return { waiting: Number(row?.w ?? 0), failing: Number(row?.f ?? 0), lastError: last?.e ?? null };
}

/** Drops sent messages older than `before` (the table stays small). */
export async function pruneSentMail(store: Store, before: number): Promise<void> {
  await store.run("DELETE FROM mail_outbox WHERE state = 'sent' AND sent_at < ?", [before]);
}

/** The outbox's store (engine/mail/outbox.ts OutboxStore) on this database. */
export function mailOutboxStore(store: Store) {
  return {
    queue: (kind: string, message: string, at: number) => queueMail(store, kind, message, at),
    claim: (at: number) => claimMail(store, at),
    markSent: (id: number, at: number) => markMailSent(store, id, at),
    retry: (id: number, error: string, nextAt: number) => retryMail(store, id, error, nextAt),
    resume: () => resumeMail(store),
    nextDue: () => nextMailDue(store),
    backlog: () => mailBacklog(store),
    prune: (before: number) => pruneSentMail(store, before),
  };
}
