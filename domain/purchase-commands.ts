import {
  type CreditBearer,
  defaultCreditBearer,
  isInvoiced,
  type LedgerContext,
  type LedgerEntry,
  type LedgerStep,
  type LedgerSummary,
  ledgerSummary,
  nextLedgerEntries,
  sellerPayoutDueDate,
  sellerPayoutText,
} from './ledger';
import { paidInFullOn } from './ledger-api';
import { BUYER_FEE_LABEL, formatDollars } from './money';
import {
  canPurchase,
  claimCause,
  dateLabel,
  earlyPayoutRefusal,
  FULFILMENT_LABELS,
  type Fulfilment,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  type PurchaseAction,
  type PurchaseStatus,
  payoutAfterGuaranteeText,
  purchaseActionSources,
  purchaseActionsFor,
  purchaseRefusal,
  purchaseStatusAfter,
  voidingCreditCents,
} from './purchases';

/**
 * One command path for a purchase's money (docs/product/purchases.md#the-command-path, decision 0076): every money
 * command is decided here, pure, from the purchase's state and its ledger entries: the entries it adds (through
 * `nextLedgerEntries`), the status it moves to (through `PURCHASE_TRANSITIONS`), the documents it issues, the
 * timeline line, the audit line and the notices to send. The server locks the row, gathers the state, asks this,
 * and writes what it answers once. A new kind of money move is one member of `PurchaseCommand` and one case below.
 */

const money = formatDollars;

type MoneyMoveBody = { amount: number; method: PaymentMethod; reference: string; paidOn: string };

/** The commands, with the bodies their routes parse (the Idempotency-Key's fingerprint is kind and body). */
export type PurchaseCommand =
  | { kind: 'payment'; body: MoneyMoveBody & { expectedBalanceCents: number } }
  | { kind: 'refund' | 'seller_repayment'; body: MoneyMoveBody }
  | { kind: 'payout'; body: MoneyMoveBody & { reason?: string } }
  | { kind: 'choose_fulfilment'; body: { fulfilment: Fulfilment } }
  | {
      kind: 'claim_answer';
      body:
        | { answer: 'credit'; amount: number; bornBy?: CreditBearer; reason?: string }
        | { answer: 'return' | 'deny'; reason: string };
    }
  | { kind: 'cancel'; body: { reason: string } };
export type PurchaseCommandKind = PurchaseCommand['kind'];

/** A delivery quote as the invoice takes it (domain `deliveryEstimate`). */
export interface DeliveryQuote {
  cents: number;
  miles: number;
  invoiceLine: string;
}

/** What a decision reads: the locked purchase, its entries, and the facts the server looked up for the command. */
export interface PurchaseState {
  number: string;
  status: PurchaseStatus;
  statusBeforeDispute: PurchaseStatus | null;
  fulfilment: Fulfilment | null;
  dueDate: string;
  priceCents: number;
  /** The fee the sale recorded and the dealer was shown (docs/product/purchases.md#exact-amounts). */
  buyerFeeCents: number;
  titleReceivedAt: string | null;
  guaranteeEndsAt: string | null;
  entries: readonly LedgerEntry[];
  ledger: LedgerContext;
  /** SELLER_PAYOUT_DAYS. */
  sellerPayoutDays: number;
  /** The open claim, if any. */
  claim: { id: string; checkpoints: readonly string[]; description: string } | null;
  /** The issued invoice and the credit notes against it. */
  invoice: { id: string; totalCents: number; creditedCents: readonly number[] } | null;
  /** Choose fulfilment: the tractor's name, the buyer's delivery address (text) and the quote to it. */
  delivery?: { tractor: string; deliverTo: string | null; quote: DeliveryQuote | null };
  now: Date;
}

/** "Is it invoiced?", asked one way (`isInvoiced`, kept in ledger.ts beside the summary it reads). */
export { isInvoiced };

export type Refusal = {
  ok: false;
  code: 'CONFLICT' | 'VALIDATION';
  message: string;
  fields?: Record<string, string>;
};
const conflict = (message: string): Refusal => ({ ok: false, code: 'CONFLICT', message });
const invalid = (field: string, message: string): Refusal => ({
  ok: false,
  code: 'VALIDATION',
  message,
  fields: { [field]: message },
});

/** The ledger's refusal as the API says it: an amount over a limit is the form's field; the rest a conflict. */
export function ledgerRefusal(message: string): Refusal {
  if (/cannot be more than|must be more than|; this .+ is more$/.test(message))
    return invalid('amount', message);
  return conflict(message);
}

export type Facts = Array<[string, string]>;

/** Who is told: the buyer (and, for the steps that concern them, the seller), the seller's money, the admins. */
export type PurchaseNotice =
  | { to: 'buyer'; kind: string; amount?: string; due?: string; note?: string; facts?: Facts }
  | { to: 'seller_money'; kind: 'charge' | 'payout'; note?: string; facts: Facts }
  | { to: 'admins'; what: string };

/** The numbers the server gave the documents the decision issued. */
export interface IssuedNumbers {
  invoice?: string;
  creditNote?: string;
}

export interface PurchaseReport {
  event: { kind: string; text: string } | null;
  audit: { action: string; details?: Record<string, unknown> };
  notices: PurchaseNotice[];
  /** The claim's answer as stored on the claim. */
  claimAnswer?: string;
}

export interface PurchaseDecision {
  ok: true;
  /** The entries to insert, in order; `claimId` and `payoutReason` go with them. */
  entries: LedgerEntry[];
  claimId?: string;
  payoutReason?: string;
  /** The ledger after the command. */
  summary: LedgerSummary;
  /** The state machine's move: the purchase row is updated from `from` (null: the row is not touched). */
  move: { action: PurchaseAction; from: PurchaseStatus[]; to: PurchaseStatus | null } | null;
  /** Other fields of the purchase row the move writes. */
  set: {
    fulfilment?: Fulfilment;
    deliveryMiles?: number | null;
    deliveryTo?: string | null;
    cancelReason?: string;
    cancelledAt?: Date;
    statusBeforeDispute?: null;
  };
  /** The documents to issue (gapless numbers, in the command's transaction). */
  issue: {
    invoice?: { lines: { label: string; cents: number }[]; totalCents: number };
    creditNote?: { amountCents: number; reason: string; claimId: string | null };
  };
  /** The open claim answered. */
  claim?: { id: string; status: 'credited' | 'denied' | 'returned'; creditCents?: number };
  /** Cancelled: the offer goes back and the listing is unsold. */
  undoSale: boolean;
  /** The timeline, audit and notices, once the documents have their numbers. */
  report: (numbers: IssuedNumbers) => PurchaseReport;
}

export type PurchaseDecisionResult = PurchaseDecision | Refusal;

/** The reason a voiding credit note carries. */
export const VOID_REASON = 'Purchase cancelled';

/** The timeline's words for the voiding credit note. */
export function voidedText(note: { number: string; amountCents: number } | null) {
  return note ? `; credit note ${note.number} for ${money(note.amountCents)} voids the invoice` : '';
}

/** The timeline's and the buyer's e-mail's words for what FieldLot owes after a cancellation. */
export function owedAfterCancel(s: Pick<LedgerSummary, 'owedToBuyerCents'>) {
  const owed = s.owedToBuyerCents;
  return {
    text: owed ? `; FieldLot owes the buyer ${money(owed)} until the refund is recorded` : '',
    facts: owed ? ([['FieldLot owes you', money(owed)]] as Facts) : [],
  };
}

/** The seller's payout line after a step (My Listings' `payoutText`): waiting for the guarantee, due, paid, owed. */
export function sellerPayoutLine(
  state: Pick<PurchaseState, 'ledger' | 'guaranteeEndsAt' | 'sellerPayoutDays' | 'now'>,
  entries: readonly LedgerEntry[],
  s: LedgerSummary,
): string | null {
  const due = sellerPayoutDueDate(
    paidInFullOn(entries),
    state.ledger.collectedAt,
    state.ledger.titleReceivedAt,
    state.sellerPayoutDays,
  );
  // While the buyer may still claim, the payout waits for the guarantee's end (docs/product/purchases.md#paying-the-seller).
  const waits =
    s.owedToSellerCents > 0 && s.owedBySellerCents === 0
      ? payoutAfterGuaranteeText(state.guaranteeEndsAt, due, state.now)
      : null;
  return waits ?? sellerPayoutText(s, due);
}

const MONEY_LABELS = {
  refund: 'Refund to the buyer',
  payout: 'Payout to the seller',
  seller_repayment: 'Repayment by the seller',
} as const;

/**
 * The one decision of a purchase's money command: a refusal (in the order the screens have always said them), or
 * what to write. Pure: the same state and command give the same answer.
 */
export function decidePurchase(state: PurchaseState, command: PurchaseCommand): PurchaseDecisionResult {
  const at = state.now.toISOString();
  const summaryBefore = ledgerSummary(state.entries, state.ledger);
  const invoiced = isInvoiced(summaryBefore);
  const facts = {
    status: state.status,
    fulfilment: state.fulfilment,
    invoiced,
    titleReceivedAt: state.titleReceivedAt,
    guaranteeEndsAt: state.guaranteeEndsAt,
  };
  const offered = (role: 'admin' | 'buyer', action: PurchaseAction) =>
    purchaseActionsFor(role, facts, state.now).includes(action);
  const refuse = (action: PurchaseAction) => conflict(purchaseRefusal(action, state));
  const book = (step: LedgerStep) => {
    const next = nextLedgerEntries(state.entries, step, state.ledger);
    if (!next.ok) return ledgerRefusal(next.message);
    const after = [...state.entries, ...next.entries];
    return { entries: next.entries, after, summary: ledgerSummary(after, state.ledger) };
  };
  /** A status move through the machine; `to` null keeps the status. */
  const moveBy = (action: PurchaseAction, keep = false) => ({
    action,
    from: purchaseActionSources(action),
    to: keep ? null : purchaseStatusAfter(action, state),
  });
  const base = { ok: true as const, set: {}, issue: {}, undoSale: false };

  switch (command.kind) {
    case 'payment': {
      const b = command.body;
      if (!invoiced && state.status === 'awaiting_payment')
        return conflict(
          `Purchase ${state.number} has no invoice yet: the dealer chooses collection or delivery first`,
        );
      if (!offered('admin', 'pay')) return refuse('pay');
      const balance = summaryBefore.buyerBalanceDueCents;
      if (b.expectedBalanceCents !== balance)
        return conflict(
          `The balance of ${state.number} changed to ${money(balance)}: another payment was recorded. Please check before recording this one.`,
        );
      const booked = book({ kind: 'payment', amountCents: b.amount, ...moveOf(b), at });
      if ('ok' in booked) return booked;
      const s = booked.summary;
      const left = s.buyerBalanceDueCents;
      const text = `Payment of ${money(b.amount)} received (${PAYMENT_METHOD_LABELS[b.method]}${b.reference ? `, ${b.reference}` : ''}, ${dateLabel(b.paidOn)})${left > 0 ? `: ${money(left)} still due` : ': paid in full'}`;
      return {
        ...base,
        entries: booked.entries,
        summary: s,
        // Pay moves only when the balance reaches zero (docs/product/purchases.md#status-machine).
        move: moveBy('pay', !s.paidInFull),
        report: () => ({
          event: { kind: left === 0 ? 'paid' : 'payment', text },
          audit: { action: left === 0 ? 'paid' : 'partial_payment' },
          notices: [
            left === 0
              ? {
                  to: 'buyer',
                  kind: 'paid',
                  facts: [
                    ['Payment', money(b.amount)],
                    ['Total paid', money(s.buyerPaidCents)],
                  ],
                }
              : {
                  to: 'buyer',
                  kind: 'partial_payment',
                  amount: money(left),
                  facts: [
                    ['Payment', money(b.amount)],
                    ['Still due', money(left)],
                    ['Due date', dateLabel(state.dueDate)],
                  ],
                },
          ],
        }),
      };
    }

    case 'refund':
    case 'payout':
    case 'seller_repayment': {
      const kind = command.kind;
      const b = command.body;
      // docs/product/purchases.md#paying-the-seller: the seller is paid once the buyer can no longer claim.
      const early = kind === 'payout' ? earlyPayoutRefusal(state.guaranteeEndsAt, state.now) : null;
      const reason = command.kind === 'payout' ? command.body.reason : undefined;
      const booked = book({ kind, amountCents: b.amount, ...moveOf(b), at });
      if ('ok' in booked) return booked;
      // After the ledger's own rules (paid, collected, title), so their refusals come first.
      if (early && !reason) return invalid('reason', early);
      const s = booked.summary;
      const how = `${PAYMENT_METHOD_LABELS[b.method]}${b.reference ? `, ${b.reference}` : ''}, ${dateLabel(b.paidOn)}`;
      const text = `${MONEY_LABELS[kind]} of ${money(b.amount)} recorded (${how})${early && reason ? `, before the guarantee ended: ${reason}` : ''}`;
      const notices: PurchaseNotice[] = [];
      if (kind === 'refund')
        notices.push({
          to: 'buyer',
          kind: 'refunded',
          amount: money(b.amount),
          facts: [
            ['Refund', money(b.amount)],
            ['Sent', how],
            ...(s.owedToBuyerCents
              ? [['FieldLot still owes you', money(s.owedToBuyerCents)] as [string, string]]
              : []),
          ],
        });
      if (kind === 'payout') {
        const line = sellerPayoutLine(state, booked.after, s);
        notices.push({
          to: 'seller_money',
          kind: 'payout',
          facts: [
            ['Payout', money(b.amount)],
            ['Sent', how],
            // The label once: the fact's value is the figure alone (proceedsText already says "Your proceeds").
            ['Your proceeds', money(s.sellerProceedsCents)],
            ...(line ? [['Payout status', line] as [string, string]] : []),
          ],
        });
      }
      return {
        ...base,
        entries: booked.entries,
        payoutReason: early && reason ? reason : undefined,
        summary: s,
        move: null,
        report: () => ({
          // The buyer's timeline; payouts and repayments are between FieldLot and the seller.
          event: kind === 'refund' ? { kind: 'refund', text } : null,
          audit: {
            action: kind,
            details: {
              amountCents: b.amount,
              ...moveOf(b),
              ...(early && reason ? { reason } : {}),
              event: text,
            },
          },
          notices,
        }),
      };
    }

    case 'choose_fulfilment': {
      const fulfilment = command.body.fulfilment;
      if (!offered('buyer', 'choose_fulfilment'))
        return conflict(`Purchase ${state.number} already has its invoice`);
      const d = state.delivery ?? { tractor: 'Tractor', deliverTo: null, quote: null };
      let quote: DeliveryQuote | null = null;
      if (fulfilment === 'delivery') {
        if (!d.deliverTo) return invalid('fulfilment', 'Add your delivery address in My Account first');
        if (!d.quote)
          return invalid('fulfilment', 'We cannot quote delivery for this tractor yet: please contact us');
        quote = d.quote;
      }
      // The invoice's charges go into the ledger, and its total is the ledger's (docs/product/purchases.md#the-ledger).
      const booked = book({
        kind: 'invoice',
        priceCents: state.priceCents,
        buyerFeeCents: state.buyerFeeCents,
        deliveryCents: quote?.cents ?? null,
        at,
      });
      if ('ok' in booked) return booked;
      const charged = booked.summary.charged;
      const lines = [
        { label: `${d.tractor} (purchase price)`, cents: charged.priceCents },
        { label: BUYER_FEE_LABEL, cents: charged.buyerFeeCents },
        ...(quote ? [{ label: quote.invoiceLine, cents: charged.deliveryCents }] : []),
      ];
      const total = charged.totalCents;
      const due = dateLabel(state.dueDate);
      return {
        ...base,
        entries: booked.entries,
        summary: booked.summary,
        move: moveBy('choose_fulfilment'),
        set: {
          fulfilment,
          deliveryMiles: quote?.miles ?? null,
          deliveryTo: fulfilment === 'delivery' ? d.deliverTo : null,
        },
        issue: { invoice: { lines, totalCents: total } },
        report: ({ invoice = '' }) => ({
          event: {
            kind: 'invoiced',
            text: `${FULFILMENT_LABELS[fulfilment]}: invoice ${invoice} for ${money(total)} issued, due ${due}`,
          },
          audit: { action: 'invoiced' },
          notices: [
            {
              to: 'buyer',
              kind: 'invoiced',
              amount: money(total),
              due,
              facts: [
                ...lines.map((l): [string, string] => [l.label, money(l.cents)]),
                ['Total', money(total)],
                ['Due date', due],
                ['Invoice', invoice],
              ],
            },
            { to: 'admins', what: `${FULFILMENT_LABELS[fulfilment]}, invoice ${invoice} issued` },
          ],
        }),
      };
    }

    case 'claim_answer': {
      const b = command.body;
      const claim = state.claim;
      if (state.status !== 'in_dispute' || !claim)
        return conflict(`Purchase ${state.number} has no open claim`);
      if (b.answer === 'credit') {
        if (!state.invoice) return conflict('There is no invoice to credit');
        // Who bears it: the admin's choice, else the default for the claim's cause (decision 0035).
        const bornBy =
          b.bornBy ??
          defaultCreditBearer({
            cause: claimCause(claim.checkpoints),
            isDealerListing: state.ledger.isDealerListing,
          });
        const reason = b.reason ?? `Guarantee claim: ${claim.description}`.slice(0, 1000);
        const booked = book({ kind: 'credit', amountCents: b.amount, bornBy, reason, at });
        if ('ok' in booked) return booked;
        const s = booked.summary;
        return {
          ...base,
          entries: booked.entries,
          claimId: claim.id,
          summary: s,
          move: moveBy('resolve_claim'),
          set: { statusBeforeDispute: null },
          issue: { creditNote: { amountCents: b.amount, reason, claimId: claim.id } },
          claim: { id: claim.id, status: 'credited', creditCents: b.amount },
          report: ({ creditNote = '' }) => ({
            claimAnswer: `Credit of ${money(b.amount)} (credit note ${creditNote})`,
            event: {
              kind: 'claim_credited',
              text: `Claim answered: credit of ${money(b.amount)}, credit note ${creditNote}`,
            },
            audit: { action: 'resolve_claim' },
            notices: [
              ...(bornBy === 'seller'
                ? [
                    {
                      to: 'seller_money' as const,
                      kind: 'charge' as const,
                      note: `Reason: ${reason}`,
                      facts: [
                        ['Charge', money(b.amount)],
                        ['Your proceeds', money(s.sellerProceedsCents)],
                      ] as Facts,
                    },
                  ]
                : []),
              {
                to: 'buyer',
                kind: 'claim_credited',
                amount: money(b.amount),
                facts: [['Credit note', creditNote]],
              },
            ],
          }),
        };
      }
      if (b.answer === 'deny')
        return {
          ...base,
          entries: [],
          summary: summaryBefore,
          move: moveBy('resolve_claim'),
          set: { statusBeforeDispute: null },
          claim: { id: claim.id, status: 'denied' },
          report: () => ({
            claimAnswer: b.reason,
            event: { kind: 'claim_denied', text: `Claim denied: ${b.reason}` },
            audit: { action: 'resolve_claim' },
            notices: [{ to: 'buyer', kind: 'claim_denied', note: `Reason: ${b.reason}` }],
          }),
        };
      const why = `Cancel and return: ${b.reason}`;
      return cancelled(state, book({ kind: 'cancel', reason: why, at }), {
        action: 'return',
        reason: why,
        set: { statusBeforeDispute: null },
        claim: { id: claim.id, status: 'returned', answer: b.reason },
        event: (tail) => ({
          kind: 'claim_returned',
          text: `Claim answered: cancel and return (${b.reason})${tail}`,
        }),
        mail: { kind: 'claim_returned', note: `Reason: ${b.reason}` },
        move: moveBy('return'),
      });
    }

    case 'cancel': {
      const reason = command.body.reason;
      if (!canPurchase('cancel', state.status)) return refuse('cancel');
      return cancelled(state, book({ kind: 'cancel', reason, at }), {
        action: 'cancel',
        reason,
        set: {},
        // An open claim ends with the purchase.
        claim: state.claim
          ? { id: state.claim.id, status: 'denied', answer: `Purchase cancelled: ${reason}` }
          : null,
        event: (tail) => ({ kind: 'cancelled', text: `Cancelled: ${reason}${tail}` }),
        mail: { kind: 'cancelled', note: `Reason: ${reason}` },
        move: moveBy('cancel'),
      });
    }
  }
}

const moveOf = (b: MoneyMoveBody) => ({ method: b.method, reference: b.reference, paidOn: b.paidOn });

/**
 * docs/product/purchases.md#cancel-and-return: the ledger reverses what stands of every charge, credit and the
 * seller's payable (what the buyer paid becomes owed to them until the refund); the invoice is voided by a credit
 * note for what it still stands for; the sale is undone.
 */
function cancelled(
  state: PurchaseState,
  booked: { entries: LedgerEntry[]; after: LedgerEntry[]; summary: LedgerSummary } | Refusal,
  c: {
    action: 'cancel' | 'return';
    reason: string;
    set: PurchaseDecision['set'];
    claim: { id: string; status: 'denied' | 'returned'; answer: string } | null;
    event: (tail: string) => { kind: string; text: string };
    mail: { kind: string; note: string };
    move: NonNullable<PurchaseDecision['move']>;
  },
): PurchaseDecisionResult {
  if ('ok' in booked) return booked;
  const voiding = state.invoice
    ? voidingCreditCents(state.invoice.totalCents, state.invoice.creditedCents)
    : 0;
  const owed = owedAfterCancel(booked.summary);
  return {
    ok: true,
    entries: booked.entries,
    summary: booked.summary,
    move: c.move,
    set: { ...c.set, cancelReason: c.reason, cancelledAt: state.now },
    issue: voiding > 0 ? { creditNote: { amountCents: voiding, reason: VOID_REASON, claimId: null } } : {},
    claim: c.claim ? { id: c.claim.id, status: c.claim.status } : undefined,
    undoSale: true,
    report: ({ creditNote }) => {
      const note = creditNote && voiding > 0 ? { number: creditNote, amountCents: voiding } : null;
      return {
        claimAnswer: c.claim?.answer,
        event: c.event(`${voidedText(note)}${owed.text}`),
        audit: { action: c.action },
        notices: [
          {
            to: 'buyer',
            kind: c.mail.kind,
            note: c.mail.note,
            facts: [...(note ? ([['Credit note', note.number]] as Facts) : []), ...owed.facts],
          },
        ],
      };
    },
  };
}
