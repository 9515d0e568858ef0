import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_REPORT_RULE } from '../../../../domain/timed-sale.js';
import { listings } from '../../db/schema.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import { closeDueLots } from './index.js';

const MIN = 60_000;
let keyNo = 0;

/** docs/product/timed-sale.md#rules-against-games: the admin's report of bidders who bid far more than they win. */
describe('the report of bidders who bid far more than they win', { timeout: 120_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let shill: TestUser;
  let asAdmin: TestClient;
  let asSeller: TestClient;
  let asShill: TestClient;
  let asWinner: TestClient;
  let asDealer: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    asAdmin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    seller = await createUser(t.app, { status: 'approved', companyName: 'Ames Tractor' });
    asSeller = await TestClient.as(t.app, seller);
    shill = await createUser(t.app, { status: 'approved', name: 'Sid Shill', companyName: 'Shill Farms' });
    asShill = await TestClient.as(t.app, shill);
    asWinner = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    asDealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
  });
  afterAll(() => t?.close());

  async function lotsOfSeller(n: number): Promise<string[]> {
    const now = t.clock.now().getTime();
    const sale = await asAdmin.post('/api/sales', {
      name: 'Tuesday Sale, Dec 8',
      startsAt: new Date(now + MIN).toISOString(),
      firstCloseAt: new Date(now + 20 * MIN).toISOString(),
      intervalSeconds: 60,
    });
    const lotIds: string[] = [];
    for (let i = 0; i < n; i++) {
      const [row] = await t.app.ctx.db
        .insert(listings)
        .values({
          userId: seller.id,
          sellerUserId: seller.id,
          reviewStatus: 'approved',
          make: 'Kubota',
          model: `M7-${i}`,
          year: 2019,
          hours: 2400,
          priceCents: 90_000_00,
          location: 'Ames, IA',
        })
        .returning({ id: listings.id });
      lotIds.push(
        (await asSeller.post(`/api/sales/${sale.json().id}/lots`, { listingId: row.id })).json().id,
      );
    }
    t.clock.advance(MIN);
    return lotIds;
  }

  const bid = async (c: TestClient, lotId: string, dollars: number) => {
    const res = await c.post(
      `/api/sales/lots/${lotId}/bids`,
      { kind: 'bid', amount: dollars },
      { 'idempotency-key': `report-${++keyNo}` },
    );
    expect(res.statusCode, res.body).toBe(200);
  };

  it("lists, for admins only, who bid 10 times or more across 3 of one seller's closed lots and won under 10%", async () => {
    const lotIds = await lotsOfSeller(3);
    // The shill and the winner take turns: 4 bids each on each lot, the winner last (12 bids, 3 lots, no win).
    for (const lotId of lotIds)
      for (let i = 0; i < 4; i++) {
        await bid(asShill, lotId, 100 + i * 200);
        await bid(asWinner, lotId, 200 + i * 200);
      }
    // Another dealer: many bids on two lots only.
    for (const lotId of lotIds.slice(0, 2)) await bid(asDealer, lotId, 2_000);
    // Open lots count for nobody yet.
    const early = await asAdmin.get('/api/sales/reports/bidders');
    expect(early.json().rows, early.body).toEqual([]);

    t.clock.advance(30 * MIN);
    await closeDueLots(t.app.ctx);
    const res = await asAdmin.get('/api/sales/reports/bidders');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rule: BID_REPORT_RULE,
      rows: [
        {
          bidderUserId: shill.id,
          bidderName: 'Sid Shill',
          bidderEmail: shill.email,
          bidderCompany: 'Shill Farms',
          sellerName: 'Ames Tractor',
          bids: 12,
          lots: 3,
          wins: 0,
        },
      ],
    });
    expect((await asShill.get('/api/sales/reports/bidders')).statusCode).toBe(403);
    expect((await (await TestClient.as(t.app, null)).get('/api/sales/reports/bidders')).statusCode).toBe(401);
  });
});
