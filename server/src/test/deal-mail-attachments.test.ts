import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerFeeCents } from '../../../domain/money.js';
import type { Purchase } from '../../../domain/purchases-api.js';
import { processOutboxOnce } from '../modules/mail/mail.worker.js';
import { emlTransport } from '../modules/mail/transport.js';
import { insertListing } from './fixtures/offers.js';
import { createTestApp, createUser, type TestApp, TestClient } from './test-app.js';

// docs/decisions/0043-deal-documents.md: the invoice e-mail carries the invoice PDF, the release e-mail the gate pass.
describe('deal e-mails attach their PDF', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes the invoice and gate pass into the .eml as application/pdf attachments', async () => {
    const admin = await createUser(t.app, { status: 'admin' });
    const dealer = await createUser(t.app, { status: 'approved' });
    const a = await TestClient.as(t.app, admin);
    const buyer = await TestClient.as(t.app, dealer);
    const listingId = await insertListing(t.app, admin.id, { priceCents: 48_500_00 });
    const made = await buyer.post('/api/offers', { listingId, offerType: 'offer', amount: '45000' });
    const offerId = made.json().offer?.id ?? made.json().id;
    expect((await a.post(`/api/admin/offers/${offerId}/accept`)).statusCode).toBe(200);
    const p = ((await buyer.get('/api/purchases')).json().items as Purchase[]).find(
      (x) => x.offerId === offerId,
    );
    if (!p) throw new Error('no purchase');
    const chosen = await buyer.post(`/api/purchases/${p.id}/fulfilment`, { fulfilment: 'collect' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const total = (chosen.json() as Purchase).money.invoiceTotalCents;
    expect(total).toBe(45_000_00 + buyerFeeCents(45_000_00));
    const paid = await a.post(`/api/admin/purchases/${p.id}/payments`, {
      amount: (total / 100).toFixed(2),
      method: 'wire',
      reference: 'WIRE-1',
      paidOn: '2026-11-24',
      expectedBalanceCents: total,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await a.post(`/api/admin/purchases/${p.id}/release`)).statusCode).toBe(200);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-deal-eml-'));
    const transport = emlTransport(dir);
    while ((await processOutboxOnce(t.app.ctx, transport)).sent > 0) {}
    const emls = readdirSync(dir)
      .filter((f) => f.endsWith('purchase-update.eml'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .filter((e) => e.includes(`To: ${dealer.email}`));
    const invoice = emls.find((e) => /^Subject: Invoice for /m.test(e));
    const gate = emls.find((e) => /^Subject: Gate pass for /m.test(e));
    expect(invoice).toMatch(/Content-Type: application\/pdf; name=invoice-[\w-]+\.pdf/);
    expect(gate).toMatch(new RegExp(`Content-Type: application/pdf; name=gate-pass-${p.number}\\.pdf`));
    // The release e-mail names the yard and the serial/PIN like the gate pass (docs/product/documents.md).
    expect(gate).toContain('Serial/PIN');
    expect(gate).toContain('not recorded');
    expect(gate).toContain('Collect at');
    // A step without a document carries none.
    const receipt = emls.find((e) => /^Subject: Paid in full/m.test(e));
    expect(receipt).toBeDefined();
    expect(receipt).not.toContain('application/pdf');
  });
});
