import { eq, inArray, or } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_TEXT } from '../../../../domain/data-exports.js';
import {
  auditLog,
  dataExports,
  dealershipMembers,
  inspectionRevisions,
  inspections,
  listings,
  offers,
  outbox,
  purchaseLedgerEntries,
  purchases,
  savedSearches,
  watchlistItems,
} from '../../db/schema.js';
import { seedDealershipDeals } from '../../test/fixtures/dealership-deals.js';
import {
  createTestApp,
  createUser,
  mailsTo,
  type TestApp,
  TestClient,
  type TestUser,
} from '../../test/test-app.js';
import { EXPORTED_TABLES } from './export-tables.js';
import { processExportsOnce } from './index.js';

/** docs/product/accounts.md#download-all-our-data */
describe('download all our data', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let buyer: TestUser;
  let rivalOwner: TestUser;
  let asOwner: TestClient;
  let asBuyer: TestClient;
  let asRival: TestClient;
  let dealershipId: string;
  let rivalDealershipId: string;
  let rivalListingId: string;
  let rivalOfferId: string;
  let ourOfferOnRival: string;
  let ourBoughtListingId: string;

  async function dealershipOf(client: TestClient) {
    const res = await client.get('/api/team');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { dealership: { id: string } }).dealership.id;
  }

  /** Requests, builds and returns the e-mailed token of `client`'s dealership export. */
  async function exportToken(client: TestClient, email: string) {
    const asked = await client.post('/api/data-exports');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(await processExportsOnce(t.app.ctx)).toBe(1);
    const [mail] = await mailsTo(t, email);
    expect(mail.template).toBe('data-export-ready');
    return (mail.payload as { token: string }).token;
  }

  async function download(token: string) {
    return new TestClient(t.app).post('/api/data-exports/download', { token });
  }

  function unzip(body: Buffer) {
    const files = unzipSync(new Uint8Array(body));
    const text = (name: string) => strFromU8(files[name]);
    const json = <T = Record<string, unknown>[]>(name: string) => JSON.parse(text(name)) as T;
    const all = Object.entries(files)
      .filter(([n]) => !n.endsWith('.pdf'))
      .map(([, d]) => strFromU8(d))
      .join('\n');
    return { files, text, json, all };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    owner = await createUser(t.app, { companyName: 'Whitfield Ag', name: 'Wendy Whitfield' });
    buyer = await createUser(t.app, { name: 'Bart Buyer' });
    rivalOwner = await createUser(t.app, { companyName: 'Rival Tractors', name: 'Rita Rival' });
    asOwner = await TestClient.as(t.app, owner);
    asBuyer = await TestClient.as(t.app, buyer);
    asRival = await TestClient.as(t.app, rivalOwner);
    dealershipId = await dealershipOf(asOwner);
    rivalDealershipId = await dealershipOf(asRival);
    await t.app.ctx.db.insert(dealershipMembers).values({ userId: buyer.id, dealershipId, role: 'buyer' });

    // Our history: 30 offers and 3 purchases on FieldLot's tractors, made by our buyer.
    await seedDealershipDeals(t.app, {
      buyer: { userId: buyer.id, dealershipId },
      sellerUserId: admin.id,
      offerCount: 30,
      purchaseCount: 3,
      prefix: 'OURS',
    });
    // The rival's own history, which must never appear in ours.
    const rival = await seedDealershipDeals(t.app, {
      buyer: { userId: rivalOwner.id, dealershipId: rivalDealershipId },
      sellerUserId: admin.id,
      offerCount: 5,
      purchaseCount: 1,
      prefix: 'RIVAL',
    });
    rivalOfferId = rival.offerIds[0];

    // The rival sells a tractor; our buyer offers on it (pending: the rival sees "A dealer in …").
    const [listing] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: rivalOwner.id,
        sellerUserId: rivalOwner.id,
        reviewStatus: 'approved',
        make: 'Case IH',
        model: 'Magnum 340',
        year: 2020,
        hours: 2100,
        priceCents: 250_000_00,
        location: 'Nebraska',
      })
      .returning({ id: listings.id });
    rivalListingId = listing.id;
    const [offer] = await t.app.ctx.db
      .insert(offers)
      .values({
        listingId: rivalListingId,
        buyerUserId: buyer.id,
        sellerUserId: rivalOwner.id,
        dealershipId,
        offerType: 'offer',
        offerAmountCents: 240_000_00,
        originalPriceCents: 250_000_00,
        message: 'Call Bart on 555-0101',
      })
      .returning({ id: offers.id });
    ourOfferOnRival = offer.id;

    // Dealer tools of both dealerships.
    await t.app.ctx.db.insert(watchlistItems).values(
      [
        { userId: buyer.id, dealershipId, listingId: rivalListingId, priceAtWatchCents: 250_000_00 },
        {
          userId: rivalOwner.id,
          dealershipId: rivalDealershipId,
          listingId: listing.id,
          priceAtWatchCents: 1,
        },
      ].slice(0, 1),
    );
    // A condition report on the rival's tractor and one on a tractor we bought.
    const inspector = await createUser(t.app, { status: 'inspector', name: 'Ivy Inspector' });
    const [ourPurchase] = await t.app.ctx.db
      .select({ listingId: purchases.listingId })
      .from(purchases)
      .where(eq(purchases.dealershipId, dealershipId))
      .limit(1);
    for (const listingId of [rivalListingId, ourPurchase.listingId]) {
      const [inspection] = await t.app.ctx.db
        .insert(inspections)
        .values({ listingId, serial: 'SER-1', hourMeter: 2100 })
        .returning({ id: inspections.id });
      await t.app.ctx.db.insert(inspectionRevisions).values({
        inspectionId: inspection.id,
        listingId,
        number: 1,
        gradeTenths: 42,
        serial: 'SER-1',
        hourMeter: 2100,
        announcements: [],
        treads: {},
        ratings: {},
        photos: [],
        inspectorUserId: inspector.id,
        inspectorName: inspector.name,
      });
    }
    ourBoughtListingId = ourPurchase.listingId;

    await t.app.ctx.db.insert(outbox).values([
      { template: 'watchlist-notice', recipient: buyer.email, payload: { note: 'payload-secret' } },
      { template: 'watchlist-notice', recipient: rivalOwner.email, payload: {} },
    ]);
    await t.app.ctx.db.insert(savedSearches).values([
      { userId: buyer.id, name: 'Big Deeres', filters: { make: 'John Deere' } },
      { userId: rivalOwner.id, name: 'Rival search', filters: {} },
    ]);
  });
  afterAll(() => t?.close());

  it('lets only the owner ask: a team member is refused', async () => {
    const res = await asBuyer.post('/api/data-exports');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(DATA_EXPORT_TEXT.notOwner);
    expect((await asBuyer.get('/api/data-exports/latest')).statusCode).toBe(403);
  });

  it('queues one export at a time; the worker builds it and e-mails a link', async () => {
    const first = await asOwner.post('/api/data-exports');
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().export.state).toBe('queued');
    const again = await asOwner.post('/api/data-exports');
    expect(again.json().export.id).toBe(first.json().export.id);

    expect(await processExportsOnce(t.app.ctx)).toBe(1);
    expect(await processExportsOnce(t.app.ctx)).toBe(0);
    const latest = await asOwner.get('/api/data-exports/latest');
    expect(latest.json().export).toMatchObject({ id: first.json().export.id, state: 'ready' });
    const [mail] = await mailsTo(t, owner.email);
    expect(mail.template).toBe('data-export-ready');
    const [row] = await t.app.ctx.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.id, first.json().export.id));
    // Only the hash of the link's token is kept.
    expect(row.tokenHash).not.toBe((mail.payload as { token: string }).token);
  });

  it('downloads once: the ZIP matches the database and holds nothing of another dealership', async () => {
    const [mail] = await mailsTo(t, owner.email);
    const token = (mail.payload as { token: string }).token;
    const res = await download(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = unzip(res.rawPayload);

    // Every exported table's file is there.
    for (const file of new Set(Object.values(EXPORTED_TABLES)))
      expect(Object.keys(zip.files)).toContain(file);

    // Offers made: exactly the dealership's rows.
    const dbOffers = await t.app.ctx.db
      .select({ id: offers.id })
      .from(offers)
      .where(eq(offers.dealershipId, dealershipId));
    const made = zip.json('offers/made.json');
    expect(made.map((o) => o.id).sort()).toEqual(dbOffers.map((o) => o.id).sort());
    expect(made).toHaveLength(30 + 3 + 1);
    expect(made.every((o) => !('sellerUserId' in o))).toBe(true);

    // Purchases and their ledger.
    const dbPurchases = await t.app.ctx.db
      .select({ id: purchases.id, number: purchases.number })
      .from(purchases)
      .where(eq(purchases.dealershipId, dealershipId));
    const bought = zip.json('purchases/bought.json');
    expect(bought.map((p) => p.number).sort()).toEqual(dbPurchases.map((p) => p.number).sort());
    expect(bought.every((p) => (p.invoices as unknown[]).length === 1)).toBe(true);
    const dbLedger = await t.app.ctx.db
      .select({ id: purchaseLedgerEntries.id })
      .from(purchaseLedgerEntries)
      .where(
        inArray(
          purchaseLedgerEntries.purchaseId,
          dbPurchases.map((p) => p.id),
        ),
      );
    expect(
      zip
        .json('purchases/ledger.json')
        .map((e) => e.id)
        .sort(),
    ).toEqual(dbLedger.map((e) => e.id).sort());

    // Documents: an invoice PDF per purchase, drawn by the purchases module.
    const invoicesPdf = Object.keys(zip.files).filter((n) => n.startsWith('documents/invoice-'));
    expect(invoicesPdf).toHaveLength(3);
    expect(strFromU8(zip.files[invoicesPdf[0]].slice(0, 5))).toBe('%PDF-');

    // The report on the tractor we bought, as JSON and PDF; none on the rival's tractor.
    expect(zip.json('reports/reports.json').map((r) => r.listingId)).toEqual([ourBoughtListingId]);
    expect(Object.keys(zip.files)).toContain(`reports/report-${ourBoughtListingId}-r1.pdf`);

    // Spreadsheets: a line per offer and purchase, formulas neutralised.
    const offersCsv = zip.text('spreadsheets/offers.csv').trim().split('\r\n');
    expect(offersCsv).toHaveLength(1 + 34);
    expect(zip.text('spreadsheets/offers.csv')).not.toMatch(/,=HYPERLINK/);
    expect(zip.text('spreadsheets/purchases.csv').trim().split('\r\n')).toHaveLength(1 + 3);
    expect(zip.text('spreadsheets/ledger.csv').trim().split('\r\n')).toHaveLength(1 + dbLedger.length);

    // Team, account and dealer tools.
    expect(
      zip
        .json('team/memberships.json')
        .map((m) => m.userId)
        .sort(),
    ).toEqual([owner.id, buyer.id].sort());
    expect(zip.json('account/members.json').every((m) => !('passwordHash' in m))).toBe(true);
    expect(zip.json('dealer-tools/saved-searches.json').map((s) => s.name)).toEqual(['Big Deeres']);
    expect(zip.json('dealer-tools/watchlist.json')).toHaveLength(1);
    const emails = zip.json('notices/emails.json');
    expect(emails.map((m) => m.template)).toEqual(['watchlist-notice']);
    expect(emails.every((m) => !('payload' in m))).toBe(true);
    expect(zip.all).not.toContain('payload-secret');
    expect(zip.all).not.toContain((mail.payload as { token: string }).token);

    // The dealership's own request is in its audit rows.
    const audit = zip.json('audit/audit-log.json');
    expect(audit.map((a) => a.action)).toContain('data_export.requested');

    // Nothing of the rival: its dealership, its people, its offers and purchases.
    for (const secret of [
      rivalDealershipId,
      rivalOwner.id,
      rivalOwner.email,
      'Rita Rival',
      'Rival Tractors',
      rivalOfferId,
      'FL-RIVAL',
    ])
      expect(zip.all).not.toContain(secret);

    // Used once: the second try and the stored file are gone.
    const second = await download(token);
    expect(second.statusCode).toBe(404);
    expect(second.json().error.message).toBe(DATA_EXPORT_TEXT.linkInvalid);
    expect((await asOwner.get('/api/data-exports/latest')).json().export.state).toBe('downloaded');
  });

  it("names our buyer on the rival's side only as the rival's screens do", async () => {
    const token = await exportToken(asRival, rivalOwner.email);
    const res = await download(token);
    expect(res.statusCode, res.body).toBe(200);
    const zip = unzip(res.rawPayload);
    const received = zip.json('offers/received.json');
    expect(received.map((o) => o.id)).toEqual([ourOfferOnRival]);
    expect(received[0]).toMatchObject({ buyerLabel: 'A FieldLot dealer', buyer: null });
    // The rival's listing is theirs; our buyer, owner, dealership and our offers' numbers are not.
    expect(zip.json('listings/listings.json').map((l) => l.id)).toContain(rivalListingId);
    expect(zip.json('reports/reports.json').map((r) => r.listingId)).toContain(rivalListingId);
    for (const secret of [
      dealershipId,
      buyer.id,
      buyer.email,
      'Bart Buyer',
      'Whitfield Ag',
      owner.email,
      'FL-OURS',
      '555-0101',
    ])
      expect(zip.all).not.toContain(secret);
  });

  it('refuses an expired link', async () => {
    const token = await exportToken(asOwner, owner.email);
    t.clock.advance(7 * 24 * 3600_000 + 60_000);
    const res = await download(token);
    expect(res.statusCode).toBe(404);
    // Sessions end sooner than the link; a fresh one reads the state.
    const fresh = await TestClient.as(t.app, owner);
    expect((await fresh.get('/api/data-exports/latest')).json().export.state).toBe('expired');
  });

  it("builds an export once when two workers run at once, and takes back a dead worker's claim", async () => {
    // The clock moved past the earlier sessions.
    asRival = await TestClient.as(t.app, rivalOwner);
    const asked = await asRival.post('/api/data-exports');
    expect(asked.statusCode, asked.body).toBe(202);
    const before = (await mailsTo(t, rivalOwner.email)).length;
    const passes = await Promise.all([processExportsOnce(t.app.ctx), processExportsOnce(t.app.ctx)]);
    expect(passes[0] + passes[1]).toBe(1);
    expect((await mailsTo(t, rivalOwner.email)).length).toBe(before + 1);

    // A worker that died mid-build: its lease runs out and another instance builds the file.
    const again = await asRival.post('/api/data-exports');
    const id = again.json().export.id as string;
    await t.app.ctx.db
      .update(dataExports)
      .set({ status: 'building', attempts: 1, lockedUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(dataExports.id, id));
    expect(await processExportsOnce(t.app.ctx)).toBe(0);
    t.clock.advance(2 * 60_000);
    expect(await processExportsOnce(t.app.ctx)).toBe(1);
  });

  it('caps the exports a dealership asks for in a day', async () => {
    // Two asked today already (the rival's); each finished export frees the next request.
    const fresh = await TestClient.as(t.app, rivalOwner);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fresh.post('/api/data-exports');
      codes.push(res.statusCode);
      if (res.statusCode === 202)
        await t.app.ctx.db
          .update(dataExports)
          .set({ status: 'failed' })
          .where(eq(dataExports.id, res.json().export.id));
      else expect(res.json().error.message).toBe(DATA_EXPORT_TEXT.tooMany);
    }
    expect(codes).toEqual([202, 202, 202, 429]);
  });

  it('refuses an unknown link and a malformed one', async () => {
    expect((await download('x'.repeat(43))).statusCode).toBe(404);
    expect((await download('short')).statusCode).toBe(400);
  });

  it('writes the request and the download to the audit log', async () => {
    const rows = await t.app.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(or(eq(auditLog.action, 'data_export.requested'), eq(auditLog.action, 'data_export.downloaded')));
    expect(rows.filter((r) => r.action === 'data_export.downloaded').length).toBeGreaterThanOrEqual(2);
  });
});
