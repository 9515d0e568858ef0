import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import {
  fieldlotValue,
  insertMarketSales,
  listMarketSales,
  type NewMarketSale,
  salesByMonth,
} from './index.js';

// docs/product/fieldlot-value.md#the-sales-it-learns-from
describe('market sales', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeEach(async () => {
    opened = await openTestDatabase();
  });
  afterEach(() => opened?.drop());

  const base: NewMarketSale = {
    soldOn: '2026-01-10',
    make: 'Deere',
    model: '8R 410',
    family: '8R',
    year: 2021,
    hours: 2500,
    grade: 4.2,
    state: 'IA',
    zip: null,
    priceCents: 30_000_000,
    source: 'fieldlot',
    purchaseId: null,
  };

  it('lists sales without names and sums them per month with the median price', async () => {
    const db = opened.database.db;
    await insertMarketSales(db, [
      base,
      { ...base, soldOn: '2026-01-20', priceCents: 32_000_000 },
      { ...base, soldOn: '2026-02-03', priceCents: 28_000_000, source: 'demo' },
    ]);
    const sales = await listMarketSales(db);
    expect(sales).toHaveLength(3);
    expect(sales[0].grade).toBe(4.2);
    expect(Object.keys(sales[0]).sort()).toEqual(
      ['family', 'grade', 'hours', 'make', 'priceCents', 'soldOn', 'state', 'year'].sort(),
    );
    expect(await salesByMonth(db, 'deere', '8r')).toEqual([
      { month: '2026-01', sales: 2, medianPriceCents: 31_000_000 },
      { month: '2026-02', sales: 1, medianPriceCents: 28_000_000 },
    ]);
  });

  it('refuses to change or delete a real sale; only demo sales may be cleared', async () => {
    const db = opened.database.db;
    await insertMarketSales(db, [base, { ...base, source: 'demo' }]);
    await expect(db.execute(sql`update market_sales set price_cents = 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from market_sales where source = 'fieldlot'`)).rejects.toThrow();
    await db.execute(sql`delete from market_sales where source = 'demo'`);
    expect(await listMarketSales(db)).toHaveLength(1);
  });

  it('answers "not enough sales" below five sales of the family, and an estimate at five', async () => {
    const db = opened.database.db;
    const q = { make: 'Deere', family: '8R', year: 2021, hours: 2500, grade: 4.2, state: 'IA' };
    await insertMarketSales(
      db,
      [0, 1, 2, 3].map((i) => ({ ...base, year: 2018 + i, hours: 1000 * i + 500 })),
    );
    const four = await fieldlotValue(db, q, '2026-03-01');
    expect(four.estimate).toBeNull();
    expect(four.comparables).toHaveLength(4);
    await insertMarketSales(db, [{ ...base, year: 2023, hours: 900 }]);
    expect((await fieldlotValue(db, q, '2026-03-01')).estimate?.salesUsed).toBe(5);
  });
});
