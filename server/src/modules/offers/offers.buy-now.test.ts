import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, purchases } from '../../db/schema.js';
import { countOffers, insertListing, listingRow, mailsTo, offerRow } from '../../test/fixtures/offers.js';
import { TEST_YARD } from '../../test/fixtures/yard.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';

/**
 * Buy Now binds (docs/product/offers.md#buy-now): accepted at once through the seller's accept, the purchase opened
 * in the same transaction; a changed price refuses it; two at once on one tractor make one purchase.
 */
describe('Buy Now binds', () => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser;
  let buyer: TestUser;
  let rival: TestUser;
  let asAdmin: TestClient;
  let asSeller: TestClient;
  let asBuyer: TestClient;
  let asRival: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    seller = await createUser(t.app, { status: 'approved', companyName: 'Ames Tractor' });
    buyer = await createUser(t.app, { status: 'approved', companyName: 'Boone Ag' });
    rival = await createUser(t.app, { status: 'approved', companyName: 'Cedar Farm Supply' });
    asAdmin = await TestClient.as(t.app, admin);
    asSeller = await TestClient.as(t.app, seller);
    asBuyer = await TestClient.as(t.app, buyer);
    asRival = await TestClient.as(t.app, rival);
  });
  afterAll(() => t.close());

  /** A $62,500 dealer's listing, reviewed and live. */
  async function dealerListing(): Promise<string> {
    const made = await asSeller.post('/api/listings', {
      make: 'Kubota',
      model: 'M7-172',
      year: 2020,
      location: 'Ames, IA',
      ...TEST_YARD,
      priceCents: 62_500_00,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    expect((await asSeller.post(`/api/my-listings/${id}/submit`)).statusCode).toBe(200);
    const ok = await asAdmin.post(`/api/admin/listings/${id}/approve`, { asIsReason: 'Trade-in' });
    expect(ok.statusCode, ok.body).toBe(200);
    return id;
  }
  const purchasesOf = (listingId: string) =>
    t.app.ctx.db.select().from(purchases).where(eq(purchases.listingId, listingId));

  it('is accepted at once: the purchase opens as after the seller accepts; the seller and the admins are told', async () => {
    const listingId = await dealerListing();
    const res = await asBuyer.post('/api/offers', {
      listingId,
      offerType: 'buy_now',
      askingCents: 62_500_00,
      amount: 1,
      message: '  Ready to buy  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const offer = res.json().offer;
    expect(offer).toMatchObject({
      offerType: 'buy_now',
      status: 'accepted',
      offerAmountCents: 62_500_00,
      message: 'Ready to buy',
    });
    expect((await listingRow(t.app, listingId))?.status).toBe('sold');
    const [p] = await purchasesOf(listingId);
    expect(p).toMatchObject({ offerId: offer.id, buyerUserId: buyer.id, priceCents: 62_500_00 });
    // The buyer reads the purchase and its invoice figures as after any accepted offer.
    const mine = await asBuyer.get(`/api/purchases/${p.id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    // The seller's "sold" notice, as for an accepted offer; no "buy now request" waiting for them.
    const sellerMails = (await mailsTo(t.app, seller.email, 'notify-seller-offer')).map(
      (m) => m.payload as { kind: string; offerId: string },
    );
    expect(sellerMails.filter((m) => m.offerId === offer.id).map((m) => m.kind)).toEqual(['sold']);
    // Every admin: the sale, never a request to answer.
    const notices = (await mailsTo(t.app, admin.email, 'notify-admin-offer-notice')).map(
      (m) => m.payload as { kind: string; offerId: string },
    );
    expect(notices.filter((m) => m.offerId === offer.id).map((m) => m.kind)).toEqual(['bought_now']);
    const requests = (await mailsTo(t.app, admin.email, 'notify-admin-new-offer')).filter(
      (m) => (m.payload as { offerId: string }).offerId === offer.id,
    );
    expect(requests).toHaveLength(0);
    // Nothing else can take the tractor now.
    const late = await asRival.post('/api/offers', {
      listingId,
      offerType: 'buy_now',
      askingCents: 62_500_00,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This tractor has already been sold');
  });

  it('a price changed since the buyer saw it: 409 naming the new price, nothing bought', async () => {
    const listingId = await insertListing(t.app, admin.id, { priceCents: 48_500_00 });
    await t.app.ctx.db.update(listings).set({ priceCents: 51_000_00 }).where(eq(listings.id, listingId));
    const before = await countOffers(t.app, { listingId });
    const res = await asBuyer.post('/api/offers', {
      listingId,
      offerType: 'buy_now',
      askingCents: 48_500_00,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('The price changed to $51,000; review it before buying');
    expect(await countOffers(t.app, { listingId })).toBe(before);
    expect(await purchasesOf(listingId)).toHaveLength(0);
    // Without the price seen, nothing is bought either.
    const blind = await asBuyer.post('/api/offers', { listingId, offerType: 'buy_now' });
    expect(blind.statusCode).toBe(400);
    expect(blind.json().error.fields.askingCents).toBe('The asking price you saw is required');
    // At the price shown now, it is bought.
    const ok = await asBuyer.post('/api/offers', { listingId, offerType: 'buy_now', askingCents: 51_000_00 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await offerRow(t.app, ok.json().offer.id))?.status).toBe('accepted');
    expect(await purchasesOf(listingId)).toHaveLength(1);
  });

  it('two Buy Nows on one tractor at once: exactly one purchase, the other refused with 409', async () => {
    for (let round = 0; round < 3; round++) {
      const listingId = await dealerListing();
      const body = { listingId, offerType: 'buy_now', askingCents: 62_500_00 };
      const [a, b] = await Promise.all([
        asBuyer.post('/api/offers', body),
        asRival.post('/api/offers', body),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([201, 409]);
      const refused = a.statusCode === 409 ? a : b;
      expect(refused.json().error.message).toBe('This tractor has already been sold');
      const bought = await purchasesOf(listingId);
      expect(bought).toHaveLength(1);
      const winner = a.statusCode === 201 ? buyer : rival;
      expect(bought[0].buyerUserId).toBe(winner.id);
    }
  });

  it("a Buy Now racing the seller's accept of another offer: one sale", async () => {
    const listingId = await dealerListing();
    const offer = await asRival.post('/api/offers', { listingId, offerType: 'offer', amount: '60000' });
    expect(offer.statusCode, offer.body).toBe(201);
    const [accept, buyNow] = await Promise.all([
      asSeller.post(`/api/my-listings/offers/${offer.json().offer.id}/accept`),
      asBuyer.post('/api/offers', { listingId, offerType: 'buy_now', askingCents: 62_500_00 }),
    ]);
    expect([accept.statusCode, buyNow.statusCode].sort(), `${accept.body} ${buyNow.body}`).toEqual(
      accept.statusCode === 200 ? [200, 409] : [201, 409],
    );
    expect(await purchasesOf(listingId)).toHaveLength(1);
  });
});
