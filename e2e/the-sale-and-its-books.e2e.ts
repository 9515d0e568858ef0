import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  DESK,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
  toast,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { apiPost, DEMO_DEALER, DEMO_DEALER2, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

/**
 * docs/product/purchases.md#the-ledger, on a phone (390 px) for all three: dealer A sells to dealer B, B pays and
 * collects, claims with two photos; the admin sees the photos and grants a credit borne by the seller; A's My
 * Listings shows the reduced proceeds with the reason; the admin records the refund and the payout; the money
 * view's totals are the sums of the ledger's entries; a cancelled sale shows $0 proceeds.
 */
const REASON = 'Hydraulic leak at the loader valve the seller did not declare';
const today = () => new Date().toISOString().slice(0, 10);

const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

/** "$1,234.56" → 123456. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

/** The CSV's rows (quoted cells may hold commas). */
function csvRows(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '')))
    .map((cells) => cells.slice(0, 8));
}

describe.runIf(hasBrowser())('the sale and its books', () => {
  let seller: Browser;
  let buyer: Browser;
  let admin: Browser;
  const run = Date.now().toString(36);
  const model = `Books-${run}`;
  let purchaseId = '';

  /** A trade-in of dealer A, reviewed and live, offered on by dealer B and accepted by A. */
  async function sell(name: string, price: number) {
    const { id: listingId } = await apiPost(seller.page, '/api/listings', {
      make: 'John Deere',
      model: name,
      year: 2018,
      hours: 3200,
      priceCents: price * 100,
      location: 'Iowa',
      ...E2E_YARD,
      condition: 'Good',
      description: 'Ledger journey tractor',
    });
    await apiPost(seller.page, `/api/my-listings/${listingId}/submit`, {});
    await apiPost(admin.page, `/api/admin/listings/${listingId}/approve`, {
      asIsReason: 'Trade-in, sold as seen',
    });
    const made = await apiPost(buyer.page, '/api/offers', {
      listingId,
      offerType: 'offer',
      amount: String(price),
    });
    await apiPost(seller.page, `/api/my-listings/offers/${made.offer.id}/accept`, {});
    const mine = (await (await buyer.page.request.get('/api/purchases')).json()) as {
      items: Array<{ id: string; offerId: string }>;
    };
    const id = mine.items.find((p) => p.offerId === made.offer.id)?.id;
    expect(id).toBeTruthy();
    return id as string;
  }

  const adminPurchase = async () => {
    const { page } = admin;
    await page.goto('/admin?tab=purchases');
    const row = page.getByTestId('admin-purchase').filter({ hasText: model });
    await row.getByRole('button', { name: /^Open FL-/ }).click();
    return row;
  };

  const saleOnMyListings = async (name: string) => {
    const { page } = seller;
    await page.goto('/my-listings');
    return page.getByTestId('my-listing').filter({ hasText: name });
  };

  beforeAll(async () => {
    seller = await openBrowser(PHONE);
    buyer = await openBrowser(PHONE);
    admin = await openBrowser(PHONE);
    await signInViaApi(seller.page, DEMO_DEALER.email, DEMO_DEALER.password);
    await signInViaApi(buyer.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    purchaseId = await sell(model, 180_000);
    // B collects: the invoice is $180,000 + the buyer fee ($500 + 5% = $9,500).
    const chosen = await apiPost(buyer.page, `/api/purchases/${purchaseId}/fulfilment`, {
      fulfilment: 'collect',
    });
    expect(chosen.money.invoiceTotalCents).toBe(189_500_00);
    await apiPost(admin.page, `/api/admin/purchases/${purchaseId}/payments`, {
      amount: '189500.00',
      method: 'wire',
      reference: `WIRE-${run}`,
      paidOn: today(),
      expectedBalanceCents: chosen.money.invoiceTotalCents,
    });
    await apiPost(admin.page, `/api/admin/purchases/${purchaseId}/release`, {});
    await apiPost(admin.page, `/api/admin/purchases/${purchaseId}/picked-up`, { date: today() });
    await apiPost(admin.page, `/api/admin/purchases/${purchaseId}/title-received`, { date: today() });
  });
  afterAll(async () => {
    await seller?.close();
    await buyer?.close();
    await admin?.close();
  });

  it('B claims with two photos; the admin sees them and grants a credit borne by the seller', async () => {
    const b = buyer.page;
    await b.goto('/purchased-inventory');
    const card = b.getByTestId('purchase-card').filter({ hasText: model });
    await card.getByTestId('balance-line').getByText('Paid in full').waitFor();
    await card.getByRole('button', { name: 'Open a guarantee claim' }).click();
    const dialog = b.getByRole('dialog');
    await dialog.getByLabel('Not in report').check();
    await dialog.getByLabel('Describe what differs').fill('The loader valve leaks hydraulic oil under load.');
    await dialog
      .getByLabel('Photos')
      .setInputFiles([await photo('leak.jpg', '#553311'), await photo('valve.jpg', '#224466')]);
    await dialog.getByRole('button', { name: 'Send claim' }).click();
    await toast(b, 'Claim sent: we will answer shortly').waitFor();
    await card.getByRole('button', { name: 'Claim photo 2 of 2: open full size' }).waitFor();

    // The admin decides with the evidence: both photos open at full size.
    const row = await adminPurchase();
    const a = admin.page;
    await row.getByRole('button', { name: 'Claim photo 1 of 2: open full size' }).click();
    const big = a.getByRole('dialog', { name: 'Claim photo 1 of 2' });
    await big.locator('img[alt="Claim photo 1 of 2"][aria-busy="false"]').waitFor();
    await a.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Claim photo 2 of 2: open full size' }).waitFor();

    const credit = row.getByRole('form', { name: 'Answer claim: credit' });
    await credit.getByLabel('Credit ($)').fill('3000');
    await credit.getByLabel('The seller').check();
    await credit.getByLabel('Reason').fill(REASON);
    await credit.getByRole('button', { name: 'Answer claim: credit' }).click();
    const confirm = a.getByRole('dialog', { name: 'Credit $3,000.00 borne by the seller?' });
    await confirm.getByText('The seller bears it: their proceeds go down by $3,000.00.').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(a, 'Credit of $3,000.00 issued, borne by the seller').waitFor();
    await screenshot(a, 'sale-books-admin-credit-390');
  });

  it("A's My Listings shows the reduced proceeds with the reason, and A is e-mailed the charge", async () => {
    const row = await saleOnMyListings(model);
    await row.getByTestId('seller-proceeds').getByText('Your proceeds $176,750').waitFor();
    await row.getByText(`Charge $3,000: ${REASON}`).waitFor();
    // Nowhere on the page the proceeds before the charge: the accepted offer points to the sale.
    const offer = seller.page.getByTestId('seller-offer').filter({ hasText: model });
    await offer.getByText('See the sale on your tractor above').waitFor();
    expect(await seller.page.locator('main').textContent()).not.toContain('$179,750');
    const mail = await waitForMail({
      template: 'purchase-seller-update',
      to: DEMO_DEALER.email,
      contains: 'A charge on your sale',
    });
    expect(mail).toContain('$3,000');
    await expectNoAxeViolations(seller.page, ['main']);
    await screenshot(seller.page, 'sale-books-seller-charge-390');
  });

  it('the admin records the refund and the payout; the buyer is settled, the seller paid', async () => {
    const a = admin.page;
    let row = await adminPurchase();
    await row.getByRole('button', { name: 'Record refund' }).click();
    let dialog = a.getByRole('dialog', { name: 'Record refund' });
    await expect.poll(() => dialog.getByLabel('Amount ($)').inputValue()).toBe('3000.00');
    await dialog.getByLabel('Reference').fill(`R-${run}`);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await a.getByRole('button', { name: 'Record refund of $3,000.00' }).click();
    // The dialog closes once the refund is recorded (a refusal keeps it open); the buyer's card says the rest.
    await a.getByRole('dialog').waitFor({ state: 'detached' });
    await toast(a, 'Refund of $3,000.00 recorded').waitFor();

    const b = buyer.page;
    await b.goto('/purchased-inventory');
    const card = b.getByTestId('purchase-card').filter({ hasText: model });
    await card.getByTestId('balance-line').getByText('Settled').waitFor();
    await card.getByText(new RegExp(`^Refund of \\$3,000 on .* — ref R-${run}$`)).waitFor();

    // The payout is due ten business days on, after the guarantee's end (the card says "after the buyer's
    // guarantee ends" only when the guarantee ends later: purchases.ledger.test.ts).
    let sale = await saleOnMyListings(model);
    await sale
      .getByTestId('seller-payout')
      .getByText(/^Payout due /)
      .waitFor();

    row = await adminPurchase();
    await row.getByTestId('payout-due').waitFor();
    await row.getByRole('button', { name: 'Record payout' }).click();
    dialog = a.getByRole('dialog', { name: 'Record payout' });
    await expect.poll(() => dialog.getByLabel('Amount ($)').inputValue()).toBe('176750.00');
    await dialog.getByLabel('Reference').fill(`P-${run}`);
    // Paying inside the window takes a reason, audited and shown on the ledger line.
    const early = 'The seller bears the claim already credited; paid early by agreement';
    await dialog.getByLabel('Reason for paying before the guarantee ends').fill(early);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await a.getByRole('button', { name: 'Record payout of $176,750.00' }).click();
    await a.getByRole('dialog').waitFor({ state: 'detached' });
    await toast(a, 'Payout of $176,750.00 recorded').waitFor();
    const ledger = row.getByRole('region', { name: /^Ledger of FL-/ });
    await ledger.getByText(`before the guarantee ended: ${early}`).waitFor();
    await expectNoAxeViolations(a, ['main']);
    await screenshot(a, 'sale-books-admin-ledger-390');

    sale = await saleOnMyListings(model);
    await sale
      .getByTestId('seller-payout')
      .getByText(new RegExp(`^Paid .* — ref P-${run}$`))
      .waitFor();
    await sale.getByTestId('seller-proceeds').getByText('Your proceeds $176,750').waitFor();
    // The payout e-mail names the proceeds once: "Your proceeds: $176,750".
    const paid = await waitForMail({
      template: 'purchase-seller-update',
      to: DEMO_DEALER.email,
      contains: `P-${run}`,
    });
    expect(paid).toContain('Your proceeds: $176,750');
    expect(paid).not.toContain('Your proceeds: Your proceeds');
  });

  it("the money view's totals are the sums of the ledger's entries", async () => {
    const a = admin.page;
    await a.goto('/admin/money');
    await a.getByRole('heading', { name: 'Money' }).waitFor();
    const from = '2020-01-01';
    const to = '2035-12-31';
    await a.getByLabel('From', { exact: true }).fill(from);
    await a.getByLabel('To', { exact: true }).fill(to);
    await a.getByText(`Owed at the end of`).first().waitFor();
    const figure = async (key: string) => {
      const card = a.getByTestId(`money-${key}`);
      await card.waitFor();
      const text = (await card.textContent()) ?? '';
      return cents(text.match(/\$[\d,]+(\.\d\d)?/)?.[0] ?? 'NaN');
    };
    const csv = await a.request.get(`/api/admin/money.csv?from=${from}&to=${to}`);
    expect(csv.status()).toBe(200);
    const rows = csvRows(await csv.text()).slice(1);
    const sum = (kind: string) => rows.filter((r) => r[2] === kind).reduce((n, r) => n + cents(r[4]), 0);
    expect(rows.some((r) => r[2] === 'payout' && r[7] === `P-${run}`)).toBe(true);
    // Plain amounts with their currency, and the seller's fee as its own line (docs/product/purchases.md#the-admins-money-view).
    for (const r of rows) expect(`${r[4]} ${r[5]}`).toMatch(/^\d+\.\d\d USD$/);
    expect(rows.some((r) => r[2] === 'seller_fee' && r[3] === 'seller' && r[4] === '250.00')).toBe(true);
    await expect.poll(() => figure('received')).toBe(sum('payment'));
    expect(await figure('refunded')).toBe(sum('refund'));
    expect(await figure('paid-to-sellers')).toBe(sum('payout'));
    await expectNoAxeViolations(a, ['main']);
    await screenshot(a, 'sale-books-money-view-390');
  });

  it('a cancelled sale shows $0 proceeds; its invoice is voided by a credit note the buyer can download', async () => {
    const name = `${model}-C`;
    const id = await sell(name, 52_000);
    // Invoiced: $52,000 + the buyer fee ($500 + 5% = $3,100).
    const chosen = await apiPost(buyer.page, `/api/purchases/${id}/fulfilment`, { fulfilment: 'collect' });
    expect(chosen.money.invoiceTotalCents).toBe(55_100_00);
    await apiPost(admin.page, `/api/admin/purchases/${id}/cancel`, {
      reason: 'Buyer backed out before paying',
    });
    // At 390 px and 1280 px: the seller's $0, the buyer's invoice and the credit note voiding it.
    const b = buyer.page;
    for (const size of [PHONE, DESK]) {
      await seller.page.setViewportSize(size);
      const row = await saleOnMyListings(name);
      await row.getByTestId('seller-proceeds').getByText('Your proceeds $0').waitFor();
      await expectNoAxeViolations(seller.page, ['main']);
      await screenshot(seller.page, `sale-books-cancelled-${size.width}`);

      await b.setViewportSize(size);
      await b.goto('/purchased-inventory');
      const card = b.getByTestId('purchase-card').filter({ hasText: name });
      await card.getByRole('link', { name: /^Invoice INV-\d{4}-\d{6} \(\$55,100\)$/ }).waitFor();
      await card.getByRole('link', { name: /^Credit note CN-\d{4}-\d{6} \(\$55,100\)$/ }).waitFor();
      await expectNoAxeViolations(b, ['main']);
      await screenshot(b, `sale-books-cancelled-credit-note-${size.width}`);
    }
  }, 180_000);
});
