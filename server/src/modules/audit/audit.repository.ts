import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../../../domain/admin.js';
import { type Executor, rowsOf } from '../../db/client.js';
import { auditVerifications } from '../../db/schema.js';
import type { ChainRow } from './audit-chain.js';

export interface AuditFilter {
  /** An exact action ("auth.sign_in") or a family ("auth" matches every "auth.*"). */
  action?: string;
  /** Part of the actor's e-mail, case-insensitive. */
  email?: string;
  beforeId?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, keyset paged by id (the log is insert-only and only grows). */
export async function listAudit(exec: Executor, filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
  const result = await exec.execute(sql`
    select id, action, resource_type, actor_email, ip, details, created_at
    from audit_log
    where true
      ${filter.action ? sql`and (action = ${filter.action} or action like ${`${escapeLike(filter.action)}.%`})` : sql``}
      ${filter.email ? sql`and lower(actor_email) like ${`%${escapeLike(filter.email.toLowerCase())}%`}` : sql``}
      ${filter.beforeId ? sql`and id < ${filter.beforeId}` : sql``}
    order by id desc
    limit ${limit}`);
  return rowsOf<{
    id: string | number;
    action: string;
    resource_type: string;
    actor_email: string | null;
    ip: string | null;
    details: unknown;
    created_at: string | Date;
  }>(result).map((r) => ({
    id: Number(r.id),
    action: r.action,
    resourceType: r.resource_type,
    actorEmail: r.actor_email,
    ip: r.ip,
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : (r.details ?? {})) as Record<
      string,
      unknown
    >,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The distinct actions recorded so far, for the filter's picker. */
export async function auditActions(exec: Executor): Promise<string[]> {
  const result = await exec.execute(sql`select distinct action from audit_log order by action`);
  return rowsOf<{ action: string }>(result).map((r) => r.action);
}

// ---------------------------------------------------------------- hash chain (decision 0081)

/**
 * The canonical content of an audit row as the verifier computes it: the same jsonb array as the insert trigger's
 * `audit_log_row_hash` (migration 0037), written out here so verification never relies on a database function.
 */
const auditContentSql = sql`jsonb_build_array(
  chain_seq, prev_hash, id, action, resource_type, actor_user_id, actor_email, ip, details,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
)::text`;

const isoSql = sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The chain positions that cover rows written in [from, to) (either end open), or null when there are none. */
export async function chainSpan(
  exec: Executor,
  range: { from?: Date; to?: Date },
): Promise<{ firstSeq: number; lastSeq: number } | null> {
  const result = await exec.execute(sql`
    select min(chain_seq) as first_seq, max(chain_seq) as last_seq from audit_log
    where true
      ${range.from ? sql`and created_at >= ${range.from.toISOString()}` : sql``}
      ${range.to ? sql`and created_at < ${range.to.toISOString()}` : sql``}`);
  const row = rowsOf<{ first_seq: string | number | null; last_seq: string | number | null }>(result)[0];
  if (row?.first_seq == null || row.last_seq == null) return null;
  return { firstSeq: Number(row.first_seq), lastSeq: Number(row.last_seq) };
}

/** The stored hash at a chain position (the anchor of a partial verification), or null when that row is gone. */
export async function hashAtSeq(exec: Executor, seq: number): Promise<string | null> {
  const result = await exec.execute(sql`select row_hash from audit_log where chain_seq = ${seq}`);
  return rowsOf<{ row_hash: string }>(result)[0]?.row_hash ?? null;
}

/** Rows in chain order with afterSeq < chain_seq <= toSeq, at most `limit`, each with its canonical content. */
export async function chainRows(
  exec: Executor,
  afterSeq: number,
  toSeq: number | null,
  limit: number,
): Promise<ChainRow[]> {
  const result = await exec.execute(sql`
    select id, chain_seq, prev_hash, row_hash, ${isoSql} as created_at, ${auditContentSql} as content
    from audit_log
    where chain_seq > ${afterSeq} ${toSeq == null ? sql`` : sql`and chain_seq <= ${toSeq}`}
    order by chain_seq
    limit ${limit}`);
  return rowsOf<{
    id: string | number;
    chain_seq: string | number;
    prev_hash: string;
    row_hash: string;
    created_at: string;
    content: string;
  }>(result).map((r) => ({
    id: Number(r.id),
    chainSeq: Number(r.chain_seq),
    prevHash: r.prev_hash,
    rowHash: r.row_hash,
    createdAt: r.created_at,
    content: r.content,
  }));
}

/** The chain head the insert trigger keeps: the last position handed out and its hash. */
export async function chainHead(exec: Executor): Promise<{ lastSeq: number; lastHash: string } | null> {
  const result = await exec.execute(sql`select last_seq, last_hash from audit_chain_head where id`);
  const row = rowsOf<{ last_seq: string | number; last_hash: string }>(result)[0];
  return row ? { lastSeq: Number(row.last_seq), lastHash: row.last_hash } : null;
}

export interface ExportRow {
  id: number;
  chainSeq: number;
  createdAt: string;
  action: string;
  resourceType: string;
  actorUserId: string | null;
  actorEmail: string | null;
  ip: string | null;
  details: Record<string, unknown>;
  prevHash: string;
  rowHash: string;
}

/** Rows written in [from, to), in chain order, at most `limit`. */
export async function exportRows(exec: Executor, from: Date, to: Date, limit: number): Promise<ExportRow[]> {
  const result = await exec.execute(sql`
    select id, chain_seq, ${isoSql} as created_at, action, resource_type, actor_user_id, actor_email, ip, details,
      prev_hash, row_hash
    from audit_log
    where created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
    order by chain_seq
    limit ${limit}`);
  return rowsOf<{
    id: string | number;
    chain_seq: string | number;
    created_at: string;
    action: string;
    resource_type: string;
    actor_user_id: string | null;
    actor_email: string | null;
    ip: string | null;
    details: unknown;
    prev_hash: string;
    row_hash: string;
  }>(result).map((r) => ({
    id: Number(r.id),
    chainSeq: Number(r.chain_seq),
    createdAt: r.created_at,
    action: r.action,
    resourceType: r.resource_type,
    actorUserId: r.actor_user_id,
    actorEmail: r.actor_email,
    ip: r.ip,
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : (r.details ?? {})) as Record<
      string,
      unknown
    >,
    prevHash: r.prev_hash,
    rowHash: r.row_hash,
  }));
}

// ---------------------------------------------------------------- nightly verification runs

/** Claims the day's verification: true for the one instance whose insert made the row. */
export async function claimVerification(exec: Executor, day: string, now: Date): Promise<boolean> {
  const rows = await exec
    .insert(auditVerifications)
    .values({ day, startedAt: now })
    .onConflictDoNothing()
    .returning({ day: auditVerifications.day });
  return rows.length > 0;
}

export interface VerificationRecord {
  ok: boolean;
  rowsChecked: number;
  throughAt: Date | null;
  throughSeq: number | null;
  headHash: string | null;
  problems: unknown[];
}

export async function finishVerification(
  exec: Executor,
  day: string,
  now: Date,
  record: VerificationRecord,
): Promise<void> {
  await exec
    .update(auditVerifications)
    .set({ finishedAt: now, ...record })
    .where(eq(auditVerifications.day, day));
}

/** Gives a claimed day back (the run crashed), so a later tick tries again. */
export async function releaseVerification(exec: Executor, day: string): Promise<void> {
  await exec.delete(auditVerifications).where(eq(auditVerifications.day, day));
}

export interface VerificationRow {
  day: string;
  finishedAt: Date;
  ok: boolean;
  rowsChecked: number;
  throughAt: Date | null;
  problems: unknown[];
}

/** The latest finished run, and the latest that passed. */
export async function latestVerifications(
  exec: Executor,
): Promise<{ latest: VerificationRow | null; lastOk: VerificationRow | null }> {
  const pick = async (onlyOk: boolean) => {
    const rows = await exec
      .select({
        day: auditVerifications.day,
        finishedAt: auditVerifications.finishedAt,
        ok: auditVerifications.ok,
        rowsChecked: auditVerifications.rowsChecked,
        throughAt: auditVerifications.throughAt,
        problems: auditVerifications.problems,
      })
      .from(auditVerifications)
      .where(
        onlyOk
          ? and(isNotNull(auditVerifications.finishedAt), eq(auditVerifications.ok, true))
          : isNotNull(auditVerifications.finishedAt),
      )
      .orderBy(desc(auditVerifications.day))
      .limit(1);
    const r = rows[0];
    return r?.finishedAt
      ? {
          day: r.day,
          finishedAt: r.finishedAt,
          ok: r.ok === true,
          rowsChecked: r.rowsChecked ?? 0,
          throughAt: r.throughAt,
          problems: Array.isArray(r.problems) ? r.problems : [],
        }
      : null;
  };
  return { latest: await pick(false), lastOk: await pick(true) };
}
