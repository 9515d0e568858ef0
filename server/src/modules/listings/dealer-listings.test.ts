import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_LISTING_TEXTS } from '../../../../domain/dealer-listings.js';
import { testConfig } from '../../config.js';
import { listings, users } from '../../db/schema.js';
import { jpegWithExif, multipart, overTheCap } from '../../test/fixtures/images.js';
import { mailsTo } from '../../test/fixtures/offers.js';
import { TEST_YARD } from '../../test/fixtures/yard.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import { renderTemplate } from '../mail/index.js';
import { IMAGE_MAX_BYTES } from './image-files.js';

/**
 * Dealers selling (docs/product/dealer-selling.md): a dealer lists, FieldLot reviews, buyers offer, the
 * seller answers.
 */
describe('dealers sell their trade-ins', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestUser;
  let sellerA: TestUser;
  let buyerB: TestUser;
  let asAdmin: TestClient;
  let asA: TestClient;
  let asB: TestClient;
  const env = { publicUrl: 'https://fieldlot.example', brand: testConfig().brand };
  const tractor = {
    make: 'Kubota',
    model: 'M7-172',
    year: 2020,
    location: 'Ames, IA',
    ...TEST_YARD,
    priceCents: 90_000_00,
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fieldlot-i13-'));
    t = await createTestApp({ dataDir });
    admin = await createUser(t.app, { status: 'admin' });
    sellerA = await createUser(t.app, { status: 'approved', companyName: 'Ames Tractor', name: 'Alex Ames' });
    buyerB = await createUser(t.app, { status: 'approved', companyName: 'Boone Ag', name: 'Bea Boone' });
    await t.app.ctx.db.update(users).set({ state: 'IA' }).where(eq(users.id, buyerB.id));
    asAdmin = await TestClient.as(t.app, admin);
    asA = await TestClient.as(t.app, sellerA);
    asB = await TestClient.as(t.app, buyerB);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A dealer's listing through review to live (as-is: no condition report). */
  async function liveListing(client: TestClient, extra: object = {}): Promise<string> {
    const res = await client.post('/api/listings', { ...tractor, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    expect((await client.post(`/api/my-listings/${id}/submit`)).json().stage).toBe('in_review');
    const ok = await asAdmin.post(`/api/admin/listings/${id}/approve`, {
      asIsReason: 'Trade-in, not inspected',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    return id;
  }

  it('uses the spec texts for who may create a listing', async () => {
    const out = await TestClient.as(t.app, null);
    const signedOut = await out.post('/api/listings', tractor);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.message).toBe(CREATE_LISTING_TEXTS.signedOut);
    const pending = await TestClient.as(t.app, await createUser(t.app, { status: 'pending' }));
    const refused = await pending.post('/api/listings', tractor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(CREATE_LISTING_TEXTS.notApproved);
  });

  it('e-mails every admin when a dealer submits a listing, and counts it in the admin stats', async () => {
    const secondAdmin = await createUser(t.app, { status: 'admin' });
    const res = await asA.post('/api/listings', { ...tractor, model: 'M5-111' });
    const id = res.json().id as string;
    const statsBefore = (await asAdmin.get('/api/admin/stats')).json().listingsInReview as number;
    // A draft is nobody's work yet: no mail until it is submitted.
    expect(await mailsTo(t.app, admin.email, 'notify-admin-listing-submitted')).toHaveLength(0);
    expect((await asA.post(`/api/my-listings/${id}/submit`)).json().stage).toBe('in_review');
    for (const a of [admin, secondAdmin]) {
      const mails = await mailsTo(t.app, a.email, 'notify-admin-listing-submitted');
      expect(mails.map((m) => m.payload)).toEqual([
        {
          listingId: id,
          tractor: '2020 Kubota M5-111',
          sellerName: 'Alex Ames',
          sellerCompany: 'Ames Tractor',
        },
      ]);
    }
    expect(await mailsTo(t.app, sellerA.email, 'notify-admin-listing-submitted')).toHaveLength(0);
    const mail = renderTemplate(
      'notify-admin-listing-submitted',
      (await mailsTo(t.app, admin.email, 'notify-admin-listing-submitted'))[0].payload as Record<
        string,
        unknown
      >,
      env,
    );
    expect(mail.subject).toBe('Listing to review: 2020 Kubota M5-111');
    expect(mail.text).toContain('Alex Ames (Ames Tractor) submitted 2020 Kubota M5-111 for review.');
    expect(mail.text).toContain('https://fieldlot.example/admin?tab=listings');
    expect((await asAdmin.get('/api/admin/stats')).json().listingsInReview).toBe(statsBefore + 1);
    // Reviewed, it leaves the count.
    await asAdmin.post(`/api/admin/listings/${id}/request-changes`, { reason: 'Add a photo of the cab' });
    expect((await asAdmin.get('/api/admin/stats')).json().listingsInReview).toBe(statsBefore);
  });

  it('saves a draft, submits it, and the admin sees it In review with a count', async () => {
    const res = await asA.post('/api/listings', { ...tractor, floorPriceCents: 80_000_00 });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const mine = (await asA.get('/api/my-listings')).json();
    expect(mine.sellerFeeCents).toBe(250_00);
    expect(mine.items.find((l: { id: string }) => l.id === id)).toMatchObject({
      stage: 'draft',
      floorPriceCents: 80_000_00,
      grade: null,
      hoursNotice: null,
    });
    // A published report's grade and corrected hours reach My Listings (docs/decisions/0042-hours-corrected-at-inspection.md).
    await t.app.ctx.db
      .update(listings)
      .set({ gradeTenths: 49, hours: 4321, hoursCorrectedFrom: 2900 })
      .where(eq(listings.id, id));
    expect(
      (await asA.get('/api/my-listings')).json().items.find((l: { id: string }) => l.id === id),
    ).toMatchObject({ grade: 4.9, hoursNotice: 'Hours corrected from 2,900 to 4,321 at inspection' });
    await t.app.ctx.db
      .update(listings)
      .set({
        gradeTenths: 0,
        hours: mine.items.find((l: { id: string }) => l.id === id).hours,
        hoursCorrectedFrom: null,
      })
      .where(eq(listings.id, id));
    const edit = (await asA.get(`/api/my-listings/${id}`)).json();
    expect(edit).toMatchObject({ stage: 'draft', floorPriceCents: 80_000_00, sellerFeeCents: 250_00 });
    expect(edit.listing).toMatchObject({ model: 'M7-172', priceCents: 90_000_00, ownListing: true });
    expect(edit.listing.specs).toHaveProperty('engineHours');
    // The seller opens their draft's page and its (empty) condition report section; nobody else does.
    expect((await asA.get(`/api/reports/${id}`)).statusCode).toBe(200);
    expect((await asB.get(`/api/reports/${id}`)).statusCode).toBe(404);
    // A draft is not in the inventory, and another dealer cannot open it.
    expect((await asB.get(`/api/listings/${id}`)).statusCode).toBe(404);
    expect((await asB.get(`/api/my-listings/${id}`)).statusCode).toBe(404);
    expect((await asB.patch(`/api/my-listings/${id}`, { model: 'X' })).statusCode).toBe(404);
    expect((await asB.post(`/api/my-listings/${id}/submit`)).statusCode).toBe(404);
    // The seller opens it and uploads a photo with the same image routes as the admin's.
    expect((await asA.get(`/api/listings/${id}`)).json().ownListing).toBe(true);
    const { body, headers } = multipart(await jpegWithExif(800, 600));
    expect((await asA.post(`/api/my-listings/${id}/images`, body, headers)).statusCode).toBe(201);
    const other = multipart(await jpegWithExif(800, 600));
    expect((await asB.post(`/api/my-listings/${id}/images`, other.body, other.headers)).statusCode).toBe(404);
    // A file one byte over the cap, read up to the cap before the parser sees the rest: 413, nothing added.
    const over = overTheCap(IMAGE_MAX_BYTES);
    const big = await asA.post(`/api/my-listings/${id}/images`, over.body, over.headers);
    expect(big.statusCode).toBe(413);
    expect((await asA.get(`/api/listings/${id}`)).json().images).toHaveLength(1);

    const before = (await asAdmin.get('/api/admin/listings?status=in_review')).json().inReview as number;
    expect((await asA.post(`/api/my-listings/${id}/submit`)).json().stage).toBe('in_review');
    const after = (await asAdmin.get('/api/admin/listings?status=in_review')).json();
    expect(after.inReview).toBe(before + 1);
    expect(after.items.map((l: { id: string }) => l.id)).toContain(id);
    // In review: neither editable nor submittable again, and the admin's on switch refuses it.
    expect((await asA.patch(`/api/my-listings/${id}`, { model: 'X' })).statusCode).toBe(409);
    expect((await asA.post(`/api/my-listings/${id}/submit`)).statusCode).toBe(409);
    expect((await asAdmin.post(`/api/admin/listings/${id}/status`, { status: 'active' })).statusCode).toBe(
      409,
    );
    // Approving needs a report or an as-is reason; changes need a reason.
    expect((await asAdmin.post(`/api/admin/listings/${id}/approve`, {})).statusCode).toBe(409);
    expect(
      (await asAdmin.post(`/api/admin/listings/${id}/request-changes`, { reason: ' ' })).statusCode,
    ).toBe(400);
    const back = await asAdmin.post(`/api/admin/listings/${id}/request-changes`, {
      reason: 'Add a photo of the cab',
    });
    expect(back.json().stage).toBe('changes_requested');
    const reviewed = await mailsTo(t.app, sellerA.email, 'dealer-listing-reviewed');
    expect(reviewed.at(-1)?.payload).toMatchObject({
      outcome: 'changes_requested',
      reason: 'Add a photo of the cab',
    });
    const row = (await asA.get('/api/my-listings')).json().items.find((l: { id: string }) => l.id === id);
    expect(row).toMatchObject({ stage: 'changes_requested', changeRequestReason: 'Add a photo of the cab' });
    // Editing makes it a draft again; submitted and approved it goes live.
    expect((await asA.patch(`/api/my-listings/${id}`, { model: 'M7-173' })).json().stage).toBe('draft');
    // The returned draft keeps FieldLot's reason, on the list and the edit page, until it is approved.
    const returned = (await asA.get('/api/my-listings'))
      .json()
      .items.find((l: { id: string }) => l.id === id);
    expect(returned).toMatchObject({ stage: 'draft', changeRequestReason: 'Add a photo of the cab' });
    expect((await asA.get(`/api/my-listings/${id}`)).json().changeRequestReason).toBe(
      'Add a photo of the cab',
    );
    await asA.post(`/api/my-listings/${id}/submit`);
    const approved = await asAdmin.post(`/api/admin/listings/${id}/approve`, { asIsReason: 'Trade-in' });
    expect(approved.json().stage).toBe('live');
    expect((await mailsTo(t.app, sellerA.email, 'dealer-listing-reviewed')).at(-1)?.payload).toMatchObject({
      outcome: 'approved',
    });
    // The floor price never reaches a buyer.
    const detail = await asB.get(`/api/listings/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain('floor');
    expect(detail.body).not.toContain('8000000');
  });

  it('refuses an offer on your own listing', async () => {
    const id = await liveListing(asA);
    const res = await asA.post('/api/offers', { listingId: id, offerType: 'offer', amount: '85000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('You cannot make an offer on your own listing');
  });

  it('answers an offer below the floor like any untaken offer, never naming the floor (decision 0039)', async () => {
    const id = await liveListing(asA, { floorPriceCents: 80_000_00 });
    const res = await asB.post('/api/offers', { listingId: id, offerType: 'offer', amount: '75000' });
    expect(res.statusCode).toBe(201);
    // Not declined at once (that let a dealer bisect the floor): open, expiring with the response window.
    expect(res.json().offer.status).toBe('pending');
    expect(res.body).not.toContain('8000000');
    const told = (await mailsTo(t.app, buyerB.email, 'notify-offer-update')).filter(
      (m) => (m.payload as { offerId: string }).offerId === res.json().offer.id,
    );
    expect(told).toEqual([]);
    // The seller is not bothered with it; an offer at the floor reaches them, anonymous.
    const seen = (await asA.get('/api/my-listings/offers')).json().items;
    expect(seen.some((o: { id: string }) => o.id === res.json().offer.id)).toBe(false);
    const ok = await asB.post('/api/offers', { listingId: id, offerType: 'offer', amount: '80000' });
    expect(ok.json().offer.status).toBe('pending');
    const notice = (await mailsTo(t.app, sellerA.email, 'notify-seller-offer')).find(
      (m) => (m.payload as { offerId: string }).offerId === ok.json().offer.id,
    );
    expect(notice?.payload).toMatchObject({ kind: 'new_offer', buyerLabel: 'A dealer in Iowa' });
    // The seller sees the open offer's expiry, the same instant the buyer sees.
    const buyerOffer = (await asB.get('/api/offers/mine'))
      .json()
      .offers.find((o: { id: string }) => o.id === ok.json().offer.id);
    const sellerOffer = (await asA.get('/api/my-listings/offers'))
      .json()
      .items.find((o: { id: string }) => o.id === ok.json().offer.id);
    expect(sellerOffer.expiresAt).toEqual(expect.any(String));
    expect(sellerOffer.expiresAt).toBe(buyerOffer.expiresAt);
  });

  it("names a buyer without a state by their company address's state", async () => {
    const id = await liveListing(asA);
    const buyerC = await createUser(t.app, { status: 'approved', companyName: 'Platte Ag' });
    const asC = await TestClient.as(t.app, buyerC);
    const saved = await asC.put('/api/purchases/address', {
      addressLine: '100 Main St',
      city: 'Omaha',
      state: 'NE',
      zip: '68102',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const made = await asC.post('/api/offers', { listingId: id, offerType: 'offer', amount: '85000' });
    const seen = (await asA.get('/api/my-listings/offers'))
      .json()
      .items.find((o: { id: string }) => o.id === made.json().offer.id);
    expect(seen).toMatchObject({ buyerLabel: 'A dealer in Nebraska', buyer: null });
  });

  it('shows the seller how many dealers watch their listing, and no other dealer', async () => {
    const id = await liveListing(asA);
    expect((await asB.put(`/api/watchlist/${id}`)).statusCode).toBeLessThan(300);
    const mine = (await asA.get('/api/my-listings')).json().items.find((l: { id: string }) => l.id === id);
    expect(mine.watchCount).toBe(1);
    expect((await asA.get(`/api/listings/${id}`)).json().watchCount).toBe(1);
    expect((await asB.get(`/api/listings/${id}`)).json().watchCount).toBeNull();
  });

  it('lets the seller counter and the buyer accept; both then see each other', async () => {
    const id = await liveListing(asA);
    const made = await asB.post('/api/offers', { listingId: id, offerType: 'offer', amount: '85000' });
    const offerId = made.json().offer.id as string;
    const list = (await asA.get('/api/my-listings/offers')).json();
    const mine = list.items.find((o: { id: string }) => o.id === offerId);
    expect(mine).toMatchObject({ buyerLabel: 'A dealer in Iowa', buyer: null });
    expect(JSON.stringify(mine)).not.toContain('Boone');
    // Another dealer (the buyer) cannot act as the seller; the seller cannot accept their own counter.
    expect((await asB.post(`/api/my-listings/offers/${offerId}/accept`)).statusCode).toBe(404);
    const counter = await asA.post(`/api/my-listings/offers/${offerId}/counter`, { amount: '88,000' });
    expect(counter.statusCode, counter.body).toBe(200);
    expect(counter.json().offer.status).toBe('countered');
    expect((await asA.post(`/api/my-listings/offers/${offerId}/accept`)).statusCode).toBe(409);
    // A withdrawn listing is refused while an offer is accepted: here the buyer accepts, the tractor is sold.
    expect((await asB.post(`/api/offers/${offerId}/accept-counter`)).statusCode).toBe(200);
    expect((await asA.post(`/api/my-listings/${id}/withdraw`)).statusCode).toBe(409);

    const sold = (await asA.get('/api/my-listings')).json().items.find((l: { id: string }) => l.id === id);
    expect(sold).toMatchObject({
      stage: 'sold',
      sale: { priceCents: 88_000_00, feeCents: 250_00, proceedsCents: 87_750_00 },
    });
    const after = (await asA.get('/api/my-listings/offers'))
      .json()
      .items.find((o: { id: string }) => o.id === offerId);
    expect(after.buyer).toMatchObject({ companyName: 'Boone Ag', name: 'Bea Boone' });
    expect((await asA.get(`/api/listings/${id}`)).json().saleContact).toMatchObject({
      role: 'buyer',
      companyName: 'Boone Ag',
    });
    expect((await asB.get(`/api/listings/${id}`)).json().saleContact).toMatchObject({
      role: 'seller',
      companyName: 'Ames Tractor',
    });
    const soldMail = (await mailsTo(t.app, sellerA.email, 'notify-seller-offer')).find(
      (m) => (m.payload as { kind: string; offerId: string }).kind === 'sold',
    );
    expect(soldMail?.payload).toMatchObject({ feeCents: 250_00, buyerContact: { companyName: 'Boone Ag' } });
  });

  it('lets the seller withdraw a live listing, which becomes a draft when edited; admins keep every right', async () => {
    const id = await liveListing(asA);
    const made = await asB.post('/api/offers', { listingId: id, offerType: 'offer', amount: '70000' });
    // The admin still acts on a dealer's listing.
    expect((await asAdmin.post(`/api/admin/offers/${made.json().offer.id}/reject`)).statusCode).toBe(200);
    expect((await asB.post(`/api/my-listings/${id}/withdraw`)).statusCode).toBe(404);
    expect((await asA.post(`/api/my-listings/${id}/withdraw`)).json().stage).toBe('withdrawn');
    expect((await asB.get(`/api/listings/${id}`)).statusCode).toBe(404); // off the market
    expect((await asA.patch(`/api/my-listings/${id}`, { hours: 10 })).json().stage).toBe('draft');
  });

  it('tells the seller about withdrawn offers and the sale a Buy Now makes at once', async () => {
    const id = await liveListing(asA);
    const kindsOf = async (offerId: string) =>
      (await mailsTo(t.app, sellerA.email, 'notify-seller-offer'))
        .filter((m) => (m.payload as { offerId: string }).offerId === offerId)
        .map((m) => (m.payload as { kind: string }).kind);
    const made = await asB.post('/api/offers', { listingId: id, offerType: 'offer', amount: '85000' });
    expect(made.statusCode).toBe(201);
    expect((await asB.post(`/api/offers/${made.json().offer.id}/withdraw`)).statusCode).toBe(200);
    expect((await kindsOf(made.json().offer.id)).sort()).toEqual(['new_offer', 'withdrawn']);
    const bought = await asB.post('/api/offers', {
      listingId: id,
      offerType: 'buy_now',
      askingCents: 90_000_00,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await kindsOf(bought.json().offer.id)).toEqual(['sold']);
  });

  it('refuses to submit a listing without its yard, with a message on each missing field (decision 0041)', async () => {
    const res = await asA.post('/api/listings', {
      make: 'Kubota',
      model: 'M6-141',
      year: 2019,
      location: 'Iowa',
      yardHours: 'Mon–Fri 8–5',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const refused = await asA.post(`/api/my-listings/${id}/submit`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      yardAddress: 'Yard street address is required',
      city: 'Yard city is required',
      zip: 'Yard ZIP code is required',
      yardPhone: 'Yard contact phone is required',
    });
    const badPhone = await asA.patch(`/api/my-listings/${id}`, { yardPhone: '555-01' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.fields.yardPhone).toBe('Enter a 10-digit phone number');
    expect((await asA.patch(`/api/my-listings/${id}`, TEST_YARD)).statusCode).toBe(200);
    // The yard is the seller's and FieldLot's: a visiting dealer never reads it.
    const own = (await asA.get(`/api/listings/${id}`)).json();
    expect(own).toMatchObject({ yardAddress: '2600 E Lincoln Way', yardPhone: '(515) 555-0142' });
    expect((await asA.post(`/api/my-listings/${id}/submit`)).json().stage).toBe('in_review');
    const approved = await asAdmin.post(`/api/admin/listings/${id}/approve`, { asIsReason: 'Trade-in' });
    expect(approved.statusCode, approved.body).toBe(200);
    const seen = (await asB.get(`/api/listings/${id}`)).json();
    expect(seen).toMatchObject({ yardAddress: null, yardPhone: null, yardHours: null });
  });

  it("FieldLot's own listing goes live only with its yard: as-is keeps it offline, activating names the fields", async () => {
    const res = await asAdmin.post('/api/listings', {
      make: 'Fendt',
      model: '724 Vario',
      year: 2021,
      location: 'Iowa',
      priceCents: 189_000_00,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const asIs = await asAdmin.post(`/api/admin/listings/${id}/as-is`, { reason: 'Auction unit' });
    expect(asIs.json().status).toBe('inactive');
    const live = await asAdmin.post(`/api/admin/listings/${id}/status`, { status: 'active' });
    expect(live.statusCode).toBe(400);
    expect(live.json().error.fields).toMatchObject({ yardAddress: 'Yard street address is required' });
    expect(live.json().error.message).toBe(
      "Add the tractor's yard: street address, city, state, ZIP and contact phone",
    );
    expect((await asAdmin.patch(`/api/admin/listings/${id}`, TEST_YARD)).statusCode).toBe(200);
    expect((await asAdmin.post(`/api/admin/listings/${id}/status`, { status: 'active' })).statusCode).toBe(
      200,
    );
  });
});
