import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Purchase } from '../../../../domain/purchases-api.js';
import { purchaseClaims } from '../../db/schema.js';
import { jpegWithExif, multipart, overTheCap } from '../../test/fixtures/images.js';
import { mailsTo } from '../../test/fixtures/offers.js';
import { TEST_YARD } from '../../test/fixtures/yard.js';
import { createTestApp, createUser, type TestApp, TestClient } from '../../test/test-app.js';
import { IMAGE_MAX_BYTES } from '../listings/index.js';
import { claimCheckpointViews } from './claim-evidence.js';

const PASSWORD = 'Combine-Harvest#2031';
type ClaimPhoto = Purchase['claims'][number]['photos'][number];

/** docs/product/purchases.md#inspection-guarantee: claim evidence for the buyer's dealership and admins only. */
describe('claim photos', () => {
  let t: TestApp;
  let dataDir: string;
  let asAdmin: TestClient;
  let asSeller: TestClient;
  let asOwner: TestClient;
  let asMember: TestClient;
  let asOther: TestClient;
  let asInspector: TestClient;
  let purchaseId: string;
  let photos: ClaimPhoto[];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fieldlot-claim-photos-'));
    t = await createTestApp({ dataDir });
    const user = (status: 'admin' | 'approved' | 'inspector', companyName?: string) =>
      createUser(t.app, { status, companyName }).then((u) => TestClient.as(t.app, u));
    asAdmin = await user('admin');
    asSeller = await user('approved', 'Ames Tractor');
    asOwner = await user('approved', 'Boone Ag');
    asOther = await user('approved', 'Cedar Farm Supply');
    asInspector = await user('inspector');

    // A viewer of the buyer's dealership (viewers read the dealership's purchases).
    expect(
      (await asOwner.post('/api/team/invites', { email: 'boone-viewer@example.com', role: 'viewer' }))
        .statusCode,
    ).toBe(201);
    const [mail] = await mailsTo(t.app, 'boone-viewer@example.com');
    const token = (mail.payload as { token: string }).token;
    const joined = await new TestClient(t.app).post('/api/team/invites/accept', {
      token,
      name: 'Vic Viewer',
      password: PASSWORD,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    asMember = new TestClient(t.app);
    expect(
      (await asMember.post('/api/auth/sign-in', { email: 'boone-viewer@example.com', password: PASSWORD }))
        .statusCode,
    ).toBe(200);

    // The seller's listing, live as-is, bought by the owner, paid, released, picked up; a claim is opened.
    const listing = await asSeller.post('/api/listings', {
      make: 'Kubota',
      model: 'M7-172',
      year: 2020,
      location: 'Ames, IA',
      ...TEST_YARD,
      priceCents: 90_000_00,
    });
    expect(listing.statusCode, listing.body).toBe(201);
    const listingId = listing.json().id as string;
    const picture = multipart(await jpegWithExif(1200, 900));
    expect(
      (await asSeller.post(`/api/my-listings/${listingId}/images`, picture.body, picture.headers)).statusCode,
    ).toBe(201);
    expect((await asSeller.post(`/api/my-listings/${listingId}/submit`)).statusCode).toBe(200);
    expect(
      (
        await asAdmin.post(`/api/admin/listings/${listingId}/approve`, {
          asIsReason: 'Trade-in, not inspected',
        })
      ).statusCode,
    ).toBe(200);
    const offer = await asOwner.post('/api/offers', { listingId, offerType: 'offer', amount: '85000' });
    expect(offer.statusCode, offer.body).toBe(201);
    expect((await asSeller.post(`/api/my-listings/offers/${offer.json().offer.id}/accept`)).statusCode).toBe(
      200,
    );
    const [mine] = (await asOwner.get('/api/purchases')).json().items as Purchase[];
    purchaseId = mine.id;
    const chosen = await asOwner.post(`/api/purchases/${purchaseId}/fulfilment`, { fulfilment: 'collect' });
    const total = chosen.json().money.invoiceTotalCents as number;
    const paid = await asAdmin.post(`/api/admin/purchases/${purchaseId}/payments`, {
      amount: (total / 100).toFixed(2),
      method: 'wire',
      reference: 'WIRE-9',
      paidOn: '2026-11-24',
      expectedBalanceCents: total,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await asAdmin.post(`/api/admin/purchases/${purchaseId}/release`)).statusCode).toBe(200);
    expect(
      (await asAdmin.post(`/api/admin/purchases/${purchaseId}/picked-up`, { date: '2026-12-01' })).statusCode,
    ).toBe(200);
    const claim = await asOwner.post(`/api/purchases/${purchaseId}/claims`, {
      checkpoints: ['not_in_report'],
      description: 'The cab heater does not work.',
    });
    expect(claim.statusCode, claim.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (client: TestClient, data: Buffer) => {
    const { body, headers } = multipart(data);
    return client.post(`/api/purchases/${purchaseId}/claims/photos`, body, headers);
  };
  const urlsOf = (p: ClaimPhoto) => [p.thumbUrl, p.url];

  // docs/product/purchases.md#purchased-inventory: the sold tractor keeps its photo for the dealership that bought it.
  it("the buyer's dealership sees the photo of the tractor it bought; another dealer does not", async () => {
    const bought = (await asOwner.get(`/api/purchases/${purchaseId}`)).json() as Purchase;
    const src = bought.listing.imageUrl;
    expect(src).toMatch(/^\/api\/images\/listings\/.+-400\.webp$/);
    for (const client of [asOwner, asMember, asAdmin]) {
      const res = await client.get(src ?? '');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
    expect(((await asMember.get(`/api/purchases/${purchaseId}`)).json() as Purchase).listing.imageUrl).toBe(
      src,
    );
    expect((await asOther.get(src ?? '')).statusCode).toBe(404);
  });

  it('refuses a photo just over the cap with 413 and keeps nothing', async () => {
    const over = overTheCap(IMAGE_MAX_BYTES);
    const res = await asOwner.post(`/api/purchases/${purchaseId}/claims/photos`, over.body, over.headers);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Images must be 15 MB or smaller');
    const [row] = await t.app.ctx.db
      .select()
      .from(purchaseClaims)
      .where(eq(purchaseClaims.purchaseId, purchaseId));
    expect(row.photos).toEqual([]);
  });

  it('the buyer uploads two photos; the purchase shows each as a thumbnail and a full size', async () => {
    expect((await upload(asOwner, await jpegWithExif(1200, 900))).statusCode).toBe(200);
    const second = await upload(asOwner, await jpegWithExif(2000, 1200));
    expect(second.statusCode, second.body).toBe(200);
    photos = (second.json() as Purchase).claims[0].photos;
    expect(photos).toHaveLength(2);
    expect(photos[0]).toMatchObject({ width: 1200, height: 900 });
    for (const p of photos) {
      expect(p.thumbUrl).toBe(`/api/purchases/${purchaseId}/claims/photos/${p.id}-400.webp`);
      expect(p.url).toBe(`/api/purchases/${purchaseId}/claims/photos/${p.id}-1600.webp`);
    }
    // Evidence is stored apart from listing pictures.
    const [row] = await t.app.ctx.db
      .select()
      .from(purchaseClaims)
      .where(eq(purchaseClaims.purchaseId, purchaseId));
    expect(row.photos.map((p) => p.storageKey)).toEqual(photos.map((p) => `claims/${p.id}`));
    // The admin deciding the claim gets the same photos on the Purchases screen.
    const listed = (await asAdmin.get('/api/admin/purchases')).json().items as Purchase[];
    expect(listed.find((p) => p.id === purchaseId)?.claims[0].photos).toEqual(photos);
  });

  it("the buyer, a member of the buyer's dealership and admins get both sizes, privately cached", async () => {
    for (const client of [asOwner, asMember, asAdmin])
      for (const url of photos.flatMap(urlsOf)) {
        const res = await client.get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toMatch(/^private\b/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
      }
    const thumb = await sharp((await asOwner.get(photos[1].thumbUrl)).rawPayload).metadata();
    const full = await sharp((await asOwner.get(photos[1].url)).rawPayload).metadata();
    expect([thumb.width, full.width]).toEqual([400, 1600]);
  });

  it('the seller, another dealer, an inspector and a visitor get 404', async () => {
    const visitor = new TestClient(t.app);
    for (const client of [asSeller, asOther, asInspector, visitor])
      for (const url of photos.flatMap(urlsOf)) expect((await client.get(url)).statusCode, url).toBe(404);
  });

  it('an unknown photo, or a photo asked for under another purchase, is 404; the picture route never serves it', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await asAdmin.get(`/api/purchases/${purchaseId}/claims/photos/${unknown}-400.webp`)).statusCode,
    ).toBe(404);
    expect(
      (await asOwner.get(`/api/purchases/${unknown}/claims/photos/${photos[0].id}-400.webp`)).statusCode,
    ).toBe(404);
    expect(
      (await asAdmin.get(`/api/purchases/${purchaseId}/claims/photos/..%2Fsecret-400.webp`)).statusCode,
    ).toBe(400);
    expect((await asAdmin.get(`/api/images/claims/${photos[0].id}-400.webp`)).statusCode).toBe(400);
    expect((await asAdmin.get(`/api/images/listings/${photos[0].id}-400.webp`)).statusCode).toBe(404);
  });

  it("a member removed from the buyer's dealership no longer sees the photos", async () => {
    const team = (await asOwner.get('/api/team')).json() as { members: { userId: string; name: string }[] };
    const member = team.members.find((m) => m.name === 'Vic Viewer');
    expect(member).toBeDefined();
    expect((await asOwner.delete(`/api/team/members/${member?.userId}`)).statusCode).toBeLessThan(300);
    expect((await asMember.get(photos[0].thumbUrl)).statusCode).toBe(404);
    expect((await asOwner.get(photos[0].thumbUrl)).statusCode).toBe(200);
  });
});

describe('claim checkpoints with what the report said', () => {
  it('names the section and the rating and note of the frozen report; "Not in report" has none', () => {
    const views = claimCheckpointViews(['identification.hour-meter', 'engine.idle', 'not_in_report'], {
      'identification.hour-meter': { rating: 'ok', note: 'Reads 4,250 h' },
    });
    expect(views).toEqual([
      {
        id: 'identification.hour-meter',
        label: 'Hour meter working and readable',
        section: 'Identification',
        report: { rating: 'ok', ratingLabel: 'OK', note: 'Reads 4,250 h' },
      },
      { id: 'engine.idle', label: 'Idles smoothly', section: 'Engine', report: null },
      { id: 'not_in_report', label: 'Not in report', section: null, report: null },
    ]);
  });
});
