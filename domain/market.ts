import { z } from 'zod';

/**
 * Market pages (docs/product/market.md): per make and model family, the sales per month, the median price per
 * month and value against hours, plus the live listings and the want-lists count. Every figure on the charts
 * is computed here, once, from the sales rows; the server only reads the rows and the web only draws them.
 */

/** One sale as the market charts need it: when, for how much (cents) and at how many engine hours. */
export interface MarketSale {
  soldAt: Date | string;
  priceCents: number;
  hours: number | null;
}

/** "2026-03" in UTC, so a month never depends on the reader's time zone. */
export function monthKey(at: Date | string): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** Median of whole cents; an even count takes the mean of the two middle values, rounded to the cent. */
export function medianCents(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

export const marketMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  sales: z.number().int().nonnegative(),
  medianPriceCents: z.number().int().nullable(),
});
export type MarketMonth = z.infer<typeof marketMonthSchema>;

/** Sales and median price per month, oldest first; months without sales are absent (the chart joins points). */
export function salesByMonth(sales: readonly MarketSale[]): MarketMonth[] {
  const byMonth = new Map<string, number[]>();
  for (const sale of sales) {
    const key = monthKey(sale.soldAt);
    const prices = byMonth.get(key) ?? [];
    prices.push(sale.priceCents);
    byMonth.set(key, prices);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, prices]) => ({ month, sales: prices.length, medianPriceCents: medianCents(prices) }));
}

export const valueHoursPointSchema = z.object({
  hours: z.number().nonnegative(),
  priceCents: z.number().int().nonnegative(),
});
export type ValueHoursPoint = z.infer<typeof valueHoursPointSchema>;

/** Value against hours: one point per sale with known hours, sorted by hours (uPlot needs ascending x). */
export function valueHoursPoints(sales: readonly MarketSale[]): ValueHoursPoint[] {
  return sales
    .filter((s): s is MarketSale & { hours: number } => s.hours !== null && s.hours >= 0)
    .map((s) => ({ hours: s.hours, priceCents: s.priceCents }))
    .sort((a, b) => a.hours - b.hours || a.priceCents - b.priceCents);
}

export const marketListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  year: z.number().int().nullable(),
  hours: z.number().nullable(),
  askingPriceCents: z.number().int().nullable(),
});

export const marketFamilyResponseSchema = z.object({
  make: z.string(),
  family: z.string(),
  months: z.array(marketMonthSchema),
  valueHours: z.array(valueHoursPointSchema),
  liveListings: z.array(marketListingSchema),
  liveListingsCount: z.number().int().nonnegative(),
  /** 0 until want-lists exist (docs/decisions/0047-market-charts.md). */
  wantListsCount: z.number().int().nonnegative(),
});
export type MarketFamilyResponse = z.infer<typeof marketFamilyResponseSchema>;

/** Counts per day ("2026-03-14", UTC), oldest first, for the admin's offers-per-day chart. */
export function countByDay(times: readonly (Date | string)[]): { day: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const t of times) {
    const day = new Date(t).toISOString().slice(0, 10);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, count]) => ({ day, count }));
}

export const adminMarketResponseSchema = z.object({
  months: z.array(marketMonthSchema),
  feesByMonth: z.array(z.object({ month: z.string(), feesCents: z.number().int() })),
  liveListingsCount: z.number().int().nonnegative(),
  offersByDay: z.array(z.object({ day: z.string(), count: z.number().int().nonnegative() })),
});
export type AdminMarketResponse = z.infer<typeof adminMarketResponseSchema>;

/** The text alternative for a month chart (docs/product/market.md#accessibility). */
export function marketSummary(months: readonly MarketMonth[], formatCents: (c: number) => string): string {
  const total = months.reduce((n, m) => n + m.sales, 0);
  if (total === 0) return 'No sales recorded yet.';
  const last = months[months.length - 1];
  const median = last.medianPriceCents === null ? '' : `, median price ${formatCents(last.medianPriceCents)}`;
  return `${total} sales over ${months.length} months; in ${last.month}: ${last.sales} sales${median}.`;
}

/** The `count` UTC months ending with `now`'s, oldest first, each as an inclusive YYYY-MM-DD range. */
export function lastMonths(now: Date, count: number): { month: string; from: string; to: string }[] {
  const out: { month: string; from: string; to: string }[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
    const day = (d: Date) => d.toISOString().slice(0, 10);
    out.push({ month: day(start).slice(0, 7), from: day(start), to: day(end) });
  }
  return out;
}

/** Sums for the admin charts' text summaries: fees earned over the months, offers over the days. */
export function adminMarketTotals(m: Pick<AdminMarketResponse, 'feesByMonth' | 'offersByDay' | 'months'>) {
  return {
    feesCents: m.feesByMonth.reduce((n, f) => n + f.feesCents, 0),
    offers: m.offersByDay.reduce((n, d) => n + d.count, 0),
    sales: m.months.reduce((n, s) => n + s.sales, 0),
  };
}

/** Unix seconds of a month's or day's UTC start ("2026-03" or "2026-03-14"), the charts' x values. */
export function chartX(key: string): number {
  return Date.parse(key.length === 7 ? `${key}-01T00:00:00Z` : `${key}T00:00:00Z`) / 1000;
}
