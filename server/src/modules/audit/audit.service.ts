import type { AuditEntry, AuditExport, AuditVerification } from '../../../../domain/admin.js';
import type { Executor } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { csvCell } from '../../lib/csv.js';
import { enqueueMail } from '../../lib/outbox.js';
import { adminEmails } from '../users/index.js';
import { AUDIT_VERIFICATION_FAILED_MAIL } from './audit.mail.js';
import {
  type AuditFilter,
  auditActions,
  chainHead,
  chainRows,
  chainSpan,
  claimVerification,
  exportRows,
  finishVerification,
  hashAtSeq,
  latestVerifications,
  listAudit,
  releaseVerification,
} from './audit.repository.js';
import { type ChainCursor, type ChainProblem, checkChainRows, GENESIS_HASH } from './audit-chain.js';

export const AUDIT_PAGE = 50;

export async function auditPage(
  ctx: AppContext,
  actor: Actor,
  filter: AuditFilter,
): Promise<{ entries: AuditEntry[]; nextCursor: number | null }> {
  requireRole(actor, 'admin');
  const rows = await listAudit(ctx.db, filter, AUDIT_PAGE + 1);
  const entries = rows.slice(0, AUDIT_PAGE);
  return { entries, nextCursor: rows.length > AUDIT_PAGE ? entries[entries.length - 1].id : null };
}

export async function actions(ctx: AppContext, actor: Actor): Promise<string[]> {
  requireRole(actor, 'admin');
  return auditActions(ctx.db);
}

// ---------------------------------------------------------------- verification (decision 0081)

export interface ChainVerification {
  ok: boolean;
  rowsChecked: number;
  /** The first and last chain positions checked (null on an empty range). */
  firstSeq: number | null;
  lastSeq: number | null;
  /** created_at of the last row checked. */
  throughAt: string | null;
  /** The last row's stored hash: what an auditor may note to compare with a later run. */
  headHash: string | null;
  /** First first; the first names the row to look at. */
  problems: ChainProblem[];
}

const BATCH = 5000;

/**
 * Recomputes the audit chain over the rows written in [from, to) (the whole log without them) and names every row
 * that was changed, removed or inserted out of order (docs/product/security.md#audit-log). Without `to` it also
 * checks the last row against the chain head the insert trigger keeps, so removing the newest rows is caught.
 */
export async function verifyAuditChain(
  exec: Executor,
  range: { from?: Date; to?: Date } = {},
): Promise<ChainVerification> {
  const problems: ChainProblem[] = [];
  const head = await chainHead(exec);
  const span = await chainSpan(exec, range);
  let cursor: ChainCursor = { nextSeq: 1, prevHash: GENESIS_HASH };
  if (range.from && span && span.firstSeq > 1) {
    const anchor = await hashAtSeq(exec, span.firstSeq - 1);
    cursor = { nextSeq: span.firstSeq, prevHash: anchor ?? '' };
    if (anchor == null)
      problems.push({
        kind: 'removed',
        chainSeq: span.firstSeq - 1,
        rowId: null,
        message: `chain position ${span.firstSeq - 1} is missing: a row was removed just before this period`,
      });
  }
  const toSeq = range.to ? (span?.lastSeq ?? 0) : null;
  let rowsChecked = 0;
  let last: { chainSeq: number; rowHash: string; createdAt: string; id: number } | null = null;
  let firstSeq: number | null = null;
  if (span || !range.from) {
    let after = cursor.nextSeq - 1;
    for (;;) {
      const rows = await chainRows(exec, after, toSeq, BATCH);
      if (rows.length === 0) break;
      // The anchor of a partial run is known only once its first row is read when the row before it is gone.
      if (cursor.prevHash === '') cursor = { ...cursor, prevHash: rows[0].prevHash };
      firstSeq ??= rows[0].chainSeq;
      cursor = checkChainRows(rows, cursor, problems);
      rowsChecked += rows.length;
      last = rows[rows.length - 1];
      after = last.chainSeq;
      if (rows.length < BATCH) break;
    }
  }
  // A period with no rows (from only) has nothing to compare the head with: the whole-log run does.
  if (!range.to && head && (last || !range.from)) {
    const lastSeq = last?.chainSeq ?? cursor.nextSeq - 1;
    if (head.lastSeq > lastSeq)
      problems.push({
        kind: 'removed',
        chainSeq: lastSeq + 1,
        rowId: null,
        message:
          head.lastSeq === lastSeq + 1
            ? `chain position ${head.lastSeq} is missing: the newest row was removed`
            : `chain positions ${lastSeq + 1} to ${head.lastSeq} are missing: the newest ${head.lastSeq - lastSeq} rows were removed`,
      });
    else if (last && head.lastSeq === last.chainSeq && head.lastHash !== last.rowHash)
      problems.push({
        kind: 'changed',
        chainSeq: last.chainSeq,
        rowId: last.id,
        message: `audit row ${last.id} (chain position ${last.chainSeq}) does not match the chain head: it was rewritten`,
      });
    else if (head.lastSeq < lastSeq)
      problems.push({
        kind: 'out-of-order',
        chainSeq: head.lastSeq + 1,
        rowId: null,
        message: `rows after chain position ${head.lastSeq} were added behind the chain's back`,
      });
  }
  return {
    ok: problems.length === 0,
    rowsChecked,
    firstSeq,
    lastSeq: last?.chainSeq ?? null,
    throughAt: last?.createdAt ?? null,
    headHash: last?.rowHash ?? null,
    problems,
  };
}

/** Server-local calendar day, the key of that day's verification. */
export function verificationDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The nightly run starts from this hour (server-local); a server started later that day still runs it. */
export const VERIFY_FROM_HOUR = 2;

export type VerificationTick = 'not-due' | 'taken' | 'passed' | 'failed';

/**
 * Verifies the whole chain once a day across every instance: the first to insert the day's audit_verifications row
 * runs it, the others find it taken. A failure is recorded and mailed to every admin through the outbox in one
 * transaction (docs/product/security.md#audit-log).
 */
export async function runAuditVerificationIfDue(
  ctx: AppContext,
  now: Date = ctx.clock.now(),
): Promise<VerificationTick> {
  if (now.getHours() < VERIFY_FROM_HOUR) return 'not-due';
  const day = verificationDay(now);
  if (!(await claimVerification(ctx.db, day, now))) return 'taken';
  let result: ChainVerification;
  try {
    result = await verifyAuditChain(ctx.db);
  } catch (err) {
    await releaseVerification(ctx.db, day).catch(() => {});
    throw err;
  }
  const finishedAt = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await finishVerification(tx, day, finishedAt, {
      ok: result.ok,
      rowsChecked: result.rowsChecked,
      throughAt: result.throughAt ? new Date(result.throughAt) : null,
      throughSeq: result.lastSeq,
      headHash: result.headHash,
      problems: result.problems,
    });
    if (!result.ok)
      for (const to of await adminEmails(tx))
        await enqueueMail(tx, {
          template: AUDIT_VERIFICATION_FAILED_MAIL,
          to,
          payload: {
            day,
            problemCount: result.problems.length,
            problems: result.problems.slice(0, 10).map((p) => p.message),
          },
        });
  });
  if (result.ok) ctx.log.info({ day, rows: result.rowsChecked }, 'audit chain verified');
  else ctx.log.error({ day, problems: result.problems.slice(0, 10) }, 'audit chain verification failed');
  return result.ok ? 'passed' : 'failed';
}

export async function verificationStatus(ctx: AppContext, actor: Actor): Promise<AuditVerification> {
  requireRole(actor, 'admin');
  const { latest, lastOk } = await latestVerifications(ctx.db);
  return {
    verifiedThrough: lastOk ? (lastOk.throughAt ?? lastOk.finishedAt).toISOString() : null,
    lastRunAt: latest ? latest.finishedAt.toISOString() : null,
    lastRunOk: latest ? latest.ok : null,
    problems:
      latest && !latest.ok
        ? latest.problems.map((p) => String((p as { message?: unknown }).message ?? p)).slice(0, 10)
        : [],
  };
}

// ---------------------------------------------------------------- export

/** Most rows one export holds; a longer period is exported in parts. */
export const EXPORT_ROWS_MAX = 100_000;

export const HASHING = [
  'rowHash = SHA-256 (hex) of the UTF-8 text of the PostgreSQL jsonb array',
  '[chainSeq, prevHash, id, action, resourceType, actorUserId, actorEmail, ip, details, createdAt]',
  '(createdAt in UTC with microseconds); prevHash is the rowHash of the row at chainSeq - 1,',
  `${GENESIS_HASH} for the first row. See docs/product/security.md#audit-log.`,
].join(' ');

const CSV_HEADER = [
  'id',
  'chain_seq',
  'created_at',
  'action',
  'resource_type',
  'actor_user_id',
  'actor_email',
  'ip',
  'details',
  'prev_hash',
  'row_hash',
];

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** The rows written in the given UTC days, in chain order, with their hashes (JSON, or CSV behind a formula guard). */
export async function exportAudit(
  ctx: AppContext,
  actor: Actor,
  q: { from: string; to: string; format: 'csv' | 'json' },
): Promise<{ body: string; contentType: string; filename: string }> {
  requireRole(actor, 'admin');
  const rows = await exportRows(ctx.db, dayStart(q.from), nextDay(q.to), EXPORT_ROWS_MAX + 1);
  if (rows.length > EXPORT_ROWS_MAX)
    throw new AppError('VALIDATION', 'More than 100,000 audit rows in this period: export a shorter one', {
      fields: { to: 'Choose a shorter period' },
    });
  const filename = `fieldlot-audit-${q.from}-to-${q.to}.${q.format}`;
  if (q.format === 'json') {
    const doc: AuditExport = {
      from: q.from,
      to: q.to,
      exportedAt: ctx.clock.now().toISOString(),
      hashing: HASHING,
      rows,
    };
    return { body: JSON.stringify(doc, null, 2), contentType: 'application/json; charset=utf-8', filename };
  }
  const line = (cells: string[]) => cells.map(csvCell).join(',');
  const lines = rows.map((r) =>
    line([
      String(r.id),
      String(r.chainSeq),
      r.createdAt,
      r.action,
      r.resourceType,
      r.actorUserId ?? '',
      r.actorEmail ?? '',
      r.ip ?? '',
      JSON.stringify(r.details),
      r.prevHash,
      r.rowHash,
    ]),
  );
  return {
    body: `${[CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`,
    contentType: 'text/csv; charset=utf-8',
    filename,
  };
}
