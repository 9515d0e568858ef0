import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canTransitionOffer, OFFER_STATUSES, type OfferStatus } from '../../../../domain/offers.js';
import { auditLog, offers } from '../../db/schema.js';
import {
  countOffers,
  forceStatus,
  insertListing,
  insertOffer,
  listingRow,
  mailsTo,
  offerRow,
} from '../../test/fixtures/offers.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';

type Action = 'accept' | 'reject' | 'counter' | 'accept-counter' | 'withdraw';
const ACTIONS: Record<
  Action,
  { url: (id: string) => string; to: OfferStatus; by: 'admin' | 'buyer'; body?: object }
> = {
  accept: { url: (id) => `/api/admin/offers/${id}/accept`, to: 'accepted', by: 'admin' },
  reject: { url: (id) => `/api/admin/offers/${id}/reject`, to: 'rejected', by: 'admin' },
  counter: {
    url: (id) => `/api/admin/offers/${id}/counter`,
    to: 'countered',
    by: 'admin',
    body: { amount: '46000', message: 'Best I can do' },
  },
  'accept-counter': { url: (id) => `/api/offers/${id}/accept-counter`, to: 'accepted', by: 'buyer' },
  withdraw: { url: (id) => `/api/offers/${id}/withdraw`, to: 'withdrawn', by: 'buyer' },
};

describe('offer transitions', () => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;
  let other: TestUser;
  let clients: Record<'admin' | 'buyer' | 'otherDealer' | 'pending', TestClient>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    dealer = await createUser(t.app, { status: 'approved' });
    other = await createUser(t.app, { status: 'approved' });
    clients = {
      admin: await TestClient.as(t.app, admin),
      buyer: await TestClient.as(t.app, dealer),
      otherDealer: await TestClient.as(t.app, other),
      pending: await TestClient.as(t.app, await createUser(t.app, { status: 'pending' })),
    };
  });
  afterAll(() => t.close());

  async function offerIn(status: OfferStatus) {
    const listingId = await insertListing(t.app, admin.id);
    const id = await insertOffer(t.app, { listingId, buyerUserId: dealer.id, sellerUserId: admin.id });
    if (status !== 'pending') await forceStatus(t.app, id, status);
    return { id, listingId };
  }

  /** Every action from every status by every role: allowed moves succeed, the rest are refused and change nothing. */
  for (const status of OFFER_STATUSES) {
    for (const [action, spec] of Object.entries(ACTIONS) as Array<[Action, (typeof ACTIONS)[Action]]>) {
      it(`${action} on a ${status} offer`, async () => {
        for (const role of [
          'pending',
          'otherDealer',
          spec.by === 'admin' ? 'buyer' : 'admin',
          spec.by,
        ] as const) {
          const { id } = await offerIn(status);
          const res = await clients[role].post(spec.url(id), spec.body);
          const allowed = role === spec.by;
          let expected: number;
          if (role === 'pending') expected = 403;
          else if (spec.by === 'admin' && role !== 'admin') expected = 403;
          else if (spec.by === 'buyer' && role !== 'buyer') expected = 404;
          else expected = canTransitionOffer(status, spec.to, spec.by) ? 200 : 409;
          expect(res.statusCode, `${role} ${action} ${status}: ${res.body}`).toBe(expected);
          const after = await offerRow(t.app, id);
          expect(after.status).toBe(allowed && expected === 200 ? spec.to : status);
          if (expected === 409)
            expect(res.json().error.message).toMatch(/This offer can no longer be|no counter offer/);
        }
      });
    }
  }

  it('admin counter needs an amount and sets amount, message and tells the buyer', async () => {
    const { id, listingId } = await offerIn('pending');
    const missing = await clients.admin.post(`/api/admin/offers/${id}/counter`, { message: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Counter amount is required');
    const tooBig = await clients.admin.post(`/api/admin/offers/${id}/counter`, { amount: 485_001 });
    expect(tooBig.json().error.message).toBe('Counter amount cannot be more than $485,000');
    expect((await offerRow(t.app, id)).status).toBe('pending');

    const res = await clients.admin.post(`/api/admin/offers/${id}/counter`, { amount: '$47,250' });
    expect(res.statusCode).toBe(200);
    expect(res.json().offer).toMatchObject({
      status: 'countered',
      counterOfferAmountCents: 47_250_00,
      counterMessage: '',
      offerAmountCents: 45_000_00,
    });
    const mail = (await mailsTo(t.app, dealer.email, 'notify-offer-update')).find(
      (m) => (m.payload as { offerId: string }).offerId === id,
    );
    expect(mail?.payload).toMatchObject({ status: 'countered', counterAmountCents: 47_250_00 });
    // The e-mail links plainly to the listing page: no one-time token that expires or a later e-mail voids.
    expect((mail?.payload as { link?: string } | undefined)?.link).toBe(
      `http://localhost:3000/tractor/${listingId}`,
    );
    const [row] = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'offer.counter'));
    expect(row.actorUserId).toBe(admin.id);
  });

  it('buyer accepting a counter takes the counter amount, sells the listing and shows it as a purchase', async () => {
    const { id, listingId } = await offerIn('pending');
    await clients.admin.post(`/api/admin/offers/${id}/counter`, { amount: 46_000, message: 'Meet halfway' });
    const res = await clients.buyer.post(`/api/offers/${id}/accept-counter`);
    expect(res.statusCode).toBe(200);
    expect(res.json().offer).toMatchObject({ status: 'accepted', offerAmountCents: 46_000_00 });
    expect((await listingRow(t.app, listingId)).status).toBe('sold');
    // The purchase it opened, and version 1's deprecated list of accepted offers (projected from the same read model).
    const purchase = (await clients.buyer.get('/api/purchases'))
      .json()
      .items.find((p: { offerId: string }) => p.offerId === id);
    expect(purchase).toMatchObject({
      money: { priceCents: 46_000_00 },
      listing: { make: 'John Deere', hours: 4250, condition: 'Very Good', location: 'Iowa' },
    });
    const legacy = (await clients.buyer.get('/api/offers/purchased')).json().purchases;
    expect(legacy.find((p: { id: string }) => p.id === id)).toEqual({
      id,
      listingId,
      offerAmountCents: 46_000_00,
      acceptedAt: purchase.createdAt,
      createdAt: purchase.createdAt,
      listing: purchase.listing,
    });
    expect((await clients.otherDealer.get('/api/offers/purchased')).json().purchases).toEqual([]);
  });

  it('accepting sells the listing, ends every other open offer and tells their buyers', async () => {
    const listingId = await insertListing(t.app, admin.id);
    const third = await createUser(t.app, { status: 'approved' });
    const asThird = await TestClient.as(t.app, third);
    const post = (c: TestClient, amount: number) =>
      c
        .post('/api/offers', { listingId, offerType: 'offer', amount })
        .then((r) => r.json().offer.id as string);
    const winner = await post(clients.buyer, 47_000);
    // Withdrawn first: a later offer of the same dealer would replace an open one (one open offer each).
    const withdrawn = await post(clients.otherDealer, 45_000);
    await clients.otherDealer.post(`/api/offers/${withdrawn}/withdraw`);
    const loser = await post(clients.otherDealer, 46_000);
    const countered = await post(asThird, 44_000);
    await clients.admin.post(`/api/admin/offers/${countered}/counter`, { amount: 46_500 });

    const res = await clients.admin.post(`/api/admin/offers/${winner}/accept`);
    expect(res.statusCode).toBe(200);
    const sold = await listingRow(t.app, listingId);
    expect(sold.status).toBe('sold');
    expect(sold.soldAt).toBeInstanceOf(Date);
    expect((await offerRow(t.app, loser)).status).toBe('rejected');
    expect((await offerRow(t.app, countered)).status).toBe('rejected');
    expect((await offerRow(t.app, withdrawn)).status).toBe('withdrawn');
    const told = (await mailsTo(t.app, third.email, 'notify-offer-update')).map((m) => m.payload);
    expect(told).toContainEqual(
      expect.objectContaining({ offerId: countered, status: 'rejected', soldToAnother: true }),
    );
    const winnerMail = (await mailsTo(t.app, dealer.email, 'notify-offer-update')).map((m) => m.payload);
    expect(winnerMail).toContainEqual(expect.objectContaining({ offerId: winner, status: 'accepted' }));

    // Sold: no new offers, no second acceptance.
    const late = await clients.otherDealer.post('/api/offers', {
      listingId,
      offerType: 'offer',
      amount: 50_000,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This tractor has already been sold');
    expect(await countOffers(t.app, { listingId, status: 'accepted' })).toBe(1);
  });

  it('refuses to accept an offer on a deactivated listing', async () => {
    const { id, listingId } = await offerIn('pending');
    await t.app.ctx.db.execute(sql`update tractor_listings set status = 'inactive' where id = ${listingId}`);
    const res = await clients.admin.post(`/api/admin/offers/${id}/accept`);
    expect(res.statusCode).toBe(409);
    expect((await offerRow(t.app, id)).status).toBe('pending');
  });

  it('refuses a withdrawal when the offer changed since the buyer looked', async () => {
    const { id } = await offerIn('countered');
    const res = await clients.buyer.post(`/api/offers/${id}/withdraw`, { expectedStatus: 'pending' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This offer has changed: it is now countered. Please review it.');
    expect(
      (await clients.buyer.post(`/api/offers/${id}/withdraw`, { expectedStatus: 'countered' })).statusCode,
    ).toBe(200);
  });

  it('the database itself refuses a second accepted offer on one listing', async () => {
    const listingId = await insertListing(t.app, admin.id);
    const a = (await clients.buyer.post('/api/offers', { listingId, offerType: 'offer', amount: 100 })).json()
      .offer.id;
    const b = (
      await clients.otherDealer.post('/api/offers', { listingId, offerType: 'offer', amount: 100 })
    ).json().offer.id;
    await t.app.ctx.db.update(offers).set({ status: 'accepted' }).where(eq(offers.id, a));
    await expect(
      t.app.ctx.db.update(offers).set({ status: 'accepted' }).where(eq(offers.id, b)),
    ).rejects.toThrow();
  });

  describe('concurrency (truly parallel on PostgreSQL)', () => {
    it('two admins accepting two offers on one listing at once: exactly one wins', async () => {
      const admin2 = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
      for (let round = 0; round < 5; round++) {
        const listingId = await insertListing(t.app, admin.id);
        const a = (
          await clients.buyer.post('/api/offers', { listingId, offerType: 'offer', amount: 100 })
        ).json().offer.id;
        const b = (
          await clients.otherDealer.post('/api/offers', { listingId, offerType: 'offer', amount: 200 })
        ).json().offer.id;
        const answers = await Promise.all([
          clients.admin.post(`/api/admin/offers/${a}/accept`),
          admin2.post(`/api/admin/offers/${b}/accept`),
        ]);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect(await countOffers(t.app, { listingId, status: 'accepted' })).toBe(1);
        expect(await countOffers(t.app, { listingId, status: 'rejected' })).toBe(1);
      }
    });

    it('admin countering while the buyer withdraws: exactly one wins', async () => {
      for (let round = 0; round < 5; round++) {
        const { id } = await offerIn('pending');
        const [counter, withdraw] = await Promise.all([
          clients.admin.post(`/api/admin/offers/${id}/counter`, { amount: 44_000 }),
          // The buyer withdraws the pending offer they are looking at.
          clients.buyer.post(`/api/offers/${id}/withdraw`, { expectedStatus: 'pending' }),
        ]);
        const codes = [counter.statusCode, withdraw.statusCode].sort();
        expect(codes).toEqual([200, 409]);
        const final = (await offerRow(t.app, id)).status;
        expect(final).toBe(counter.statusCode === 200 ? 'countered' : 'withdrawn');
      }
    });

    it('buyer accepting a counter while an admin accepts another offer: one sale', async () => {
      const listingId = await insertListing(t.app, admin.id);
      const a = (
        await clients.buyer.post('/api/offers', { listingId, offerType: 'offer', amount: 100 })
      ).json().offer.id;
      const b = (
        await clients.otherDealer.post('/api/offers', { listingId, offerType: 'offer', amount: 200 })
      ).json().offer.id;
      await clients.admin.post(`/api/admin/offers/${a}/counter`, { amount: 150 });
      const answers = await Promise.all([
        clients.buyer.post(`/api/offers/${a}/accept-counter`),
        clients.admin.post(`/api/admin/offers/${b}/accept`),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await countOffers(t.app, { listingId, status: 'accepted' })).toBe(1);
    });
  });
});
