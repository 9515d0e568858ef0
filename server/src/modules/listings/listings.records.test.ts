import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, listings, offers, users } from '../../db/schema.js';
import { jpegWithExif, listFiles, multipart } from '../../test/fixtures/images.js';
import { countOffers, insertListing } from '../../test/fixtures/offers.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';

/**
 * Records are permanent (decision 0010): Delete archives a listing with offers; the database refuses the
 * rest.
 */
describe('listings: records are permanent', () => {
  let t: TestApp;
  let dir: string;
  let admin: TestUser;
  let buyer: TestUser;
  let asAdmin: TestClient;
  let asBuyer: TestClient;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-records-'));
    t = await createTestApp({ dataDir: dir });
    admin = await createUser(t.app, { status: 'admin' });
    buyer = await createUser(t.app, { status: 'approved' });
    asAdmin = await TestClient.as(t.app, admin);
    asBuyer = await TestClient.as(t.app, buyer);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const adminIds = async (status?: string) =>
    (await asAdmin.get(`/api/admin/listings${status ? `?status=${status}` : ''}`))
      .json()
      .items.map((i: { id: string }) => i.id) as string[];
  const inventoryIds = async () =>
    (await asBuyer.get('/api/listings')).json().items.map((i: { id: string }) => i.id) as string[];

  it('deletes a listing that never had an offer, with its image files', async () => {
    const id = await insertListing(t.app, admin.id, { make: 'Claas', model: 'Arion 550' });
    const { body, headers } = multipart(await jpegWithExif(500, 400));
    expect((await asAdmin.post(`/api/admin/listings/${id}/images`, body, headers)).statusCode).toBe(201);
    expect((await listFiles(path.join(dir, 'images'))).length).toBeGreaterThan(0);
    const res = await asAdmin.delete(`/api/admin/listings/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'deleted',
      offerCount: 0,
      message: 'Listing deleted successfully',
    });
    expect(await t.app.ctx.db.select().from(listings).where(eq(listings.id, id))).toEqual([]);
    expect(await listFiles(path.join(dir, 'images'))).toEqual([]);
  });

  it('archives a listing with a withdrawn offer: the offer stays, the inventory hides it, Restore brings it back', async () => {
    const id = await insertListing(t.app, admin.id, { make: 'Fendt', model: '724 Vario' });
    const { body, headers } = multipart(await jpegWithExif(500, 400));
    await asAdmin.post(`/api/admin/listings/${id}/images`, body, headers);
    const { offer } = (
      await asBuyer.post('/api/offers', { listingId: id, offerType: 'offer', amount: 40_000 })
    ).json();
    await asBuyer.post(`/api/offers/${offer.id}/withdraw`);
    expect(await inventoryIds()).toContain(id);

    const res = await asAdmin.delete(`/api/admin/listings/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'archived', offerCount: 1 });
    expect(await countOffers(t.app, { listingId: id })).toBe(1);
    expect((await asBuyer.get('/api/offers/mine')).json().offers.map((o: { id: string }) => o.id)).toContain(
      offer.id,
    );
    expect((await listFiles(path.join(dir, 'images'))).length).toBeGreaterThan(0);
    // Hidden from the inventory, the detail page and the admin's default filter; shown under "Archived".
    expect(await inventoryIds()).not.toContain(id);
    expect((await asBuyer.get(`/api/listings/${id}`)).statusCode).toBe(404);
    expect(await adminIds()).not.toContain(id);
    expect(await adminIds('inactive')).not.toContain(id);
    const archived = (await asAdmin.get('/api/admin/listings?status=archived')).json();
    expect(archived.items).toEqual([expect.objectContaining({ id, status: 'inactive', offerCount: 1 })]);
    expect(archived.items[0].archivedAt).toEqual(expect.any(String));
    expect(archived.total).toBe(1);
    // An archived listing cannot be activated until restored; a second Delete changes nothing.
    const activate = await asAdmin.post(`/api/admin/listings/${id}/status`, { status: 'active' });
    expect(activate.statusCode).toBe(409);
    expect(activate.json().error.message).toBe('This listing is archived. Restore it before activating it.');
    expect((await asAdmin.delete(`/api/admin/listings/${id}`)).json().outcome).toBe('archived');

    const restore = await asAdmin.post(`/api/admin/listings/${id}/restore`);
    expect(restore.json()).toEqual({ id, status: 'inactive' });
    expect(await adminIds()).toContain(id);
    expect(await adminIds('archived')).not.toContain(id);
    // A tractor goes live only with a report or as-is; this fixture tractor never had a report.
    await t.app.ctx.db
      .update(listings)
      .set({ asIsReason: 'Not inspected', zip: '50010' })
      .where(eq(listings.id, id));
    const reactivate = await asAdmin.post(`/api/admin/listings/${id}/status`, { status: 'active' });
    expect(reactivate.statusCode).toBe(200);
    expect(await inventoryIds()).toContain(id);
    const actions = (await t.app.ctx.db.select({ a: auditLog.action }).from(auditLog)).map((r) => r.a);
    expect(actions).toEqual(expect.arrayContaining(['listing.archived', 'listing.restored']));
  });

  it('a sold listing keeps its price and status, is archived on Delete, and its buyer still sees the purchase', async () => {
    const id = await insertListing(t.app, admin.id, { make: 'AGCO', model: 'DT225B', priceCents: 92_000_00 });
    // Buy Now sells at once (docs/product/offers.md#buy-now).
    const { offer } = (
      await asBuyer.post('/api/offers', { listingId: id, offerType: 'buy_now', askingCents: 92_000_00 })
    ).json();
    expect(offer.status).toBe('accepted');

    const price = await asAdmin.patch(`/api/admin/listings/${id}`, { priceCents: 80_000_00 });
    expect(price.statusCode).toBe(409);
    expect(price.json().error.message).toBe('The price of a sold tractor cannot be changed');
    // Other fields (and the same price) may still be corrected.
    expect(
      (await asAdmin.patch(`/api/admin/listings/${id}`, { priceCents: 92_000_00, hours: 10 })).statusCode,
    ).toBe(200);
    expect((await asAdmin.post(`/api/admin/listings/${id}/status`, { status: 'inactive' })).statusCode).toBe(
      409,
    );

    const res = await asAdmin.delete(`/api/admin/listings/${id}`);
    expect(res.json()).toMatchObject({ outcome: 'archived', offerCount: 1 });
    expect(await adminIds('archived')).toContain(id);
    expect(await adminIds('sold')).not.toContain(id);
    const purchases = (await asBuyer.get('/api/purchases')).json().items;
    expect(purchases).toEqual([
      expect.objectContaining({
        offerId: offer.id,
        listingId: id,
        money: expect.objectContaining({ priceCents: 92_000_00 }),
        listing: expect.objectContaining({ status: 'sold' }),
      }),
    ]);
    const mine = (await asBuyer.get('/api/offers/mine')).json().offers;
    expect(mine.find((o: { id: string }) => o.id === offer.id)).toMatchObject({ status: 'accepted' });
    const detail = await asBuyer.get(`/api/listings/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ status: 'sold', priceCents: 92_000_00 });
  });

  it('the database itself refuses to delete a listing or a user that offers point at', async () => {
    const id = await insertListing(t.app, admin.id);
    const seller = await createUser(t.app, { status: 'approved' });
    await t.app.ctx.db.insert(offers).values({
      listingId: id,
      buyerUserId: buyer.id,
      sellerUserId: seller.id,
      offerType: 'offer',
      offerAmountCents: 40_000_00,
      originalPriceCents: 48_500_00,
      status: 'withdrawn',
    });
    await expect(t.app.ctx.db.delete(listings).where(eq(listings.id, id))).rejects.toThrow();
    await expect(t.app.ctx.db.delete(users).where(eq(users.id, buyer.id))).rejects.toThrow();
    await expect(t.app.ctx.db.delete(users).where(eq(users.id, seller.id))).rejects.toThrow();
    expect(await countOffers(t.app, { listingId: id })).toBe(1);
    // And an archived listing is never active, whatever writes it.
    await t.app.ctx.db
      .update(listings)
      .set({ archivedAt: new Date(), status: 'inactive' })
      .where(eq(listings.id, id));
    await expect(
      t.app.ctx.db.update(listings).set({ status: 'active' }).where(eq(listings.id, id)),
    ).rejects.toThrow();
  });

  it('restore and delete are for admins only and answer 404 for an unknown listing', async () => {
    const id = await insertListing(t.app, admin.id);
    expect((await asBuyer.post(`/api/admin/listings/${id}/restore`)).statusCode).toBe(403);
    expect((await asBuyer.delete(`/api/admin/listings/${id}`)).statusCode).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await asAdmin.post(`/api/admin/listings/${unknown}/restore`)).statusCode).toBe(404);
    expect((await asAdmin.delete(`/api/admin/listings/${unknown}`)).statusCode).toBe(404);
  });
});
