import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { mailsTo, offerRow } from '../../test/fixtures/offers.js';
import { TEST_YARD } from '../../test/fixtures/yard.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';

/**
 * A counter sent again under its Idempotency-Key (docs/product/offers.md#sent-again): a client that got no
 * answer, during a database failover for instance, gets the countered offer again and nothing is done twice.
 */
describe('offers: a counter sent again under its Idempotency-Key', () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let asSeller: TestClient;
  let asBuyer: TestClient;
  let asAdmin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    asAdmin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    seller = await createUser(t.app, { status: 'approved', companyName: 'Ames Tractor' });
    buyer = await createUser(t.app, { status: 'approved', companyName: 'Boone Ag' });
    asSeller = await TestClient.as(t.app, seller);
    asBuyer = await TestClient.as(t.app, buyer);
  });
  afterAll(() => t.close());

  async function pendingOffer(): Promise<string> {
    // A dealer's own listing, listed and approved: its seller answers the offers on it.
    const listed = await asSeller.post('/api/listings', {
      make: 'John Deere',
      model: '6155R',
      year: 2019,
      location: 'Ames, IA',
      ...TEST_YARD,
      priceCents: 60_000_00,
    });
    expect(listed.statusCode, listed.body).toBe(201);
    const listingId = listed.json().id as string;
    expect((await asSeller.post(`/api/my-listings/${listingId}/submit`)).statusCode).toBe(200);
    const approved = await asAdmin.post(`/api/admin/listings/${listingId}/approve`, {
      asIsReason: 'Trade-in',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const made = await asBuyer.post('/api/offers', { listingId, offerType: 'offer', amount: '50000' });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().offer.id as string;
  }

  /** The counter's audit entries and the buyer's counter mails for one offer: one of each per counter taken. */
  async function taken(offerId: string) {
    const entries = await t.app.ctx.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'offer.counter'), sql`${auditLog.details}->>'offerId' = ${offerId}`));
    const mails = (await mailsTo(t.app, buyer.email)).filter(
      (m) => (m.payload as { offerId?: string; status?: string }).offerId === offerId,
    );
    return { entries: entries.length, mails: mails.length };
  }

  it("answers the seller's counter sent again with the countered offer, and counters once", async () => {
    const offerId = await pendingOffer();
    const url = `/api/my-listings/offers/${offerId}/counter`;
    const body = { amount: '55000', message: 'Meet me here' };
    const key = 'counter-retry-0001';
    const first = await asSeller.post(url, body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    const before = await taken(offerId);
    const again = await asSeller.post(url, body, { 'idempotency-key': key });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().offer).toMatchObject({
      id: offerId,
      status: 'countered',
      counterOfferAmountCents: 55_000_00,
    });
    expect(await taken(offerId)).toEqual(before);
    expect(before.entries).toBe(1);
  });

  it('keeps counters sent at once under one key to one counter', async () => {
    const offerId = await pendingOffer();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        asAdmin.post(
          `/api/admin/offers/${offerId}/counter`,
          { amount: '56000' },
          { 'idempotency-key': 'counter-race-0002' },
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.every((a) => a.json().offer.counterOfferAmountCents === 56_000_00)).toBe(true);
    expect((await taken(offerId)).entries).toBe(1);
    expect((await offerRow(t.app, offerId)).status).toBe('countered');
  });

  it('refuses a second counter without the key, or under the key with another amount', async () => {
    const offerId = await pendingOffer();
    const url = `/api/my-listings/offers/${offerId}/counter`;
    const key = 'counter-other-0003';
    expect((await asSeller.post(url, { amount: '55000' }, { 'idempotency-key': key })).statusCode).toBe(200);
    const other = await asSeller.post(url, { amount: '57000' }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe('This offer can no longer be countered: it is already countered');
    expect((await asSeller.post(url, { amount: '55000' })).statusCode).toBe(409);
    // Another actor's retry under the same key is not this counter.
    const byAdmin = await asAdmin.post(
      `/api/admin/offers/${offerId}/counter`,
      { amount: '55000' },
      { 'idempotency-key': key },
    );
    expect(byAdmin.statusCode).toBe(409);
    expect((await offerRow(t.app, offerId)).counterOfferAmountCents).toBe(55_000_00);
    expect((await taken(offerId)).entries).toBe(1);
  });
});
