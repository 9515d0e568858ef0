import { adminMarketTotals, chartX } from '@domain/market';
import { formatDollars, formatDollarsRounded } from '@domain/money';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useAdminMarket } from '../api';
import { MarketChart } from './market-chart';
import { SaleImportPanel } from './sale-import-panel';

const monthLabel = (x: number) => new Date(x * 1000).toISOString().slice(0, 7);
const dayLabel = (x: number) => new Date(x * 1000).toISOString().slice(0, 10);
const count = (y: number) => String(Math.round(y));

/** The admin dashboard's charts of the whole market (docs/product/market.md#admin). */
export function AdminMarketCharts() {
  const q = useAdminMarket();
  if (q.isPending) return <LoadingState text="Loading market charts..." />;
  if (q.isError)
    return <ErrorState message="Could not load the market charts." onRetry={() => q.refetch()} />;
  const m = q.data;
  const totals = adminMarketTotals(m);
  return (
    <section
      aria-labelledby="admin-market-title"
      className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-2"
    >
      <h2 id="admin-market-title" className="text-xl font-bold md:col-span-2">
        Market
      </h2>
      <p className="md:col-span-2">Listings live: {m.liveListingsCount}</p>
      <MarketChart
        title="Sales per month"
        summary={
          totals.sales === 0
            ? 'No sales recorded yet.'
            : `${totals.sales} sales in ${m.months.length} months.`
        }
        xs={m.months.map((s) => chartX(s.month))}
        ys={m.months.map((s) => s.sales)}
        xLabel="Month"
        yLabel="Sales"
        formatX={monthLabel}
        formatY={count}
      />
      <MarketChart
        title="Fees earned per month"
        summary={`${formatDollars(totals.feesCents)} earned in ${m.feesByMonth.length} months.`}
        xs={m.feesByMonth.map((f) => chartX(f.month))}
        ys={m.feesByMonth.map((f) => f.feesCents)}
        xLabel="Month"
        yLabel="Fees earned"
        formatX={monthLabel}
        formatY={formatDollarsRounded}
        yUnit={100}
      />
      <MarketChart
        title="Offers per day"
        summary={
          totals.offers === 0
            ? 'No offers in the last 30 days.'
            : `${totals.offers} offers in the last 30 days.`
        }
        xs={m.offersByDay.map((d) => chartX(d.day))}
        ys={m.offersByDay.map((d) => d.count)}
        xLabel="Day"
        yLabel="Offers"
        formatX={dayLabel}
        formatY={count}
      />
      <SaleImportPanel />
    </section>
  );
}

export default AdminMarketCharts;
