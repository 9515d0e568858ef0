import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_BRANDS } from '../../../../domain/brands.js';
import { yardProblems } from '../../../../domain/listing-schemas.js';
import { CONDITIONS } from '../../../../domain/listings.js';
import { OFFER_STATUSES } from '../../../../domain/offers.js';
import { rowsOf } from '../../db/client.js';
import {
  listingImages,
  listings,
  offers,
  purchases,
  saleInquiries,
  savedSearches,
  users,
} from '../../db/schema.js';
import { verifyPassword } from '../../lib/password-hash.js';
import { createTestApp, createUser, type TestApp } from '../../test/test-app.js';
import { zipPlace } from '../purchases/index.js';
import { DEMO_DEALERS, DEMO_PASSWORD } from './demo.data.js';
import { demoPicture, seedDemoImages } from './demo.images.js';
import { demoPrice } from './demo.listings.js';
import { listingsWithoutImages, seedDemoData } from './demo.seed.js';
import { BRAND_PALETTES, IMAGE_HEIGHT, IMAGE_WIDTH } from './tractor-art.js';

describe('demo data', () => {
  let t: TestApp;
  let adminId: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-demo-'));
    t = await createTestApp({ dataDir });
    adminId = (await createUser(t.app, { status: 'admin' })).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds dealers, 60 listings across every brand, offers and inquiries in every status', async () => {
    const stop = new AbortController();
    stop.abort(); // rows only here; pictures are tested below on a small inventory
    const result = await seedDemoData(t.app.ctx, stop.signal);
    expect(result.seeded).toBe(true);
    expect(result.signInLines).toContain(
      `Demo dealer (approved): dealer@fieldlot.example / ${DEMO_PASSWORD}`,
    );

    const dealers = await t.app.ctx.db
      .select({
        email: users.email,
        status: users.status,
        hash: users.passwordHash,
        brand: users.desiredBrand1,
      })
      .from(users)
      .where(sql`${users.email} like '%@fieldlot.example' and ${users.status} <> 'inspector'`);
    expect(dealers.map((d) => [d.email, d.status]).sort()).toEqual(
      DEMO_DEALERS.map((d) => [d.email, d.status]).sort(),
    );
    expect(await verifyPassword(dealers[0].hash!, DEMO_PASSWORD)).toBe(true);
    expect(dealers.every((d) => d.brand)).toBe(true);
    const prefs = await t.app.ctx.db.select().from(savedSearches);
    expect(prefs.length).toBe(DEMO_DEALERS.reduce((n, d) => n + d.brands.length, 0));

    const all = await t.app.ctx.db.select().from(listings);
    // FieldLot's own 60; the demo dealers' trade-ins are checked below.
    const rows = all.filter((r) => r.sellerUserId === null);
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.make))).toEqual(new Set(LISTING_BRANDS));
    expect(rows.every((r) => r.userId === adminId)).toBe(true);
    expect(rows.filter((r) => r.status === 'sold')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'inactive').length).toBeGreaterThanOrEqual(2);
    for (const r of rows) {
      expect(r.year).toBeGreaterThanOrEqual(2008);
      expect(r.year).toBeLessThanOrEqual(2025);
      expect(r.priceCents).toBeGreaterThanOrEqual(2_500_00);
      expect(r.priceCents).toBeLessThanOrEqual(650_000_00);
      expect(r.priceCents % 100).toBe(0);
      expect(CONDITIONS as readonly string[]).toContain(r.condition);
      expect(r.description.length).toBeGreaterThan(80);
    }
    expect(rows.filter((r) => r.gps && r.rearTyreSize && r.numberOfRearRemotes).length).toBeGreaterThan(20);
    expect(rows.some((r) => r.make === 'John Deere' && r.model === '8R 410')).toBe(true);
    // Prices follow model, year and hours: no cluster at one floor price, and an old big tractor is not cheap.
    const perPrice = new Map<number, number>();
    for (const r of rows) perPrice.set(r.priceCents, (perPrice.get(r.priceCents) ?? 0) + 1);
    expect(Math.max(...perPrice.values())).toBeLessThanOrEqual(2);
    expect(rows.filter((r) => r.priceCents === 18_000_00).length).toBeLessThanOrEqual(1);
    const dt225 = rows.find((r) => r.model === 'DT225B');
    expect(dt225?.priceCents).toBeGreaterThan(25_000_00);

    const fieldLotIds = new Set(rows.map((r) => r.id));
    const offerRows = (await t.app.ctx.db.select().from(offers)).filter((o) => fieldLotIds.has(o.listingId));
    // Every status but 'returned' (a cancelled sale: the demo has no cancelled purchase).
    expect(new Set(offerRows.map((o) => o.status))).toEqual(
      new Set(OFFER_STATUSES.filter((s) => s !== 'returned')),
    );
    const accepted = offerRows.filter((o) => o.status === 'accepted');
    expect(accepted).toHaveLength(1);
    expect(rows.find((r) => r.id === accepted[0].listingId)?.status).toBe('sold');
    for (const o of offerRows.filter((o) => o.status === 'countered'))
      expect(o.counterOfferAmountCents).toBeGreaterThan(0);

    // Each approved demo dealer sells trade-ins in every stage: draft or changes requested, in review, live
    // with an offer from the other dealer, sold.
    const traded = all.filter((r) => r.sellerUserId !== null);
    for (const email of ['dealer@fieldlot.example', 'dealer2@fieldlot.example']) {
      const [dealer] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
      const mine = traded.filter((r) => r.sellerUserId === dealer.id);
      expect(new Set(mine.map((r) => (r.status === 'inactive' ? r.reviewStatus : r.status)))).toEqual(
        new Set([
          email === 'dealer@fieldlot.example' ? 'draft' : 'changes_requested',
          'in_review',
          'active',
          'sold',
        ]),
      );
      expect(dealer.state).toMatch(/^(IA|NE)$/);
    }
    const tradedOffers = (await t.app.ctx.db.select().from(offers)).filter((o) =>
      traded.some((r) => r.id === o.listingId),
    );
    expect(tradedOffers.map((o) => o.status).sort()).toEqual(['accepted', 'accepted', 'pending', 'pending']);
    // Every accepted offer has its purchase; a dealer's sale names that dealer as its seller.
    const purchaseRows = await t.app.ctx.db.select().from(purchases);
    for (const o of [...accepted, ...tradedOffers.filter((x) => x.status === 'accepted')]) {
      const p = purchaseRows.find((x) => x.offerId === o.id);
      expect(p, `purchase of offer ${o.id}`).toBeTruthy();
      const listing = all.find((r) => r.id === o.listingId);
      if (listing?.sellerUserId) expect(p?.sellerUserId).toBe(listing.sellerUserId);
    }

    const inquiries = await t.app.ctx.db.select({ status: saleInquiries.status }).from(saleInquiries);
    expect(new Set(inquiries.map((i) => i.status))).toEqual(new Set(['pending', 'contacted', 'closed']));
  });

  it('gives every demo tractor a published report that agrees with its condition', async () => {
    // Runs after the seed above (vitest keeps the order of a file's tests).
    const rows = rowsOf<{
      condition: string;
      grade: number;
      repairs: number;
      revisions: number;
      frozen: number;
    }>(
      await t.app.ctx.db.execute(sql`
        select l.condition, l.grade_tenths::int as grade,
               (select count(*)::int from inspection_revisions r, jsonb_each(r.ratings) e
                 where r.listing_id = l.id and e.value->>'rating' = 'repair') as repairs,
               (select count(*)::int from inspection_revisions r where r.listing_id = l.id) as revisions,
               (select count(*)::int from tractor_offers o where o.listing_id = l.id and o.status = 'accepted'
                  and o.inspection_revision_id is not null) as frozen
        from tractor_listings l where l.seller_user_id is null`),
    );
    expect(rows.length).toBe(60);
    expect(rows.every((r) => r.revisions === 1 && r.grade >= 10)).toBe(true);
    const avg = (c: string) => {
      const g = rows.filter((r) => r.condition === c).map((r) => r.grade / 10);
      return g.reduce((a, b) => a + b, 0) / g.length;
    };
    expect(avg('Excellent')).toBeGreaterThanOrEqual(4.4);
    expect(avg('Excellent')).toBeLessThanOrEqual(4.8);
    expect(avg('Good')).toBeLessThan(avg('Very Good'));
    expect(rows.filter((r) => r.condition === 'Fair').every((r) => r.repairs > 0)).toBe(true);
    // The demo's accepted purchase froze the report in force.
    expect(rows.reduce((n, r) => n + r.frozen, 0)).toBe(1);
    const [inspector] = await t.app.ctx.db
      .select({ status: users.status })
      .from(users)
      .where(eq(users.email, 'inspector@fieldlot.example'));
    expect(inspector.status).toBe('inspector');
  });

  it('gives every demo listing a whole yard whose ZIP the delivery table knows (decision 0041)', async () => {
    const rows = await t.app.ctx.db
      .select({
        id: listings.id,
        yardAddress: listings.yardAddress,
        city: listings.city,
        location: listings.location,
        zip: listings.zip,
        yardPhone: listings.yardPhone,
      })
      .from(listings);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(yardProblems(r), r.id).toEqual({});
      expect(zipPlace(r.zip), `${r.id} ${r.zip}`).not.toBeNull();
    }
    // A demo database seeded before yards: the next start fills the listings with no ZIP.
    const [first] = rows;
    await t.app.ctx.db
      .update(listings)
      .set({ zip: null, yardAddress: null, yardPhone: null })
      .where(eq(listings.id, first.id));
    const stop = new AbortController();
    stop.abort();
    await seedDemoData(t.app.ctx, stop.signal);
    const [filled] = await t.app.ctx.db.select().from(listings).where(eq(listings.id, first.id));
    expect(filled.zip).toBe(first.zip);
    expect(filled.yardAddress).toBe(first.yardAddress);
  });

  it('seeds nothing on the next start, and resumes the pictures that were not drawn', async () => {
    // FieldLot's 60 and the demo dealers' 8 trade-ins.
    expect(await listingsWithoutImages(t.app.ctx)).toBe(68);
    const stop = new AbortController();
    stop.abort();
    const again = await seedDemoData(t.app.ctx, stop.signal);
    expect(again.seeded).toBe(false);
    expect(await again.images).toBe(0);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.app.ctx.db.execute(sql`select count(*)::int as n from tractor_listings`),
    );
    expect(n).toBe(68);
  });

  it('draws brand-coloured pictures and stores 2 or 3 per listing with one primary', async () => {
    const picture = await demoPicture('John Deere', 'row', 'side', false);
    const meta = await sharp(picture).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', IMAGE_WIDTH, IMAGE_HEIGHT]);
    // The body colour is really there: sample the hood.
    const { data, info } = await sharp(picture).raw().toBuffer({ resolveWithObject: true });
    const green = BRAND_PALETTES['John Deere'].body;
    const target = [1, 3, 5].map((i) => Number.parseInt(green.slice(i, i + 2), 16));
    let matches = 0;
    for (let p = 0; p < data.length; p += info.channels) {
      if (target.every((v, k) => Math.abs(data[p + k] - v) < 12)) matches++;
    }
    expect(matches / (info.width * info.height)).toBeGreaterThan(0.03);
    expect(await demoPicture('John Deere', 'row', 'side', false)).toBe(picture); // cached

    // A small inventory of its own keeps this quick: two listings, then the images pass.
    const small = await createTestApp({ dataDir });
    try {
      const owner = await createUser(small.app, { status: 'admin' });
      await small.app.ctx.db.insert(listings).values([
        { userId: owner.id, make: 'Kubota', model: 'L3901', year: 2020, location: 'Iowa', frontLoader: true },
        { userId: owner.id, make: 'Case IH', model: 'Magnum 340', year: 2021, location: 'Ohio' },
      ]);
      expect(await seedDemoImages(small.app.ctx, small.clock.now())).toBe(5);
      const images = await small.app.ctx.db
        .select({ listingId: listingImages.listingId, isPrimary: listingImages.isPrimary })
        .from(listingImages);
      const perListing = new Map<string, { total: number; primary: number }>();
      for (const i of images) {
        const e = perListing.get(i.listingId) ?? { total: 0, primary: 0 };
        e.total++;
        if (i.isPrimary) e.primary++;
        perListing.set(i.listingId, e);
      }
      expect([...perListing.values()].map((e) => e.total).sort()).toEqual([2, 3]);
      expect([...perListing.values()].every((e) => e.primary === 1)).toBe(true);
      // Running it again adds nothing: every listing has pictures now.
      expect(await seedDemoImages(small.app.ctx, small.clock.now())).toBe(0);
      expect(await small.app.ctx.db.$count(listingImages, eq(listingImages.isPrimary, true))).toBe(2);
    } finally {
      await small.close();
    }
  });
});

describe('demo prices', () => {
  const row = { price: 100_000, kind: 'row' as const };
  it('fall with age and with hours above the usual, and rise with fewer hours', () => {
    expect(demoPrice(row, 2, 900, 0.5)).toBeGreaterThan(demoPrice(row, 6, 2700, 0.5));
    expect(demoPrice(row, 6, 1500, 0.5)).toBeGreaterThan(demoPrice(row, 6, 5000, 0.5));
    expect(demoPrice(row, 17, 7650, 0.5)).toBeGreaterThan(25_000);
    expect(demoPrice({ price: 250_000, kind: 'row' }, 3, 1350, 0.5)).toBeGreaterThan(
      demoPrice(row, 3, 1350, 0.5),
    );
    expect(demoPrice(row, 4, 1800, 0.5) % 100).toBe(0);
  });
});
