import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownCondition } from '../../../../domain/condition-grades.js';
import { SORTS, tractorCountText } from '../../../../domain/listing-search.js';
import { SPEC_FIELDS } from '../../../../domain/listings.js';
import { prepareRaw, rowsOf } from '../../db/client.js';
import { auditLog, listingFirstLooks, listings, offers } from '../../db/schema.js';
import { TEST_YARD } from '../../test/fixtures/yard.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import * as repo from './listings.repository.js';

type Row = typeof listings.$inferInsert;

describe('listings API', () => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;
  let pending: TestUser;
  let asAdmin: TestClient;
  let asDealer: TestClient;
  let asPending: TestClient;
  let anon: TestClient;
  const ids: Record<string, string> = {};

  async function add(name: string, row: Partial<Row>) {
    const [r] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: admin.id,
        make: 'Kubota',
        model: 'M5-111',
        year: 2018,
        hours: 1000,
        priceCents: 50_000_00,
        location: 'Iowa',
        ...TEST_YARD,
        ...row,
      })
      .returning({ id: listings.id });
    ids[name] = r.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    dealer = await createUser(t.app, { status: 'approved' });
    pending = await createUser(t.app, { status: 'pending' });
    [asAdmin, asDealer, asPending, anon] = await Promise.all([
      TestClient.as(t.app, admin),
      TestClient.as(t.app, dealer),
      TestClient.as(t.app, pending),
      TestClient.as(t.app, null),
    ]);
    const base = new Date('2026-01-01T00:00:00Z').getTime();
    await add('deere', {
      make: 'John Deere',
      model: '6R 145',
      year: 2021,
      hours: 4250,
      priceCents: 148_500_00,
      location: 'Nebraska',
      condition: 'Very Good',
      description: 'Auto steer, 100%_ready',
      createdAt: new Date(base + 5000),
    });
    await add('case', {
      make: 'Case IH',
      model: 'Magnum 340',
      year: 2015,
      hours: 8000,
      priceCents: 99_000_00,
      location: 'Kansas',
      condition: 'Good',
      createdAt: new Date(base + 4000),
    });
    await add('kubota', {
      condition: 'Fair',
      createdAt: new Date(base + 3000),
      description: 'Low hours DEERE loader',
    });
    await add('inactive', { status: 'inactive', make: 'Fendt', createdAt: new Date(base + 2000) });
    await add('sold', {
      status: 'sold',
      make: 'Fendt',
      model: '724 Vario',
      createdAt: new Date(base + 1000),
    });
    // 60 more with equal sort values, to prove keyset pagination has no gaps or duplicates on ties.
    await t.app.ctx.db.insert(listings).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: admin.id,
        make: 'Massey Ferguson',
        model: `Bulk ${i}`,
        year: 2000 + (i % 3),
        hours: 500,
        priceCents: 20_000_00,
        location: 'Ohio',
        createdAt: new Date(base + (i % 2) * 10),
      })),
    );
  });
  afterAll(() => t.close());

  const names = (body: { items: { id: string }[] }) =>
    body.items.map((i) => Object.entries(ids).find(([, id]) => id === i.id)?.[0] ?? 'bulk');

  it('dealers see active listings with prices, newest first, count of all matches and brands present', async () => {
    const res = await asDealer.get('/api/listings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(63);
    expect(body.items).toHaveLength(24);
    expect(names(body).slice(0, 3)).toEqual(['deere', 'case', 'kubota']);
    expect(body.items[0]).toMatchObject({
      make: 'John Deere',
      hours: 4250,
      priceCents: 148_500_00,
      image: null,
    });
    expect(body.brands).toEqual(['Case IH', 'John Deere', 'Kubota', 'Massey Ferguson']);
    expect(body.nextCursor).toEqual(expect.any(String));
  });

  it("the whole first page, in every sort, comes from its prepared statement with the plain query's rows and count, without a tractor under a running first look", async () => {
    const now = t.app.ctx.clock.now();
    const [hidden] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: admin.id,
        make: 'Fendt',
        model: 'First Look',
        year: 2024,
        hours: 10,
        priceCents: 90_000_00,
        location: 'Iowa',
        ...TEST_YARD,
        createdAt: now,
      })
      .returning({ id: listings.id });
    await t.app.ctx.db.insert(listingFirstLooks).values({ listingId: hidden.id, hours: 2, startsAt: now });
    try {
      for (const sort of SORTS) {
        const body = (await asDealer.get(`/api/listings?sort=${sort}`)).json();
        expect(repo.preparedWholeInventorySorts(t.app.ctx.db)).toContain(sort);
        const live = { status: 'active' as const, firstLookAt: now };
        const plain = await repo.firstPageCountedUnprepared(t.app.ctx.db, live, sort, 24, 1000);
        expect(body.items.map((i: { id: string }) => i.id)).toEqual(plain.rows.slice(0, 24).map((r) => r.id));
        expect(body).toMatchObject({ total: plain.total, totalCapped: plain.capped });
        expect(body.total).toBe(63);
        expect(body.items.map((i: { id: string }) => i.id)).not.toContain(hidden.id);
        // Every column, and the moment as a parameter: once the window has ended the tractor is back.
        for (const at of [now, new Date(now.getTime() + 2 * 3600_000 + 1000)]) {
          const f = { status: 'active' as const, firstLookAt: at };
          expect(await repo.firstPageCounted(t.app.ctx.db, f, sort, 24, 1000)).toEqual(
            await repo.firstPageCountedUnprepared(t.app.ctx.db, f, sort, 24, 1000),
          );
        }
        const later = {
          status: 'active' as const,
          firstLookAt: new Date(now.getTime() + 2 * 3600_000 + 1000),
        };
        expect((await repo.firstPageCounted(t.app.ctx.db, later, sort, 24, 1000)).total).toBe(64);
      }
    } finally {
      await t.app.ctx.db.update(listings).set({ status: 'inactive' }).where(eq(listings.id, hidden.id));
    }
  });

  it("the three statements the bench's baseline runs give the same first page and count as the app's one", async () => {
    const now = t.app.ctx.clock.now();
    const apart = repo.wholeInventoryApartSql('newest');
    const given = { limit: 25, countLimit: 1001, now };
    const page = rowsOf<{ id: string }>(
      await prepareRaw(t.app.ctx.db, 'test_apart_page', apart.page).execute(given),
    );
    const [count] = rowsOf<{ n: number }>(
      await prepareRaw(t.app.ctx.db, 'test_apart_count', apart.count).execute(given),
    );
    const live = { status: 'active' as const, firstLookAt: now };
    const one = await repo.firstPageCountedUnprepared(t.app.ctx.db, live, 'newest', 24, 1000);
    expect(page.map((r) => r.id)).toEqual(one.rows.map((r) => r.id));
    expect(page).toHaveLength(25);
    expect(Number(count.n)).toBe(one.total);
  });

  it('offers no make that only a tractor under a running first look has, until its window ends', async () => {
    const now = t.app.ctx.clock.now();
    const [hidden] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: admin.id,
        make: 'Deutz-Fahr',
        model: '6165',
        year: 2023,
        hours: 40,
        priceCents: 110_000_00,
        location: 'Iowa',
        ...TEST_YARD,
        createdAt: now,
      })
      .returning({ id: listings.id });
    await t.app.ctx.db.insert(listingFirstLooks).values({ listingId: hidden.id, hours: 2, startsAt: now });
    const brands = async (c: TestClient, path = '/api/listings') => (await c.get(path)).json().brands;
    try {
      // The inventory leaves the tractor out for everyone, so its make is in nobody's brand filter either.
      expect(await brands(asDealer)).toEqual(['Case IH', 'John Deere', 'Kubota', 'Massey Ferguson']);
      expect(await brands(anon, '/api/listings/public')).toEqual(await brands(asDealer));
      t.clock.advance(2 * 3600_000 + 1000);
      expect(await brands(asDealer)).toEqual([
        'Case IH',
        'Deutz-Fahr',
        'John Deere',
        'Kubota',
        'Massey Ferguson',
      ]);
    } finally {
      t.clock.advance(-(2 * 3600_000 + 1000));
      await t.app.ctx.db.update(listings).set({ status: 'inactive' }).where(eq(listings.id, hidden.id));
    }
  });

  it('searches make, model, location and description case-insensitively as a substring', async () => {
    const q = async (term: string) =>
      names((await asDealer.get(`/api/listings?q=${encodeURIComponent(term)}`)).json());
    expect(await q('deere')).toEqual(['deere', 'kubota']);
    expect(await q('MAGNUM')).toEqual(['case']);
    expect(await q('nebr')).toEqual(['deere']);
    expect(await q('auto st')).toEqual(['deere']);
    // % and _ are literal characters, not wildcards.
    expect(await q('100%_')).toEqual(['deere']);
    expect(await q('0%_')).toEqual(['deere']);
    expect(await q('w_h')).toEqual([]); // as a wildcard it would match "low hours"
    expect(await q('w%s')).toEqual([]);
    expect(await q('w h')).toEqual(['kubota']);
    expect(await q('Fendt')).toEqual([]); // inactive and sold never appear
  });

  it('searches one or two letters as the start of the make or the model (docs/product/listings.md#search-and-filters)', async () => {
    const q = async (term: string) =>
      (await asDealer.get(`/api/listings?q=${encodeURIComponent(term)}`)).json();
    expect(names(await q('ca'))).toEqual(['case']); // make "Case IH"
    expect(names(await q('M'))).toEqual(expect.arrayContaining(['case'])); // model "Magnum 340", and Massey Ferguson
    expect((await q('m')).total).toBe(62); // Magnum, M5-111 and the 60 Massey Fergusons
    expect(names(await q('6r'))).toEqual(['deere']); // model "6R 145"
    // Not a substring: "hn" is inside "John" but starts neither a make nor a model.
    expect(names(await q('hn'))).toEqual([]);
    expect(names(await q('%'))).toEqual([]); // a literal, not a wildcard
    expect(names(await q('fe'))).toEqual([]); // Fendt is inactive or sold
  });

  it("counts a short term's make and model matches once each, exactly up to the cap and past it only when the whole is", async () => {
    const now = t.app.ctx.clock.now();
    const f = { status: 'active' as const, firstLookAt: now, q: 'm' };
    // 60 Massey Ferguson (make), Magnum 340 and M5-111 (model): 62; one more matching by make and model both: 63.
    const [both] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: admin.id,
        make: 'McCormick',
        model: 'MC 120',
        year: 2015,
        hours: 900,
        priceCents: 40_000_00,
        location: 'Iowa',
        ...TEST_YARD,
      })
      .returning({ id: listings.id });
    try {
      for (const [cap, expected] of [
        [1000, { total: 63, capped: false }],
        [63, { total: 63, capped: false }],
        [62, { total: 62, capped: true }],
        [1, { total: 1, capped: true }],
      ] as const) {
        expect(await repo.countMatchesCapped(t.app.ctx.db, f, cap)).toEqual(expected);
        const page = await repo.firstPageCountedUnprepared(t.app.ctx.db, f, 'newest', 24, cap);
        expect({ total: page.total, capped: page.capped }).toEqual(expected);
      }
      expect(await repo.countMatches(t.app.ctx.db, f)).toBe(63);
    } finally {
      await t.app.ctx.db.delete(listings).where(eq(listings.id, both.id));
    }
  });

  it('counts matches exactly up to 1,000 and says "1,000+" beyond (docs/product/listings.md#the-count)', async () => {
    const first = (await asDealer.get('/api/listings')).json();
    expect(first).toMatchObject({ total: 63, totalCapped: false });
    expect((await asDealer.get(`/api/listings?cursor=${first.nextCursor}`)).json()).toMatchObject({
      total: -1,
      totalCapped: false,
    });
    const extra = await t.app.ctx.db
      .insert(listings)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          userId: admin.id,
          make: 'New Holland',
          model: `T${i}`,
          year: 2010,
          hours: 100,
          priceCents: 30_000_00,
          location: 'Iowa',
          createdAt: new Date('2025-01-01T00:00:00Z'),
        })),
      )
      .returning({ id: listings.id });
    try {
      const capped = (await asDealer.get('/api/listings')).json();
      expect(capped).toMatchObject({ total: 1000, totalCapped: true });
      expect((await anon.get('/api/listings/public')).json()).toMatchObject({
        total: 1000,
        totalCapped: true,
      });
      // Under the cap the count stays exact.
      expect((await asDealer.get('/api/listings?brand=New%20Holland')).json()).toMatchObject({
        total: 1000,
        totalCapped: false,
      });
      expect(tractorCountText(1000, true)).toBe('1,000+ tractors');
      expect(tractorCountText(1000, false)).toBe('1,000 tractors');
      expect(tractorCountText(1, false)).toBe('1 tractor');
    } finally {
      await t.app.ctx.db
        .update(listings)
        .set({ status: 'inactive' })
        .where(
          inArray(
            listings.id,
            extra.map((e) => e.id),
          ),
        );
    }
  });

  it('past the exact count says "10,000+" when the database estimates that many, else "1,000+"', async () => {
    const made: string[] = [];
    // 9,000 of one make and 2,000 of another, in statements under the parameter limit.
    for (const [make, n] of [
      ['Versatile', 9000],
      ['Steiger', 2000],
    ] as const) {
      for (let i = 0; i < n; i += 2000) {
        const rows = await t.app.ctx.db
          .insert(listings)
          .values(
            Array.from({ length: Math.min(2000, n - i) }, (_, j) => ({
              userId: admin.id,
              make,
              model: `${make[0]}${i + j}`,
              year: 2012,
              hours: 900,
              priceCents: 80_000_00,
              location: 'Kansas',
              createdAt: new Date('2025-02-01T00:00:00Z'),
            })),
          )
          .returning({ id: listings.id });
        made.push(...rows.map((r) => r.id));
      }
    }
    // The planner's estimate reads the table's statistics, as autovacuum would keep them.
    await t.app.ctx.db.execute(sql`analyze tractor_listings`);
    try {
      const all = (await asDealer.get('/api/listings')).json();
      expect(all).toMatchObject({ total: 10_000, totalCapped: true });
      expect(tractorCountText(all.total, all.totalCapped)).toBe('10,000+ tractors');
      expect((await anon.get('/api/listings/public')).json()).toMatchObject({
        total: 10_000,
        totalCapped: true,
      });
      // 2,000 of a make: past the exact count, estimated under 10,000.
      expect((await asDealer.get('/api/listings?brand=Steiger')).json()).toMatchObject({
        total: 1000,
        totalCapped: true,
      });
      // Under the cap the count stays exact whatever the estimate.
      expect((await asDealer.get('/api/listings?brand=Steiger&yearMin=2013')).json()).toMatchObject({
        total: 0,
        totalCapped: false,
      });
    } finally {
      await t.app.ctx.db.update(listings).set({ status: 'inactive' }).where(inArray(listings.id, made));
    }
  });

  it('filters by brand (exact, any case; "all" means none) and by More Filters', async () => {
    const get = async (qs: string) => (await asDealer.get(`/api/listings?${qs}`)).json();
    expect(names(await get('brand=john%20deere'))).toEqual(['deere']);
    expect(names(await get('brand=John'))).toEqual([]);
    expect((await get('brand=all')).total).toBe(63);
    expect(names(await get('yearMin=2015&yearMax=2018'))).toEqual(['case', 'kubota']);
    expect(names(await get('hoursMax=4250&brand=John%20Deere'))).toEqual(['deere']);
    expect(names(await get('hoursMax=4249&q=deere'))).toEqual(['kubota']);
    expect(names(await get('priceMin=5000000&priceMax=14850000'))).toEqual(['deere', 'case', 'kubota']);
    expect(names(await get('priceMin=9900000&priceMax=9900000'))).toEqual(['case']);
    expect(names(await get('state=Kansas'))).toEqual(['case']);
    // The state by its code or its name in any case, as every reader of a place (domain/places.ts).
    for (const typed of ['KS', 'ks', 'kansas', 'KANSAS'])
      expect(names(await get(`state=${typed}`)), typed).toEqual(['case']);
    const all = await get('q=mag&brand=Case%20IH&yearMin=2010&hoursMax=9000&priceMax=10000000&state=Kansas');
    expect(names(all)).toEqual(['case']);
    expect(all.total).toBe(1);
  });

  // One condition scale (docs/decisions/0042-hours-corrected-at-inspection.md): the report's grade decides.
  it('an old Condition URL filters as "Grade at least" its lowest band; the card shows the grade\'s word', async () => {
    const get = async (qs: string) => (await asDealer.get(`/api/listings?${qs}`)).json();
    const graded = { deere: 48, case: 32, kubota: 22 };
    for (const [name, gradeTenths] of Object.entries(graded))
      await t.app.ctx.db
        .update(listings)
        .set({ gradeTenths })
        .where(eq(listings.id, ids[name] as string));
    try {
      // The seller said "Very Good"; the report's 4.8 says Excellent, so a Good-or-better search finds it.
      expect(names(await get('condition=Good'))).toEqual(['deere', 'case']);
      expect(names(await get('condition=Excellent'))).toEqual(['deere']);
      expect(names(await get('condition=Good,Fair'))).toEqual(['deere', 'case', 'kubota']);
      expect(names(await get('condition=Excellent&gradeMin=3'))).toEqual(['deere']);
      expect(names(await get('gradeMin=3'))).toEqual(['deere', 'case']);
      const card = (await get('brand=John%20Deere')).items[0];
      expect(card).toMatchObject({ condition: 'Very Good', grade: 4.8 });
      expect(shownCondition(card.grade, card.condition)).toBe('Excellent');
    } finally {
      for (const name of Object.keys(graded))
        await t.app.ctx.db
          .update(listings)
          .set({ gradeTenths: 0 })
          .where(eq(listings.id, ids[name] as string));
    }
  });

  it.each([
    ['price_asc', (a: Card, b: Card) => a.priceCents - b.priceCents],
    ['price_desc', (a: Card, b: Card) => b.priceCents - a.priceCents],
    ['year_asc', (a: Card, b: Card) => a.year - b.year],
    ['year_desc', (a: Card, b: Card) => b.year - a.year],
    ['hours_asc', (a: Card, b: Card) => a.hours - b.hours],
    ['hours_desc', (a: Card, b: Card) => b.hours - a.hours],
    ['newest', () => 0],
  ])('pages through sort %s with no duplicates or gaps', async (sort, cmp) => {
    const seen: Card[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/listings?sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const body = (await asDealer.get(url)).json();
      seen.push(...body.items);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(63);
    expect(new Set(seen.map((s) => s.id)).size).toBe(63);
    for (let i = 1; i < seen.length; i++) expect(cmp(seen[i - 1], seen[i])).toBeLessThanOrEqual(0);
  });

  it('refuses bad filters, sorts and cursors with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['yearMin=1949', 'yearMin'],
      ['yearMax=abc', 'yearMax'],
      ['hoursMax=-1', 'hoursMax'],
      ['priceMin=1.5', 'priceMin'],
      ['condition=Mint', 'condition'],
      ['state=Atlantis', 'state'],
      ['sort=cheapest', 'sort'],
      ['yearMin=2020&yearMax=2010', 'yearMin'],
      ['priceMin=200&priceMax=100', 'priceMin'],
      ['cursor=garbage', 'cursor'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ];
    for (const [qs, field] of cases) {
      const res = await asDealer.get(`/api/listings?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), qs).toContain(field);
    }
    // A cursor from another sort is refused rather than silently misread.
    const first = (await asDealer.get('/api/listings?sort=price_asc')).json();
    const res = await asDealer.get(`/api/listings?sort=year_asc&cursor=${first.nextCursor}`);
    expect(res.statusCode).toBe(400);
  });

  it('never sends a price to signed-out or pending users', async () => {
    expect((await anon.get('/api/listings')).statusCode).toBe(401);
    expect((await asPending.get('/api/listings')).statusCode).toBe(403);
    const pub = await anon.get('/api/listings/public?q=deere');
    expect(pub.statusCode).toBe(200);
    expect(pub.json().items.every((i: Card) => i.priceCents === null)).toBe(true);
    expect(pub.body).not.toContain('14850000');
    // Price filters and sorts would leak prices through ordering, so the public list has none.
    expect((await anon.get('/api/listings/public?sort=price_asc')).statusCode).toBe(400);
    const filtered = await anon.get('/api/listings/public?priceMax=1');
    expect(filtered.json().total).toBe(63);
    for (const client of [anon, asPending]) {
      const detail = await client.get(`/api/listings/${ids.deere}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().priceCents).toBeNull();
      expect(detail.body).not.toContain('14850000');
    }
    expect((await asDealer.get(`/api/listings/${ids.deere}`)).json().priceCents).toBe(148_500_00);
    // The serial/PIN is for dealers, like the price (docs/product/documents.md).
    await t.app.ctx.db
      .update(listings)
      .set({ serialNumber: 'PIN-8R410-77' })
      .where(eq(listings.id, ids.deere));
    for (const client of [anon, asPending]) {
      const detail = await client.get(`/api/listings/${ids.deere}`);
      expect(detail.json().specs.serialNumber).toBeNull();
      expect(detail.body).not.toContain('PIN-8R410-77');
    }
    expect((await asDealer.get(`/api/listings/${ids.deere}`)).json().specs.serialNumber).toBe('PIN-8R410-77');
    await t.app.ctx.db.update(listings).set({ serialNumber: null }).where(eq(listings.id, ids.deere));
  });

  it('detail: specs, 404 for missing, inactive and sold unless admin or the buyer', async () => {
    const d = (await asDealer.get(`/api/listings/${ids.deere}`)).json();
    expect(d).toMatchObject({ make: 'John Deere', model: '6R 145', status: 'active', images: [] });
    expect(d.specs).toMatchObject({ engineHours: null, airBrakes: null });
    expect(Object.keys(d.specs).sort()).toEqual(SPEC_FIELDS.map((f) => f.key).sort());
    await t.app.ctx.db
      .update(listings)
      .set({ engineHours: 4100, gps: 'StarFire 7000', airBrakes: true })
      .where(eq(listings.id, ids.deere));
    const withSpecs = (await asDealer.get(`/api/listings/${ids.deere}`)).json();
    expect(withSpecs.specs).toMatchObject({
      engineHours: 4100,
      gps: 'StarFire 7000',
      airBrakes: true,
      pumpSize: null,
    });
    expect((await asDealer.get('/api/listings/not-a-uuid')).statusCode).toBe(400);
    const missing = await asDealer.get('/api/listings/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Tractor Not Found');
    for (const key of ['inactive', 'sold']) {
      expect((await asDealer.get(`/api/listings/${ids[key]}`)).statusCode).toBe(404);
      expect((await anon.get(`/api/listings/${ids[key]}`)).statusCode).toBe(404);
      expect((await asAdmin.get(`/api/listings/${ids[key]}`)).statusCode).toBe(200);
    }
    await t.app.ctx.db.insert(offers).values({
      listingId: ids.sold,
      buyerUserId: dealer.id,
      sellerUserId: admin.id,
      offerType: 'buy_now',
      offerAmountCents: 50_000_00,
      originalPriceCents: 50_000_00,
      status: 'accepted',
    });
    const bought = await asDealer.get(`/api/listings/${ids.sold}`);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().priceCents).toBe(50_000_00);
    const other = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    expect((await other.get(`/api/listings/${ids.sold}`)).statusCode).toBe(404);
  });

  it('create: dealers and admins, with the listing form defaults, bounds and messages (listings.md#listing-form)', async () => {
    const res = await asDealer.post('/api/listings', {
      make: 'Kubota',
      model: 'L3901',
      year: 2020,
      location: 'Texas',
    });
    expect(res.statusCode).toBe(201);
    // A new tractor waits for its condition report before it goes live: only admins see it yet.
    const created = (await asAdmin.get(`/api/listings/${res.json().id}`)).json();
    expect(created).toMatchObject({
      hours: 0,
      priceCents: 0,
      condition: 'Excellent',
      description: '',
      status: 'inactive',
    });

    const pendingRes = await asPending.post('/api/listings', {
      make: 'Kubota',
      model: 'X',
      year: 2020,
      location: 'Ohio',
    });
    expect(pendingRes.statusCode).toBe(403);
    expect(pendingRes.json().error.message).toBe(
      'Your account must be approved before you can create listings',
    );
    const anonRes = await anon.post('/api/listings', {});
    expect(anonRes.statusCode).toBe(401);
    expect(anonRes.json().error.message).toBe('You must be logged in to create a listing');

    const nextYear = new Date().getFullYear() + 1;
    const bad: [Record<string, unknown>, string, string][] = [
      [{ model: 'X', year: 2020, location: 'Ohio' }, 'make', 'Make is required'],
      [{ make: 'Tesla', model: 'X', year: 2020, location: 'Ohio' }, 'make', 'Make is required'],
      [{ make: 'Kubota', model: ' ', year: 2020, location: 'Ohio' }, 'model', 'Model is required'],
      [{ make: 'Kubota', model: 'X', year: 1949, location: 'Ohio' }, 'year', 'Year must be 1950 or later'],
      [
        { make: 'Kubota', model: 'X', year: nextYear + 1, location: 'Ohio' },
        'year',
        `Year must be ${nextYear} or earlier`,
      ],
      [
        { make: 'Kubota', model: 'X', year: 2020, hours: -1, location: 'Ohio' },
        'hours',
        'Hours must be at least 0',
      ],
      [
        { make: 'Kubota', model: 'X', year: 2020, priceCents: -1, location: 'Ohio' },
        'priceCents',
        'Price must be at least 0',
      ],
      [{ make: 'Kubota', model: 'X', year: 2020, location: '' }, 'location', 'Location is required'],
      [
        { make: 'Kubota', model: 'X', year: 2020, location: 'Ohio', condition: 'Mint' },
        'condition',
        'Condition is required',
      ],
    ];
    for (const [body, field, message] of bad) {
      const r = await asAdmin.post('/api/listings', body);
      expect(r.statusCode, field).toBe(400);
      expect(r.json().error.fields[field], JSON.stringify(body)).toBe(message);
    }
    // Owner and status cannot be mass-assigned.
    const sneaky = await asDealer.post('/api/listings', {
      make: 'Kubota',
      model: 'Sneaky',
      year: 2020,
      location: 'Ohio',
      status: 'sold',
      userId: admin.id,
    });
    const [row] = await t.app.ctx.db.select().from(listings).where(eq(listings.id, sneaky.json().id));
    expect(row).toMatchObject({ status: 'inactive', userId: dealer.id });
  });

  it('admin: list with owners, edit, activate/deactivate, delete, audit rows', async () => {
    const list = (await asAdmin.get('/api/admin/listings')).json();
    expect(list.total).toBeGreaterThanOrEqual(65);
    expect(list.items[0].owner).toEqual({ name: dealer.name, email: dealer.email });
    const inactive = (await asAdmin.get('/api/admin/listings?status=inactive')).json();
    // Besides the fixture, the listings created above wait for their condition report.
    expect(inactive.items.map((i: { id: string }) => i.id)).toContain(ids.inactive);
    expect(inactive.items.every((i: { status: string }) => i.status === 'inactive')).toBe(true);
    expect((await asDealer.get('/api/admin/listings')).statusCode).toBe(403);

    const edit = await asAdmin.patch(`/api/admin/listings/${ids.kubota}`, {
      model: 'M5-112',
      priceCents: 51_000_00,
    });
    expect(edit.statusCode).toBe(200);
    const after = (await asAdmin.get(`/api/listings/${ids.kubota}`)).json();
    expect(after).toMatchObject({ model: 'M5-112', priceCents: 51_000_00, hours: 1000, condition: 'Fair' });
    expect((await asAdmin.patch(`/api/admin/listings/${ids.kubota}`, { year: 1900 })).statusCode).toBe(400);

    // The fixture predates condition reports: sold as-is, so it may go live again after a deactivation.
    await asAdmin.post(`/api/admin/listings/${ids.kubota}/as-is`, { reason: 'Sold as seen' });
    const off = await asAdmin.post(`/api/admin/listings/${ids.kubota}/status`, { status: 'inactive' });
    expect(off.json()).toEqual({ id: ids.kubota, status: 'inactive' });
    expect(names((await asDealer.get('/api/listings?q=m5-112')).json())).toEqual([]);
    await asAdmin.post(`/api/admin/listings/${ids.kubota}/status`, { status: 'active' });
    expect(names((await asDealer.get('/api/listings?q=m5-112')).json())).toEqual(['kubota']);
    const sold = await asAdmin.post(`/api/admin/listings/${ids.sold}/status`, { status: 'active' });
    expect(sold.statusCode).toBe(409);

    expect((await asAdmin.delete(`/api/admin/listings/${ids.case}`)).statusCode).toBe(200);
    expect((await asAdmin.get(`/api/listings/${ids.case}`)).statusCode).toBe(404);
    expect((await asAdmin.delete(`/api/admin/listings/${ids.case}`)).statusCode).toBe(404);

    const actions = (await t.app.ctx.db.select({ a: auditLog.action }).from(auditLog)).map((r) => r.a);
    for (const a of [
      'listing.created',
      'listing.updated',
      'listing.deactivated',
      'listing.activated',
      'listing.deleted',
    ])
      expect(actions).toContain(a);
  });

  it('sample listings only in demo mode', async () => {
    const res = await asAdmin.post('/api/admin/listings/samples');
    expect(res.statusCode).toBe(404);
  });
});

interface Card {
  id: string;
  priceCents: number;
  year: number;
  hours: number;
}

describe('sample listings (demo mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('needs an approved dealer, then adds ten', async () => {
    const asAdmin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    const none = await asAdmin.post('/api/admin/listings/samples');
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('No approved users found to create listings');
    const dealer = await createUser(t.app, { status: 'approved' });
    const res = await asAdmin.post('/api/admin/listings/samples');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ added: 10, message: 'Added 10 new test listings successfully!' });
    const rows = await t.app.ctx.db.select().from(listings).where(eq(listings.userId, dealer.id));
    expect(rows).toHaveLength(10);
  });
});
