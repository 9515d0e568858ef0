import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_HIDDEN } from '../../../../domain/buyer-message.js';
import { listings } from '../../db/schema.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';

/** A buyer's message reaches the seller without contact details until the sale (domain/buyer-message.ts). */
describe("the seller's copy of a buyer's message", () => {
  let t: TestApp;
  let seller: TestUser;
  let asSeller: TestClient;
  let asBuyer: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await createUser(t.app, { status: 'approved' });
    asSeller = await TestClient.as(t.app, seller);
    asBuyer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
  });
  afterAll(() => t?.close());

  it('hides e-mail addresses, phone numbers and links until the offer is accepted', async () => {
    const [listing] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: seller.id,
        sellerUserId: seller.id,
        reviewStatus: 'approved',
        make: 'Kubota',
        model: 'M7-172',
        year: 2020,
        hours: 900,
        priceCents: 90_000_00,
        location: 'Ames, IA',
      })
      .returning({ id: listings.id });
    const message =
      'Cash buyer, 2019 trade possible. Call 515-555-0142 or bob@boone-ag.com, see boone-ag.com';
    const made = await asBuyer.post('/api/offers', {
      listingId: listing.id,
      offerType: 'offer',
      amount: '85000',
      message,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().offer.id as string;
    const seen = async () =>
      (await asSeller.get('/api/my-listings/offers')).json().items.find((o: { id: string }) => o.id === id)
        .message as string;
    const before = await seen();
    expect(before).toBe(
      `Cash buyer, 2019 trade possible. Call ${CONTACT_HIDDEN} or ${CONTACT_HIDDEN}, see ${CONTACT_HIDDEN}`,
    );
    // The buyer reads their own words.
    expect((await asBuyer.get(`/api/offers/${id}`)).json().offer.message).toBe(message);
    // After the sale both sides know each other: the message is shown whole.
    expect((await asSeller.post(`/api/my-listings/offers/${id}/accept`)).statusCode).toBe(200);
    expect(await seen()).toBe(message);
  });
});
