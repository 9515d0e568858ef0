import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, offers } from '../../db/schema.js';
import { countOffers, insertListing, mailsTo, offerRow } from '../../test/fixtures/offers.js';
import {
  createTestApp,
  createUser,
  TEST_PASSWORD,
  type TestApp,
  TestClient,
  type TestUser,
} from '../../test/test-app.js';
import { renderTemplate } from '../mail/index.js';

const WEEK_MS = 7 * 24 * 3600_000;

/** Decision 0010: one open offer per dealer per listing, and e-mail links that keep working. */
describe('offers: one open offer per dealer per listing', () => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;
  let asDealer: TestClient;
  let asAdmin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    dealer = await createUser(t.app, { status: 'approved' });
    asDealer = await TestClient.as(t.app, dealer);
    asAdmin = await TestClient.as(t.app, admin);
  });
  afterAll(() => t.close());

  const offer = (listingId: string, amount: string | number, c = asDealer) =>
    c.post('/api/offers', { listingId, offerType: 'offer', amount });

  it('a new offer replaces the open one, which shows as replaced with its time; it can no longer be accepted', async () => {
    const listingId = await insertListing(t.app, admin.id, { priceCents: 117_000_00 });
    const first = (await offer(listingId, '$100,000')).json().offer;
    t.clock.advance(60_000);
    const res = await offer(listingId, '110,000');
    expect(res.statusCode).toBe(201);
    const second = res.json().offer;

    const history = (await asDealer.get(`/api/offers/listing/${listingId}`)).json().offers;
    expect(history.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
      [second.id, 'pending'],
      [first.id, 'replaced'],
    ]);
    // Replaced at the time of the new offer.
    expect(history[1].updatedAt).toBe(second.createdAt);
    expect(await countOffers(t.app, { listingId, status: 'pending' })).toBe(1);

    const accept = await asAdmin.post(`/api/admin/offers/${first.id}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe('This offer can no longer be accepted: it is already replaced');
    expect((await asDealer.post(`/api/offers/${first.id}/withdraw`)).statusCode).toBe(409);
  });

  it('a new offer (or Buy Now) replaces a countered offer: the counter is no longer acceptable', async () => {
    const listingId = await insertListing(t.app, admin.id, { priceCents: 48_500_00 });
    const first = (await offer(listingId, 44_000)).json().offer;
    await asAdmin.post(`/api/admin/offers/${first.id}/counter`, { amount: 46_000 });
    const buyNow = await asDealer.post('/api/offers', {
      listingId,
      offerType: 'buy_now',
      askingCents: 48_500_00,
    });
    expect(buyNow.statusCode).toBe(201);
    expect(buyNow.json().offer.status).toBe('accepted');
    expect((await offerRow(t.app, first.id)).status).toBe('replaced');
    const late = await asDealer.post(`/api/offers/${first.id}/accept-counter`);
    expect(late.statusCode).toBe(409);
    expect(await countOffers(t.app, { listingId, status: 'countered' })).toBe(0);
  });

  it("leaves other dealers' open offers alone", async () => {
    const listingId = await insertListing(t.app, admin.id);
    const other = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    const theirs = (await offer(listingId, 40_000, other)).json().offer;
    await offer(listingId, 41_000);
    await offer(listingId, 42_000);
    expect((await offerRow(t.app, theirs.id)).status).toBe('pending');
    expect(await countOffers(t.app, { listingId, status: 'pending' })).toBe(2);
  });

  it('the database refuses a second open offer of one dealer on one listing', async () => {
    const listingId = await insertListing(t.app, admin.id);
    const row = {
      listingId,
      buyerUserId: dealer.id,
      sellerUserId: admin.id,
      offerType: 'offer' as const,
      offerAmountCents: 40_000_00,
      originalPriceCents: 48_500_00,
    };
    await t.app.ctx.db.insert(offers).values(row);
    await expect(
      t.app.ctx.db.insert(offers).values({ ...row, status: 'countered', counterOfferAmountCents: 1 }),
    ).rejects.toThrow();
    // Closed offers do not count.
    await t.app.ctx.db.insert(offers).values({ ...row, status: 'withdrawn' });
    await t.app.ctx.db.insert(offers).values({ ...row, status: 'replaced' });
  });

  it('two new offers of one dealer sent at once end with exactly one open', async () => {
    const listingId = await insertListing(t.app, admin.id);
    const answers = await Promise.all([
      offer(listingId, 40_000),
      offer(listingId, 41_000),
      offer(listingId, 42_000),
    ]);
    // Whichever the database takes first: a lower offer after a higher one is refused by the step-up rule
    // (docs/product/offers.md), and every offer taken replaces the one before it.
    for (const a of answers)
      if (a.statusCode !== 201) {
        expect(a.statusCode, a.body).toBe(400);
        expect(a.json().error.message).toMatch(/^Your new offer must be at least/);
      }
    const taken = answers.filter((a) => a.statusCode === 201).length;
    expect(taken).toBeGreaterThanOrEqual(1);
    expect(await countOffers(t.app, { listingId, status: 'pending' })).toBe(1);
    expect(await countOffers(t.app, { listingId, status: 'replaced' })).toBe(taken - 1);
  });
});

describe('offer e-mail links keep working', () => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    dealer = await createUser(t.app, { status: 'approved' });
  });
  afterAll(() => t.close());

  it('an e-mail from a week ago, followed by newer ones, still leads to its page after sign-in', async () => {
    const listingId = await insertListing(t.app, admin.id, { priceCents: 48_500_00 });
    const asDealer = await TestClient.as(t.app, dealer);
    const asAdmin = await TestClient.as(t.app, admin);
    const { offer } = (
      await asDealer.post('/api/offers', { listingId, offerType: 'offer', amount: 44_000 })
    ).json();
    await asAdmin.post(`/api/admin/offers/${offer.id}/counter`, { amount: 46_000 });
    const [counterMail] = await mailsTo(t.app, dealer.email, 'notify-offer-update');
    const env = { publicUrl: t.app.ctx.config.publicUrl, brand: t.app.ctx.config.brand };
    const rendered = renderTemplate(
      'notify-offer-update',
      counterMail.payload as Record<string, unknown>,
      env,
    );
    const link = /View the tractor: (\S+)/.exec(rendered.text)?.[1] ?? '';
    expect(link).toBe(`http://localhost:3000/tractor/${listingId}`);
    expect(rendered.html).toContain(`href="http://localhost:3000/tractor/${listingId}"`);

    // A newer e-mail about the same offer (the old link used to be voided by it), then a week passes.
    const later = await TestClient.as(t.app, dealer);
    expect((await later.post(`/api/offers/${offer.id}/accept-counter`)).statusCode).toBe(200);
    expect((await mailsTo(t.app, dealer.email, 'notify-offer-update')).length).toBe(2);
    t.clock.advance(WEEK_MS);

    // The link is the page itself: signed out it shows the public page (the SPA asks to sign in) ...
    const path = new URL(link).pathname;
    const id = path.split('/').at(-1);
    const c = new TestClient(t.app);
    expect((await c.get(`/api/listings/${id}`)).statusCode).toBe(404); // sold: only its buyer sees it
    // ... and after signing in the same page opens, price and all.
    const signIn = await c.post('/api/auth/sign-in', { email: dealer.email, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const page = await c.get(`/api/listings/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: listingId, priceCents: 48_500_00, status: 'sold' });
  });

  it('offer e-mails issue no one-time sign-in links', async () => {
    const listingId = await insertListing(t.app, admin.id);
    const asDealer = await TestClient.as(t.app, dealer);
    const asAdmin = await TestClient.as(t.app, admin);
    const { offer } = (
      await asDealer.post('/api/offers', { listingId, offerType: 'offer', amount: 40_000 })
    ).json();
    await asAdmin.post(`/api/admin/offers/${offer.id}/reject`);
    const tokens = await t.app.ctx.db.select().from(authTokens).where(eq(authTokens.userId, dealer.id));
    expect(tokens).toEqual([]);
  });
});
