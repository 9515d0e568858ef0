import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  canPurchase,
  collectedByText,
  countdownText,
  deliveryEstimate,
  earlyPayoutRefusal,
  guaranteeEnd,
  isOverdue,
  nextStepText,
  owedToBuyerAfterCancelCents,
  PURCHASE_ACTIONS,
  PURCHASE_STATUSES,
  payoutAfterGuaranteeText,
  purchaseActionsFor,
  purchaseNumber,
  sellerNextStepText,
  sellerTimeline,
  voidingCreditCents,
} from './purchases';
import { claimAnswerBody, paymentBody } from './purchases-api';

const ames = { zip: '50010', city: 'Ames', state: 'IA', latitude: 42.0379, longitude: -93.6003 };
const omaha = { zip: '68102', city: 'Omaha', state: 'NE', latitude: 41.259, longitude: -95.9409 };

describe('purchases domain', () => {
  it('numbers purchases by year with six digits', () => {
    expect(purchaseNumber(2026, 123)).toBe('FL-2026-000123');
  });

  it('counts business days, skipping weekends', () => {
    // Thursday 2026-11-19 + 3 business days = Tuesday 2026-11-24.
    expect(addBusinessDays(new Date('2026-11-19T15:00:00Z'), 3)).toBe('2026-11-24');
    // Saturday + 1 = Monday.
    expect(addBusinessDays(new Date('2026-11-21T10:00:00Z'), 1)).toBe('2026-11-23');
    expect(addBusinessDays(new Date('2026-11-23T10:00:00Z'), 0)).toBe('2026-11-23');
  });

  it('is overdue only while awaiting payment, owing, after the due date', () => {
    const after = new Date('2026-11-25T00:00:01Z');
    expect(isOverdue('awaiting_payment', '2026-11-24', 100, after)).toBe(true);
    expect(isOverdue('awaiting_payment', '2026-11-24', 100, new Date('2026-11-24T23:00:00Z'))).toBe(false);
    expect(isOverdue('paid', '2026-11-24', 0, after)).toBe(false);
  });

  it('the status machine: release only after payment, nothing after complete, claims only once handed over', () => {
    expect(canPurchase('release', 'awaiting_payment')).toBe(false);
    expect(canPurchase('release', 'paid')).toBe(true);
    for (const a of PURCHASE_ACTIONS) expect(canPurchase(a, 'complete')).toBe(false);
    for (const a of PURCHASE_ACTIONS) expect(canPurchase(a, 'cancelled')).toBe(false);
    for (const s of PURCHASE_STATUSES)
      expect(canPurchase('cancel', s)).toBe(s !== 'complete' && s !== 'cancelled');
    expect(canPurchase('open_claim', 'delivered')).toBe(true);
    expect(canPurchase('open_claim', 'released')).toBe(false);
  });

  it('one answer to which steps a role may take: the screens and the server ask the same function', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const base = {
      status: 'awaiting_payment' as const,
      fulfilment: null,
      invoiced: false,
      titleReceivedAt: null,
      guaranteeEndsAt: null,
    };
    // Before the invoice: the buyer chooses; the admin records the title or cancels, takes no payment yet.
    expect(purchaseActionsFor('buyer', base, now)).toEqual(['choose_fulfilment']);
    expect(purchaseActionsFor('admin', base, now)).toEqual(['receive_title', 'cancel']);
    const invoiced = { ...base, fulfilment: 'collect' as const, invoiced: true };
    expect(purchaseActionsFor('buyer', invoiced, now)).toEqual([]);
    expect(purchaseActionsFor('admin', invoiced, now)).toEqual([
      'pay',
      'record_transport',
      'receive_title',
      'cancel',
    ]);
    // Released: the handover the buyer chose (their truck: pickup; FieldLot's carrier: delivery).
    const released = { ...invoiced, status: 'released' as const };
    expect(purchaseActionsFor('admin', released, now)).toEqual([
      'record_transport',
      'pickup',
      'receive_title',
      'cancel',
    ]);
    expect(purchaseActionsFor('admin', { ...released, fulfilment: 'delivery' }, now)).toContain('deliver');
    expect(purchaseActionsFor('admin', { ...released, fulfilment: 'delivery' }, now)).not.toContain('pickup');
    // Transport is arranged until the handover, never after it, and only once the dealer chose how.
    for (const status of PURCHASE_STATUSES)
      expect(purchaseActionsFor('admin', { ...invoiced, status }, now).includes('record_transport')).toBe(
        ['awaiting_payment', 'paid', 'released'].includes(status),
      );
    expect(purchaseActionsFor('admin', { ...released, fulfilment: null }, now)).not.toContain(
      'record_transport',
    );
    // Handed over: the title goes out once received; the buyer claims within the guarantee only.
    const delivered = {
      ...invoiced,
      status: 'delivered' as const,
      fulfilment: 'delivery' as const,
      guaranteeEndsAt: '2026-12-05T00:00:00.000Z',
    };
    expect(purchaseActionsFor('admin', delivered, now)).toEqual(['receive_title', 'cancel']);
    expect(purchaseActionsFor('admin', { ...delivered, titleReceivedAt: '2026-12-01' }, now)).toEqual([
      'send_title',
      'cancel',
    ]);
    expect(purchaseActionsFor('buyer', delivered, now)).toEqual(['open_claim']);
    expect(purchaseActionsFor('buyer', delivered, new Date('2026-12-06T00:00:00Z'))).toEqual([]);
    // In dispute: the admin answers; complete or cancelled: nothing for anyone.
    expect(purchaseActionsFor('admin', { ...delivered, status: 'in_dispute' }, now)).toEqual([
      'receive_title',
      'resolve_claim',
      'return',
      'cancel',
    ]);
    for (const status of ['complete', 'cancelled'] as const)
      for (const role of ['admin', 'buyer'] as const)
        expect(purchaseActionsFor(role, { ...delivered, status }, now)).toEqual([]);
  });

  it('delivery estimate: straight line x 1.2 x rate, at least the minimum, to $10', () => {
    expect(deliveryEstimate(omaha, ames, 325, 35_000)).toEqual({
      miles: 159,
      cents: 52_000,
      text: 'Delivered to Ames, IA 50010: about $520 (159 mi)',
      invoiceLine: 'Delivery to Ames, IA 50010 (159 mi)',
    });
    expect(deliveryEstimate(ames, ames, 325, 35_000)).toEqual({
      miles: 0,
      cents: 35_000,
      text: 'Delivered to Ames, IA 50010: about $350 (0 mi)',
      invoiceLine: 'Delivery to Ames, IA 50010 (0 mi)',
    });
  });

  it('guarantee window and countdown', () => {
    const end = guaranteeEnd(new Date('2026-12-01T12:00:00Z'), 7);
    expect(end.toISOString()).toBe('2026-12-08T12:00:00.000Z');
    expect(countdownText(end, new Date('2026-12-05T09:00:00Z'))).toBe('3 days 3 hours left');
    expect(countdownText(end, new Date('2026-12-08T11:00:00Z'))).toBe('1 hour left');
    expect(countdownText(end, end)).toBe('Closed');
  });

  it('payment amounts: positive dollars only', () => {
    const base = { method: 'wire', paidOn: '2026-11-24', expectedBalanceCents: 0 };
    expect(paymentBody.safeParse({ ...base, amount: '-5' }).success).toBe(false);
    expect(paymentBody.safeParse({ ...base, amount: '0' }).success).toBe(false);
    expect(paymentBody.parse({ ...base, amount: '12,500.50' }).amount).toBe(1_250_050);
    expect(claimAnswerBody.safeParse({ answer: 'credit', amount: '-1' }).success).toBe(false);
  });

  it('tells the buyer where the title is: on its way, received by FieldLot, then sent', () => {
    const at = { fulfilment: 'delivery' as const, balanceCents: 0, dueDate: '2026-12-08' };
    for (const status of ['picked_up', 'delivered'] as const) {
      expect(nextStepText({ ...at, status, titleReceivedAt: null })).toBe(
        'The title is on its way from the seller',
      );
      expect(nextStepText({ ...at, status, titleReceivedAt: '2026-12-09T15:00:00.000Z' })).toBe(
        'FieldLot has received the title and sends it to you next',
      );
    }
    expect(nextStepText({ ...at, status: 'title_sent', titleReceivedAt: '2026-12-09T15:00:00.000Z' })).toBe(
      'Title sent: the purchase completes when the guarantee window ends',
    );
  });

  it('asks the seller dealer for the handover to the right driver and for the title, then nothing', () => {
    const at = (
      status: (typeof PURCHASE_STATUSES)[number],
      more: Partial<Parameters<typeof sellerNextStepText>[0]> = {},
    ) =>
      sellerNextStepText({ status, fulfilment: 'collect', releaseCode: null, titleReceived: false, ...more });
    expect(at('awaiting_payment')).toMatch(/^Keep the tractor ready/);
    expect(at('released', { releaseCode: 'ABCD-2345' })).toBe(
      "Hand the tractor over only to the buyer's truck showing release code ABCD-2345. Send the title to FieldLot.",
    );
    expect(at('released', { releaseCode: 'ABCD-2345', fulfilment: 'delivery', titleReceived: true })).toBe(
      "Hand the tractor over only to FieldLot's carrier showing release code ABCD-2345.",
    );
    expect(at('delivered')).toBe('Send the title to FieldLot.');
    expect(at('in_dispute', { titleReceived: true })).toBeNull();
    expect(at('complete')).toBeNull();
    expect(at('cancelled')).toBeNull();
  });

  it("gives the seller the sale's steps, without the buyer's amounts, references or claims", () => {
    const e = (kind: string, text: string) => ({ at: '2026-11-24T10:00:00.000Z', kind, text });
    const events = [
      e('created', 'Offer accepted: purchase FL-2026-000001 opened'),
      e('invoiced', "I'll collect it: invoice INV-2026-000001 for $53,000 issued"),
      e('payment', 'Payment of $10,000 received (Wire transfer, W-1)'),
      e('paid', 'Payment of $43,000 received (Wire transfer, W-2): paid in full'),
      e('released', 'Released: gate pass issued with release code ABCD-2345'),
      e('claim_opened', 'Guarantee claim opened: 1 item(s)'),
      e('title_sent', 'Title sent by UPS, tracking 1Z9'),
      e('claim_returned', 'Claim answered: cancel and return (leaks); refund of $53,000 recorded'),
    ];
    expect(sellerTimeline(events, 'Cancel and return: leaks').map((x) => [x.kind, x.text])).toEqual([
      ['created', 'Offer accepted: purchase FL-2026-000001 opened'],
      ['paid', 'Paid in full by the buyer'],
      ['released', 'Released: gate pass issued with release code ABCD-2345'],
      ['claim_returned', 'Cancelled: Cancel and return: leaks'],
    ]);
  });

  it("names who collects from the seller's yard", () => {
    expect(collectedByText({ fulfilment: 'collect', carrier: 'Ignored' })).toBe("The buyer's own truck");
    expect(collectedByText({ fulfilment: 'delivery' })).toBe("FieldLot's carrier");
    expect(
      collectedByText({ fulfilment: 'delivery', carrier: 'Heartland Haulers', pickupDate: '2026-11-30' }),
    ).toBe("FieldLot's carrier (Heartland Haulers), pickup November 30, 2026");
  });
});

describe('paying the seller after the guarantee (docs/product/purchases.md#paying-the-seller)', () => {
  const end = '2026-12-05T15:00:00.000Z';
  const before = new Date('2026-11-28T15:00:00Z');
  const after = new Date('2026-12-05T15:00:01Z');

  it('refuses a payout inside the window, naming its end; none outside it or before it starts', () => {
    expect(earlyPayoutRefusal(end, before)).toBe(
      'The buyer can claim until December 5, 2026; give a reason to pay the seller before then',
    );
    expect(earlyPayoutRefusal(new Date(end), before)).toBe(earlyPayoutRefusal(end, before));
    expect(earlyPayoutRefusal(end, new Date(end))).toBeNull();
    expect(earlyPayoutRefusal(end, after)).toBeNull();
    expect(earlyPayoutRefusal(null, before)).toBeNull();
  });

  it("words the seller's payout as waiting for the guarantee unless the due date is later", () => {
    const text = "Payout after the buyer's guarantee ends on December 5, 2026";
    expect(payoutAfterGuaranteeText(end, null, before)).toBe(text);
    expect(payoutAfterGuaranteeText(end, '2026-12-05', before)).toBe(text);
    expect(payoutAfterGuaranteeText(end, '2026-12-03', before)).toBe(text);
    expect(payoutAfterGuaranteeText(end, '2026-12-14', before)).toBeNull();
    expect(payoutAfterGuaranteeText(end, null, after)).toBeNull();
    expect(payoutAfterGuaranteeText(null, null, before)).toBeNull();
  });
});

describe('voidingCreditCents', () => {
  it('voids the whole invoice, or what earlier credit notes left of it, never less than nothing', () => {
    expect(voidingCreditCents(189_500_00, [])).toBe(189_500_00);
    expect(voidingCreditCents(189_500_00, [3_000_00, 500_00])).toBe(186_000_00);
    expect(voidingCreditCents(1_000_00, [1_000_00])).toBe(0);
    expect(voidingCreditCents(1_000_00, [1_200_00])).toBe(0);
  });
});

describe('owed after a cancel', () => {
  it('is what the buyer paid less what was refunded, never below zero', () => {
    expect(owedToBuyerAfterCancelCents({ paidCents: 189_500_00, refundedCents: 3_000_00 })).toBe(186_500_00);
    expect(owedToBuyerAfterCancelCents({ paidCents: 0, refundedCents: 0 })).toBe(0);
  });
});
