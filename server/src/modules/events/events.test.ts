import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieNames } from '../../../../domain/session-cookies.js';
import { type App, buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { type Database, openDatabase } from '../../db/client.js';
import { listings } from '../../db/schema.js';
import { publishEvent } from '../../lib/events.js';
import { createSession } from '../../lib/sessions.js';
import { insertListing } from '../../test/fixtures/offers.js';
import {
  createDatabaseFromTemplate,
  dbUrl,
  dropDatabase,
  ensurePostgresTemplate,
} from '../../test/template-db.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';

interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** A minimal EventSource over fetch: collects parsed events; `next` waits for one of a type. */
class SseClient {
  events: SseEvent[] = [];
  ended = false;
  status = 0;
  private waiters: Array<() => void> = [];
  private abort = new AbortController();

  static async open(base: string, cookie: string, lastEventId?: string): Promise<SseClient> {
    const c = new SseClient();
    const res = await fetch(`${base}/api/events`, {
      headers: {
        cookie,
        accept: 'text/event-stream',
        ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
      },
      signal: c.abort.signal,
    });
    c.status = res.status;
    if (res.ok && res.body) void c.pump(res.body);
    else c.ended = true;
    return c;
  }

  private async pump(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let at = buffer.indexOf('\n\n');
        while (at !== -1) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const ev: SseEvent = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) ev.id = line.slice(4);
            else if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              ev.data = line.slice(6);
              hasData = true;
            }
          }
          if (hasData) this.events.push(ev);
          at = buffer.indexOf('\n\n');
        }
        this.wake();
      }
    } catch {
      // aborted
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves with the first event matching; rejects if the stream ends first (or after a generous safety limit). */
  async next(match: (e: SseEvent) => boolean, from = 0, limitMs = 10_000): Promise<SseEvent> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended; saw ${JSON.stringify(this.events)}`);
      if (Date.now() > deadline) throw new Error(`no matching event; saw ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** Waits until the stream ends. */
  async end(): Promise<void> {
    while (!this.ended) await new Promise<void>((r) => this.waiters.push(r));
  }

  close() {
    this.abort.abort();
  }
}

async function cookieFor(app: App, user: TestUser) {
  const token = await createSession(app.ctx.db, app.ctx.clock, user.id);
  return `${cookieNames(false).session}=${token}`;
}

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
}

describe('live events (SSE over LISTEN/NOTIFY)', () => {
  let t: TestApp;
  let base: string;
  let admin: TestUser;
  let dealer: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    admin = await createUser(t.app, { status: 'admin' });
    dealer = await createUser(t.app, { status: 'approved' });
    other = await createUser(t.app, { status: 'approved' });
  });
  afterAll(() => t.close());

  it('refuses signed-out callers', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
  });

  it('delivers offer events to admins and the buyer only', async () => {
    const adminSse = await SseClient.open(base, await cookieFor(t.app, admin));
    const dealerSse = await SseClient.open(base, await cookieFor(t.app, dealer));
    const otherSse = await SseClient.open(base, await cookieFor(t.app, other));
    expect(adminSse.status).toBe(200);

    const listingId = await insertListing(t.app, admin.id);
    const asDealer = await TestClient.as(t.app, dealer);
    const offer = (await asDealer.post('/api/offers', { listingId, offerType: 'offer', amount: 1000 })).json()
      .offer;
    const created = await adminSse.next((e) => e.event === 'offer.created');
    // `notice` lets an open admin panel toast it (docs/product/offers.md#admin-notices).
    expect(JSON.parse(created.data)).toEqual({
      offerId: offer.id,
      listingId,
      status: 'pending',
      notice: 'new_offer',
      tractor: '2019 John Deere 6155R',
      amountCents: 1000_00,
      buyerName: dealer.name,
    });

    const asAdmin = await TestClient.as(t.app, admin);
    await asAdmin.post(`/api/admin/offers/${offer.id}/counter`, { amount: 900 });
    const countered = await dealerSse.next((e) => e.event === 'offer.updated');
    expect(JSON.parse(countered.data)).toMatchObject({ offerId: offer.id, status: 'countered' });
    expect(JSON.parse(countered.data).notice).toBeUndefined(); // an admin's own step is not a notice

    await asDealer.post(`/api/offers/${offer.id}/accept-counter`);
    const sold = await adminSse.next(
      (e) => e.event === 'offer.updated' && JSON.parse(e.data).notice === 'counter_accepted',
    );
    expect(JSON.parse(sold.data)).toMatchObject({
      offerId: offer.id,
      status: 'accepted',
      amountCents: 900_00,
    });

    // A marker event for the other dealer proves they were connected and still saw nothing of the above.
    await publishEvent(t.app.ctx.db, { type: 'marker', audience: [other.id], data: {} });
    await otherSse.next((e) => e.event === 'marker');
    expect(otherSse.events.map((e) => e.event)).toEqual(['marker']);
    for (const c of [adminSse, dealerSse, otherSse]) c.close();
  });

  it("tells the seller of a dealer's listing live, with the buyer anonymous", async () => {
    const sellerSse = await SseClient.open(base, await cookieFor(t.app, other));
    const listingId = await insertListing(t.app, other.id);
    await t.app.ctx.db
      .update(listings)
      .set({ sellerUserId: other.id, reviewStatus: 'approved' })
      .where(eq(listings.id, listingId));
    const asDealer = await TestClient.as(t.app, dealer);
    const offer = (await asDealer.post('/api/offers', { listingId, offerType: 'offer', amount: 1000 })).json()
      .offer;
    const created = await sellerSse.next((e) => e.event === 'offer.created');
    expect(JSON.parse(created.data)).toMatchObject({ offerId: offer.id, buyerName: 'A FieldLot dealer' });
    await asDealer.post(`/api/offers/${offer.id}/withdraw`);
    const withdrawn = await sellerSse.next((e) => e.event === 'offer.updated');
    expect(JSON.parse(withdrawn.data)).toEqual({ offerId: offer.id, listingId, status: 'withdrawn' });
    expect(sellerSse.events.map((e) => e.data).join()).not.toContain(dealer.name);
    sellerSse.close();
  });

  it('replays what a reconnecting client missed, by Last-Event-ID, and asks unknown ids to resync', async () => {
    const cookie = await cookieFor(t.app, dealer);
    const first = await SseClient.open(base, cookie);
    await publishEvent(t.app.ctx.db, { type: 'one', audience: [dealer.id], data: { n: 1 } });
    const one = await first.next((e) => e.event === 'one');
    first.close(); // the connection drops

    await publishEvent(t.app.ctx.db, { type: 'two', audience: [dealer.id], data: { n: 2 } });
    await publishEvent(t.app.ctx.db, { type: 'not-mine', audience: [other.id], data: {} });
    const again = await SseClient.open(base, cookie, one.id);
    const two = await again.next((e) => e.event === 'two');
    expect(JSON.parse(two.data)).toEqual({ n: 2 });
    expect(again.events.some((e) => e.event === 'not-mine' || e.event === 'one')).toBe(false);
    again.close();

    const stranger = await SseClient.open(base, cookie, 'elsewhere-42');
    await stranger.next((e) => e.event === 'resync');
    stranger.close();
  });

  it('ends open streams on shutdown without blocking close()', async () => {
    const own = await createTestApp();
    const ownBase = await listen(own.app);
    const u = await createUser(own.app, { status: 'approved' });
    const sse = await SseClient.open(ownBase, await cookieFor(own.app, u));
    await publishEvent(own.app.ctx.db, { type: 'hello', audience: [u.id], data: {} });
    await sse.next((e) => e.event === 'hello');
    await own.close();
    await sse.end();
    expect(sse.ended).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'live events across two server instances on one PostgreSQL',
  () => {
    const baseUrl = process.env.TEST_DATABASE_URL ?? '';
    let name: string;
    let dbs: Database[] = [];
    let apps: App[] = [];
    let bases: string[] = [];

    beforeAll(async () => {
      name = await createDatabaseFromTemplate(baseUrl, await ensurePostgresTemplate(baseUrl));
      const url = dbUrl(baseUrl, name);
      dbs = [
        await openDatabase({ databaseUrl: url, poolSize: 4 }),
        await openDatabase({ databaseUrl: url, poolSize: 4 }),
      ];
      const config = testConfig({ publicUrl: 'http://localhost:3000' });
      apps = await Promise.all(dbs.map((database) => buildApp({ config, database, serveWeb: false })));
      bases = await Promise.all(apps.map(listen));
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const db of dbs) await db.close();
      await dropDatabase(baseUrl, name);
    });

    it('an offer made through one instance reaches an admin streaming from the other, and again after a reconnect', async () => {
      const [one] = apps;
      const baseTwo = bases[1];
      const admin = await createUser(one, { status: 'admin' });
      const dealer = await createUser(one, { status: 'approved' });
      const cookie = await cookieFor(one, admin); // sessions live in the shared database
      const sse = await SseClient.open(baseTwo, cookie);

      const listingId = await insertListing(one, admin.id);
      const asDealer = await TestClient.as(one, dealer);
      const offer = (
        await asDealer.post('/api/offers', { listingId, offerType: 'offer', amount: 500 })
      ).json().offer;
      const got = await sse.next((e) => e.event === 'offer.created');
      expect(JSON.parse(got.data).offerId).toBe(offer.id);

      // Dropped connection: a new stream on the same instance keeps receiving.
      sse.close();
      const again = await SseClient.open(baseTwo, cookie);
      await asDealer.post(`/api/offers/${offer.id}/withdraw`);
      const withdrawn = await again.next((e) => e.event === 'offer.updated');
      expect(JSON.parse(withdrawn.data)).toMatchObject({ offerId: offer.id, status: 'withdrawn' });

      // Figures, not assertions: publish-to-delivery time across the two instances.
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const from = again.events.length;
        const started = performance.now();
        await publishEvent(one.ctx.db, { type: 'ping', audience: [admin.id], data: { i } });
        await again.next((e) => e.event === 'ping' && JSON.parse(e.data).i === i, from);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `SSE across instances: median ${times[10].toFixed(1)} ms, max ${times[19].toFixed(1)} ms (20 events)`,
      );
      again.close();
    });

    it('keeps delivering after the database drops the LISTEN connection', async () => {
      const [one] = apps;
      const baseTwo = bases[1];
      const admin = await createUser(one, { status: 'admin' });
      const sse = await SseClient.open(baseTwo, await cookieFor(one, admin));
      const killer = new pg.Client({ connectionString: dbUrl(baseUrl, name) });
      await killer.connect();
      const killed = await killer.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      );
      await killer.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      // Publish until the re-LISTENed connection hears one (events sent while it was down are lost).
      let got = false;
      for (let i = 0; i < 40 && !got; i++) {
        await publishEvent(one.ctx.db, { type: 'after-drop', audience: [admin.id], data: { i } });
        got = await sse
          .next((e) => e.event === 'after-drop', 0, 500)
          .then(
            () => true,
            () => false,
          );
      }
      expect(got).toBe(true);
      // What was published while the listener was down is lost: the open stream is told to refetch.
      expect(sse.events.some((e) => e.event === 'resync')).toBe(true);
      sse.close();
    });
  },
);
