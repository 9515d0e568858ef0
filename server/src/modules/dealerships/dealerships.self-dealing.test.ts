import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_DEALERSHIP_TEXT } from '../../../../domain/dealerships.js';
import { dealershipMembers, listings, offers, purchases } from '../../db/schema.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';

/** No dealership deals with itself, whichever member acts (dealerships.self-dealing.ts, decision 0039). */
describe('no self-dealing inside a dealership', () => {
  let t: TestApp;
  let owner: TestUser;
  let teammate: TestUser;
  let asOwner: TestClient;
  let asTeammate: TestClient;
  let asAdmin: TestClient;
  let dealershipId: string;
  let listingId: string;

  async function dealerListing(sellerId: string): Promise<string> {
    const [row] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: sellerId,
        sellerUserId: sellerId,
        reviewStatus: 'approved',
        make: 'John Deere',
        model: '8R 340',
        year: 2021,
        hours: 1200,
        priceCents: 300_000_00,
        location: 'Ames, IA',
      })
      .returning({ id: listings.id });
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app, { status: 'approved' });
    teammate = await createUser(t.app, { status: 'approved' });
    asOwner = await TestClient.as(t.app, owner);
    asTeammate = await TestClient.as(t.app, teammate);
    asAdmin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    dealershipId = (await asOwner.get('/api/team')).json().dealership.id;
    // The teammate is a buyer of the owner's dealership (as after accepting an invitation).
    await t.app.ctx.db.insert(dealershipMembers).values({ userId: teammate.id, dealershipId, role: 'buyer' });
    listingId = await dealerListing(owner.id);
  });
  afterAll(() => t?.close());

  it("refuses a teammate's offer and buy-now on the dealership's listing", async () => {
    const offer = await asTeammate.post('/api/offers', { listingId, offerType: 'offer', amount: '290000' });
    expect(offer.statusCode, offer.body).toBe(400);
    expect(offer.json().error.message).toBe(OWN_DEALERSHIP_TEXT.offer);
    const buyNow = await asTeammate.post('/api/offers', { listingId, offerType: 'buy_now' });
    expect(buyNow.statusCode).toBe(400);
    expect(buyNow.json().error.message).toBe(OWN_DEALERSHIP_TEXT.offer);
  });

  it("refuses a teammate's watch (and its alerts) on the dealership's listing", async () => {
    const res = await asTeammate.put(`/api/watchlist/${listingId}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(OWN_DEALERSHIP_TEXT.watch);
  });

  it('refuses to accept an offer made inside the dealership, by the seller or an admin', async () => {
    // Written directly, as if made before the teammate joined.
    const [row] = await t.app.ctx.db
      .insert(offers)
      .values({
        listingId,
        buyerUserId: teammate.id,
        sellerUserId: owner.id,
        dealershipId,
        offerType: 'offer',
        offerAmountCents: 290_000_00,
        originalPriceCents: 300_000_00,
      })
      .returning({ id: offers.id });
    for (const [client, url] of [
      [asOwner, `/api/my-listings/offers/${row.id}/accept`],
      [asAdmin, `/api/admin/offers/${row.id}/accept`],
    ] as const) {
      const res = await client.post(url);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(OWN_DEALERSHIP_TEXT.offer);
    }
    const [after] = await t.app.ctx.db.select().from(offers).where(eq(offers.id, row.id));
    expect(after.status).toBe('pending');
  });

  it('the database refuses a purchase whose buyer and seller are one dealership', async () => {
    const [offer] = await t.app.ctx.db
      .insert(offers)
      .values({
        listingId: await dealerListing(owner.id),
        buyerUserId: teammate.id,
        sellerUserId: owner.id,
        offerType: 'offer',
        offerAmountCents: 290_000_00,
        originalPriceCents: 300_000_00,
      })
      .returning({ id: offers.id, listingId: offers.listingId });
    const insert = t.app.ctx.db.insert(purchases).values({
      number: 'P-SELF-1',
      offerId: offer.id,
      listingId: offer.listingId,
      buyerUserId: teammate.id,
      sellerUserId: owner.id,
      priceCents: 290_000_00,
      buyerFeeCents: 500_00,
      dueDate: '2026-12-01',
    });
    await expect(insert).rejects.toThrow();
    const caught = await insert.catch((e: unknown) => e);
    expect(JSON.stringify(caught, Object.getOwnPropertyNames(caught)) + String(caught)).toMatch(
      /purchases_not_self_dealing|own listing/,
    );
  });

  it("refuses a claim against the dealership's own sale", async () => {
    // A sale made before the seller and the buyer were one dealership (the trigger checks when it is made).
    const outsider = await createUser(t.app, { status: 'approved' });
    const otherListing = await dealerListing(owner.id);
    const [offer] = await t.app.ctx.db
      .insert(offers)
      .values({
        listingId: otherListing,
        buyerUserId: outsider.id,
        sellerUserId: owner.id,
        offerType: 'offer',
        offerAmountCents: 290_000_00,
        originalPriceCents: 300_000_00,
      })
      .returning({ id: offers.id });
    const [purchase] = await t.app.ctx.db
      .insert(purchases)
      .values({
        number: 'P-SELF-2',
        offerId: offer.id,
        listingId: otherListing,
        buyerUserId: outsider.id,
        sellerUserId: owner.id,
        priceCents: 290_000_00,
        buyerFeeCents: 500_00,
        dueDate: '2026-12-01',
        status: 'delivered',
      })
      .returning({ id: purchases.id });
    await t.app.ctx.db.insert(dealershipMembers).values({ userId: outsider.id, dealershipId, role: 'buyer' });
    const res = await (await TestClient.as(t.app, outsider)).post(`/api/purchases/${purchase.id}/claims`, {
      checkpoints: ['not_in_report'],
      description: 'The loader leaks oil.',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(OWN_DEALERSHIP_TEXT.claim);
  });
});
