import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  domainEvents,
  inquiryOffers,
  listingImages,
  listings,
  outbox,
  saleInquiries,
} from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import { listFiles, overTheCap } from '../../test/fixtures/images.js';
import {
  createTestApp,
  createUser,
  mailsTo,
  type TestApp,
  TestClient,
  type TestUser,
} from '../../test/test-app.js';
import { IMAGE_MAX_BYTES } from '../listings/index.js';
import { renderTemplate } from '../mail/index.js';
import { expireDueFarmerOffers } from './index.js';

const DAY = 86_400_000;

async function photo(color: string) {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** A browser's multipart sell form: the `inquiry` JSON part and the `photos` files. */
function sellForm(inquiry: Record<string, unknown>, photos: Buffer[]) {
  const boundary = `----fieldlot${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="inquiry"\r\n\r\n${JSON.stringify(inquiry)}\r\n`,
    ),
  ];
  for (const [i, p] of photos.entries()) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="p${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      p,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const tractor = {
  make: 'John Deere',
  model: '4440',
  year: '1981',
  hours: '9800',
  location: 'Ames, IA',
  phone: '+1 515 555 0142',
  email: 'farmer@example.com',
};

describe('the farmer offer', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestUser;
  let adminClient: TestClient;
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fieldlot-offer-'));
    t = await createTestApp({ dataDir });
    admin = await createUser(t.app, { status: 'admin' });
    adminClient = await TestClient.as(t.app, admin);
  });
  afterEach(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function submitWithPhotos(photos: Buffer[], fields: Record<string, unknown> = tractor) {
    const visitor = new TestClient(t.app);
    const { body, headers } = sellForm(fields, photos);
    return visitor.post('/api/inquiries/with-photos', body, headers);
  }

  async function inquiry() {
    const res = await submitWithPhotos([await photo('#3a7'), await photo('#a73')]);
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  const send = (id: string, body: Record<string, unknown>) =>
    adminClient.post(`/api/admin/inquiries/${id}/offers`, { pickup: 'We collect at your farm', ...body });

  /** The token of the newest offer e-mail to the farmer. */
  async function lastToken(): Promise<string> {
    const [mail] = (await mailsTo(t, 'farmer@example.com')).filter((m) => m.template === 'farmer-offer');
    return String((mail.payload as { path: string }).path).replace('/farmer-offer/', '');
  }

  const farmer = () => new TestClient(t.app);

  it('stores the sell form with photos and phone, and shows them to the admin only', async () => {
    const id = await inquiry();
    const [row] = await t.app.ctx.db.select().from(saleInquiries).where(eq(saleInquiries.id, id));
    expect(row.phone).toBe('+1 515 555 0142');
    const detail = await adminClient.get(`/api/admin/inquiries/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().inquiry).toMatchObject({ photoCount: 2, status: 'pending' });
    const [p] = detail.json().photos;
    const img = await adminClient.get(p.src);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    // A dealer, a visitor: the same 403/401 as for every admin route; the files are not under listings/.
    const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    expect((await dealer.get(p.src)).statusCode).toBe(403);
    expect((await farmer().get(p.src)).statusCode).toBe(401);
    expect((await listFiles(path.join(dataDir, 'images', 'listings'))).length).toBe(0);
  });

  it('refuses a bad phone, a ninth photo and a file that is not an image with field messages, storing nothing', async () => {
    const bad = await submitWithPhotos([], { ...tractor, phone: 'call me maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.phone).toMatch(/phone number/);
    const nine = await Promise.all(Array.from({ length: 9 }, () => photo('#333')));
    const many = await submitWithPhotos(nine);
    expect(many.statusCode).toBe(400);
    expect(many.json().error.fields.photos).toBe('Add at most 8 photos');
    const text = await submitWithPhotos([await photo('#111'), Buffer.from('not a picture at all')]);
    expect(text.statusCode).toBe(415);
    expect(text.json().error.fields.photos).toMatch(/^Photo 2: /);
    const inquiryPart = `--{boundary}\r\nContent-Disposition: form-data; name="inquiry"\r\n\r\n${JSON.stringify(tractor)}\r\n`;
    const over = overTheCap(IMAGE_MAX_BYTES, 'photos', inquiryPart);
    const big = await new TestClient(t.app).post('/api/inquiries/with-photos', over.body, over.headers);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.fields.photos).toBe('Images must be 15 MB or smaller');
    expect(await t.app.ctx.db.select().from(saleInquiries)).toHaveLength(0);
    expect(await listFiles(path.join(dataDir, 'images'))).toHaveLength(0);
  });

  it('refuses $0, over $10,000,000 and a past expiry with field messages', async () => {
    const id = await inquiry();
    const zero = await send(id, { amount: '0' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields.amount).toBe('The offer must be more than $0');
    const huge = await send(id, { amount: '10,000,001' });
    expect(huge.json().error.fields.amount).toBe('The offer cannot be over $10,000,000');
    const past = await send(id, { amount: '27500', validUntil: new Date(Date.now() - DAY).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.validUntil).toBe('The offer must be valid until a future date');
    expect(await t.app.ctx.db.select().from(inquiryOffers)).toHaveLength(0);
  });

  it('sends an offer, the farmer accepts once, and a FieldLot draft with the photos exists', async () => {
    const id = await inquiry();
    const sent = await send(id, { amount: '27,500', message: 'Thanks for asking us.' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().inquiry.status).toBe('offer_sent');
    const token = await lastToken();
    // Only the hash is stored.
    const [stored] = await t.app.ctx.db.select().from(inquiryOffers);
    expect(stored.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const page = await farmer().get(`/api/farmer-offers/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ tractor: '1981 John Deere 4440', amountCents: 2_750_000 });
    // The link's answer is kept by no cache (a shared one would hand the offer to the next visitor).
    expect(page.headers['cache-control']).toBe('no-store');
    // Nothing about the seller on the public page.
    expect(JSON.stringify(page.json())).not.toMatch(/farmer@example|555|Ames/);

    const accepted = await farmer().post(`/api/farmer-offers/${token}/answer`, { answer: 'accept' });
    expect(accepted.headers['cache-control']).toBe('no-store');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ status: 'accepted', amountCents: 2_750_000 });

    const [inq] = await t.app.ctx.db.select().from(saleInquiries).where(eq(saleInquiries.id, id));
    expect(inq.status).toBe('offer_accepted');
    const [draft] = await t.app.ctx.db
      .select()
      .from(listings)
      .where(eq(listings.id, inq.draftListingId ?? ''));
    expect(draft).toMatchObject({
      make: 'John Deere',
      model: '4440',
      year: 1981,
      hours: 9800,
      location: 'Iowa',
      city: 'Ames',
      zip: null,
      yardPhone: '+1 515 555 0142',
      condition: null,
      status: 'inactive',
      sellerUserId: null,
      userId: admin.id,
      priceCents: 0,
      description: '',
    });
    const pics = await t.app.ctx.db.select().from(listingImages).where(eq(listingImages.listingId, draft.id));
    expect(pics).toHaveLength(2);
    expect(pics.every((p) => p.storageKey.startsWith('listings/'))).toBe(true);
    expect(pics.filter((p) => p.isPrimary)).toHaveLength(1);
    expect(await listFiles(path.join(dataDir, 'images', 'listings'))).toHaveLength(6);

    const [event] = await t.app.ctx.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.type, 'inquiry.listing-drafted'));
    expect(event.payload).toEqual({ inquiryId: id, listingId: draft.id, acceptedCents: 2_750_000 });
    expect((await mailsTo(t, admin.email)).map((m) => m.template)).toContain('admin-farmer-offer-answered');
    // The farmer is told what they agreed to and what happens next: one e-mail in the outbox, with the amount.
    const told = (await mailsTo(t, 'farmer@example.com')).filter(
      (m) => m.template === 'farmer-offer-accepted',
    );
    expect(told).toHaveLength(1);
    expect(told[0].payload).toMatchObject({ amountCents: 2_750_000, model: '4440' });
    const env = { publicUrl: t.app.ctx.config.publicUrl, brand: t.app.ctx.config.brand };
    const mail = renderTemplate(told[0].template, told[0].payload as Record<string, unknown>, env);
    expect(mail.subject).toBe('Offer accepted: 1981 John Deere 4440, $27,500');
    expect(mail.text).toContain("You accepted FieldLot's offer of $27,500 for 1981 John Deere 4440.");
    // Decision 0077: a contact within one business day, paid in full on pickup day before the tractor leaves.
    expect(mail.text).toContain(
      'What happens next: we will contact you at this e-mail address within one business day to agree the pickup day.',
    );
    expect(mail.text).toContain(
      'Payment: the full $27,500, by bank transfer or check as you prefer, on the day we collect the tractor, before it leaves your farm.',
    );
    expect(mail.text).toContain('Our offer is for the tractor as you described it.');
    expect(mail.text).toContain('We collect at your farm');
    const actions = (await t.app.ctx.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['inquiry.offer_sent', 'inquiry.offer_accepted']));

    // Nothing about the farmer reaches dealers: the draft is not on show, and its pictures are copies.
    const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    expect((await dealer.get(`/api/listings/${draft.id}`)).statusCode).toBe(404);
    expect((await dealer.get(`/api/admin/inquiries/${id}`)).statusCode).toBe(403);
    // FieldLot sees the farmer's phone as the yard's contact (the yard is never shown to dealers before a sale).
    const adminView = (await adminClient.get(`/api/listings/${draft.id}`)).json();
    expect(JSON.stringify(adminView)).not.toMatch(/farmer@example|inquiries\//);
    expect(adminView.yardPhone).toBe('+1 515 555 0142');

    // The link works once.
    const again = await farmer().post(`/api/farmer-offers/${token}/answer`, { answer: 'decline' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already answered/);
    expect((await farmer().get(`/api/farmer-offers/${token}`)).statusCode).toBe(409);

    // The admin's history shows the offer and its answer.
    const detail = (await adminClient.get(`/api/admin/inquiries/${id}`)).json();
    expect(detail.offers).toEqual([expect.objectContaining({ amountCents: 2_750_000, status: 'accepted' })]);
    // An accepted inquiry gets no other offer.
    expect((await send(id, { amount: '28000' })).statusCode).toBe(409);
  });

  it("takes the farmer's yes to a live listing: every missing field named at Activate, the farmer's yard offered, a price kept or refused", async () => {
    const id = await inquiry();
    await send(id, { amount: '27,500' });
    const token = await lastToken();
    expect((await farmer().post(`/api/farmer-offers/${token}/answer`, { answer: 'accept' })).statusCode).toBe(
      200,
    );
    const [inq] = await t.app.ctx.db.select().from(saleInquiries).where(eq(saleInquiries.id, id));
    const listingId = inq.draftListingId as string;

    // Activate names every field it lacks at once: no invented condition, no price, no street or ZIP.
    const activate = () => adminClient.post(`/api/admin/listings/${listingId}/status`, { status: 'active' });
    const refused = await activate();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION',
      message: 'Complete the listing before it goes live: its condition, asking price and yard',
      fields: {
        condition: "Choose the tractor's condition",
        priceCents: 'Set the asking price',
        yardAddress: 'Yard street address is required',
        zip: 'Yard ZIP code is required',
      },
    });
    expect(Object.keys(refused.json().error.fields)).toEqual([
      'condition',
      'priceCents',
      'zip',
      'yardAddress',
    ]);

    // The farmer's yard, for "Use the farmer's yard: Ames, IA"; only for a listing a farmer's offer drafted.
    const yard = await adminClient.get(`/api/admin/listings/${listingId}/farmer-yard`);
    expect(yard.statusCode, yard.body).toBe(200);
    expect(yard.json()).toEqual({
      town: 'Ames, IA',
      location: 'Iowa',
      city: 'Ames',
      zip: null,
      yardPhone: '+1 515 555 0142',
    });
    const other = await t.app.ctx.db.select({ id: listings.id }).from(listings);
    expect(other).toHaveLength(1);
    expect((await adminClient.get(`/api/admin/listings/${crypto.randomUUID()}/farmer-yard`)).statusCode).toBe(
      404,
    );
    const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    expect((await dealer.get(`/api/admin/listings/${listingId}/farmer-yard`)).statusCode).toBe(403);

    // A price under a name the listing does not have is refused with that name, not dropped with a 200.
    const wrongName = await adminClient.patch(`/api/admin/listings/${listingId}`, { price: 34_500 });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().error.message).toBe(
      'Unknown field: price. The asking price is priceCents, in cents.',
    );
    const kept = await adminClient.patch(`/api/admin/listings/${listingId}`, {
      priceCents: 3_450_000,
      condition: 'Good',
      yardAddress: '1200 Farm Road',
      zip: '50010',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await adminClient.get(`/api/listings/${listingId}`)).json()).toMatchObject({
      priceCents: 3_450_000,
      condition: 'Good',
    });

    // Complete: what is left is the report (or as-is), then it goes live.
    expect((await activate()).statusCode).toBe(409);
    const asIs = await adminClient.post(`/api/admin/listings/${listingId}/as-is`, { reason: 'Sold as seen' });
    expect(asIs.statusCode, asIs.body).toBe(200);
    const live = await activate();
    expect(live.statusCode, live.body).toBe(200);
  });

  it('answers an altered link 404 and a replaced one 409; the revised offer works', async () => {
    const id = await inquiry();
    await send(id, { amount: '25000' });
    const first = await lastToken();
    const altered = `${first.slice(0, -1)}${first.endsWith('A') ? 'B' : 'A'}`;
    expect((await farmer().get(`/api/farmer-offers/${altered}`)).statusCode).toBe(404);
    expect((await farmer().get('/api/farmer-offers/not-a-token')).statusCode).toBe(404);
    expect(
      (await farmer().post(`/api/farmer-offers/${altered}/answer`, { answer: 'accept' })).statusCode,
    ).toBe(404);

    const revised = await send(id, { amount: '26000' });
    expect(revised.statusCode).toBe(201);
    const second = await lastToken();
    const old = await farmer().post(`/api/farmer-offers/${first}/answer`, { answer: 'accept' });
    expect(old.statusCode).toBe(409);
    expect(old.json().error.message).toMatch(/replaced by a newer one/);
    const decline = await farmer().post(`/api/farmer-offers/${second}/answer`, { answer: 'decline' });
    expect(decline.json().status).toBe('declined');
    const detail = (await adminClient.get(`/api/admin/inquiries/${id}`)).json();
    expect(detail.inquiry.status).toBe('offer_declined');
    expect(detail.offers.map((o: { status: string }) => o.status)).toEqual(['superseded', 'declined']);
    const actions = (await t.app.ctx.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['inquiry.offer_revised', 'inquiry.offer_declined']));
  });

  it('says an expired offer expired, and the inquiry shows Offer expired', async () => {
    const id = await inquiry();
    await send(id, { amount: '25000' });
    const token = await lastToken();
    t.clock.advance(8 * DAY);
    // The admin's session would have lapsed meanwhile.
    adminClient = await TestClient.as(t.app, admin);
    const page = await farmer().get(`/api/farmer-offers/${token}`);
    expect(page.statusCode).toBe(409);
    expect(page.json().error.message).toMatch(/expired on .* Ask us for a new offer/);
    expect((await farmer().post(`/api/farmer-offers/${token}/answer`, { answer: 'accept' })).statusCode).toBe(
      409,
    );
    const list = await adminClient.get('/api/admin/inquiries');
    expect(list.json().inquiries[0].status).toBe('offer_expired');
    expect((await adminClient.get(`/api/admin/inquiries/${id}`)).json().inquiry.status).toBe('offer_expired');
    // An expired inquiry may get a new offer.
    expect((await send(id, { amount: '24000' })).statusCode).toBe(201);
  });

  it('shows an offer expired from the clock on every read, writes nothing there, and the sweep expires it', async () => {
    const id = await inquiry();
    await send(id, { amount: '25000' });
    const token = await lastToken();
    t.clock.advance(8 * DAY);
    adminClient = await TestClient.as(t.app, admin);
    const db = t.app.ctx.db;
    const written = async () => ({
      inquiries: await db.select().from(saleInquiries),
      offers: await db.select().from(inquiryOffers),
      audit: (await db.select().from(auditLog)).length,
      events: (await db.select().from(domainEvents)).length,
      outbox: (await db.select().from(outbox)).length,
    });
    const before = await written();
    expect(before.inquiries[0].status).toBe('offer_sent');
    expect((await farmer().get(`/api/farmer-offers/${token}`)).statusCode).toBe(409);
    expect((await adminClient.get('/api/admin/inquiries')).json().inquiries[0].status).toBe('offer_expired');
    expect((await adminClient.get(`/api/admin/inquiries/${id}`)).json().inquiry.status).toBe('offer_expired');
    expect(await written()).toEqual(before);

    expect(await expireDueFarmerOffers(t.app.ctx)).toBe(1);
    const [row] = await db.select().from(saleInquiries).where(eq(saleInquiries.id, id));
    expect(row.status).toBe('offer_expired');
    expect(row.updatedAt.getTime()).toBeGreaterThan(before.inquiries[0].updatedAt.getTime());
    expect(await expireDueFarmerOffers(t.app.ctx)).toBe(0);
  });

  it('records Call me and tells the admins, keeping the inquiry at Offer sent', async () => {
    const id = await inquiry();
    await send(id, { amount: '25000' });
    const res = await farmer().post(`/api/farmer-offers/${await lastToken()}/answer`, { answer: 'call' });
    expect(res.json().status).toBe('call_requested');
    const detail = (await adminClient.get(`/api/admin/inquiries/${id}`)).json();
    expect(detail.inquiry.status).toBe('offer_sent');
    expect(detail.offers[0].status).toBe('call_requested');
    expect((await mailsTo(t, admin.email)).map((m) => m.template)).toContain('admin-farmer-offer-answered');
  });

  it('keeps Mark Contacted, Mark Closed and Reopen, and refuses moves outside the machine', async () => {
    const id = await inquiry();
    const to = (status: string) => adminClient.patch(`/api/admin/inquiries/${id}`, { status });
    expect((await to('contacted')).json().inquiry.status).toBe('contacted');
    expect((await to('contacted')).statusCode).toBe(409);
    expect((await to('closed')).json().inquiry.status).toBe('closed');
    expect((await send(id, { amount: '25000' })).statusCode).toBe(409);
    expect((await to('pending')).json().inquiry.status).toBe('pending');
    expect((await to('offer_accepted')).statusCode).toBe(400);
  });
});
