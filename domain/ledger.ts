import { z } from 'zod';
import { longDateUtc } from './dates';
import { DEFAULT_SELLER_FEE_CENTS, sellerProceedsCents } from './dealer-listings';
import { buyerFeeCents, formatDollars } from './money';
import { addBusinessDays, PAYMENT_METHODS } from './payment-terms';

/**
 * The purchase ledger (docs/product/purchases.md#the-ledger): every money movement of a purchase is an
 * insert-only entry, and every figure a screen, PDF or e-mail shows is computed from the entries by
 * `ledgerSummary`. Double entry: each entry moves its amount between two accounts, so the accounts always sum
 * to zero. Signs: `buyer` and `seller` are positive when the party owes FieldLot and negative when FieldLot
 * owes them; `cash` is the money FieldLot holds; `fieldlot` is FieldLot's own result (negative = earned).
 */

export const LEDGER_ACCOUNTS = ['buyer', 'seller', 'fieldlot', 'cash'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export type LedgerBalances = Record<LedgerAccount, number>;

export const CHARGE_LINES = ['price', 'buyer_fee', 'delivery'] as const;
export type ChargeLine = (typeof CHARGE_LINES)[number];
export const CHARGE_LINE_LABELS: Record<ChargeLine, string> = {
  price: 'Price',
  buyer_fee: 'Buyer fee',
  delivery: 'Delivery',
};

export const CREDIT_BEARERS = ['fieldlot', 'seller'] as const;
export type CreditBearer = (typeof CREDIT_BEARERS)[number];

/** What a reversal (on cancellation) undoes: a charge line, the seller's payable, or a credit by its bearer. */
export const REVERSIBLE = [
  'price',
  'buyer_fee',
  'delivery',
  'seller_payable',
  'credit_fieldlot',
  'credit_seller',
] as const;
export type Reversible = (typeof REVERSIBLE)[number];

/** Business days from the last of paid in full, collected and title received to the seller's payout. */
export const SELLER_PAYOUT_DAYS = 10;

const amountCents = z
  .number('Enter an amount')
  .int('The amount must be whole cents')
  .positive('The amount must be more than $0')
  .max(Number.MAX_SAFE_INTEGER);
const at = z.iso.datetime({ offset: true, message: 'A timestamp is required' });
const reason = z.string().trim().min(3, 'Give a reason').max(1000, 'At most 1000 characters');
const moneyMove = {
  method: z.enum(PAYMENT_METHODS, 'Choose a payment method'),
  reference: z.string().trim().max(120, 'At most 120 characters').default(''),
  paidOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date'),
};

export const ledgerEntrySchema = z.discriminatedUnion('kind', [
  /** The buyer's invoice lines: price, buyer fee, delivery. */
  z.object({ kind: z.literal('charge'), line: z.enum(CHARGE_LINES), amountCents, at }),
  /** What FieldLot owes the seller of a dealer's listing: price - seller fee (seller-borne credits count against it). */
  z.object({ kind: z.literal('seller_payable'), amountCents, at }),
  z.object({ kind: z.literal('payment'), amountCents, at, ...moneyMove }),
  /** A credit to the buyer (a claim): FieldLot or the seller bears it. */
  z.object({ kind: z.literal('credit'), bornBy: z.enum(CREDIT_BEARERS), reason, amountCents, at }),
  z.object({ kind: z.literal('refund'), amountCents, at, ...moneyMove }),
  z.object({ kind: z.literal('payout'), amountCents, at, ...moneyMove }),
  /** The seller pays back what they owe (a payout made before a cancellation or a seller-borne credit). */
  z.object({ kind: z.literal('seller_repayment'), amountCents, at, ...moneyMove }),
  /** Cancellation undoes a charge, the payable or a credit; payments, refunds and payouts stay as they were. */
  z.object({ kind: z.literal('reversal'), of: z.enum(REVERSIBLE), reason, amountCents, at }),
]);
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export type LedgerEntryInput = z.input<typeof ledgerEntrySchema>;

type Posting = { account: LedgerAccount; cents: number };
const move = (to: LedgerAccount, from: LedgerAccount, cents: number): Posting[] => [
  { account: to, cents },
  { account: from, cents: -cents },
];

/** The entry's two postings: they sum to zero, which keeps the whole ledger at zero by construction. */
export function postings(e: LedgerEntry): Posting[] {
  const a = e.amountCents;
  switch (e.kind) {
    case 'charge':
      return move('buyer', 'fieldlot', a);
    case 'seller_payable':
      return move('fieldlot', 'seller', a);
    case 'payment':
      return move('cash', 'buyer', a);
    case 'credit':
      return move(e.bornBy, 'buyer', a);
    case 'refund':
      return move('buyer', 'cash', a);
    case 'payout':
      return move('seller', 'cash', a);
    case 'seller_repayment':
      return move('cash', 'seller', a);
    case 'reversal':
      switch (e.of) {
        case 'price':
        case 'buyer_fee':
        case 'delivery':
          return move('fieldlot', 'buyer', a);
        case 'seller_payable':
          return move('seller', 'fieldlot', a);
        case 'credit_fieldlot':
          return move('buyer', 'fieldlot', a);
        case 'credit_seller':
          return move('buyer', 'seller', a);
      }
  }
}

const zeroBalances = (): LedgerBalances => ({ buyer: 0, seller: 0, fieldlot: 0, cash: 0 });

export function accountBalances(entries: readonly LedgerEntry[]): LedgerBalances {
  const b = zeroBalances();
  for (const e of entries) for (const p of postings(e)) b[p.account] += p.cents;
  return b;
}

/** The date a movement counts on: the bank date of payments, refunds and payouts, else the day recorded. */
export function entryDate(e: LedgerEntry): string {
  return 'paidOn' in e ? e.paidOn : e.at.slice(0, 10);
}

// ---------------------------------------------------------------- the one summary

export interface LedgerOptions {
  /** A dealer's listing has a seller to pay; FieldLot's own listing keeps the price. */
  isDealerListing: boolean;
  /** SELLER_FEE_CENTS (default $250): the cap on proceeds is price - this fee. */
  sellerFeeCents?: number;
  /** The purchase is cancelled even when there was nothing to reverse (cancelled before the invoice). */
  cancelled?: boolean;
}

export interface LedgerSummary {
  cancelled: boolean;
  /** The invoice as issued (gross) and what stands after reversals. */
  charged: { priceCents: number; buyerFeeCents: number; deliveryCents: number; totalCents: number };
  buyerChargedCents: number;
  credits: { fieldlotCents: number; sellerCents: number; totalCents: number };
  buyerPaidCents: number;
  refundsPaidCents: number;
  buyerBalanceDueCents: number;
  /** "FieldLot owes you": credits or payments (after a cancellation) not yet refunded. */
  owedToBuyerCents: number;
  paidInFull: boolean;
  /** price - seller fee - seller-borne credits; 0 when cancelled and on FieldLot's own listings. */
  sellerProceedsCents: number;
  /** The seller-borne credits that stand (each a charge to the seller with its reason). */
  sellerChargesCents: number;
  sellerPaidOutCents: number;
  sellerRepaidCents: number;
  owedToSellerCents: number;
  /** A payout made before a cancellation, or a seller-borne credit after the payout. */
  owedBySellerCents: number;
  /** FieldLot's side: fees earned, FieldLot-borne credits reported separately, all 0 once cancelled. */
  fieldlot: {
    buyerFeeCents: number;
    sellerFeeCents: number;
    feesEarnedCents: number;
    creditsBorneCents: number;
    deliveryCents: number;
    /** The price of FieldLot's own listing (a sale, not a fee). */
    ownSaleCents: number;
    /** buyer fee + seller fee + delivery + own sale - FieldLot-borne credits = minus the `fieldlot` account. */
    netCents: number;
  };
  lastPayout: { amountCents: number; paidOn: string; reference: string } | null;
  settledForBuyer: boolean;
  settledForSeller: boolean;
  balances: LedgerBalances;
}

type SumKey =
  | `charge:${ChargeLine}`
  | `credit:${CreditBearer}`
  | `reversal:${Reversible}`
  | LedgerEntry['kind'];

function sums(entries: readonly LedgerEntry[]) {
  const s = new Map<SumKey, number>();
  const add = (k: SumKey, v: number) => s.set(k, (s.get(k) ?? 0) + v);
  for (const e of entries) {
    if (e.kind === 'charge') add(`charge:${e.line}`, e.amountCents);
    else if (e.kind === 'credit') add(`credit:${e.bornBy}`, e.amountCents);
    else if (e.kind === 'reversal') add(`reversal:${e.of}`, e.amountCents);
    else add(e.kind, e.amountCents);
  }
  const get = (k: SumKey) => s.get(k) ?? 0;
  /** What stands of a reversible amount after its reversals. */
  const net = (k: Reversible) =>
    get(
      k === 'seller_payable'
        ? 'seller_payable'
        : k.startsWith('credit_')
          ? (`credit:${k.slice(7)}` as SumKey)
          : `charge:${k as ChargeLine}`,
    ) - get(`reversal:${k}`);
  return { get, net };
}

export function ledgerSummary(entries: readonly LedgerEntry[], options: LedgerOptions): LedgerSummary {
  const { get, net } = sums(entries);
  const balances = accountBalances(entries);
  const dealer = options.isDealerListing;
  const cancelled = Boolean(options.cancelled) || entries.some((e) => e.kind === 'reversal');
  const charged = {
    priceCents: get('charge:price'),
    buyerFeeCents: get('charge:buyer_fee'),
    deliveryCents: get('charge:delivery'),
    totalCents: get('charge:price') + get('charge:buyer_fee') + get('charge:delivery'),
  };
  const credits = {
    fieldlotCents: get('credit:fieldlot'),
    sellerCents: get('credit:seller'),
    totalCents: get('credit:fieldlot') + get('credit:seller'),
  };
  const sellerCharges = net('credit_seller');
  const proceeds = dealer && !cancelled ? net('seller_payable') - sellerCharges : 0;
  const buyerFee = net('buyer_fee');
  const sellerFee = dealer ? net('price') - net('seller_payable') : 0;
  const creditsBorne = net('credit_fieldlot');
  const delivery = net('delivery');
  const ownSale = dealer ? 0 : net('price');
  const payouts = entries.filter((e) => e.kind === 'payout');
  const last = payouts.at(-1);
  return {
    cancelled,
    charged,
    buyerChargedCents: charged.totalCents,
    credits,
    buyerPaidCents: get('payment'),
    refundsPaidCents: get('refund'),
    buyerBalanceDueCents: Math.max(0, balances.buyer),
    owedToBuyerCents: Math.max(0, -balances.buyer),
    paidInFull: !cancelled && charged.totalCents > 0 && balances.buyer <= 0,
    sellerProceedsCents: proceeds,
    sellerChargesCents: sellerCharges,
    sellerPaidOutCents: get('payout'),
    sellerRepaidCents: get('seller_repayment'),
    owedToSellerCents: Math.max(0, -balances.seller),
    owedBySellerCents: Math.max(0, balances.seller),
    fieldlot: {
      buyerFeeCents: buyerFee,
      sellerFeeCents: sellerFee,
      feesEarnedCents: buyerFee + sellerFee,
      creditsBorneCents: creditsBorne,
      deliveryCents: delivery,
      ownSaleCents: ownSale,
      netCents: buyerFee + sellerFee + delivery + ownSale - creditsBorne,
    },
    lastPayout: last
      ? { amountCents: last.amountCents, paidOn: last.paidOn, reference: last.reference }
      : null,
    settledForBuyer: balances.buyer === 0 && (charged.totalCents > 0 || cancelled),
    settledForSeller: !dealer || (balances.seller === 0 && (cancelled || get('seller_payable') > 0)),
    balances,
  };
}

/** "Is it invoiced?", asked one way: the ledger carries the invoice's charges (docs/product/purchases.md#the-ledger). */
export function isInvoiced(s: Pick<LedgerSummary, 'buyerChargedCents'>): boolean {
  return s.buyerChargedCents > 0;
}

/** The proceeds' ceiling: price - seller fee (what My Listings promised before any credit). */
export function proceedsCeilingCents(entries: readonly LedgerEntry[], options: LedgerOptions): number {
  const price = entries.reduce(
    (n, e) => n + (e.kind === 'charge' && e.line === 'price' ? e.amountCents : 0),
    0,
  );
  return sellerProceedsCents(price, options.sellerFeeCents ?? DEFAULT_SELLER_FEE_CENTS);
}

// ---------------------------------------------------------------- the admin's views

/**
 * The seller fee of a dealer's sale as its own line beside the price (the money CSV): the price charged less the
 * payable booked with it, and on a cancellation the price's reversal less the payable's. Null beside any other
 * entry. Summed over a range, these lines are `ledgerTotals`' seller fees.
 */
export function sellerFeeBeside(e: LedgerEntry, entries: readonly LedgerEntry[]): number | null {
  const total = (f: (x: LedgerEntry) => boolean) => entries.filter(f).reduce((n, x) => n + x.amountCents, 0);
  if (e.kind === 'charge' && e.line === 'price')
    return e.amountCents - total((x) => x.kind === 'seller_payable');
  if (e.kind === 'reversal' && e.of === 'price')
    return e.amountCents - total((x) => x.kind === 'reversal' && x.of === 'seller_payable');
  return null;
}

export interface RunningBalanceRow {
  entry: LedgerEntry;
  postings: Posting[];
  /** Every account after this entry. */
  balances: LedgerBalances;
}

/** The admin's per-purchase ledger: entries in date order (stable for equal timestamps), running balances. */
export function runningBalances(entries: readonly LedgerEntry[]): RunningBalanceRow[] {
  const ordered = entries
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => (a.entry.at < b.entry.at ? -1 : a.entry.at > b.entry.at ? 1 : a.i - b.i));
  const b = zeroBalances();
  return ordered.map(({ entry }) => {
    const ps = postings(entry);
    for (const p of ps) b[p.account] += p.cents;
    return { entry, postings: ps, balances: { ...b } };
  });
}

export interface LedgerPurchase {
  entries: readonly LedgerEntry[];
  isDealerListing: boolean;
  cancelled?: boolean;
}

export interface LedgerTotals {
  receivedFromBuyersCents: number;
  refundedToBuyersCents: number;
  paidToSellersCents: number;
  repaidBySellersCents: number;
  buyerFeesCents: number;
  sellerFeesCents: number;
  fieldlotCreditsCents: number;
  /** Positions at the end of the range. */
  owedToSellersCents: number;
  owedBySellersCents: number;
  owedToBuyersCents: number;
  awaitingPaymentCents: number;
}

/**
 * The admin's money view over `range` (inclusive YYYY-MM-DD): the movements dated inside it, and what is owed
 * at its end. Fees count on the day the invoice is issued and come off on the day of a cancellation.
 */
export function ledgerTotals(
  purchases: readonly LedgerPurchase[],
  range: { from: string; to: string },
): LedgerTotals {
  const t: LedgerTotals = {
    receivedFromBuyersCents: 0,
    refundedToBuyersCents: 0,
    paidToSellersCents: 0,
    repaidBySellersCents: 0,
    buyerFeesCents: 0,
    sellerFeesCents: 0,
    fieldlotCreditsCents: 0,
    owedToSellersCents: 0,
    owedBySellersCents: 0,
    owedToBuyersCents: 0,
    awaitingPaymentCents: 0,
  };
  for (const p of purchases) {
    const inRange = p.entries.filter((e) => entryDate(e) >= range.from && entryDate(e) <= range.to);
    const flows = ledgerSummary(inRange, { isDealerListing: p.isDealerListing });
    t.receivedFromBuyersCents += flows.buyerPaidCents;
    t.refundedToBuyersCents += flows.refundsPaidCents;
    t.paidToSellersCents += flows.sellerPaidOutCents;
    t.repaidBySellersCents += flows.sellerRepaidCents;
    t.buyerFeesCents += flows.fieldlot.buyerFeeCents;
    t.sellerFeesCents += flows.fieldlot.sellerFeeCents;
    t.fieldlotCreditsCents += flows.fieldlot.creditsBorneCents;
    const atEnd = ledgerSummary(
      p.entries.filter((e) => entryDate(e) <= range.to),
      { isDealerListing: p.isDealerListing, cancelled: p.cancelled },
    );
    t.owedToSellersCents += atEnd.owedToSellerCents;
    t.owedBySellersCents += atEnd.owedBySellerCents;
    t.owedToBuyersCents += atEnd.owedToBuyerCents;
    t.awaitingPaymentCents += atEnd.buyerBalanceDueCents;
  }
  return t;
}

// ---------------------------------------------------------------- rules

/** How a claimed defect relates to the published condition report and the seller's declaration. */
export type ClaimCause = 'missed_by_report' | 'declared_otherwise_by_seller' | 'hidden_by_seller';

/**
 * Who bears a claim's credit by default: a defect the published report missed is FieldLot's (its inspection);
 * one the seller declared otherwise or hid is the seller's; on FieldLot's own listing there is no one else.
 */
export function defaultCreditBearer(claim: { cause: ClaimCause; isDealerListing: boolean }): CreditBearer {
  if (!claim.isDealerListing) return 'fieldlot';
  return claim.cause === 'missed_by_report' ? 'fieldlot' : 'seller';
}

type MoneyMove = {
  amountCents: number;
  method: (typeof PAYMENT_METHODS)[number];
  reference?: string;
  paidOn: string;
  at: string;
};

export type LedgerStep =
  | {
      kind: 'invoice';
      priceCents: number;
      /** The fee recorded with the sale (a sale before decision 0069 may carry cents); else `buyerFeeCents`. */
      buyerFeeCents?: number;
      deliveryCents?: number | null;
      at: string;
    }
  | ({ kind: 'payment' } & MoneyMove)
  | { kind: 'credit'; amountCents: number; bornBy: CreditBearer; reason: string; at: string }
  | ({ kind: 'refund' } & MoneyMove)
  | ({ kind: 'payout' } & MoneyMove)
  | ({ kind: 'seller_repayment' } & MoneyMove)
  | { kind: 'cancel'; reason: string; at: string };

export interface LedgerContext extends LedgerOptions {
  /** The day the tractor was picked up or delivered, and the day FieldLot received the title. */
  collectedAt?: string | null;
  titleReceivedAt?: string | null;
}

export type LedgerStepResult = { ok: true; entries: LedgerEntry[] } | { ok: false; message: string };

const refuse = (message: string): LedgerStepResult => ({ ok: false, message });
// Exact, with cents only when an amount carries them (decision 0069).
const cents = formatDollars;

/** "FieldLot owes the seller $79,750; this payout of $100,000 is more": what is owed, then the amount. */
export const overOwed = (owes: string, owedCents: number, what: string, amountCents: number) =>
  `${owes} ${cents(owedCents)}; this ${what} of ${cents(amountCents)} is more`;

/**
 * The entries a step adds, or why it is refused: the ledger's rules in one place. The entries are parsed by
 * `ledgerEntrySchema`, so an amount that is not a positive whole number of cents is refused too.
 */
export function nextLedgerEntries(
  entries: readonly LedgerEntry[],
  step: LedgerStep,
  ctx: LedgerContext,
): LedgerStepResult {
  const s = ledgerSummary(entries, ctx);
  const invoiced = s.buyerChargedCents > 0;
  const added: LedgerEntryInput[] = [];
  if (s.cancelled && !['refund', 'seller_repayment'].includes(step.kind))
    return refuse('The purchase is cancelled: only refunds to the buyer and repayments by the seller remain');
  if ('amountCents' in step && !(Number.isInteger(step.amountCents) && step.amountCents > 0))
    return refuse('The amount must be more than $0');
  switch (step.kind) {
    case 'invoice': {
      if (invoiced) return refuse('The purchase is already invoiced: a correction is a credit');
      if (!(Number.isSafeInteger(step.priceCents) && step.priceCents > 0))
        return refuse('The price must be more than $0');
      const fee = step.buyerFeeCents ?? buyerFeeCents(step.priceCents);
      added.push({ kind: 'charge', line: 'price', amountCents: step.priceCents, at: step.at });
      added.push({ kind: 'charge', line: 'buyer_fee', amountCents: fee, at: step.at });
      if (step.deliveryCents)
        added.push({ kind: 'charge', line: 'delivery', amountCents: step.deliveryCents, at: step.at });
      const payable = sellerProceedsCents(step.priceCents, ctx.sellerFeeCents ?? DEFAULT_SELLER_FEE_CENTS);
      if (ctx.isDealerListing && payable > 0)
        added.push({ kind: 'seller_payable', amountCents: payable, at: step.at });
      break;
    }
    case 'payment': {
      if (!invoiced)
        return refuse('There is no invoice yet: the dealer chooses collection or delivery first');
      if (step.amountCents > s.buyerBalanceDueCents)
        return refuse(`Payment cannot be more than the balance of ${cents(s.buyerBalanceDueCents)}`);
      added.push({ ...step, kind: 'payment' });
      break;
    }
    case 'credit': {
      if (!invoiced) return refuse('There is no invoice to credit');
      const room = s.buyerChargedCents - s.credits.totalCents;
      if (step.amountCents > room) return refuse(`Credit cannot be more than ${cents(room)}`);
      if (step.bornBy === 'seller') {
        if (!ctx.isDealerListing) return refuse("FieldLot's own listing has no seller to bear a credit");
        if (step.amountCents > s.sellerProceedsCents)
          return refuse(
            `A credit borne by the seller cannot be more than their proceeds of ${cents(s.sellerProceedsCents)}`,
          );
      }
      added.push({
        kind: 'credit',
        amountCents: step.amountCents,
        bornBy: step.bornBy,
        reason: step.reason,
        at: step.at,
      });
      break;
    }
    case 'refund': {
      if (step.amountCents > s.owedToBuyerCents)
        return refuse(overOwed('FieldLot owes the buyer', s.owedToBuyerCents, 'refund', step.amountCents));
      added.push({ ...step, kind: 'refund' });
      break;
    }
    case 'payout': {
      if (!ctx.isDealerListing) return refuse("FieldLot's own listing has no seller to pay");
      if (!s.paidInFull) return refuse('The seller is paid once the buyer has paid in full');
      if (!ctx.collectedAt) return refuse('The seller is paid once the tractor is collected');
      if (!ctx.titleReceivedAt) return refuse('The seller is paid once FieldLot has received the title');
      // One wire is one payout: the same reference again is the same money recorded twice.
      const ref = step.reference?.trim().toLowerCase();
      if (ref && entries.some((e) => e.kind === 'payout' && e.reference.trim().toLowerCase() === ref))
        return refuse(
          `A payout with reference ${step.reference?.trim()} is already recorded: it is not paid twice`,
        );
      if (step.amountCents > s.owedToSellerCents)
        return refuse(overOwed('FieldLot owes the seller', s.owedToSellerCents, 'payout', step.amountCents));
      added.push({ ...step, kind: 'payout' });
      break;
    }
    case 'seller_repayment': {
      if (step.amountCents > s.owedBySellerCents)
        return refuse(
          overOwed('The seller owes FieldLot', s.owedBySellerCents, 'repayment', step.amountCents),
        );
      added.push({ ...step, kind: 'seller_repayment' });
      break;
    }
    case 'cancel': {
      // Undo what stands of every charge, credit and the payable; what was paid becomes owed to the buyer
      // (a refund), what was paid out becomes owed by the seller.
      const { net } = sums(entries);
      for (const of of REVERSIBLE) {
        const amount = net(of);
        if (amount > 0)
          added.push({ kind: 'reversal', of, amountCents: amount, reason: step.reason, at: step.at });
      }
      break;
    }
  }
  const parsed = z.array(ledgerEntrySchema).safeParse(added);
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Invalid ledger entry');
  return { ok: true, entries: parsed.data };
}

// ---------------------------------------------------------------- payout date and texts

const day = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/**
 * The seller's payout is due `businessDays` business days (US federal holidays skipped) after the last of: paid in
 * full, tractor collected, title received. Null while any of them is missing.
 */
export function sellerPayoutDueDate(
  paidInFullAt: Date | string | null | undefined,
  collectedAt: Date | string | null | undefined,
  titleReceivedAt: Date | string | null | undefined,
  businessDays: number = SELLER_PAYOUT_DAYS,
): string | null {
  if (!paidInFullAt || !collectedAt || !titleReceivedAt) return null;
  const last = [day(paidInFullAt), day(collectedAt), day(titleReceivedAt)].sort().at(-1) as string;
  return addBusinessDays(new Date(`${last}T12:00:00Z`), businessDays);
}

/**
 * "December 14, 2026": a day in the seller's payout lines, written as every other date in a sentence of the
 * purchase's pages (`dateLabel`), so one page never shows a day two ways (docs/product/purchases.md#dates).
 */
function payoutDay(iso: string): string {
  return longDateUtc(new Date(`${iso.slice(0, 10)}T12:00:00Z`));
}

/** My Listings (whole dollars): "Your proceeds $176,750". */
export function sellerProceedsText(s: LedgerSummary): string {
  return `Your proceeds ${formatDollars(s.sellerProceedsCents)}`;
}

/** My Listings: where the seller's money stands: "Payout due December 14, 2026", "Paid December 10, 2026 — ref W-123", or what they owe. */
export function sellerPayoutText(s: LedgerSummary, dueDate: string | null): string | null {
  if (s.owedBySellerCents > 0)
    return `You owe FieldLot ${formatDollars(s.owedBySellerCents)}${s.cancelled ? ': the sale was cancelled after the payout' : ''}`;
  if (s.owedToSellerCents > 0) return dueDate ? `Payout due ${payoutDay(dueDate)}` : null;
  if (s.lastPayout)
    return `Paid ${payoutDay(s.lastPayout.paidOn)}${s.lastPayout.reference ? ` — ref ${s.lastPayout.reference}` : ''}`;
  return null;
}

/** My Listings: a credit borne by the seller, as a charge with its reason: "Charge $3,000: hydraulic leak ...". */
export function sellerChargeText(e: LedgerEntry & { kind: 'credit' }): string {
  return `Charge ${formatDollars(e.amountCents)}: ${e.reason}`;
}

/** Purchased Inventory (whole dollars): the buyer's balance line. */
export function buyerBalanceText(s: LedgerSummary): string | null {
  if (s.owedToBuyerCents > 0) return `FieldLot owes you ${formatDollars(s.owedToBuyerCents)}`;
  if (s.buyerBalanceDueCents > 0) return `Balance due ${formatDollars(s.buyerBalanceDueCents)}`;
  if (s.paidInFull) return 'Paid in full';
  return null;
}
