import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, expectNoAxeViolations, hasBrowser, openBrowser, screenshot } from './support/browser';
import { DEMO_DEALER2, signInViaApi } from './support/session';

// docs/product/fieldlot-value.md and docs/product/market.md on a phone (390 px), on the demo's sales history:
// a dealer reads where a tractor's price stands and its comparable sales, then the family's market page charts.
describe.runIf(hasBrowser())('FieldLot Value and the market page on a phone', () => {
  let phone: Browser;
  let visitor: Browser;

  beforeAll(async () => {
    phone = await openBrowser({ width: 390, height: 844 });
    visitor = await openBrowser({ width: 390, height: 844 });
    await signInViaApi(phone.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
  });
  afterAll(async () => {
    for (const b of [phone, visitor]) await b?.close();
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
    const rows = p.getByTestId('comparables').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(10);
    expect(await p.getByTestId('comparables').locator('th').allTextContents()).toEqual([
      'Sold',
      'Year',
      'Hours',
      'Grade',
      'State',
      'Price',
    ]);
    await p.getByTestId('fieldlot-value').scrollIntoViewIfNeeded();
    await expectNoAxeViolations(p, ['[data-testid="fieldlot-value"]']);
    await screenshot(p, 'fieldlot-value-tractor-page-390');
    // The comparables table scrolls inside its card; the page itself never scrolls sideways.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A visitor gets no value: the panel is not there and the API answers 401.
    await visitor.page.goto(`/tractor/${liveListings[0].id}`);
    await visitor.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await visitor.page.getByTestId('fieldlot-value').count()).toBe(0);
    expect(
      (await visitor.page.request.get(`/api/market/listings/${liveListings[0].id}/value`)).status(),
    ).toBe(401);
  });

  it('the family market page draws its charts at 390 px', async () => {
    const p = phone.page;
    await p.getByRole('link', { name: 'John Deere 6R market' }).click();
    await p.getByRole('heading', { name: 'John Deere 6R market' }).waitFor();
    await expect.poll(() => p.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
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
});
