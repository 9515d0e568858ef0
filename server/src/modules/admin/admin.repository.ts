import { sql } from 'drizzle-orm';
import type { AdminStats, OutboxMessage, OutboxStatus } from '../../../../domain/admin.js';
import { type Executor, rowsOf } from '../../db/client.js';

export async function userStats(exec: Executor): Promise<AdminStats> {
  const result = await exec.execute(sql`
    select count(*) as total,
           count(*) filter (where status = 'pending') as pending,
           count(*) filter (where status = 'approved') as approved,
           count(*) filter (where status = 'admin') as admins,
           -- tractor_offers_status_idx makes this one index count
           (select count(*) from tractor_offers where status = 'pending') as offers_pending,
           (select count(*) from tractor_listings where review_status = 'in_review') as listings_in_review
    from users`);
  const r =
    rowsOf<
      Record<
        'total' | 'pending' | 'approved' | 'admins' | 'offers_pending' | 'listings_in_review',
        string | number
      >
    >(result)[0];
  return {
    totalUsers: Number(r.total),
    pendingReview: Number(r.pending),
    approvedUsers: Number(r.approved),
    administrators: Number(r.admins),
    offersNeedingAction: Number(r.offers_pending),
    listingsInReview: Number(r.listings_in_review),
  };
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** Newest first, keyset paged by id (stays fast however long the outbox grows). */
export async function listOutbox(
  exec: Executor,
  filter: { status?: OutboxStatus; beforeId?: number },
  limit: number,
): Promise<OutboxRow[]> {
  const result = await exec.execute(sql`
    select id, template, recipient, status, attempts, last_error, created_at, next_attempt_at, sent_at, payload
    from outbox
    where true
      ${filter.status ? sql`and status = ${filter.status}` : sql``}
      ${filter.beforeId ? sql`and id < ${filter.beforeId}` : sql``}
    order by id desc
    limit ${limit}`);
  return rowsOf<OutboxDbRow>(result).map(toOutboxRow);
}

/** One outbox row with its payload, or null. */
export async function outboxMessage(exec: Executor, id: number): Promise<OutboxRow | null> {
  const result = await exec.execute(sql`
    select id, template, recipient, status, attempts, last_error, created_at, next_attempt_at, sent_at, payload
    from outbox where id = ${id}`);
  const row = rowsOf<OutboxDbRow>(result)[0];
  return row ? toOutboxRow(row) : null;
}

export type OutboxRow = Omit<OutboxMessage, 'subject'> & { payload: Record<string, unknown> };

type OutboxDbRow = {
  id: string | number;
  template: string;
  recipient: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: string | Date;
  next_attempt_at: string | Date;
  sent_at: string | Date | null;
  payload: Record<string, unknown> | string;
};

function toOutboxRow(r: OutboxDbRow): OutboxRow {
  return {
    id: Number(r.id),
    template: r.template,
    recipient: r.recipient,
    status: r.status,
    attempts: Number(r.attempts),
    lastError: r.last_error,
    createdAt: iso(r.created_at) as string,
    nextAttemptAt: iso(r.next_attempt_at) as string,
    sentAt: iso(r.sent_at),
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
  };
}

export async function outboxStatus(exec: Executor, id: number): Promise<OutboxStatus | null> {
  const result = await exec.execute(sql`select status from outbox where id = ${id}`);
  return rowsOf<{ status: OutboxStatus }>(result)[0]?.status ?? null;
}
