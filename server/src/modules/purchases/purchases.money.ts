// The admin's money (docs/product/purchases.md#the-admins-money-view): refunds, payouts and the seller's repayments
// recorded into the ledger; a purchase's entries with running balances; totals and a CSV over a date range.
import {
  entryDate,
  type LedgerEntry,
  type LedgerPurchase,
  ledgerTotals,
  runningBalances,
  sellerFeeBeside,
} from '../../../../domain/ledger.js';
import {
  buyerMoneyOf,
  ledgerLineText,
  type MoneyRangeQuery,
  type MoneyView,
  openMoneyActions,
  type PurchaseLedger,
} from '../../../../domain/ledger-api.js';
import { CURRENCY, plainAmount } from '../../../../domain/money.js';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../../domain/purchases.js';
import type { Purchase } from '../../../../domain/purchases-api.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { csvCell } from '../../lib/csv.js';
import { runPurchaseCommand } from './purchases.commands.js';
import {
  byPurchase,
  isDealerListing,
  ledgerContext,
  sellerMoney,
  summaryOf,
  toEntry,
} from './purchases.ledger.js';
import * as ledgerRepo from './purchases.ledger.repository.js';
import { getOne } from './purchases.read-model.js';
import * as repo from './purchases.repository.js';
import { PURCHASE_NOT_FOUND } from './purchases.shared.js';

type MoneyKind = 'refund' | 'payout' | 'seller_repayment';

/**
 * A refund to the buyer, a payout to the seller or the seller's repayment, through the command path
 * (`runPurchaseCommand`, domain `decidePurchase`): refused over what is owed, a payout before paid, collected and
 * title, a payout reference already paid out, a payout before the buyer's guarantee ends without a reason.
 */
export async function recordMoney(
  ctx: AppContext,
  actor: Actor,
  id: string,
  kind: MoneyKind,
  body: { amount: number; method: PaymentMethod; reference: string; paidOn: string; reason?: string },
  request: RequestInfo,
  requestKey?: string,
): Promise<Purchase> {
  await runPurchaseCommand(ctx, actor, id, { kind, body }, { requestKey, request });
  return getOne(ctx, id);
}

/** The admin's per-purchase ledger: entries in date order with every account's balance after each. */
export async function purchaseLedger(ctx: AppContext, actor: Actor, id: string): Promise<PurchaseLedger> {
  requireRole(actor, 'admin');
  const p = await repo.purchaseById(ctx.db, id);
  if (!p) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
  const [rows, dealer] = await Promise.all([
    ledgerRepo.entriesOf(ctx.db, [p.id]),
    isDealerListing(ctx.db, p),
  ]);
  const entries = rows.map(toEntry);
  const rowOf = new Map<LedgerEntry, (typeof rows)[number]>(entries.map((e, i) => [e, rows[i]]));
  const s = summaryOf(ctx, p, dealer, entries);
  return {
    purchaseId: p.id,
    number: p.number,
    isDealerListing: dealer,
    moneyActions: openMoneyActions(entries, ledgerContext(ctx, p, dealer)),
    rows: runningBalances(entries).map(({ entry, balances }) => {
      const r = rowOf.get(entry);
      return {
        id: String(r?.id ?? ''),
        at: entry.at,
        date: entryDate(entry),
        kind: entry.kind,
        line: r?.line ?? null,
        of: r?.of ?? null,
        bornBy: r?.bornBy ?? null,
        amountCents: entry.amountCents,
        method: r?.method ?? null,
        reference: r?.reference ?? null,
        paidOn: r?.paidOn ?? null,
        reason: r?.reason ?? null,
        text: ledgerLineText(entry, r?.reason),
        recordedBy: r?.recordedBy ?? null,
        balances,
      };
    }),
    buyer: buyerMoneyOf(s, p),
    seller: dealer ? sellerMoney(ctx, p, entries, s) : null,
    fieldlot: s.fieldlot,
  };
}

/** Every purchase's entries up to `to`, as `ledgerTotals` takes them, and the entries inside the range. */
async function rangeOf(ctx: AppContext, q: MoneyRangeQuery) {
  const rows = await ledgerRepo.entriesUpTo(ctx.db, q.to);
  const grouped = byPurchase(rows.map((r) => r.entry));
  const facts = new Map(rows.map((r) => [r.entry.purchaseId, r]));
  const purchases: LedgerPurchase[] = [...grouped.values()].map((g) => ({
    entries: g.map(toEntry),
    isDealerListing: Boolean(facts.get(g[0].purchaseId)?.isDealerListing),
  }));
  const inRange = rows
    .map((r) => ({ ...r, e: toEntry(r.entry) }))
    .filter((r) => entryDate(r.e) >= q.from && entryDate(r.e) <= q.to);
  const entriesOf = (purchaseId: string) => (grouped.get(purchaseId) ?? []).map(toEntry);
  return { purchases, inRange, entriesOf };
}

/**
 * Fees earned (buyer and seller fees, as `ledgerTotals` counts them) per month, for the admin's market charts
 * (docs/product/market.md#admin). One read of the ledger for all the months.
 */
export async function feesEarnedByMonth(
  ctx: AppContext,
  actor: Actor,
  months: readonly { month: string; from: string; to: string }[],
): Promise<{ month: string; feesCents: number }[]> {
  requireRole(actor, 'admin');
  if (months.length === 0) return [];
  const { purchases } = await rangeOf(ctx, { from: months[0].from, to: months[months.length - 1].to });
  return months.map((m) => {
    const t = ledgerTotals(purchases, m);
    return { month: m.month, feesCents: t.buyerFeesCents + t.sellerFeesCents };
  });
}

/** The admin's money view over [from, to] (`ledgerTotals`) with counts of what happened in it. */
export async function moneyView(ctx: AppContext, actor: Actor, q: MoneyRangeQuery): Promise<MoneyView> {
  requireRole(actor, 'admin');
  const { purchases, inRange } = await rangeOf(ctx, q);
  const count = (kind: LedgerEntry['kind']) => inRange.filter((r) => r.e.kind === kind).length;
  const reversed = new Set(inRange.filter((r) => r.e.kind === 'reversal').map((r) => r.entry.purchaseId));
  return {
    from: q.from,
    to: q.to,
    totals: ledgerTotals(purchases, q),
    counts: {
      purchases: new Set(inRange.map((r) => r.entry.purchaseId)).size,
      entries: inRange.length,
      payments: count('payment'),
      refunds: count('refund'),
      payouts: count('payout'),
      sellerRepayments: count('seller_repayment'),
      credits: count('credit'),
      cancellations: reversed.size,
    },
  };
}

export { csvCell };

const CSV_HEADER = [
  'Date',
  'Purchase',
  'Kind',
  'Line or bearer',
  'Amount',
  'Currency',
  'Method',
  'Reference',
  'Reason',
];

/**
 * The entries of [from, to] as CSV (date order), one line each, amounts as plain numbers with their currency; a
 * dealer's sale has a seller-fee line beside its price (and its reversal beside the price's).
 */
export async function moneyCsv(ctx: AppContext, actor: Actor, q: MoneyRangeQuery): Promise<string> {
  requireRole(actor, 'admin');
  const { inRange, entriesOf } = await rangeOf(ctx, q);
  const line = (cells: string[]) => cells.map(csvCell).join(',');
  const lines = inRange
    .sort((a, b) => entryDate(a.e).localeCompare(entryDate(b.e)) || a.entry.id - b.entry.id)
    .flatMap(({ e, entry, number, isDealerListing }) => {
      const row = line([
        entryDate(e),
        number,
        e.kind,
        entry.line ?? entry.of ?? entry.bornBy ?? '',
        plainAmount(e.amountCents),
        CURRENCY,
        entry.method ? PAYMENT_METHOD_LABELS[entry.method] : '',
        entry.reference ?? '',
        entry.reason ?? '',
      ]);
      const fee = isDealerListing ? sellerFeeBeside(e, entriesOf(entry.purchaseId)) : null;
      if (fee === null) return [row];
      const [kind, of] = e.kind === 'reversal' ? ['reversal', 'seller_fee'] : ['seller_fee', 'seller'];
      const reason = e.kind === 'reversal' ? e.reason : '';
      return [row, line([entryDate(e), number, kind, of, plainAmount(fee), CURRENCY, '', '', reason])];
    });
  return `${[CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
