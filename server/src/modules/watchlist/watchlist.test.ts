import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_MAX, WATCH_ADDED, watchAddedByText } from '../../../../domain/dealer-tools.js';
import { MIGRATIONS_FOLDER } from '../../db/client.js';
import { dealershipMembers, dealerships, listings, watchlistItems } from '../../db/schema.js';
import { underFirstLook } from '../../test/fixtures/first-look.js';
import { insertListing } from '../../test/fixtures/offers.js';
import {
  createTestApp,
  createUser,
  mailsTo,
  type TestApp,
  TestClient,
  type TestUser,
} from '../../test/test-app.js';
import { renderTemplate } from '../mail/index.js';

// docs/product/dealer-tools.md#watchlist and #recently-viewed
describe('watchlist and recently viewed', () => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;
  let other: TestUser;
  let asAdmin: TestClient;
  let asDealer: TestClient;
  let asOther: TestClient;

  // Each test has its own database: the first test reads an empty watchlist, whatever the others watched.
  beforeEach(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    dealer = await createUser(t.app, { status: 'approved' });
    other = await createUser(t.app, { status: 'approved' });
    asAdmin = await TestClient.as(t.app, admin);
    asDealer = await TestClient.as(t.app, dealer);
    asOther = await TestClient.as(t.app, other);
  });
  afterEach(() => t?.close());

  it('the heart watches a live tractor once, lists it as live, and unwatches it', async () => {
    const id = await insertListing(t.app, admin.id, { priceCents: 50_000_00 });
    const res = await asDealer.put(`/api/watchlist/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ listingId: id, watching: true, message: WATCH_ADDED });
    expect((await asDealer.put(`/api/watchlist/${id}`)).statusCode).toBe(200);
    expect((await asDealer.get('/api/watchlist/ids')).json()).toEqual({ listingIds: [id] });
    const list = (await asDealer.get('/api/watchlist')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ state: 'live', status: 'active', priceAtWatchCents: 50_000_00 });
    expect(list.items[0].listing).toMatchObject({ id, priceCents: 50_000_00 });
    // Another dealer's watchlist is their own.
    expect((await asOther.get('/api/watchlist')).json().items).toEqual([]);
    expect((await asDealer.delete(`/api/watchlist/${id}`)).json()).toMatchObject({ watching: false });
    expect((await asDealer.get('/api/watchlist')).json().items).toEqual([]);
  });

  it("a watched card carries the report's grade and the hours corrected at inspection, as the inventory card does", async () => {
    const id = await insertListing(t.app, admin.id, { priceCents: 50_000_00 });
    await t.app.ctx.db
      .update(listings)
      .set({ condition: 'Very Good', gradeTenths: 49, hours: 4321, hoursCorrectedFrom: 2900 })
      .where(eq(listings.id, id));
    await asDealer.put(`/api/watchlist/${id}`);
    const [item] = (await asDealer.get('/api/watchlist')).json().items;
    expect(item.listing).toMatchObject({
      condition: 'Very Good',
      grade: 4.9,
      hoursNotice: 'Hours corrected from 2,900 to 4,321 at inspection',
    });
  });

  it('refuses a missing, inactive or malformed tractor', async () => {
    const hidden = await insertListing(t.app, admin.id, { status: 'inactive' });
    expect((await asDealer.put(`/api/watchlist/${hidden}`)).statusCode).toBe(404);
    expect((await asDealer.put('/api/watchlist/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await asDealer.put('/api/watchlist/not-a-uuid')).statusCode).toBe(400);
  });

  it('a price drop tells every watcher by e-mail and marks the watchlist "price changed"; a rise tells nobody', async () => {
    const id = await insertListing(t.app, admin.id, {
      priceCents: 60_000_00,
      make: 'Kubota',
      model: 'M7-172',
    });
    await asDealer.put(`/api/watchlist/${id}`);
    await asOther.put(`/api/watchlist/${id}`);
    const up = await asAdmin.patch(`/api/admin/listings/${id}`, { priceCents: 61_000_00 });
    expect(up.statusCode).toBe(200);
    expect((await mailsTo(t, dealer.email)).filter((m) => m.template === 'watchlist-notice')).toHaveLength(0);
    expect((await asAdmin.patch(`/api/admin/listings/${id}`, { priceCents: 55_000_00 })).statusCode).toBe(
      200,
    );
    for (const u of [dealer, other]) {
      const [mail] = (await mailsTo(t, u.email)).filter((m) => m.template === 'watchlist-notice');
      expect(mail.payload).toMatchObject({
        kind: 'price_drop',
        listingId: id,
        oldPriceCents: 61_000_00,
        newPriceCents: 55_000_00,
      });
      const out = renderTemplate(mail.template, mail.payload as Record<string, unknown>, {
        publicUrl: t.app.ctx.config.publicUrl,
        brand: t.app.ctx.config.brand,
      });
      expect(out.subject).toBe('Price dropped on a tractor you watch: 2019 Kubota M7-172');
      expect(out.text).toContain('$55,000');
    }
    const item = (await asDealer.get('/api/watchlist'))
      .json()
      .items.find((i: { listing: { id: string } }) => i.listing.id === id);
    expect(item).toMatchObject({ state: 'price_changed', priceAtWatchCents: 60_000_00 });
    expect(item.listing.priceCents).toBe(55_000_00);
  });

  it('a sale tells the watchers and the watchlist shows it sold', async () => {
    const id = await insertListing(t.app, admin.id, { priceCents: 40_000_00 });
    await asOther.put(`/api/watchlist/${id}`);
    await asDealer.put(`/api/watchlist/${id}`);
    const before = (await mailsTo(t, dealer.email)).filter((m) => m.template === 'watchlist-notice').length;
    // Buy Now sells at once (docs/product/offers.md#buy-now).
    const offer = await asDealer.post('/api/offers', {
      listingId: id,
      offerType: 'buy_now',
      askingCents: 40_000_00,
    });
    expect(offer.statusCode).toBe(201);
    expect(offer.json().offer.status).toBe('accepted');
    const notices = (await mailsTo(t, other.email)).filter((m) => m.template === 'watchlist-notice');
    expect(notices[0].payload).toMatchObject({ kind: 'sold', listingId: id });
    const item = (await asOther.get('/api/watchlist'))
      .json()
      .items.find((i: { listing: { id: string } }) => i.listing.id === id);
    expect(item).toMatchObject({ state: 'sold', status: 'sold' });
    // The buyer, who watched it too, is not told their own purchase sold.
    expect((await mailsTo(t, dealer.email)).filter((m) => m.template === 'watchlist-notice')).toHaveLength(
      before,
    );
  });

  it('admins see how many dealers watch each listing', async () => {
    const id = await insertListing(t.app, admin.id, { model: 'Watched 3' });
    for (const c of [asDealer, asOther, asAdmin]) await c.put(`/api/watchlist/${id}`);
    const page = (await asAdmin.get('/api/admin/listings?q=Watched 3')).json();
    expect(page.items.find((i: { id: string }) => i.id === id).watchCount).toBe(3);
    expect((await asAdmin.get(`/api/listings/${id}`)).json().watchCount).toBe(3);
    // Dealers are not told how many others watch.
    expect((await asDealer.get(`/api/listings/${id}`)).json().watchCount).toBeNull();
  });

  // docs/product/dealer-tools.md#watchlist: one watchlist per dealership, shared by its members.
  it('members of one dealership share its watchlist; another dealership does not see it', async () => {
    const owner = await createUser(t.app, {
      status: 'approved',
      name: 'Olive Owner',
      companyName: 'Prairie Ag',
    });
    const asOwner = await TestClient.as(t.app, owner);
    const join = async (email: string, role: 'buyer' | 'viewer') => {
      expect((await asOwner.post('/api/team/invites', { email, role })).statusCode).toBe(201);
      const [mail] = await mailsTo(t, email);
      const token = (mail.payload as { token: string }).token;
      const password = 'Combine-Harvest#2031';
      const anon = new TestClient(t.app);
      const name = role === 'buyer' ? 'Bea Buyer' : 'Vic Viewer';
      expect((await anon.post('/api/team/invites/accept', { token, name, password })).statusCode).toBe(200);
      const client = new TestClient(t.app);
      expect((await client.post('/api/auth/sign-in', { email, password })).statusCode).toBe(200);
      return client;
    };
    const asBuyer = await join('team-watch-buyer@example.com', 'buyer');
    const asViewer = await join('team-watch-viewer@example.com', 'viewer');
    const id = await insertListing(t.app, admin.id, { priceCents: 30_000_00, model: 'Team Watched' });

    // The owner adds it; the buyer sees it watched (heart) and on /watchlist, "added by" the owner.
    expect((await asOwner.put(`/api/watchlist/${id}`)).statusCode).toBe(200);
    expect((await asBuyer.get('/api/watchlist/ids')).json()).toEqual({ listingIds: [id] });
    const [item] = (await asBuyer.get('/api/watchlist')).json().items;
    expect(item).toMatchObject({
      listing: { id },
      addedBy: { userId: owner.id, name: 'Olive Owner', you: false },
    });
    expect(watchAddedByText(item.addedBy)).toBe('Added by Olive Owner');
    const [mine] = (await asOwner.get('/api/watchlist')).json().items;
    expect(watchAddedByText(mine.addedBy)).toBe('Added by you');
    // A second member watching it is the same item; the dealership counts once.
    expect((await asBuyer.put(`/api/watchlist/${id}`)).statusCode).toBe(200);
    expect((await asOwner.get('/api/watchlist')).json().items).toHaveLength(1);
    await asDealer.put(`/api/watchlist/${id}`);
    expect((await asAdmin.get(`/api/listings/${id}`)).json().watchCount).toBe(2);
    // Another dealership neither sees nor removes it.
    const othersItems = (await asOther.get('/api/watchlist')).json().items;
    expect(othersItems.map((w: { listing: { id: string } }) => w.listing.id)).not.toContain(id);
    expect((await asOther.get('/api/watchlist/ids')).json().listingIds).not.toContain(id);
    await asOther.delete(`/api/watchlist/${id}`);
    expect((await asOwner.get('/api/watchlist/ids')).json()).toEqual({ listingIds: [id] });

    // A price drop tells every member of the watching dealership, the viewer too.
    expect((await asAdmin.patch(`/api/admin/listings/${id}`, { priceCents: 28_000_00 })).statusCode).toBe(
      200,
    );
    for (const email of [owner.email, 'team-watch-buyer@example.com', 'team-watch-viewer@example.com']) {
      const notices = (await mailsTo(t, email)).filter((m) => m.template === 'watchlist-notice');
      expect(notices.map((m) => m.payload)).toEqual([
        expect.objectContaining({ kind: 'price_drop', listingId: id }),
      ]);
    }
    expect((await asViewer.get('/api/watchlist')).json().items).toHaveLength(1);

    // The buyer removes it: it is gone for the owner too.
    expect((await asBuyer.delete(`/api/watchlist/${id}`)).json()).toMatchObject({ watching: false });
    expect((await asOwner.get('/api/watchlist')).json().items).toEqual([]);
    expect((await asOwner.get('/api/watchlist/ids')).json()).toEqual({ listingIds: [] });
    expect((await asAdmin.get(`/api/listings/${id}`)).json().watchCount).toBe(1);
  });

  it('migration 0015 moves watches into the dealership, one item per tractor (the first watch stays)', async () => {
    const db = t.app.ctx.db;
    const [a, b, c] = [
      await createUser(t.app, { status: 'approved', companyName: 'Old Team' }),
      await createUser(t.app, { status: 'approved' }),
      await createUser(t.app, { status: 'approved', companyName: 'Solo Since 0012' }),
    ];
    const [team] = await db
      .insert(dealerships)
      .values({ name: 'Old Team', ownerUserId: a.id })
      .returning({ id: dealerships.id });
    await db.insert(dealershipMembers).values([
      { userId: a.id, dealershipId: team.id, role: 'owner' },
      { userId: b.id, dealershipId: team.id, role: 'buyer' },
    ]);
    const [l1, l2] = [await insertListing(t.app, admin.id), await insertListing(t.app, admin.id)];
    // Rows as they were before the migration: per user, no dealership (the template database has none).
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    await db.insert(watchlistItems).values([
      { userId: b.id, listingId: l1, priceAtWatchCents: 1_00, createdAt: at(2) },
      { userId: a.id, listingId: l1, priceAtWatchCents: 2_00, createdAt: at(1) },
      { userId: b.id, listingId: l2, priceAtWatchCents: 3_00, createdAt: at(3) },
      { userId: c.id, listingId: l1, priceAtWatchCents: 4_00, createdAt: at(4) },
    ]);
    const statements = readFileSync(`${MIGRATIONS_FOLDER}/0015_team-watchlists.sql`, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^--.*$/gm, '').trim());
    const backfill = statements.filter((s) => /^(INSERT|UPDATE|DELETE)/.test(s));
    expect(backfill).toHaveLength(4);
    const key = statements.find((s) => s.includes('watchlist_items_dealership_listing_key'));
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw('DROP INDEX "watchlist_items_dealership_listing_key"'));
      for (const s of backfill) await tx.execute(sql.raw(s));
      await tx.execute(sql.raw(String(key)));
    });
    const rows = (userId: string) =>
      db
        .select({ listingId: watchlistItems.listingId, dealershipId: watchlistItems.dealershipId })
        .from(watchlistItems)
        .where(eq(watchlistItems.userId, userId));
    expect(await rows(a.id)).toEqual([{ listingId: l1, dealershipId: team.id }]);
    expect(await rows(b.id)).toEqual([{ listingId: l2, dealershipId: team.id }]);
    const [solo] = await db
      .select({ id: dealerships.id, name: dealerships.name })
      .from(dealerships)
      .where(eq(dealerships.ownerUserId, c.id));
    expect(solo.name).toBe('Solo Since 0012');
    expect(await rows(c.id)).toEqual([{ listingId: l1, dealershipId: solo.id }]);
    const asB = await TestClient.as(t.app, b);
    const list = (await asB.get('/api/watchlist')).json().items;
    expect(list.map((i: { listing: { id: string } }) => i.listing.id)).toEqual([l2, l1]);
    expect(list[1]).toMatchObject({ priceAtWatchCents: 2_00, addedBy: { userId: a.id, you: false } });
  });

  it('recently viewed keeps the last 20 opened live tractors, newest first, on the server', async () => {
    const ids: string[] = [];
    for (let i = 0; i < RECENTLY_VIEWED_MAX + 2; i++) ids.push(await insertListing(t.app, admin.id));
    for (const id of ids) {
      t.clock.advance(1000);
      expect((await asDealer.post('/api/recently-viewed', { listingId: id })).statusCode).toBe(200);
    }
    // Opening one again moves it to the front.
    t.clock.advance(1000);
    await asDealer.post('/api/recently-viewed', { listingId: ids[5] });
    // A second device (another session of the same dealer) sees the same list.
    const phone = await TestClient.as(t.app, dealer);
    const seen = (await phone.get('/api/recently-viewed')).json().items.map((c: { id: string }) => c.id);
    expect(seen).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(seen[0]).toBe(ids[5]);
    expect(seen.slice(1)).toEqual(
      ids
        .slice(2)
        .reverse()
        .filter((id) => id !== ids[5]),
    );
    expect((await asOther.get('/api/recently-viewed')).json().items).toEqual([]);
    const hidden = await insertListing(t.app, admin.id, { status: 'inactive' });
    expect((await asDealer.post('/api/recently-viewed', { listingId: hidden })).statusCode).toBe(404);
    expect((await asDealer.post('/api/recently-viewed', { listingId: 'x' })).statusCode).toBe(400);
  });

  // docs/product/want-lists.md#first-look: a hidden tractor answers exactly as a missing one.
  it('a tractor under a first look cannot be watched or recorded by a dealer outside it, as if it did not exist', async () => {
    const id = await insertListing(t.app, admin.id);
    await underFirstLook(t.app, id, [dealer]);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of [
      ['put', `/api/watchlist/${id}`, undefined],
      ['post', '/api/recently-viewed', { listingId: id }],
    ] as const) {
      const hidden = await asOther[method](url, body);
      const absent = await asOther[method](url.replace(id, missing), body && { listingId: missing });
      expect(hidden.statusCode, hidden.body).toBe(404);
      expect(hidden.json()).toEqual(absent.json());
      expect((await asDealer[method](url, body)).statusCode).toBe(200);
    }
    expect((await asOther.get('/api/watchlist')).json().items).toEqual([]);
    expect((await asOther.get('/api/recently-viewed')).json().items).toEqual([]);
    t.clock.advance(t.app.ctx.config.firstLookHours * 3600_000 + 60_000);
    expect((await asOther.put(`/api/watchlist/${id}`)).statusCode).toBe(200);
  });
});
