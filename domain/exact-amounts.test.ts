import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buyerBalanceText,
  type LedgerContext,
  type LedgerEntry,
  type LedgerStep,
  ledgerSummary,
  nextLedgerEntries,
} from './ledger';
import { buyerFeeCents, formatDollars, invoiceTotalCents, parseDollarsToCents } from './money';
import { nextStepText } from './purchases';

// docs/product/purchases.md#exact-amounts, decision 0069: what the dealer is told to pay is what the ledger takes
// as payment in full, read back from the very texts the screens and e-mails show.
const ctx: LedgerContext = { isDealerListing: true, sellerFeeCents: 250_00 };
const at = '2026-12-01T15:00:00Z';

function apply(entries: LedgerEntry[], step: LedgerStep): LedgerEntry[] {
  const r = nextLedgerEntries(entries, step, ctx);
  if (!r.ok) throw new Error(`${step.kind} refused: ${r.message}`);
  return [...entries, ...r.entries];
}

const pay = (amountCents: number): LedgerStep => ({
  kind: 'payment',
  amountCents,
  method: 'wire',
  reference: 'W-1',
  paidOn: '2026-12-02',
  at,
});

/** The amount in "Pay $41,398 by Dec 8, 2026", as a dealer reads it. */
function toldToPay(entries: LedgerEntry[]): number {
  const s = ledgerSummary(entries, ctx);
  const text = nextStepText({
    status: 'awaiting_payment',
    fulfilment: 'collect',
    balanceCents: s.buyerBalanceDueCents,
    dueDate: '2026-12-08',
  });
  const figure = text?.match(/^Pay \$([\d,]+(?:\.\d\d)?) by /)?.[1];
  const cents = figure === undefined ? null : parseDollarsToCents(figure);
  if (cents === null) throw new Error(`No amount in ${text}`);
  // Purchased Inventory's balance line says the same figure.
  expect(buyerBalanceText(s)).toBe(`Balance due ${formatDollars(cents)}`);
  return cents;
}

const price = fc.integer({ min: 1, max: 2_000_000 }).map((d) => d * 100);
// Delivery is quoted to $10; a delivery agreed by hand could be any amount of cents.
const delivery = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 35, max: 1_000 }).map((tens) => tens * 10_00),
  fc.integer({ min: 1, max: 2_000_000 }),
);

describe('the amount a dealer is told to pay is the payment in full the ledger takes', () => {
  it('for the issue sale: $38,950 is told as $41,398 and that payment settles it', () => {
    const entries = apply([], { kind: 'invoice', priceCents: 38_950_00, at });
    expect(toldToPay(entries)).toBe(41_398_00);
    const paid = apply(entries, pay(41_398_00));
    expect(ledgerSummary(paid, ctx).paidInFull).toBe(true);
    expect(nextLedgerEntries(entries, pay(41_398_01), ctx)).toEqual({
      ok: false,
      message: 'Payment cannot be more than the balance of $41,398',
    });
  });

  it('for every price of $1 to $2,000,000, with or without delivery: whole dollars, settled exactly', () => {
    fc.assert(
      fc.property(price, delivery, (priceCents, deliveryCents) => {
        const entries = apply([], { kind: 'invoice', priceCents, deliveryCents, at });
        const told = toldToPay(entries);
        // The invoice confirmation's preview is the invoice's total.
        expect(told).toBe(invoiceTotalCents(priceCents, buyerFeeCents(priceCents), deliveryCents));
        if (deliveryCents === null || deliveryCents % 100 === 0) expect(told % 100).toBe(0);
        const paid = apply(entries, pay(told));
        expect(ledgerSummary(paid, ctx).paidInFull).toBe(true);
        expect(ledgerSummary(paid, ctx).buyerBalanceDueCents).toBe(0);
        // A cent more is refused: the told amount is the whole balance, not a rounding of it.
        expect(nextLedgerEntries(entries, pay(told + 1), ctx).ok).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it('after a part payment, and for a sale recorded before the rule whose fee carries cents', () => {
    fc.assert(
      fc.property(
        price,
        fc.integer({ min: 0, max: 99 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (priceCents, feeCents, part) => {
          const buyerFee = buyerFeeCents(priceCents) - 100 + feeCents;
          const entries = apply([], { kind: 'invoice', priceCents, buyerFeeCents: buyerFee, at });
          const first = toldToPay(entries);
          expect(first).toBe(priceCents + buyerFee);
          const partCents = Math.floor(first * part);
          const afterPart = partCents > 0 && partCents < first ? apply(entries, pay(partCents)) : entries;
          const told = toldToPay(afterPart);
          const paid = apply(afterPart, pay(told));
          expect(ledgerSummary(paid, ctx).paidInFull).toBe(true);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
