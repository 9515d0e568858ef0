import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountBalances,
  buyerBalanceText,
  defaultCreditBearer,
  type LedgerContext,
  type LedgerEntry,
  type LedgerStep,
  ledgerEntrySchema,
  ledgerSummary,
  ledgerTotals,
  nextLedgerEntries,
  proceedsCeilingCents,
  runningBalances,
  SELLER_PAYOUT_DAYS,
  sellerChargeText,
  sellerPayoutDueDate,
  sellerPayoutText,
  sellerProceedsText,
} from './ledger';
import { buyerMoneyOf } from './ledger-api';

// docs/product/purchases.md#the-ledger
const dealer: LedgerContext = { isDealerListing: true, sellerFeeCents: 250_00 };
const handedOver: LedgerContext = { ...dealer, collectedAt: '2026-12-01', titleReceivedAt: '2026-12-02' };

/** Applies steps through the validators; a refused step fails the test with its message. */
function run(steps: LedgerStep[], ctx: LedgerContext = handedOver): LedgerEntry[] {
  let entries: LedgerEntry[] = [];
  for (const step of steps) {
    const r = nextLedgerEntries(entries, step, ctx);
    if (!r.ok) throw new Error(`${step.kind} refused: ${r.message}`);
    entries = [...entries, ...r.entries];
  }
  return entries;
}

const at = (d: string) => `${d}T15:00:00Z`;
const invoice: LedgerStep = { kind: 'invoice', priceCents: 180_000_00, at: at('2026-11-20') };
const payInFull: LedgerStep = {
  kind: 'payment',
  amountCents: 189_500_00,
  method: 'wire',
  reference: 'W-1',
  paidOn: '2026-11-23',
  at: at('2026-11-23'),
};
const credit = (bornBy: 'fieldlot' | 'seller'): LedgerStep => ({
  kind: 'credit',
  amountCents: 3_000_00,
  bornBy,
  reason: 'Hydraulic leak the report did not show',
  at: at('2026-12-03'),
});
const payoutMove = {
  kind: 'payout',
  method: 'ach',
  reference: 'P-77',
  paidOn: '2026-12-10',
  at: at('2026-12-10'),
} as const;
const payout = (amountCents: number): LedgerStep => ({
  ...payoutMove,
  amountCents,
});

describe('ledger summary: a $180,000 sale, $250 seller fee', () => {
  it('invoices price and buyer fee ($500 + 5% = $9,500) and owes the seller price - fee', () => {
    const s = ledgerSummary(run([invoice]), dealer);
    expect(s.buyerChargedCents).toBe(189_500_00);
    expect(s.buyerBalanceDueCents).toBe(189_500_00);
    expect(s.sellerProceedsCents).toBe(179_750_00);
    expect(s.fieldlot.feesEarnedCents).toBe(9_750_00);
    expect(sellerProceedsText(s)).toBe('Your proceeds $179,750');
    expect(proceedsCeilingCents(run([invoice]), dealer)).toBe(179_750_00);
  });

  it('a $3,000 credit borne by the seller lowers the proceeds to $176,750', () => {
    const entries = run([invoice, payInFull, credit('seller')]);
    const s = ledgerSummary(entries, dealer);
    expect(s.sellerProceedsCents).toBe(176_750_00);
    expect(s.owedToSellerCents).toBe(176_750_00);
    expect(s.fieldlot.feesEarnedCents).toBe(9_750_00);
    expect(s.fieldlot.creditsBorneCents).toBe(0);
    expect(s.owedToBuyerCents).toBe(3_000_00);
    expect(buyerBalanceText(s)).toBe('FieldLot owes you $3,000');
    const charge = entries.find((e) => e.kind === 'credit');
    expect(charge && charge.kind === 'credit' && sellerChargeText(charge)).toBe(
      'Charge $3,000: Hydraulic leak the report did not show',
    );
  });

  it('a $3,000 credit borne by FieldLot leaves the proceeds at $179,750 and is reported against the fees', () => {
    const s = ledgerSummary(run([invoice, payInFull, credit('fieldlot')]), dealer);
    expect(s.sellerProceedsCents).toBe(179_750_00);
    expect(s.fieldlot.feesEarnedCents).toBe(9_750_00);
    expect(s.fieldlot.creditsBorneCents).toBe(3_000_00);
    expect(s.fieldlot.netCents).toBe(6_750_00);
  });

  it('the credit owed to the buyer is settled by a refund', () => {
    const refund: LedgerStep = {
      kind: 'refund',
      amountCents: 3_000_00,
      method: 'wire',
      reference: 'R-1',
      paidOn: '2026-12-04',
      at: at('2026-12-04'),
    };
    const s = ledgerSummary(run([invoice, payInFull, credit('fieldlot'), refund]), dealer);
    expect(s.owedToBuyerCents).toBe(0);
    expect(s.refundsPaidCents).toBe(3_000_00);
    expect(s.settledForBuyer).toBe(true);
    expect(buyerBalanceText(s)).toBe('Paid in full');
  });

  it('cancel and return: proceeds $0, the payout already made is owed by the seller, the buyer is owed what they paid', () => {
    const cancel: LedgerStep = {
      kind: 'cancel',
      reason: 'Claim answered: cancel and return',
      at: at('2026-12-11'),
    };
    const entries = run([invoice, payInFull, payout(179_750_00), cancel]);
    const s = ledgerSummary(entries, dealer);
    expect(s.cancelled).toBe(true);
    expect(s.sellerProceedsCents).toBe(0);
    expect(s.owedBySellerCents).toBe(179_750_00);
    expect(s.owedToSellerCents).toBe(0);
    expect(s.owedToBuyerCents).toBe(189_500_00);
    expect(s.fieldlot.netCents).toBe(0);
    expect(sellerPayoutText(s, null)).toBe(
      'You owe FieldLot $179,750: the sale was cancelled after the payout',
    );
    const repay: LedgerStep = {
      kind: 'seller_repayment',
      amountCents: 179_750_00,
      method: 'wire',
      reference: 'SR-1',
      paidOn: '2026-12-15',
      at: at('2026-12-15'),
    };
    const refund: LedgerStep = { ...repay, kind: 'refund', amountCents: 189_500_00, reference: 'R-2' };
    const done = ledgerSummary([...entries, ...after(entries, [repay, refund])], dealer);
    expect(done.settledForBuyer && done.settledForSeller).toBe(true);
    expect(done.balances).toEqual({ buyer: 0, seller: 0, fieldlot: 0, cash: 0 });
  });

  it("FieldLot's own listing: no seller, the price is FieldLot's sale and fees are the buyer fee", () => {
    const own: LedgerContext = { isDealerListing: false };
    const s = ledgerSummary(run([invoice, payInFull], own), own);
    expect(s.sellerProceedsCents).toBe(0);
    expect(s.fieldlot.feesEarnedCents).toBe(9_500_00);
    expect(s.fieldlot.ownSaleCents).toBe(180_000_00);
    expect(nextLedgerEntries([], credit('seller'), own)).toMatchObject({ ok: false });
  });
});

/** Steps applied after existing entries. */
function after(entries: LedgerEntry[], steps: LedgerStep[], ctx: LedgerContext = handedOver): LedgerEntry[] {
  let all = entries;
  const added: LedgerEntry[] = [];
  for (const step of steps) {
    const r = nextLedgerEntries(all, step, ctx);
    if (!r.ok) throw new Error(`${step.kind} refused: ${r.message}`);
    all = [...all, ...r.entries];
    added.push(...r.entries);
  }
  return added;
}

describe('ledger validators refuse impossible steps', () => {
  const invoiced = run([invoice]);
  const paid = run([invoice, payInFull]);

  it('a payment above the balance', () => {
    const r = nextLedgerEntries(invoiced, { ...payInFull, amountCents: 189_500_01 }, handedOver);
    expect(r).toEqual({ ok: false, message: 'Payment cannot be more than the balance of $189,500' });
  });

  it('a refund above what is owed to the buyer', () => {
    const r = nextLedgerEntries(paid, { ...payInFull, kind: 'refund', amountCents: 1 }, handedOver);
    expect(r).toEqual({
      ok: false,
      message: 'FieldLot owes the buyer $0; this refund of $0.01 is more',
    });
  });

  it('a payout before paid in full, collected and title received, or above what is owed', () => {
    expect(nextLedgerEntries(invoiced, payout(100_00), handedOver)).toEqual({
      ok: false,
      message: 'The seller is paid once the buyer has paid in full',
    });
    expect(nextLedgerEntries(paid, payout(100_00), dealer)).toEqual({
      ok: false,
      message: 'The seller is paid once the tractor is collected',
    });
    expect(nextLedgerEntries(paid, payout(100_00), { ...dealer, collectedAt: '2026-12-01' })).toEqual({
      ok: false,
      message: 'The seller is paid once FieldLot has received the title',
    });
    expect(nextLedgerEntries(paid, payout(179_750_01), handedOver)).toEqual({
      ok: false,
      message: 'FieldLot owes the seller $179,750; this payout of $179,750.01 is more',
    });
  });

  it('a second payout with a reference already paid out, whatever its case or spaces', () => {
    const once = run([invoice, payInFull, payout(50_000_00)]);
    const second = (reference: string): LedgerStep => ({ ...payoutMove, amountCents: 50_000_00, reference });
    expect(nextLedgerEntries(once, second(' p-77 '), handedOver)).toEqual({
      ok: false,
      message: 'A payout with reference p-77 is already recorded: it is not paid twice',
    });
    expect(nextLedgerEntries(once, second('P-78'), handedOver).ok).toBe(true);
    expect(nextLedgerEntries(once, second(''), handedOver).ok).toBe(true);
  });

  it('anything but refunds and seller repayments after cancellation', () => {
    const cancelled = after(paid, [{ kind: 'cancel', reason: 'Buyer withdrew', at: at('2026-11-24') }]);
    const all = [...paid, ...cancelled];
    for (const step of [
      payInFull,
      credit('fieldlot'),
      payout(1),
      { kind: 'cancel', reason: 'again', at: at('2026-11-25') },
    ] as LedgerStep[])
      expect(nextLedgerEntries(all, step, handedOver)).toMatchObject({
        ok: false,
        message: expect.stringContaining('cancelled'),
      });
    expect(nextLedgerEntries(all, { ...payInFull, kind: 'refund' }, handedOver).ok).toBe(true);
  });

  it('amounts that are not positive whole cents', () => {
    expect(nextLedgerEntries(invoiced, { ...payInFull, amountCents: 0 }, handedOver).ok).toBe(false);
    expect(nextLedgerEntries(invoiced, { ...payInFull, amountCents: 10.5 }, handedOver).ok).toBe(false);
    expect(nextLedgerEntries([], { ...invoice, priceCents: -100 }, handedOver)).toEqual({
      ok: false,
      message: 'The price must be more than $0',
    });
    expect(nextLedgerEntries(invoiced, invoice, handedOver)).toMatchObject({ ok: false });
    expect(
      ledgerEntrySchema.safeParse({ kind: 'payout', amountCents: -5, at: at('2026-12-01') }).success,
    ).toBe(false);
  });
});

describe('ledger rules and texts', () => {
  it('default credit bearer: the report missed it -> FieldLot; declared otherwise or hidden -> the seller; own listing -> FieldLot', () => {
    expect(defaultCreditBearer({ cause: 'missed_by_report', isDealerListing: true })).toBe('fieldlot');
    expect(defaultCreditBearer({ cause: 'declared_otherwise_by_seller', isDealerListing: true })).toBe(
      'seller',
    );
    expect(defaultCreditBearer({ cause: 'hidden_by_seller', isDealerListing: true })).toBe('seller');
    expect(defaultCreditBearer({ cause: 'hidden_by_seller', isDealerListing: false })).toBe('fieldlot');
  });

  it('payout due 10 business days after the last of paid, collected, title received (Thanksgiving skipped)', () => {
    expect(SELLER_PAYOUT_DAYS).toBe(10);
    // Last of the three: Wednesday 2026-11-25; Thursday 26 is Thanksgiving.
    expect(sellerPayoutDueDate('2026-11-23', new Date('2026-11-24T10:00:00Z'), '2026-11-25T18:00:00Z')).toBe(
      '2026-12-10',
    );
    expect(sellerPayoutDueDate('2026-11-23', '2026-11-24', null)).toBeNull();
    expect(sellerPayoutDueDate('2026-12-01', '2026-12-01', '2026-12-01', 3)).toBe('2026-12-04');
  });

  it("the seller's payout lines", () => {
    const paid = run([invoice, payInFull]);
    expect(sellerPayoutText(ledgerSummary(paid, dealer), '2026-12-14')).toBe('Payout due December 14, 2026');
    const out = [...paid, ...after(paid, [payout(179_750_00)])];
    expect(sellerPayoutText(ledgerSummary(out, dealer), '2026-12-14')).toBe(
      'Paid December 10, 2026 — ref P-77',
    );
  });

  it('running balances in date order, and totals over a range equal the sums of the entries', () => {
    const entries = run([invoice, payInFull, credit('seller'), payout(176_750_00)]);
    const rows = runningBalances([...entries].reverse());
    expect(rows.map((r) => r.entry.at)).toEqual([...rows.map((r) => r.entry.at)].sort());
    expect(rows.at(-1)?.balances).toEqual(accountBalances(entries));
    expect(rows.at(-1)?.balances).toEqual({
      buyer: -3_000_00,
      seller: 0,
      fieldlot: -9_750_00,
      cash: 12_750_00,
    });

    const purchases = [{ entries, isDealerListing: true }];
    const all = ledgerTotals(purchases, { from: '2026-01-01', to: '2026-12-31' });
    expect(all).toMatchObject({
      receivedFromBuyersCents: 189_500_00,
      paidToSellersCents: 176_750_00,
      buyerFeesCents: 9_500_00,
      sellerFeesCents: 250_00,
      owedToBuyersCents: 3_000_00,
      owedToSellersCents: 0,
      awaitingPaymentCents: 0,
    });
    // Up to November: the payment is in, the payout is not yet made and nothing is credited.
    const november = ledgerTotals(purchases, { from: '2026-11-01', to: '2026-11-30' });
    expect(november).toMatchObject({
      paidToSellersCents: 0,
      owedToSellersCents: 179_750_00,
      owedToBuyersCents: 0,
    });
  });
});

// ---------------------------------------------------------------- property: random sequences of steps

type Gen = {
  kind: LedgerStep['kind'] | 'collect' | 'title';
  permille: number;
  bornBy: 'fieldlot' | 'seller';
};

const genStep: fc.Arbitrary<Gen> = fc.record({
  // Weighted so that long runs reach payouts before a cancellation (which is rarer).
  kind: fc.constantFrom<Gen['kind']>(
    ...([
      'invoice',
      'cancel',
      'seller_repayment',
      'seller_repayment',
      'seller_repayment',
      'seller_repayment',
    ] as const),
    ...(['payment', 'payment', 'payment', 'credit', 'credit', 'credit', 'refund', 'refund'] as const),
    ...(['payout', 'payout', 'payout', 'payout', 'collect', 'collect', 'title', 'title'] as const),
  ),
  // Up to 120% of the step's limit, so some steps are refused for being too large.
  permille: fc.oneof(
    { arbitrary: fc.constant(1000), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: 999 }), weight: 3 },
    { arbitrary: fc.integer({ min: 1001, max: 1200 }), weight: 1 },
  ),
  bornBy: fc.constantFrom('fieldlot' as const, 'seller' as const),
});

/** The figures recomputed straight from the entries, independently of `ledgerSummary`. */
function byKind(entries: LedgerEntry[]) {
  const sum = (f: (e: LedgerEntry) => boolean) => entries.filter(f).reduce((n, e) => n + e.amountCents, 0);
  const charges = sum((e) => e.kind === 'charge');
  const reversedCharges = sum(
    (e) => e.kind === 'reversal' && ['price', 'buyer_fee', 'delivery'].includes(e.of),
  );
  const credits = sum((e) => e.kind === 'credit');
  const reversedCredits = sum((e) => e.kind === 'reversal' && e.of.startsWith('credit_'));
  const paid = sum((e) => e.kind === 'payment');
  const refunded = sum((e) => e.kind === 'refund');
  const payable =
    sum((e) => e.kind === 'seller_payable') - sum((e) => e.kind === 'reversal' && e.of === 'seller_payable');
  const sellerCredits =
    sum((e) => e.kind === 'credit' && e.bornBy === 'seller') -
    sum((e) => e.kind === 'reversal' && e.of === 'credit_seller');
  const payouts = sum((e) => e.kind === 'payout');
  const repaid = sum((e) => e.kind === 'seller_repayment');
  return {
    charges,
    reversedCharges,
    credits,
    reversedCredits,
    paid,
    refunded,
    payable,
    sellerCredits,
    payouts,
    repaid,
  };
}

describe('ledger property: any sequence of accepted steps keeps the money balanced', () => {
  it('after every step: zero sum, figures equal the entries, proceeds capped, nothing owed twice', () => {
    // Which steps were accepted and which states were reached, so the property is known to reach them.
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 1_000_00, max: 500_000_00 }),
        fc.option(fc.integer({ min: 350_00, max: 5_000_00 })),
        fc.integer({ min: 0, max: 1_000_00 }),
        fc.array(genStep, { minLength: 15, maxLength: 40 }),
        fc.constantFrom('nothing', 'invoiced', 'paid out'),
        (isDealerListing, priceCents, deliveryCents, sellerFeeCents, rest, start) => {
          // Runs start from nothing, from the invoice, or from a sale paid in full, handed over and paid out, so
          // the random steps reach the late states (credits and cancellations after a payout) often.
          const full: Gen = { kind: 'payment', permille: 1000, bornBy: 'fieldlot' };
          const prefix: Gen[] =
            start === 'nothing'
              ? []
              : start === 'invoiced'
                ? [{ ...full, kind: 'invoice' }]
                : [
                    { ...full, kind: 'invoice' },
                    full,
                    { ...full, kind: 'collect' },
                    { ...full, kind: 'title' },
                    { ...full, kind: 'payout' },
                  ];
          const gens = [...prefix, ...rest];
          const ctx: LedgerContext = { isDealerListing, sellerFeeCents };
          let entries: LedgerEntry[] = [];
          let day = 1;
          for (const g of gens) {
            const when = `2026-03-${String(Math.min(day++, 28)).padStart(2, '0')}`;
            const s = ledgerSummary(entries, ctx);
            const part = (limit: number) => Math.max(1, Math.round((limit * g.permille) / 1000));
            const money = { method: 'wire' as const, reference: `R${day}`, paidOn: when, at: at(when) };
            let step: LedgerStep;
            switch (g.kind) {
              case 'collect':
                ctx.collectedAt = when;
                continue;
              case 'title':
                ctx.titleReceivedAt = when;
                continue;
              case 'invoice':
                step = { kind: 'invoice', priceCents, deliveryCents, at: at(when) };
                break;
              case 'payment':
                step = { kind: 'payment', amountCents: part(s.buyerBalanceDueCents), ...money };
                break;
              case 'credit':
                step = {
                  kind: 'credit',
                  bornBy: g.bornBy,
                  reason: 'Claim credit',
                  amountCents: part(
                    g.bornBy === 'seller'
                      ? s.sellerProceedsCents
                      : s.buyerChargedCents - s.credits.totalCents,
                  ),
                  at: at(when),
                };
                break;
              case 'refund':
                step = { kind: 'refund', amountCents: part(s.owedToBuyerCents), ...money };
                break;
              case 'payout':
                step = { kind: 'payout', amountCents: part(s.owedToSellerCents), ...money };
                break;
              case 'seller_repayment':
                step = { kind: 'seller_repayment', amountCents: part(s.owedBySellerCents), ...money };
                break;
              case 'cancel':
                step = { kind: 'cancel', reason: 'Cancelled by the admin', at: at(when) };
                break;
            }
            const r = nextLedgerEntries(entries, step, ctx);
            if (r.ok) entries = [...entries, ...r.entries];
            seen.add(`${step.kind}:${r.ok ? 'accepted' : 'refused'}`);
            const after = ledgerSummary(entries, ctx);
            if (after.cancelled && after.owedBySellerCents > 0) seen.add('cancelled after payout');
            if (!after.cancelled && after.owedBySellerCents > 0) seen.add('seller-borne credit after payout');
            if (after.owedToBuyerCents > 0 && !after.cancelled) seen.add('credit owed to the buyer');
            checkInvariants(entries, ctx);
          }
        },
      ),
      { numRuns: 300 },
    );
    for (const kind of ['invoice', 'payment', 'credit', 'refund', 'payout', 'seller_repayment', 'cancel'])
      expect(seen).toContain(`${kind}:accepted`);
    for (const kind of ['payment', 'refund', 'payout']) expect(seen).toContain(`${kind}:refused`);
    expect(seen).toContain('cancelled after payout');
    expect(seen).toContain('seller-borne credit after payout');
    expect(seen).toContain('credit owed to the buyer');
  });
});

function checkInvariants(entries: LedgerEntry[], ctx: LedgerContext) {
  const s = ledgerSummary(entries, ctx);
  const k = byKind(entries);
  const b = s.balances;
  // Sums to zero across parties.
  expect(b.buyer + b.seller + b.fieldlot + b.cash).toBe(0);
  // The buyer's balance is what the entries say.
  const buyerOwes = k.charges - k.reversedCharges - (k.credits - k.reversedCredits) - k.paid + k.refunded;
  expect(s.buyerBalanceDueCents - s.owedToBuyerCents).toBe(buyerOwes);
  expect(s.buyerPaidCents).toBe(k.paid);
  expect(s.refundsPaidCents).toBe(k.refunded);
  // FieldLot never owes the buyer more than they paid and were not refunded.
  expect(s.owedToBuyerCents).toBeLessThanOrEqual(k.paid - k.refunded);
  // The seller's proceeds are what the entries say, capped by price - fee, 0 once cancelled.
  const ceiling = ctx.isDealerListing
    ? Math.max(0, (s.charged.priceCents || 0) - (ctx.sellerFeeCents ?? 0))
    : 0;
  expect(s.sellerProceedsCents).toBe(s.cancelled || !ctx.isDealerListing ? 0 : k.payable - k.sellerCredits);
  expect(s.sellerProceedsCents).toBeGreaterThanOrEqual(0);
  expect(s.sellerProceedsCents).toBeLessThanOrEqual(ceiling);
  if (s.cancelled) expect(s.sellerProceedsCents).toBe(0);
  expect(s.owedToSellerCents - s.owedBySellerCents).toBe(s.sellerProceedsCents - k.payouts + k.repaid);
  expect(s.owedBySellerCents).toBeLessThanOrEqual(k.payouts - k.repaid);
  // Nobody is paid more than they were ever owed: the seller at most the payable, the buyer back at most what they paid.
  const everPayable = entries.reduce((n, e) => n + (e.kind === 'seller_payable' ? e.amountCents : 0), 0);
  expect(k.payouts - k.repaid).toBeLessThanOrEqual(everPayable);
  expect(k.refunded).toBeLessThanOrEqual(k.paid);
  expect(k.paid - k.refunded).toBeLessThanOrEqual(k.charges);
  // The cash is what came in minus what went out; FieldLot's result is its fees, delivery and own sales net of credits.
  expect(b.cash).toBe(k.paid - k.refunded - k.payouts + k.repaid);
  expect(s.fieldlot.netCents + b.fieldlot).toBe(0);
  // Nothing owed twice.
  expect(s.owedToBuyerCents > 0 && s.buyerBalanceDueCents > 0).toBe(false);
  expect(s.owedToSellerCents > 0 && s.owedBySellerCents > 0).toBe(false);
  // Every entry is a valid insert.
  for (const e of entries) expect(ledgerEntrySchema.safeParse(e).success).toBe(true);
  // The admin's totals over all time are the same sums.
  const t = ledgerTotals([{ entries, isDealerListing: ctx.isDealerListing }], {
    from: '2000-01-01',
    to: '2999-12-31',
  });
  expect(t.receivedFromBuyersCents).toBe(k.paid);
  expect(t.refundedToBuyersCents).toBe(k.refunded);
  expect(t.paidToSellersCents).toBe(k.payouts);
  expect(t.buyerFeesCents + t.sellerFeesCents).toBe(s.fieldlot.feesEarnedCents);
  expect(t.owedToBuyersCents).toBe(s.owedToBuyerCents);
  expect(t.owedToSellersCents).toBe(s.owedToSellerCents);
  expect(t.awaitingPaymentCents).toBe(s.buyerBalanceDueCents);
}

describe("the buyer's one set of money figures (buyerMoneyOf)", () => {
  const terms = { priceCents: 180_000_00, buyerFeeCents: 9_500_00 };

  it("before the invoice: the sale's terms, nothing invoiced, nothing due", () => {
    expect(buyerMoneyOf(ledgerSummary([], dealer), terms)).toMatchObject({
      invoiced: false,
      priceCents: 180_000_00,
      buyerFeeCents: 9_500_00,
      deliveryCents: 0,
      invoiceTotalCents: 0,
      balanceCents: 0,
      balanceDueCents: 0,
      balanceText: null,
    });
  });

  it("once invoiced, every figure is the ledger's; the balance goes negative when FieldLot owes the buyer", () => {
    // Terms that differ from the invoice show the ledger wins once it has charges.
    const other = { priceCents: 1, buyerFeeCents: 1 };
    expect(buyerMoneyOf(ledgerSummary(run([invoice]), dealer), other)).toMatchObject({
      invoiced: true,
      priceCents: 180_000_00,
      buyerFeeCents: 9_500_00,
      invoiceTotalCents: 189_500_00,
      balanceCents: 189_500_00,
      balanceDueCents: 189_500_00,
    });
    const m = buyerMoneyOf(ledgerSummary(run([invoice, payInFull, credit('seller')]), dealer), other);
    expect(m).toMatchObject({
      paidCents: 189_500_00,
      creditedCents: 3_000_00,
      balanceCents: -3_000_00,
      balanceDueCents: 0,
      owedToBuyerCents: 3_000_00,
      balanceText: 'FieldLot owes you $3,000',
    });
  });
});
