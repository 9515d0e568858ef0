import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLOOR_PROBE_WINDOW_MS,
  nextOfferMinimumCents,
  offerStepText,
  TOO_MANY_OFFERS_TEXT,
} from '../../../../domain/offer-floor.js';
import { listings } from '../../db/schema.js';
import { mailsTo } from '../../test/fixtures/offers.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import { expireDueOffers } from './offers.service.js';

const HOUR = 3600_000;
const ASKING = 120_000_00;
const FLOOR = 105_000_00;

/** A floor price that cannot be probed (offers.floor.ts, docs/product/dealer-selling.md#floor-price, decision 0039). */
describe('a floor price cannot be probed', { timeout: 180_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let asSeller: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await createUser(t.app, { status: 'approved' });
    asSeller = await TestClient.as(t.app, seller);
  });
  afterAll(() => t?.close());

  async function listingWithFloor(): Promise<string> {
    const [row] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: seller.id,
        sellerUserId: seller.id,
        reviewStatus: 'approved',
        make: 'John Deere',
        model: '8R 310',
        year: 2020,
        hours: 1800,
        priceCents: ASKING,
        floorPriceCents: FLOOR,
        location: 'Ames, IA',
      })
      .returning({ id: listings.id });
    return row.id;
  }

  async function buyer(): Promise<{ user: TestUser; client: TestClient }> {
    const user = await createUser(t.app, { status: 'approved' });
    return { user, client: await TestClient.as(t.app, user) };
  }

  const offer = (client: TestClient, listingId: string, cents: number) =>
    client.post('/api/offers', { listingId, offerType: 'offer', amount: String(cents / 100) });

  /** Moves the test clock and runs the expiry sweep as every instance does. */
  async function pass(ms: number) {
    t.clock.advance(ms);
    await expireDueOffers(t.app.ctx);
  }

  it('answers an offer under the floor exactly like one the seller did not take, at the end of the window', async () => {
    const listingId = await listingWithFloor();
    const low = await buyer();
    const high = await buyer();
    const below = await offer(low.client, listingId, 90_000_00);
    const above = await offer(high.client, listingId, 110_000_00);
    expect(below.statusCode, below.body).toBe(201);
    expect(above.statusCode, above.body).toBe(201);
    // Both open, both "expires in 48 h": the answer tells nothing about the floor.
    const shape = (o: { status: string; expiresAt: string; createdAt: string }) => ({
      status: o.status,
      window: new Date(o.expiresAt).getTime() - new Date(o.createdAt).getTime(),
    });
    expect(shape(below.json().offer)).toEqual(shape(above.json().offer));
    expect(below.json().offer.status).toBe('pending');
    // The seller never sees the offer under the floor, nor hears of it.
    const seen = (await asSeller.get('/api/my-listings/offers'))
      .json()
      .items.map((o: { id: string }) => o.id);
    expect(seen).toContain(above.json().offer.id);
    expect(seen).not.toContain(below.json().offer.id);
    const sellerMail = await mailsTo(t.app, seller.email, 'notify-seller-offer');
    expect(sellerMail.some((m) => (m.payload as { offerId: string }).offerId === below.json().offer.id)).toBe(
      false,
    );

    // An hour later nothing has changed for either buyer.
    await pass(HOUR);
    const statusOf = async (c: TestClient, id: string) =>
      (await c.get(`/api/offers/${id}`)).json().offer.status;
    expect(await statusOf(low.client, below.json().offer.id)).toBe('pending');
    // At the end of the window both expire, with the same e-mail.
    await pass(48 * HOUR);
    expect(await statusOf(low.client, below.json().offer.id)).toBe('expired');
    expect(await statusOf(high.client, above.json().offer.id)).toBe('expired');
    const mailOf = async (u: TestUser, id: string) => {
      const m = (await mailsTo(t.app, u.email, 'notify-offer-update')).find(
        (x) => (x.payload as { offerId: string }).offerId === id,
      );
      const { offerId: _o, amountCents: _a, ...rest } = (m?.payload ?? {}) as Record<string, unknown>;
      return rest;
    };
    expect(await mailOf(low.user, below.json().offer.id)).toEqual(
      await mailOf(high.user, above.json().offer.id),
    );
  });

  it('limits a dealership to 3 declined offers a listing a week, and each new one must beat the last', async () => {
    const listingId = await listingWithFloor();
    const { client } = await buyer();
    let last = 60_000_00;
    expect((await offer(client, listingId, last)).statusCode).toBe(201);
    await pass(49 * HOUR);
    // Not 2% of the asking price ($2,400) above the declined $60,000.
    const tooLow = await offer(client, listingId, 62_000_00);
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().error.message).toBe(offerStepText(last, ASKING));
    for (const cents of [62_400_00, 70_000_00]) {
      const res = await offer(client, listingId, cents);
      expect(res.statusCode, res.body).toBe(201);
      last = cents;
      await pass(49 * HOUR);
    }
    // Three declined this week: refused, even above the floor, so the refusal says nothing of the floor.
    const refused = await offer(client, listingId, 118_000_00);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(TOO_MANY_OFFERS_TEXT);
    // A week after the first was declined it may offer again.
    await pass(FLOOR_PROBE_WINDOW_MS - 2 * 49 * HOUR);
    expect((await offer(client, listingId, nextOfferMinimumCents(last, ASKING))).statusCode).toBe(201);
  });

  it('counts a withdrawn or replaced offer like a declined one: the step from it and the weekly limit', async () => {
    const listingId = await listingWithFloor();
    const { client } = await buyer();
    const first = await offer(client, listingId, 60_000_00);
    expect(first.statusCode, first.body).toBe(201);
    // An hour later it is still open (under the floor, unseen): the prober withdraws it.
    await pass(HOUR);
    expect((await client.post(`/api/offers/${first.json().offer.id}/withdraw`, {})).statusCode).toBe(200);
    const lower = await offer(client, listingId, 50_000_00);
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.message).toBe(offerStepText(60_000_00, ASKING));
    // A new offer replacing an open one steps from the open one too.
    expect((await offer(client, listingId, 62_400_00)).statusCode).toBe(201);
    const under = await offer(client, listingId, 63_000_00);
    expect(under.statusCode).toBe(400);
    expect(under.json().error.message).toBe(offerStepText(62_400_00, ASKING));
    expect((await offer(client, listingId, 64_800_00)).statusCode).toBe(201);
    // Withdrawn, replaced and open: three this week, so the fourth is refused whatever its amount.
    const refused = await offer(client, listingId, 110_000_00);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(TOO_MANY_OFFERS_TEXT);
  });

  /**
   * The property: an automated prober from one dealership, searching the floor by bisection with everything the
   * API answers it, cannot narrow the floor to within 5% of the asking price in 7 days. It watches each offer
   * for `watchMs` (an hour: the probe that worked on the old rule, "declined at once"; 49 hours: until the window
   * has ended) and takes a decline in that time for "below the floor", anything else for "above". On a refusal
   * it raises the amount to the step the message names, or waits. The seller takes no step (they rely on
   * their floor).
   */
  it.each([
    { name: 'declined within the hour', watchMs: HOUR },
    { name: 'declined within the window', watchMs: 49 * HOUR },
  ])(
    'a bisecting prober ($name means below) cannot find the floor within 5% in a week',
    async ({ watchMs }) => {
      const listingId = await listingWithFloor();
      const { client } = await buyer();
      let lo = ASKING / 2;
      let hi = ASKING;
      let lastDeclined: number | null = null;
      const end = t.clock.now().getTime() + 7 * 24 * HOUR - 60_000;
      const probes: string[] = [];
      while (t.clock.now().getTime() < end && hi - lo > 100_00) {
        let cents = Math.round((lo + hi) / 2 / 100_00) * 100_00;
        let res = await offer(client, listingId, cents);
        if (res.statusCode === 400 && lastDeclined !== null) {
          cents = nextOfferMinimumCents(lastDeclined, ASKING);
          if (cents >= hi) break;
          res = await offer(client, listingId, cents);
        }
        if (res.statusCode !== 201) {
          probes.push(`${cents / 100}: ${res.statusCode}`);
          await pass(6 * HOUR);
          continue;
        }
        const id = res.json().offer.id as string;
        const made = t.clock.now().getTime();
        let declined = false;
        for (
          let step = 0;
          t.clock.now().getTime() - made <= watchMs && t.clock.now().getTime() < end;
          step++
        ) {
          const status =
            step === 0
              ? res.json().offer.status
              : (await client.get(`/api/offers/${id}`)).json().offer.status;
          if (status === 'rejected' || status === 'expired') {
            declined = true;
            lastDeclined = cents;
            break;
          }
          if (status !== 'pending') break;
          await pass(step < 60 ? 60_000 : HOUR);
        }
        probes.push(`${cents / 100}: ${declined ? 'below' : 'above'}`);
        if (declined) lo = cents;
        else hi = cents;
      }
      const found = lo <= FLOOR && FLOOR <= hi && hi - lo <= ASKING * 0.05;
      expect({ found, lo, hi, probes }).toMatchObject({ found: false });
    },
  );
});
