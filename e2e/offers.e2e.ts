import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  baseUrl,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
  toast,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { apiCall, apiPost, DEMO_DEALER, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

/** Axe on our own parts of a page shared with other features (offer panel and history on the detail page). */
async function expectNoAxeViolationsIn(page: Page, selectors: string[]) {
  // Toasts fade out on their own; check the page as it rests.
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  await expectNoAxeViolations(page, selectors);
}

/** A listing of our own (created by the admin through the API), so journeys never collide. */
async function createListing(admin: Page, model: string, priceCents: number): Promise<string> {
  const { id } = await apiPost(admin, '/api/listings', {
    ...E2E_YARD,
    make: 'John Deere',
    model,
    year: 2020,
    hours: 2150,
    priceCents,
    location: 'Iowa',
    condition: 'Good',
    description: 'End-to-end test tractor',
  });
  // New tractors go live with a condition report or as "Sold as-is, not inspected" (docs/product/condition-reports.md).
  await apiPost(admin, `/api/admin/listings/${id}/as-is`, { reason: 'End-to-end test tractor' });
  return id;
}

describe.runIf(hasBrowser())('offers', () => {
  let admin: Browser;
  let dealer: Browser;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    admin = await openBrowser();
    dealer = await openBrowser(PHONE);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await signInViaApi(dealer.page, DEMO_DEALER.email, DEMO_DEALER.password);
  });
  afterAll(async () => {
    await admin?.close();
    await dealer?.close();
  });

  it('offer -> admin counter -> live counter banner -> accept -> sold and purchased at the counter amount', async () => {
    const model = `Offer-${run}`;
    const listingId = await createListing(admin.page, model, 50_000_00);
    const page = dealer.page;

    await page.goto(`/tractor/${listingId}`);
    await page.getByRole('button', { name: 'Make Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make an Offer' });
    await dialog.getByText('Buy Now ($50,000)').waitFor();
    await dialog.getByLabel('Offer amount (USD)').fill('45000');
    // $45,000 + $500 + 5% ($2,250) shown live.
    await expect.poll(() => dialog.getByTestId('offer-total').textContent()).toBe('$47,750');
    await screenshot(page, 'offers-dialog-390');
    await expectNoAxeViolationsIn(page, ['[role="dialog"]']);
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    await toast(page, 'Offer submitted successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const history = page.getByTestId('offer-history');
    await history.getByRole('heading', { name: 'Your Offer History' }).waitFor();
    await history.getByTestId('offer-status').filter({ hasText: 'Pending' }).waitFor();

    // The admin counters in Offer Management while the dealer's page stays open.
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: 'Offer Management' }).click();
    const row = admin.page.getByTestId('admin-offer-row').filter({ hasText: model });
    await row.waitFor();
    await expect(row.getByRole('button', { name: /^Counter/ }).count()).resolves.toBe(0);
    await row.getByLabel('Counter amount').fill('47000');
    await row.getByLabel('Counter message (optional)').fill('Meet me at 47');
    await row.getByRole('button', { name: /^Counter/ }).click();
    // Binding steps ask first (docs/product/offers.md#binding-step-confirmation).
    await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Send Counter Offer' }).click();
    await toast(admin.page, 'Offer updated successfully').waitFor();
    await screenshot(admin.page, 'offers-admin-tab-1280');
    await expectNoAxeViolationsIn(admin.page, ['[role="tabpanel"]']);

    // No reload: the counter banner arrives through the live event stream.
    const banner = page.getByRole('heading', { name: 'You have received a counter offer!' });
    await banner.waitFor({ timeout: 15_000 });
    await page.getByText('Meet me at 47').first().waitFor();
    await screenshot(page, 'offers-counter-banner-390');
    await expectNoAxeViolationsIn(page, ['[data-testid="offer-panel"]', '[data-testid="offer-history"]']);
    await page.getByRole('button', { name: 'Accept Counter Offer' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Accept and Buy' }).click();
    await toast(page, 'Counter offer accepted successfully!').waitFor();
    await page.getByRole('heading', { name: 'Offer Accepted!' }).waitFor();
    await page.getByText('Congratulations! Your offer has been accepted.').waitFor();

    // Sold: gone from the inventory.
    const search = await page.request.get(`${baseUrl()}/api/listings?q=${encodeURIComponent(model)}`);
    expect((await search.json()).items).toEqual([]);

    await page.goto('/purchased-inventory');
    const card = page.getByTestId('purchase-card').filter({ hasText: model });
    await card.waitFor();
    expect(await card.getByTestId('purchase-price').textContent()).toBe('$47,000');
    await card.getByText('2,150 hrs').waitFor();
    await screenshot(page, 'offers-purchased-390');
    await expectNoAxeViolationsIn(page, ['main']);

    await page.goto('/my-offers');
    const mine = page.getByTestId('my-offer').filter({ hasText: model });
    await mine.getByTestId('offer-status').filter({ hasText: 'Accepted' }).waitFor();
    await screenshot(page, 'offers-my-offers-390');
    await expectNoAxeViolations(page);
    expect(dealer.errors).toEqual([]);
  });

  it('buy now uses the asking price the buyer confirmed and binds at once', async () => {
    const model = `BuyNow-${run}`;
    const listingId = await createListing(admin.page, model, 60_000_00);
    const page = dealer.page;
    await page.goto(`/tractor/${listingId}`);
    await page.getByRole('button', { name: 'Make Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make an Offer' });
    await dialog.getByText('Buy Now ($60,000)').click();
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Buy Now' });
    await confirm.getByText(/at its asking price of \$60,000\./).waitFor();
    // The price changes while the buyer reads the confirmation: nothing is bought, the new price is named.
    await apiCall(admin.page, 'PATCH', `/api/admin/listings/${listingId}`, { priceCents: 62_500_00 });
    await confirm.getByRole('button', { name: 'Confirm Buy Now' }).click();
    await toast(page, 'The price changed to $62,500; review it before buying').waitFor();
    // The refusal's 409 is the browser's console line this step expects.
    dealer.errors.length = 0;
    // The dialog is back at its form, showing the new price.
    await dialog.getByText('Buy Now ($62,500)').click();
    expect(await dialog.getByLabel('Offer amount (USD)').count()).toBe(0);
    // $62,500 + $500 + $3,125
    await expect.poll(() => dialog.getByTestId('offer-total').textContent()).toBe('$66,125');
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    // Buy Now is confirmed first, naming the price, fee and total (docs/product/offers.md#binding-step-confirmation).
    await confirm.getByText(/at its asking price of \$62,500\./).waitFor();
    expect(await confirm.getByTestId('confirm-total').textContent()).toBe('$66,125');
    await confirm.getByRole('button', { name: 'Confirm Buy Now' }).click();
    await toast(page, 'Buy now request submitted successfully!').waitFor();
    // Accepted at once (docs/product/offers.md#buy-now): nobody answers it, the tractor is the buyer's.
    await page.getByRole('heading', { name: 'Offer Accepted!' }).waitFor({ timeout: 15_000 });
    const { offers } = await (await admin.page.request.get(`${baseUrl()}/api/admin/offers`)).json();
    const mine = offers.filter((o: { listingId: string }) => o.listingId === listingId);
    expect(
      mine.map((o: { status: string; offerAmountCents: number }) => [o.status, o.offerAmountCents]),
    ).toEqual([['accepted', 62_500_00]]);
    expect(dealer.errors).toEqual([]);
  });

  it('asks visitors to sign in instead of offering', async () => {
    const visitor = await openBrowser();
    try {
      const listingId = await createListing(admin.page, `Visitor-${run}`, 30_000_00);
      await visitor.page.goto(`/tractor/${listingId}`);
      // A tractor page opened signed out asks to sign in at once; closing the dialog leaves the visitor's page.
      await visitor.page.getByRole('dialog').waitFor();
      await visitor.page.keyboard.press('Escape');
      await visitor.page.getByRole('dialog').waitFor({ state: 'hidden' });
      await visitor.page.getByText('Sign in to make offers').waitFor();
      await visitor.page.getByRole('button', { name: 'Dealer Login Required' }).click();
      await visitor.page.getByRole('dialog').waitFor();
      expect(await visitor.page.getByRole('button', { name: 'Make Offer' }).count()).toBe(0);
    } finally {
      await visitor.close();
    }
  });
});
