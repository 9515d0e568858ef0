import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LedgerEntry, type LedgerStep, nextLedgerEntries } from '../../../../domain/ledger.js';
import { ledgerEntryOf, type PurchaseLedger } from '../../../../domain/ledger-api.js';
import {
  creditNotes,
  invoices,
  purchaseLedgerEntries,
  purchaseMoneyCommands,
  purchases,
} from '../../db/schema.js';
import { TEST_YARD } from '../../test/fixtures/yard.js';
import { createTestApp, createUser, type TestApp, TestClient } from '../../test/test-app.js';

/**
 * Exactly once (docs/product/purchases.md#exactly-once, decision 0067): a money command retried or sent twice at
 * once books its money once; two different commands that together overpay are refused under the lock; any
 * interleaving of concurrent commands leaves the ledger of some serial order of them.
 */
describe('money commands exactly once', () => {
  let t: TestApp;
  let asAdmin: TestClient;
  let asSeller: TestClient;
  let asBuyer: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t.app, { status: 'admin' });
    const seller = await createUser(t.app, { status: 'approved', companyName: 'Ames Tractor' });
    const buyer = await createUser(t.app, { status: 'approved', companyName: 'Boone Ag' });
    asAdmin = await TestClient.as(t.app, admin);
    asSeller = await TestClient.as(t.app, seller);
    asBuyer = await TestClient.as(t.app, buyer);
  });
  afterAll(() => t.close());

  const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);

  /** A $180,000 dealer's listing sold, the buyer not yet choosing collection or delivery (no invoice). */
  async function sold(): Promise<string> {
    // One offer per purchase: the buyer's offer rate (30 an hour) must not end a long property run.
    t.clock.advance(61 * 60_000);
    const made = await asSeller.post('/api/listings', {
      make: 'John Deere',
      model: '8R 340',
      year: 2021,
      location: 'Ames, IA',
      ...TEST_YARD,
      priceCents: 180_000_00,
    });
    expect(made.statusCode, made.body).toBe(201);
    const listingId = made.json().id as string;
    ok(await asSeller.post(`/api/my-listings/${listingId}/submit`));
    ok(await asAdmin.post(`/api/admin/listings/${listingId}/approve`, { asIsReason: 'Trade-in' }));
    const offer = await asBuyer.post('/api/offers', { listingId, offerType: 'offer', amount: '180000' });
    expect(offer.statusCode, offer.body).toBe(201);
    ok(await asSeller.post(`/api/my-listings/offers/${offer.json().offer.id}/accept`));
    const [row] = await t.app.ctx.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(eq(purchases.offerId, offer.json().offer.id));
    return row.id;
  }

  const choose = (id: string, fulfilment: 'collect' | 'delivery', key?: string) =>
    asBuyer.post(`/api/purchases/${id}/fulfilment`, { fulfilment }, key ? { 'idempotency-key': key } : {});

  /** Sold, the buyer collecting: invoiced $189,500 and awaiting payment. */
  async function invoiced(): Promise<string> {
    const id = await sold();
    ok(await choose(id, 'collect'));
    return id;
  }

  const pay = (id: string, amount: string, expectedBalanceCents: number, key?: string) =>
    asAdmin.post(
      `/api/admin/purchases/${id}/payments`,
      { amount, method: 'wire', reference: 'W-1', paidOn: '2026-11-24', expectedBalanceCents },
      key ? { 'idempotency-key': key } : {},
    );

  /** Invoiced, paid in full, collected and its title received: FieldLot owes the seller $179,750, payout open. */
  async function readyForPayout(): Promise<string> {
    const id = await invoiced();
    ok(await pay(id, '189500', 189_500_00));
    ok(await asAdmin.post(`/api/admin/purchases/${id}/release`));
    ok(await asAdmin.post(`/api/admin/purchases/${id}/picked-up`, { date: '2026-12-01' }));
    ok(await asAdmin.post(`/api/admin/purchases/${id}/title-received`, { date: '2026-12-02' }));
    return id;
  }

  const payout = (id: string, amount: string, reference: string, key?: string) =>
    asAdmin.post(
      `/api/admin/purchases/${id}/payouts`,
      // Paid while the buyer may still claim: the reason belongs to the request (and its fingerprint).
      {
        amount,
        method: 'wire',
        reference,
        paidOn: '2026-12-10',
        reason: 'The seller is paid early by agreement',
      },
      key ? { 'idempotency-key': key } : {},
    );
  const entriesOf = async (id: string) =>
    t.app.ctx.db
      .select()
      .from(purchaseLedgerEntries)
      .where(eq(purchaseLedgerEntries.purchaseId, id))
      .orderBy(asc(purchaseLedgerEntries.id));
  const payoutsOf = async (id: string) => (await entriesOf(id)).filter((e) => e.kind === 'payout');
  const owedToSeller = async (id: string) =>
    ((await asAdmin.get(`/api/admin/purchases/${id}/ledger`)).json() as PurchaseLedger).seller
      ?.owedToSellerCents;

  it('two $50,000 payouts of one wire at once (same reference, no key): one is recorded, the other refused', async () => {
    const id = await readyForPayout();
    const [a, b] = await Promise.all([payout(id, '50000', 'P-77'), payout(id, '50000', 'P-77')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error.message).toBe(
      'A payout with reference P-77 is already recorded: it is not paid twice',
    );
    expect((await payoutsOf(id)).map((e) => e.amountCents)).toEqual([50_000_00]);
    expect(await owedToSeller(id)).toBe(129_750_00);
  });

  it('the same payout sent twice at once with one Idempotency-Key: both answer the first result, one payout', async () => {
    const id = await readyForPayout();
    const key = 'payout-attempt-0001';
    const [a, b] = await Promise.all([payout(id, '50000', 'P-77', key), payout(id, '50000', 'P-77', key)]);
    ok(a);
    ok(b);
    expect(b.json()).toEqual(a.json());
    expect(await payoutsOf(id)).toHaveLength(1);
  });

  it('a retried request (same Idempotency-Key, same body) answers the same and records one entry', async () => {
    const id = await readyForPayout();
    const key = 'payout-attempt-0002';
    const first = await payout(id, '50000', 'P-77', key);
    ok(first);
    const again = await payout(id, '50000', 'P-77', key);
    ok(again);
    expect(again.json()).toEqual(first.json());
    expect(await payoutsOf(id)).toHaveLength(1);
    const commands = await t.app.ctx.db
      .select()
      .from(purchaseMoneyCommands)
      .where(eq(purchaseMoneyCommands.purchaseId, id));
    expect(commands).toEqual([expect.objectContaining({ requestKey: key, command: 'payout' })]);

    // The same key with another body is another request: refused, nothing recorded.
    const other = await payout(id, '60000', 'P-78', key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toMatch(
      /^This Idempotency-Key was already used on FL-\d{4}-\d{6} for another request: this one is not recorded$/,
    );
    expect(await payoutsOf(id)).toHaveLength(1);
    // A key that is not one: 400 before anything runs.
    const bad = await payout(id, '1', 'P-79', 'short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Idempotency-Key must be 8 to 100/);
  });

  it('a retried payment answers its first result, though the balance it expected has changed since', async () => {
    const id = await invoiced();
    const first = await pay(id, '100000', 189_500_00, 'payment-attempt-0001');
    ok(first);
    const again = await pay(id, '100000', 189_500_00, 'payment-attempt-0001');
    ok(again);
    expect(again.json()).toEqual(first.json());
    expect(again.json().money.balanceCents).toBe(89_500_00);
    // Without the key, the same payment again finds another balance than it expected, as before.
    expect((await pay(id, '100000', 189_500_00)).statusCode).toBe(409);
    expect((await entriesOf(id)).filter((e) => e.kind === 'payment')).toHaveLength(1);
  });

  it("the buyer's choice of collection, retried with its Idempotency-Key, issues one invoice", async () => {
    const id = await sold();
    const key = 'fulfilment-attempt-0001';
    const [a, b] = await Promise.all([choose(id, 'collect', key), choose(id, 'collect', key)]);
    ok(a);
    ok(b);
    expect(b.json()).toEqual(a.json());
    expect(a.json().money).toMatchObject({ invoiced: true, invoiceTotalCents: 189_500_00 });
    expect(await t.app.ctx.db.select().from(invoices).where(eq(invoices.purchaseId, id))).toHaveLength(1);
    expect((await entriesOf(id)).filter((e) => e.kind === 'charge')).toHaveLength(2);
    // The same key for another choice: refused, nothing more recorded.
    const other = await choose(id, 'delivery', key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toMatch(/^This Idempotency-Key was already used on FL-/);
    const [command] = await t.app.ctx.db
      .select()
      .from(purchaseMoneyCommands)
      .where(eq(purchaseMoneyCommands.purchaseId, id));
    expect(command).toMatchObject({ requestKey: key, command: 'choose_fulfilment' });
  });

  it('a retried cancel answers its first result and reverses the sale once; a refused command leaves its key free', async () => {
    const id = await readyForPayout();
    // Nothing is due: refused, and the key records nothing, so it may carry a corrected request.
    expect((await pay(id, '1', 0, 'cancel-attempt-0001')).statusCode).toBe(409);
    const cancel = (key?: string) =>
      asAdmin.post(
        `/api/admin/purchases/${id}/cancel`,
        { reason: 'Title is not clean' },
        key ? { 'idempotency-key': key } : {},
      );
    const first = await cancel('cancel-attempt-0001');
    ok(first);
    const again = await cancel('cancel-attempt-0001');
    ok(again);
    expect(again.json()).toEqual(first.json());
    expect((await entriesOf(id)).filter((e) => e.kind === 'reversal').map((e) => e.of)).toEqual([
      'price',
      'buyer_fee',
      'seller_payable',
    ]);
    // Without the key, a second cancel is refused as before.
    expect((await cancel()).statusCode).toBe(409);
  });

  it('cancelling an invoiced purchase voids its invoice with one credit note for the total, retried or not', async () => {
    const id = await invoiced();
    const cancel = () =>
      asAdmin.post(
        `/api/admin/purchases/${id}/cancel`,
        { reason: 'Buyer withdrew' },
        { 'idempotency-key': 'cancel-void-attempt-0001' },
      );
    const [first, again] = [await cancel(), await cancel()];
    ok(first);
    ok(again);
    expect(again.json()).toEqual(first.json());
    const [invoice] = await t.app.ctx.db.select().from(invoices).where(eq(invoices.purchaseId, id));
    expect(invoice.totalCents).toBe(189_500_00);
    const notes = await t.app.ctx.db.select().from(creditNotes).where(eq(creditNotes.purchaseId, id));
    expect(notes).toEqual([
      expect.objectContaining({
        invoiceId: invoice.id,
        claimId: null,
        amountCents: 189_500_00,
        reason: 'Purchase cancelled',
      }),
    ]);
    // The note documents its ledger entry: the cancellation's reversal of the price (decision 0076).
    const reversal = (await entriesOf(id)).find((e) => e.kind === 'reversal' && e.of === 'price');
    const [entryRow] = await t.app.ctx.db
      .select()
      .from(purchaseLedgerEntries)
      .where(eq(purchaseLedgerEntries.id, notes[0].ledgerEntryId ?? -1));
    expect(entryRow).toMatchObject({ kind: 'reversal', of: 'price', amountCents: reversal?.amountCents });
    // Where credit notes appear: the purchase's documents and the timeline, and its PDF opens.
    const seen = (await asBuyer.get(`/api/purchases/${id}`)).json();
    const doc = seen.documents.find((d: { kind: string }) => d.kind === 'credit_note');
    expect(doc).toMatchObject({ number: notes[0].number, amountCents: 189_500_00 });
    expect(seen.timeline.at(-1).text).toBe(
      `Cancelled: Buyer withdrew; credit note ${notes[0].number} for $189,500 voids the invoice`,
    );
    const pdf = await asBuyer.get(doc.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/pdf/);
  });

  it('a cancel and return after a guarantee credit voids only what the invoice still stands for', async () => {
    const id = await readyForPayout();
    ok(
      await asBuyer.post(`/api/purchases/${id}/claims`, {
        checkpoints: ['not_in_report'],
        description: 'Hydraulic oil leaks at the loader valve.',
      }),
    );
    ok(
      await asAdmin.post(`/api/admin/purchases/${id}/claim-answer`, {
        answer: 'credit',
        amount: '3000',
        reason: 'Hydraulic leak at the loader valve',
      }),
    );
    ok(
      await asBuyer.post(`/api/purchases/${id}/claims`, {
        checkpoints: ['not_in_report'],
        description: 'The transmission slips in every gear.',
      }),
    );
    ok(
      await asAdmin.post(`/api/admin/purchases/${id}/claim-answer`, {
        answer: 'return',
        reason: 'Transmission',
      }),
    );
    const notes = await t.app.ctx.db.select().from(creditNotes).where(eq(creditNotes.purchaseId, id));
    expect(notes.map((n) => [n.amountCents, n.reason])).toEqual(
      expect.arrayContaining([
        [3_000_00, 'Hydraulic leak at the loader valve'],
        [186_500_00, 'Purchase cancelled'],
      ]),
    );
    expect(notes).toHaveLength(2);
    // Each note names its ledger entry: the claim's credit, then the reversal of the price.
    const byId = new Map(
      (
        await t.app.ctx.db
          .select()
          .from(purchaseLedgerEntries)
          .where(eq(purchaseLedgerEntries.purchaseId, id))
      ).map((e) => [e.id, e]),
    );
    const kinds = notes.map((n) => {
      const e = byId.get(n.ledgerEntryId ?? -1);
      return [n.amountCents, e?.kind, e?.kind === 'credit' ? e.amountCents : e?.of];
    });
    expect(kinds).toEqual(
      expect.arrayContaining([
        [3_000_00, 'credit', 3_000_00],
        [186_500_00, 'reversal', 'price'],
      ]),
    );
  });

  it('a retried claim credit answers its first result: one credit, one credit note', async () => {
    const id = await readyForPayout();
    const claim = await asBuyer.post(`/api/purchases/${id}/claims`, {
      checkpoints: ['not_in_report'],
      description: 'Hydraulic oil leaks at the loader valve.',
    });
    ok(claim);
    const credit = () =>
      asAdmin.post(
        `/api/admin/purchases/${id}/claim-answer`,
        { answer: 'credit', amount: '3000', reason: 'Hydraulic leak at the loader valve' },
        { 'idempotency-key': 'claim-answer-attempt-0001' },
      );
    const [a, b] = await Promise.all([credit(), credit()]);
    ok(a);
    ok(b);
    expect(b.json()).toEqual(a.json());
    expect((await entriesOf(id)).filter((e) => e.kind === 'credit').map((e) => e.amountCents)).toEqual([
      3_000_00,
    ]);
    expect(a.json().claims).toHaveLength(1);
  });

  it('two different payouts that together overpay: one is refused under the lock, saying what is owed', async () => {
    const id = await readyForPayout();
    ok(await payout(id, '100000', 'P-1', 'payout-attempt-0003'));
    const [a, b] = await Promise.all([
      payout(id, '70000', 'P-2', 'payout-attempt-0004'),
      payout(id, '70000', 'P-3', 'payout-attempt-0005'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json().error).toMatchObject({
      message: 'FieldLot owes the seller $9,750; this payout of $70,000 is more',
      fields: { amount: 'FieldLot owes the seller $9,750; this payout of $70,000 is more' },
    });
    const over = await payout(id, '100000', 'P-4');
    expect(over.json().error.message).toBe(
      'FieldLot owes the seller $9,750; this payout of $100,000 is more',
    );
    expect((await payoutsOf(id)).map((e) => e.amountCents)).toEqual([100_000_00, 70_000_00]);
    expect(await owedToSeller(id)).toBe(9_750_00);
  });

  // ---------------------------------------------------------------- any interleaving is some serial order

  type Kind = 'payout' | 'refund' | 'seller_repayment' | 'cancel';
  interface Command {
    kind: Kind;
    amountCents: number;
    reference: string;
    key: string | null;
  }
  const PATHS: Record<Kind, string> = {
    payout: 'payouts',
    refund: 'refunds',
    seller_repayment: 'seller-repayments',
    cancel: 'cancel',
  };
  const CANCEL_REASON = 'Title is not clean';
  const EARLY_REASON = 'The seller is paid early by agreement';
  const bodyOf = (c: Command) =>
    c.kind === 'cancel'
      ? { reason: CANCEL_REASON }
      : {
          amount: (c.amountCents / 100).toFixed(2),
          method: 'wire',
          reference: c.reference,
          paidOn: '2026-12-10',
          // Inside the buyer's guarantee a payout takes a reason (docs/product/purchases.md#paying-the-seller).
          ...(c.kind === 'payout' ? { reason: EARLY_REASON } : {}),
        };

  const fresh: fc.Arbitrary<Command> = fc.record({
    kind: fc.constantFrom<Kind>(
      'payout',
      'payout',
      'payout',
      'refund',
      'seller_repayment',
      'cancel',
      'cancel',
    ),
    amountCents: fc.constantFrom(50_000_00, 79_750_00, 100_000_00, 179_750_00, 189_500_00),
    reference: fc.constantFrom('P-1', 'P-2', ''),
    key: fc.option(fc.constantFrom('command-key-0001', 'command-key-0002', 'command-key-0003'), {
      nil: null,
    }),
  });
  // Up to four commands; some are retries of an earlier one (the same body under the same key, or with none).
  const commands: fc.Arbitrary<Command[]> = fc
    .tuple(fc.array(fresh, { minLength: 1, maxLength: 3 }), fc.array(fc.nat(), { maxLength: 2 }))
    .map(([base, retries]) => [...base, ...retries.map((i) => base[i % base.length])])
    .filter((cs) => cs.length >= 2 && cs.length <= 4);

  // Refunds and the seller's repayments are open only after a cancellation: half the runs start there.
  const starts = fc.constantFrom('payout open', 'cancelled after a payout');

  /** A money move as the ledger's rules read it (timestamps do not matter here). */
  const stepOf = (c: Command): LedgerStep => {
    const at = '2026-12-10T12:00:00.000Z';
    if (c.kind === 'cancel') return { kind: 'cancel', reason: CANCEL_REASON, at };
    return {
      kind: c.kind,
      amountCents: c.amountCents,
      method: 'wire',
      reference: c.reference,
      paidOn: '2026-12-10',
      at,
    };
  };
  const same = (a: Command, b: Command) =>
    JSON.stringify([a.kind, bodyOf(a)]) === JSON.stringify([b.kind, bodyOf(b)]);
  const project = (entries: readonly LedgerEntry[]) =>
    entries.map((e) =>
      [e.kind, e.amountCents, 'reference' in e ? e.reference : '', e.kind === 'reversal' ? e.of : ''].join(
        ' ',
      ),
    );

  /** The commands one after the other in `order`: who is answered 200, and the entries they leave. */
  function serially(start: readonly LedgerEntry[], cs: Command[], order: number[]) {
    let entries = [...start];
    const taken = new Map<string, Command>();
    const answered: boolean[] = cs.map(() => false);
    for (const i of order) {
      const c = cs[i];
      const first = c.key ? taken.get(c.key) : undefined;
      if (first) {
        answered[i] = same(first, c);
        continue;
      }
      const ctx = {
        isDealerListing: true,
        sellerFeeCents: t.app.ctx.config.sellerFeeCents,
        collectedAt: '2026-12-01',
        titleReceivedAt: '2026-12-02',
      };
      const r = nextLedgerEntries(entries, stepOf(c), ctx);
      if (!r.ok) continue;
      entries = [...entries, ...r.entries];
      answered[i] = true;
      if (c.key) taken.set(c.key, c);
    }
    return { answered, entries: project(entries) };
  }

  const permutations = (n: number): number[][] =>
    n === 0
      ? [[]]
      : permutations(n - 1).flatMap((p) =>
          Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
        );

  it('any interleaving of 2 to 4 concurrent money commands leaves the ledger of some serial order; debits equal credits', async () => {
    const runs = Number(process.env.PURCHASE_COMMAND_RUNS ?? 10);
    const started = Date.now();
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), starts, commands, async (s, from, cs) => {
        const id = await readyForPayout();
        if (from === 'cancelled after a payout') {
          ok(await payout(id, '179750', 'P-0'));
          ok(await asAdmin.post(`/api/admin/purchases/${id}/cancel`, { reason: 'Buyer withdrew' }));
        }
        const start = (await entriesOf(id)).map(ledgerEntryOf);
        // The scheduler picks the order the requests start in; they then race for the purchase's row lock.
        const answers = await (async () => {
          const sent = cs.map((c, i) =>
            s
              .schedule(Promise.resolve(i), `${c.kind} ${c.amountCents} ${c.reference} ${c.key}`)
              .then(() =>
                asAdmin.post(
                  `/api/admin/purchases/${id}/${PATHS[c.kind]}`,
                  bodyOf(c),
                  c.key ? { 'idempotency-key': c.key } : {},
                ),
              ),
          );
          await s.waitAll();
          return Promise.all(sent);
        })();
        answers.forEach((a, i) => {
          expect([200, 400, 409], a.body).toContain(a.statusCode);
          const what = `${cs[i].kind} ${a.statusCode}`;
          seen.set(what, (seen.get(what) ?? 0) + 1);
        });
        const actual = {
          answered: answers.map((a) => a.statusCode === 200),
          entries: project((await entriesOf(id)).map(ledgerEntryOf)),
        };
        const serial = permutations(cs.length).map((order) => serially(start, cs, order));
        expect(serial).toContainEqual(actual);

        // Double entry: every row's four accounts sum to zero, the last one included.
        const ledger = (await asAdmin.get(`/api/admin/purchases/${id}/ledger`)).json() as PurchaseLedger;
        for (const row of ledger.rows)
          expect(row.balances.buyer + row.balances.seller + row.balances.cash + row.balances.fieldlot).toBe(
            0,
          );
      }),
      { numRuns: runs },
    );
    // Timings for the decision record: PURCHASE_COMMAND_RUNS runs, each a fresh purchase.
    console.info(
      `exactly-once property: ${runs} runs in ${Date.now() - started} ms`,
      Object.fromEntries(seen),
    );
  });
});
