import { type MoneyView, moneyRangeQuery } from '@domain/ledger-api';
import { formatDollarsCents } from '@domain/money';
import { dateLabel } from '@domain/purchases';
import { ArrowLeft, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { plural } from '@/lib/format';
import { moneyCsvUrl, useMoneyView } from '../api/ledger';
import { thisMonth } from './money-range';

type Totals = MoneyView['totals'];
type Figure = { key: string; label: string; cents: number; sub?: string };

/** The movements dated inside the range (payments, refunds and payouts on their bank date). */
const movements = (t: Totals): Figure[] => [
  { key: 'received', label: 'Received from buyers', cents: t.receivedFromBuyersCents },
  { key: 'refunded', label: 'Refunded to buyers', cents: t.refundedToBuyersCents },
  { key: 'paid-to-sellers', label: 'Paid to sellers', cents: t.paidToSellersCents },
  { key: 'repaid-by-sellers', label: 'Repaid by sellers', cents: t.repaidBySellersCents },
  {
    key: 'fees',
    label: 'Fees earned',
    cents: t.buyerFeesCents + t.sellerFeesCents,
    sub: `Buyer fees ${formatDollarsCents(t.buyerFeesCents)} · seller fees ${formatDollarsCents(t.sellerFeesCents)}`,
  },
  { key: 'credits', label: 'FieldLot-borne credits', cents: t.fieldlotCreditsCents },
];

/** What is owed at the end of the range. */
const positions = (t: Totals): Figure[] => [
  { key: 'owed-to-sellers', label: 'Owed to sellers', cents: t.owedToSellersCents },
  { key: 'owed-by-sellers', label: 'Owed by sellers', cents: t.owedBySellersCents },
  { key: 'owed-to-buyers', label: 'Owed to buyers', cents: t.owedToBuyersCents },
  { key: 'awaiting-payment', label: 'Awaiting payment', cents: t.awaitingPaymentCents },
];

/**
 * docs/product/purchases.md#the-admins-money-view: the totals over a date range (this month by default), what is
 * owed at its end, and the CSV of its entries. Figures from `ledgerTotals` on the server; cents shown.
 */
export function AdminMoneyPage() {
  const id = useId();
  const [range, setRange] = useState(() => thisMonth(new Date()));
  const parsed = moneyRangeQuery.safeParse(range);
  const valid = parsed.success ? parsed.data : null;
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) errors[String(i.path[0])] ??= i.message;
  const q = useMoneyView(valid);
  const dateField = (name: 'from' | 'to', label: string) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        type="date"
        value={range[name]}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => setRange({ ...range, [name]: e.target.value })}
      />
      <FieldError id={`${id}-${name}-error`} message={errors[name]} />
    </div>
  );
  return (
    <Page className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-extrabold sm:text-3xl">Money</h1>
        <Button asChild variant="outline">
          <Link to="/admin?tab=purchases">
            <ArrowLeft aria-hidden="true" /> Back to Admin Panel
          </Link>
        </Button>
      </div>
      <form
        aria-label="Date range"
        className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
        onSubmit={(e) => e.preventDefault()}
      >
        {dateField('from', 'From')}
        {dateField('to', 'To')}
        <div className="flex flex-wrap gap-2 sm:mt-5">
          <Button type="button" variant="outline" onClick={() => setRange(thisMonth(new Date()))}>
            This month
          </Button>
          {valid ? (
            <Button asChild>
              <a href={moneyCsvUrl(valid)} download>
                <Download aria-hidden="true" /> Download CSV
              </a>
            </Button>
          ) : (
            <Button type="button" disabled>
              <Download aria-hidden="true" /> Download CSV
            </Button>
          )}
        </div>
      </form>
      <MoneyResults q={q} waiting={valid === null} />
    </Page>
  );
}

function MoneyResults({ q, waiting }: { q: ReturnType<typeof useMoneyView>; waiting: boolean }) {
  if (waiting) return <p className="text-sm text-muted-foreground">Choose a valid date range.</p>;
  if (q.isPending)
    return (
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading the totals">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  if (q.isError) return <ErrorState message="Failed to load the money view" onRetry={() => q.refetch()} />;
  const v = q.data;
  const owed = positions(v.totals);
  if (v.counts.entries === 0 && owed.every((f) => f.cents === 0))
    return (
      <EmptyState
        title="No money moved in this range"
        description={`No ledger entries from ${dateLabel(v.from)} to ${dateLabel(v.to)}, and nothing owed at its end. Choose another range.`}
      />
    );
  const c = v.counts;
  return (
    <div className="grid gap-6" aria-busy={q.isFetching} data-testid="money-view">
      <p className="text-sm text-muted-foreground" data-testid="money-counts">
        {dateLabel(v.from)} to {dateLabel(v.to)}: {plural(c.purchases, 'purchase')},{' '}
        {plural(c.entries, 'entry', 'entries')} ({plural(c.payments, 'payment')},{' '}
        {plural(c.refunds, 'refund')}, {plural(c.payouts, 'payout')},{' '}
        {plural(c.sellerRepayments, 'seller repayment')}, {plural(c.credits, 'credit')},{' '}
        {plural(c.cancellations, 'cancellation')})
      </p>
      <FigureList title="In this range" figures={movements(v.totals)} />
      <FigureList title={`Owed at the end of ${dateLabel(v.to)}`} figures={owed} />
    </div>
  );
}

function FigureList({ title, figures }: { title: string; figures: Figure[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {figures.map((f) => (
          <Card key={f.key} className="flex flex-col gap-1 p-4" data-testid={`money-${f.key}`}>
            <dt className="text-sm font-semibold text-muted-foreground">{f.label}</dt>
            <dd className="text-2xl font-extrabold tabular-nums">{formatDollarsCents(f.cents)}</dd>
            {f.sub && <dd className="text-xs text-muted-foreground tabular-nums">{f.sub}</dd>}
          </Card>
        ))}
      </dl>
    </section>
  );
}
