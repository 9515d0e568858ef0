import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountBalances, ledgerSummary } from './ledger';
import {
  decidePurchase,
  type PurchaseCommand,
  type PurchaseDecision,
  type PurchaseState,
} from './purchase-commands';

const now = new Date('2026-12-01T15:00:00Z');

/** A dealer's $180,000 sale, not yet invoiced, the tractor's yard quoted for delivery. */
function fresh(over: Partial<PurchaseState> = {}): PurchaseState {
  return {
    number: 'FL-2026-000001',
    status: 'awaiting_payment',
    statusBeforeDispute: null,
    fulfilment: null,
    dueDate: '2026-12-08',
    priceCents: 180_000_00,
    buyerFeeCents: 9_500_00,
    titleReceivedAt: null,
    guaranteeEndsAt: null,
    entries: [],
    ledger: { isDealerListing: true, sellerFeeCents: 250_00 },
    sellerPayoutDays: 10,
    claim: null,
    invoice: null,
    delivery: {
      tractor: '2019 John Deere 8R 410',
      deliverTo: '1 Main St, Ames, IA 50010',
      quote: { cents: 1_480_00, miles: 412, invoiceLine: 'Delivery to Ames, IA 50010 (412 mi)' },
    },
    now,
    ...over,
  };
}

/** The state after a decision, as the server leaves it: the entries added, the status moved, the fields set. */
function applied(s: PurchaseState, d: PurchaseDecision): PurchaseState {
  const to = d.move?.to;
  return {
    ...s,
    entries: [...s.entries, ...d.entries],
    status: to ?? s.status,
    fulfilment: d.set.fulfilment ?? s.fulfilment,
    statusBeforeDispute: d.set.statusBeforeDispute === null ? null : s.statusBeforeDispute,
  };
}

function decide(s: PurchaseState, c: PurchaseCommand): PurchaseDecision {
  const d = decidePurchase(s, c);
  if (!d.ok) throw new Error(d.message);
  return d;
}

const move = { method: 'wire' as const, reference: '', paidOn: '2026-12-01' };

describe('decidePurchase: one decision per money command', () => {
  it('choosing delivery issues the invoice through the ledger, keeps the status and tells the buyer and admins', () => {
    const d = decide(fresh(), { kind: 'choose_fulfilment', body: { fulfilment: 'delivery' } });
    expect(d.entries.map((e) => (e.kind === 'charge' ? e.line : e.kind))).toEqual([
      'price',
      'buyer_fee',
      'delivery',
      'seller_payable',
    ]);
    expect(d.move).toEqual({ action: 'choose_fulfilment', from: ['awaiting_payment'], to: null });
    expect(d.issue.invoice?.totalCents).toBe(190_980_00);
    const r = d.report({ invoice: 'INV-2026-000001' });
    expect(r.event?.text).toBe(
      'FieldLot delivers: invoice INV-2026-000001 for $190,980 issued, due December 8, 2026',
    );
    expect(r.notices.map((n) => n.to)).toEqual(['buyer', 'admins']);
  });

  it('delivery without an address or a quote is refused as the form field', () => {
    const noAddress = fresh({ delivery: { tractor: 'T', deliverTo: null, quote: null } });
    expect(
      decidePurchase(noAddress, { kind: 'choose_fulfilment', body: { fulfilment: 'delivery' } }),
    ).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'Add your delivery address in My Account first',
      fields: { fulfilment: 'Add your delivery address in My Account first' },
    });
    const invoiced = applied(
      fresh(),
      decide(fresh(), { kind: 'choose_fulfilment', body: { fulfilment: 'collect' } }),
    );
    expect(
      decidePurchase(invoiced, { kind: 'choose_fulfilment', body: { fulfilment: 'collect' } }),
    ).toMatchObject({
      ok: false,
      message: 'Purchase FL-2026-000001 already has its invoice',
    });
  });

  it('a payment moves to Paid only when the balance reaches zero; a stale balance is refused', () => {
    const s = applied(
      fresh(),
      decide(fresh(), { kind: 'choose_fulfilment', body: { fulfilment: 'collect' } }),
    );
    expect(
      decidePurchase(s, { kind: 'payment', body: { ...move, amount: 100_00, expectedBalanceCents: 1 } }),
    ).toMatchObject({ ok: false, code: 'CONFLICT', message: expect.stringContaining('changed to $189,500') });
    const part = decide(s, {
      kind: 'payment',
      body: { ...move, amount: 89_500_00, expectedBalanceCents: 189_500_00 },
    });
    expect(part.move?.to).toBeNull();
    expect(part.report({}).event?.kind).toBe('payment');
    const s2 = applied(s, part);
    const rest = decide(s2, {
      kind: 'payment',
      body: { ...move, amount: 100_000_00, expectedBalanceCents: 100_000_00 },
    });
    expect(rest.move?.to).toBe('paid');
    expect(rest.report({}).audit.action).toBe('paid');
  });

  it('no payment before the invoice, and none in another status', () => {
    expect(
      decidePurchase(fresh(), { kind: 'payment', body: { ...move, amount: 1, expectedBalanceCents: 0 } }),
    ).toMatchObject({ message: expect.stringContaining('has no invoice yet') });
    expect(
      decidePurchase(fresh({ status: 'cancelled' }), {
        kind: 'payment',
        body: { ...move, amount: 1, expectedBalanceCents: 0 },
      }),
    ).toMatchObject({ message: 'Purchase FL-2026-000001 is cancelled' });
  });

  it('a payout over what is owed is refused as the amount field; before the guarantee ends it needs a reason', () => {
    let s = applied(fresh(), decide(fresh(), { kind: 'choose_fulfilment', body: { fulfilment: 'collect' } }));
    s = applied(
      s,
      decide(s, { kind: 'payment', body: { ...move, amount: 189_500_00, expectedBalanceCents: 189_500_00 } }),
    );
    s = {
      ...s,
      ledger: { ...s.ledger, collectedAt: '2026-11-20', titleReceivedAt: '2026-11-21' },
      guaranteeEndsAt: '2026-11-30T00:00:00.000Z',
    };
    const over = decidePurchase(s, { kind: 'payout', body: { ...move, amount: 200_000_00 } });
    expect(over).toMatchObject({
      ok: false,
      code: 'VALIDATION',
      message: 'FieldLot owes the seller $179,750; this payout of $200,000 is more',
    });
    const early = { ...s, guaranteeEndsAt: '2026-12-05T00:00:00.000Z' };
    expect(decidePurchase(early, { kind: 'payout', body: { ...move, amount: 50_000_00 } })).toMatchObject({
      ok: false,
      fields: { reason: expect.stringContaining('give a reason') },
    });
    const paid = decide(early, {
      kind: 'payout',
      body: { ...move, amount: 50_000_00, reason: 'Agreed early' },
    });
    expect(paid.payoutReason).toBe('Agreed early');
    expect(paid.move).toBeNull();
    expect(paid.report({}).notices[0]).toMatchObject({ to: 'seller_money', kind: 'payout' });
  });

  it('a claim credit goes back to the status before the dispute with a credit note; a cancel voids the rest', () => {
    let s = applied(fresh(), decide(fresh(), { kind: 'choose_fulfilment', body: { fulfilment: 'collect' } }));
    s = {
      ...s,
      status: 'in_dispute',
      statusBeforeDispute: 'picked_up',
      claim: { id: 'c1', checkpoints: ['not_in_report'], description: 'Hydraulic leak at the rear' },
      invoice: { id: 'i1', totalCents: 189_500_00, creditedCents: [] },
    };
    const credit = decide(s, { kind: 'claim_answer', body: { answer: 'credit', amount: 3_000_00 } });
    expect(credit.move?.to).toBe('picked_up');
    expect(credit.entries[0]).toMatchObject({ kind: 'credit', bornBy: 'seller' });
    expect(credit.report({ creditNote: 'CN-2026-000001' }).claimAnswer).toBe(
      'Credit of $3,000 (credit note CN-2026-000001)',
    );
    const after = {
      ...applied(s, credit),
      claim: null,
      invoice: { id: 'i1', totalCents: 189_500_00, creditedCents: [3_000_00] },
    };
    const c = decide(after, { kind: 'cancel', body: { reason: 'Buyer withdrew' } });
    expect(c.move?.to).toBe('cancelled');
    expect(c.undoSale).toBe(true);
    expect(c.issue.creditNote?.amountCents).toBe(186_500_00);
    expect(c.report({ creditNote: 'CN-2026-000002' }).event?.text).toBe(
      'Cancelled: Buyer withdrew; credit note CN-2026-000002 for $186,500 voids the invoice',
    );
  });
});

// Any sequence of money commands, each decided on the state the last left: the books balance, and no one is paid
// more than is owed (the buyer never pays more than the invoice, the seller never gets more than price - fee).
const amount = fc.integer({ min: 1, max: 200_000_00 });
const command: fc.Arbitrary<(s: PurchaseState) => PurchaseCommand> = fc.oneof(
  amount.map((a) => (s: PurchaseState) => ({
    kind: 'payment' as const,
    body: {
      ...move,
      amount: a,
      expectedBalanceCents: ledgerSummary(s.entries, s.ledger).buyerBalanceDueCents,
    },
  })),
  amount.map((a) => () => ({ kind: 'refund' as const, body: { ...move, amount: a } })),
  amount.map((a) => () => ({ kind: 'payout' as const, body: { ...move, amount: a } })),
  amount.map((a) => () => ({ kind: 'seller_repayment' as const, body: { ...move, amount: a } })),
  fc.tuple(amount, fc.constantFrom('fieldlot' as const, 'seller' as const)).map(([a, bornBy]) => () => ({
    kind: 'claim_answer' as const,
    body: { answer: 'credit' as const, amount: a, bornBy, reason: 'Claim' },
  })),
  fc.constant(() => ({ kind: 'cancel' as const, body: { reason: 'Called off' } })),
);

describe('decidePurchase over any sequence of money commands', () => {
  it('books balance and never overpays', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 12 }), fc.boolean(), (steps, dealer) => {
        let s = fresh({ ledger: { isDealerListing: dealer, sellerFeeCents: 250_00 } });
        s = applied(s, decide(s, { kind: 'choose_fulfilment', body: { fulfilment: 'collect' } }));
        s = {
          ...s,
          ledger: { ...s.ledger, collectedAt: '2026-11-20', titleReceivedAt: '2026-11-21' },
          guaranteeEndsAt: '2026-11-30T00:00:00.000Z',
          invoice: { id: 'i1', totalCents: 189_500_00, creditedCents: [] },
        };
        for (const step of steps) {
          const c = step(s);
          // A claim is answered while one is open.
          const state =
            c.kind === 'claim_answer' && s.status !== 'cancelled'
              ? {
                  ...s,
                  status: 'in_dispute' as const,
                  statusBeforeDispute: s.status,
                  claim: { id: 'c', checkpoints: ['x'], description: 'A claim' },
                }
              : s;
          const d = decidePurchase(state, c);
          if (!d.ok) continue;
          s = { ...applied(state, d), claim: null };
          const sum = ledgerSummary(s.entries, s.ledger);
          const b = accountBalances(s.entries);
          expect(b.buyer + b.seller + b.fieldlot + b.cash).toBe(0);
          expect(sum.buyerPaidCents - sum.refundsPaidCents).toBeLessThanOrEqual(sum.charged.totalCents);
          expect(sum.sellerPaidOutCents - sum.sellerRepaidCents).toBeLessThanOrEqual(180_000_00 - 250_00);
          expect(sum.refundsPaidCents).toBeLessThanOrEqual(sum.buyerPaidCents);
        }
      }),
      { numRuns: 300 },
    );
  });
});
