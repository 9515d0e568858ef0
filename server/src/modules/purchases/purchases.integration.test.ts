import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_PURCHASE_TEXT } from '../../../../domain/purchases.js';
import type { Purchase, SoldPurchase } from '../../../../domain/purchases-api.js';
import { listings, offers, purchases, users } from '../../db/schema.js';
import { insertListing, mailsTo } from '../../test/fixtures/offers.js';
import { TEST_YARD } from '../../test/fixtures/yard.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import type { SaleMail } from './purchases.mail.js';

const PASSWORD = 'Combine-Harvest#2031';

/**
 * Purchases, dealer selling and teams together (docs/product/purchases.md#the-seller-dealers-view,
 * docs/product/dealer-tools.md#purchases): a purchase of a dealer's listing names that dealer as
 * seller, who reads it; cancel and return puts the listing back to Draft and the tractor can be sold again; a
 * purchase belongs to the buyer's dealership.
 */
describe('purchases across dealer selling and dealership teams', () => {
  let t: TestApp;
  let admin: TestUser;
  let sellerA: TestUser;
  let ownerB: TestUser;
  let dealerC: TestUser;
  let asAdmin: TestClient;
  let asA: TestClient;
  let asB: TestClient;
  let asC: TestClient;
  const tractor = {
    make: 'Kubota',
    model: 'M7-172',
    year: 2020,
    location: 'Ames, IA',
    ...TEST_YARD,
    priceCents: 90_000_00,
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    sellerA = await createUser(t.app, { status: 'approved', companyName: 'Ames Tractor', name: 'Alex Ames' });
    ownerB = await createUser(t.app, { status: 'approved', companyName: 'Boone Ag', name: 'Bea Boone' });
    dealerC = await createUser(t.app, { status: 'approved', companyName: 'Cedar Farm Supply' });
    await t.app.ctx.db.update(users).set({ state: 'IA' }).where(eq(users.id, ownerB.id));
    asAdmin = await TestClient.as(t.app, admin);
    asA = await TestClient.as(t.app, sellerA);
    asB = await TestClient.as(t.app, ownerB);
    asC = await TestClient.as(t.app, dealerC);
  });
  afterAll(() => t.close());

  /** A dealer's listing through review to live (as-is). */
  async function liveListing(client: TestClient): Promise<string> {
    const res = await client.post('/api/listings', tractor);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    await approve(client, id);
    return id;
  }
  async function approve(client: TestClient, id: string) {
    expect((await client.post(`/api/my-listings/${id}/submit`)).json().stage).toBe('in_review');
    const ok = await asAdmin.post(`/api/admin/listings/${id}/approve`, {
      asIsReason: 'Trade-in, not inspected',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  }
  /** `buyer` offers on the listing and the seller accepts: the purchase's id. */
  async function sold(listingId: string, buyer: TestClient, seller: TestClient, amount = '85000') {
    const made = await buyer.post('/api/offers', { listingId, offerType: 'offer', amount });
    expect(made.statusCode, made.body).toBe(201);
    const offerId = made.json().offer.id as string;
    const ok = await seller.post(`/api/my-listings/offers/${offerId}/accept`);
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.offerId, offerId));
    return { offerId, purchaseId: row.id, row };
  }
  /** The buyer chooses collection or delivery, then FieldLot records the invoice paid in full by wire. */
  async function chooseAndPay(buyer: TestClient, purchaseId: string, fulfilment: 'collect' | 'delivery') {
    const chosen = await buyer.post(`/api/purchases/${purchaseId}/fulfilment`, { fulfilment });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const total = chosen.json().money.invoiceTotalCents as number;
    const paid = await asAdmin.post(`/api/admin/purchases/${purchaseId}/payments`, {
      amount: (total / 100).toFixed(2),
      method: 'wire',
      reference: 'WIRE-7',
      paidOn: '2026-11-24',
      expectedBalanceCents: total,
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  /** The seller's sale e-mails about one purchase, oldest first. */
  const saleMails = async (email: string, number: string) =>
    (await mailsTo(t.app, email, 'purchase-seller-update'))
      .map((m) => m.payload as SaleMail)
      .filter((m) => m.number === number);
  const stageOf = async (id: string) =>
    (await asA.get('/api/my-listings')).json().items.find((l: { id: string }) => l.id === id).stage;

  it("a dealer's listing sold to another dealer: the seller reads the purchase with proceeds; others get 404", async () => {
    const listingId = await liveListing(asA);
    const { purchaseId, row } = await sold(listingId, asB, asA);
    expect(row.sellerUserId).toBe(sellerA.id);
    expect(row.buyerUserId).toBe(ownerB.id);

    const list = await asA.get('/api/purchases/sold');
    expect(list.statusCode, list.body).toBe(200);
    const mine = (list.json().items as SoldPurchase[]).find((p) => p.id === purchaseId);
    expect(mine).toMatchObject({
      listingId,
      status: 'awaiting_payment',
      priceCents: 85_000_00,
      sellerFeeCents: 250_00,
      proceedsCents: 84_750_00,
      buyer: { companyName: 'Boone Ag', name: 'Bea Boone', email: ownerB.email },
    });
    expect(mine?.timeline[0].text).toMatch(/^Offer accepted: purchase FL-/);
    const one = await asA.get(`/api/purchases/sold/${purchaseId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().proceedsCents).toBe(84_750_00);
    // Read-only for the seller: not the buyer's view, no buyer steps.
    expect((await asA.get(`/api/purchases/${purchaseId}`)).statusCode).toBe(404);
    expect(
      (await asA.post(`/api/purchases/${purchaseId}/fulfilment`, { fulfilment: 'collect' })).statusCode,
    ).toBe(404);
    // A third dealer, and the buyer on the seller's route: 404 / not listed.
    expect((await asC.get(`/api/purchases/sold/${purchaseId}`)).statusCode).toBe(404);
    expect((await asC.get('/api/purchases/sold')).json().items).toHaveLength(0);
    expect((await asB.get(`/api/purchases/sold/${purchaseId}`)).statusCode).toBe(404);
    // The buyer still has their own view.
    expect((await asB.get(`/api/purchases/${purchaseId}`)).statusCode).toBe(200);
  });

  it("cancel and return: a dealer's listing goes back to Draft and can be sold again; FieldLot's to inactive", async () => {
    const listingId = await liveListing(asA);
    const first = await sold(listingId, asB, asA);
    expect(await stageOf(listingId)).toBe('sold');
    const cancelled = await asAdmin.post(`/api/admin/purchases/${first.purchaseId}/cancel`, {
      reason: 'Buyer backed out',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stageOf(listingId)).toBe('draft');
    const [offer] = await t.app.ctx.db
      .select({ status: offers.status })
      .from(offers)
      .where(eq(offers.id, first.offerId));
    expect(offer.status).toBe('returned');
    // The seller reads the cancelled sale; the buyer's Purchased Inventory keeps the card.
    const seen = (await asA.get(`/api/purchases/sold/${first.purchaseId}`)).json();
    expect(seen).toMatchObject({ status: 'cancelled', cancelReason: 'Buyer backed out' });
    expect(seen.timeline.at(-1)).toMatchObject({ kind: 'cancelled', text: 'Cancelled: Buyer backed out' });
    // ...and is told by e-mail, with the reason and where the listing went.
    expect(await saleMails(sellerA.email, first.row.number)).toEqual([
      expect.objectContaining({ kind: 'cancelled', note: 'Reason: Buyer backed out' }),
    ]);
    const cards = (await asB.get('/api/offers/purchased')).json();
    expect(JSON.stringify(cards)).toContain(first.offerId);

    // Back through review, live again, sold to another dealer: a second purchase.
    await approve(asA, listingId);
    const second = await sold(listingId, asC, asA, '80000');
    expect(second.purchaseId).not.toBe(first.purchaseId);
    expect(await stageOf(listingId)).toBe('sold');
    expect((await asA.get('/api/purchases/sold')).json().items.map((p: SoldPurchase) => p.id)).toEqual(
      expect.arrayContaining([first.purchaseId, second.purchaseId]),
    );

    // FieldLot's own listing: back to inactive (no review state).
    const own = await insertListing(t.app, admin.id);
    const made = await asC.post('/api/offers', { listingId: own, offerType: 'offer', amount: '40000' });
    expect((await asAdmin.post(`/api/admin/offers/${made.json().offer.id}/accept`)).statusCode).toBe(200);
    const [p] = await t.app.ctx.db
      .select({ id: purchases.id, sellerUserId: purchases.sellerUserId })
      .from(purchases)
      .where(eq(purchases.offerId, made.json().offer.id));
    expect(p.sellerUserId).toBe(admin.id);
    expect((await asAdmin.post(`/api/admin/purchases/${p.id}/cancel`, { reason: 'Test' })).statusCode).toBe(
      200,
    );
    const [l] = await t.app.ctx.db
      .select({ status: listings.status, reviewStatus: listings.reviewStatus })
      .from(listings)
      .where(eq(listings.id, own));
    expect(l).toEqual({ status: 'inactive', reviewStatus: null });
    // FieldLot's own listing has no seller dealer to tell.
    expect(await mailsTo(t.app, admin.email, 'purchase-seller-update')).toEqual([]);
  });

  it('the seller dealer is told what the sale asks of them: the release code to hand over to, the title, the end', async () => {
    const listingId = await liveListing(asA);
    const { purchaseId, row } = await sold(listingId, asB, asA);
    await chooseAndPay(asB, purchaseId, 'collect');
    // Before the release the seller waits; nothing of the buyer's invoice or payment reaches them.
    const waiting = (await asA.get(`/api/purchases/sold/${purchaseId}`)).json() as SoldPurchase;
    expect(waiting).toMatchObject({ status: 'paid', releaseCode: null, fulfilment: 'collect' });
    expect(waiting.nextStep).toBe(
      'Keep the tractor ready: FieldLot tells you when the buyer has paid and it is released',
    );
    expect(await saleMails(sellerA.email, row.number)).toEqual([]);

    const released = await asAdmin.post(`/api/admin/purchases/${purchaseId}/release`);
    const code = released.json().releaseCode as string;
    const view = (await asA.get(`/api/purchases/sold/${purchaseId}`)).json() as SoldPurchase;
    expect(view.releaseCode).toBe(code);
    expect(view.nextStep).toBe(
      `Hand the tractor over only to the buyer's truck showing release code ${code}. Send the title to FieldLot.`,
    );
    const [releaseMail] = await saleMails(sellerA.email, row.number);
    expect(releaseMail).toMatchObject({ kind: 'released', code });
    expect(releaseMail.facts).toEqual([
      ['Release code', code],
      ['Collected by', "The buyer's own truck"],
      ['Buyer', `Boone Ag (Bea Boone, ${ownerB.email})`],
    ]);

    // The buyer's own truck: a carrier noted by FieldLot is the buyer's business, not a mail to the seller.
    const noted = await asAdmin.post(`/api/admin/purchases/${purchaseId}/logistics`, {
      carrier: 'Boone Ag truck',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    await asAdmin.post(`/api/admin/purchases/${purchaseId}/picked-up`, { date: '2026-12-01' });
    expect((await asA.get(`/api/purchases/sold/${purchaseId}`)).json().nextStep).toBe(
      'Send the title to FieldLot.',
    );
    await asAdmin.post(`/api/admin/purchases/${purchaseId}/title-received`, { date: '2026-12-02' });
    // A claim answered lets FieldLot complete the sale before the guarantee window ends.
    const claim = await asB.post(`/api/purchases/${purchaseId}/claims`, {
      checkpoints: ['not_in_report'],
      description: 'The cab heater does not work.',
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const denied = await asAdmin.post(`/api/admin/purchases/${purchaseId}/claim-answer`, {
      answer: 'deny',
      reason: 'Listed as is',
    });
    expect(denied.statusCode, denied.body).toBe(200);
    await asAdmin.post(`/api/admin/purchases/${purchaseId}/title-sent`, {
      carrier: 'UPS',
      trackingNumber: '1Z7',
    });
    const done = await asAdmin.post(`/api/admin/purchases/${purchaseId}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    const end = (await asA.get(`/api/purchases/sold/${purchaseId}`)).json() as SoldPurchase;
    expect(end).toMatchObject({ status: 'complete', titleReceivedAt: '2026-12-02', nextStep: null });
    // The sale's steps only: not the buyer's invoice, wire reference, claim or title shipment.
    expect(end.timeline.map((e) => e.kind)).toEqual([
      'created',
      'paid',
      'released',
      'logistics',
      'picked_up',
      'title_received',
      'complete',
    ]);
    expect(end.timeline[1].text).toBe('Paid in full by the buyer');
    expect(JSON.stringify(end.timeline)).not.toMatch(/WIRE-7|INV-|heater|1Z7/);
    // The buyer's own view keeps every step.
    const buyerView = (await asB.get(`/api/purchases/${purchaseId}`)).json() as Purchase;
    expect(buyerView.timeline.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['invoiced', 'claim_opened', 'claim_denied', 'title_sent']),
    );

    const mails = await saleMails(sellerA.email, row.number);
    expect(mails.map((m) => m.kind)).toEqual(['released', 'handed_over', 'title_received', 'complete']);
    expect(mails[3].facts).toEqual([
      ['Price', '$85,000'],
      ['Seller fee', '$250'],
      ['Your proceeds', '$84,750'],
    ]);
    // The buyer's own steps stay the buyer's: the seller is never sent the buyer's purchase mail.
    expect(await mailsTo(t.app, sellerA.email, 'purchase-update')).toEqual([]);
  });

  it('FieldLot delivers: the seller is told the carrier comes, and when', async () => {
    const res = await asA.post('/api/listings', { ...tractor, city: 'Ames', zip: '50010' });
    expect(res.statusCode, res.body).toBe(201);
    const listingId = res.json().id as string;
    await approve(asA, listingId);
    const { purchaseId, row } = await sold(listingId, asC, asA);
    const address = await asC.put('/api/purchases/address', {
      addressLine: '1 Main St',
      city: 'Omaha',
      state: 'NE',
      zip: '68102',
    });
    expect(address.statusCode, address.body).toBe(200);
    await chooseAndPay(asC, purchaseId, 'delivery');
    await asAdmin.post(`/api/admin/purchases/${purchaseId}/release`);
    await asAdmin.post(`/api/admin/purchases/${purchaseId}/logistics`, {
      carrier: 'Heartland Haulers',
      pickupDate: '2026-11-30',
    });
    const [released, transport] = await saleMails(sellerA.email, row.number);
    expect(released.facts).toContainEqual(['Collected by', "FieldLot's carrier"]);
    expect(transport).toMatchObject({
      kind: 'logistics',
      facts: [
        ['Carrier', 'Heartland Haulers'],
        ['Pickup date', 'November 30, 2026'],
      ],
    });
    const view = (await asA.get(`/api/purchases/sold/${purchaseId}`)).json() as SoldPurchase;
    expect(view).toMatchObject({
      fulfilment: 'delivery',
      carrier: 'Heartland Haulers',
      pickupDate: '2026-11-30',
    });
    expect(view.nextStep).toMatch(/^Hand the tractor over only to FieldLot's carrier showing release code /);
  });

  it('purchases belong to the dealership: members see them; viewers cannot choose delivery or claim', async () => {
    /** Invites `email` into B's dealership and signs the new member in. */
    async function join(email: string, role: 'buyer' | 'viewer') {
      expect((await asB.post('/api/team/invites', { email, role })).statusCode).toBe(201);
      const [mail] = await mailsTo(t.app, email);
      const token = (mail.payload as { token: string }).token;
      const joined = await new TestClient(t.app).post('/api/team/invites/accept', {
        token,
        name: `Member ${role}`,
        password: PASSWORD,
      });
      expect(joined.statusCode, joined.body).toBe(200);
      const client = new TestClient(t.app);
      const signIn = await client.post('/api/auth/sign-in', { email, password: PASSWORD });
      expect(signIn.statusCode, signIn.body).toBe(200);
      return { id: signIn.json().user.id as string, client };
    }
    const buyer = await join('boone-buyer@example.com', 'buyer');
    const viewer = await join('boone-viewer@example.com', 'viewer');

    const listingId = await liveListing(asA);
    const { purchaseId, row } = await sold(listingId, buyer.client, asA);
    expect(row.buyerUserId).toBe(buyer.id);
    const [offer] = await t.app.ctx.db
      .select({ dealershipId: offers.dealershipId })
      .from(offers)
      .where(eq(offers.id, row.offerId));
    expect(row.dealershipId).toBe(offer.dealershipId);
    expect(row.dealershipId).not.toBeNull();

    // The owner and the viewer see the dealership's purchase; an outsider does not.
    for (const c of [asB, viewer.client, buyer.client]) {
      const items = (await c.get('/api/purchases')).json().items as Purchase[];
      expect(items.map((p) => p.id)).toContain(purchaseId);
      expect((await c.get(`/api/purchases/${purchaseId}`)).statusCode).toBe(200);
    }
    expect((await asC.get(`/api/purchases/${purchaseId}`)).statusCode).toBe(404);
    expect((await asC.get('/api/purchases')).json().items.map((p: Purchase) => p.id)).not.toContain(
      purchaseId,
    );

    // The viewer's screen offers no buyer step; the server refuses them anyway.
    const asViewer = (await viewer.client.get(`/api/purchases/${purchaseId}`)).json();
    expect(asViewer).toMatchObject({ canAct: false, actions: [] });
    const asMember = (await asB.get(`/api/purchases/${purchaseId}`)).json();
    expect(asMember).toMatchObject({ canAct: true, actions: ['choose_fulfilment'] });
    // A viewer cannot choose delivery (nor open a claim); the owner can.
    const refused = await viewer.client.post(`/api/purchases/${purchaseId}/fulfilment`, {
      fulfilment: 'collect',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(VIEWER_PURCHASE_TEXT);
    const claim = await viewer.client.post(`/api/purchases/${purchaseId}/claims`, {
      checkpoints: ['not_in_report'],
      description: 'The loader leaks oil.',
    });
    expect(claim.statusCode).toBe(403);
    const chosen = await asB.post(`/api/purchases/${purchaseId}/fulfilment`, { fulfilment: 'collect' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await viewer.client.get(chosen.json().documents[0].url)).statusCode).toBe(200);
  });
});
