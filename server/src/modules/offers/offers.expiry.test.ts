import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { auditLog, listings, offers } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { insertListing, insertOffer, listingRow, mailsTo, offerRow } from '../../test/fixtures/offers.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import { renderTemplate } from '../mail/index.js';
import { SELLER_OFFER_NOTICE } from './offers.mail.js';
import { expireDueOffers } from './offers.service.js';

const HOUR = 3600_000;

/** docs/product/dealer-tools.md#offers-that-expire */
describe('offers that expire', () => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;
  let asAdmin: TestClient;
  let asDealer: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    dealer = await createUser(t.app, { status: 'approved' });
    asAdmin = await TestClient.as(t.app, admin);
    asDealer = await TestClient.as(t.app, dealer);
  });
  afterAll(() => t.close());

  /** The sweep as another instance would run it, at a chosen time. */
  const sweepAt = (at: Date) => {
    const clock: Clock = { now: () => at };
    return expireDueOffers({ ...t.app.ctx, clock });
  };

  async function makeOffer(listingId: string, amount = '40000') {
    const res = await asDealer.post('/api/offers', { listingId, offerType: 'offer', amount });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().offer as { id: string; expiresAt: string; status: string };
  }

  async function expiresAtOf(id: string) {
    const [row] = await t.app.ctx.db
      .select({ expiresAt: offers.expiresAt })
      .from(offers)
      .where(eq(offers.id, id));
    return row.expiresAt;
  }

  it('an offer expires OFFER_TTL_HOURS (48) after it was made; both sides see when', async () => {
    const listingId = await insertListing(t.app, admin.id);
    const before = t.app.ctx.clock.now().getTime();
    const offer = await makeOffer(listingId);
    const left = new Date(offer.expiresAt).getTime() - before;
    expect(left).toBeGreaterThanOrEqual(48 * HOUR);
    expect(left).toBeLessThan(48 * HOUR + 60_000);
    const mine = (await asDealer.get('/api/offers/mine')).json().offers;
    expect(mine.find((o: { id: string }) => o.id === offer.id).expiresAt).toBe(offer.expiresAt);
    const all = (await asAdmin.get('/api/admin/offers')).json().offers;
    expect(all.find((o: { id: string }) => o.id === offer.id).expiresAt).toBe(offer.expiresAt);
  });

  it('a counter-offer starts a new period', async () => {
    const listingId = await insertListing(t.app, admin.id);
    const offer = await makeOffer(listingId);
    t.clock.advance(10 * HOUR);
    const res = await asAdmin.post(`/api/admin/offers/${offer.id}/counter`, { amount: '45000' });
    expect(res.statusCode, res.body).toBe(200);
    const countered = res.json().offer;
    expect(
      new Date(countered.expiresAt).getTime() - new Date(offer.expiresAt).getTime(),
    ).toBeGreaterThanOrEqual(10 * HOUR);
    expect((await expiresAtOf(offer.id)).toISOString()).toBe(countered.expiresAt);
  });

  it('OFFER_TTL_HOURS is read from the configuration', async () => {
    const short = await createTestApp({ offerTtlHours: 2 });
    try {
      const a = await createUser(short.app, { status: 'admin' });
      const d = await TestClient.as(short.app, await createUser(short.app, { status: 'approved' }));
      const listingId = await insertListing(short.app, a.id);
      const before = short.app.ctx.clock.now().getTime();
      const res = await d.post('/api/offers', { listingId, offerType: 'offer', amount: '40000' });
      expect(res.statusCode, res.body).toBe(201);
      const left = new Date(res.json().offer.expiresAt).getTime() - before;
      expect(left).toBeGreaterThanOrEqual(2 * HOUR);
      expect(left).toBeLessThan(2 * HOUR + 60_000);
    } finally {
      await short.close();
    }
  });

  it('nothing accepts an offer past its expiry, even before the sweep ran', async () => {
    const listingId = await insertListing(t.app, admin.id);
    const pending = await makeOffer(listingId);
    const listing2 = await insertListing(t.app, admin.id);
    const countered = await makeOffer(listing2);
    expect(
      (await asAdmin.post(`/api/admin/offers/${countered.id}/counter`, { amount: '45000' })).statusCode,
    ).toBe(200);
    t.clock.advance(49 * HOUR);
    const accept = await asAdmin.post(`/api/admin/offers/${pending.id}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe('This offer can no longer be accepted: it is already expired');
    const acceptCounter = await asDealer.post(`/api/offers/${countered.id}/accept-counter`);
    expect(acceptCounter.statusCode).toBe(409);
    expect(acceptCounter.json().error.message).toBe(
      'This offer can no longer be accepted: it is already expired',
    );
    const counter = await asAdmin.post(`/api/admin/offers/${pending.id}/counter`, { amount: '45000' });
    expect(counter.statusCode).toBe(409);
    expect((await offerRow(t.app, pending.id)).status).toBe('pending');
    expect((await listingRow(t.app, listingId)).status).toBe('active');
    expect((await listingRow(t.app, listing2)).status).toBe('active');
    await expireDueOffers(t.app.ctx);
    expect((await offerRow(t.app, pending.id)).status).toBe('expired');
    expect((await offerRow(t.app, countered.id)).status).toBe('expired');
  });

  it('the sweep expires due offers once, tells the buyer, the admins and both screens, and audits', async () => {
    const listingId = await insertListing(t.app, admin.id);
    const offer = await makeOffer(listingId, '41000');
    const listing2 = await insertListing(t.app, admin.id);
    const fresh = await makeOffer(listing2);
    // The second is younger: move it forward so only the first is due.
    await t.app.ctx.db
      .update(offers)
      .set({ expiresAt: new Date(t.app.ctx.clock.now().getTime() + 100 * HOUR) })
      .where(eq(offers.id, fresh.id));
    const due = new Date(new Date(offer.expiresAt).getTime() + 1000);
    // Two instances sweeping at once: one expiry.
    const counts = await Promise.all([sweepAt(due), sweepAt(due), sweepAt(due)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect((await offerRow(t.app, offer.id)).status).toBe('expired');
    expect((await offerRow(t.app, fresh.id)).status).toBe('pending');
    expect(await sweepAt(due)).toBe(0);

    const buyerMails = (await mailsTo(t.app, dealer.email, 'notify-offer-update')).filter(
      (m) => (m.payload as { offerId: string }).offerId === offer.id,
    );
    expect(buyerMails).toHaveLength(1);
    expect(buyerMails[0].payload).toMatchObject({ status: 'expired', amountCents: 41_000_00, ttlHours: 48 });
    const adminMails = (await mailsTo(t.app, admin.email, 'notify-admin-offer-notice')).filter(
      (m) => (m.payload as { offerId: string }).offerId === offer.id,
    );
    expect(adminMails).toHaveLength(1);
    expect(adminMails[0].payload).toMatchObject({ kind: 'expired', buyerEmail: dealer.email });
    const audits = await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'offer.expire'), sql`${auditLog.details}->>'offerId' = ${offer.id}`));
    expect(audits[0].n).toBe(1);

    const mine = (await asDealer.get(`/api/offers/listing/${listingId}`)).json().offers;
    expect(mine[0]).toMatchObject({ id: offer.id, status: 'expired', expiresAt: null });
  });

  it("an offer on a dealer's listing expiring tells the seller, anonymously, as a withdrawn offer does", async () => {
    const seller = await createUser(t.app, { status: 'approved' });
    const listingId = await insertListing(t.app, seller.id);
    await t.app.ctx.db
      .update(listings)
      .set({ sellerUserId: seller.id, reviewStatus: 'approved' })
      .where(eq(listings.id, listingId));
    const offer = await makeOffer(listingId, '42000');
    expect(await sweepAt(new Date(new Date(offer.expiresAt).getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect((await offerRow(t.app, offer.id)).status).toBe('expired');
    const notices = (await mailsTo(t.app, seller.email, 'notify-seller-offer')).filter(
      (m) => (m.payload as { offerId: string }).offerId === offer.id,
    );
    expect(notices.map((m) => (m.payload as { kind: string }).kind)).toEqual(['new_offer', 'expired']);
    const expired = notices[1].payload as Record<string, unknown>;
    expect(expired).toMatchObject({ amountCents: 42_000_00, counterAmountCents: null, ttlHours: 48 });
    const text = renderTemplate(SELLER_OFFER_NOTICE, expired, {
      publicUrl: 'https://fieldlot.example',
      brand: testConfig().brand,
    }).text;
    expect(text).toContain('expired after 48 hours without an answer');
    expect(text).not.toContain(dealer.email);
  });

  it('an expired offer is not open: the dealer can offer again and the old one stays expired', async () => {
    const listingId = await insertListing(t.app, admin.id);
    const old = await makeOffer(listingId);
    await sweepAt(new Date(new Date(old.expiresAt).getTime() + 1));
    expect((await offerRow(t.app, old.id)).status).toBe('expired');
    const again = await makeOffer(listingId, '42000');
    expect(again.status).toBe('pending');
    expect((await offerRow(t.app, old.id)).status).toBe('expired');
    const withdraw = await asDealer.post(`/api/offers/${old.id}/withdraw`);
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json().error.message).toBe(
      'This offer can no longer be withdrawn: it is already expired',
    );
  });

  it('an accept racing the expiry has exactly one winner', async () => {
    const rounds = 6;
    let accepted = 0;
    let expired = 0;
    for (let i = 0; i < rounds; i++) {
      const listingId = await insertListing(t.app, admin.id);
      const id = await insertOffer(t.app, { listingId, buyerUserId: dealer.id, sellerUserId: admin.id });
      // The accept runs on the app clock (before the expiry); the sweep on another instance's clock (after it).
      const expiresAt = new Date(t.app.ctx.clock.now().getTime() + 1000);
      await t.app.ctx.db.update(offers).set({ expiresAt }).where(eq(offers.id, id));
      const later = new Date(expiresAt.getTime() + 1000);
      const [res, swept] = await Promise.all([
        asAdmin.post(`/api/admin/offers/${id}/accept`),
        sweepAt(later),
      ]);
      const row = await offerRow(t.app, id);
      const listing = await listingRow(t.app, listingId);
      if (res.statusCode === 200) {
        accepted++;
        expect(row.status).toBe('accepted');
        expect(listing.status).toBe('sold');
        expect(await sweepAt(later)).toBe(0);
      } else {
        expired++;
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error.message).toBe('This offer can no longer be accepted: it is already expired');
        expect(swept).toBeGreaterThanOrEqual(1);
        expect(row.status).toBe('expired');
        expect(listing.status).toBe('active');
      }
    }
    expect(accepted + expired).toBe(rounds);
  });

  it('a buyer accepting a counter racing the expiry: exactly one winner', async () => {
    const listingId = await insertListing(t.app, admin.id);
    const id = await insertOffer(t.app, { listingId, buyerUserId: dealer.id, sellerUserId: admin.id });
    await t.app.ctx.db
      .update(offers)
      .set({
        status: 'countered',
        counterOfferAmountCents: 46_000_00,
        expiresAt: new Date(t.app.ctx.clock.now().getTime() + 1000),
      })
      .where(eq(offers.id, id));
    const later = new Date(t.app.ctx.clock.now().getTime() + 5000);
    const [res] = await Promise.all([asDealer.post(`/api/offers/${id}/accept-counter`), sweepAt(later)]);
    const row = await offerRow(t.app, id);
    expect(row.status).toBe(res.statusCode === 200 ? 'accepted' : 'expired');
    expect((await listingRow(t.app, listingId)).status).toBe(res.statusCode === 200 ? 'sold' : 'active');
  });
});
