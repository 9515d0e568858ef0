import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  DESK,
  expectNoAxeViolations,
  hasBrowser,
  journeyShots,
  openBrowser,
  PHONE,
  toast,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { DEMO_DEALER, DEMO_DEALER2, signInViaApi } from './support/session';

/** Screenshots for the issue's note, in e2e/artifacts like the other journeys'. */
const shot = journeyShots('dealer-selling');

const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

/** Axe once the toasts have gone (they fade on their own). */
async function axeAtRest(page: Page, include: string[] = ['main']) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  await expectNoAxeViolations(page, include);
}

describe.runIf(hasBrowser())('dealers sell their trade-ins', () => {
  let sellerA: Browser;
  let admin: Browser;
  let buyerB: Browser;
  const run = Date.now().toString(36);
  const model = `Trade-${run}`;
  const name = `2018 Kubota ${model}`;
  let listingId = '';

  beforeAll(async () => {
    sellerA = await openBrowser();
    admin = await openBrowser();
    buyerB = await openBrowser(PHONE);
    await signInViaApi(sellerA.page, DEMO_DEALER.email, DEMO_DEALER.password);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await signInViaApi(buyerB.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
  });
  afterAll(async () => {
    await sellerA?.close();
    await admin?.close();
    await buyerB?.close();
  });

  it('dealer A lists a tractor with photos and submits it for review', async () => {
    const page = sellerA.page;
    await page.goto('/browse-listings');
    await page.getByRole('banner').getByRole('link', { name: 'Sell a Tractor' }).click();
    await page.getByRole('heading', { name: 'My Listings' }).waitFor();
    await page.getByRole('link', { name: 'List a Tractor' }).click();
    await page.getByRole('heading', { name: 'List a Tractor' }).waitFor();
    await page.getByLabel('Make', { exact: true }).selectOption('Kubota');
    await page.getByLabel('Model', { exact: true }).fill(model);
    await page.getByLabel('Year', { exact: true }).fill('2018');
    await page.getByLabel('Hours', { exact: true }).fill('3100');
    await page.getByLabel('Price ($)').fill('60000');
    await page.getByLabel('Floor price ($, optional)').fill('50000');
    await page.getByLabel('Location (state)').selectOption('Iowa');
    // The yard: needed to submit for review (decision 0041).
    await page.getByLabel('City', { exact: true }).fill('Ames');
    await page.getByLabel('ZIP code (for delivery estimates)').fill('50010');
    await page.getByLabel('Yard street address').fill('2600 E Lincoln Way');
    await page.getByLabel('Yard contact phone').fill('(515) 555-0142');
    // The seller fee and proceeds, before listing.
    await expect
      .poll(() => page.getByTestId('seller-fee').textContent())
      .toContain('At this price you receive $59,750');
    await shot(page, 'create-1280');
    await expectNoAxeViolations(page, ['main']);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await toast(page, 'Listing created successfully!').waitFor();
    await page.waitForURL(/\/my-listings\/[0-9a-f-]{36}$/);
    listingId = page.url().split('/').at(-1) as string;
    expect(await page.getByTestId('stage').textContent()).toBe('Draft');

    // Photos with the admin's photo manager.
    await page
      .locator('input[type=file]')
      .setInputFiles([await photo('left.jpg', '#4d7c0f'), await photo('right.jpg', '#b45309')]);
    await expect.poll(() => page.getByTestId('managed-image').count(), { timeout: 20_000 }).toBe(2);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await toast(page, 'Submitted for review').waitFor();
    await expect.poll(() => page.getByTestId('stage').textContent()).toBe('In review');

    await page.goto('/my-listings');
    const row = page.getByTestId('my-listing').filter({ hasText: model });
    await row.getByTestId('stage').filter({ hasText: 'In review' }).waitFor();
    await row.getByText('2 photos').waitFor();
    await shot(page, 'my-listings-in-review-1280');
    await axeAtRest(page);
  });

  it('the admin approves it from the In review list', async () => {
    const page = admin.page;
    await page.goto('/admin?tab=listings');
    await page.getByRole('button', { name: /^In review \(\d+\)$/ }).click();
    const row = page.getByTestId('admin-listing').filter({ hasText: model });
    await row.waitFor();
    await row.getByRole('button', { name: `Approve ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Approve ${name}?` });
    // No condition report: the approval says it goes live as-is, with a reason (decision 0018).
    await dialog.getByLabel('As-is reason').fill('Dealer trade-in, sold as seen');
    await shot(page, 'admin-approve-1280');
    await expectNoAxeViolations(page, ['[role="dialog"]']);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Listing approved: it is live').waitFor();
  });

  it('dealer B offers, dealer A counters, dealer B accepts; both see the sale', async () => {
    const b = buyerB.page;
    await b.goto(`/tractor/${listingId}`);
    await b.getByRole('button', { name: 'Make Offer' }).click();
    const dialog = b.getByRole('dialog', { name: 'Make an Offer' });
    await dialog.getByLabel('Offer amount (USD)').fill('55000');
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    await toast(b, 'Offer submitted successfully!').waitFor();

    // A sees the offer, anonymous, and counters; the confirmation names the amount, the fee and the proceeds.
    const a = sellerA.page;
    await a.goto('/my-listings');
    const offer = a.getByTestId('seller-offer').filter({ hasText: model });
    await offer.getByText('Pending').waitFor();
    expect(await offer.textContent()).not.toContain('@');
    // No offer button on your own tractor.
    await a.goto(`/tractor/${listingId}`);
    await a.getByTestId('own-listing').waitFor();
    expect(await a.getByRole('button', { name: 'Make Offer' }).count()).toBe(0);
    await a.goto('/my-listings');
    await offer.getByLabel('Counter amount').fill('58000');
    await offer.getByRole('button', { name: /^Counter at/ }).click();
    const confirm = a.getByRole('alertdialog');
    expect(await confirm.getByTestId('confirm-amount').textContent()).toBe('$58,000');
    expect(await confirm.getByTestId('confirm-seller-fee').textContent()).toBe('$250');
    expect(await confirm.getByTestId('confirm-your-proceeds').textContent()).toBe('$57,750');
    await shot(a, 'counter-confirm-1280');
    await confirm.getByRole('button', { name: 'Send Counter Offer' }).click();
    await toast(a, 'Offer updated successfully').waitFor();

    // B accepts the counter on the tractor page.
    await b.goto(`/tractor/${listingId}`);
    await b.getByRole('button', { name: 'Accept Counter Offer' }).click();
    await b.getByRole('alertdialog').getByRole('button', { name: 'Accept and Buy' }).click();
    await toast(b, 'Counter offer accepted successfully!').waitFor();
    // B sees the seller's company and contact for the handover.
    const sellerCard = b.getByTestId('sale-contact');
    await sellerCard.getByText('Bought from').waitFor();
    expect(await sellerCard.textContent()).toContain('dealer@fieldlot.example');
    await shot(b, 'buyer-sale-390');
    await axeAtRest(b);

    // A's My Listings: sold, with proceeds, and the buyer named.
    await a.goto('/my-listings');
    const row = a.getByTestId('my-listing').filter({ hasText: model });
    await row.getByTestId('stage').filter({ hasText: 'Sold' }).waitFor();
    expect(await row.getByTestId('proceeds').textContent()).toContain('Sold for $58,000 − fee $250');
    expect(await row.getByTestId('seller-proceeds').textContent()).toBe('Your proceeds $57,750');
    const sold = a.getByTestId('seller-offer').filter({ hasText: model });
    await sold.getByText('dealer2@fieldlot.example').waitFor();
    // The purchase as the seller reads it (read-only): number, status, buyer contact, proceeds, timeline.
    const sale = row.getByTestId('sold-purchase');
    await sale.locator('summary').click();
    await sale.getByText('Your proceeds').waitFor();
    expect(await sale.textContent()).toMatch(/Purchase FL-\d{4}-\d{6}/);
    expect(await sale.textContent()).toContain('dealer2@fieldlot.example');
    expect(await sale.textContent()).toContain('$57,750');
    await shot(a, 'my-listings-sold-1280');
    await axeAtRest(a);
    // Responsive: the same page on a 390 px phone, no sideways scroll.
    await a.setViewportSize(PHONE);
    await row.getByTestId('proceeds').waitFor();
    expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(a, 'my-listings-sold-390');
    await a.goto('/my-listings/new');
    await a.getByRole('heading', { name: 'List a Tractor' }).waitFor();
    expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(a, 'create-390');
    await a.setViewportSize(DESK);
    await a.goto(`/tractor/${listingId}`);
    await a.getByTestId('sale-contact').getByText('Sold to').waitFor();
    expect(sellerA.errors).toEqual([]);
    expect(buyerB.errors).toEqual([]);
  });
});
