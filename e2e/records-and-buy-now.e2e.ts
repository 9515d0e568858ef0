import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  baseUrl,
  dataDir,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
  toast,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { siteLinkIn } from './support/mail';
import { apiPost, DEMO_DEALER, DEMO_DEALER2, signInViaApi, signInViaUi } from './support/session';
import { E2E_YARD } from './support/yard';

/** (docs/product/listings.md, offers.md) records are permanent, e-mail links keep working, offers make sense, Buy Now asks first. */

async function createListing(admin: Page, model: string, priceCents: number): Promise<string> {
  const { id } = await apiPost(admin, '/api/listings', {
    ...E2E_YARD,
    make: 'Kubota',
    model,
    year: 2019,
    hours: 3100,
    priceCents,
    location: 'Kansas',
    condition: 'Good',
  });
  // New tractors go live with a condition report or as "Sold as-is, not inspected" (docs/product/condition-reports.md).
  await apiPost(admin, `/api/admin/listings/${id}/as-is`, { reason: 'End-to-end test tractor' });
  return id;
}

const offer = (dealer: Page, listingId: string, amount: number) =>
  apiPost(dealer, '/api/offers', { listingId, offerType: 'offer', amount }).then((r) => r.offer.id as string);

/** The e-mails of `template` to `to` that mention `needle` (a listing id), oldest first, waiting for `count`. */
async function mailsAbout(template: string, to: string, needle: string, count = 1): Promise<string[]> {
  const dir = path.join(dataDir(), 'mail');
  const deadline = Date.now() + 45_000; // generous: a busy CI machine delivers slowly
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith(`-${template}.eml`))
        .sort();
    } catch {}
    const found = files
      .map((f) =>
        readFileSync(path.join(dir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
      )
      .filter((text) => text.includes(`To: ${to}`) && text.includes(needle));
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`No ${count} ${template} e-mails to ${to} about ${needle}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.runIf(hasBrowser())('records and offers', () => {
  let admin: Browser;
  let dealer: Browser;
  let dealer2: Browser;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    admin = await openBrowser();
    dealer = await openBrowser(PHONE);
    dealer2 = await openBrowser();
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await signInViaApi(dealer.page, DEMO_DEALER.email, DEMO_DEALER.password);
    await signInViaApi(dealer2.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
  });
  afterAll(async () => {
    await admin?.close();
    await dealer?.close();
    await dealer2?.close();
  });

  it('admin: Delete archives a listing with offers and a sold one, deletes one with none; the buyer keeps the purchase', async () => {
    await createListing(admin.page, `Rec-None-${run}`, 30_000_00);
    const withOffers = await createListing(admin.page, `Rec-Offers-${run}`, 40_000_00);
    const sold = await createListing(admin.page, `Rec-Sold-${run}`, 50_000_00);
    // Three offers: the dealer's second replaces the first, and another dealer's.
    await offer(dealer.page, withOffers, 30_000);
    await offer(dealer.page, withOffers, 31_000);
    const withdrawn = await offer(dealer2.page, withOffers, 32_000);
    await apiPost(dealer2.page, `/api/offers/${withdrawn}/withdraw`);
    // Buy Now sells at once (docs/product/offers.md#buy-now).
    const { offer: bought } = await apiPost(dealer.page, '/api/offers', {
      listingId: sold,
      offerType: 'buy_now',
      askingCents: 50_000_00,
    });
    expect(bought.status).toBe('accepted');

    const page = admin.page;
    await page.goto('/admin?tab=listings');
    await page.getByLabel('Search listings').fill(`Rec-`);
    const row = (model: string) => page.getByTestId('admin-listing').filter({ hasText: `${model}-${run}` });
    await row('Rec-Sold').waitFor();

    // Sold: cannot be deactivated, and says why.
    const soldRow = row('Rec-Sold');
    expect(await soldRow.getByRole('button', { name: 'Deactivate' }).isDisabled()).toBe(true);
    await soldRow.getByText('Sold: it stays sold and keeps its price; Delete archives it.').waitFor();
    await screenshot(page, 'records-admin-listings-1280');

    // A listing with no offers is deleted for real.
    await row('Rec-None')
      .getByRole('button', { name: /^Delete/ })
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Are you sure you want to delete this listing? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Listing deleted successfully').waitFor();
    await row('Rec-None').waitFor({ state: 'detached' });

    // A listing with offers is archived, and the dialog says so first; Cancel changes nothing.
    await row('Rec-Offers').getByText('3 offers').waitFor();
    await row('Rec-Offers')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await confirm
      .getByText('This listing has 3 offers; it will be archived, and its offer history kept.', {
        exact: false,
      })
      .waitFor();
    await expectNoAxeViolations(page, ['[role="alertdialog"]']);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row('Rec-Offers')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await toast(
      page,
      'Listing archived; its offer history is kept. Find it under the Archived filter.',
    ).waitFor();
    await row('Rec-Offers').waitFor({ state: 'detached' });

    await row('Rec-Sold')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await confirm
      .getByText('This listing has 1 offer; it will be archived, and its offer history kept.', {
        exact: false,
      })
      .waitFor();
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await row('Rec-Sold').waitFor({ state: 'detached' });

    // Both under "Archived", with Restore.
    await page.getByLabel('Status').selectOption('archived');
    await row('Rec-Offers').getByText('Archived').waitFor();
    await row('Rec-Sold').waitFor();
    await screenshot(page, 'records-admin-archived-1280');
    await row('Rec-Offers')
      .getByRole('button', { name: /^Restore/ })
      .click();
    await toast(page, 'Listing restored. Activate it to show it in the inventory again.').waitFor();
    await row('Rec-Offers').waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption('');
    await row('Rec-Offers').getByText('Inactive').waitFor();

    // The buyer still has the purchase and the offer; the other dealer's withdrawn offer is still there.
    const d = dealer.page;
    await d.goto('/purchased-inventory');
    await d
      .getByTestId('purchase-card')
      .filter({ hasText: `Rec-Sold-${run}` })
      .waitFor();
    await d.goto('/my-offers');
    await d
      .getByTestId('my-offer')
      .filter({ hasText: `Rec-Sold-${run}` })
      .getByText('Accepted')
      .waitFor();
    const replaced = d.getByTestId('my-offer').filter({ hasText: `Rec-Offers-${run}` });
    await replaced.getByText('Replaced', { exact: true }).waitFor();
    const theirs = await (await dealer2.page.request.get(`${baseUrl()}/api/offers/mine`)).json();
    expect(theirs.offers.find((o: { id: string }) => o.id === withdrawn)).toMatchObject({
      status: 'withdrawn',
    });
    expect(admin.errors).toEqual([]);
  });

  it('an older offer e-mail, after a newer one, still leads to its tractor after sign-in', async () => {
    const model = `Rec-Mail-${run}`;
    const listingId = await createListing(admin.page, model, 48_000_00);
    const id = await offer(dealer.page, listingId, 44_000);
    await apiPost(admin.page, `/api/admin/offers/${id}/counter`, { amount: 46_000 });
    const [counterMail] = await mailsAbout('notify-offer-update', DEMO_DEALER.email, listingId);
    // A newer e-mail about the same offer (it used to void the older one's link): the deal e-mail, which leads
    // to Purchased Inventory and names the tractor.
    await apiPost(dealer.page, `/api/offers/${id}/accept-counter`);
    await mailsAbout('notify-offer-update', DEMO_DEALER.email, model, 2);

    expect(counterMail).not.toContain('auth-redirect');
    const link = siteLinkIn(counterMail.slice(counterMail.indexOf('View the tractor: ')));
    expect(link).toBe(`${baseUrl()}/tractor/${listingId}`);
    const reader = await openBrowser();
    try {
      const p = reader.page;
      await p.goto(link);
      // Signed out: the page asks to sign in, and stays where it is.
      const dialog = p.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Sign In' }).waitFor();
      await screenshot(p, 'records-mail-link-sign-in-1280');
      await signInViaUi(p, DEMO_DEALER.email, DEMO_DEALER.password);
      await p.getByRole('heading', { name: `Kubota ${model}` }).waitFor();
      await p.getByText('$48,000').first().waitFor();
      expect(new URL(p.url()).pathname).toBe(`/tractor/${listingId}`);
      expect(await p.getByText('This sign-in link is invalid').count()).toBe(0);
      expect(reader.errors).toEqual([]);
    } finally {
      await reader.close();
    }
  });

  it('offer dialog: amount errors, one open offer replaced, Buy Now instead, and the Buy Now confirmation', async () => {
    const model = `Rec-Dialog-${run}`;
    const listingId = await createListing(admin.page, model, 50_000_00);
    const page = dealer.page;
    const offersNow = async () =>
      (await (await page.request.get(`${baseUrl()}/api/offers/listing/${listingId}`)).json())
        .offers as Array<{
        status: string;
        offerType: string;
        offerAmountCents: number;
      }>;
    await page.goto(`/tractor/${listingId}`);
    await page.getByRole('button', { name: 'Make Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make an Offer' });
    const amount = dialog.getByLabel('Offer amount (USD)');
    // No example number in the field; a hint line instead.
    expect(await amount.getAttribute('placeholder')).toBeNull();
    await dialog.getByText('Whole dollars; commas are optional.').waitFor();

    for (const bad of ['48,50', '1500,50', '1,0,0']) {
      await amount.fill(bad);
      await dialog.getByRole('button', { name: 'Submit Offer' }).click();
      await dialog.getByText('Enter a whole dollar amount, like 48,500').waitFor();
    }
    expect(await offersNow()).toEqual([]);

    await amount.fill('40,000');
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    await toast(page, 'Offer submitted successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // A second offer replaces the open one, and the dialog says so.
    await page.getByRole('button', { name: 'Make Offer' }).click();
    await dialog.getByText('This offer replaces your open offer of $40,000.').waitFor();
    await amount.fill('$42,500');
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    await toast(page, 'Offer submitted successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('offer-history').getByText('Replaced', { exact: true }).waitFor();
    await page
      .getByTestId('offer-history')
      .getByText(/^Replaced by a newer offer on /)
      .waitFor();
    expect((await offersNow()).map((o) => [o.status, o.offerAmountCents])).toEqual([
      ['pending', 42_500_00],
      ['replaced', 40_000_00],
    ]);

    // At or above the asking price: "Buy Now instead?" with both choices.
    await page.getByRole('button', { name: 'Make Offer' }).click();
    await amount.fill('50,000');
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    const instead = page.getByRole('dialog', { name: 'Buy Now instead?' });
    await instead.getByText('That is at or above the asking price of $50,000. Buy Now instead?').waitFor();
    await instead.getByRole('button', { name: 'Send my offer of $50,000' }).waitFor();
    await screenshot(page, 'records-buy-now-instead-390');
    await expectNoAxeViolations(page, ['[role="dialog"]']);
    await instead.getByRole('button', { name: 'Buy Now instead' }).click();

    // The Buy Now confirmation names the tractor, price, fee and total; Escape and Cancel change nothing.
    const confirm = page.getByRole('dialog', { name: 'Confirm Buy Now' });
    await confirm
      .getByText(
        `You are buying 2019 Kubota ${model} at its asking price of $50,000. The seller set this price, so your purchase is accepted at once and is binding.`,
      )
      .waitFor();
    const fees = confirm.getByTestId('confirm-fees');
    await fees.getByText('Buyer fee ($500 + 5%)').waitFor();
    await fees.getByText('$3,000').waitFor();
    expect(await confirm.getByTestId('confirm-total').textContent()).toBe('$53,000');
    await screenshot(page, 'records-buy-now-confirm-390');
    await expectNoAxeViolations(page, ['[role="dialog"]']);
    await page.keyboard.press('Escape');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor();
    expect((await offersNow()).filter((o) => o.offerType === 'buy_now')).toEqual([]);
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    await confirm.getByRole('button', { name: 'Confirm Buy Now' }).click();
    await toast(page, 'Buy now request submitted successfully!').waitFor();
    const after = await offersNow();
    expect(after.map((o) => [o.offerType, o.status, o.offerAmountCents])).toEqual([
      ['buy_now', 'accepted', 50_000_00],
      ['offer', 'replaced', 42_500_00],
      ['offer', 'replaced', 40_000_00],
    ]);
    expect(dealer.errors).toEqual([]);
  });
});
