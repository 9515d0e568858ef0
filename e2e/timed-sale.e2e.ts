import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { advanceServerClock, serverClockOffsetMs } from './support/clock';
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { apiPost, csrf, DEMO_DEALER, DEMO_DEALER2, newDealer, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

/**
 * docs/product/timed-sale.md: an admin sets up a sale; two sellers put tractors in; three dealers bid (one with a
 * maximum), a late bid extends the lot, the winner gets the purchase, a loser and the "if" seller their notices;
 * the seller's teammate is refused. At 1280 px (admin, bidders) and 390 px (the sellers).
 */
const shot = journeyShots('timed-sale');
const MIN = 60_000;

/** A local "datetime-local" value `ms` from the server's now (the browser and the server share the machine). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A dealer's live listing with a floor price (the lot's reserve): made, submitted, approved. */
async function dealerListing(
  seller: Page,
  admin: Page,
  model: string,
  floorPriceCents: number,
): Promise<string> {
  const { id } = await apiPost(seller, '/api/listings', {
    ...E2E_YARD,
    make: 'Kubota',
    model,
    year: 2019,
    hours: 2400,
    priceCents: 60_000_00,
    floorPriceCents,
    location: 'Ames, IA',
    condition: 'Good',
  });
  await apiPost(seller, `/api/my-listings/${id}/submit`);
  await apiPost(admin, `/api/admin/listings/${id}/approve`, { asIsReason: 'Timed Sale journey' });
  return id;
}

describe.runIf(hasBrowser())('the weekly Timed Sale', () => {
  let admin: Browser;
  let sellerA: Browser;
  let sellerB: Browser;
  let bidder1: Browser;
  let bidder2: Browser;
  let bidder3: Browser;
  let teammate: Browser;
  const run = Date.now().toString(36);
  const saleName = `Tuesday Sale ${run}`;
  let saleId = '';
  const models = { a: `TS-A ${run}`, b: `TS-B ${run}` };
  const listingIds: Record<'a' | 'b', string> = { a: '', b: '' };

  beforeAll(async () => {
    admin = await openBrowser(DESK);
    sellerA = await openBrowser(PHONE);
    sellerB = await openBrowser(PHONE);
    bidder1 = await openBrowser(DESK);
    bidder2 = await openBrowser(DESK);
    bidder3 = await openBrowser(PHONE);
    teammate = await openBrowser(DESK);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await signInViaApi(sellerA.page, DEMO_DEALER.email, DEMO_DEALER.password);
    await signInViaApi(bidder1.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
    await newDealer(sellerB.page, admin.page, 'Sam Seller', `ts-seller-${run}@example.com`);
    await newDealer(bidder2.page, admin.page, 'Bo Bidder', `ts-bidder2-${run}@example.com`);
    await newDealer(bidder3.page, admin.page, 'Cy Bidder', `ts-bidder3-${run}@example.com`);
    // A teammate of seller A (a buyer of the same dealership, as after an accepted invitation).
    const email = `ts-mate-${run}@example.com`;
    const password = 'Timed-Sale-Mate#2031';
    await apiPost(sellerA.page, '/api/team/invites', { email, role: 'buyer' });
    const mail = await waitForMail({ template: 'team-invite', to: email, contains: '/team/join' });
    const token = /\/team\/join\?token=([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
    await apiPost(teammate.page, '/api/team/invites/accept', { token, name: 'Tess Teammate', password });
    await signInViaApi(teammate.page, email, password);
    listingIds.a = await dealerListing(sellerA.page, admin.page, models.a, 5_000_00);
    listingIds.b = await dealerListing(sellerB.page, admin.page, models.b, 50_000_00);
  }, 240_000);
  afterAll(async () => {
    for (const b of [admin, sellerA, sellerB, bidder1, bidder2, bidder3, teammate]) await b?.close();
  });

  it('an admin creates the sale at 1280 px', { timeout: 120_000 }, async () => {
    const page = admin.page;
    await page.goto('/sales');
    // The server's clock, which journeys run before this one may have moved ahead of the browser's.
    const now = Date.now() + serverClockOffsetMs();
    await page.getByLabel('Name').fill(saleName);
    // More than an hour ahead: the dealers watching its lots hear when it enters its last hour.
    await page.getByLabel('Starts').fill(localInput(now + 70 * MIN));
    await page.getByLabel('First lot closes').fill(localInput(now + 90 * MIN));
    await page.getByLabel('One lot closes every').selectOption('60');
    await page.getByRole('button', { name: 'Create the sale' }).click();
    await page.getByRole('link', { name: saleName }).waitFor();
    await expectNoAxeViolations(page, ['main']);
    await shot(page, 'admin-creates-1280');
    const { sales } = await (await page.request.get(`${baseUrl()}/api/sales`)).json();
    saleId = (sales as Array<{ id: string; name: string }>).find((s) => s.name === saleName)?.id ?? '';
    expect(saleId).not.toBe('');
  });

  it('two dealers put tractors in from My Listings at 390 px', { timeout: 180_000 }, async () => {
    for (const [seller, model] of [
      [sellerA.page, models.a],
      [sellerB.page, models.b],
    ] as const) {
      await seller.goto('/my-listings');
      const card = seller.getByTestId('my-listing').filter({ hasText: model });
      await card.getByRole('button', { name: 'Put in a sale' }).click();
      const select = card.getByLabel(/Sale for/);
      const options = await select.locator('option').allTextContents();
      await select.selectOption({ label: options.find((o) => o.startsWith(saleName)) });
      await card.getByRole('button', { name: 'Put in this sale' }).click();
      await seller.getByText('is in the sale').first().waitFor();
    }
    await shot(sellerB.page, 'put-in-sale-390');
    const list = await (await admin.page.request.get(`${baseUrl()}/api/sales/${saleId}`)).json();
    expect(list.lots.map((l: { model: string }) => l.model)).toEqual([models.a, models.b]);
  });

  it('a dealer filters the run list as the inventory, sees FieldLot Value and watches a lot at 1280 px', {
    timeout: 120_000,
  }, async () => {
    const p1 = bidder1.page;
    await p1.goto(`/sales/${saleId}`);
    await expect.poll(() => p1.getByTestId('lot').count()).toBe(2);
    await p1.getByTestId('lot-value').first().getByText('FieldLot Value:').waitFor();
    await p1.getByLabel('Search the lots').fill(models.b);
    await p1.getByTestId('lot-count').getByText('1 of 2 lots').waitFor();
    await expect.poll(() => p1.getByTestId('lot').count()).toBe(1);
    expect(new URL(p1.url()).searchParams.get('q')).toBe(models.b);
    await p1.getByLabel('Search the lots').fill('');
    await p1.getByTestId('lot-count').getByText('2 lots').waitFor();
    const lotA = p1.getByTestId('lot').filter({ hasText: models.a });
    const heart = lotA.getByRole('button', { name: `Watch 2019 Kubota ${models.a}` });
    await expect.poll(() => heart.isEnabled()).toBe(true);
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await lotA.getByText('Watching').waitFor();
    await expectNoAxeViolations(p1, ['main']);
    await shot(p1, 'run-list-filters-watch-1280');
  });

  it('at 390 px More Filters narrows the run list and "Clear Filters" brings every lot back', {
    timeout: 120_000,
  }, async () => {
    const p3 = bidder3.page;
    await p3.goto(`/sales/${saleId}`);
    await p3.getByRole('button', { name: 'More Filters' }).click();
    await p3.getByLabel('Max hours').fill('1000');
    await p3.getByRole('button', { name: 'Apply filters' }).click();
    await p3.getByRole('heading', { name: 'No lots match' }).waitFor();
    await shot(p3, 'run-list-no-match-390');
    await p3.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => p3.getByTestId('lot').count()).toBe(2);
  });

  it('the dealer watching a lot hears "Sale starting in an hour", by e-mail and live', {
    timeout: 120_000,
  }, async () => {
    const p1 = bidder1.page;
    await p1.goto(`/sales/${saleId}`);
    await p1.getByTestId('lot').first().waitFor();
    advanceServerClock(11 * MIN);
    const mail = await waitForMail(
      { template: 'timed-sale-notice', to: DEMO_DEALER2.email, contains: 'Sale starting in an hour' },
      60_000,
    );
    expect(mail).toContain(models.a);
    expect(mail).not.toContain(models.b);
    await p1.getByText(`Sale starting in an hour: ${saleName}`).waitFor({ timeout: 30_000 });
    await shot(p1, 'sale-starting-notice-1280');
  });

  it('three dealers bid (one with a maximum); the teammate is refused; a late bid extends the lot', {
    timeout: 180_000,
  }, async () => {
    advanceServerClock(60 * MIN);
    const lotOf = (page: Page, model: string) => page.getByTestId('lot').filter({ hasText: model });
    const confirm = async (page: Page, button: string) => {
      const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
      await dialog.getByText('Buyer fee', { exact: false }).first().waitFor();
      await dialog.getByRole('button', { name: button }).click();
    };

    // Bidder 1 sets a maximum of $8,000 on lot A.
    const p1 = bidder1.page;
    await p1.goto(`/sales/${saleId}`);
    await lotOf(p1, models.a)
      .getByLabel(/Maximum bid for/)
      .fill('8000');
    await lotOf(p1, models.a).getByRole('button', { name: 'Set a maximum bid' }).click();
    await confirm(p1, 'Set my maximum');
    await lotOf(p1, models.a).getByText('You lead', { exact: false }).waitFor();
    await shot(p1, 'maximum-1280');

    // Bidder 2 bids the next increment and is outbid at once by the maximum (which met the $5,000 reserve).
    const p2 = bidder2.page;
    await p2.goto(`/sales/${saleId}`);
    await lotOf(p2, models.a).getByRole('button', { name: 'Bid $5,100' }).click();
    await confirm(p2, 'Bid $5,100');
    await expect
      .poll(() => lotOf(p2, models.a).getByTestId('current-bid').textContent(), { timeout: 30_000 })
      .toBe('$5,200');

    // Bidder 3 at 390 px bids on lot B (under its reserve).
    const p3 = bidder3.page;
    await p3.goto(`/sales/${saleId}`);
    await lotOf(p3, models.b).getByRole('button', { name: 'Bid $100' }).click();
    await confirm(p3, 'Bid $100');
    await lotOf(p3, models.b).getByText('Reserve not met').waitFor();
    await expectNoAxeViolations(p3, ['main']);
    await shot(p3, 'run-list-390');

    // The seller's teammate cannot bid on the dealership's lot.
    const refused = await teammate.page.request.fetch(
      `${baseUrl()}/api/sales/lots/${await lotId(models.a)}/bids`,
      {
        method: 'POST',
        data: { kind: 'bid', amount: 10_000 },
        headers: {
          'x-csrf-token': await csrf(teammate.page),
          origin: baseUrl(),
          'idempotency-key': `mate-${run}-1`,
        },
      },
    );
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.message).toBe("You cannot bid on your own dealership's lot");
    await teammate.page.goto(`/sales/${saleId}`);
    await lotOf(teammate.page, models.a).getByText("Your dealership's lot", { exact: false }).waitFor();

    // A bid in the last 3 minutes of lot A extends it to 3 minutes after the bid.
    const before = await lotClose(models.a);
    advanceServerClock(before.closesAt - before.serverNow - 2 * MIN);
    await p2.goto(`/sales/${saleId}`);
    await lotOf(p2, models.a)
      .getByLabel(/Maximum bid for/)
      .fill('9000');
    await lotOf(p2, models.a).getByRole('button', { name: 'Set a maximum bid' }).click();
    await confirm(p2, 'Set my maximum');
    await lotOf(p2, models.a).getByText('You lead', { exact: false }).waitFor();
    expect((await lotClose(models.a)).closesAt).toBeGreaterThan(before.closesAt);
  });

  it('at the close the winner gets the purchase and its invoice; a loser and the "if" seller are told', {
    timeout: 240_000,
  }, async () => {
    advanceServerClock(10 * MIN);
    const won = await waitForMail(
      { template: 'timed-sale-notice', to: `ts-bidder2-${run}@example.com`, contains: 'You won the lot' },
      90_000,
    );
    expect(won).toContain(models.a);
    await waitForMail(
      { template: 'timed-sale-notice', to: DEMO_DEALER2.email, contains: 'another dealer won it' },
      60_000,
    );
    await waitForMail(
      {
        template: 'timed-sale-notice',
        to: `ts-seller-${run}@example.com`,
        contains: 'accept it within 24 hours',
      },
      60_000,
    );
    const p2 = bidder2.page;
    await p2.goto('/purchased-inventory');
    await p2.getByText(models.a, { exact: false }).first().waitFor();
    await shot(p2, 'winner-purchase-1280');
    const b = sellerB.page;
    await b.goto(`/sales/${saleId}`);
    await b.getByRole('button', { name: 'Let it go' }).waitFor();
    await shot(b, 'if-seller-390');
  });

  it('an admin reads the report of bidders who bid far more than they win at 1280 px', {
    timeout: 60_000,
  }, async () => {
    const page = admin.page;
    await page.goto('/admin?tab=sales');
    await page.getByRole('heading', { name: 'Bidders who bid far more than they win' }).waitFor();
    await page.getByText('10 bids or more', { exact: false }).waitFor();
    await expectNoAxeViolations(page, ['main']);
    await shot(page, 'bidder-report-1280');
  });

  async function lotId(model: string): Promise<string> {
    const list = await (await admin.page.request.get(`${baseUrl()}/api/sales/${saleId}`)).json();
    return list.lots.find((l: { model: string }) => l.model === model).id;
  }
  /** The lot's close and the server's now, both on the server's clock. */
  async function lotClose(model: string): Promise<{ closesAt: number; serverNow: number }> {
    const list = await (await admin.page.request.get(`${baseUrl()}/api/sales/${saleId}`)).json();
    const lot = list.lots.find((l: { model: string }) => l.model === model);
    return { closesAt: new Date(lot.closesAt).getTime(), serverNow: new Date(list.serverNow).getTime() };
  }
});
