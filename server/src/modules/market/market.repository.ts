import { and, eq, gte, sql } from 'drizzle-orm';
import type { MarketSale } from '../../../../domain/fieldlot-value.js';
import { type Executor, rowsOf } from '../../db/client.js';
import { marketSales } from '../../db/schema.js';

export interface NewMarketSale extends MarketSale {
  model: string;
  zip: string | null;
  source: 'fieldlot' | 'demo';
  purchaseId: string | null;
}

export async function insertMarketSales(db: Executor, rows: NewMarketSale[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(marketSales)
    .values(rows.map(({ grade, ...r }) => ({ ...r, gradeTenths: Math.round(grade * 10) })))
    .onConflictDoNothing();
}

/** Every recorded sale, anonymous (no buyer or seller is stored), for fitting FieldLot Value. */
export async function listMarketSales(db: Executor, since?: string): Promise<MarketSale[]> {
  const rows = await db
    .select()
    .from(marketSales)
    .where(since ? gte(marketSales.soldOn, since) : undefined);
  return rows.map((r) => ({
    soldOn: r.soldOn,
    make: r.make,
    family: r.family,
    year: r.year,
    hours: r.hours,
    grade: r.gradeTenths / 10,
    state: r.state,
    priceCents: r.priceCents,
  }));
}

export interface MonthSales {
  month: string; // YYYY-MM
  sales: number;
  medianPriceCents: number;
}

/** Sales count and median price per month for a make and family, oldest first (the market charts). */
export async function salesByMonth(db: Executor, make: string, family: string): Promise<MonthSales[]> {
  const rows = rowsOf<{ month: string; sales: number; median: string }>(
    await db.execute(sql`
      select to_char(${marketSales.soldOn}, 'YYYY-MM') as month, count(*)::int as sales,
        percentile_cont(0.5) within group (order by ${marketSales.priceCents}) as median
      from ${marketSales}
      where lower(${marketSales.make}) = lower(${make}) and lower(${marketSales.family}) = lower(${family})
      group by 1 order by 1`),
  );
  return rows.map((r) => ({
    month: r.month,
    sales: Number(r.sales),
    medianPriceCents: Math.round(Number(r.median)),
  }));
}

export async function countMarketSales(db: Executor, source: 'fieldlot' | 'demo'): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(marketSales)
    .where(and(eq(marketSales.source, source)));
  return Number(row?.n ?? 0);
}
