import { z } from 'zod';
import {
  buyerBalanceText,
  CHARGE_LINE_LABELS,
  CHARGE_LINES,
  type ChargeLine,
  CREDIT_BEARERS,
  type CreditBearer,
  entryDate,
  isInvoiced,
  LEDGER_ACCOUNTS,
  type LedgerContext,
  type LedgerEntry,
  type LedgerOptions,
  type LedgerSummary,
  ledgerSummary,
  nextLedgerEntries,
  REVERSIBLE,
  type Reversible,
  runningBalances,
} from './ledger';
import {
  amountCents,
  isoDate,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from './payment-terms';

/**
 * The ledger's API (docs/product/purchases.md#the-ledger, decisions 0033 and 0035): request bodies of the admin's
 * money steps, and the money parts of the buyer's, the seller's and the admin's responses. Every figure in them is
 * computed by `ledgerSummary` (or `runningBalances`, `ledgerTotals`) on the server; screens only format them.
 *
 * Routes (all under /api; admin only except the two reads that already exist):
 * - GET  /purchases, /purchases/:purchaseId          Purchase: `money`, `refunds`, claims' `bornBy`/`defaultBornBy`
 * - GET  /purchases/sold, /purchases/sold/:purchaseId SoldPurchase: ledger proceeds, `proceedsText`, `payoutText`,
 *                                                    `payoutDueDate`, `charges`
 * - POST /admin/purchases/:purchaseId/claim-answer   credit gains `bornBy` (default the claim's `defaultBornBy`)
 *                                                    and `reason` (default "Guarantee claim: {description}")
 * - POST /admin/purchases/:purchaseId/refunds            ledgerMoneyBody -> Purchase
 * - POST /admin/purchases/:purchaseId/payouts            payoutBody (a reason before the guarantee ends) -> Purchase
 * - POST /admin/purchases/:purchaseId/seller-repayments  ledgerMoneyBody -> Purchase
 * - GET  /admin/purchases/:purchaseId/ledger             -> PurchaseLedger (entries, running balances,
 *                                                          the money steps open now: `moneyActions`)
 * - GET  /admin/money?from=YYYY-MM-DD&to=YYYY-MM-DD      -> MoneyView (`ledgerTotals` and counts)
 * - GET  /admin/money.csv?from=…&to=…                    text/csv of the entries in the range
 *
 * Every POST above, the payment, the cancel and the dealer's choice of fulfilment take an optional Idempotency-Key
 * header (`idempotencyHeaders`):
 * the same key and body again answers the first result (docs/product/purchases.md#exactly-once).
 */

export const CREDIT_BEARER_LABELS: Record<(typeof CREDIT_BEARERS)[number], string> = {
  fieldlot: 'FieldLot',
  seller: 'The seller',
};

// ---------------------------------------------------------------- requests

/**
 * A refund to the buyer, a payout to the seller, or the seller's repayment: as a payment, the amount in dollars
 * ("3,000.00" or a number of dollars; the server receives whole cents), the method, a reference and the bank date.
 */
export const ledgerMoneyBody = z.object({
  amount: amountCents('Amount'),
  method: z.enum(PAYMENT_METHODS, 'Choose a payment method'),
  reference: z.string().trim().max(120, 'At most 120 characters').default(''),
  paidOn: isoDate('Date'),
});
export type LedgerMoneyBody = z.input<typeof ledgerMoneyBody>;

/**
 * A payout: the money move and, while the buyer may still claim, the admin's reason for paying before the guarantee
 * ends (docs/product/purchases.md#paying-the-seller): audited and kept on the ledger line. Blank means none.
 */
export const payoutBody = ledgerMoneyBody.extend({
  reason: z
    .string()
    .trim()
    .max(500, 'At most 500 characters')
    .refine((v) => v === '' || v.length >= 5, 'Give a reason of at least 5 characters')
    .optional()
    .transform((v) => v || undefined),
});
export type PayoutBody = z.input<typeof payoutBody>;

/** The claim answer's credit: who bears it (default: the claim's `defaultBornBy`) and why (the seller reads it). */
export const creditAnswerFields = {
  bornBy: z.enum(CREDIT_BEARERS, 'Choose who bears the credit').optional(),
  reason: z.string().trim().min(3, 'Give a reason').max(1000, 'At most 1000 characters').optional(),
};

export const moneyRangeQuery = z
  .object({ from: isoDate('From'), to: isoDate('To') })
  .refine((q) => q.from <= q.to, { message: 'The start must not be after the end', path: ['to'] });
export type MoneyRangeQuery = z.infer<typeof moneyRangeQuery>;

// ---------------------------------------------------------------- the buyer (Purchased Inventory)

/**
 * The buyer's figures, whole cents from `ledgerSummary` (`buyerMoneyOf`); dealer screens show them in whole dollars.
 * The purchase's one set of money figures: nothing beside it restates them (decision 0076).
 */
export const buyerMoneySchema = z.object({
  /** The invoice is issued (`isInvoiced`: the ledger carries its charges). */
  invoiced: z.boolean(),
  /** The price: the invoice's once issued; before it, the sale's terms, which the invoice will book. */
  priceCents: z.number(),
  /** The buyer fee: the invoice's once issued; before it, the one recorded at the sale. */
  buyerFeeCents: z.number(),
  /** Delivery as invoiced (0 before the invoice and for a collection). */
  deliveryCents: z.number(),
  /** The invoice as issued (0 before it). */
  invoiceTotalCents: z.number(),
  creditedCents: z.number(),
  paidCents: z.number(),
  refundedCents: z.number(),
  /** The buyer's account: positive is due from the buyer, negative is owed to them (0 before the invoice). */
  balanceCents: z.number(),
  balanceDueCents: z.number(),
  /** "FieldLot owes you": credits or payments after a cancellation, not yet refunded. */
  owedToBuyerCents: z.number(),
  paidInFull: z.boolean(),
  /** Nothing owed either way (`settledForBuyer`). */
  settled: z.boolean(),
  cancelled: z.boolean(),
  /** `buyerBalanceText`: "Balance due $49,320", "FieldLot owes you $3,000", "Paid in full", or null. */
  balanceText: z.string().nullable(),
});
export type BuyerMoney = z.infer<typeof buyerMoneySchema>;

/** The sale's terms: price and buyer fee recorded at the sale (decision 0069), the only money before the invoice. */
export interface SaleTerms {
  priceCents: number;
  buyerFeeCents: number;
}

/** The buyer's figures (Purchased Inventory, the admin's purchase list and ledger) from the ledger's summary. */
export function buyerMoneyOf(s: LedgerSummary, terms: SaleTerms): BuyerMoney {
  const invoiced = isInvoiced(s);
  return {
    invoiced,
    priceCents: invoiced ? s.charged.priceCents : terms.priceCents,
    buyerFeeCents: invoiced ? s.charged.buyerFeeCents : terms.buyerFeeCents,
    deliveryCents: s.charged.deliveryCents,
    invoiceTotalCents: s.charged.totalCents,
    creditedCents: s.credits.totalCents,
    paidCents: s.buyerPaidCents,
    refundedCents: s.refundsPaidCents,
    balanceCents: s.balances.buyer,
    balanceDueCents: s.buyerBalanceDueCents,
    owedToBuyerCents: s.owedToBuyerCents,
    paidInFull: s.paidInFull,
    settled: s.settledForBuyer,
    cancelled: s.cancelled,
    balanceText: buyerBalanceText(s),
  };
}

export const moneyMoveSchema = z.object({
  id: z.string(),
  amountCents: z.number(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  paidOn: z.string(),
});

// ---------------------------------------------------------------- the seller (My Listings)

export const sellerChargeSchema = z.object({
  amountCents: z.number(),
  reason: z.string(),
  /** `sellerChargeText`: "Charge $3,000: hydraulic leak …". */
  text: z.string(),
  at: z.string(),
});

/** Spread into SoldPurchase: proceeds from the ledger (0 when cancelled), the payout line and the charges. */
export const sellerMoneyShape = {
  /** price − seller fee − seller-borne credits; 0 on a cancelled sale (`ledgerSummary.sellerProceedsCents`). */
  proceedsCents: z.number(),
  /** `sellerProceedsText`: "Your proceeds $176,750". */
  proceedsText: z.string(),
  paidOutCents: z.number(),
  owedToSellerCents: z.number(),
  owedBySellerCents: z.number(),
  /** `sellerPayoutDueDate` (YYYY-MM-DD): SELLER_PAYOUT_DAYS business days after paid, collected, title. */
  payoutDueDate: z.string().nullable(),
  /** `sellerPayoutText`: "Payout due December 14, 2026", "Paid December 10, 2026 — ref P-77", "You owe FieldLot $179,750: …". */
  payoutText: z.string().nullable(),
  charges: z.array(sellerChargeSchema),
};

// ---------------------------------------------------------------- the admin

const balancesSchema = z.object(
  Object.fromEntries(LEDGER_ACCOUNTS.map((a) => [a, z.number()])) as Record<
    (typeof LEDGER_ACCOUNTS)[number],
    z.ZodNumber
  >,
);

export const LEDGER_ENTRY_KINDS = [
  'charge',
  'seller_payable',
  'payment',
  'credit',
  'refund',
  'payout',
  'seller_repayment',
  'reversal',
] as const;

/** One entry as the admin reads it, with every account's balance after it (`runningBalances`). */
export const ledgerRowSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The day it counts on (`entryDate`): the bank date of money moves, else the day recorded. */
  date: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  line: z.enum(CHARGE_LINES).nullable(),
  of: z.enum(REVERSIBLE).nullable(),
  bornBy: z.enum(CREDIT_BEARERS).nullable(),
  amountCents: z.number(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  reference: z.string().nullable(),
  paidOn: z.string().nullable(),
  reason: z.string().nullable(),
  /** "Charge: Buyer fee", "Credit borne by the seller", "Payout (Wire transfer, P-77)". */
  text: z.string(),
  recordedBy: z.string().nullable(),
  balances: balancesSchema,
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

/** The admin's money steps; `moneyActions` lists those open now (the screens show these buttons, nothing else). */
export const LEDGER_MONEY_ACTIONS = ['refund', 'payout', 'seller_repayment'] as const;
export type LedgerMoneyAction = (typeof LEDGER_MONEY_ACTIONS)[number];

export const purchaseLedgerSchema = z
  .object({
    purchaseId: z.string(),
    number: z.string(),
    isDealerListing: z.boolean(),
    moneyActions: z.array(z.enum(LEDGER_MONEY_ACTIONS)),
    rows: z.array(ledgerRowSchema),
    buyer: buyerMoneySchema,
    seller: z.object(sellerMoneyShape).nullable(),
    fieldlot: z.object({
      buyerFeeCents: z.number(),
      sellerFeeCents: z.number(),
      feesEarnedCents: z.number(),
      creditsBorneCents: z.number(),
      deliveryCents: z.number(),
      ownSaleCents: z.number(),
      netCents: z.number(),
    }),
  })
  .meta({ id: 'PurchaseLedger' });
export type PurchaseLedger = z.infer<typeof purchaseLedgerSchema>;

/** `ledgerTotals` over [from, to] (movements in the range; positions at its end) and counts of entries. */
export const moneyViewSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    totals: z.object({
      receivedFromBuyersCents: z.number(),
      refundedToBuyersCents: z.number(),
      paidToSellersCents: z.number(),
      repaidBySellersCents: z.number(),
      buyerFeesCents: z.number(),
      sellerFeesCents: z.number(),
      fieldlotCreditsCents: z.number(),
      owedToSellersCents: z.number(),
      owedBySellersCents: z.number(),
      owedToBuyersCents: z.number(),
      awaitingPaymentCents: z.number(),
    }),
    counts: z.object({
      /** Purchases with an entry in the range. */
      purchases: z.number(),
      entries: z.number(),
      payments: z.number(),
      refunds: z.number(),
      payouts: z.number(),
      sellerRepayments: z.number(),
      credits: z.number(),
      cancellations: z.number(),
    }),
  })
  .meta({ id: 'MoneyView' });
export type MoneyView = z.infer<typeof moneyViewSchema>;

// ---------------------------------------------------------------- helpers shared by server and screens

/**
 * The day the buyer's balance first reached zero after the invoice (the bank date of the payment, or the day of the
 * credit, that cleared it): where the seller's payout clock starts. Null while anything is due or nothing invoiced.
 */
export function paidInFullOn(entries: readonly LedgerEntry[]): string | null {
  let paidOn: string | null = null;
  for (const row of runningBalances(entries)) {
    const charged = row.entry.kind === 'charge';
    if (charged || row.balances.buyer > 0) paidOn = null;
    else if (paidOn === null && row.balances.buyer <= 0) paidOn = entryDate(row.entry);
  }
  return paidOn;
}

/** One entry as a line of the admin's ledger and the money CSV: "Charge: Buyer fee", "Payout (Wire transfer, P-77)". */
export function ledgerEntryText(e: LedgerEntry): string {
  const move = (label: string) =>
    'method' in e
      ? `${label} (${PAYMENT_METHOD_LABELS[e.method]}${e.reference ? `, ${e.reference}` : ''})`
      : label;
  switch (e.kind) {
    case 'charge':
      return `Charge: ${CHARGE_LINE_LABELS[e.line]}`;
    case 'seller_payable':
      return 'Payable to the seller (price − seller fee)';
    case 'payment':
      return move('Payment from the buyer');
    case 'credit':
      return `Credit borne by ${e.bornBy === 'seller' ? 'the seller' : 'FieldLot'}: ${e.reason}`;
    case 'refund':
      return move('Refund to the buyer');
    case 'payout':
      return move('Payout to the seller');
    case 'seller_repayment':
      return move('Repayment by the seller');
    case 'reversal':
      return `Reversal of ${REVERSAL_LABELS[e.of]}: ${e.reason}`;
  }
}

/** The admin's ledger line: the entry's text, and on a payout made before the guarantee ended the admin's reason. */
export function ledgerLineText(e: LedgerEntry, storedReason: string | null | undefined): string {
  const text = ledgerEntryText(e);
  return e.kind === 'payout' && storedReason ? `${text}, before the guarantee ended: ${storedReason}` : text;
}

const REVERSAL_LABELS: Record<(typeof REVERSIBLE)[number], string> = {
  price: 'the price',
  buyer_fee: 'the buyer fee',
  delivery: 'the delivery',
  seller_payable: "the seller's payable",
  credit_fieldlot: "FieldLot's credits",
  credit_seller: "the seller's credits",
};

/** A stored entry (nullable columns, as the database returns them) as the ledger's entry. */
export function ledgerEntryOf(r: {
  kind: LedgerEntry['kind'];
  line?: ChargeLine | null;
  of?: Reversible | null;
  bornBy?: CreditBearer | null;
  amountCents: number | string;
  method?: PaymentMethod | null;
  reference?: string | null;
  paidOn?: string | null;
  reason?: string | null;
  at: Date | string;
}): LedgerEntry {
  const at = new Date(r.at).toISOString();
  const amountCents = Number(r.amountCents);
  switch (r.kind) {
    case 'charge':
      return { kind: 'charge', line: r.line ?? 'price', amountCents, at };
    case 'seller_payable':
      return { kind: 'seller_payable', amountCents, at };
    case 'credit':
      return { kind: 'credit', bornBy: r.bornBy ?? 'fieldlot', reason: r.reason ?? '', amountCents, at };
    case 'reversal':
      return { kind: 'reversal', of: r.of ?? 'price', reason: r.reason ?? '', amountCents, at };
    default: {
      const paidOn = r.paidOn ?? at.slice(0, 10);
      return {
        kind: r.kind,
        amountCents,
        at,
        method: r.method ?? 'other',
        reference: r.reference ?? '',
        paidOn,
      };
    }
  }
}

/**
 * The seller's summary: from the entries once invoiced; before the invoice, from the entries the invoice will add
 * at the sale price (My Listings shows the proceeds from the accepted offer on).
 */
export function sellerLedgerSummary(
  entries: readonly LedgerEntry[],
  options: LedgerOptions & { priceCents: number },
): LedgerSummary {
  if (entries.length === 0 && !options.cancelled) {
    const at = new Date(0).toISOString();
    const invoice = nextLedgerEntries([], { kind: 'invoice', priceCents: options.priceCents, at }, options);
    if (invoice.ok) return ledgerSummary(invoice.entries, options);
  }
  return ledgerSummary(entries, options);
}

/**
 * The money steps the admin may record now: those `nextLedgerEntries` would take for one cent, so the buttons follow
 * the very rules that refuse a step (nothing owed, a payout before paid, collected and title, a cancelled sale).
 */
export function openMoneyActions(entries: readonly LedgerEntry[], ctx: LedgerContext): LedgerMoneyAction[] {
  const at = new Date(0).toISOString();
  return LEDGER_MONEY_ACTIONS.filter(
    (kind) =>
      nextLedgerEntries(
        entries,
        { kind, amountCents: 1, method: 'wire', reference: '', paidOn: '2000-01-01', at },
        ctx,
      ).ok,
  );
}
