import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryDate } from '../../../../domain/ledger.js';
import { ledgerEntryOf, type MoneyView, type PurchaseLedger } from '../../../../domain/ledger-api.js';
import { dateLabel } from '../../../../domain/purchases.js';
import type { Purchase, SoldPurchase } from '../../../../domain/purchases-api.js';
import { auditLog, purchaseLedgerEntries, purchases } from '../../db/schema.js';
import { insertListing, mailsTo } from '../../test/fixtures/offers.js';
import { TEST_YARD } from '../../test/fixtures/yard.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import type { PurchaseMail, SaleMail } from './purchases.mail.js';
import { csvCell } from './purchases.money.js';

/**
 * The purchase ledger through the API (docs/product/purchases.md#the-ledger, decisions 0033 and 0035): the
 * $180,000 example, who bears a credit, refunds, the seller's payout and repayment, the admin's money view and CSV.
 */
const DAY = 86_400_000;

describe('purchase ledger', () => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser;
  let buyerUser: TestUser;
  let asAdmin: TestClient;
  let asSeller: TestClient;
  let asBuyer: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    seller = await createUser(t.app, { status: 'approved', companyName: 'Ames Tractor' });
    buyerUser = await createUser(t.app, { status: 'approved', companyName: 'Boone Ag' });
    asAdmin = await TestClient.as(t.app, admin);
    asSeller = await TestClient.as(t.app, seller);
    asBuyer = await TestClient.as(t.app, buyerUser);
  });
  afterAll(() => t.close());

  /** A $180,000 dealer's listing sold, the buyer collecting: the purchase's id and number. */
  async function soldDealerListing(
    dollars = 180_000,
    beforeInvoice?: (purchaseId: string) => Promise<unknown>,
  ): Promise<{ id: string; number: string; listingId: string }> {
    const made = await asSeller.post('/api/listings', {
      make: 'John Deere',
      model: '8R 340',
      year: 2021,
      location: 'Ames, IA',
      ...TEST_YARD,
      priceCents: dollars * 100,
    });
    expect(made.statusCode, made.body).toBe(201);
    const listingId = made.json().id as string;
    expect((await asSeller.post(`/api/my-listings/${listingId}/submit`)).statusCode).toBe(200);
    const ok = await asAdmin.post(`/api/admin/listings/${listingId}/approve`, { asIsReason: 'Trade-in' });
    expect(ok.statusCode, ok.body).toBe(200);
    const offer = await asBuyer.post('/api/offers', {
      listingId,
      offerType: 'offer',
      amount: String(dollars),
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const accepted = await asSeller.post(`/api/my-listings/offers/${offer.json().offer.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await t.app.ctx.db
      .select()
      .from(purchases)
      .where(eq(purchases.offerId, offer.json().offer.id));
    await beforeInvoice?.(row.id);
    const chosen = await asBuyer.post(`/api/purchases/${row.id}/fulfilment`, { fulfilment: 'collect' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    return { id: row.id, number: row.number, listingId };
  }

  const move = (path: string, id: string, amount: string, reference: string, paidOn = '2026-12-10') =>
    asAdmin.post(`/api/admin/purchases/${id}/${path}`, { amount, method: 'wire', reference, paidOn });
  const payInFull = async (id: string) => {
    const p = (await asBuyer.get(`/api/purchases/${id}`)).json() as Purchase;
    const res = await asAdmin.post(`/api/admin/purchases/${id}/payments`, {
      amount: (p.money.balanceDueCents / 100).toFixed(2),
      method: 'wire',
      reference: 'W-1',
      paidOn: '2026-11-24',
      expectedBalanceCents: p.money.balanceDueCents,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const handOver = async (id: string) => {
    expect((await asAdmin.post(`/api/admin/purchases/${id}/release`)).statusCode).toBe(200);
    const res = await asAdmin.post(`/api/admin/purchases/${id}/picked-up`, { date: '2026-12-01' });
    expect(res.statusCode, res.body).toBe(200);
  };
  const sold = async (id: string) => (await asSeller.get(`/api/purchases/sold/${id}`)).json() as SoldPurchase;
  const bought = async (id: string) => (await asBuyer.get(`/api/purchases/${id}`)).json() as Purchase;
  const claim = async (id: string) => {
    const res = await asBuyer.post(`/api/purchases/${id}/claims`, {
      checkpoints: ['not_in_report'],
      description: 'Hydraulic oil leaks at the loader valve.',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Purchase;
  };

  it('$180,000: invoice $189,500, proceeds $179,750; a $3,000 credit borne by the seller leaves $176,750 and tells them; the refund settles the buyer', async () => {
    const p = await soldDealerListing();
    expect((await bought(p.id)).money).toMatchObject({
      invoiceTotalCents: 189_500_00,
      balanceDueCents: 189_500_00,
      balanceText: 'Balance due $189,500',
    });
    expect(await sold(p.id)).toMatchObject({
      proceedsCents: 179_750_00,
      proceedsText: 'Your proceeds $179,750',
    });
    await payInFull(p.id);
    await handOver(p.id);
    const opened = await claim(p.id);
    // "Not in report": the seller declared otherwise, so by default they bear it.
    expect(opened.claims[0]).toMatchObject({ defaultBornBy: 'seller', bornBy: null });

    const credited = await asAdmin.post(`/api/admin/purchases/${p.id}/claim-answer`, {
      answer: 'credit',
      amount: '3000',
      reason: 'Hydraulic leak at the loader valve',
    });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json().claims[0].bornBy).toBe('seller');
    const s = await sold(p.id);
    expect(s).toMatchObject({ proceedsCents: 176_750_00, proceedsText: 'Your proceeds $176,750' });
    expect(s.charges).toEqual([
      expect.objectContaining({
        amountCents: 3_000_00,
        text: 'Charge $3,000: Hydraulic leak at the loader valve',
      }),
    ]);
    const mine = (await asSeller.get('/api/my-listings'))
      .json()
      .items.find((l: { id: string }) => l.id === p.listingId);
    expect(mine.sale.proceedsCents).toBe(176_750_00);
    const charge = (await mailsTo(t.app, seller.email, 'purchase-seller-update'))
      .map((m) => m.payload as SaleMail)
      .find((m) => m.kind === 'charge' && m.number === p.number);
    expect(charge?.note).toBe('Reason: Hydraulic leak at the loader valve');
    expect(charge?.facts).toEqual([
      ['Charge', '$3,000'],
      ['Your proceeds', '$176,750'],
    ]);

    // The buyer paid in full and was credited: FieldLot owes them until the refund is recorded.
    expect((await bought(p.id)).money).toMatchObject({
      owedToBuyerCents: 3_000_00,
      settled: false,
      balanceText: 'FieldLot owes you $3,000',
    });
    const tooMuch = await move('refunds', p.id, '3000.01', 'R-1');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe(
      'FieldLot owes the buyer $3,000; this refund of $3,000.01 is more',
    );
    const refund = await move('refunds', p.id, '3000', 'R-1');
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().money).toMatchObject({
      owedToBuyerCents: 0,
      settled: true,
      refundedCents: 3_000_00,
    });
    expect(refund.json().refunds).toEqual([
      expect.objectContaining({ amountCents: 3_000_00, reference: 'R-1', paidOn: '2026-12-10' }),
    ]);
    const told = (await mailsTo(t.app, buyerUser.email, 'purchase-update'))
      .map((m) => m.payload as PurchaseMail)
      .find((m) => m.kind === 'refunded' && m.number === p.number);
    expect(told?.amount).toBe('$3,000');
  });

  it('a credit borne by FieldLot leaves the proceeds alone; FieldLot own listing has no seller to bear one', async () => {
    const p = await soldDealerListing();
    await payInFull(p.id);
    await handOver(p.id);
    await claim(p.id);
    const credited = await asAdmin.post(`/api/admin/purchases/${p.id}/claim-answer`, {
      answer: 'credit',
      amount: '3000',
      bornBy: 'fieldlot',
      reason: 'Our inspection missed the leak',
    });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(await sold(p.id)).toMatchObject({ proceedsCents: 179_750_00, charges: [] });
    const ledger = (await asAdmin.get(`/api/admin/purchases/${p.id}/ledger`)).json() as PurchaseLedger;
    expect(ledger.fieldlot).toMatchObject({ feesEarnedCents: 9_750_00, creditsBorneCents: 3_000_00 });
    // Running balances: the last row's accounts sum to zero, the buyer is owed the credit.
    const last = ledger.rows.at(-1);
    expect(last?.balances.buyer).toBe(-3_000_00);
    expect(Object.values(last?.balances ?? {}).reduce((a, b) => a + b, 0)).toBe(0);

    // FieldLot's own listing: a seller-borne credit is refused with the ledger's message.
    const listingId = await insertListing(t.app, admin.id, { priceCents: 50_000_00 });
    const offer = await asBuyer.post('/api/offers', { listingId, offerType: 'offer', amount: '50000' });
    const offerId = offer.json().offer.id as string;
    expect((await asAdmin.post(`/api/admin/offers/${offerId}/accept`)).statusCode).toBe(200);
    const [own] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.offerId, offerId));
    await asBuyer.post(`/api/purchases/${own.id}/fulfilment`, { fulfilment: 'collect' });
    await payInFull(own.id);
    await handOver(own.id);
    expect((await claim(own.id)).claims[0].defaultBornBy).toBe('fieldlot');
    const refused = await asAdmin.post(`/api/admin/purchases/${own.id}/claim-answer`, {
      answer: 'credit',
      amount: '1000',
      bornBy: 'seller',
      reason: 'Leak',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("FieldLot's own listing has no seller to bear a credit");
    const payout = await move('payouts', own.id, '100', 'P-1');
    expect(payout.json().error.message).toBe("FieldLot's own listing has no seller to pay");
  });

  it('the payout waits for paid in full, collection and title; then "Paid … — ref"; a cancel after it makes the seller owe', async () => {
    const p = await soldDealerListing();
    const early = await move('payouts', p.id, '179750', 'P-77');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('The seller is paid once the buyer has paid in full');
    await payInFull(p.id);
    expect((await move('payouts', p.id, '179750', 'P-77')).json().error.message).toBe(
      'The seller is paid once the tractor is collected',
    );
    await handOver(p.id);
    expect((await move('payouts', p.id, '179750', 'P-77')).json().error.message).toBe(
      'The seller is paid once FieldLot has received the title',
    );
    const ends = dateLabel((await bought(p.id)).guaranteeEndsAt as string);
    // The buyer may still claim: the seller's card says the payout waits for the guarantee's end.
    expect((await sold(p.id)).payoutText).toBe(`Payout after the buyer's guarantee ends on ${ends}`);
    const title = await asAdmin.post(`/api/admin/purchases/${p.id}/title-received`, { date: '2026-12-02' });
    expect(title.statusCode, title.body).toBe(200);
    const ready = (await asAdmin.get(`/api/admin/purchases/${p.id}/ledger`)).json() as PurchaseLedger;
    expect(ready.moneyActions).toEqual(['payout']);
    // Inside the window a payout without a reason is refused, naming the window's end; nothing is recorded.
    const inside = await move('payouts', p.id, '179750', 'P-77');
    expect(inside.statusCode).toBe(400);
    const refusal = `The buyer can claim until ${ends}; give a reason to pay the seller before then`;
    expect(inside.json().error).toMatchObject({ message: refusal, fields: { reason: refusal } });
    expect((await sold(p.id)).paidOutCents).toBe(0);

    // Once the window is over the payout is due as before, and taken without a reason.
    t.clock.advance(8 * DAY);
    // Eight days on, the sessions made at the start have lapsed: sign in again.
    [asAdmin, asSeller, asBuyer] = await Promise.all(
      [admin, seller, buyerUser].map((u) => TestClient.as(t.app, u)),
    );
    // Ten business days after the last of Nov 24 (paid), Dec 1 (collected), Dec 2 (title).
    expect(await sold(p.id)).toMatchObject({
      payoutDueDate: '2026-12-16',
      payoutText: 'Payout due December 16, 2026',
    });

    // Two admins paying out one wire at once: the row lock lets one through; the other finds its reference paid.
    const [a, b] = await Promise.all([
      move('payouts', p.id, '179750', 'P-77'),
      move('payouts', p.id, '179750', 'P-77'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await sold(p.id)).toMatchObject({
      paidOutCents: 179_750_00,
      payoutText: 'Paid December 10, 2026 — ref P-77',
    });
    const paid = (await mailsTo(t.app, seller.email, 'purchase-seller-update'))
      .map((m) => m.payload as SaleMail)
      .filter((m) => m.kind === 'payout' && m.number === p.number);
    expect(paid).toHaveLength(1);
    expect(paid[0].facts).toContainEqual(['Payout status', 'Paid December 10, 2026 — ref P-77']);
    // Each label once: "Your proceeds: $179,750", never "Your proceeds: Your proceeds $179,750".
    expect(paid[0].facts).toContainEqual(['Your proceeds', '$179,750']);

    const cancelled = await asAdmin.post(`/api/admin/purchases/${p.id}/cancel`, {
      reason: 'Title is not clean',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().money).toMatchObject({ owedToBuyerCents: 189_500_00, cancelled: true });
    expect(await sold(p.id)).toMatchObject({
      proceedsCents: 0,
      owedBySellerCents: 179_750_00,
      payoutText: 'You owe FieldLot $179,750: the sale was cancelled after the payout',
    });
    const repaid = await move('seller-repayments', p.id, '179750', 'SR-1', '2026-12-20');
    expect(repaid.statusCode, repaid.body).toBe(200);
    expect(await sold(p.id)).toMatchObject({
      proceedsCents: 0,
      owedBySellerCents: 0,
      payoutText: 'Paid December 10, 2026 — ref P-77',
    });
    const after = await move('payouts', p.id, '1', 'X');
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe(
      'The purchase is cancelled: only refunds to the buyer and repayments by the seller remain',
    );
    t.clock.advance(-8 * DAY);
  });

  it('a payout before the guarantee ends is taken with a reason: audited and on the ledger line', async () => {
    const p = await soldDealerListing();
    await payInFull(p.id);
    await handOver(p.id);
    expect(
      (await asAdmin.post(`/api/admin/purchases/${p.id}/title-received`, { date: '2026-12-02' })).statusCode,
    ).toBe(200);
    const body = { amount: '179750', method: 'wire', reference: 'P-88', paidOn: '2026-12-03' };
    const short = await asAdmin.post(`/api/admin/purchases/${p.id}/payouts`, { ...body, reason: ' ok ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toBe('Give a reason of at least 5 characters');
    const reason = 'Seller is a long-standing partner; FieldLot bears any claim';
    const key = { 'idempotency-key': 'early-payout-0001' };
    const url = `/api/admin/purchases/${p.id}/payouts`;
    const paid = await asAdmin.post(url, { ...body, reason: ` ${reason} ` }, key);
    expect(paid.statusCode, paid.body).toBe(200);
    // The reason is part of the request: the same key with another reason is another request, refused.
    const otherReason = await asAdmin.post(url, { ...body, reason: 'Another reason entirely' }, key);
    expect(otherReason.statusCode).toBe(409);
    expect((await asAdmin.post(url, { ...body, reason }, key)).statusCode).toBe(200);
    const ledger = (await asAdmin.get(`/api/admin/purchases/${p.id}/ledger`)).json() as PurchaseLedger;
    const line = ledger.rows.find((r) => r.kind === 'payout');
    expect(line).toMatchObject({
      reason,
      text: `Payout to the seller (Wire transfer, P-88), before the guarantee ended: ${reason}`,
    });
    const audits = (await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'purchase.payout')))
      .map((r) => r.details as { purchaseId: string; reason?: string; event: string })
      .filter((d) => d.purchaseId === p.id);
    expect(audits).toHaveLength(1);
    expect(audits[0].reason).toBe(reason);
    expect(audits[0].event).toContain(`before the guarantee ended: ${reason}`);
    expect(await sold(p.id)).toMatchObject({
      paidOutCents: 179_750_00,
      payoutText: 'Paid December 3, 2026 — ref P-88',
    });
  });

  it('cancel and return: proceeds 0 for the seller, the buyer owed what they paid', async () => {
    const p = await soldDealerListing();
    await payInFull(p.id);
    await handOver(p.id);
    await claim(p.id);
    const back = await asAdmin.post(`/api/admin/purchases/${p.id}/claim-answer`, {
      answer: 'return',
      reason: 'Engine knock',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await sold(p.id)).toMatchObject({ status: 'cancelled', proceedsCents: 0, payoutText: null });
    expect((await bought(p.id)).money).toMatchObject({
      owedToBuyerCents: 189_500_00,
      balanceText: 'FieldLot owes you $189,500',
    });
  });

  it('the database refuses to change or delete a ledger entry', async () => {
    const [row] = await t.app.ctx.db.select().from(purchaseLedgerEntries).limit(1);
    expect(row).toBeDefined();
    await expect(
      t.app.ctx.db
        .update(purchaseLedgerEntries)
        .set({ amountCents: 1 })
        .where(eq(purchaseLedgerEntries.id, row.id)),
    ).rejects.toThrow();
    await expect(
      t.app.ctx.db.delete(purchaseLedgerEntries).where(eq(purchaseLedgerEntries.id, row.id)),
    ).rejects.toThrow();
    const [still] = await t.app.ctx.db
      .select()
      .from(purchaseLedgerEntries)
      .where(eq(purchaseLedgerEntries.id, row.id));
    expect(still.amountCents).toBe(row.amountCents);
  });

  it('the money view totals are the sums of the entries over the range; the CSV escapes formulas', async () => {
    const p = await soldDealerListing();
    await payInFull(p.id);
    const refundable = await asAdmin.post(`/api/admin/purchases/${p.id}/cancel`, {
      reason: 'Buyer backed out',
    });
    expect(refundable.statusCode).toBe(200);
    expect((await move('refunds', p.id, '1000', '=HYPERLINK("http://x")', '2026-12-03')).statusCode).toBe(
      200,
    );

    const all = (await t.app.ctx.db.select().from(purchaseLedgerEntries)).map((r) => ({
      r,
      e: ledgerEntryOf(r),
    }));
    const ranges = [
      { from: '2026-11-24', to: '2026-11-24' },
      { from: '2026-11-25', to: '2027-12-31' },
      { from: '2020-01-01', to: '2030-12-31' },
    ];
    for (const range of ranges) {
      const res = await asAdmin.get(`/api/admin/money?from=${range.from}&to=${range.to}`);
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json() as MoneyView;
      const inRange = all.filter(({ e }) => entryDate(e) >= range.from && entryDate(e) <= range.to);
      const sum = (f: (x: (typeof all)[number]) => boolean) =>
        inRange.filter(f).reduce((n, { e }) => n + e.amountCents, 0);
      expect(view.totals.receivedFromBuyersCents).toBe(sum(({ e }) => e.kind === 'payment'));
      expect(view.totals.refundedToBuyersCents).toBe(sum(({ e }) => e.kind === 'refund'));
      expect(view.totals.paidToSellersCents).toBe(sum(({ e }) => e.kind === 'payout'));
      expect(view.totals.repaidBySellersCents).toBe(sum(({ e }) => e.kind === 'seller_repayment'));
      expect(view.totals.buyerFeesCents).toBe(
        sum(({ r }) => r.line === 'buyer_fee') - sum(({ r }) => r.of === 'buyer_fee'),
      );
      expect(view.totals.fieldlotCreditsCents).toBe(
        sum(({ r }) => r.kind === 'credit' && r.bornBy === 'fieldlot') -
          sum(({ r }) => r.of === 'credit_fieldlot'),
      );
      expect(view.counts.entries).toBe(inRange.length);
      expect(view.counts.refunds).toBe(inRange.filter(({ e }) => e.kind === 'refund').length);
    }

    const csv = await asAdmin.get('/api/admin/money.csv?from=2026-12-03&to=2026-12-03');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="fieldlot-money-2026-12-03-to-2026-12-03.csv"',
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Purchase,Kind,Line or bearer,Amount,Currency,Method,Reference,Reason');
    // Amounts are plain numbers with their currency (docs/product/purchases.md#exact-amounts).
    expect(lines).toContain(
      `2026-12-03,${p.number},refund,,1000.00,USD,Wire transfer,"'=HYPERLINK(""http://x"")",`,
    );
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    for (const formula of ['＝1+1', '＋1', '－1', '＠SUM(A1)', '\t=1', '\r=1'])
      expect(csvCell(formula).replace(/^"/, ''), JSON.stringify(formula)).toMatch(/^'/);
    expect(csvCell('Plain')).toBe('Plain');

    // Every sale has a seller-fee line beside its price, and the cancellation undoes it beside the price's
    // reversal: over any range they sum to the money view's seller fees.
    for (const range of ranges) {
      const rows = (await asAdmin.get(`/api/admin/money.csv?from=${range.from}&to=${range.to}`)).body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(','));
      const view = (
        await asAdmin.get(`/api/admin/money?from=${range.from}&to=${range.to}`)
      ).json() as MoneyView;
      const cents = (r: string[]) => Math.round(Number(r[4]) * 100);
      const fees = rows.filter((r) => r[2] === 'seller_fee').reduce((n, r) => n + cents(r), 0);
      const undone = rows
        .filter((r) => r[2] === 'reversal' && r[3] === 'seller_fee')
        .reduce((n, r) => n + cents(r), 0);
      expect(fees - undone, `${range.from}..${range.to}`).toBe(view.totals.sellerFeesCents);
      for (const r of rows) expect(r[4]).toMatch(/^\d+\.\d\d$/);
    }
    const whole = (await asAdmin.get('/api/admin/money.csv?from=2020-01-01&to=2030-12-31')).body;
    expect(whole).toMatch(new RegExp(`,${p.number},seller_fee,seller,250\\.00,USD,,,\r\n`));
    expect(whole).toMatch(new RegExp(`,${p.number},reversal,seller_fee,250\\.00,USD,,,Buyer backed out\r\n`));
    const bad = await asAdmin.get('/api/admin/money?from=2026-12-31&to=2026-12-01');
    expect(bad.statusCode).toBe(400);
  });

  it('a $38,950 sale: the dealer is told to pay $41,398, and recording exactly that settles the balance', async () => {
    const p = await soldDealerListing(38_950);
    const invoiced = await bought(p.id);
    // $500 + 5% of $38,950 ($1,947.50) rounded half up to the dollar (docs/product/purchases.md#exact-amounts).
    expect(invoiced.money).toMatchObject({ buyerFeeCents: 2_448_00, invoiceTotalCents: 41_398_00 });
    const told = invoiced.nextStep?.text.match(/^Pay \$([\d,.]+) by /)?.[1];
    expect(told).toBe('41,398');
    expect(invoiced.money.balanceText).toBe('Balance due $41,398');
    const mail = (await mailsTo(t.app, buyerUser.email)).find(
      (m) =>
        (m.payload as PurchaseMail).kind === 'invoiced' && (m.payload as PurchaseMail).number === p.number,
    );
    expect((mail?.payload as PurchaseMail | undefined)?.amount).toBe('$41,398');
    const res = await asAdmin.post(`/api/admin/purchases/${p.id}/payments`, {
      amount: told,
      method: 'wire',
      reference: 'W-38950',
      paidOn: '2026-11-24',
      expectedBalanceCents: invoiced.money.balanceDueCents,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await bought(p.id)).money).toMatchObject({ balanceDueCents: 0, paidInFull: true });
  });

  it('a sale recorded before the rule, its fee carrying cents: told $41,397.50 to the cent, and that settles it', async () => {
    const p = await soldDealerListing(38_950, (id) =>
      t.app.ctx.db.update(purchases).set({ buyerFeeCents: 2_447_50 }).where(eq(purchases.id, id)),
    );
    const invoiced = await bought(p.id);
    expect(invoiced.money.invoiceTotalCents).toBe(41_397_50);
    const told = invoiced.nextStep?.text.match(/^Pay \$([\d,.]+) by /)?.[1];
    expect(told).toBe('41,397.50');
    const res = await asAdmin.post(`/api/admin/purchases/${p.id}/payments`, {
      amount: told,
      method: 'wire',
      reference: 'W-41397',
      paidOn: '2026-11-24',
      expectedBalanceCents: invoiced.money.balanceDueCents,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await bought(p.id)).money).toMatchObject({ balanceDueCents: 0, paidInFull: true });
  });

  it('non-admins get 403 on every new route, and the seller never reads the admin ledger', async () => {
    const p = await soldDealerListing();
    const body = { amount: '1', method: 'wire', reference: 'X', paidOn: '2026-12-01' };
    for (const client of [asSeller, asBuyer]) {
      for (const path of ['refunds', 'payouts', 'seller-repayments'])
        expect((await client.post(`/api/admin/purchases/${p.id}/${path}`, body)).statusCode).toBe(403);
      expect((await client.get(`/api/admin/purchases/${p.id}/ledger`)).statusCode).toBe(403);
      expect((await client.get('/api/admin/money?from=2026-01-01&to=2026-12-31')).statusCode).toBe(403);
      expect((await client.get('/api/admin/money.csv?from=2026-01-01&to=2026-12-31')).statusCode).toBe(403);
    }
    const ledger = (await asAdmin.get(`/api/admin/purchases/${p.id}/ledger`)).json() as PurchaseLedger;
    expect(ledger.rows.map((r) => r.kind)).toEqual(['charge', 'charge', 'seller_payable']);
    expect(ledger.moneyActions).toEqual([]);
  });
});
