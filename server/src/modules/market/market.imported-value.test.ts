import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listings } from '../../db/schema.js';
import { insertListing } from '../../test/fixtures/offers.js';
import { createTestApp, createUser, type TestApp, TestClient } from '../../test/test-app.js';
import { insertMarketSales } from './index.js';

// docs/product/fieldlot-value.md, docs/product/sale-imports.md: an imported sale without year, hours or grade is
// still a sale of its family; FieldLot Value learns from it as the bench does, and shows it with its gaps.
describe('FieldLot Value learns from imported sales that lack year, hours or grade', () => {
  let t: TestApp;
  let admin: TestClient;
  let dealer: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
  });
  afterAll(() => t.close());

  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const HEADER = 'source_id,sold_on,make,model,year,hours,grade,state,price_usd';
  const importFile = async (rows: string[]) => {
    const res = await admin.request(
      'POST',
      '/api/admin/market/sale-imports?source=auction',
      [HEADER, ...rows].join('\n'),
      { 'content-type': 'text/csv' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().badRows).toBe(0);
  };
  const value = async () => {
    const res = await dealer.get(
      '/api/market/value?make=Deere&model=6155R&year=2019&hours=3000&grade=4&state=Iowa',
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('counts them in the estimate and lists them as comparables with null year, hours and grade', async () => {
    await importFile(
      Array.from(
        { length: 6 },
        (_, i) =>
          `full-${i},${daysAgo(30 + i * 10)},Deere,6155R,${2016 + i},${1500 + i * 500},4.0,Iowa,${90000 + i * 5000}`,
      ),
    );
    const before = await value();
    expect(before.estimate?.salesUsed).toBe(6);
    expect(before.estimate?.importedSales).toBe(6);
    expect(before.comparables).toHaveLength(6);

    // No year, no hours, not inspected: before, the server dropped such sales or made their grade a 3.
    await importFile([
      `bare-1,${daysAgo(5)},Deere,6155R,,,,Iowa,150000`,
      `bare-2,${daysAgo(6)},Deere,6155R,,2000,,Iowa,148000`,
      `bare-3,${daysAgo(7)},Deere,6155R,2019,,,,146000`,
    ]);
    const after = await value();
    expect(after.estimate?.salesUsed).toBe(9);
    expect(after.estimate?.importedSales).toBe(9);
    expect(after.estimate?.valueCents).not.toBe(before.estimate?.valueCents);
    expect(after.comparables).toHaveLength(9);
    expect(after.comparables).toEqual(
      expect.arrayContaining([
        {
          source: 'auction',
          soldOn: daysAgo(5),
          year: null,
          hours: null,
          grade: null,
          state: 'IA',
          priceCents: 15_000_000,
        },
        {
          source: 'auction',
          soldOn: daysAgo(6),
          year: null,
          hours: 2000,
          grade: null,
          state: 'IA',
          priceCents: 14_800_000,
        },
        {
          source: 'auction',
          soldOn: daysAgo(7),
          year: 2019,
          hours: null,
          grade: null,
          state: '',
          priceCents: 14_600_000,
        },
      ]),
    );
    // A graded sale keeps its grade.
    expect(after.comparables.filter((c: { grade: number | null }) => c.grade === 4)).toHaveLength(6);
  });

  it('values a tractor asked without a grade from the same sales (no made-up 3)', async () => {
    const res = await dealer.get('/api/market/value?make=Deere&model=6155R&year=2019&hours=3000&state=Iowa');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().estimate?.salesUsed).toBe(9);
  });

  it("says how many of the family's sales are imported once FieldLot's own sell beside them", async () => {
    await insertMarketSales(t.app.ctx.db, [
      {
        soldOn: daysAgo(3),
        make: 'Deere',
        model: '6155R',
        family: '6155R',
        year: 2020,
        hours: 2200,
        grade: 4,
        state: 'IA',
        zip: null,
        priceCents: 15_500_000,
        source: 'fieldlot',
        purchaseId: null,
      },
    ]);
    // The database's notice drops the fitted model: the next answer counts the FieldLot sale.
    const mixed = await vi.waitFor(async () => {
      const answer = await value();
      expect(answer.estimate?.salesUsed).toBe(10);
      return answer;
    });
    expect(mixed.estimate.importedSales).toBe(9);
  });

  it('adjusts a listing with a front loader by what the imported sales show a loader is worth', async () => {
    const rows = Array.from({ length: 90 }, (_, i) => {
      // Two in five with a loader, which sold for about 10% more; the rest of the law as above.
      const loader = i % 5 < 2;
      const price = Math.round((60000 - 2500 * (i % 7)) * (loader ? 1.1 : 1) * (1 + ((i % 3) - 1) * 0.02));
      return `ldr-${i},${daysAgo(20 + i * 3)},Deere,5075E,${2013 + (i % 7)},${1000 + 300 * (i % 6)},,Iowa,${price},${loader ? 'yes' : 'no'}`;
    });
    const res = await admin.request(
      'POST',
      '/api/admin/market/sale-imports?source=auction',
      ['source_id,sold_on,make,model,year,hours,grade,state,price_usd,loader', ...rows].join('\n'),
      { 'content-type': 'text/csv' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().badRows).toBe(0);
    const listingId = await insertListing(t.app, (await createUser(t.app, { status: 'approved' })).id, {
      make: 'Deere',
      model: '5075E',
      location: 'Iowa',
    });
    const listingValue = async (frontLoader: boolean) => {
      await t.app.ctx.db.update(listings).set({ frontLoader }).where(eq(listings.id, listingId));
      const r = await dealer.get(`/api/market/listings/${listingId}/value`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().estimate;
    };
    const withLoader = await listingValue(true);
    const without = await listingValue(false);
    const line = (e: { breakdown: { label: string; cents: number }[] }, label: string) =>
      e.breakdown.find((l) => l.label === label)?.cents;
    expect(line(withLoader, 'Front loader: Yes')).toBeGreaterThan(0);
    expect(line(without, 'Front loader: No')).toBeLessThan(0);
    expect(withLoader.valueCents / without.valueCents).toBeGreaterThan(1.05);
    expect(withLoader.valueCents / without.valueCents).toBeLessThan(1.15);
    expect(withLoader.notes).not.toContain('not adjusted for front loader (too few sales)');
    // The listing form asks for a tractor not listed yet with its box ticked: the same adjustment.
    const described = await dealer.get(
      '/api/market/value?make=Deere&model=5075E&year=2019&hours=4250&state=Iowa&loader=yes',
    );
    expect(described.statusCode, described.body).toBe(200);
    expect(line(described.json().estimate, 'Front loader: Yes')).toBe(line(withLoader, 'Front loader: Yes'));
  });
});
