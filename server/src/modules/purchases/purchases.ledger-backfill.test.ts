import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSummary } from '../../../../domain/ledger.js';
import { ledgerEntryOf } from '../../../../domain/ledger-api.js';
import { type Database, MIGRATIONS_FOLDER, openDatabase, rowsOf } from '../../db/client.js';
import type { LedgerEntryRow } from './purchases.ledger.repository.js';

/**
 * Migration 0021 on a database that already has purchases (docs/decisions/0035-who-bears-a-credit.md): the
 * backfill gives every purchase the figures its columns and records held.
 */
describe('purchase ledger backfill (migration 0021)', () => {
  let database: Database;
  let before: string;
  const run = (q: ReturnType<typeof sql>) => database.db.execute(q);

  beforeAll(async () => {
    // The migrations up to 0019: a copy of the folder whose journal stops there.
    before = mkdtempSync(path.join(tmpdir(), 'fieldlot-0019-'));
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0021');
    writeFileSync(journalPath, JSON.stringify(journal));
    database = await openDatabase({});
    // biome-ignore lint/suspicious/noExplicitAny: the migrator takes either drizzle flavour
    await migrate(database.db as any, { migrationsFolder: before });

    await run(sql`insert into users (id, name, email, company_name, status) values
      ('00000000-0000-4000-8000-000000000001', 'Admin', 'admin@x.test', 'FieldLot', 'admin'),
      ('00000000-0000-4000-8000-000000000002', 'Seller', 'seller@x.test', 'Ames Tractor', 'approved'),
      ('00000000-0000-4000-8000-000000000003', 'Buyer', 'buyer@x.test', 'Boone Ag', 'approved')`);
    // a: a dealer's listing paid in full, then credited $3,000; b: FieldLot's own with delivery, part paid;
    // c: a dealer's listing paid and cancelled (the old automatic refund); d: not invoiced yet.
    for (const [n, seller] of [
      ['a', '00000000-0000-4000-8000-000000000002'],
      ['b', null],
      ['c', '00000000-0000-4000-8000-000000000002'],
      ['d', null],
    ] as const) {
      const i = 'abcd'.indexOf(n);
      const id = `00000000-0000-4000-8000-00000000010${i}`;
      await run(sql`insert into tractor_listings (id, user_id, seller_user_id, review_status, make, model, year, location)
        values (${id}, '00000000-0000-4000-8000-000000000001', ${seller}, ${seller ? 'approved' : null}, 'Deere',
          ${n}, 2020, 'Ames, IA')`);
      await run(sql`insert into tractor_offers (id, listing_id, buyer_user_id, seller_user_id, offer_type,
          offer_amount_cents, original_price_cents, status)
        values (${`00000000-0000-4000-8000-00000000020${i}`}, ${id}, '00000000-0000-4000-8000-000000000003',
          '00000000-0000-4000-8000-000000000001', 'offer', 18000000, 18000000, 'accepted')`);
    }
    const purchase = (n: number, total: number | null, status: string, delivery: number | null) =>
      run(sql`insert into purchases (id, number, offer_id, listing_id, buyer_user_id, seller_user_id, price_cents,
          buyer_fee_cents, delivery_cents, total_cents, status, due_date, cancel_reason, cancelled_at,
          paid_cents, credited_cents, refunded_cents)
        values (${`00000000-0000-4000-8000-00000000030${n}`}, ${`FL-2026-00000${n}`},
          ${`00000000-0000-4000-8000-00000000020${n}`}, ${`00000000-0000-4000-8000-00000000010${n}`},
          '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002', 18000000, 950000,
          ${delivery}, ${total}, ${status}, '2026-11-27', ${status === 'cancelled' ? 'Buyer backed out' : null},
          ${status === 'cancelled' ? '2026-11-26T10:00:00Z' : null}, 0, 0, 0)`);
    await purchase(0, 18950000, 'delivered', null);
    await purchase(1, 19002000, 'awaiting_payment', 52000);
    await purchase(2, 18950000, 'cancelled', null);
    await purchase(3, null, 'awaiting_payment', null);
    for (const n of [0, 1, 2])
      await run(sql`insert into invoices (id, purchase_id, number, bill_to, lines, total_cents, due_date, issued_at)
        values (${`00000000-0000-4000-8000-00000000040${n}`}, ${`00000000-0000-4000-8000-00000000030${n}`},
          ${`INV-2026-00000${n}`}, '{}', '[]', 0, '2026-11-27', '2026-11-20T10:00:00Z')`);
    const pay = (n: number, kind: string, cents: number, at: string) =>
      run(sql`insert into payments (purchase_id, kind, amount_cents, method, reference, paid_on, recorded_by, created_at)
        values (${`00000000-0000-4000-8000-00000000030${n}`}, ${kind}, ${cents}, 'wire', 'W', ${at.slice(0, 10)},
          '00000000-0000-4000-8000-000000000001', ${at})`);
    await pay(0, 'payment', 18950000, '2026-11-21T10:00:00Z');
    await pay(1, 'payment', 1000000, '2026-11-21T10:00:00Z');
    await pay(2, 'payment', 18950000, '2026-11-21T10:00:00Z');
    await pay(2, 'refund', 18950000, '2026-11-26T10:00:00Z');
    await run(sql`insert into credit_notes (purchase_id, invoice_id, number, amount_cents, reason, issued_at)
      values ('00000000-0000-4000-8000-000000000300', '00000000-0000-4000-8000-000000000400', 'CN-2026-000001',
        300000, 'Inspection guarantee claim: credit', '2026-11-25T10:00:00Z')`);

    // biome-ignore lint/suspicious/noExplicitAny: as above
    await migrate(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(before, { recursive: true, force: true });
  });

  async function summary(n: number, isDealerListing: boolean) {
    const rows = rowsOf<Record<string, unknown>>(
      await run(sql`select kind, line, "of", born_by as "bornBy", amount_cents as "amountCents", method, reference,
          paid_on::text as "paidOn", reason, at from purchase_ledger_entries
        where purchase_id = ${`00000000-0000-4000-8000-00000000030${n}`} order by id`),
    );
    const entries = rows.map((r) => ledgerEntryOf(r as unknown as LedgerEntryRow));
    return { entries, s: ledgerSummary(entries, { isDealerListing }) };
  }

  it('keeps every purchase figure: invoice, payments, credits (FieldLot-borne), cancellations', async () => {
    const a = await summary(0, true);
    expect(a.s.charged.totalCents).toBe(189_500_00);
    expect(a.s.sellerProceedsCents).toBe(179_750_00);
    expect(a.s.credits).toMatchObject({ fieldlotCents: 3_000_00, sellerCents: 0 });
    expect(a.s.owedToBuyerCents).toBe(3_000_00);
    expect(a.s.balances).toMatchObject({ buyer: -3_000_00 });

    const b = await summary(1, false);
    expect(b.s.charged).toMatchObject({ deliveryCents: 520_00, totalCents: 190_020_00 });
    expect(b.s.buyerBalanceDueCents).toBe(180_020_00);
    expect(b.s.sellerProceedsCents).toBe(0);

    const c = await summary(2, true);
    expect(c.s).toMatchObject({ cancelled: true, sellerProceedsCents: 0, settledForBuyer: true });
    expect(c.s.fieldlot.feesEarnedCents).toBe(0);
    expect(c.entries.filter((e) => e.kind === 'reversal').map((e) => e.kind === 'reversal' && e.of)).toEqual([
      'price',
      'buyer_fee',
      'seller_payable',
    ]);

    expect((await summary(3, false)).entries).toEqual([]);
  });

  it('drops the credited, paid and refunded columns', async () => {
    const cols = rowsOf<{ column_name: string }>(
      await run(sql`select column_name from information_schema.columns where table_name = 'purchases'`),
    ).map((r) => r.column_name);
    expect(cols).not.toContain('paid_cents');
    expect(cols).not.toContain('credited_cents');
    expect(cols).not.toContain('refunded_cents');
  });

  it('migration 0038: the old payments table is gone, and the credit note names its credit entry', async () => {
    const tables = rowsOf<{ table_name: string }>(
      await run(sql`select table_name from information_schema.tables where table_schema = 'public'`),
    ).map((r) => r.table_name);
    expect(tables).not.toContain('payments');
    const [note] = rowsOf<{ kind: string; amount_cents: number; purchase_id: string }>(
      await run(sql`select e.kind, e.amount_cents::int as amount_cents, e.purchase_id::text as purchase_id from credit_notes c
        join purchase_ledger_entries e on e.id = c.ledger_entry_id where c.number = 'CN-2026-000001'`),
    );
    expect(note).toMatchObject({
      kind: 'credit',
      amount_cents: 3_000_00,
      purchase_id: '00000000-0000-4000-8000-000000000300',
    });
  });
});
