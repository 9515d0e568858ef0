import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLookLeftText } from '../domain/want-lists';
import {
  type Browser,
  baseUrl,
  DESK,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
  toast,
} from './support/browser';
import { advanceServerClock, serverClockOffsetMs } from './support/clock';
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { apiWrite, DEMO_DEALER, DEMO_DEALER2, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

const HOUR = 3_600_000;

const jpeg = (color: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

const noSidewaysScroll = (b: Browser) =>
  b.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

// docs/product/selling.md and want-lists.md, the whole way on phones: a farmer's tractor with two photos, a
// dealer's want-list answer, the admin's offer, the farmer's acceptance, the draft, and the interested dealer's
// first look, which another dealer cannot see until the window ends (the server's test clock).
describe.runIf(hasBrowser())("a farmer's tractor reaches the dealer who wants it first", () => {
  let farmer: Browser;
  let dealer: Browser;
  let other: Browser;
  let admin: Browser;
  const run = Date.now().toString(36).toUpperCase();
  const model = `4440${run}`;
  const tractor = `John Deere ${model}`;
  const email = `farmer-${run.toLowerCase()}@example.com`;

  beforeAll(async () => {
    [farmer, dealer, other, admin] = await Promise.all([1, 2, 3, 4].map(() => openBrowser(PHONE)));
    await signInViaApi(dealer.page, DEMO_DEALER.email, DEMO_DEALER.password);
    await signInViaApi(other.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
  });
  afterAll(async () => {
    for (const b of [farmer, dealer, other, admin]) await b?.close();
  });

  it('sell form with two photos, "I\'d pay up to $30,000", a $27,500 offer accepted, a first look', async () => {
    // The dealer wants this kind of tractor in Iowa.
    const want = await apiWrite(dealer.page, 'POST', '/api/want-lists', {
      make: 'John Deere',
      modelWords: model,
      states: ['IA'],
    });
    expect(want.ok(), await want.text()).toBe(true);

    // The farmer's sell form with two photos.
    const f = farmer.page;
    await f.goto('/sell-your-tractor');
    await f.getByLabel('Make').selectOption('John Deere');
    await f.getByLabel('Model').fill(model);
    await f.getByLabel('Year').fill('1981');
    await f.getByLabel('Hours').fill('9800');
    await f.getByLabel('Location').fill('Ames, IA');
    await f.getByLabel('Add photos').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#2f6f3e') },
      { name: 'cab.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#c8a227') },
    ]);
    await f.getByRole('img', { name: /Chosen 2: cab\.jpg/ }).waitFor();
    await f.getByRole('button', { name: 'Submit' }).click();
    await f.getByLabel('Email').fill(email);
    await f.getByRole('button', { name: 'Get Offer' }).click();
    await f.getByText('Thank you! Your inquiry has been submitted successfully.').waitFor();

    // The dealer's notice names the town and the tractor, never the farmer; the answer names its amount first.
    const notice = `A farmer near Ames, IA has a 1981 John Deere ${model}, 9,800 h. Interested?`;
    const d = dealer.page;
    const o = other.page;
    await d.goto('/want-lists/matches');
    const match = d.getByRole('listitem').filter({ hasText: notice });
    await match.waitFor({ timeout: 30_000 });
    expect(await match.textContent()).not.toContain(email);
    await match.getByLabel("I'd pay up to ($)").fill('30,000');
    await match.getByRole('button', { name: "I'd pay up to $…" }).click();
    const pay = d.getByRole('alertdialog', { name: 'Pay up to $30,000?' });
    await pay.getByRole('button', { name: 'Yes, up to $30,000' }).click();
    await toast(d, 'Thanks, FieldLot has your answer.').waitFor();
    expect(await noSidewaysScroll(dealer)).toBe(true);
    await expectNoAxeViolations(d);
    await screenshot(d, 'first-look-dealer-answered-390');
    const mail = await waitForMail({
      template: 'want-list-inquiry-match',
      to: DEMO_DEALER.email,
      contains: model,
    });
    expect(mail).not.toContain(email);

    // The admin sees the match and the answer, then sends $27,500 after a confirmation naming it.
    const a = admin.page;
    await a.goto('/admin?tab=inquiries');
    const row = a.getByTestId('inquiry-row').filter({ hasText: email });
    await row
      .getByTestId('inquiry-match')
      .getByText(/Would pay up to \$30,000/)
      .waitFor();
    await row.getByRole('button', { name: 'Offer & history' }).click();
    await row.getByLabel('Amount ($)').fill('27,500');
    await row.getByRole('button', { name: 'Send offer' }).click();
    const confirm = a.getByTestId('amount-confirm');
    await confirm.getByText('Send an offer of $27,500?').waitFor();
    await confirm.getByRole('button', { name: 'Send $27,500 offer' }).click();
    await row.getByText('Offer sent', { exact: true }).first().waitFor();
    await screenshot(a, 'first-look-admin-offer-sent-390');

    // The farmer accepts from the e-mailed link, after a confirmation naming the amount.
    const offerMail = await waitForMail({ template: 'farmer-offer', to: email });
    const link = offerMail.match(
      new RegExp(`${baseUrl().replace(/[.:/]/g, '\\$&')}/farmer-offer/[A-Za-z0-9_-]+`),
    )?.[0];
    expect(link).toBeTruthy();
    await f.goto(link as string);
    await f.getByTestId('offer-amount').filter({ hasText: '$27,500' }).waitFor();
    await f.getByRole('button', { name: 'Accept offer' }).click();
    await f.getByTestId('amount-confirm').getByRole('button', { name: 'Accept $27,500' }).click();
    await f.getByRole('heading', { name: 'Offer accepted' }).waitFor();
    expect(await noSidewaysScroll(farmer)).toBe(true);

    // The admin is told, and the FieldLot draft holds the farmer's photos.
    await waitForMail({ template: 'admin-farmer-offer-answered', contains: 'accepted' });
    await row.getByText('Offer accepted', { exact: true }).first().waitFor({ timeout: 30_000 });
    const href = await row.getByTestId('draft-listing').getByRole('link').getAttribute('href');
    const listingId = href?.split('/').pop() as string;
    const draft = await (await a.request.get(`/api/listings/${listingId}`)).json();
    expect(draft).toMatchObject({ make: 'John Deere', model, year: 1981, hours: 9800 });
    expect(draft.images).toHaveLength(2);

    // The admin prices the tractor, states its condition, completes its yard and publishes it (sold as seen: the
    // journey is not about the inspection, which condition-reports.e2e.ts walks through). The farmer typed
    // "Ames, IA": the want-list for Iowa matches it (one reading of a place, decision 0072).
    const priced = await apiWrite(a, 'PATCH', `/api/admin/listings/${listingId}`, {
      ...E2E_YARD,
      priceCents: 3_450_000,
      condition: 'Good',
    });
    expect(priced.ok(), await priced.text()).toBe(true);
    // The dealer waits on the want-lists page, its live stream open (docs/product/want-lists.md#new-listings).
    const stream = d.waitForResponse((r) => r.url().endsWith('/api/events'));
    await d.goto('/want-lists');
    await d.getByRole('heading', { name: 'Want-Lists', exact: true }).waitFor();
    await stream;
    // Priced, with its condition and whole yard, the as-is mark is what puts the tractor live (decision 0041), so
    // the dealer with the first look is told live now; the admin's Activate after it has nothing left to do.
    const asIs = await apiWrite(a, 'POST', `/api/admin/listings/${listingId}/as-is`, {
      reason: 'E2E: sold as seen',
    });
    expect(asIs.ok(), await asIs.text()).toBe(true);
    expect((await asIs.json()).status).toBe('active');
    await toast(d, `1981 ${tractor} matches your want-list`).waitFor({ timeout: 30_000 });
    const live = await apiWrite(a, 'POST', `/api/admin/listings/${listingId}/status`, { status: 'active' });
    expect(live.ok(), await live.text()).toBe(true);

    // The dealer who would pay $30,000 sees it; another dealer does not, until the first look ends.
    const seen = async (b: Browser) => (await b.page.request.get(`/api/listings/${listingId}`)).status();
    expect(await seen(dealer)).toBe(200);
    expect(await seen(other)).toBe(404);

    // The dealer with the first look is told it is live (e-mail), and finds it above the inventory with its time.
    await waitForMail({ template: 'want-list-listing-alert', to: DEMO_DEALER.email, contains: model });
    await d.goto('/browse-listings');
    const firstLook = d.getByRole('region', { name: 'Your first look' });
    const card = firstLook.getByRole('heading', { name: tractor });
    await card.waitFor();
    // The badge counts down on the phone's clock. Here the server's test clock may run ahead of the browser's (earlier
    // journeys moved it), so the badge is what the phone's clock makes of the window's end; on the same clock,
    // a day's window just opened reads "1 day left".
    const ends = (
      (await (await d.request.get('/api/listings/first-look')).json()) as {
        items: { id: string; firstLookEndsAt: string }[];
      }
    ).items.find((l) => l.id === listingId)?.firstLookEndsAt;
    expect(ends).toBeTruthy();
    const badge =
      serverClockOffsetMs() === 0
        ? 'First look: 1 day left'
        : (firstLookLeftText(ends as string, new Date()) as string);
    await firstLook.getByText(badge).waitFor();
    expect(await noSidewaysScroll(dealer)).toBe(true);
    await expectNoAxeViolations(d);
    await screenshot(d, 'first-look-inventory-badge-390');
    // The same region and badge at 1280 px.
    await d.setViewportSize(DESK);
    await d.goto('/browse-listings');
    await firstLook.getByRole('heading', { name: tractor }).waitFor();
    await firstLook.getByText(badge).waitFor();
    await expectNoAxeViolations(d);
    await screenshot(d, 'first-look-inventory-badge-1280');
    await d.setViewportSize(PHONE);
    await o.goto('/browse-listings');
    await o.getByRole('heading', { name: /Available Inventory/ }).waitFor();
    expect(await o.getByRole('region', { name: 'Your first look' }).count()).toBe(0);
    await d.goto(`/tractor/${listingId}`);
    await d
      .getByRole('heading', { name: new RegExp(tractor) })
      .first()
      .waitFor();
    await expectNoAxeViolations(d);
    await screenshot(d, 'first-look-interested-dealer-390');
    await o.goto(`/tractor/${listingId}`);
    await o.getByRole('heading', { name: 'Tractor Not Found' }).waitFor();
    await screenshot(o, 'first-look-other-dealer-390');

    advanceServerClock(25 * HOUR);
    await o.goto(`/tractor/${listingId}`);
    await o
      .getByRole('heading', { name: new RegExp(tractor) })
      .first()
      .waitFor();
    await screenshot(o, 'first-look-over-other-dealer-390');
    expect(await noSidewaysScroll(other)).toBe(true);
  }, 300_000);
});
