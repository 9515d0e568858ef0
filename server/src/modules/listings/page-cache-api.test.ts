import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../../db/schema.js';
import { listenForEvents, publishEvent } from '../../lib/events.js';
import { jpegWithExif, multipart } from '../../test/fixtures/images.js';
import { TEST_YARD } from '../../test/fixtures/yard.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import { firstPageCache } from './page-cache.js';

/** The first-page cache as production runs it (tests keep it off): served as is, dropped on every write. */
describe('first-page cache through the API', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestUser;
  let asAdmin: TestClient;
  let asDealer: TestClient;
  let anon: TestClient;
  let id: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fieldlot-page-cache-'));
    t = await createTestApp({ dataDir });
    firstPageCache(t.app.ctx).ttlMs = 60_000;
    admin = await createUser(t.app, { status: 'admin' });
    asAdmin = await TestClient.as(t.app, admin);
    asDealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    anon = await TestClient.as(t.app, null);
    const res = await asAdmin.post('/api/listings', {
      make: 'Fendt',
      model: '724 Vario',
      year: 2019,
      priceCents: 90_000_00,
      location: 'Iowa',
      ...TEST_YARD,
      description: 'Front LOADER ready',
    });
    id = res.json().id;
    // New tractors go live with a condition report or as-is
    // (condition-reports.md#publishing-revisions-and-going-live).
    await asAdmin.post(`/api/admin/listings/${id}/as-is`, { reason: 'Sold as seen' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const dealerPage = async (qs = '') => {
    const res = await asDealer.get(`/api/listings${qs}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.json();
  };
  const sneakedRow = () => ({
    userId: admin.id,
    make: 'Kubota',
    model: 'Sneaked',
    year: 2020,
    location: 'Ohio',
    description: 'loader',
  });
  /**
   * Waits until every change notice sent so far has reached this instance: one more notice, heard back (notices
   * arrive in commit order). Without it a write's own notice, arriving late on a busy machine, would empty the
   * cache after the page the test means to see cached.
   */
  const noticesDelivered = async () => {
    const marker = `test.flush.${Math.random().toString(36).slice(2)}`;
    let heard = () => {};
    const done = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const stop = await listenForEvents(
      t.app.ctx.database,
      marker,
      () => heard(),
      () => {},
    );
    await publishEvent(t.app.ctx.db, { type: marker, audience: [], data: {} });
    await done;
    await stop();
  };
  /**
   * A row written behind everyone's back, the database's change notice switched off (replica mode skips
   * triggers): only a fresh (uncached) page can show it, so it tells a cached page from a computed one.
   */
  const sneakIn = () =>
    t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(listings).values(sneakedRow());
    });

  it('serves a cached first page, per audience: the public page never carries the dealer page prices', async () => {
    await noticesDelivered();
    const first = await dealerPage();
    expect(first.total).toBe(1);
    expect(first.items[0]).toMatchObject({ id, priceCents: 90_000_00, image: null });
    await sneakIn();
    // Same body from the cache (the sneaked row is not counted yet) ...
    expect(await dealerPage()).toEqual(first);
    // ... but the public page is its own entry, without prices.
    const pub = (await anon.get('/api/listings/public')).json();
    expect(pub.total).toBe(2);
    expect(pub.items.map((i: { priceCents: unknown }) => i.priceCents)).toEqual([null, null]);
    expect(JSON.stringify(pub)).not.toContain('9000000');
    // Later pages are never cached; a search is a first page of its own, with an exact count.
    expect((await dealerPage('?q=LOADER')).total).toBe(2);
  });

  it('drops the cached pages when the database announces a change made by any instance or code path', async () => {
    firstPageCache(t.app.ctx).clear(); // the previous test left a stale page on purpose
    await noticesDelivered();
    const before = await dealerPage();
    await sneakIn();
    expect(await dealerPage()).toEqual(before);
    // A plain write, as another instance (or an operator's SQL) would make it: the trigger's notice empties the
    // cache within moments, and the page is exact again, the silent row included.
    await t.app.ctx.db.insert(listings).values(sneakedRow());
    await expect.poll(async () => (await dealerPage()).total).toBe(before.total + 2);
    expect((await dealerPage()).total).toBe(await activeCount());
  });

  it('announces only statements that changed rows a page can show: a 0-row write keeps every cached page', async () => {
    let notices = 0;
    const stop = await listenForEvents(
      t.app.ctx.database,
      'inventory.changed',
      () => {
        notices += 1;
      },
      () => {},
    );
    try {
      firstPageCache(t.app.ctx).clear();
      await noticesDelivered();
      notices = 0;
      const before = await dealerPage();
      await sneakIn();
      const nobody = '00000000-0000-0000-0000-000000000000';
      await t.app.ctx.db.execute(sql`update tractor_listings set hours = 1 where id = ${nobody}`);
      await t.app.ctx.db.execute(sql`delete from tractor_images where listing_id = ${nobody}`);
      // A listing that was not and is not active is on no page: its edit announces nothing either.
      const [hidden] = await t.app.ctx.db
        .insert(listings)
        .values({ ...sneakedRow(), status: 'inactive' })
        .returning({ id: listings.id });
      await t.app.ctx.db.execute(sql`update tractor_listings set hours = 7 where id = ${hidden.id}`);
      await noticesDelivered();
      expect(notices).toBe(0);
      expect(await dealerPage()).toEqual(before); // still the cached page
      await t.app.ctx.db.execute(sql`update tractor_listings set hours = hours where id = ${id}`);
      await noticesDelivered();
      expect(notices).toBe(1);
      expect((await dealerPage()).total).toBe(await activeCount());
    } finally {
      await stop();
    }
  });

  it('computes a missing first page once for concurrent requests, and never from before a write', async () => {
    firstPageCache(t.app.ctx).clear();
    await noticesDelivered();
    const pages = await Promise.all(Array.from({ length: 8 }, () => dealerPage()));
    for (const page of pages) expect(page).toEqual(pages[0]);
    // Writes acknowledged while pages are in flight: every request that starts after one sees it.
    for (const status of ['inactive', 'active']) {
      const inFlight = Array.from({ length: 4 }, () => dealerPage());
      const write = await asAdmin.post(`/api/admin/listings/${id}/status`, { status });
      expect(write.statusCode).toBeLessThan(300);
      const after = await Promise.all(Array.from({ length: 8 }, () => dealerPage()));
      for (const page of after) expect(page.total, status).toBe(await activeCount());
      await Promise.all(inFlight);
    }
  });

  it('keeps no page computed while a change was announced', async () => {
    const cache = firstPageCache(t.app.ctx);
    const generation = cache.generation();
    cache.clear(); // a notice heard while the page's queries ran
    cache.set('late', (await dealerPage()) as never, generation);
    expect(cache.get('late')).toBeUndefined();
    cache.set('fresh', (await dealerPage()) as never, cache.generation());
    expect(cache.get('fresh')).toBeDefined();
  });

  it('drops the cached pages on every listing and image write made through this instance', async () => {
    firstPageCache(t.app.ctx).clear(); // the previous test left a stale page on purpose
    const { body, headers } = multipart(await jpegWithExif(400, 300));
    const writes: [string, () => Promise<{ statusCode: number }>][] = [
      [
        'create',
        () =>
          asAdmin.post('/api/listings', {
            make: 'Case IH',
            model: 'Puma',
            year: 2017,
            location: 'Ohio',
            ...TEST_YARD,
          }),
      ],
      ['edit', () => asAdmin.patch(`/api/admin/listings/${id}`, { hours: 1200 })],
      ['deactivate', () => asAdmin.post(`/api/admin/listings/${id}/status`, { status: 'inactive' })],
      ['activate', () => asAdmin.post(`/api/admin/listings/${id}/status`, { status: 'active' })],
      ['image upload', () => asAdmin.post(`/api/admin/listings/${id}/images`, body, headers)],
    ];
    for (const [name, write] of writes) {
      await noticesDelivered();
      const before = await dealerPage();
      await sneakIn();
      expect(await dealerPage(), `${name}: cached`).toEqual(before);
      expect(before.total, `${name}: stale while cached`).toBe((await activeCount()) - 1);
      expect((await write()).statusCode, name).toBeLessThan(300);
      // The sneaked row and the write itself show at once: the count is exact again.
      expect((await dealerPage()).total, name).toBe(await activeCount());
    }
    const withImage = (await dealerPage()).items.find((i: { id: string }) => i.id === id);
    expect(withImage.image).toMatchObject({ width: 400, height: 300 });
    const before = await dealerPage();
    expect((await asAdmin.delete(`/api/admin/listings/${id}`)).statusCode).toBe(200);
    const after = await dealerPage();
    expect(after.total).toBe(before.total - 1);
    expect(after.items.map((i: { id: string }) => i.id)).not.toContain(id);
  });

  it('sends a cached page compressed as the client asks, the same JSON as uncompressed', async () => {
    // Enough cards for a body above the compression threshold.
    await t.app.ctx.db.insert(listings).values(
      Array.from({ length: 30 }, (_, i) => ({
        userId: admin.id,
        make: 'Massey Ferguson',
        model: `Bulk ${i}`,
        year: 2010,
        location: 'Ohio',
      })),
    );
    firstPageCache(t.app.ctx).clear();
    const plain = await asDealer.get('/api/listings', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const decode: Record<string, (b: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.1, gzip;q=1', 'gzip'], // q-values: negotiated by @fastify/compress
    ]) {
      for (const round of ['miss', 'hit']) {
        if (round === 'miss') firstPageCache(t.app.ctx).clear();
        const res = await asDealer.get('/api/listings', { 'accept-encoding': accept });
        expect(res.headers['content-encoding'], `${accept} ${round}`).toBe(expected);
        expect(res.headers.vary).toContain('accept-encoding');
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(decode[expected](res.rawPayload).toString(), `${accept} ${round}`).toBe(plain.body);
      }
    }
  });

  it('compresses dynamic JSON at a cheap brotli quality (1), not 4, whichever path sends it', async () => {
    const plain = (await asDealer.get('/api/listings', { 'accept-encoding': 'identity' })).body;
    expect(plain.length).toBeGreaterThan(1024);
    const at = (quality: number, sizeHint: boolean) =>
      brotliCompressSync(plain, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: quality,
          ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(plain) } : {}),
        },
      });
    // The page's own body (br listed plainly) and @fastify/compress (q-values) for the same JSON.
    for (const accept of ['gzip, br', 'br;q=1, gzip;q=0.5']) {
      const res = await asDealer.get('/api/listings', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain);
      expect(res.rawPayload.equals(at(4, true)) || res.rawPayload.equals(at(4, false)), accept).toBe(false);
      expect(res.rawPayload.equals(at(1, true)) || res.rawPayload.equals(at(1, false)), accept).toBe(true);
    }
  });

  async function activeCount(): Promise<number> {
    const rows = await t.app.ctx.db.select({ status: listings.status }).from(listings);
    return rows.filter((r) => r.status === 'active').length;
  }
});
