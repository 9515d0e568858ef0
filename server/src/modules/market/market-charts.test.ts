import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminMarketResponseSchema } from '../../../../domain/market.js';
import { listings, offers, purchases } from '../../db/schema.js';
import { TEST_YARD } from '../../test/fixtures/yard.js';
import { createTestApp, createUser, type TestApp, TestClient } from '../../test/test-app.js';
import { insertMarketSales } from './market.repository.js';

describe('admin market charts API', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
  });
  afterEach(() => t.close());

  const listing = (userId: string, status: 'active' | 'sold') => ({
    userId,
    status,
    make: 'John Deere',
    model: '6155R',
    year: 2019,
    hours: 4250,
    priceCents: 4_850_000,
    location: 'Ames, IA',
  });

  it('answers the whole market: listings live, offers per day, fees per month', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    const buyer = await createUser(t.app, { status: 'approved' });
    const db = t.app.ctx.db;
    const [live] = await db
      .insert(listings)
      .values(listing(dealer.id, 'active'))
      .returning({ id: listings.id });
    await db.insert(listings).values(listing(dealer.id, 'sold'));
    const offer = {
      listingId: live.id,
      buyerUserId: dealer.id,
      sellerUserId: dealer.id,
      offerType: 'offer' as const,
      offerAmountCents: 4_500_000,
      originalPriceCents: 4_850_000,
    };
    await db.insert(offers).values([offer, { ...offer, buyerUserId: buyer.id, offerAmountCents: 4_600_000 }]);

    const res = await admin.get('/api/admin/market');
    expect(res.statusCode).toBe(200);
    const body = adminMarketResponseSchema.parse(res.json());
    expect(body.liveListingsCount).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.offersByDay).toEqual([{ day: today, count: 2 }]);
    expect(body.feesByMonth).toHaveLength(12);
    expect(body.feesByMonth.at(-1)?.month).toBe(today.slice(0, 7));
    expect(body.feesByMonth.every((m) => m.feesCents === 0)).toBe(true);
  });

  it("counts a sale's buyer and seller fees in its month, as the money view does", async () => {
    const seller = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    const buyer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    const made = await seller.post('/api/listings', {
      make: 'John Deere',
      model: '8R 340',
      year: 2021,
      location: 'Iowa',
      priceCents: 180_000_00,
      ...TEST_YARD,
    });
    expect(made.statusCode, made.body).toBe(201);
    const listingId = made.json().id as string;
    expect((await seller.post(`/api/my-listings/${listingId}/submit`)).statusCode).toBe(200);
    expect(
      (await admin.post(`/api/admin/listings/${listingId}/approve`, { asIsReason: 'Trade-in' })).statusCode,
    ).toBe(200);
    const offer = await buyer.post('/api/offers', { listingId, offerType: 'offer', amount: '180000' });
    expect(offer.statusCode, offer.body).toBe(201);
    expect((await seller.post(`/api/my-listings/offers/${offer.json().offer.id}/accept`)).statusCode).toBe(
      200,
    );
    const [row] = await t.app.ctx.db
      .select()
      .from(purchases)
      .where(eq(purchases.offerId, offer.json().offer.id));
    expect(
      (await buyer.post(`/api/purchases/${row.id}/fulfilment`, { fulfilment: 'collect' })).statusCode,
    ).toBe(200);

    const body = adminMarketResponseSchema.parse((await admin.get('/api/admin/market')).json());
    const month = body.feesByMonth.at(-1);
    if (!month) throw new Error('no months');
    const last = new Date(Date.UTC(Number(month.month.slice(0, 4)), Number(month.month.slice(5, 7)), 0));
    const money = await admin.get(
      `/api/admin/money?from=${month.month}-01&to=${last.toISOString().slice(0, 10)}`,
    );
    expect(money.statusCode, money.body).toBe(200);
    const totals = money.json().totals;
    expect(month.feesCents).toBeGreaterThan(0);
    expect(month.feesCents).toBe(totals.buyerFeesCents + totals.sellerFeesCents);
  });

  it('answers sales and the median price per month from recorded sales', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const sale = (priceCents: number, state: string) => ({
      soldOn: `${month}-01`,
      make: 'John Deere',
      family: '6R',
      model: '6155R',
      year: 2019,
      hours: 3000,
      grade: 4,
      state,
      zip: null,
      source: 'demo' as const,
      purchaseId: null,
      priceCents,
    });
    await insertMarketSales(t.app.ctx.db, [
      sale(100_000_00, 'IA'),
      sale(120_000_00, 'NE'),
      sale(90_000_00, 'KS'),
    ]);
    const body = adminMarketResponseSchema.parse((await admin.get('/api/admin/market')).json());
    expect(body.months).toEqual([{ month, sales: 3, medianPriceCents: 100_000_00 }]);
  });

  it('refuses dealers (403) and visitors (401)', async () => {
    const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    expect((await dealer.get('/api/admin/market')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/market')).statusCode).toBe(401);
  });
});
