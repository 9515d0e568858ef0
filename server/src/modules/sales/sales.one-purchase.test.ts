import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { listings, offers, purchases, timedSaleLots } from '../../db/schema.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import { closeDueLots } from './index.js';

const MIN = 60_000;

/** The driver's error, whatever wraps it (drizzle, PGlite, pg): its message and its constraint's name. */
async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (err) {
    const parts: string[] = [];
    for (let e = err as { message?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
      parts.push(`${e.message ?? ''} ${e.constraint ?? ''}`);
      e = e.cause as typeof e;
    }
    return parts.join(' | ');
  }
  return 'not refused';
}

/**
 * docs/product/timed-sale.md#the-close: once a lot is closed and sold, a late bid is refused with its close time,
 * and the database itself refuses a second purchase for it, a second win offer, a move of its sale to another
 * offer, and a reopening, whatever code would try.
 */
describe('a closed Timed Sale lot', () => {
  let t: TestApp;
  let asAdmin: TestClient;
  let asSeller: TestClient;
  let seller: TestUser;
  let winner: TestUser;
  let other: TestUser;
  let asWinner: TestClient;
  let asOther: TestClient;
  let lotId = '';
  let listingId = '';

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t.app, { status: 'admin' });
    seller = await createUser(t.app, { status: 'approved' });
    winner = await createUser(t.app, { status: 'approved' });
    other = await createUser(t.app, { status: 'approved' });
    asAdmin = await TestClient.as(t.app, admin);
    asSeller = await TestClient.as(t.app, seller);
    asWinner = await TestClient.as(t.app, winner);
    asOther = await TestClient.as(t.app, other);
    const [listing] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: seller.id,
        sellerUserId: seller.id,
        reviewStatus: 'approved',
        make: 'Kubota',
        model: 'M7-172',
        year: 2020,
        hours: 2400,
        priceCents: 90_000_00,
        floorPriceCents: 10_000_00,
        location: 'Ames, IA',
      })
      .returning({ id: listings.id });
    listingId = listing.id;
    const now = t.clock.now().getTime();
    const sale = await asAdmin.post('/api/sales', {
      name: 'Tuesday Sale, Dec 8',
      startsAt: new Date(now + MIN).toISOString(),
      firstCloseAt: new Date(now + 10 * MIN).toISOString(),
      intervalSeconds: 60,
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const lot = await asSeller.post(`/api/sales/${sale.json().id}/lots`, { listingId });
    expect(lot.statusCode, lot.body).toBe(201);
    lotId = lot.json().id;
    t.clock.advance(2 * MIN);
    const bid = await asWinner.post(
      `/api/sales/lots/${lotId}/bids`,
      { kind: 'max', amount: 12_000 },
      { 'idempotency-key': 'one-purchase-winner' },
    );
    expect(bid.statusCode, bid.body).toBe(200);
    t.clock.advance(9 * MIN);
    expect(await closeDueLots(t.app.ctx)).toBe(1);
  });
  afterAll(() => t?.close());

  const lot = async () =>
    (await t.app.ctx.db.select().from(timedSaleLots).where(eq(timedSaleLots.id, lotId)))[0];

  it('is sold once, and a bid that reaches the server afterwards is refused with its close time', async () => {
    const closed = await lot();
    expect(closed.status).toBe('sold');
    const late = await asOther.post(
      `/api/sales/lots/${lotId}/bids`,
      { kind: 'bid', amount: 20_000 },
      { 'idempotency-key': 'one-purchase-late' },
    );
    expect(late.statusCode).toBe(409);
    const hhmmss = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(closed.closesAt);
    expect(late.json().error.message).toBe(`This lot closed at ${hhmmss}`);
    expect(late.json().error.message).toMatch(/^This lot closed at \d\d:\d\d:\d\d$/);
    // A dealer whose page wrote its time zone (the web app's cookie) reads the close in that zone, as on the page.
    asOther.cookies.set('fieldlot_tz', 'America/New_York');
    const inNewYork = await asOther.post(
      `/api/sales/lots/${lotId}/bids`,
      { kind: 'bid', amount: 20_000 },
      { 'idempotency-key': 'one-purchase-late-ny' },
    );
    const newYork = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(closed.closesAt);
    expect(inNewYork.json().error.message).toBe(`This lot closed at ${newYork}`);
    // The close worker on another instance finds nothing left to close.
    expect(await closeDueLots(t.app.ctx)).toBe(0);
  });

  it('has one purchase, and the database refuses a second one for its offer', async () => {
    const closed = await lot();
    const bought = await t.app.ctx.db.select().from(purchases).where(eq(purchases.listingId, listingId));
    expect(bought).toHaveLength(1);
    expect(bought[0].offerId).toBe(closed.offerId);
    // The same purchase again under a new number: every column copied but the id and the number.
    const columns = rowsOf<{ column_name: string }>(
      await t.app.ctx.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'purchases' and column_name not in ('id', 'number') order by ordinal_position`,
      ),
    ).map((r) => `"${r.column_name}"`);
    const list = sql.raw(columns.join(', '));
    const second = refusal(
      t.app.ctx.db.execute(
        sql`insert into purchases (number, ${list}) select number || '-again', ${list} from purchases where id = ${bought[0].id}`,
      ),
    );
    expect(await second).toContain('purchases_offer_key');
  });

  it('refuses a second win offer for the lot, a move of its sale to another offer, and a reopening', async () => {
    const closed = await lot();
    const [won] = await t.app.ctx.db
      .select()
      .from(offers)
      .where(eq(offers.id, closed.offerId as string));
    expect(won.idempotencyKey).toBe(`timed-sale-lot-${lotId}`);
    // Another buyer's offer under the lot's key (as a second close would write it): one win per lot.
    const { id: _id, ...copy } = won;
    const secondWin = refusal(
      t.app.ctx.db
        .insert(offers)
        .values({ ...copy, buyerUserId: other.id, status: 'pending', acceptedAt: null }),
    );
    expect(await secondWin).toContain('tractor_offers_one_per_timed_sale_lot_key');
    // An ordinary offer of the other dealer is not touched by that rule (only the lot's key is).
    const [plain] = await t.app.ctx.db
      .insert(offers)
      .values({
        ...copy,
        buyerUserId: other.id,
        status: 'withdrawn',
        acceptedAt: null,
        idempotencyKey: 'plain',
      })
      .returning({ id: offers.id });
    const moved = refusal(
      t.app.ctx.db.update(timedSaleLots).set({ offerId: plain.id }).where(eq(timedSaleLots.id, lotId)),
    );
    expect(await moved).toContain("a lot's sale never moves to another offer");
    const reopened = refusal(
      t.app.ctx.db.update(timedSaleLots).set({ status: 'open' }).where(eq(timedSaleLots.id, lotId)),
    );
    expect(await reopened).toContain('a closed lot never reopens');
    expect((await lot()).status).toBe('sold');
  });
});
