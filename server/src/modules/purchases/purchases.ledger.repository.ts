import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { LedgerEntry } from '../../../../domain/ledger.js';
import type { Executor } from '../../db/client.js';
import { listings, purchaseLedgerEntries, purchaseMoneyCommands, purchases } from '../../db/schema.js';

/** The purchase ledger's SQL (docs/product/purchases.md#the-ledger): insert and read; the table refuses the rest. */

export type LedgerEntryRow = typeof purchaseLedgerEntries.$inferSelect;

/** The entries a step adds (`nextLedgerEntries`), in order, in the step's transaction. */
export async function insertEntries(
  exec: Executor,
  purchaseId: string,
  entries: readonly LedgerEntry[],
  meta: { recordedBy: string | null; claimId?: string | null; payoutReason?: string | null },
): Promise<LedgerEntryRow[]> {
  if (entries.length === 0) return [];
  return exec
    .insert(purchaseLedgerEntries)
    .values(
      entries.map((e) => ({
        purchaseId,
        kind: e.kind,
        line: e.kind === 'charge' ? e.line : null,
        of: e.kind === 'reversal' ? e.of : null,
        bornBy: e.kind === 'credit' ? e.bornBy : null,
        amountCents: e.amountCents,
        method: 'method' in e ? e.method : null,
        reference: 'reference' in e ? e.reference : null,
        paidOn: 'paidOn' in e ? e.paidOn : null,
        // A payout's reason: why it was made before the buyer's guarantee ended.
        reason: 'reason' in e ? e.reason : e.kind === 'payout' ? (meta.payoutReason ?? null) : null,
        claimId: e.kind === 'credit' ? (meta.claimId ?? null) : null,
        at: new Date(e.at),
        recordedBy: meta.recordedBy,
      })),
    )
    .returning();
}

/** The entries of many purchases in one query (the read model's lists), in the order they were written. */
export async function entriesOf(exec: Executor, purchaseIds: string[]): Promise<LedgerEntryRow[]> {
  if (purchaseIds.length === 0) return [];
  return exec
    .select()
    .from(purchaseLedgerEntries)
    .where(inArray(purchaseLedgerEntries.purchaseId, purchaseIds))
    .orderBy(asc(purchaseLedgerEntries.purchaseId), asc(purchaseLedgerEntries.id));
}

/**
 * The money view (`ledgerTotals` over a range): every entry counting on or before `to` (the positions at the end
 * need the history), with its purchase's number and whether it sells a dealer's listing.
 */
export async function entriesUpTo(exec: Executor, to: string) {
  return (
    exec
      .select({
        entry: purchaseLedgerEntries,
        number: purchases.number,
        isDealerListing: sql<boolean>`${isNotNull(listings.sellerUserId)}`,
      })
      .from(purchaseLedgerEntries)
      .innerJoin(purchases, eq(purchases.id, purchaseLedgerEntries.purchaseId))
      .innerJoin(listings, eq(listings.id, purchases.listingId))
      // The day an entry counts on (`entryDate`): the bank date of money moves, else the UTC day recorded.
      .where(
        sql`coalesce(${purchaseLedgerEntries.paidOn}, (${purchaseLedgerEntries.at} at time zone 'UTC')::date) <= ${to}::date`,
      )
      .orderBy(asc(purchaseLedgerEntries.purchaseId), asc(purchaseLedgerEntries.id))
  );
}

export type MoneyCommandRow = typeof purchaseMoneyCommands.$inferSelect;

/** The command a purchase already took under this Idempotency-Key, if any. */
export async function commandByKey(
  exec: Executor,
  purchaseId: string,
  requestKey: string,
): Promise<MoneyCommandRow | undefined> {
  const [row] = await exec
    .select()
    .from(purchaseMoneyCommands)
    .where(
      and(eq(purchaseMoneyCommands.purchaseId, purchaseId), eq(purchaseMoneyCommands.requestKey, requestKey)),
    );
  return row;
}

/** Records a command's key in its transaction; false when the key is already taken (the caller reads that one). */
export async function insertCommand(
  exec: Executor,
  row: {
    purchaseId: string;
    requestKey: string;
    command: string;
    fingerprint: string;
    recordedBy: string | null;
  },
): Promise<boolean> {
  const inserted = await exec
    .insert(purchaseMoneyCommands)
    .values(row)
    .onConflictDoNothing({ target: [purchaseMoneyCommands.purchaseId, purchaseMoneyCommands.requestKey] })
    .returning({ id: purchaseMoneyCommands.id });
  return inserted.length > 0;
}
