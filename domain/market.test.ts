import { describe, expect, it } from 'vitest';
import {
  adminMarketTotals,
  chartX,
  countByDay,
  lastMonths,
  marketFamilyResponseSchema,
  marketSummary,
  medianCents,
  salesByMonth,
  valueHoursPoints,
} from './market';
import { formatDollars } from './money';

const sales = [
  { soldAt: '2026-01-05T10:00:00Z', priceCents: 100_000_00, hours: 1200 },
  { soldAt: '2026-01-20T10:00:00Z', priceCents: 120_000_00, hours: 800 },
  { soldAt: '2026-01-31T23:30:00Z', priceCents: 90_000_00, hours: null },
  { soldAt: '2026-03-01T00:00:00Z', priceCents: 80_000_00, hours: 3000 },
  { soldAt: '2026-03-15T00:00:00Z', priceCents: 85_000_01, hours: 2500 },
];

describe('market figures', () => {
  it('takes the middle value, or the rounded mean of the two middle values', () => {
    expect(medianCents([])).toBeNull();
    expect(medianCents([3, 1, 2])).toBe(2);
    expect(medianCents([1, 2])).toBe(2);
    expect(medianCents([10, 40, 20, 30])).toBe(25);
  });

  it('counts sales and the median price per UTC month, oldest first', () => {
    expect(salesByMonth(sales)).toEqual([
      { month: '2026-01', sales: 3, medianPriceCents: 100_000_00 },
      { month: '2026-03', sales: 2, medianPriceCents: 82_500_01 },
    ]);
    expect(salesByMonth([])).toEqual([]);
  });

  it('plots value against hours only for sales with known hours, by ascending hours', () => {
    expect(valueHoursPoints(sales).map((p) => p.hours)).toEqual([800, 1200, 2500, 3000]);
  });

  it('counts per UTC day', () => {
    expect(countByDay(['2026-01-02T23:59:00Z', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'])).toEqual([
      { day: '2026-01-01', count: 1 },
      { day: '2026-01-02', count: 2 },
    ]);
  });

  it('summarises the month chart as text', () => {
    expect(marketSummary(salesByMonth(sales), formatDollars)).toBe(
      `5 sales over 2 months; in 2026-03: 2 sales, median price ${formatDollars(82_500_01)}.`,
    );
    expect(marketSummary([], formatDollars)).toBe('No sales recorded yet.');
  });

  it('has a response schema the page can parse', () => {
    const parsed = marketFamilyResponseSchema.parse({
      make: 'John Deere',
      family: '6R',
      months: salesByMonth(sales),
      valueHours: valueHoursPoints(sales),
      liveListings: [],
      liveListingsCount: 0,
      wantListsCount: 0,
    });
    expect(parsed.months).toHaveLength(2);
  });
});

describe('lastMonths', () => {
  it('gives inclusive UTC month ranges, oldest first, across a year end', () => {
    expect(lastMonths(new Date('2026-02-10T12:00:00Z'), 3)).toEqual([
      { month: '2025-12', from: '2025-12-01', to: '2025-12-31' },
      { month: '2026-01', from: '2026-01-01', to: '2026-01-31' },
      { month: '2026-02', from: '2026-02-01', to: '2026-02-28' },
    ]);
  });
});

describe('admin chart helpers', () => {
  it('sums the fees, offers and sales and places months and days on the x axis', () => {
    expect(
      adminMarketTotals({
        months: [{ month: '2026-01', sales: 2, medianPriceCents: 1 }],
        feesByMonth: [
          { month: '2026-01', feesCents: 500 },
          { month: '2026-02', feesCents: 250 },
        ],
        offersByDay: [{ day: '2026-02-01', count: 3 }],
      }),
    ).toEqual({ feesCents: 750, offers: 3, sales: 2 });
    expect(chartX('2026-02')).toBe(Date.UTC(2026, 1, 1) / 1000);
    expect(chartX('2026-02-03')).toBe(Date.UTC(2026, 1, 3) / 1000);
  });
});
