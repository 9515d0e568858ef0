import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';

/** Outbox rows as the worker and the admin screen see them. */
export interface ClaimedMessage {
  id: number;
  template: string;
  recipient: string;
  payload: Record<string, unknown>;
  /** Attempts including the current one (counted at claim, so a crash mid-send still counts). */
  attempts: number;
}

/**
 * Claims up to `limit` due rows for this worker: pending rows whose time has come, and rows another
 * instance claimed but never finished (lease expired, e.g. it crashed). SKIP LOCKED lets several
 * instances claim at once without waiting on, or sending, each other's rows.
 */
export async function claimDueMessages(
  exec: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedMessage[]> {
  const result = await exec.execute(sql`
    with due as (
      select id from outbox
      -- next_attempt_at has microseconds (the database's now() at insert), the worker's clock milliseconds:
      -- a row queued within the current millisecond is due too, or a fast worker pass would skip it.
      where (status = 'pending' and next_attempt_at < ${now}::timestamptz + interval '1 millisecond')
         or (status = 'sending' and locked_until < ${now})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    update outbox o
    set status = 'sending', locked_until = ${leaseUntil}, attempts = o.attempts + 1
    from due
    where o.id = due.id
    returning o.id, o.template, o.recipient, o.payload, o.attempts`);
  return rowsOf<{
    id: string | number;
    template: string;
    recipient: string;
    payload: unknown;
    attempts: number;
  }>(result)
    .map((r) => ({
      id: Number(r.id),
      template: r.template,
      recipient: r.recipient,
      payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * How many mails of the given templates (one class) this recipient got since `since`, counting earlier rows
 * being sent right now, and when the oldest of those went out (the window frees up from then on).
 * Admin accounts are not capped: they receive the marketplace's own notifications.
 */
export async function recentSendsTo(
  exec: Executor,
  recipient: string,
  beforeId: number,
  since: Date,
  templates: string[],
): Promise<{ count: number; oldestSentAt: Date | null; exempt: boolean }> {
  const result = await exec.execute(sql`
    with recent as (
      select sent_at from outbox
      where recipient = ${recipient} and id <> ${beforeId}
        and template in (${sql.join(
          templates.map((t) => sql`${t}`),
          sql`, `,
        )})
        and ((status = 'sent' and sent_at > ${since}) or (status = 'sending' and id < ${beforeId}))
    )
    select
      (select count(*) from recent) as count,
      (select min(sent_at) from recent) as oldest,
      exists (select 1 from users where email = ${recipient} and status = 'admin') as exempt`);
  const row = rowsOf<{ count: string | number; oldest: string | Date | null; exempt: boolean }>(result)[0];
  return {
    count: Number(row.count),
    oldestSentAt: row.oldest ? new Date(row.oldest) : null,
    exempt: Boolean(row.exempt),
  };
}

/** Over a cap: back to the queue for later; the claim does not count as an attempt. */
export async function markDeferred(
  exec: Executor,
  id: number,
  reason: string,
  nextAttemptAt: Date,
  leaseUntil: Date,
): Promise<void> {
  await exec.execute(sql`
    update outbox set status = 'pending', next_attempt_at = ${nextAttemptAt}, locked_until = null,
      attempts = greatest(attempts - 1, 0), last_error = ${reason}
    where id = ${id} and status = 'sending' and locked_until = ${leaseUntil}`);
}

/** Only the claimant's own row, still in `sending`, is finished: a row whose lease was taken over is left alone. */
export async function markSent(exec: Executor, id: number, now: Date, leaseUntil: Date): Promise<void> {
  await exec.execute(sql`
    update outbox set status = 'sent', sent_at = ${now}, locked_until = null, last_error = null
    where id = ${id} and status = 'sending' and locked_until = ${leaseUntil}`);
}

export async function markRetry(
  exec: Executor,
  id: number,
  error: string,
  nextAttemptAt: Date,
  leaseUntil: Date,
): Promise<void> {
  await exec.execute(sql`
    update outbox set status = 'pending', next_attempt_at = ${nextAttemptAt}, locked_until = null,
      last_error = ${error.slice(0, 1000)}
    where id = ${id} and status = 'sending' and locked_until = ${leaseUntil}`);
}

export async function markFailed(exec: Executor, id: number, error: string, leaseUntil: Date): Promise<void> {
  await exec.execute(sql`
    update outbox set status = 'failed', locked_until = null, last_error = ${error.slice(0, 1000)}
    where id = ${id} and status = 'sending' and locked_until = ${leaseUntil}`);
}

/**
 * Puts a failed message back in the queue for an immediate new series of attempts (admin "retry").
 * Returns false when the row does not exist or has not failed.
 */
export async function retryOutboxMessage(
  exec: Executor,
  id: number,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await exec.execute(sql`
    update outbox set status = 'pending', attempts = 0, next_attempt_at = ${now}, locked_until = null
    where id = ${id} and status = 'failed'
    returning id`);
  return rowsOf(result).length > 0;
}

/**
 * The queue as the operator's metrics see it (decision 0037): e-mails not yet sent nor failed (pending, or being
 * sent), and the age in seconds of the oldest of them (0 when there is none). One query on `outbox_due_idx`.
 */
export async function outboxBacklog(exec: Executor): Promise<{ pending: number; oldestSeconds: number }> {
  const result = await exec.execute(sql`
    select count(*)::int as pending,
      coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_seconds
    from outbox
    where status in ('pending', 'sending')`);
  const [row] = rowsOf<{ pending: number | string; oldest_seconds: number | string }>(result);
  return { pending: Number(row?.pending ?? 0), oldestSeconds: Math.max(0, Number(row?.oldest_seconds ?? 0)) };
}
