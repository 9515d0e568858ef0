import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../../db/schema.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import { seedDemoSales } from '../demo/index.js';

const MIN = 60_000;

/** The run list's filters and FieldLot Value (docs/product/timed-sale.md#the-run-list). */
describe("the Timed Sale's run list", { timeout: 120_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let asAdmin: TestClient;
  let asSeller: TestClient;
  let asDealer: TestClient;
  let asVisitor: TestClient;
  let saleId = '';
  const lots: Record<'deere' | 'kubota' | 'case', { listingId: string; lotId: string }> = {
    deere: { listingId: '', lotId: '' },
    kubota: { listingId: '', lotId: '' },
    case: { listingId: '', lotId: '' },
  };

  beforeAll(async () => {
    t = await createTestApp();
    const ctx = t.app.ctx;
    await seedDemoSales({ ...ctx, config: { ...ctx.config, demo: true, production: false } });
    asAdmin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    seller = await createUser(t.app, { status: 'approved', companyName: 'Ames Tractor' });
    asSeller = await TestClient.as(t.app, seller);
    asDealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    asVisitor = await TestClient.as(t.app, null);
    const now = t.clock.now().getTime();
    const made = await asAdmin.post('/api/sales', {
      name: 'Tuesday Sale, Dec 8',
      startsAt: new Date(now + MIN).toISOString(),
      firstCloseAt: new Date(now + 30 * MIN).toISOString(),
      intervalSeconds: 60,
    });
    saleId = made.json().id;
    const tractors = {
      deere: { make: 'John Deere', model: '8R 340', hours: 1200, gradeTenths: 42, location: 'Iowa' },
      kubota: { make: 'Kubota', model: 'M7-172', hours: 3000, gradeTenths: 31, location: 'Nebraska' },
      case: { make: 'Case IH', model: 'Magnum 340', hours: 800, gradeTenths: 0, location: 'Iowa' },
    };
    for (const [k, tractor] of Object.entries(tractors) as Array<
      [keyof typeof lots, typeof tractors.deere]
    >) {
      const [row] = await t.app.ctx.db
        .insert(listings)
        .values({
          ...tractor,
          userId: seller.id,
          sellerUserId: seller.id,
          reviewStatus: 'approved',
          year: 2020,
          priceCents: 250_000_00,
          floorPriceCents: 100_000_00,
        })
        .returning({ id: listings.id });
      const lot = await asSeller.post(`/api/sales/${saleId}/lots`, { listingId: row.id });
      expect(lot.statusCode, lot.body).toBe(201);
      lots[k] = { listingId: row.id, lotId: lot.json().id };
    }
    t.clock.advance(MIN);
    // Bids: Deere at $1,100 (a maximum of $5,000 against a bid of $1,000), Kubota at $100, Case none.
    const other = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    const bid = (c: TestClient, lotId: string, amount: number, key: string) =>
      c.post(`/api/sales/lots/${lotId}/bids`, { kind: 'max', amount }, { 'idempotency-key': key });
    expect((await bid(asDealer, lots.deere.lotId, 5_000, 'run-list-1')).statusCode).toBe(200);
    expect((await bid(other, lots.deere.lotId, 1_000, 'run-list-2')).statusCode).toBe(200);
    expect((await bid(asDealer, lots.kubota.lotId, 100, 'run-list-3')).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  const models = async (client: TestClient, query = '') => {
    const res = await client.get(`/api/sales/${saleId}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().lots.map((l: { model: string }) => l.model);
  };

  it("filters as the inventory does: brand, search, hours, grade, state; the sale's brands for the filter", async () => {
    expect(await models(asDealer)).toEqual(['8R 340', 'M7-172', 'Magnum 340']);
    expect(await models(asDealer, '?brand=Kubota')).toEqual(['M7-172']);
    expect(await models(asVisitor, '?q=magnum')).toEqual(['Magnum 340']);
    expect(await models(asDealer, '?q=ku')).toEqual(['M7-172']);
    expect(await models(asDealer, '?hoursMax=1500')).toEqual(['8R 340', 'Magnum 340']);
    expect(await models(asDealer, '?gradeMin=4')).toEqual(['8R 340']);
    expect(await models(asDealer, '?state=ia&brand=John%20Deere')).toEqual(['8R 340']);
    const all = (await asVisitor.get(`/api/sales/${saleId}?brand=Fendt`)).json();
    expect(all.lots).toEqual([]);
    expect(all.brands).toEqual(['Case IH', 'John Deere', 'Kubota']);
    expect(all.sale.lotCount).toBe(3);
  });

  // Prices in cents, as the inventory's API takes them (the page's address carries dollars).
  it('filters dealers by the current bid (no bid stands at $0); visitors cannot filter by a price', async () => {
    expect(await models(asDealer, '?priceMin=100000')).toEqual(['8R 340']);
    expect(await models(asDealer, '?priceMax=50000')).toEqual(['M7-172', 'Magnum 340']);
    expect(await models(asVisitor, '?priceMin=100000')).toEqual(['8R 340', 'M7-172', 'Magnum 340']);
  });

  it('answers bad filters with a 400 and the reason', async () => {
    const res = await asDealer.get(`/api/sales/${saleId}?hoursMax=lots`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Maximum hours must be a whole number');
    const range = await asDealer.get(`/api/sales/${saleId}?priceMin=900000&priceMax=100`);
    expect(range.statusCode).toBe(400);
    expect(range.body).toContain('Minimum price cannot be above maximum price');
  });

  it("shows dealers each lot's FieldLot Value, the tractor page's own; visitors never", async () => {
    const dealerLots = (await asDealer.get(`/api/sales/${saleId}`)).json().lots;
    const deere = dealerLots.find((l: { model: string }) => l.model === '8R 340');
    const page = (await asDealer.get(`/api/market/listings/${lots.deere.listingId}/value`)).json();
    expect(page.estimate).not.toBeNull();
    expect(deere.value).toEqual({
      valueCents: page.estimate.valueCents,
      lowCents: page.estimate.lowCents,
      highCents: page.estimate.highCents,
    });
    const visitorLots = (await asVisitor.get(`/api/sales/${saleId}`)).json().lots;
    expect(visitorLots.map((l: { value: unknown }) => l.value)).toEqual([null, null, null]);
    expect(visitorLots.map((l: { currentBidCents: unknown }) => l.currentBidCents)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('lets a dealer watch a lot (the tractor, through the watchlist); the seller cannot watch their own', async () => {
    const watched = await asDealer.put(`/api/watchlist/${lots.kubota.listingId}`);
    expect(watched.statusCode, watched.body).toBe(200);
    expect((await asDealer.get('/api/watchlist/ids')).json().listingIds).toContain(lots.kubota.listingId);
    expect((await asSeller.put(`/api/watchlist/${lots.kubota.listingId}`)).statusCode).toBeGreaterThanOrEqual(
      400,
    );
  });
});
