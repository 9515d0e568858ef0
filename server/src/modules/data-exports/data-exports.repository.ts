import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { dataExports } from '../../db/schema.js';

/** docs/product/accounts.md#download-all-our-data: the export requests (this module's own table). */

export type DataExportRow = typeof dataExports.$inferSelect;

/** Queues an export; null when the dealership already has one queued or being built (the partial unique key). */
export async function insertQueued(
  exec: Executor,
  dealershipId: string,
  requestedBy: string,
  now: Date,
): Promise<DataExportRow | null> {
  const [row] = await exec
    .insert(dataExports)
    .values({ dealershipId, requestedBy, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function latestOf(exec: Executor, dealershipId: string): Promise<DataExportRow | undefined> {
  const [row] = await exec
    .select()
    .from(dataExports)
    .where(eq(dataExports.dealershipId, dealershipId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row;
}

export interface ClaimedExport {
  id: string;
  dealershipId: string;
  requestedBy: string;
  attempts: number;
}

/**
 * Claims one due export for this worker: a queued one, or one another instance claimed and never finished (its
 * lease ran out). SKIP LOCKED lets several instances claim at once without building the same file twice.
 */
export async function claimDue(exec: Executor, now: Date, leaseUntil: Date): Promise<ClaimedExport | null> {
  const result = await exec.execute(sql`
    with due as (
      select id from data_exports
      where status = 'queued' or (status = 'building' and locked_until < ${now})
      order by created_at, id
      limit 1
      for update skip locked
    )
    update data_exports d
    set status = 'building', locked_until = ${leaseUntil}, attempts = d.attempts + 1
    from due
    where d.id = due.id
    returning d.id, d.dealership_id, d.requested_by, d.attempts`);
  const [r] = rowsOf<{ id: string; dealership_id: string; requested_by: string; attempts: number }>(result);
  return r
    ? { id: r.id, dealershipId: r.dealership_id, requestedBy: r.requested_by, attempts: Number(r.attempts) }
    : null;
}

/** Ready: only while this worker still holds the claim (false when its lease ran out and another took it). */
export async function markReady(
  exec: Executor,
  id: string,
  leaseUntil: Date,
  ready: { storageKey: string; sizeBytes: number; tokenHash: string; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await exec
    .update(dataExports)
    .set({ status: 'ready', lockedUntil: null, lastError: null, ...ready })
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.status, 'building'),
        eq(dataExports.lockedUntil, leaseUntil),
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function markRetryOrFailed(
  exec: Executor,
  id: string,
  leaseUntil: Date,
  error: string,
  failed: boolean,
): Promise<void> {
  await exec
    .update(dataExports)
    .set({ status: failed ? 'failed' : 'queued', lockedUntil: null, lastError: error.slice(0, 500) })
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.status, 'building'),
        eq(dataExports.lockedUntil, leaseUntil),
      ),
    );
}

export async function readyByToken(exec: Executor, tokenHash: string, now: Date) {
  const [row] = await exec
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.tokenHash, tokenHash),
        eq(dataExports.status, 'ready'),
        isNull(dataExports.downloadedAt),
        gt(dataExports.expiresAt, now),
      ),
    );
  return row;
}

/** The link's one use: exactly one request wins the conditional update. */
export async function consume(exec: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await exec
    .update(dataExports)
    .set({ downloadedAt: now })
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.status, 'ready'),
        isNull(dataExports.downloadedAt),
        gt(dataExports.expiresAt, now),
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length > 0;
}
