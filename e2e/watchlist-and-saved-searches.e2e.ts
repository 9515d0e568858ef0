import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  expectNoAxeViolations,
  hasBrowser,
  journeyShots,
  openBrowser,
  PHONE,
  toast,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { apiCall, DEMO_DEALER2, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

// docs/product/dealer-tools.md: a dealer saves a search with instant alerts, an admin lists a matching tractor,
// the dealer gets the alert, watches the tractor and sees the price drop notice (e-mail, live, watchlist page).
const shot = journeyShots('watchlist');

describe.runIf(hasBrowser())('watchlist and saved searches', () => {
  let admin: Browser;
  let dealer: Browser;
  let phone: Browser;
  const run = Date.now().toString(36).toUpperCase();
  const model = `WS${run}`;
  const tractor = `2020 Kubota ${model}`;
  const searchName = `Kubota ${model} alerts`;
  let listingId: string;

  beforeAll(async () => {
    admin = await openBrowser();
    dealer = await openBrowser();
    phone = await openBrowser(PHONE);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await signInViaApi(dealer.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
    await signInViaApi(phone.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
  });
  afterAll(async () => {
    for (const b of [admin, dealer, phone]) await b?.close();
  });

  it('the dealer saves the inventory search with instant alerts', async () => {
    const p = dealer.page;
    await p.goto(`/browse-listings?q=${model}&brand=Kubota`);
    await p.getByRole('heading', { name: /Available Inventory \(0 tractors\)/ }).waitFor();
    await p.getByRole('button', { name: 'Save this search' }).click();
    const dialog = p.getByRole('dialog', { name: 'Save this search' });
    // An empty name is refused with the domain's text.
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.getByText('Name your search').waitFor();
    await dialog.getByLabel('Name').fill(searchName);
    await expect.poll(() => dialog.getByRole('radio', { name: 'Instantly' }).isChecked()).toBe(true);
    await expectNoAxeViolations(p, ['[role="dialog"]']);
    await shot(p, 'save-search-dialog');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await toast(p, 'Search saved').waitFor();
    // The same name again: the server's 409 text under the field.
    await p.getByRole('button', { name: 'Save this search' }).click();
    await dialog.getByLabel('Name').fill(searchName.toLowerCase());
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.getByText('You already have a saved search with this name. Choose another name.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('an admin lists a matching tractor and the dealer is alerted by e-mail and live', async () => {
    const p = dealer.page;
    // The dealer keeps the inventory open (live updates) while the admin lists the tractor.
    const live = p.waitForResponse((r) => r.url().endsWith('/api/events'));
    await p.goto('/browse-listings');
    await p.getByRole('heading', { name: /Available Inventory/ }).waitFor();
    await live;
    ({ id: listingId } = await apiCall(admin.page, 'POST', '/api/listings', {
      ...E2E_YARD,
      make: 'Kubota',
      model,
      year: 2020,
      hours: 2100,
      priceCents: 6_400_000,
      location: 'Iowa',
      condition: 'Excellent',
      description: 'Dealer tools journey tractor',
    }));
    // New tractors go live with a condition report or as "Sold as-is, not inspected" (docs/product/condition-reports.md).
    await apiCall(admin.page, 'POST', `/api/admin/listings/${listingId}/as-is`, {
      reason: 'E2E: sold as seen',
    });
    await toast(p, `New match for your saved search "${searchName}"`).waitFor();
    const mail = await waitForMail({
      template: 'saved-search-alert',
      to: DEMO_DEALER2.email,
      contains: `/tractor/${listingId}`,
    });
    expect(mail).toContain(`${tractor} was just listed and matches your saved search "${searchName}".`);
    expect(mail).toContain(`/tractor/${listingId}`);
  });

  it('/saved-searches lists it with its matches; one click opens the inventory with the filters', async () => {
    const p = dealer.page;
    await p.goto('/saved-searches');
    const row = p.getByRole('listitem').filter({ hasText: searchName });
    await row.getByText('1 tractor match now').waitFor();
    await expectNoAxeViolations(p);
    await shot(p, 'saved-searches');
    await row.getByRole('link', { name: `Open ${searchName}` }).click();
    await p.waitForURL(/\/browse-listings\?q=/);
    expect(new URL(p.url()).searchParams.get('q')).toBe(model);
    expect(new URL(p.url()).searchParams.get('brand')).toBe('Kubota');
    await p.getByRole('heading', { name: 'Available Inventory (1 tractor)' }).waitFor();
  });

  it('the dealer watches the tractor with the heart (keyboard) and sees it on the watchlist', async () => {
    const p = dealer.page;
    const heart = p.getByRole('button', { name: `Watch ${tractor}` });
    await heart.waitFor();
    // Enabled once the watched ids are known.
    await expect.poll(() => heart.isEnabled()).toBe(true);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.focus();
    await p.keyboard.press('Enter');
    await toast(p, 'Added to your watchlist').waitFor();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await shot(p, 'inventory-watched');
    await p.goto('/watchlist');
    const item = p.getByRole('listitem').filter({ hasText: tractor });
    await item.getByText('Live', { exact: true }).waitFor();
    // The watchlist is the dealership's; each item says who added it.
    await item.getByText('Added by you', { exact: true }).waitFor();
    await expectNoAxeViolations(p);
  });

  it('the admin drops the price: the dealer sees the notice live, by e-mail and on the watchlist', async () => {
    const p = dealer.page;
    await apiCall(admin.page, 'PATCH', `/api/admin/listings/${listingId}`, { priceCents: 5_900_000 });
    await toast(p, `Price dropped on a tractor you watch: ${tractor}`).waitFor();
    const item = p.getByRole('listitem').filter({ hasText: tractor });
    await item.getByText('Price dropped', { exact: true }).waitFor();
    await item.getByText('$59,000').waitFor();
    await item.getByText('when you started watching').waitFor();
    const mail = await waitForMail({
      template: 'watchlist-notice',
      to: DEMO_DEALER2.email,
      contains: `The asking price of ${tractor} went down.`,
    });
    expect(mail).toContain('Price dropped on a tractor you watch');
    expect(mail).toContain(`The asking price of ${tractor} went down.`);
    expect(mail).toContain('$64,000');
    expect(mail).toContain('$59,000');
    await shot(p, 'watchlist-price-drop');
    // The duplicate name's 409 was on purpose.
    expect(dealer.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  });

  it('recently viewed follows the dealer to another device; the phone layout works at 390 px', async () => {
    await dealer.page.goto(`/tractor/${listingId}`);
    await dealer.page.getByRole('heading', { name: `Kubota ${model}` }).waitFor();
    const p = phone.page;
    await p.goto('/browse-listings');
    const recent = p.getByRole('region', { name: 'Recently viewed' });
    await recent.getByRole('link', { name: new RegExp(tractor) }).waitFor();
    await expectNoAxeViolations(p);
    await shot(p, 'inventory-phone');
    await p.goto('/watchlist');
    await p.getByRole('listitem').filter({ hasText: tractor }).getByText('Price dropped').waitFor();
    await shot(p, 'watchlist-phone');
    expect(phone.errors).toEqual([]);
  });
});
