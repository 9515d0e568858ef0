import { chartX, type MarketFamilyResponse, marketSummary } from '@domain/market';
import { formatDollarsRounded as formatDollars, formatHours } from '@domain/money';
import { useMemo } from 'react';
import { MarketChart } from './market-chart';

const monthLabel = (x: number) => new Date(x * 1000).toISOString().slice(0, 7);
const count = (y: number) => String(Math.round(y));

/**
 * The charts of one make and model family (docs/product/market.md#what-the-page-shows), drawn from the API's
 * answer; the page around it (loading, error, listings) is wired when the market_sales table arrives.
 */
export function MarketFamilyCharts({ market }: { market: MarketFamilyResponse }) {
  const { months, valueHours } = market;
  const summary = marketSummary(months, formatDollars);
  // The same arrays across re-renders (a refetch, the session), so a drawn chart is not drawn again.
  const series = useMemo(
    () => ({
      months: months.map((m) => chartX(m.month)),
      sales: months.map((m) => m.sales),
      median: months.map((m) => m.medianPriceCents),
      hours: valueHours.map((p) => p.hours),
      prices: valueHours.map((p) => p.priceCents),
    }),
    [months, valueHours],
  );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-2">
      <MarketChart
        title="Sales per month"
        summary={summary}
        xs={series.months}
        ys={series.sales}
        xLabel="Month"
        yLabel="Sales"
        formatX={monthLabel}
        formatY={count}
      />
      <MarketChart
        title="Median price per month"
        summary={summary}
        xs={series.months}
        ys={series.median}
        xLabel="Month"
        yLabel="Median price"
        formatX={monthLabel}
        formatY={formatDollars}
        yUnit={100}
      />
      <MarketChart
        title="Value against hours"
        summary={
          valueHours.length === 0
            ? 'No sales with known hours yet.'
            : `${valueHours.length} sales with known hours, from ${formatHours(valueHours[0].hours)} to ${formatHours(valueHours[valueHours.length - 1].hours)}.`
        }
        xs={series.hours}
        ys={series.prices}
        xLabel="Hours"
        yLabel="Price"
        formatX={formatHours}
        formatY={formatDollars}
        yUnit={100}
        points
      />
      <p className="md:col-span-2">
        Live listings: {market.liveListingsCount} · Want-lists: {market.wantListsCount}
      </p>
    </div>
  );
}
