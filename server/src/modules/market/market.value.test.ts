import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOT_ENOUGH_SALES } from '../../../../domain/fieldlot-value.js';
import { rowsOf } from '../../db/client.js';
import { listings, purchases } from '../../db/schema.js';
import { underFirstLook } from '../../test/fixtures/first-look.js';
import { insertListing } from '../../test/fixtures/offers.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import { seedDemoSales } from '../demo/index.js';
import { countMarketSales, fieldlotValue, insertMarketSales, type NewMarketSale } from './index.js';
import { valueForQuery } from './market.service.js';

// docs/product/fieldlot-value.md, docs/product/market.md, docs/decisions/0051-market-feed-and-value-cache.md
describe('FieldLot Value for dealers, the sales feed and the demo history', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyerUser: TestUser;
  let adminC: TestClient;
  let buyer: TestClient;
  let otherDealer: TestClient;
  let visitor: TestClient;
  let pending: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin', name: 'Ada Adminsdottir' });
    buyerUser = await createUser(t.app, {
      status: 'approved',
      name: 'Bertram Buyerman',
      companyName: 'Buyerman Implements',
    });
    adminC = await TestClient.as(t.app, admin);
    buyer = await TestClient.as(t.app, buyerUser);
    otherDealer = await TestClient.as(
      t.app,
      await createUser(t.app, { status: 'approved', companyName: 'Other Farm Sales' }),
    );
    visitor = await TestClient.as(t.app, null);
    pending = await TestClient.as(t.app, await createUser(t.app, { status: 'pending' }));
  });
  afterAll(() => t.close());

  /** A sale closed end to end: offer accepted by the admin, then completed after the guarantee. */
  async function completedSale(
    model: string,
    priceCents: number,
  ): Promise<{ purchaseId: string; listingId: string }> {
    const listingId = await insertListing(t.app, admin.id, { make: 'Fendt', model, priceCents });
    await t.app.ctx.db
      .update(listings)
      .set({ gradeTenths: 42, location: 'Nebraska', transmission: 'Vario', frontLoader: true })
      .where(eq(listings.id, listingId));
    const made = await buyer.post('/api/offers', {
      listingId,
      offerType: 'offer',
      amount: String(priceCents / 100 - 1000),
    });
    expect(made.statusCode, made.body).toBe(201);
    const offerId = made.json().offer?.id ?? made.json().id;
    expect((await adminC.post(`/api/admin/offers/${offerId}/accept`)).statusCode).toBe(200);
    const [p] = await t.app.ctx.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(eq(purchases.offerId, offerId));
    // Fast-forward the paperwork: title sent, guarantee over (the purchase steps have their own tests).
    const past = new Date(t.app.ctx.clock.now().getTime() - 86_400_000);
    await t.app.ctx.db
      .update(purchases)
      .set({ status: 'title_sent', titleSentAt: past, guaranteeEndsAt: past, handedOverAt: past })
      .where(eq(purchases.id, p.id));
    return { purchaseId: p.id, listingId };
  }

  it('records a completed purchase as an anonymous market sale, once, through the purchase event', async () => {
    const { purchaseId } = await completedSale('724 Vario', 210_000_00);
    const before = await countMarketSales(t.app.ctx.db, 'fieldlot');
    const done = await adminC.post(`/api/admin/purchases/${purchaseId}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    const rows = rowsOf<Record<string, unknown>>(
      await t.app.ctx.db.execute(sql`select * from market_sales where purchase_id = ${purchaseId}`),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      make: 'Fendt',
      model: '724 Vario',
      family: '724',
      year: 2019,
      hours: 4250,
      grade_tenths: 42,
      state: 'NE',
      source: 'fieldlot',
      // The options FieldLot Value may learn (docs/product/fieldlot-value.md#the-sales-it-learns-from).
      transmission: 'Vario',
      loader: true,
    });
    expect(Number(rows[0].price_cents)).toBe(209_000_00);
    // No column can name the buyer or the seller.
    expect(Object.keys(rows[0]).filter((k) => /buyer|seller|user|dealer/.test(k))).toEqual([]);
    // Delivered again (at least once): still one row.
    await t.app.ctx.events.deliverDue(t.app.ctx);
    await t.app.ctx.db.execute(
      sql`insert into domain_events (type, payload) values ('purchase.completed', ${JSON.stringify({ purchaseId })}::jsonb)`,
    );
    await t.app.ctx.events.deliverDue(t.app.ctx);
    expect(await countMarketSales(t.app.ctx.db, 'fieldlot')).toBe(before + 1);
  });

  it('an accepted but unfinished purchase is not a market sale yet', async () => {
    const { purchaseId } = await completedSale('724 Vario', 200_000_00);
    await t.app.ctx.events.deliverDue(t.app.ctx);
    const rows = rowsOf(
      await t.app.ctx.db.execute(sql`select 1 from market_sales where purchase_id = ${purchaseId}`),
    );
    expect(rows).toHaveLength(0);
  });

  const sale = (year: number, hours: number, priceCents: number, soldOn = '2026-06-01'): NewMarketSale => ({
    soldOn,
    make: 'Claas',
    model: 'Axion 870',
    family: 'Axion',
    year,
    hours,
    grade: 4,
    state: 'IA',
    zip: null,
    priceCents,
    source: 'fieldlot',
    purchaseId: null,
  });
  const query = '/api/market/value?make=Claas&model=Axion%20850&year=2021&hours=2500&grade=4&state=Iowa';

  it('says "Not enough FieldLot sales to estimate" below five sales, and estimates at five', async () => {
    await insertMarketSales(t.app.ctx.db, [
      sale(2020, 3000, 250_000_00),
      sale(2021, 2500, 270_000_00),
      sale(2022, 2000, 290_000_00),
      sale(2019, 3500, 230_000_00),
    ]);
    const four = await buyer.get(query);
    expect(four.statusCode, four.body).toBe(200);
    expect(four.json()).toMatchObject({ family: 'Axion', estimate: null, message: NOT_ENOUGH_SALES });
    expect(four.json().comparables).toHaveLength(4);
    await insertMarketSales(t.app.ctx.db, [sale(2023, 1500, 310_000_00)]);
    // The database's notice drops every instance's fitted model: the next answer counts the fifth sale.
    const five = await vi.waitFor(async () => {
      const body = (await buyer.get(`${query}&askingCents=26000000`)).json();
      expect(body.estimate).not.toBeNull();
      return body;
    });
    expect(five.message).toBeNull();
    expect(five.estimate.salesUsed).toBe(5);
    expect(five.estimate.importedSales).toBe(0);
    expect(five.standing.sentence).toMatch(/^Asking \$260,000 — (\d+% (below|above)|at) FieldLot Value \(\$/);
    // Nearest first: the 2021 tractor with 2,500 hours is the same tractor.
    expect(five.comparables[0]).toEqual({
      source: 'fieldlot',
      soldOn: '2026-06-01',
      year: 2021,
      hours: 2500,
      grade: 4,
      state: 'IA',
      priceCents: 270_000_00,
    });
  });

  it('answers a listing with where its asking price stands; never to visitors; names nobody', async () => {
    const id = await insertListing(t.app, admin.id, {
      make: 'Claas',
      model: 'Axion 870',
      priceCents: 240_000_00,
    });
    await t.app.ctx.db
      .update(listings)
      .set({ gradeTenths: 40, year: 2021, hours: 2500 })
      .where(eq(listings.id, id));
    const urls = [
      `/api/market/listings/${id}/value`,
      query,
      '/api/market',
      '/api/market/Claas/Axion',
      '/api/market/Fendt/724',
    ];
    for (const url of urls) {
      expect((await visitor.get(url)).statusCode, url).toBe(401);
      expect((await pending.get(url)).statusCode, url).toBe(403);
      for (const c of [buyer, otherDealer, adminC]) {
        const res = await c.get(url);
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        for (const name of ['Bertram', 'Buyerman', 'Adminsdottir', buyerUser.email, admin.email])
          expect(res.body).not.toContain(name);
      }
    }
    const mine = (await otherDealer.get(urls[0])).json();
    expect(mine.standing.sentence).toMatch(/^Asking \$240,000 — \d+% below FieldLot Value/);
    const page = (await otherDealer.get('/api/market/Claas/Axion')).json();
    expect(page.months.map((m: { sales: number }) => m.sales)).toEqual([5]);
    expect(page.liveListingsCount).toBe(1);
    expect(page.wantListsCount).toBe(0);
    const index = (await otherDealer.get('/api/market')).json();
    expect(index.families.map((f: { family: string }) => f.family)).toContain('Axion');
    expect(
      (await buyer.get('/api/market/listings/00000000-0000-4000-8000-000000000000/value')).statusCode,
    ).toBe(404);
  });

  it('a tractor under a first look has no value and no place on the market page for a dealer outside it', async () => {
    const id = await insertListing(t.app, admin.id, { make: 'Deutz-Fahr', model: 'Agrotron 6190' });
    await underFirstLook(t.app, id, [buyerUser]);
    const hidden = await otherDealer.get(`/api/market/listings/${id}/value`);
    const missing = await otherDealer.get('/api/market/listings/00000000-0000-4000-8000-000000000000/value');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    expect((await buyer.get(`/api/market/listings/${id}/value`)).statusCode).toBe(200);
    expect((await adminC.get(`/api/market/listings/${id}/value`)).statusCode).toBe(200);
    const page = (await otherDealer.get('/api/market/Deutz-Fahr/Agrotron')).json();
    expect(page.liveListingsCount).toBe(0);
    expect(JSON.stringify(page)).not.toContain(id);
    expect((await buyer.get('/api/market/Deutz-Fahr/Agrotron')).json().liveListingsCount).toBe(1);
  });

  it("another dealer's tractor that is not live has no value for a dealer who cannot open its page", async () => {
    const id = await insertListing(t.app, buyerUser.id, {
      make: 'Valtra',
      model: 'T234',
      status: 'inactive',
    });
    // A dealer's own trade-in, not yet live.
    await t.app.ctx.db
      .update(listings)
      .set({ sellerUserId: buyerUser.id, reviewStatus: 'draft' })
      .where(eq(listings.id, id));
    const hidden = await otherDealer.get(`/api/market/listings/${id}/value`);
    const missing = await otherDealer.get('/api/market/listings/00000000-0000-4000-8000-000000000000/value');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    // Its seller and the admin still read it (the listing form, the review queue).
    expect((await buyer.get(`/api/market/listings/${id}/value`)).statusCode).toBe(200);
    expect((await adminC.get(`/api/market/listings/${id}/value`)).statusCode).toBe(200);
  });

  it('refuses bad input with a clear 400', async () => {
    const bad = await buyer.get(
      '/api/market/value?make=Claas&model=Axion&year=nineteen&hours=-5&state=Atlantis',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose a US state');
    const loader = await buyer.get(
      '/api/market/value?make=Claas&model=Axion&year=2019&hours=500&loader=maybe',
    );
    expect(loader.statusCode).toBe(400);
    expect(loader.body).toContain('Say yes or no');
  });

  it("counts every dealership's want-lists that ask for the family (through the want-lists module)", async () => {
    const want = async (c: TestClient, make: string, modelWords: string) => {
      const res = await c.post('/api/want-lists', { make, modelWords });
      expect(res.statusCode, res.body).toBe(201);
    };
    const count = async () => (await buyer.get('/api/market/Claas/Axion')).json().wantListsCount;
    const before = await count();
    await want(buyer, 'Claas', ''); // any Claas
    await want(otherDealer, 'claas', 'axion 870'); // another dealership's, other case
    await want(buyer, 'Claas', 'Xerion'); // another family
    await want(otherDealer, 'Fendt', 'Axion'); // another make
    expect(await count()).toBe(before + 2);
    const page = await otherDealer.get('/api/market/CLAAS/axion');
    expect(page.json().wantListsCount).toBe(before + 2);
    for (const name of ['Bertram', 'Buyerman', buyerUser.email]) expect(page.body).not.toContain(name);
    expect((await visitor.get('/api/market/Claas/Axion')).statusCode).toBe(401);
  });

  it('never seeds demo sales outside demo mode or in production; seeds a realistic history in demo mode', async () => {
    const ctx = t.app.ctx;
    expect(await seedDemoSales({ ...ctx, config: { ...ctx.config, demo: false } })).toBe(0);
    expect(await seedDemoSales({ ...ctx, config: { ...ctx.config, demo: true, production: true } })).toBe(0);
    expect(await countMarketSales(ctx.db, 'demo')).toBe(0);
    const started = performance.now();
    const n = await seedDemoSales({ ...ctx, config: { ...ctx.config, demo: true, production: false } });
    const seedMs = performance.now() - started;
    expect(n).toBeGreaterThanOrEqual(2000);
    expect(await countMarketSales(ctx.db, 'demo')).toBe(n);
    expect(seedMs).toBeLessThan(15_000);
    // A second start adds nothing.
    expect(await seedDemoSales({ ...ctx, config: { ...ctx.config, demo: true, production: false } })).toBe(0);
    const stats = rowsOf<{ makes: number; states: number; months: number }>(
      await ctx.db.execute(sql`
        select count(distinct make)::int as makes, count(distinct state)::int as states,
          count(distinct to_char(sold_on, 'YYYY-MM'))::int as months from market_sales where source = 'demo'`),
    )[0];
    expect(stats.makes).toBeGreaterThanOrEqual(15);
    expect(stats.states).toBeGreaterThanOrEqual(10);
    expect(stats.months).toBeGreaterThanOrEqual(35);
    // Per request: the model is fitted once (kept until the database announces a change), then an estimate
    // and its comparables cost no query at all.
    const actor = { userId: admin.id, email: admin.email, name: 'Admin', status: 'admin' as const };
    const input = { make: 'John Deere', model: '6R 250', year: 2021, hours: 2400, grade: 4, state: 'IA' };
    const fitStarted = performance.now();
    const first = await vi.waitFor(async () => {
      const a = await valueForQuery(ctx, actor, input);
      expect(a.estimate?.salesUsed ?? 0).toBeGreaterThan(20);
      return a;
    });
    const fitMs = performance.now() - fitStarted;
    expect(first.comparables.length).toBe(10);
    const runs = 50;
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await valueForQuery(ctx, actor, input);
    const perRequest = (performance.now() - t0) / runs;
    console.log(
      `FieldLot Value on ${n + 7} sales: fit ${fitMs.toFixed(0)} ms, then ${perRequest.toFixed(3)} ms per answer; demo seed ${seedMs.toFixed(0)} ms`,
    );
    expect(perRequest).toBeLessThan(5);
    // Without a listener (lost connection) answers check the sales stamp and stay true.
    expect((await fieldlotValue(ctx.db, { ...input, family: '6R' }, '2026-11-26')).estimate).not.toBeNull();
  });
});
