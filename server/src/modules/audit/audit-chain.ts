import { createHash } from 'node:crypto';

/**
 * The audit log's hash chain (decision 0081, docs/product/security.md#audit-log). Each row's `row_hash` is the
 * SHA-256 (hex) of its canonical content, PostgreSQL's text form of the jsonb array
 * `[chain_seq, prev_hash, id, action, resource_type, actor_user_id, actor_email, ip, details, created_at]`
 * (created_at in UTC with microseconds, `2026-12-06T14:35:42.123456Z`), and `prev_hash` is the previous row's
 * `row_hash` (64 zeros for the first row). The insert trigger of migration 0037 computes it; the verifier
 * recomputes it here from the row as stored, with its own copy of the canonical form (`auditContentSql` in the
 * repository), never trusting a function stored in the database.
 */
export const GENESIS_HASH = '0'.repeat(64);

export const sha256Hex = (content: string) => createHash('sha256').update(content, 'utf8').digest('hex');

/** One stored row as the verifier reads it: its chain fields and its canonical content. */
export interface ChainRow {
  id: number;
  chainSeq: number;
  prevHash: string;
  rowHash: string;
  createdAt: string;
  content: string;
}

export type ChainProblemKind = 'changed' | 'removed' | 'out-of-order';

export interface ChainProblem {
  kind: ChainProblemKind;
  /** The chain position concerned (for `removed`, the first missing one). */
  chainSeq: number;
  /** The audit row concerned; for `removed`, the row found after the gap (null when the gap is at the end). */
  rowId: number | null;
  message: string;
}

/** What a walk over the chain carries from one batch of rows to the next. */
export interface ChainCursor {
  /** The chain position the next row must have. */
  nextSeq: number;
  /** The hash the next row's prev_hash must be. */
  prevHash: string;
}

/** Most problems a report lists (the first is what matters; a rewritten table would list every row). */
export const PROBLEMS_MAX = 100;

/**
 * Checks rows in chain order against the cursor and returns the cursor after them. A changed row fails its own
 * hash; a removed row leaves a gap in chain_seq; a row inserted out of order (or a rewritten link) has a prev_hash
 * that is not its predecessor's hash. The walk goes on from each row's stored hash, so one changed row is named
 * once and the rows after it are not all reported.
 */
export function checkChainRows(rows: ChainRow[], cursor: ChainCursor, problems: ChainProblem[]): ChainCursor {
  let { nextSeq, prevHash } = cursor;
  const report = (p: ChainProblem) => {
    if (problems.length < PROBLEMS_MAX) problems.push(p);
  };
  for (const row of rows) {
    let gap = false;
    if (row.chainSeq > nextSeq) {
      gap = true;
      const missing = row.chainSeq - nextSeq;
      report({
        kind: 'removed',
        chainSeq: nextSeq,
        rowId: row.id,
        message:
          missing === 1
            ? `chain position ${nextSeq} is missing: a row was removed before audit row ${row.id}`
            : `chain positions ${nextSeq} to ${row.chainSeq - 1} are missing: ${missing} rows were removed before audit row ${row.id}`,
      });
    } else if (row.chainSeq < nextSeq) {
      report({
        kind: 'out-of-order',
        chainSeq: row.chainSeq,
        rowId: row.id,
        message: `audit row ${row.id} repeats chain position ${row.chainSeq}`,
      });
    }
    if (sha256Hex(row.content) !== row.rowHash) {
      report({
        kind: 'changed',
        chainSeq: row.chainSeq,
        rowId: row.id,
        message: `audit row ${row.id} (chain position ${row.chainSeq}) was changed: its content no longer matches its hash`,
      });
    } else if (!gap && row.prevHash !== prevHash) {
      report({
        kind: 'out-of-order',
        chainSeq: row.chainSeq,
        rowId: row.id,
        message: `audit row ${row.id} (chain position ${row.chainSeq}) does not follow the row before it: inserted out of order or its link was rewritten`,
      });
    }
    nextSeq = Math.max(nextSeq, row.chainSeq + 1);
    prevHash = row.rowHash;
  }
  return { nextSeq, prevHash };
}
