import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { MarketSale } from '../../../../domain/fieldlot-value.js';
import type { ImportSource, MarketSaleSource, SaleRecord } from '../../../../domain/sale-import.js';
import { type Executor, rowsOf } from '../../db/client.js';
import { marketSales } from '../../db/schema.js';
import { type FirstLookViewer, firstLookHides } from '../listings/index.js';

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

/** FieldLot's own sales (and demo ones): imported records are kept apart from them (docs/product/sale-imports.md). */
const OWN_SOURCES: MarketSaleSource[] = ['fieldlot', 'demo'];
const isOwn = inArray(marketSales.source, OWN_SOURCES);
const ownSql = sql`source in ('fieldlot','demo')`;

type SaleRow = typeof marketSales.$inferSelect;

/** An own sale as the estimator takes it: its year, hours, grade and state are required by the table's check. */
function ownSale(r: SaleRow): MarketSale {
  return {
    soldOn: r.soldOn,
    make: r.make,
    family: r.family,
    year: r.year ?? 0,
    hours: r.hours ?? 0,
    grade: (r.gradeTenths ?? 0) / 10,
    state: r.state ?? '',
    priceCents: r.priceCents,
  };
}

/** FieldLot's own recorded sales, anonymous (no buyer or seller is stored): the market charts. */
export async function listMarketSales(db: Executor, since?: string): Promise<MarketSale[]> {
  const rows = await db
    .select()
    .from(marketSales)
    .where(since ? and(isOwn, gte(marketSales.soldOn, since)) : isOwn);
  return rows.map(ownSale);
}

/**
 * Every recorded sale as stored, FieldLot's own and imported ones, for fitting FieldLot Value. An imported sale may
 * lack year, hours, grade (never inspected) or state: null, never a made-up figure.
 */
export interface StoredSale {
  source: MarketSaleSource;
  soldOn: string;
  make: string;
  model: string;
  family: string;
  year: number | null;
  hours: number | null;
  gradeTenths: number | null;
  state: string | null;
  priceCents: number;
  horsepower: number | null;
  sizeClass: string | null;
  drive: string | null;
  cab: string | null;
  transmission: string | null;
  loader: boolean | null;
}

export async function listStoredSales(db: Executor): Promise<StoredSale[]> {
  return db
    .select({
      source: marketSales.source,
      soldOn: marketSales.soldOn,
      make: marketSales.make,
      model: marketSales.model,
      family: marketSales.family,
      year: marketSales.year,
      hours: marketSales.hours,
      gradeTenths: marketSales.gradeTenths,
      state: marketSales.state,
      priceCents: marketSales.priceCents,
      horsepower: marketSales.horsepower,
      sizeClass: marketSales.sizeClass,
      drive: marketSales.drive,
      cab: marketSales.cab,
      transmission: marketSales.transmission,
      loader: marketSales.loader,
    })
    .from(marketSales);
}

/** An imported sale, ready for the table (its family read from the model). */
export type ImportedSaleRow = SaleRecord & { family: string };

/**
 * Writes imported sales; one already recorded under the same source and source_id adds nothing. Returns how many
 * rows were new. The caller holds the transaction (docs/product/sale-imports.md#nothing-half-written).
 */
export async function insertImportedSales(
  db: Executor,
  source: ImportSource,
  rows: readonly ImportedSaleRow[],
): Promise<number> {
  if (rows.length === 0) return 0;
  // One JSON parameter for the whole batch: far cheaper than a bound parameter per cell (100,000 rows in well
  // under a minute, docs/product/sale-imports.md#limits) and the same on PGlite and PostgreSQL.
  const batch = JSON.stringify(
    rows.map((r) => [
      r.soldOn,
      r.make,
      r.model,
      r.family,
      r.year,
      r.hours,
      r.gradeTenths,
      r.state,
      r.priceCents,
      r.sourceId,
      r.horsepower,
      r.sizeClass,
      r.drive,
      r.cab,
      r.transmission,
      r.loader,
    ]),
  );
  const written = rowsOf<{ n: number }>(
    await db.execute(sql`
      with written as (
        insert into market_sales (sold_on, make, model, family, year, hours, grade_tenths, state, price_cents, source,
          source_id, horsepower, size_class, drive, cab, transmission, loader)
        select (r->>0)::date, r->>1, r->>2, r->>3, (r->>4)::int, (r->>5)::int, (r->>6)::smallint, r->>7,
          (r->>8)::bigint, ${source}, r->>9, (r->>10)::real, r->>11, r->>12, r->>13, r->>14, (r->>15)::boolean
        from jsonb_array_elements(${batch}::jsonb) as r
        on conflict (source, source_id) do nothing
        returning 1)
      select count(*)::int as n from written`),
  );
  return Number(written[0]?.n ?? 0);
}

/** How many of these source ids are already recorded under the source (the preview's "already imported"). */
export async function countKnownSourceIds(
  db: Executor,
  source: ImportSource,
  sourceIds: readonly string[],
): Promise<number> {
  let known = 0;
  for (let i = 0; i < sourceIds.length; i += 5000) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(marketSales)
      .where(
        and(eq(marketSales.source, source), inArray(marketSales.sourceId, sourceIds.slice(i, i + 5000))),
      );
    known += Number(row?.n ?? 0);
  }
  return known;
}

/** Recorded sales per source, for the import's summary. */
export async function countSalesBySource(db: Executor): Promise<Partial<Record<MarketSaleSource, number>>> {
  const rows = await db
    .select({ source: marketSales.source, n: sql<number>`count(*)::int` })
    .from(marketSales)
    .groupBy(marketSales.source);
  return Object.fromEntries(rows.map((r) => [r.source, Number(r.n)]));
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
        and ${ownSql}
      group by 1 order by 1`),
  );
  return rows.map((r) => ({
    month: r.month,
    sales: Number(r.sales),
    medianPriceCents: Math.round(Number(r.median)),
  }));
}

export async function countMarketSales(db: Executor, source: MarketSaleSource): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(marketSales)
    .where(and(eq(marketSales.source, source)));
  return Number(row?.n ?? 0);
}

/**
 * What changes when sales change: the count and the newest row (sales are insert-only; only demo rows are ever
 * cleared, which changes the count). The value cache refits when this differs (decision 0051).
 */
export async function marketSalesStamp(db: Executor): Promise<string> {
  const [row] = rowsOf<{ n: number; m: string | Date | null }>(
    await db.execute(sql`select count(*)::int as n, max(created_at) as m from market_sales`),
  );
  return `${row?.n ?? 0}|${row?.m ? new Date(row.m).toISOString() : ''}`;
}

/** Every sale, anonymous, with its model and creation order (the value cache keeps these in memory). */
export interface SaleFacts {
  purchaseId: string;
  completedOn: string;
  priceCents: number;
  make: string;
  model: string;
  year: number;
  hours: number;
  gradeTenths: number;
  location: string;
  zip: string | null;
  transmission: string | null;
  frontLoader: boolean;
}

/**
 * The sale behind a completed purchase, read for the market's record: the tractor (make, model, year, hours, grade,
 * where it stood) and the price. Read-only over purchases and listings; no buyer or seller column is read.
 */
export async function completedSaleFacts(db: Executor, purchaseId: string): Promise<SaleFacts | null> {
  const [row] = rowsOf<{
    id: string;
    completed_at: string | Date;
    price_cents: string | number;
    make: string;
    model: string;
    year: number;
    hours: number;
    grade_tenths: number;
    location: string;
    zip: string | null;
    transmission: string | null;
    front_loader: boolean;
  }>(
    await db.execute(sql`
      select p.id, p.completed_at, p.price_cents, l.make, l.model, l.year, l.hours, l.grade_tenths, l.location, l.zip,
        l.transmission, l.front_loader
      from purchases p join tractor_listings l on l.id = p.listing_id
      where p.id = ${purchaseId} and p.completed_at is not null and p.cancelled_at is null`),
  );
  if (!row) return null;
  return {
    purchaseId: row.id,
    completedOn: new Date(row.completed_at).toISOString().slice(0, 10),
    priceCents: Number(row.price_cents),
    make: row.make,
    model: row.model,
    year: Number(row.year),
    hours: Number(row.hours),
    gradeTenths: Number(row.grade_tenths),
    location: row.location,
    zip: row.zip,
    transmission: row.transmission,
    frontLoader: Boolean(row.front_loader),
  };
}

/** The tractor facts FieldLot Value needs for a listing a signed-in dealer may read (live or sold, not archived). */
export async function listingValueFacts(
  db: Executor,
  listingId: string,
): Promise<{
  make: string;
  model: string;
  year: number;
  hours: number;
  gradeTenths: number;
  location: string;
  zip: string | null;
  priceCents: number;
  status: string;
  transmission: string | null;
  frontLoader: boolean;
} | null> {
  const [row] = rowsOf<{
    make: string;
    model: string;
    year: number;
    hours: number;
    grade_tenths: number;
    location: string;
    zip: string | null;
    price_cents: string | number;
    status: string;
    transmission: string | null;
    front_loader: boolean;
  }>(
    await db.execute(sql`
      select make, model, year, hours, grade_tenths, location, zip, price_cents, status, transmission,
        front_loader
      from tractor_listings
      where id = ${listingId} and archived_at is null`),
  );
  if (!row) return null;
  return {
    make: row.make,
    model: row.model,
    year: Number(row.year),
    hours: Number(row.hours),
    gradeTenths: Number(row.grade_tenths),
    location: row.location,
    zip: row.zip,
    priceCents: Number(row.price_cents),
    status: row.status,
    transmission: row.transmission,
    frontLoader: Boolean(row.front_loader),
  };
}

/**
 * Live listings of a make whose model starts with the family's word, as `viewer` may see them (a first look hides
 * a farmer's tractor from dealers outside it, docs/product/want-lists.md#first-look); the service keeps the
 * family's exactly.
 */
export async function liveListingsOfMake(
  db: Executor,
  make: string,
  family: string,
  viewer: FirstLookViewer,
  now: Date,
): Promise<{ id: string; make: string; model: string; year: number; hours: number; priceCents: number }[]> {
  const rows = rowsOf<{
    id: string;
    make: string;
    model: string;
    year: number;
    hours: number;
    price_cents: string | number;
  }>(
    await db.execute(sql`
      select id, make, model, year, hours, price_cents from tractor_listings
      where status = 'active' and archived_at is null and (review_status is null or review_status = 'approved')
        and lower(make) = lower(${make}) and lower(model) like ${`${family.toLowerCase()}%`}
        and not ${firstLookHides(sql.raw('tractor_listings.id'), viewer, now)}
      order by price_cents asc limit 200`),
  );
  return rows.map((r) => ({
    id: r.id,
    make: r.make,
    model: r.model,
    year: Number(r.year),
    hours: Number(r.hours),
    priceCents: Number(r.price_cents),
  }));
}

/** The families with sales in the window, most sold first (the market index). */
export async function familiesSince(
  db: Executor,
  since: string,
): Promise<{ make: string; family: string; sales: number; lastSoldOn: string; medianPriceCents: number }[]> {
  const rows = rowsOf<{ make: string; family: string; sales: number; last: string | Date; median: string }>(
    await db.execute(sql`
      select min(make) as make, min(family) as family, count(*)::int as sales, max(sold_on) as last,
        percentile_cont(0.5) within group (order by price_cents) as median
      from market_sales where sold_on >= ${since} and ${ownSql}
      group by lower(make), lower(family) order by count(*) desc, 1, 2`),
  );
  return rows.map((r) => ({
    make: r.make,
    family: r.family,
    sales: Number(r.sales),
    lastSoldOn: typeof r.last === 'string' ? r.last.slice(0, 10) : r.last.toISOString().slice(0, 10),
    medianPriceCents: Math.round(Number(r.median)),
  }));
}

/** One family's sales for its charts (every sale of the make and family, oldest first). */
export async function familySales(db: Executor, make: string, family: string): Promise<MarketSale[]> {
  const rows = await db
    .select()
    .from(marketSales)
    .where(
      and(
        isOwn,
        sql`lower(${marketSales.make}) = lower(${make})`,
        sql`lower(${marketSales.family}) = lower(${family})`,
      ),
    )
    .orderBy(marketSales.soldOn);
  return rows.map(ownSale);
}
