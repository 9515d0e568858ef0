import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOffers, insertListing, mailsTo, offerRow } from '../../test/fixtures/offers.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';

describe('offers: making offers, lists and row-level access', () => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;
  let other: TestUser;
  let asDealer: TestClient;
  let asOther: TestClient;
  let asAdmin: TestClient;
  let listingId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    dealer = await createUser(t.app, { status: 'approved', companyName: 'Prairie Ag' });
    other = await createUser(t.app, { status: 'approved' });
    asDealer = await TestClient.as(t.app, dealer);
    asOther = await TestClient.as(t.app, other);
    asAdmin = await TestClient.as(t.app, admin);
    listingId = await insertListing(t.app, admin.id, { priceCents: 48_500_00 });
  });
  afterAll(() => t.close());

  it('creates a pending offer with seller, original price and an empty message', async () => {
    const res = await asDealer.post('/api/offers', { listingId, offerType: 'offer', amount: '45,000' });
    expect(res.statusCode).toBe(201);
    const { offer } = res.json();
    expect(offer).toMatchObject({
      listingId,
      offerType: 'offer',
      status: 'pending',
      offerAmountCents: 45_000_00,
      originalPriceCents: 48_500_00,
      message: '',
      counterOfferAmountCents: null,
    });
    // The seller is the listing's owner; the admin hears about it by mail through the outbox.
    const mails = await mailsTo(t.app, admin.email, 'notify-admin-new-offer');
    expect(mails.some((m) => (m.payload as { offerId: string }).offerId === offer.id)).toBe(true);
    expect(mails[0].payload).toMatchObject({ buyerCompany: 'Prairie Ag', amountCents: 45_000_00 });
  });

  it('takes the asking price for buy now, whatever amount the client sends', async () => {
    // Buy Now sells the tractor (offers.buy-now.test.ts): a listing of its own.
    const res = await asDealer.post('/api/offers', {
      listingId: await insertListing(t.app, admin.id, { priceCents: 48_500_00 }),
      offerType: 'buy_now',
      askingCents: 48_500_00,
      amount: 1,
      message: '  Ready to buy  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().offer).toMatchObject({
      offerType: 'buy_now',
      status: 'accepted',
      offerAmountCents: 48_500_00,
      message: 'Ready to buy',
    });
  });

  it.each([
    [{ amount: undefined }, 'Offer amount is required'],
    [{ amount: '   ' }, 'Offer amount is required'],
    [{ amount: 'lots' }, 'Enter a whole dollar amount, like 48,500'],
    // A comma is never read as a decimal point, and amounts are whole dollars.
    [{ amount: '48,50' }, 'Enter a whole dollar amount, like 48,500'],
    [{ amount: '1500,50' }, 'Enter a whole dollar amount, like 48,500'],
    [{ amount: '1,0,0' }, 'Enter a whole dollar amount, like 48,500'],
    [{ amount: '45000.50' }, 'Enter a whole dollar amount, like 48,500'],
    [{ amount: 45000.5 }, 'Enter a whole dollar amount, like 48,500'],
    [{ amount: '0' }, 'Offer amount must be at least $1'],
    [{ amount: -5 }, 'Enter a whole dollar amount, like 48,500'],
    [{ amount: '485,001' }, 'Offer amount cannot be more than $485,000'],
    [{ amount: '99999999999' }, 'Offer amount cannot be more than $10,000,000'],
    [{ amount: '99999999999999999999' }, 'Enter a whole dollar amount, like 48,500'],
  ])('refuses bad amounts and writes nothing (%o)', async (input, message) => {
    const before = await countOffers(t.app);
    const res = await asDealer.post('/api/offers', { listingId, offerType: 'offer', ...input });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(res.json().error.fields.amount).toBe(message);
    expect(await countOffers(t.app)).toBe(before);
  });

  it('caps at $10,000,000 even when 10 times the asking price is more', async () => {
    const pricey = await insertListing(t.app, admin.id, { priceCents: 2_000_000_00 });
    const over = await asDealer.post('/api/offers', {
      listingId: pricey,
      offerType: 'offer',
      amount: 10_000_001,
    });
    expect(over.json().error.message).toBe('Offer amount cannot be more than $10,000,000');
    const at = await asDealer.post('/api/offers', {
      listingId: pricey,
      offerType: 'offer',
      amount: 10_000_000,
    });
    expect(at.statusCode).toBe(201);
  });

  it('refuses missing, inactive, sold and own listings with a clear message', async () => {
    const inactive = await insertListing(t.app, admin.id, { status: 'inactive' });
    const sold = await insertListing(t.app, admin.id, { status: 'sold' });
    const own = await insertListing(t.app, dealer.id);
    const before = await countOffers(t.app);
    const cases: Array<[string, number, string]> = [
      [
        '6f1c1a4e-8b8a-4c39-9a57-0d5c1b7c2f10',
        404,
        "The tractor you're looking for doesn't exist or has been removed.",
      ],
      [inactive, 409, 'This tractor is not available for offers right now'],
      [sold, 409, 'This tractor has already been sold'],
      [own, 400, 'You cannot make an offer on your own listing'],
    ];
    for (const [id, status, message] of cases) {
      const res = await asDealer.post('/api/offers', { listingId: id, offerType: 'offer', amount: 100 });
      expect(res.statusCode, message).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect(await countOffers(t.app)).toBe(before);
  });

  it('refuses signed-out, pending and rejected users', async () => {
    const anon = await TestClient.as(t.app, null);
    expect((await anon.post('/api/offers', { listingId, offerType: 'offer', amount: 100 })).statusCode).toBe(
      401,
    );
    for (const status of ['pending', 'rejected'] as const) {
      const u = await createUser(t.app, { status });
      const c = await TestClient.as(t.app, u);
      const res = await c.post('/api/offers', { listingId, offerType: 'offer', amount: 100 });
      expect(res.statusCode).toBe(403);
      expect((await c.get('/api/offers/mine')).statusCode).toBe(403);
      expect((await c.get('/api/offers/purchased')).statusCode).toBe(403);
    }
  });

  it('lets admins make offers too (admin counts as dealer)', async () => {
    const dealerListing = await insertListing(t.app, other.id);
    const res = await asAdmin.post('/api/offers', {
      listingId: dealerListing,
      offerType: 'offer',
      amount: 1000,
    });
    expect(res.statusCode).toBe(201);
  });

  it('limits a dealer to 30 new offers an hour (refused attempts do not count)', async () => {
    const busy = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    // One offer a tractor (the floor rules limit offers on one tractor on their own).
    const ls = await Promise.all(Array.from({ length: 31 }, () => insertListing(t.app, admin.id)));
    expect(
      (await busy.post('/api/offers', { listingId: ls[0], offerType: 'offer', amount: 'x' })).statusCode,
    ).toBe(400);
    for (let i = 0; i < 30; i++)
      expect(
        (await busy.post('/api/offers', { listingId: ls[i], offerType: 'offer', amount: 100 + i }))
          .statusCode,
      ).toBe(201);
    const over = await busy.post('/api/offers', { listingId: ls[30], offerType: 'offer', amount: 500 });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe('Too many offers. Please try again later.');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countOffers(t.app, { listingId: ls[30] })).toBe(0);
    t.clock.advance(3600_000 + 1);
    expect(
      (await busy.post('/api/offers', { listingId: ls[30], offerType: 'offer', amount: 500 })).statusCode,
    ).toBe(201);
  });

  describe('idempotency', () => {
    it('answers a repeated key with the same offer and writes one row', async () => {
      const l = await insertListing(t.app, admin.id);
      const key = 'dialog-open-0001';
      const body = { listingId: l, offerType: 'offer', amount: 40_000 };
      const first = await asDealer.post('/api/offers', body, { 'idempotency-key': key });
      const second = await asDealer.post(
        '/api/offers',
        { ...body, amount: 41_000 },
        { 'idempotency-key': key },
      );
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json().offer.id).toBe(first.json().offer.id);
      expect(second.json().offer.offerAmountCents).toBe(40_000_00);
      expect(await countOffers(t.app, { listingId: l })).toBe(1);
      expect(
        (await mailsTo(t.app, admin.email)).filter(
          (m) => (m.payload as { listingId: string }).listingId === l,
        ),
      ).toHaveLength(1);
    });

    it('keeps double clicks sent at once to one offer', async () => {
      const l = await insertListing(t.app, admin.id);
      const key = 'double-click-0002';
      const body = { listingId: l, offerType: 'offer', amount: 40_000 };
      const answers = await Promise.all(
        [1, 2, 3].map(() => asDealer.post('/api/offers', body, { 'idempotency-key': key })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((a) => a.json().offer.id)).size).toBe(1);
      expect(await countOffers(t.app, { listingId: l })).toBe(1);
    });

    it('scopes keys to the buyer and refuses reuse for another listing', async () => {
      const l = await insertListing(t.app, admin.id);
      const key = 'shared-key-0003';
      const body = { listingId: l, offerType: 'offer', amount: 40_000 };
      const a = await asDealer.post('/api/offers', body, { 'idempotency-key': key });
      const b = await asOther.post('/api/offers', body, { 'idempotency-key': key });
      expect(a.json().offer.id).not.toBe(b.json().offer.id);
      const elsewhere = await asDealer.post(
        '/api/offers',
        { ...body, listingId: listingId },
        { 'idempotency-key': key },
      );
      expect(elsewhere.statusCode).toBe(409);
      const bad = await asDealer.post('/api/offers', body, { 'idempotency-key': 'no spaces allowed' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('lists and the row-level rule', () => {
    let mine: string;
    let theirs: string;
    let l: string;
    beforeAll(async () => {
      l = await insertListing(t.app, admin.id, { make: 'Kubota', model: 'M7-172' });
      mine = (await asDealer.post('/api/offers', { listingId: l, offerType: 'offer', amount: 100 })).json()
        .offer.id;
      t.clock.advance(60_000);
      const newer = await asDealer.post('/api/offers', {
        listingId: l,
        offerType: 'offer',
        // A replacement steps 2% of the asking price (at least $500) above the offer it replaces (decision 0070).
        amount: 2000,
        message: 'Second',
      });
      expect(newer.statusCode, newer.body).toBe(201);
      theirs = (await asOther.post('/api/offers', { listingId: l, offerType: 'offer', amount: 300 })).json()
        .offer.id;
    });

    it('shows a dealer only their own offers, newest first, with the listing joined', async () => {
      const res = await asDealer.get('/api/offers/mine');
      expect(res.statusCode).toBe(200);
      const offers = res.json().offers as Array<{ id: string; createdAt: string; listing: { make: string } }>;
      expect(offers.map((o) => o.id)).not.toContain(theirs);
      expect(offers.map((o) => o.id)).toContain(mine);
      const times = offers.map((o) => o.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      const kubota = offers.filter((o) => o.listing.make === 'Kubota');
      expect(kubota).toHaveLength(2);
      expect(kubota[0]).toMatchObject({
        message: 'Second',
        listing: {
          make: 'Kubota',
          model: 'M7-172',
          year: 2019,
          location: 'Iowa',
          hours: 4250,
          condition: 'Very Good',
        },
      });
    });

    it("gives the history on one listing: only the caller's offers, newest first", async () => {
      const res = await asDealer.get(`/api/offers/listing/${l}`);
      expect(res.json().offers.map((o: { offerAmountCents: number }) => o.offerAmountCents)).toEqual([
        2000_00, 100_00,
      ]);
      const theirsRes = await asOther.get(`/api/offers/listing/${l}`);
      expect(theirsRes.json().offers.map((o: { id: string }) => o.id)).toEqual([theirs]);
    });

    it("answers 404 for another dealer's offer id, on every route", async () => {
      expect((await asOther.get(`/api/offers/${mine}`)).statusCode).toBe(404);
      expect((await asOther.post(`/api/offers/${mine}/withdraw`)).statusCode).toBe(404);
      expect((await asOther.post(`/api/offers/${mine}/accept-counter`)).statusCode).toBe(404);
      expect((await asDealer.get(`/api/offers/${mine}`)).statusCode).toBe(200);
      // The dealer's second offer on the listing replaced this one (decision 0010: one open offer per listing).
      expect((await offerRow(t.app, mine)).status).toBe('replaced');
      expect((await asDealer.get('/api/offers/not-a-uuid')).statusCode).toBe(400);
    });

    it('shows admins every offer with listing, buyer and seller, newest first', async () => {
      const res = await asAdmin.get('/api/admin/offers');
      expect(res.statusCode).toBe(200);
      const offers = res.json().offers as Array<{
        id: string;
        createdAt: string;
        buyer: { email: string };
        seller: { email: string };
      }>;
      expect(offers.map((o) => o.id)).toEqual(expect.arrayContaining([mine, theirs]));
      const times = offers.map((o) => o.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(offers.find((o) => o.id === theirs)).toMatchObject({
        buyer: { email: other.email },
        seller: { email: admin.email },
      });
      expect((await asDealer.get('/api/admin/offers')).statusCode).toBe(403);
    });
  });
});
