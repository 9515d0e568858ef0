import { sql } from 'drizzle-orm';
import type { AdminStats, OutboxMessage, OutboxStatus } from '../../../../domain/admin.js';
import { type Executor, rowsOf } from '../../db/client.js';

export async function userStats(exec: Executor): Promise<AdminStats> {
  const result = await exec.execute(sql`
    select count(*) as total,
           count(*) filter (where status = 'pending') as pending,
           count(*) filter (where status = 'approved') as approved,
           count(*) filter (where status = 'admin') as admins
    from users`);
  const r = rowsOf<Record<'total' | 'pending' | 'approved' | 'admins', string | number>>(result)[0];
  return {
    totalUsers: Number(r.total),
    pendingReview: Number(r.pending),
    approvedUsers: Number(r.approved),
    administrators: Number(r.admins),
  };
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** Newest first, keyset paged by id (stays fast however long the outbox grows). */
export async function listOutbox(
  exec: Executor,
  filter: { status?: OutboxStatus; beforeId?: number },
  limit: number,
): Promise<OutboxMessage[]> {
  const result = await exec.execute(sql`
    select id, template, recipient, status, attempts, last_error, created_at, next_attempt_at, sent_at
    from outbox
    where true
      ${filter.status ? sql`and status = ${filter.status}` : sql``}
      ${filter.beforeId ? sql`and id < ${filter.beforeId}` : sql``}
    order by id desc
    limit ${limit}`);
  return rowsOf<{
    id: string | number;
    template: string;
    recipient: string;
    status: OutboxStatus;
    attempts: number;
    last_error: string | null;
    created_at: string | Date;
    next_attempt_at: string | Date;
    sent_at: string | Date | null;
  }>(result).map((r) => ({
    id: Number(r.id),
    template: r.template,
    recipient: r.recipient,
    status: r.status,
    attempts: Number(r.attempts),
    lastError: r.last_error,
    createdAt: iso(r.created_at) as string,
    nextAttemptAt: iso(r.next_attempt_at) as string,
    sentAt: iso(r.sent_at),
  }));
}

export async function outboxStatus(exec: Executor, id: number): Promise<OutboxStatus | null> {
  const result = await exec.execute(sql`select status from outbox where id = ${id}`);
  return rowsOf<{ status: OutboxStatus }>(result)[0]?.status ?? null;
}
