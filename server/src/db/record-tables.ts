/**
 * Tables whose rows are records: the database itself refuses to change or remove them, whatever code or console
 * runs the statement (triggers in the migrations; decision 0066). record-tables.test.ts reads the catalog and
 * fails when a table here lacks a guard, and runs TRUNCATE on each to see it refused.
 */

/** Never updated, deleted or truncated: each row is written once. */
export const INSERT_ONLY_TABLES = {
  audit_log: 'who did what, kept as it was written',
  inspection_revisions: 'a published condition report; an edit publishes a new revision',
  purchase_events: "a purchase's timeline",
  invoices: 'an issued invoice; a correction is a credit note',
  credit_notes: 'an issued credit note',
  purchase_ledger_entries: 'every money movement of a purchase; a correction is a new entry',
  purchase_money_commands: "a money command's request key, so a retry never books the money twice",
  market_sales: 'a recorded sale that FieldLot Value learns from; only demo rows may be deleted',
  inquiry_offers: 'a sent farmer offer; only its answer is written, once',
  inquiry_photos: "a farmer's sell-form photos",
  timed_sale_bids: "an accepted bid of a Timed Sale: the lot's history",
} as const satisfies Record<string, string>;

/** Updated as a deal moves on, but never deleted or truncated. */
export const NEVER_DELETED_TABLES = {
  purchases: 'a deal; its status moves on, the deal stays',
  purchase_claims: "a buyer's claim on a purchase; only its answer changes",
} as const satisfies Record<string, string>;

export type GuardedStatement = 'UPDATE' | 'DELETE' | 'TRUNCATE';

/** Each record table and the statements its BEFORE triggers refuse (or, for UPDATE, restrict). */
export function recordTableGuards(): Record<string, GuardedStatement[]> {
  return {
    ...Object.fromEntries(
      Object.keys(INSERT_ONLY_TABLES).map((t) => [t, ['UPDATE', 'DELETE', 'TRUNCATE'] as GuardedStatement[]]),
    ),
    ...Object.fromEntries(
      Object.keys(NEVER_DELETED_TABLES).map((t) => [t, ['DELETE', 'TRUNCATE'] as GuardedStatement[]]),
    ),
  };
}
