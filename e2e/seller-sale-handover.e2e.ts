import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  DESK,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { apiPost, DEMO_DEALER, DEMO_DEALER2, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

/**
 * Decision 0025 (docs/product/purchases.md#the-seller-dealers-view): after a dealer's trade-in is sold, the seller
 * is told what the sale asks of them, on My Listings and by e-mail: keep it ready, hand it over to the driver with
 * the release code, send the title, and that the sale is complete with their proceeds.
 */
describe.runIf(hasBrowser())('the seller dealer hands the sold tractor over', () => {
  let seller: Browser;
  let buyer: Browser;
  let admin: Browser;
  const model = `Handover-${Date.now().toString(36)}`;
  let purchaseId = '';
  let number = '';

  beforeAll(async () => {
    seller = await openBrowser(PHONE);
    buyer = await openBrowser();
    admin = await openBrowser();
    await signInViaApi(seller.page, DEMO_DEALER.email, DEMO_DEALER.password);
    await signInViaApi(buyer.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    // A trade-in through review to live, an offer from another dealer, accepted by the seller.
    const { id: listingId } = await apiPost(seller.page, '/api/listings', {
      ...E2E_YARD,
      make: 'Kubota',
      model,
      year: 2019,
      hours: 1800,
      priceCents: 52_000_00,
      location: 'Iowa',
      city: 'Ames',
      zip: '50010',
      condition: 'Good',
      description: 'Handover journey tractor',
    });
    await apiPost(seller.page, `/api/my-listings/${listingId}/submit`, {});
    await apiPost(admin.page, `/api/admin/listings/${listingId}/approve`, {
      asIsReason: 'Trade-in, sold as seen',
    });
    const made = await apiPost(buyer.page, '/api/offers', { listingId, offerType: 'offer', amount: '50000' });
    await apiPost(seller.page, `/api/my-listings/offers/${made.offer.id}/accept`, {});
    const sold = (await (await buyer.page.request.get('/api/purchases')).json()) as {
      items: Array<{ id: string; number: string; offerId: string }>;
    };
    const purchase = sold.items.find((p) => p.offerId === made.offer.id);
    expect(purchase).toBeTruthy();
    purchaseId = purchase?.id ?? '';
    number = purchase?.number ?? '';
  });
  afterAll(async () => {
    await seller?.close();
    await buyer?.close();
    await admin?.close();
  });

  const saleOnMyListings = async () => {
    const { page } = seller;
    await page.goto('/my-listings');
    const row = page.getByTestId('my-listing').filter({ hasText: model });
    await row.getByTestId('stage').filter({ hasText: 'Sold' }).waitFor();
    const sale = row.getByTestId('sold-purchase');
    await sale.locator('summary').click();
    return sale;
  };

  it('before the buyer pays, the seller is asked to keep the tractor ready', async () => {
    const sale = await saleOnMyListings();
    await sale
      .getByText('Keep the tractor ready: FieldLot tells you when the buyer has paid and it is released')
      .waitFor();
  });

  it('once released, the seller sees and is e-mailed the release code to hand the tractor over to', async () => {
    const chosen = await apiPost(buyer.page, `/api/purchases/${purchaseId}/fulfilment`, {
      fulfilment: 'collect',
    });
    await apiPost(admin.page, `/api/admin/purchases/${purchaseId}/payments`, {
      amount: (chosen.money.invoiceTotalCents / 100).toFixed(2),
      method: 'wire',
      reference: 'WIRE-HANDOVER',
      paidOn: '2026-11-24',
      expectedBalanceCents: chosen.money.invoiceTotalCents,
    });
    const { releaseCode } = await apiPost(admin.page, `/api/admin/purchases/${purchaseId}/release`, {});
    expect(releaseCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const mail = await waitForMail({
      template: 'purchase-seller-update',
      to: DEMO_DEALER.email,
      contains: `release code ${releaseCode}`,
    });
    expect(mail).toContain(`Subject: Hand over 2019 Kubota ${model}: release code ${releaseCode}`);
    expect(mail).toContain('Hand it over only to a driver who shows the gate pass with this release code');

    const sale = await saleOnMyListings();
    await sale
      .getByText(
        `Hand the tractor over only to the buyer's truck showing release code ${releaseCode}. Send the title to FieldLot.`,
      )
      .waitFor();
    await sale.getByText("The buyer's own truck").waitFor();
    // The sale's timeline, not the buyer's payment: no wire reference or invoice.
    await sale.getByText('Paid in full by the buyer').waitFor();
    expect(await sale.getByText(/WIRE-HANDOVER|INV-/).count()).toBe(0);
    await expectNoAxeViolations(seller.page, ['main']);
    await screenshot(seller.page, 'seller-handover-390');
  });

  it('after the handover and the title, the seller is told the sale is complete with their proceeds', async () => {
    await apiPost(admin.page, `/api/admin/purchases/${purchaseId}/picked-up`, { date: '2026-11-25' });
    let sale = await saleOnMyListings();
    await sale.getByTestId('sold-next-step').filter({ hasText: 'Send the title to FieldLot.' }).waitFor();
    await apiPost(admin.page, `/api/admin/purchases/${purchaseId}/title-received`, { date: '2026-11-26' });
    await apiPost(buyer.page, `/api/purchases/${purchaseId}/claims`, {
      checkpoints: ['not_in_report'],
      description: 'The cab heater does not work.',
    });
    await apiPost(admin.page, `/api/admin/purchases/${purchaseId}/claim-answer`, {
      answer: 'deny',
      reason: 'Sold as seen',
    });
    await apiPost(admin.page, `/api/admin/purchases/${purchaseId}/title-sent`, {
      carrier: 'UPS',
      trackingNumber: '1ZHANDOVER',
    });
    await apiPost(admin.page, `/api/admin/purchases/${purchaseId}/complete`, {});

    const mail = await waitForMail({
      template: 'purchase-seller-update',
      to: DEMO_DEALER.email,
      contains: `Sale complete: ${number}`,
    });
    expect(mail).toContain('The sale is complete. Your proceeds are below.');
    expect(mail).toContain('$49,750');
    sale = await saleOnMyListings();
    await sale.getByText('Complete').first().waitFor();
    expect(await sale.getByTestId('sold-next-step').count()).toBe(0);
    await sale.getByText('Received by FieldLot on').waitFor();
    await seller.page.setViewportSize(DESK);
    await sale.scrollIntoViewIfNeeded();
    await screenshot(seller.page, 'seller-sale-complete-1280');
  });
});
