import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AS_IS_TITLE } from '../domain/condition-grades';
import { buyerFeeCents, formatDollars } from '../domain/money';
import { DELIVERY_MISSING_TEXT } from '../domain/purchases';
import {
  type Browser,
  baseUrl,
  DESK,
  expectNoAxeViolations,
  hasBrowser,
  journeyShots,
  openBrowser,
  PHONE,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { apiCall, apiPost, apiWrite, DEMO_DEALER2, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

/**
 * The smaller promises, kept at 390 px and 1280 px: the offer's expiry on both sides of an offer
 * (docs/product/dealer-tools.md#offers-that-expire), a returned Draft's reason (dealer-selling.md#listing-as-a-dealer),
 * "Sold as-is" in the saved-search alert (dealer-tools.md), the admin's count cards (admin.md#count-cards) and whole
 * dollars on dealer screens (dealer-selling.md).
 */
const shot = journeyShots('promises-kept');
const SIZES = [PHONE, DESK];
/** A figure with cents ("$1,234.00", "$2,921.25"): never on a dealer screen. */
const CENTS = /\$[\d,]+\.\d{2}\b/;

const mainText = async (page: Page) =>
  ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ');

describe.runIf(hasBrowser())('promises kept on every screen', () => {
  let seller: Browser;
  let buyer: Browser;
  let admin: Browser;
  const run = Date.now().toString(36);
  const buyerEmail = `promises-${run}@example.com`;
  const asIsModel = `PK-${run}`;
  const asIsReason = `Auction unit ${run}`;
  const askingCents = 61_500_00;
  // An offer whose 5% has cents ($2,921.25): the buyer fee is whole dollars by rule ($3,421, decision 0069), so
  // every figure on the dealer screens is whole dollars.
  const offerCents = 58_425_00;
  let asIsId = '';
  let offerId = '';

  /** A dealer's listing with its yard, submitted for review. */
  async function submittedListing(model: string) {
    const { id } = await apiPost(seller.page, '/api/listings', {
      ...E2E_YARD,
      make: 'Kubota',
      model,
      year: 2019,
      hours: 2100,
      priceCents: askingCents,
      location: 'Iowa',
      condition: 'Good',
      description: 'Promises journey tractor',
    });
    await apiPost(seller.page, `/api/my-listings/${id}/submit`);
    return id as string;
  }

  beforeAll(async () => {
    seller = await openBrowser(PHONE);
    buyer = await openBrowser(PHONE);
    admin = await openBrowser(DESK);
    await signInViaApi(seller.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    // A dealer of its own, so its alerts and offers are not shared with other journeys.
    const password = 'Promise-Kept#2031';
    const applied = await apiWrite(buyer.page, 'POST', '/api/users/apply', {
      name: 'Pat Promise',
      email: buyerEmail,
      password,
      companyName: `Promise Farms ${run}`,
      brands: ['Kubota'],
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const { users } = await (
      await admin.page.request.get(`${baseUrl()}/api/admin/users?status=pending`)
    ).json();
    const user = (users as Array<{ id: string; email: string }>).find((u) => u.email === buyerEmail);
    await apiCall(admin.page, 'PATCH', `/api/admin/users/${user?.id}/status`, { status: 'approved' });
    await signInViaApi(buyer.page, buyerEmail, password);
    const me = await (await buyer.page.request.get(`${baseUrl()}/api/users/me`)).json();
    await apiCall(buyer.page, 'PATCH', '/api/users/me', {
      name: me.name,
      companyName: me.companyName,
      emailNotifications: true,
    });
  }, 120_000);
  afterAll(async () => {
    for (const b of [seller, buyer, admin]) await b?.close();
  }, 120_000);

  it('a dealer with no address on file is told the real missing piece ("Add your delivery address"), and every live tractor has its yard (390 px, 1280 px)', async () => {
    // Every live tractor in the inventory has a ZIP, and the admin reads its whole yard (decision 0041).
    const inventory = await (await buyer.page.request.get(`${baseUrl()}/api/listings`)).json();
    const live = inventory.items as Array<{ id: string }>;
    expect(live.length).toBeGreaterThan(0);
    for (const { id } of live.slice(0, 12)) {
      const detail = await (await admin.page.request.get(`${baseUrl()}/api/listings/${id}`)).json();
      expect(detail.zip, `tractor ${id} has a ZIP`).toMatch(/^\d{5}$/);
      expect(detail.yardAddress, `tractor ${id} has a yard address`).toBeTruthy();
      expect(detail.yardPhone, `tractor ${id} has a yard phone`).toBeTruthy();
    }
    // This new dealer has no address: the tractor page says so, not that the tractor lacks a ZIP.
    const b = buyer.page;
    for (const size of SIZES) {
      await b.setViewportSize(size);
      await b.goto(`/tractor/${live[0].id}`);
      const landed = b.getByTestId('landed-cost');
      await landed.getByText(DELIVERY_MISSING_TEXT.address).first().waitFor();
      expect(await landed.getByText(DELIVERY_MISSING_TEXT.listing_zip).count()).toBe(0);
      await shot(b, `delivery-missing-address-${size.width}`);
    }
    await expectNoAxeViolations(b, ['main']);
  }, 240_000);

  it('the saved-search alert e-mail says "Sold as-is, not inspected" for a tractor FieldLot approves as-is, as its page does (390 px, 1280 px)', async () => {
    await apiPost(buyer.page, '/api/saved-searches', {
      name: `Kubota ${asIsModel}`,
      filters: { q: asIsModel },
      alert: 'instant',
    });
    asIsId = await submittedListing(asIsModel);
    await apiPost(admin.page, `/api/admin/listings/${asIsId}/approve`, { asIsReason });

    // The real .eml the server wrote for this dealer.
    const alert = await waitForMail(
      { template: 'saved-search-alert', to: buyerEmail, contains: asIsModel },
      60_000,
    );
    expect(alert).toContain(`${AS_IS_TITLE}: ${asIsReason}`);

    const b = buyer.page;
    for (const size of SIZES) {
      await b.setViewportSize(size);
      await b.goto(`/tractor/${asIsId}`);
      await b.locator('main').getByText(AS_IS_TITLE).first().waitFor();
      await b.locator('main').getByText(asIsReason).first().waitFor();
      await shot(b, `as-is-tractor-${size.width}`);
    }
    await expectNoAxeViolations(b, ['main']);
  }, 240_000);

  it('after Make Offer the buyer reads "Your offer $58,425, expires in N h" and the seller\'s offer list shows the same expiry (390 px, 1280 px)', async () => {
    expect(asIsId).not.toBe('');
    const offer = await apiPost(buyer.page, '/api/offers', {
      listingId: asIsId,
      offerType: 'offer',
      amount: String(offerCents / 100),
    });
    offerId = offer.offer.id;
    const b = buyer.page;
    const s = seller.page;
    const line = new RegExp(
      `^Your offer ${formatDollars(offerCents).replace('$', '\\$')}, (expires in \\d+ h)$`,
    );
    for (const size of SIZES) {
      await b.setViewportSize(size);
      await b.goto(`/tractor/${asIsId}`);
      const yours = b.getByTestId('your-offer');
      await yours.waitFor();
      const text = (await yours.textContent()) ?? '';
      expect(text).toMatch(line);
      const expiry = line.exec(text)?.[1] ?? '';
      await shot(b, `your-offer-${size.width}`);
      await expectNoAxeViolations(b, ['main']);

      // The seller's side of the same offer: the buyer's expiry, the amount in whole dollars.
      await s.setViewportSize(size);
      await s.goto('/my-listings');
      const card = s.getByTestId('seller-offer').filter({ hasText: asIsModel });
      await card.waitFor();
      expect(await card.getByTestId('offer-time-left').textContent()).toBe(expiry);
      await card.getByText(formatDollars(offerCents), { exact: true }).waitFor();
      await shot(s, `seller-offer-expiry-${size.width}`);
      await expectNoAxeViolations(s, ['main']);
    }
  }, 240_000);

  it('a listing FieldLot returned ("Changes requested") shows why on My Listings and on its edit form (390 px, 1280 px)', async () => {
    const model = `PR-${run}`;
    const reason = `Add a photo of the cab (${run})`;
    const id = await submittedListing(model);
    await apiPost(admin.page, `/api/admin/listings/${id}/request-changes`, { reason });
    const s = seller.page;
    for (const size of SIZES) {
      await s.setViewportSize(size);
      await s.goto('/my-listings');
      const row = s.getByTestId('my-listing').filter({ hasText: model });
      // Returned to the dealer: "Changes requested", editable like a Draft.
      expect(await row.getByTestId('stage').textContent()).toBe('Changes requested');
      await row
        .getByRole('note')
        .filter({ hasText: `FieldLot asks: ${reason}` })
        .waitFor();
      await shot(s, `returned-draft-list-${size.width}`);
      await expectNoAxeViolations(s, ['main']);

      await row.getByRole('link', { name: /^Edit / }).click();
      await s.waitForURL((u) => u.pathname === `/my-listings/${id}`);
      const note = s.getByRole('note').filter({ hasText: 'FieldLot asks for changes:' });
      await note.waitFor();
      expect(((await note.textContent()) ?? '').replace(/\s+/g, ' ').trim()).toBe(
        `FieldLot asks for changes: ${reason}`,
      );
      await shot(s, `returned-draft-form-${size.width}`);
      await expectNoAxeViolations(s, ['main']);
    }
  }, 240_000);

  it('a sale reads in whole dollars on the dealer screens: "Sold for $58,425" on My Listings, the price and fee on Purchased Inventory (390 px, 1280 px)', async () => {
    expect(offerId).not.toBe('');
    await apiPost(seller.page, `/api/my-listings/offers/${offerId}/accept`, {});
    const purchases = (await (await buyer.page.request.get(`${baseUrl()}/api/purchases`)).json())
      .items as Array<{ id: string; listingId: string }>;
    const purchase = purchases.find((p) => p.listingId === asIsId) as { id: string };
    // Collection invoices it: price, and the buyer fee of $3,421.
    await apiPost(buyer.page, `/api/purchases/${purchase.id}/fulfilment`, { fulfilment: 'collect' });

    const s = seller.page;
    const b = buyer.page;
    for (const size of SIZES) {
      await s.setViewportSize(size);
      await s.goto('/my-listings');
      const row = s.getByTestId('my-listing').filter({ hasText: asIsModel });
      const proceeds = row.getByTestId('proceeds');
      await proceeds.waitFor();
      expect(((await proceeds.textContent()) ?? '').replace(/\s+/g, ' ')).toMatch(
        new RegExp(`^Sold for ${formatDollars(offerCents).replace('$', '\\$')} − fee \\$[\\d,]+$`),
      );
      await row.getByTestId('seller-proceeds').waitFor();
      expect(await mainText(s)).not.toMatch(CENTS);
      await shot(s, `sold-whole-dollars-${size.width}`);
      await expectNoAxeViolations(s, ['main']);

      await b.setViewportSize(size);
      await b.goto('/purchased-inventory');
      const card = b.getByTestId('purchase-card').filter({ hasText: asIsModel });
      await card.getByText(formatDollars(offerCents), { exact: true }).first().waitFor();
      await card
        .getByText(`+ ${formatDollars(buyerFeeCents(offerCents))} buyer fee`, { exact: true })
        .waitFor();
      await card.getByRole('link', { name: /^Invoice INV-\d{4}-\d{6}/ }).waitFor();
      expect(await mainText(b)).not.toMatch(CENTS);
      await shot(b, `purchased-whole-dollars-${size.width}`);
      await expectNoAxeViolations(b, ['main']);
    }
  }, 240_000);

  it('the admin is e-mailed when a listing is submitted and reads "N in review"; the count cards are one short band on a phone and full cards at 1280 px, with the database\'s numbers', async () => {
    const a = admin.page;
    const model = `PA-${run}`;
    await submittedListing(model);
    const mail = await waitForMail({ template: 'notify-admin-listing-submitted', contains: model }, 60_000);
    expect(mail).toContain(`Kubota ${model} for review`);
    const cards = ['Total Users', 'Pending Review', 'Approved Users', 'Administrators'] as const;
    const key = {
      'Total Users': 'totalUsers',
      'Pending Review': 'pendingReview',
      'Approved Users': 'approvedUsers',
      Administrators: 'administrators',
    } as const;
    for (const size of SIZES) {
      await a.setViewportSize(size);
      // Other journeys may add users meanwhile: read the cards and the counts until they agree.
      await expect
        .poll(
          async () => {
            await a.goto('/');
            await a.getByTestId('stat-Administrators').waitFor();
            const stats = await (await a.request.get(`${baseUrl()}/api/admin/stats`)).json();
            for (const label of cards) {
              const shown = (await a.getByTestId(`stat-${label}`).textContent()) ?? '';
              if (shown !== Number(stats[key[label]]).toLocaleString('en-US')) return `${label}: ${shown}`;
            }
            // "N in review" on the dashboard's line and on the Listings tab.
            const inReview = `${stats.listingsInReview} in review`;
            if (!((await a.getByTestId('listings-in-review').textContent()) ?? '').startsWith(inReview))
              return 'dashboard line';
            if ((await a.getByTestId('listings-in-review-tab').textContent()) !== inReview) return 'tab';
            return 'agree';
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe('agree');
      const users = a.getByRole('list', { name: 'User counts' });
      await a.getByTestId('purchase-counts').waitFor();
      const first = await users.boundingBox();
      const last = await a.getByTestId('purchase-counts').boundingBox();
      const band = (last?.y ?? 0) + (last?.height ?? 0) - (first?.y ?? 0);
      console.info(`admin count cards at ${size.width} px: ${Math.round(band)} px tall`);
      const subLine = users.getByText('Applications waiting');
      const tops = await Promise.all(
        cards.map(async (label) => (await a.getByTestId(`stat-${label}`).boundingBox())?.y ?? -1),
      );
      if (size.width === PHONE.width) {
        // Two to a row, no sub-lines: all the counts under 250 px.
        expect(band).toBeLessThan(250);
        expect(await subLine.isVisible()).toBe(false);
        expect(new Set(tops.map(Math.round)).size).toBe(2);
      } else {
        // One row of four cards with their sub-lines, the purchase counts one row of five below.
        expect(await subLine.isVisible()).toBe(true);
        await users.getByText(/^\d[\d,]* approved · \d[\d,]* admin$/).waitFor();
        expect(new Set(tops.map(Math.round)).size).toBe(1);
        const purchaseTops = await a
          .getByTestId('purchase-counts')
          .locator('li')
          .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
        expect(purchaseTops.length).toBe(5);
        expect(new Set(purchaseTops).size).toBe(1);
      }
      await shot(a, `admin-counts-${size.width}`);
      await expectNoAxeViolations(a, ['main']);
    }
  }, 240_000);
});
