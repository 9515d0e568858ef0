import type { PurchaseLedger } from '@domain/ledger-api';
import { formatDollarsCents } from '@domain/money';
import { dateLabel } from '@domain/purchases';
import type { Purchase } from '@domain/purchases-api';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { usePurchaseLedger } from '../api/ledger';
import { LedgerTable } from './ledger-table';
import { MoneyDialog } from './money-dialog';

/**
 * docs/product/purchases.md#the-ledger: an admin's purchase, its money: where the buyer, the seller and FieldLot
 * stand, the refund, payout and seller repayment steps (offered only when something is owed), and the ledger.
 */
export function AdminLedger({ purchase: p }: { purchase: Purchase }) {
  const q = usePurchaseLedger(p.id);
  if (q.isPending) return <Skeleton className="h-32 w-full" />;
  if (q.isError) return <ErrorState message="Failed to load the ledger" onRetry={() => q.refetch()} />;
  const l = q.data;
  return (
    <section aria-labelledby={`ledger-${p.id}`} className="flex flex-col gap-3" data-testid="admin-ledger">
      <h3 id={`ledger-${p.id}`} className="text-base font-semibold">
        Money and ledger
      </h3>
      <Positions ledger={l} />
      <MoneyActions purchase={p} ledger={l} />
      <LedgerTable number={p.number} rows={l.rows} />
    </section>
  );
}

function Positions({ ledger: l }: { ledger: PurchaseLedger }) {
  const b = l.buyer;
  const s = l.seller;
  const f = l.fieldlot;
  const rows: Array<[string, string]> = [
    [
      'Buyer',
      b.owedToBuyerCents > 0
        ? `FieldLot owes the buyer ${formatDollarsCents(b.owedToBuyerCents)}`
        : b.balanceDueCents > 0
          ? `Balance due ${formatDollarsCents(b.balanceDueCents)}`
          : b.settled
            ? 'Settled'
            : 'Nothing invoiced yet',
    ],
  ];
  if (s)
    rows.push([
      'Seller',
      [
        `Proceeds ${formatDollarsCents(s.proceedsCents)}`,
        s.paidOutCents ? `paid out ${formatDollarsCents(s.paidOutCents)}` : '',
        s.owedToSellerCents ? `FieldLot owes the seller ${formatDollarsCents(s.owedToSellerCents)}` : '',
        s.owedBySellerCents ? `the seller owes FieldLot ${formatDollarsCents(s.owedBySellerCents)}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
    ]);
  rows.push([
    'FieldLot',
    [
      `Fees earned ${formatDollarsCents(f.feesEarnedCents)}`,
      f.creditsBorneCents ? `credits borne ${formatDollarsCents(f.creditsBorneCents)}` : '',
      f.deliveryCents ? `delivery ${formatDollarsCents(f.deliveryCents)}` : '',
      f.ownSaleCents ? `own sale ${formatDollarsCents(f.ownSaleCents)}` : '',
      `net ${formatDollarsCents(f.netCents)}`,
    ]
      .filter(Boolean)
      .join(' · '),
  ]);
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4" data-testid="ledger-positions">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="font-medium break-words tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function MoneyActions({ purchase: p, ledger: l }: { purchase: Purchase; ledger: PurchaseLedger }) {
  const s = l.seller;
  const buyer = p.buyer.companyName;
  // The contract names no seller on an admin purchase: the tractor says whose it is.
  const seller = `the seller of ${p.tractor}`;
  const refund = l.buyer.owedToBuyerCents;
  const payout = s?.owedToSellerCents ?? 0;
  const repay = s?.owedBySellerCents ?? 0;
  if (!refund && !payout && !repay) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="money-actions">
      <div className="flex flex-wrap items-center gap-2">
        {refund > 0 && (
          <MoneyDialog
            purchaseId={p.id}
            step="refunds"
            title="Record refund"
            owedCents={refund}
            question={(c) => `Record a refund of ${formatDollarsCents(c)} to ${buyer}?`}
            done={(c) => `Refund of ${formatDollarsCents(c)} recorded`}
          />
        )}
        {payout > 0 && s?.payoutDueDate && (
          <MoneyDialog
            purchaseId={p.id}
            step="payouts"
            title="Record payout"
            owedCents={payout}
            guaranteeEndsAt={p.guaranteeEndsAt}
            question={(c) => `Record a payout of ${formatDollarsCents(c)} to ${seller}?`}
            done={(c) => `Payout of ${formatDollarsCents(c)} recorded`}
          />
        )}
        {repay > 0 && (
          <MoneyDialog
            purchaseId={p.id}
            step="seller-repayments"
            title="Record seller repayment"
            owedCents={repay}
            question={(c) => `Record a repayment of ${formatDollarsCents(c)} from ${seller}?`}
            done={(c) => `Seller repayment of ${formatDollarsCents(c)} recorded`}
          />
        )}
      </div>
      {payout > 0 && (
        <p className="text-sm" data-testid="payout-due">
          {s?.payoutDueDate
            ? `Payout due ${dateLabel(s.payoutDueDate)}`
            : 'Payout not due yet: the buyer pays in full, the tractor is collected and FieldLot receives the title first.'}
        </p>
      )}
    </div>
  );
}
