import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerFeeCents } from '../../../../domain/money.js';
import type { Purchase } from '../../../../domain/purchases-api.js';
import { listings, purchases } from '../../db/schema.js';
import { underFirstLook } from '../../test/fixtures/first-look.js';
import { insertListing } from '../../test/fixtures/offers.js';
import { pdfText } from '../../test/pdf-text.js';
import {
  createTestApp,
  createUser,
  mailsTo,
  type TestApp,
  TestClient,
  type TestUser,
} from '../../test/test-app.js';
import { renderTemplate } from '../mail/index.js';

const DAY = 86_400_000;

describe('purchases: after the deal', () => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;
  let adminA: TestClient;
  let adminB: TestClient;
  let buyer: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    dealer = await createUser(t.app, { status: 'approved', companyName: 'Prairie Ag Sales' });
    adminA = await TestClient.as(t.app, admin);
    adminB = await TestClient.as(t.app, admin);
    buyer = await TestClient.as(t.app, dealer);
    other = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    const saved = await buyer.put('/api/purchases/address', {
      addressLine: '1200 Lincoln Way',
      city: 'Ames',
      state: 'ia',
      zip: '50010',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t.close());

  /** A live tractor in Omaha, an offer by the dealer, accepted by an admin: the purchase. */
  async function accepted(zip = '68102', priceCents = 48_500_00): Promise<Purchase> {
    const listingId = await insertListing(t.app, admin.id, { priceCents });
    await t.app.ctx.db.update(listings).set({ city: 'Omaha', zip }).where(eq(listings.id, listingId));
    const made = await buyer.post('/api/offers', { listingId, offerType: 'offer', amount: '45000' });
    expect(made.statusCode, made.body).toBe(201);
    const offerId = made.json().offer?.id ?? made.json().id;
    const ok = await adminA.post(`/api/admin/offers/${offerId}/accept`);
    expect(ok.statusCode, ok.body).toBe(200);
    const list = (await buyer.get('/api/purchases')).json().items as Purchase[];
    const p = list.find((x) => x.offerId === offerId);
    expect(p).toBeDefined();
    return p as Purchase;
  }

  const pay = (c: TestClient, p: { id: string }, amount: unknown, expectedBalanceCents: number) =>
    c.post(`/api/admin/purchases/${p.id}/payments`, {
      amount,
      method: 'wire',
      reference: 'WIRE-1',
      paidOn: '2026-11-24',
      expectedBalanceCents,
    });

  it('accepting an offer opens a purchase with number, price, buyer fee, due date and ONE deal e-mail', async () => {
    const before = (await mailsTo(t, dealer.email)).length;
    const p = await accepted();
    expect(p.number).toMatch(/^FL-\d{4}-\d{6}$/);
    expect(p.status).toBe('awaiting_payment');
    // One set of money figures (`money`): before the invoice, the price and buyer fee are the sale's terms.
    expect(p.money).toMatchObject({
      invoiced: false,
      priceCents: 45_000_00,
      buyerFeeCents: buyerFeeCents(45_000_00),
      invoiceTotalCents: 0,
      balanceCents: 0,
    });
    for (const copy of ['priceCents', 'buyerFeeCents', 'totalCents', 'paidCents', 'balanceCents'])
      expect(p).not.toHaveProperty(copy);
    expect(p.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(p.nextStep?.text).toBe('Choose "I\'ll collect it" or "FieldLot delivers" to get your invoice');
    expect(p.deliveryQuote?.text).toBe('Delivered to Ames, IA 50010: about $520 (159 mi)');
    // The buyer's outbox at acceptance: exactly one e-mail, the offer accepted with the purchase's next step.
    const mails = await mailsTo(t, dealer.email);
    expect(mails.length - before).toBe(1);
    expect(mails[0].template).toBe('notify-offer-update');
    expect(mails[0].payload).toMatchObject({
      status: 'accepted',
      purchase: { number: p.number, purchaseId: p.id, nextStep: p.nextStep?.text },
    });
    const env = { publicUrl: t.app.ctx.config.publicUrl, brand: t.app.ctx.config.brand };
    const deal = renderTemplate(mails[0].template, mails[0].payload as Record<string, unknown>, env);
    expect(deal.text).toContain('has been accepted.');
    expect(deal.text).toContain(
      `Your purchase ${p.number} is open. Choose "I'll collect it" or "FieldLot delivers" to get your invoice.`,
    );
    expect(deal.text).toContain('/purchased-inventory');
    // Numbers are gapless: the next purchase has the next number.
    const q = await accepted();
    expect(Number(q.number.slice(-6))).toBe(Number(p.number.slice(-6)) + 1);
  });

  it('landed cost: price + buyer fee + delivery for two known ZIPs', async () => {
    const omaha = await insertListing(t.app, admin.id, { priceCents: 48_500_00 });
    await t.app.ctx.db.update(listings).set({ zip: '68102' }).where(eq(listings.id, omaha));
    const a = (await buyer.get(`/api/purchases/landed-cost?listingId=${omaha}`)).json();
    expect(a.delivery).toEqual({
      cents: 52_000,
      miles: 159,
      text: 'Delivered to Ames, IA 50010: about $520 (159 mi)',
    });
    expect(a.totalCents).toBe(48_500_00 + buyerFeeCents(48_500_00) + 52_000);
    const moline = await insertListing(t.app, admin.id, { priceCents: 30_000_00 });
    await t.app.ctx.db.update(listings).set({ zip: '61265' }).where(eq(listings.id, moline));
    const b = (await buyer.get(`/api/purchases/landed-cost?listingId=${moline}&amount=28000`)).json();
    expect(b.delivery.text).toBe('Delivered to Ames, IA 50010: about $640 (197 mi)');
    expect(b.totalCents).toBe(28_000_00 + buyerFeeCents(28_000_00) + 64_000);
    // Nearby: the minimum.
    const ames = await insertListing(t.app, admin.id);
    await t.app.ctx.db.update(listings).set({ zip: '50011' }).where(eq(listings.id, ames));
    const c = (await buyer.get(`/api/purchases/landed-cost?listingId=${ames}`)).json();
    expect(c.delivery.text).toBe('Delivered to Ames, IA 50010: about $350 (8 mi)');
    // No ZIP on the tractor: no estimate, and why.
    const none = await insertListing(t.app, admin.id);
    expect((await buyer.get(`/api/purchases/landed-cost?listingId=${none}`)).json()).toMatchObject({
      delivery: null,
      missing: 'listing_zip',
    });
  });

  it('landed cost of a tractor under a first look: as for a missing tractor to a dealer outside it', async () => {
    const id = await insertListing(t.app, admin.id);
    await underFirstLook(t.app, id, [dealer]);
    const hidden = await other.get(`/api/purchases/landed-cost?listingId=${id}`);
    const missing = await other.get(
      '/api/purchases/landed-cost?listingId=00000000-0000-4000-8000-000000000000',
    );
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    expect((await buyer.get(`/api/purchases/landed-cost?listingId=${id}`)).statusCode).toBe(200);
    expect((await adminA.get(`/api/purchases/landed-cost?listingId=${id}`)).statusCode).toBe(200);
  });

  it('the whole path: invoice PDF, payments, gate pass, delivery, title, claim, credit, complete', async () => {
    const p = await accepted();
    // Release before payment: refused.
    expect((await adminA.post(`/api/admin/purchases/${p.id}/release`)).statusCode).toBe(409);
    // No payment before the invoice.
    expect((await pay(adminA, p, '100', 0)).statusCode).toBe(409);
    // docs/product/documents.md: the serial/PIN and the buyer's resale certificate reach the invoice.
    await t.app.ctx.db
      .update(listings)
      .set({ serialNumber: '1RW8320RCAP012345' })
      .where(eq(listings.id, p.listingId));
    const resale = { name: dealer.name, companyName: 'Prairie Ag Sales', resaleCertificate: 'IA-12345' };
    expect((await buyer.patch('/api/users/me', resale)).statusCode).toBe(200);
    const chosen = await buyer.post(`/api/purchases/${p.id}/fulfilment`, { fulfilment: 'delivery' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const invoiced = chosen.json() as Purchase;
    const total = 45_000_00 + buyerFeeCents(45_000_00) + 52_000;
    expect(invoiced.money).toMatchObject({
      invoiced: true,
      priceCents: 45_000_00,
      deliveryCents: 52_000,
      invoiceTotalCents: total,
      balanceCents: total,
    });
    expect(invoiced.documents[0]).toMatchObject({ kind: 'invoice' });
    expect(
      (await buyer.post(`/api/purchases/${p.id}/fulfilment`, { fulfilment: 'collect' })).statusCode,
    ).toBe(409);

    const pdf = await buyer.get(invoiced.documents[0].url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(invoiced.documents[0].number);
    expect(text).toContain('Prairie Ag Sales');
    expect(text).toContain('1200 Lincoln Way, Ames, IA 50010');
    expect(text).toContain('Wire instructions');
    // An invoice says its exact figures: the delivery line names the place, never "about".
    expect(text).toContain('Delivery to Ames, IA 50010 (159 mi)');
    expect(text).toContain('$520.00');
    expect(text).not.toMatch(/about \$/);
    expect(text).toContain(t.app.ctx.config.brand.officeAddress);
    // docs/product/documents.md: the tractor's serial/PIN, hours and seller are on the invoice.
    expect(text).toContain('Serial/PIN: 1RW8320RCAP012345');
    expect(text).toMatch(/Hours: [\d,]+/);
    expect(text).toContain('Sold by FieldLot');
    expect(text).toContain('Resale certificate: IA-12345');
    // Another dealer cannot read it.
    expect((await other.get(invoiced.documents[0].url)).statusCode).toBe(404);

    // Bad payments: negative, zero, over the balance.
    const neg = await pay(adminA, p, '-100', total);
    expect(neg.statusCode).toBe(400);
    expect(neg.json().error.fields.amount).toBe('Payment must be more than $0');
    expect((await pay(adminA, p, '0', total)).statusCode).toBe(400);
    const over = await pay(adminA, p, String((total + 100) / 100), total);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toMatch(/^Payment cannot be more than the balance of \$/);

    // A partial payment leaves the rest due.
    const part = await pay(adminA, p, '10000', total);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      status: 'awaiting_payment',
      money: { balanceCents: total - 10_000_00 },
    });
    // Two admins record the same (rest) payment at once: exactly one is recorded, the other gets 409.
    const rest = total - 10_000_00;
    const [r1, r2] = await Promise.all([
      pay(adminA, p, (rest / 100).toFixed(2), rest),
      pay(adminB, p, (rest / 100).toFixed(2), rest),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const paid = (await buyer.get(`/api/purchases/${p.id}`)).json() as Purchase;
    expect(paid).toMatchObject({ status: 'paid', money: { balanceCents: 0, paidCents: total } });
    expect(paid.payments).toHaveLength(2);

    const released = await adminA.post(`/api/admin/purchases/${p.id}/release`);
    expect(released.statusCode).toBe(200);
    const code = released.json().releaseCode as string;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const gate = await buyer.get(`/api/purchases/${p.id}/documents/gate-pass.pdf`);
    const gateText = pdfText(gate.rawPayload);
    expect(gateText).toContain(code);
    expect(gateText).toContain('Serial/PIN: 1RW8320RCAP012345');
    expect(gateText).toMatch(/Collect at: 2600 E Lincoln Way, Omaha, .+\nYard phone: \(515\) 555-0142/);
    // The QR code of the release code is drawn as an image.
    expect(gate.rawPayload.toString('latin1')).toContain('/Subtype /Image');

    // A claim before delivery: refused.
    const early = await buyer.post(`/api/purchases/${p.id}/claims`, {
      checkpoints: ['not_in_report'],
      description: 'The loader valve leaks badly.',
    });
    expect(early.statusCode).toBe(409);
    const logistics = await adminA.post(`/api/admin/purchases/${p.id}/logistics`, {
      carrier: 'Heartland Haulers',
      pickupDate: '2026-11-30',
      deliveryDate: '2026-12-01',
    });
    expect(logistics.json()).toMatchObject({ carrier: 'Heartland Haulers', deliveryDate: '2026-12-01' });
    expect(
      (await adminA.post(`/api/admin/purchases/${p.id}/picked-up`, { date: '2026-12-01' })).statusCode,
    ).toBe(409);
    const delivered = await adminA.post(`/api/admin/purchases/${p.id}/delivered`, { date: '2026-12-01' });
    expect(delivered.json().status).toBe('delivered');
    expect(delivered.json().guaranteeEndsAt).not.toBeNull();
    // The steps offered are the steps accepted (domain purchaseActionsFor): transport ends with the handover.
    expect(delivered.json().actions).toEqual(['receive_title', 'cancel']);
    const lateTransport = await adminA.post(`/api/admin/purchases/${p.id}/logistics`, { carrier: 'Late' });
    expect(lateTransport.statusCode).toBe(409);
    expect((await buyer.get(`/api/purchases/${p.id}`)).json().actions).toEqual(['open_claim']);

    const claim = await buyer.post(`/api/purchases/${p.id}/claims`, {
      checkpoints: ['not_in_report'],
      description: 'The loader valve leaks badly.',
    });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json()).toMatchObject({ status: 'in_dispute', claimOpen: true });
    const bad = await adminA.post(`/api/admin/purchases/${p.id}/claim-answer`, {
      answer: 'credit',
      amount: '-5',
    });
    expect(bad.statusCode).toBe(400);
    const credit = await adminA.post(`/api/admin/purchases/${p.id}/claim-answer`, {
      answer: 'credit',
      amount: '750',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const credited = credit.json() as Purchase;
    expect(credited).toMatchObject({
      status: 'delivered',
      money: { creditedCents: 750_00, balanceCents: -750_00 },
    });
    const note = credited.documents.find((d) => d.kind === 'credit_note');
    expect(note?.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(pdfText((await buyer.get(note?.url ?? '')).rawPayload)).toContain('$750.00');

    expect(
      (
        await adminA.post(`/api/admin/purchases/${p.id}/title-sent`, {
          carrier: 'UPS',
          trackingNumber: '1Z999',
        })
      ).statusCode,
    ).toBe(409);
    expect(credited.nextStep?.text).toBe('The title is on its way from the seller');
    await adminA.post(`/api/admin/purchases/${p.id}/title-received`, { date: '2026-12-02' });
    // The buyer's next step follows the title: FieldLot has it now.
    expect((await buyer.get(`/api/purchases/${p.id}`)).json().nextStep?.text).toBe(
      'FieldLot has received the title and sends it to you next',
    );
    const sent = await adminA.post(`/api/admin/purchases/${p.id}/title-sent`, {
      carrier: 'UPS',
      trackingNumber: '1Z999',
    });
    expect(sent.json()).toMatchObject({ status: 'title_sent', titleTracking: '1Z999' });
    const done = await adminA.post(`/api/admin/purchases/${p.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('complete');
    expect(done.json().timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'invoiced',
      'payment',
      'paid',
      'released',
      'logistics',
      'delivered',
      'claim_opened',
      'claim_credited',
      'title_received',
      'title_sent',
      'complete',
    ]);
    // Complete: no cancel.
    expect(
      (await adminA.post(`/api/admin/purchases/${p.id}/cancel`, { reason: 'Changed mind' })).statusCode,
    ).toBe(409);
    const kinds = (await mailsTo(t, dealer.email))
      .filter((m) => m.template === 'purchase-update')
      .map((m) => (m.payload as { kind: string }).kind);
    for (const k of [
      'invoiced',
      'partial_payment',
      'paid',
      'released',
      'delivered',
      'claim_opened',
      'claim_credited',
      'title_sent',
      'complete',
    ])
      expect(kinds).toContain(k);
  });

  it('a claim after the guarantee window is refused; cancel and return takes the tractor back; the refund is recorded', async () => {
    const p = await accepted();
    await buyer.post(`/api/purchases/${p.id}/fulfilment`, { fulfilment: 'collect' });
    const total = 45_000_00 + buyerFeeCents(45_000_00);
    expect((await pay(adminA, p, (total / 100).toFixed(2), total)).statusCode).toBe(200);
    await adminA.post(`/api/admin/purchases/${p.id}/release`);
    expect(
      (await adminA.post(`/api/admin/purchases/${p.id}/delivered`, { date: '2026-12-01' })).statusCode,
    ).toBe(409);
    expect(
      (await adminA.post(`/api/admin/purchases/${p.id}/picked-up`, { date: '2026-12-01' })).statusCode,
    ).toBe(200);
    t.clock.advance(8 * DAY);
    // Sessions expire while the clock moves: fresh clients for the future.
    const later = await TestClient.as(t.app, dealer);
    const late = await later.post(`/api/purchases/${p.id}/claims`, {
      checkpoints: ['not_in_report'],
      description: 'The cab heater does not work.',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/^The inspection guarantee ended on /);
    t.clock.advance(-8 * DAY);

    const q = await accepted();
    await buyer.post(`/api/purchases/${q.id}/fulfilment`, { fulfilment: 'collect' });
    await pay(adminA, q, (total / 100).toFixed(2), total);
    await adminA.post(`/api/admin/purchases/${q.id}/release`);
    await adminA.post(`/api/admin/purchases/${q.id}/picked-up`, { date: '2026-12-01' });
    t.clock.advance(6 * DAY);
    const soon = await TestClient.as(t.app, dealer);
    const claim = await soon.post(`/api/purchases/${q.id}/claims`, {
      checkpoints: ['made-up-checkpoint'],
      description: 'The cab heater does not work.',
    });
    expect(claim.statusCode).toBe(400);
    expect(
      (
        await soon.post(`/api/purchases/${q.id}/claims`, {
          checkpoints: ['not_in_report'],
          description: 'The cab heater does not work.',
        })
      ).statusCode,
    ).toBe(200);
    t.clock.advance(-6 * DAY);
    const back = await adminA.post(`/api/admin/purchases/${q.id}/claim-answer`, {
      answer: 'return',
      reason: 'Heater core cracked',
    });
    expect(back.statusCode, back.body).toBe(200);
    // The buyer is owed what they paid until FieldLot records the refund it sends (decision 0035).
    expect(back.json()).toMatchObject({ status: 'cancelled' });
    expect(back.json().money).toMatchObject({
      refundedCents: 0,
      balanceCents: -total,
      owedToBuyerCents: total,
      balanceText: expect.any(String),
    });
    const refunded = await adminA.post(`/api/admin/purchases/${q.id}/refunds`, {
      amount: (total / 100).toFixed(2),
      method: 'wire',
      reference: 'RF-1',
      paidOn: '2026-12-02',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().money).toMatchObject({ refundedCents: total, balanceCents: 0 });
    const [listing] = await t.app.ctx.db
      .select({ status: listings.status })
      .from(listings)
      .where(eq(listings.id, q.listingId));
    expect(listing.status).toBe('inactive');
    // Payment on a cancelled purchase: refused.
    const onCancelled = await pay(adminA, q, '100', 0);
    expect(onCancelled.statusCode).toBe(409);
    expect(onCancelled.json().error.message).toBe(`Purchase ${q.number} is cancelled`);
  });

  it('addresses and listing ZIP codes are validated', async () => {
    const bad = await buyer.put('/api/purchases/address', {
      addressLine: '1 Main',
      city: 'Nowhere',
      state: 'IA',
      zip: '5001',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.zip).toBe('Enter a 5-digit ZIP code');
    const unknown = await buyer.put('/api/purchases/address', {
      addressLine: '1 Main',
      city: 'Nowhere',
      state: 'IA',
      zip: '00000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.zip).toBe('We do not know this ZIP code');
    const listing = {
      make: 'John Deere',
      model: '6155R',
      year: 2020,
      hours: 100,
      priceCents: 100_000_00,
      location: 'Iowa',
      condition: 'Excellent',
      description: '',
    };
    const badZip = await adminA.post('/api/listings', { ...listing, city: 'Ames', zip: '5OO10' });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().error.fields.zip).toBe('Enter a 5-digit ZIP code');
    const ok = await adminA.post('/api/listings', { ...listing, city: 'Ames', zip: '50010' });
    expect(ok.statusCode, ok.body).toBe(201);
    const detail = await adminA.get(`/api/listings/${ok.json().id}`);
    expect(detail.json()).toMatchObject({ city: 'Ames', zip: '50010' });
  });

  it('records are never deleted and invoices never change', async () => {
    const p = await accepted();
    await expect(t.app.ctx.db.delete(purchases).where(eq(purchases.id, p.id))).rejects.toThrow();
    await buyer.post(`/api/purchases/${p.id}/fulfilment`, { fulfilment: 'collect' });
    await expect(t.app.ctx.db.execute(sql`update invoices set total_cents = 1`)).rejects.toThrow();
  });

  it('admin list puts overdue first; counts for the dashboard', async () => {
    const p = await accepted();
    await buyer.post(`/api/purchases/${p.id}/fulfilment`, { fulfilment: 'collect' });
    t.clock.advance(10 * DAY);
    const future = await TestClient.as(t.app, admin);
    const list = (await future.get('/api/admin/purchases')).json().items as Purchase[];
    expect(list[0].overdue).toBe(true);
    const overdue = (await future.get('/api/admin/purchases?status=overdue')).json().items as Purchase[];
    expect(overdue.every((x) => x.overdue)).toBe(true);
    const counts = (await future.get('/api/admin/purchases/counts')).json();
    expect(counts.overdue).toBeGreaterThan(0);
    t.clock.advance(-10 * DAY);
    expect((await buyer.get('/api/admin/purchases')).statusCode).toBe(403);
    expect((await other.get(`/api/purchases/${p.id}`)).statusCode).toBe(404);
  });
});
