import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { apiWrite, DEMO_DEALER2, signInViaApi } from './support/session';

// docs/product/fieldlot-value.md and docs/product/market.md on a phone (390 px), on the demo's sales history:
// a dealer reads where a tractor's price stands and its comparable sales, then the family's market page charts;
// a seller reads what similar tractors sold for in the listing form; the admin reads the value on a farmer's
// inquiry and the whole market's charts.
describe.runIf(hasBrowser())('FieldLot Value and the market page on a phone', () => {
  let phone: Browser;
  let visitor: Browser;
  let admin: Browser;

  beforeAll(async () => {
    phone = await openBrowser(PHONE);
    visitor = await openBrowser(PHONE);
    admin = await openBrowser();
    await signInViaApi(phone.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
  });
  afterAll(async () => {
    for (const b of [phone, visitor, admin]) await b?.close();
  });

  it('a dealer sees the value sentence and the comparables on a tractor page', async () => {
    const p = phone.page;
    const family = await p.request.get('/api/market/John%20Deere/6R');
    expect(family.ok(), await family.text()).toBe(true);
    const { liveListings } = (await family.json()) as { liveListings: { id: string }[] };
    expect(liveListings.length).toBeGreaterThan(0);
    await p.goto(`/tractor/${liveListings[0].id}`);
    const sentence = p.getByTestId('value-sentence');
    await sentence.waitFor();
    expect(await sentence.textContent()).toMatch(
      /^Asking \$[\d,]+ — (\d+% (below|above)|at) FieldLot Value \(\$[\d,]+; typical \$[\d,]+–\$[\d,]+\)$/,
    );
    // On a phone each sale is a card with every figure a dealer reads, State and Price included, and the
    // heading counts exactly the cards shown.
    const cards = p.getByTestId('comparable-cards').locator('li');
    await expect.poll(() => cards.count()).toBe(10);
    expect(await p.getByTestId('comparables').isVisible()).toBe(false);
    expect(await p.getByTestId('comparables-heading').textContent()).toBe(
      'Comparable sales: the 10 nearest of the last 24 months',
    );
    for (const card of await cards.all()) {
      expect(await card.isVisible()).toBe(true);
      expect(await card.locator('dt').allTextContents()).toEqual(['Year', 'Hours', 'Grade', 'State']);
      expect(await card.textContent()).toMatch(
        /^\$[\d,]+Sold \d\d\/\d\d\/\d{4}FieldLot( · [A-Za-z ]+)? · [A-Z][a-z]{2} \d{4}Year\d{4}Hours[\d,]+ hrsGrade\d\.\dState(?:[A-Z]{2}|—)$/,
      );
    }
    expect(await p.getByTestId('fieldlot-value').textContent()).toMatch(
      /Estimated from all \d+ recorded FieldLot sales of the John Deere 6R family/,
    );
    // The value's breakdown: the base for the family, then each adjustment in dollars, adding up exactly to the
    // value; its confidence word beside it (docs/product/fieldlot-value.md#the-breakdown).
    expect(await p.getByTestId('value-confidence').textContent()).toMatch(/^Confidence: (High|Medium|Low)$/);
    const breakdown = p.getByTestId('value-breakdown');
    expect(await breakdown.locator('tbody th').first().textContent()).toBe(
      'Base for the John Deere 6R family',
    );
    const amounts = (await breakdown.locator('tbody td').allTextContents()).map(
      (t) => Number(t.replace(/[^\d]/g, '')) * (t.startsWith('−') ? -1 : 1),
    );
    const total = amounts.pop();
    expect(amounts.length).toBeGreaterThan(1);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
    await p.getByTestId('fieldlot-value').scrollIntoViewIfNeeded();
    await expectNoAxeViolations(p, ['[data-testid="fieldlot-value"]']);
    await screenshot(p, 'fieldlot-value-tractor-page-390');
    // Nothing is wider than the phone: no column is hidden off screen.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // At 1280 px the same sales are a table with every column, its rows the count the heading gives.
    const desk = await openBrowser();
    try {
      await signInViaApi(desk.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
      await desk.page.goto(`/tractor/${liveListings[0].id}`);
      const rows = desk.page.getByTestId('comparables').locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(10);
      expect(await desk.page.getByTestId('comparable-cards').isVisible()).toBe(false);
      expect(await desk.page.getByTestId('comparables').locator('th').allTextContents()).toEqual([
        'Sold',
        'Year',
        'Hours',
        'Grade',
        'State',
        'Source',
        'Price',
      ]);
      expect(await desk.page.getByTestId('comparables-heading').textContent()).toBe(
        'Comparable sales: the 10 nearest of the last 24 months',
      );
      expect(await rows.first().locator('td').first().textContent()).toMatch(/^\d\d\/\d\d\/\d{4}$/);
      await desk.page.getByTestId('fieldlot-value').scrollIntoViewIfNeeded();
      await expectNoAxeViolations(desk.page, ['[data-testid="fieldlot-value"]']);
      await screenshot(desk.page, 'fieldlot-value-tractor-page-1280');
    } finally {
      await desk.close();
    }
    // A visitor gets no value: the panel is not there and the API answers 401.
    await visitor.page.goto(`/tractor/${liveListings[0].id}`);
    // A visitor's first page opens the sign-in dialog, which hides the page from assistive technology.
    await expect
      .poll(() => visitor.page.getByRole('heading', { level: 1, includeHidden: true }).count())
      .toBe(1);
    expect(await visitor.page.getByTestId('fieldlot-value').count()).toBe(0);
    expect(
      (await visitor.page.request.get(`/api/market/listings/${liveListings[0].id}/value`)).status(),
    ).toBe(401);
  });

  it('the family market page draws its charts at 390 px', async () => {
    const p = phone.page;
    await p.getByRole('link', { name: 'John Deere 6R market' }).click();
    await p.getByRole('heading', { name: 'John Deere 6R market' }).waitFor();
    // Each chart is drawn as it comes near the screen (docs/decisions/0055-market-page-on-a-phone.md).
    for (const figure of await p.locator('figure').all()) await figure.scrollIntoViewIfNeeded();
    await expect.poll(() => p.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    // The figures as a table: its rows exist once it is opened.
    const table = p.locator('figure').filter({ hasText: 'Sales per month' }).locator('details');
    await table.getByText('Show the figures as a table').click();
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
    await p.locator('figure').first().scrollIntoViewIfNeeded();
    await p.getByText(/^Live listings \(\d+\)$/).waitFor();
    // Nothing is wider than the phone.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(p);
    await screenshot(p, 'market-family-page-390');
    await p.goto('/market');
    await p.getByRole('link', { name: /^John Deere 6R/ }).waitFor();
    await expectNoAxeViolations(p);
    await screenshot(p, 'market-index-390');
  });

  it('a seller sees what similar tractors sold for, and the value, in the listing form', async () => {
    const p = phone.page;
    await p.goto('/my-listings/new');
    await p.getByLabel('Make', { exact: true }).selectOption('John Deere');
    await p.getByLabel('Model', { exact: true }).fill('6155M');
    await p.getByLabel('Year', { exact: true }).fill('2018');
    await p.getByLabel('Hours', { exact: true }).fill('3500');
    const hint = p.getByTestId('similar-sold');
    await hint.getByText(/^Similar tractors sold for \$[\d,]+–\$[\d,]+ \(\d+ sales\)$/).waitFor();
    await hint.getByText(/^FieldLot Value \$[\d,]+ \(typical \$[\d,]+–\$[\d,]+\)$/).waitFor();
    await hint.scrollIntoViewIfNeeded();
    await screenshot(p, 'fieldlot-value-listing-form-390');
  });

  it("the admin sees the value on a farmer's inquiry and the whole market's charts", async () => {
    const p = admin.page;
    const email = `value-journey-${Date.now()}@example.com`;
    const res = await apiWrite(p, 'POST', '/api/inquiries', {
      make: 'John Deere',
      model: '6155M',
      year: 2017,
      hours: 4200,
      location: 'Iowa',
      email,
    });
    expect(res.status(), await res.text()).toBe(201);
    await p.goto('/admin?tab=inquiries');
    const row = p.getByTestId('inquiry-row').filter({ hasText: email });
    await row.waitFor();
    const line = row.getByTestId('value-line');
    await expect
      .poll(() => line.textContent(), { timeout: 15_000 })
      .toMatch(/^FieldLot Value: \$[\d,]+ \(typical \$[\d,]+–\$[\d,]+\) · Similar tractors sold for /);
    await p.goto('/admin?tab=market');
    await p.getByRole('heading', { name: 'Market', exact: true }).waitFor();
    await p.getByText(/^Listings live: \d+$/).waitFor();
    for (const title of ['Sales per month', 'Fees earned per month', 'Offers per day'])
      await p.getByText(title, { exact: true }).waitFor();
    for (const figure of await p.locator('figure').all()) await figure.scrollIntoViewIfNeeded();
    await expect.poll(() => p.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await screenshot(p, 'admin-market-charts-1280');
  });
});
