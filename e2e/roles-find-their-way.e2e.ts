import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDollars } from '../domain/money';
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
import {
  apiPost,
  DEMO_DEALER,
  DEMO_DEALER2,
  DEMO_PASSWORD,
  signInViaApi,
  signInViaUi,
} from './support/session';
import { E2E_YARD } from './support/yard';

/** Screenshots in e2e/artifacts like the other journeys'. */
const shot = journeyShots('roles-find-their-way');

/** The queue's filter buttons as "Waiting (4)" texts, and the one pressed. */
async function queueFilter(page: Page) {
  const filter = page.getByTestId('queue-filter');
  await filter.getByRole('button', { name: /^Waiting \(\d+\)$/ }).waitFor();
  const labels = (await filter.getByRole('button').allTextContents()).map((t) => t.trim());
  const pressed = (await filter.locator('button[aria-pressed="true"]').allTextContents()).map((t) =>
    t.trim(),
  );
  return { labels, pressed };
}

// docs/product/condition-reports.md#inspections-list, admin.md#count-cards, public-site.md#landing-page,
// offers.md#offer-panel: each role lands where its work is, and the copy says what the product does.
describe.runIf(hasBrowser())('every role finds its way', () => {
  let phone: Browser;
  let desk: Browser;
  let admin: Browser;
  let dealer: Browser;
  const inspector = { email: 'inspector@fieldlot.example', password: DEMO_PASSWORD };

  beforeAll(async () => {
    phone = await openBrowser(PHONE);
    desk = await openBrowser();
    admin = await openBrowser(PHONE);
    dealer = await openBrowser();
  });
  afterAll(async () => {
    await phone?.close();
    await desk?.close();
    await admin?.close();
    await dealer?.close();
  });

  it('the landing page promises what the product does (110-point, across the US, the guarantee) at 390 px and 1280 px', async () => {
    const { page } = desk;
    for (const size of [PHONE, DESK]) {
      await page.setViewportSize(size);
      await page.goto('/');
      await page.getByRole('heading', { name: '110-point inspection on every tractor' }).waitFor();
      const main = ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ');
      expect(main).toContain('110-point');
      expect(main).toContain('Across the US');
      expect(main).toContain('delivers across the US.');
      expect(main).toContain('110 points');
      expect(main).toContain('a buyer may cancel a purchase if unhappy with the condition report');
      for (const old of ['no argument', 'US & Canada', 'across North America', '100 point'])
        expect(main).not.toContain(old);
      // The figures of the inspection card add up to the form's 110 checkpoints.
      const checks = await page.getByText(/^\d+ checks$/).allTextContents();
      expect(checks.reduce((n, t) => n + Number.parseInt(t, 10), 0)).toBe(110);
      await shot(page, `landing-${size.width}`);
      await expectNoAxeViolations(page, ['main']);
    }
  });

  it('an inspector signing in on a 390 px phone lands on the queue, filtered to Waiting, with the header link', async () => {
    const { page } = phone;
    await page.goto('/');
    await signInViaUi(page, inspector.email, inspector.password);
    await page.waitForURL((u) => u.pathname === '/inspect');
    await page.getByRole('heading', { name: 'Inspections', level: 1 }).waitFor();
    expect(await page.getByText('Application Status Unknown').count()).toBe(0);
    const { labels, pressed } = await queueFilter(page);
    expect(pressed).toEqual([expect.stringMatching(/^Waiting \(\d+\)$/)]);
    expect(labels).toEqual(expect.arrayContaining([expect.stringMatching(/^Published \(\d+\)$/)]));
    // Waiting only: no published report's card, none saying "Draft: 110 of 110".
    const cards = page.locator('main li');
    const waiting = Number(/\((\d+)\)/.exec(pressed[0])?.[1]);
    expect(await cards.count()).toBe(waiting);
    expect(await cards.filter({ hasText: /Published|Draft: 110 of 110/ }).count()).toBe(0);
    await shot(page, 'inspector-queue-390');
    await expectNoAxeViolations(page, ['main']);
    // The phone menu has "Inspections".
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menuLink = page.locator('#mobile-menu').getByRole('link', { name: 'Inspections' });
    await menuLink.waitFor();
    await shot(page, 'inspector-menu-390');
    await page.getByRole('button', { name: 'Close menu' }).click();
    // Published: the cards say Published with the grade, never the draft's progress.
    await page
      .getByTestId('queue-filter')
      .getByRole('button', { name: /^Published \(\d+\)$/ })
      .click();
    const published = page.locator('main li').first();
    await published.getByText('Published', { exact: true }).waitFor();
    await published.getByText(/^Grade \d\.\d$/).waitFor();
    expect(await page.locator('main li', { hasText: /Draft: \d+ of \d+/ }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('state')).toBe('published');
    await shot(page, 'inspector-published-390');
    // The server answers the app's pages 200, the invitation link too (one route list in domain/routes.ts).
    for (const url of ['/inspect', '/team', '/team/join?token=none'])
      expect((await page.request.get(`${baseUrl()}${url}`)).status(), url).toBe(200);
  });

  it('at 1280 px the inspector has the Inspections link in the header and the same default', async () => {
    const { page } = desk;
    await signInViaApi(page, inspector.email, inspector.password);
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/inspect');
    expect((await page.reload())?.status()).toBe(200);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inspections' }).waitFor();
    const { pressed } = await queueFilter(page);
    expect(pressed).toEqual([expect.stringMatching(/^Waiting \(\d+\)$/)]);
    await shot(page, 'inspector-queue-1280');
  });

  it('the admin sees "N in review" on the dashboard and the Listings tab, and compact counts on a phone', async () => {
    // A dealer submits a listing for review.
    const { page: dp } = dealer;
    await signInViaApi(dp, DEMO_DEALER2.email, DEMO_DEALER2.password);
    const { id } = await apiPost(dp, '/api/listings', {
      ...E2E_YARD,
      make: 'Kubota',
      model: `RF-${Date.now().toString(36)}`,
      year: 2020,
      hours: 1500,
      priceCents: 60_000_00,
      location: 'Iowa',
      condition: 'Good',
      description: 'Roles journey trade-in',
    });
    await apiPost(dp, `/api/my-listings/${id}/submit`);

    const { page } = admin;
    await signInViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const stats = await (await page.request.get(`${baseUrl()}/api/admin/stats`)).json();
    const n = stats.listingsInReview as number;
    expect(n).toBeGreaterThan(0);
    await page.goto('/');
    const notice = page.getByTestId('listings-in-review');
    await notice.waitFor();
    expect((await notice.textContent())?.startsWith(`${n} in review`)).toBe(true);
    expect(await page.getByTestId('listings-in-review-tab').textContent()).toBe(`${n} in review`);
    // The count cards (users and purchases) fit a short band of a 390 px screen.
    const first = await page.getByRole('list', { name: 'User counts' }).boundingBox();
    await page.getByTestId('purchase-counts').waitFor();
    const last = await page.getByTestId('purchase-counts').boundingBox();
    const band = (last?.y ?? 0) + (last?.height ?? 0) - (first?.y ?? 0);
    console.info(`admin count cards at 390 px: ${Math.round(band)} px tall`);
    expect(band).toBeLessThan(250);
    await shot(page, 'admin-in-review-390');
    await expectNoAxeViolations(page, ['main']);
    // The line opens Listing Management.
    await page.getByRole('button', { name: 'Open Listing Management' }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'listings');
  });

  it('after Make Offer the tractor page shows "Your offer $..., expires in ..."', async () => {
    const { page } = dealer;
    await signInViaApi(page, DEMO_DEALER.email, DEMO_DEALER.password);
    const mine = (await (await page.request.get(`${baseUrl()}/api/offers/mine`)).json()).offers as Array<{
      listingId: string;
    }>;
    // A tractor of someone else's the dealer has not offered on yet.
    const own = (
      (await (await page.request.get(`${baseUrl()}/api/my-listings`)).json()).items as Array<{
        id: string;
      }>
    ).map((l) => l.id);
    const inventory = await (await page.request.get(`${baseUrl()}/api/listings`)).json();
    const listing = (inventory.items as Array<{ id: string; priceCents: number }>).find(
      (l) => !own.includes(l.id) && !mine.some((o) => o.listingId === l.id),
    ) as { id: string; priceCents: number };
    const amountCents = Math.round((listing.priceCents * 0.9) / 100_000) * 100_000;
    await apiPost(page, '/api/offers', {
      listingId: listing.id,
      offerType: 'offer',
      amount: String(amountCents / 100),
    });
    await page.goto(`/tractor/${listing.id}`);
    const line = page.getByTestId('your-offer');
    await line.waitFor();
    expect(await line.textContent()).toMatch(
      new RegExp(`^Your offer ${formatDollars(amountCents).replace('$', '\\$')}, expires in \\d+ h$`),
    );
    await shot(page, 'tractor-your-offer-1280');
  });
});
