import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealershipMembers, listings } from '../../db/schema.js';
import {
  createTestApp,
  createUser,
  mailsTo,
  type TestApp,
  TestClient,
  type TestUser,
} from '../../test/test-app.js';
import { closeDueLots, sendStartingNotices } from './index.js';

const MIN = 60_000;
let keyNo = 0;
const key = () => `notice-key-${++keyNo}`;

/** docs/product/timed-sale.md#notices: outbid, won and lost, the "if" answers, the sale starting in an hour. */
describe("the Timed Sale's notices", { timeout: 120_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let dealers: TestUser[];
  let mate: TestUser;
  let asAdmin: TestClient;
  let asSeller: TestClient;
  let as: TestClient[];
  const heard: Array<{ type: string; audience: string[]; data: Record<string, unknown> }> = [];
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp();
    asAdmin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    seller = await createUser(t.app, { status: 'approved', companyName: 'Ames Tractor' });
    asSeller = await TestClient.as(t.app, seller);
    dealers = [];
    for (let i = 0; i < 3; i++) dealers.push(await createUser(t.app, { status: 'approved' }));
    as = await Promise.all(dealers.map((d) => TestClient.as(t.app, d)));
    // A teammate of dealer 0: the dealership's watchlist is the whole team's.
    mate = await createUser(t.app, { status: 'approved' });
    const dealershipId = (await as[0].get('/api/team')).json().dealership.id;
    await t.app.ctx.db.insert(dealershipMembers).values({ userId: mate.id, dealershipId, role: 'viewer' });
    stopListening = await t.database.listen('fieldlot_events', (p) => heard.push(JSON.parse(p)));
  });
  afterAll(async () => {
    await stopListening?.();
    await t?.close();
  });

  async function liveListing(model: string, floorPriceCents: number | null = null): Promise<string> {
    const [row] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: seller.id,
        sellerUserId: seller.id,
        reviewStatus: 'approved',
        make: 'John Deere',
        model,
        year: 2021,
        hours: 1200,
        priceCents: 300_000_00,
        floorPriceCents,
        location: 'Ames, IA',
      })
      .returning({ id: listings.id });
    return row.id;
  }

  /** A sale starting in `startsInMinutes` with the given tractors, in run-list order. */
  async function sale(
    startsInMinutes: number,
    listingIds: string[],
  ): Promise<{ saleId: string; lotIds: string[] }> {
    const now = t.clock.now().getTime();
    const made = await asAdmin.post('/api/sales', {
      name: `Sale ${++keyNo}`,
      startsAt: new Date(now + startsInMinutes * MIN).toISOString(),
      firstCloseAt: new Date(now + (startsInMinutes + 30) * MIN).toISOString(),
      intervalSeconds: 60,
    });
    expect(made.statusCode, made.body).toBe(201);
    const lotIds: string[] = [];
    for (const listingId of listingIds) {
      const lot = await asSeller.post(`/api/sales/${made.json().id}/lots`, { listingId });
      expect(lot.statusCode, lot.body).toBe(201);
      lotIds.push(lot.json().id);
    }
    return { saleId: made.json().id, lotIds };
  }

  const bid = (c: TestClient, lotId: string, kind: 'bid' | 'max', dollars: number) =>
    c.post(`/api/sales/lots/${lotId}/bids`, { kind, amount: dollars }, { 'idempotency-key': key() });
  const notices = async (u: TestUser, kind: string) =>
    (await mailsTo(t, u.email)).filter(
      (m) => m.template === 'timed-sale-notice' && (m.payload as { kind: string }).kind === kind,
    );
  const heardOf = (type: string, userId: string) =>
    heard.filter((e) => e.type === type && e.audience.includes(userId));

  it('tells each dealer watching its lots, once per sale, that it starts within the hour, on two instances at once', async () => {
    const ids = [await liveListing('8R 340'), await liveListing('8R 370'), await liveListing('6R 145')];
    const { saleId } = await sale(90, ids);
    // Dealer 0 watches two lots (the team's watchlist: the teammate hears too), dealer 1 one, dealer 2 none.
    for (const id of ids.slice(0, 2)) expect((await as[0].put(`/api/watchlist/${id}`)).statusCode).toBe(200);
    expect((await as[1].put(`/api/watchlist/${ids[2]}`)).statusCode).toBe(200);

    t.clock.advance(29 * MIN); // 61 minutes before the start: not yet.
    expect(await sendStartingNotices(t.app.ctx)).toBe(0);
    t.clock.advance(2 * MIN);
    const [a, b] = await Promise.all([sendStartingNotices(t.app.ctx), sendStartingNotices(t.app.ctx)]);
    expect(a + b).toBe(3);
    expect(await sendStartingNotices(t.app.ctx)).toBe(0);

    const mine = await notices(dealers[0], 'starting');
    expect(mine).toHaveLength(1);
    expect(mine[0].payload).toMatchObject({
      saleId,
      tractor: '2021 John Deere 8R 340, 2021 John Deere 8R 370',
      startsAt: expect.stringMatching(/^\d\d\/\d\d\/\d{4}, \d{1,2}:\d\d (AM|PM) C[SD]T$/),
    });
    expect(await notices(mate, 'starting')).toHaveLength(1);
    expect((await notices(dealers[1], 'starting'))[0].payload).toMatchObject({
      tractor: '2021 John Deere 6R 145',
    });
    expect(await notices(dealers[2], 'starting')).toEqual([]);
    await expect.poll(() => heardOf('sale.starting', dealers[0].id).length).toBe(1);
    expect(heardOf('sale.starting', mate.id)).toHaveLength(1);
    expect(heardOf('sale.starting', dealers[2].id)).toEqual([]);
    t.clock.advance(60 * MIN);
  });

  it('tells the outbid dealer live every time, by e-mail at most once per lot in 10 minutes', async () => {
    const { lotIds } = await sale(1, [await liveListing('7R 290')]);
    t.clock.advance(MIN);
    const [lotId] = lotIds;
    for (const [c, dollars] of [
      [as[0], 100],
      [as[1], 200],
      [as[0], 300],
      [as[1], 400],
    ] as const)
      expect((await bid(c, lotId, 'bid', dollars)).statusCode).toBe(200);
    const outbid = async () =>
      (await notices(dealers[0], 'outbid')).filter((m) => (m.payload as { lotId: string }).lotId === lotId);
    expect(await outbid()).toHaveLength(1);
    await expect
      .poll(() => heardOf('sale.outbid', dealers[0].id).filter((e) => e.data.lotId === lotId).length)
      .toBe(2);
    t.clock.advance(10 * MIN + 1000);
    expect((await bid(as[0], lotId, 'bid', 500)).statusCode).toBe(200);
    expect((await bid(as[1], lotId, 'bid', 600)).statusCode).toBe(200);
    expect(await outbid()).toHaveLength(2);
  });

  it('under the reserve: the high bidder hears the "if", the others that they were not the high bidder, then the let-go', async () => {
    const { lotIds } = await sale(1, [await liveListing('8RX 410', 80_000_00)]);
    t.clock.advance(MIN);
    const [lotId] = lotIds;
    expect((await bid(as[2], lotId, 'bid', 100)).statusCode).toBe(200);
    expect((await bid(as[1], lotId, 'max', 2_000)).statusCode).toBe(200);
    t.clock.advance(31 * MIN);
    await closeDueLots(t.app.ctx);
    const ofLot = async (u: TestUser, kind: string) =>
      (await notices(u, kind)).filter((m) => (m.payload as { lotId: string }).lotId === lotId);
    expect(await ofLot(dealers[1], 'if_bidder')).toHaveLength(1);
    expect(await ofLot(dealers[2], 'lost_if')).toHaveLength(1);
    expect(await ofLot(dealers[2], 'lost')).toEqual([]);
    expect(await ofLot(seller, 'if_seller')).toHaveLength(1);
    const no = await asSeller.post(`/api/sales/lots/${lotId}/if`, { accept: false });
    expect(no.statusCode, no.body).toBe(200);
    expect(await ofLot(dealers[1], 'if_declined')).toHaveLength(1);
  });
});
