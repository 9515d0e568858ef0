import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_TEXT } from '../../../../domain/dealer-tools.js';
import type { ListingFilters } from '../../../../domain/listing-search.js';
import { MIGRATIONS_FOLDER, rowsOf } from '../../db/client.js';
import { listings, savedSearches, savedSearchSends, userBrandPreferences, users } from '../../db/schema.js';
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
import { countInventoryMatches } from '../listings/index.js';
import { renderTemplate } from '../mail/index.js';
import { savedSearchMatches } from './match.js';

// docs/product/dealer-tools.md#saved-searches
describe('saved searches', () => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;
  let other: TestUser;
  let asAdmin: TestClient;
  let asDealer: TestClient;
  let asOther: TestClient;
  const alerts = async (u: TestUser) =>
    (await mailsTo(t, u.email)).filter((m) => m.template === 'saved-search-alert');

  // Each test has its own database: lists, alerts and counts start from what the test itself saved.
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

  it('saves a search under a name and lists it with its count of live matches and inventory link', async () => {
    await insertListing(t.app, admin.id, { make: 'John Deere', model: '6R 155', priceCents: 30_000_00 });
    await insertListing(t.app, admin.id, { make: 'John Deere', model: '8R', priceCents: 90_000_00 });
    await insertListing(t.app, admin.id, { make: 'John Deere', model: '6R off', status: 'inactive' });
    const res = await asDealer.post('/api/saved-searches', {
      name: 'Deere 6R under 4,000 hrs in Iowa',
      filters: {
        brand: 'John Deere',
        q: '6R',
        hoursMax: 4500,
        state: 'Iowa',
        sort: 'price_asc',
      },
      alert: 'off',
    });
    expect(res.statusCode).toBe(201);
    const list = (await asDealer.get('/api/saved-searches')).json().items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      name: 'Deere 6R under 4,000 hrs in Iowa',
      alert: 'off',
      matchCount: 1,
      query: 'q=6R&brand=John%20Deere&hoursMax=4500&state=Iowa&sort=price_asc',
    });
    expect((await asOther.get('/api/saved-searches')).json().items).toEqual([]);
  });

  it.each([
    [{ name: '' }, 'name', SAVED_SEARCH_TEXT.nameRequired],
    [{ name: '   ' }, 'name', SAVED_SEARCH_TEXT.nameRequired],
    [{ name: 'x'.repeat(SAVED_SEARCH_NAME_MAX + 1) }, 'name', SAVED_SEARCH_TEXT.nameTooLong],
    [{ alert: 'weekly' }, 'alert', 'Choose instantly, daily or off'],
    [{ filters: { condition: ['Shiny'] } }, 'condition', 'Unknown condition'],
    [{ filters: {}, alert: 'instant' }, 'alert', SAVED_SEARCH_TEXT.alertNeedsFilters],
    [
      { filters: { brand: 'All', sort: 'newest' }, alert: 'daily' },
      'alert',
      SAVED_SEARCH_TEXT.alertNeedsFilters,
    ],
    [
      { filters: { yearMin: 2020, yearMax: 2010 } },
      'filters.yearMin',
      'Minimum year cannot be after maximum year',
    ],
  ])('refuses %j with a clear text', async (patch, field, message) => {
    const res = await asDealer.post('/api/saved-searches', {
      name: 'Bad one',
      filters: { brand: 'Kubota' },
      alert: 'off',
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(message);
    expect(JSON.stringify(res.json().error.fields)).toContain(field.split('.').at(-1));
  });

  it('refuses a duplicate name per dealer (any case) with 409; another dealer may use it', async () => {
    const body = { name: 'Kubota M7', filters: { brand: 'Kubota' }, alert: 'off' };
    expect((await asDealer.post('/api/saved-searches', body)).statusCode).toBe(201);
    const dup = await asDealer.post('/api/saved-searches', { ...body, name: 'kubota m7' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(SAVED_SEARCH_TEXT.duplicate);
    expect((await asOther.post('/api/saved-searches', body)).statusCode).toBe(201);
    // Renaming another search onto an existing name is refused the same way.
    const deere = (
      await asDealer.post('/api/saved-searches', {
        name: 'Deere 6R',
        filters: { brand: 'John Deere' },
        alert: 'off',
      })
    ).json();
    expect(deere.id).toEqual(expect.any(String));
    const rename = await asDealer.patch(`/api/saved-searches/${deere.id}`, { name: 'KUBOTA M7' });
    expect(rename.statusCode).toBe(409);
  });

  it('a search without filters may be saved with alerts off but not switched on; only its owner changes it', async () => {
    const all = await asDealer.post('/api/saved-searches', { name: 'Everything', filters: {}, alert: 'off' });
    expect(all.statusCode).toBe(201);
    const on = await asDealer.patch(`/api/saved-searches/${all.json().id}`, { alert: 'instant' });
    expect(on.statusCode).toBe(400);
    expect(on.json().error.message).toBe(SAVED_SEARCH_TEXT.alertNeedsFilters);
    expect((await asOther.patch(`/api/saved-searches/${all.json().id}`, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await asOther.delete(`/api/saved-searches/${all.json().id}`)).statusCode).toBe(404);
    expect((await asDealer.delete(`/api/saved-searches/${all.json().id}`)).statusCode).toBe(204);
    expect((await asDealer.delete(`/api/saved-searches/${all.json().id}`)).statusCode).toBe(404);
    expect((await asDealer.patch('/api/saved-searches/nope', { alert: 'off' })).statusCode).toBe(400);
  });

  it('an instant search alerts once per listing when a matching tractor goes live or gets cheaper', async () => {
    const created = await asDealer.post('/api/saved-searches', {
      name: 'Fendt under 100k',
      filters: { brand: 'fendt', priceMax: 100_000_00 },
      alert: 'instant',
    });
    expect(created.statusCode).toBe(201);
    // A new Fendt goes live as-is: one alert, by e-mail.
    const cheap = await insertListing(t.app, admin.id, {
      make: 'Fendt',
      model: '724',
      priceCents: 95_000_00,
      status: 'inactive',
      zip: '50010',
    });
    expect(
      (await asAdmin.post(`/api/admin/listings/${cheap}/as-is`, { reason: 'Auction unit' })).statusCode,
    ).toBe(200);
    let mails = await alerts(dealer);
    expect(mails).toHaveLength(1);
    expect(mails[0].payload).toMatchObject({
      searchName: 'Fendt under 100k',
      reason: 'new',
      listing: { id: cheap, asIsReason: 'Auction unit' },
    });
    const out = renderTemplate(mails[0].template, mails[0].payload as Record<string, unknown>, {
      publicUrl: t.app.ctx.config.publicUrl,
      brand: t.app.ctx.config.brand,
    });
    expect(out.subject).toBe('New match for your saved search "Fendt under 100k"');
    expect(out.text).toContain(`http://localhost:3000/tractor/${cheap}`);
    expect(out.text).toContain('/unsubscribe?token=');
    // Sold as-is, the alert says so, as the listing card does.
    expect(out.text).toContain('Sold as-is, not inspected: Auction unit');
    expect(out.html).toContain('Sold as-is, not inspected: Auction unit');
    // A price drop of an already-alerted tractor does not alert again (once per listing).
    await asAdmin.patch(`/api/admin/listings/${cheap}`, { priceCents: 90_000_00 });
    expect(await alerts(dealer)).toHaveLength(1);
    // Too expensive when it goes live: no alert; dropped under the limit: alerted as newly cheaper.
    const dear = await insertListing(t.app, admin.id, {
      make: 'Fendt',
      model: '942',
      priceCents: 150_000_00,
      status: 'inactive',
      zip: '50010',
    });
    await asAdmin.post(`/api/admin/listings/${dear}/as-is`, { reason: 'Auction unit' });
    expect(await alerts(dealer)).toHaveLength(1);
    await asAdmin.patch(`/api/admin/listings/${dear}`, { priceCents: 99_000_00 });
    mails = await alerts(dealer);
    expect(mails).toHaveLength(2);
    expect(mails[0].payload).toMatchObject({
      reason: 'cheaper',
      listing: { id: dear, priceCents: 99_000_00 },
    });
    // Other brands, the seller's own tractor, and searches switched off: nothing.
    const kubota = await insertListing(t.app, admin.id, {
      make: 'Kubota',
      priceCents: 10_000_00,
      status: 'inactive',
      zip: '50010',
    });
    await asAdmin.post(`/api/admin/listings/${kubota}/as-is`, { reason: 'x' });
    expect(await alerts(dealer)).toHaveLength(2);
    expect(await alerts(other)).toHaveLength(0);
    const sends = await t.app.ctx.db
      .select()
      .from(savedSearchSends)
      .where(eq(savedSearchSends.listingId, dear));
    expect(sends).toHaveLength(1);
  });

  it("the alert names the condition a published report's grade decides, the seller's word and corrected hours", async () => {
    await asDealer.post('/api/saved-searches', {
      name: 'Any Fendt',
      filters: { brand: 'fendt' },
      alert: 'instant',
    });
    const render = (m: { template: string; payload: unknown }) =>
      renderTemplate(m.template, m.payload as Record<string, unknown>, {
        publicUrl: t.app.ctx.config.publicUrl,
        brand: t.app.ctx.config.brand,
      }).text;
    // Without a report: the seller's own word.
    const plain = await insertListing(t.app, admin.id, { make: 'Fendt', status: 'inactive', zip: '50010' });
    await t.app.ctx.db.update(listings).set({ condition: 'Good' }).where(eq(listings.id, plain));
    await asAdmin.post(`/api/admin/listings/${plain}/as-is`, { reason: 'Auction unit' });
    const first = render((await alerts(dealer))[0]);
    expect(first).toContain('Condition: Good');
    expect(first).not.toContain("Seller's description");
    // Graded 4.9 with its hours corrected at inspection (docs/decisions/0042-hours-corrected-at-inspection.md).
    const graded = await insertListing(t.app, admin.id, {
      make: 'Fendt',
      priceCents: 150_000_00,
      status: 'active',
      zip: '50010',
    });
    await t.app.ctx.db
      .update(listings)
      .set({ condition: 'Very Good', gradeTenths: 49, hours: 4321, hoursCorrectedFrom: 2900 })
      .where(eq(listings.id, graded));
    await asAdmin.patch(`/api/admin/listings/${graded}`, { priceCents: 140_000_00 });
    const mails = await alerts(dealer);
    expect(mails).toHaveLength(2);
    const text = render(mails[0]);
    expect(text).toContain('Condition: Excellent');
    expect(text).toContain("Seller's description: Very Good");
    expect(text).toContain('Hours corrected from 2,900 to 4,321 at inspection');
  });

  // docs/product/want-lists.md#first-look: the count is the inventory's, which leaves the tractor out until the end.
  it('the count of live matches leaves out a tractor under a first look until its window ends', async () => {
    await insertListing(t.app, admin.id, { make: 'Valtra', model: 'T174' });
    const hidden = await insertListing(t.app, admin.id, { make: 'Valtra', model: 'T194' });
    await underFirstLook(t.app, hidden, [dealer]);
    const made = await asOther.post('/api/saved-searches', {
      name: 'Valtra',
      filters: { brand: 'Valtra' },
      alert: 'off',
    });
    expect(made.json().matchCount).toBe(1);
    expect((await asOther.get('/api/saved-searches')).json().items[0].matchCount).toBe(1);
    t.clock.advance(t.app.ctx.config.firstLookHours * 3600_000 + 60_000);
    expect((await asOther.get('/api/saved-searches')).json().items[0].matchCount).toBe(2);
  });

  it('a dealer with listing e-mails switched off gets no instant alert', async () => {
    const quiet = await createUser(t.app, { status: 'approved' });
    await t.app.ctx.db.update(users).set({ emailNotifications: false }).where(eq(users.id, quiet.id));
    const c = await TestClient.as(t.app, quiet);
    await c.post('/api/saved-searches', { name: 'Claas', filters: { brand: 'Claas' }, alert: 'instant' });
    const id = await insertListing(t.app, admin.id, { make: 'Claas', status: 'inactive', zip: '50010' });
    await asAdmin.post(`/api/admin/listings/${id}/as-is`, { reason: 'x' });
    expect(await alerts(quiet)).toHaveLength(0);
  });

  it('a daily search puts its matches first in the daily e-mail and records them as alerted', async () => {
    const daily = await createUser(t.app, { status: 'approved' });
    const c = await TestClient.as(t.app, daily);
    const s = await c.post('/api/saved-searches', {
      name: 'Valtra',
      filters: { brand: 'Valtra' },
      alert: 'daily',
    });
    expect(s.statusCode).toBe(201);
    const id = await insertListing(t.app, admin.id, { make: 'Valtra', model: 'T174' });
    expect((await asAdmin.post('/api/admin/notifications/daily', {})).statusCode).toBe(200);
    const [mail] = (await mailsTo(t, daily.email)).filter(
      (m) => m.template === 'daily-listing-notifications',
    );
    const listed = (mail.payload as { listings: { id: string; preferred: boolean }[] }).listings;
    expect(listed[0]).toMatchObject({ id, preferred: true });
    const sends = await t.app.ctx.db
      .select()
      .from(savedSearchSends)
      .where(eq(savedSearchSends.searchId, s.json().id));
    expect(sends.map((x) => x.listingId)).toEqual([id]);
  });

  it("migration 0010 turns each dealer's brand preferences into saved searches (alert = their e-mail setting)", async () => {
    const db = t.app.ctx.db;
    const fan = await createUser(t.app, { status: 'approved' });
    const quiet = await createUser(t.app, { status: 'approved' });
    await db.update(users).set({ emailNotifications: false }).where(eq(users.id, quiet.id));
    await db.insert(userBrandPreferences).values([
      { userId: fan.id, brandName: 'Kubota' },
      { userId: fan.id, brandName: 'kubota' },
      { userId: fan.id, brandName: 'John Deere' },
      { userId: quiet.id, brandName: 'Fendt' },
    ]);
    // The migration's last statement, run again on these new rows (the test database is already migrated).
    const file = readFileSync(`${MIGRATIONS_FOLDER}/0010_watchlist-saved-searches.sql`, 'utf8');
    const convert = file.split('--> statement-breakpoint').at(-1) as string;
    await db.execute(
      sql.raw(convert.replace('ORDER BY', `WHERE p."user_id" in ('${fan.id}', '${quiet.id}') ORDER BY`)),
    );
    const rows = await db
      .select({
        userId: savedSearches.userId,
        name: savedSearches.name,
        filters: savedSearches.filters,
        alert: savedSearches.alert,
      })
      .from(savedSearches)
      .where(and(sql`${savedSearches.userId} in (${fan.id}, ${quiet.id})`));
    expect(
      rows.map((r) => [r.userId === fan.id ? 'fan' : 'quiet', r.name, r.filters, r.alert]).sort(),
    ).toEqual([
      ['fan', 'John Deere', { brand: 'John Deere' }, 'daily'],
      ['fan', 'Kubota', { brand: 'Kubota' }, 'daily'],
      ['quiet', 'Fendt', { brand: 'Fendt' }, 'off'],
    ]);
    // And the brand API reads them.
    const brands = (await (await TestClient.as(t.app, fan)).get('/api/users/me/brands')).json().brands;
    expect(brands.map((b: { brandName: string }) => b.brandName)).toEqual(['John Deere', 'Kubota']);
  });

  it('matches in SQL exactly what the inventory search finds, for every filter', async () => {
    const db = t.app.ctx.db;
    await db
      .update(listings)
      .set({ gradeTenths: 42, condition: 'Good', location: 'Kansas', hours: 800, year: 2021 })
      .where(eq(listings.make, 'Fendt'));
    const cases: ListingFilters[] = [
      { q: '6r' },
      { q: '6' },
      { q: 'jo' },
      { q: 'K_' },
      { q: 'deere 6' },
      { q: '100%_\\' },
      { brand: 'JOHN DEERE' },
      { brand: 'All' },
      { yearMin: 2020 },
      { yearMax: 2019 },
      { hoursMax: 1000 },
      { priceMin: 50_000_00 },
      { priceMax: 50_000_00 },
      { condition: ['Good', 'Excellent'] },
      { state: 'Kansas' },
      { gradeMin: 4.2 },
      { gradeMin: 4.3 },
      { brand: 'Fendt', priceMin: 90_000_00, priceMax: 99_000_00, state: 'Kansas', condition: ['Good'] },
      {},
    ];
    for (const filters of cases) {
      const inSearch = (await countInventoryMatches(db, filters, t.clock.now())).total;
      const result = await db.execute(sql`
        select count(*)::int as n from tractor_listings l, (select ${JSON.stringify(filters)}::jsonb as filters) s
        where l.status = 'active' and ${savedSearchMatches()}`);
      expect([filters, rowsOf<{ n: number }>(result)[0].n]).toEqual([filters, inSearch]);
    }
  });
});
