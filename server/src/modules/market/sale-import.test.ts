import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SALE_FILE_MAX_BYTES,
  SALE_FILE_NOT_CSV,
  SALE_FILE_TOO_LARGE,
} from '../../../../domain/sale-import-api.js';
import { rowsOf } from '../../db/client.js';
import { createTestApp, createUser, type TestApp, TestClient } from '../../test/test-app.js';
import { fieldlotValue } from './market.service.js';
import { IMPORT_BATCH_ROWS } from './sale-import.service.js';

const HEADER = 'source_id,sold_on,make,model,year,hours,state,price_usd,cab,Lot notes';
const good = (i: number, soldOn = '2025-03-0') =>
  `a-${i},${soldOn}${(i % 9) + 1},Deere,6155R,${2015 + (i % 5)},${1000 + (i % 50) * 100},Iowa,${80000 + (i % 50) * 1000},EROPS,"clean, ""one"" owner"`;
const FILE = [
  HEADER,
  good(1),
  good(2),
  'a-bad,2031-02-30,Deere,6155R,2019,1200,Iowa,41000.50,,',
  good(3),
  ...[4, 5, 6, 7].map((i) => good(i)),
].join('\r\n');

describe('admin sale import API', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
  });
  afterEach(() => t.close());

  const csv = { 'content-type': 'text/csv' };
  const count = async () =>
    Number(
      rowsOf<{ n: number }>(await t.app.ctx.db.execute(sql`select count(*)::int as n from market_sales`))[0]
        .n,
    );

  it('previews the first rows and every problem, writing nothing', async () => {
    const res = await admin.request(
      'POST',
      '/api/admin/market/sale-imports/preview?source=auction',
      FILE,
      csv,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      source: 'auction',
      rowsRead: 8,
      goodRows: 7,
      badRows: 1,
      alreadyImported: 0,
    });
    expect(body.unknownColumns).toEqual(['Lot notes']);
    expect(body.problems).toEqual([
      { row: 4, column: 'sold_on', message: 'sold_on 2031-02-30 is not a date' },
      {
        row: 4,
        column: 'price_usd',
        message: 'price_usd must be a whole number of dollars between 100 and 10,000,000',
      },
    ]);
    expect(body.firstRows[0]).toMatchObject({
      sourceId: 'a-1',
      state: 'IA',
      priceCents: 8_100_000,
      gradeTenths: null,
    });
    expect(await count()).toBe(0);
  });

  it('imports the good rows, reports the bad one, and adds nothing when the same file comes again', async () => {
    const importId = randomUUID();
    const first = await admin.request(
      'POST',
      `/api/admin/market/sale-imports?source=auction&importId=${importId}`,
      FILE,
      csv,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ imported: 7, alreadyImported: 0, badRows: 1, problemCount: 2 });
    expect(await count()).toBe(7);
    const progress = await admin.get(`/api/admin/market/sale-imports/${importId}/progress`);
    expect(progress.json()).toEqual({ rowsDone: 7, rowsTotal: 7, finished: true });

    const again = await admin.request('POST', '/api/admin/market/sale-imports', FILE, csv);
    expect(again.json()).toMatchObject({ imported: 0, alreadyImported: 7 });
    expect(await count()).toBe(7);
    const preview = await admin.request('POST', '/api/admin/market/sale-imports/preview', FILE, csv);
    expect(preview.json().alreadyImported).toBe(7);

    // The same ids under another source are other sales.
    const dealer = await admin.request('POST', '/api/admin/market/sale-imports?source=dealer', FILE, csv);
    expect(dealer.json()).toMatchObject({ source: 'dealer', imported: 7 });

    // Imported rows keep what the file did not say as null: no made-up grade, year or hours.
    const [row] = rowsOf<{ grade_tenths: number | null; cab: string; source_id: string; state: string }>(
      await t.app.ctx.db.execute(
        sql`select grade_tenths, cab, source_id, state from market_sales where source = 'auction' and source_id = 'a-1'`,
      ),
    );
    expect(row).toEqual({ grade_tenths: null, cab: 'EROPS', source_id: 'a-1', state: 'IA' });
    // And the database still refuses to change them (insert-only record, decision 0066).
    await expect(t.app.ctx.db.execute(sql`update market_sales set price_cents = 1`)).rejects.toThrow();
    await expect(
      t.app.ctx.db.execute(sql`delete from market_sales where source = 'auction'`),
    ).rejects.toThrow();
  });

  it('shows an imported comparable with its source, never a buyer or seller', async () => {
    const recent = [HEADER, ...[1, 2, 3, 4, 5, 6].map((i) => good(i, '2026-10-0'))].join('\n');
    await admin.request('POST', '/api/admin/market/sale-imports', recent, csv);
    const answer = await fieldlotValue(
      t.app.ctx.db,
      { make: 'Deere', family: '6155R', year: 2018, hours: 1500, grade: 3, state: 'IA' },
      '2026-12-01',
    );
    expect(answer.comparables).toHaveLength(6);
    expect(answer.comparables[0].source).toBe('auction');
    expect(answer.estimate).not.toBeNull();
  });

  it('leaves nothing half-written when the import fails part way', async () => {
    // A row the parser accepts but the database refuses, in the second batch of writes: the first batch's rows
    // were already inserted in the transaction when it fails.
    await t.app.ctx.db.execute(sql`create function refuse_late() returns trigger language plpgsql as $$
      begin if new.source_id = 'a-5999' then raise exception 'refused'; end if; return new; end $$`);
    await t.app.ctx.db.execute(
      sql`create trigger refuse_late before insert on market_sales for each row execute function refuse_late()`,
    );
    const big = [HEADER, ...Array.from({ length: IMPORT_BATCH_ROWS + 1000 }, (_, i) => good(i))].join('\n');
    const importId = randomUUID();
    const res = await admin.request('POST', `/api/admin/market/sale-imports?importId=${importId}`, big, csv);
    expect(res.statusCode).toBe(500);
    expect((await admin.get(`/api/admin/market/sale-imports/${importId}/progress`)).json()).toMatchObject({
      rowsDone: 0,
      finished: true,
    });
    expect(await count()).toBe(0);
  });

  it('refuses a file over 50 MB or not CSV whole, with one message', async () => {
    const big = await admin.request('POST', '/api/admin/market/sale-imports/preview', 'x', {
      ...csv,
      'content-length': String(SALE_FILE_MAX_BYTES + 1),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: SALE_FILE_TOO_LARGE });

    const json = await admin.post('/api/admin/market/sale-imports', { rows: [] });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe(SALE_FILE_NOT_CSV);

    const binary = await admin.request(
      'POST',
      '/api/admin/market/sale-imports',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]),
      csv,
    );
    expect(binary.statusCode).toBe(415);
    expect(binary.json().error.message).toBe(SALE_FILE_NOT_CSV);
    expect(await count()).toBe(0);
  });

  it('is for admins only', async () => {
    const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    const res = await dealer.request('POST', '/api/admin/market/sale-imports', FILE, csv);
    expect(res.statusCode).toBe(403);
    expect(await count()).toBe(0);
  });
});
