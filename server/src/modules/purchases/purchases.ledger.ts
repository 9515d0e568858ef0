// The purchase ledger on the server (docs/product/purchases.md#the-ledger, decision 0033): every money step goes
// through `runPurchaseCommand` (domain `decidePurchase`, `nextLedgerEntries`); every figure comes from `ledgerSummary`.
import type { z } from 'zod';
import {
  type LedgerContext,
  type LedgerEntry,
  type LedgerSummary,
  ledgerSummary,
  sellerChargeText,
  sellerPayoutDueDate,
  sellerPayoutText,
  sellerProceedsText,
} from '../../../../domain/ledger.js';
import { ledgerEntryOf, paidInFullOn, type sellerMoneyShape } from '../../../../domain/ledger-api.js';
import { payoutAfterGuaranteeText } from '../../../../domain/purchases.js';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import * as ledgerRepo from './purchases.ledger.repository.js';
import * as repo from './purchases.repository.js';

/** A stored row as the domain's entry (its `ledgerEntrySchema` shape). */
export const toEntry = (r: ledgerRepo.LedgerEntryRow): LedgerEntry => ledgerEntryOf(r);

/** Rows of many purchases grouped by purchase, in the order they were written. */
export function byPurchase(rows: ledgerRepo.LedgerEntryRow[]): Map<string, ledgerRepo.LedgerEntryRow[]> {
  const m = new Map<string, ledgerRepo.LedgerEntryRow[]>();
  for (const r of rows) {
    const list = m.get(r.purchaseId);
    if (list) list.push(r);
    else m.set(r.purchaseId, [r]);
  }
  return m;
}

/** The day the tractor left the seller: the recorded pickup or delivery date, else the day it was recorded. */
function collectedOn(p: repo.PurchaseRow): string | null {
  if (!p.handedOverAt) return null;
  return (p.fulfilment === 'delivery' ? p.deliveryDate : p.pickupDate) ?? p.handedOverAt.toISOString();
}

/** What the ledger's rules need to know of the purchase besides its entries. */
export function ledgerContext(ctx: AppContext, p: repo.PurchaseRow, isDealerListing: boolean): LedgerContext {
  return {
    isDealerListing,
    sellerFeeCents: ctx.config.sellerFeeCents,
    cancelled: p.status === 'cancelled',
    collectedAt: collectedOn(p),
    titleReceivedAt: p.titleReceivedAt,
  };
}

export function summaryOf(
  ctx: AppContext,
  p: repo.PurchaseRow,
  isDealerListing: boolean,
  entries: readonly LedgerEntry[],
): LedgerSummary {
  return ledgerSummary(entries, ledgerContext(ctx, p, isDealerListing));
}

/** SELLER_PAYOUT_DAYS business days after the last of paid in full, collected and title received. */
export function payoutDueDate(ctx: AppContext, p: repo.PurchaseRow, entries: readonly LedgerEntry[]) {
  return sellerPayoutDueDate(
    paidInFullOn(entries),
    collectedOn(p),
    p.titleReceivedAt,
    ctx.config.purchases.sellerPayoutDays,
  );
}

/** A dealer's listing has a seller to pay and to charge; FieldLot's own has none. */
export async function isDealerListing(tx: Tx | AppContext['db'], p: repo.PurchaseRow): Promise<boolean> {
  return (await repo.listingSeller(tx, p.listingId)) !== null;
}

/** The entries of one purchase (the lock, when the caller holds it, keeps them current). */
export async function entriesOfPurchase(tx: Tx | AppContext['db'], purchaseId: string) {
  return (await ledgerRepo.entriesOf(tx, [purchaseId])).map(toEntry);
}

type SellerMoney = { [K in keyof typeof sellerMoneyShape]: z.infer<(typeof sellerMoneyShape)[K]> };

/** The seller's figures (My Listings): proceeds, the payout line, the charges (seller-borne credits). */
export function sellerMoney(
  ctx: AppContext,
  p: repo.PurchaseRow,
  entries: readonly LedgerEntry[],
  s: LedgerSummary,
): SellerMoney {
  const due = payoutDueDate(ctx, p, entries);
  // While the buyer may still claim, the payout waits for the guarantee's end (docs/product/purchases.md#paying-the-seller).
  const waits =
    s.owedToSellerCents > 0 && s.owedBySellerCents === 0
      ? payoutAfterGuaranteeText(p.guaranteeEndsAt, due, ctx.clock.now())
      : null;
  return {
    proceedsCents: s.sellerProceedsCents,
    proceedsText: sellerProceedsText(s),
    paidOutCents: s.sellerPaidOutCents,
    owedToSellerCents: s.owedToSellerCents,
    owedBySellerCents: s.owedBySellerCents,
    payoutDueDate: s.owedToSellerCents > 0 ? due : null,
    payoutText: waits ?? sellerPayoutText(s, due),
    charges: entries.flatMap((e) =>
      e.kind === 'credit' && e.bornBy === 'seller' && !s.cancelled
        ? [{ amountCents: e.amountCents, reason: e.reason, text: sellerChargeText(e), at: e.at }]
        : [],
    ),
  };
}
