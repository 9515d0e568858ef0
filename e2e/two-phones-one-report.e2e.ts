import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, hasBrowser, journeyShots, openBrowser, PHONE } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { apiPost, DEMO_PASSWORD, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

/**
 * docs/product/condition-reports.md#two-phones: two phones work one report. Of two answers to a checkpoint the later
 * one wins, and the phone whose answer lost, or whose answer replaced another, is shown what happened.
 */
const shot = journeyShots('two-phones-one-report');

describe.runIf(hasBrowser())('two phones, one report', () => {
  let admin: Browser;
  let phoneA: Browser;
  let phoneB: Browser;
  const run = Date.now().toString(36);
  const model = `TWO-${run}`;
  const email = `two-phones-${run}@fieldlot.example`;
  let listingId: string;

  beforeAll(async () => {
    admin = await openBrowser();
    phoneA = await openBrowser(PHONE);
    phoneB = await openBrowser(PHONE);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await apiPost(admin.page, '/api/admin/inspectors', {
      name: 'Tess Twophones',
      email,
      password: DEMO_PASSWORD,
    });
    ({ id: listingId } = await apiPost(admin.page, '/api/listings', {
      ...E2E_YARD,
      make: 'Kubota',
      model,
      year: 2018,
      hours: 3100,
      priceCents: 4_500_000,
      location: 'Iowa',
      condition: 'Good',
      description: 'Two phones journey tractor',
    }));
    // The same inspector on two phones (each its own browser: its own id).
    await signInViaApi(phoneA.page, email, DEMO_PASSWORD);
    await signInViaApi(phoneB.page, email, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await admin?.close();
    await phoneA?.close();
    await phoneB?.close();
  });

  const engineScreen = async (page: Page) => {
    await page.goto(`/inspect/${listingId}`);
    await page.getByTestId('progress').waitFor();
    await page.getByRole('combobox', { name: 'Screen' }).selectOption({ label: '2. Engine' });
    await page.getByRole('heading', { name: 'Engine', level: 1 }).waitFor();
  };
  const idle = (page: Page) => page.locator('fieldset[data-checkpoint="engine.idle"]');
  const saved = (page: Page) => page.getByText('Saved', { exact: true }).waitFor();

  it('the later answer wins, and each phone is shown what its answer replaced or lost to', async () => {
    await engineScreen(phoneA.page);
    await engineScreen(phoneB.page);

    // Phone A: Monitor. Phone B, later: OK, and it is told what it replaced.
    await idle(phoneA.page).getByRole('button', { name: 'Monitor', exact: true }).click();
    await saved(phoneA.page);
    await idle(phoneB.page).getByRole('button', { name: 'OK', exact: true }).click();
    await idle(phoneB.page)
      .getByRole('status')
      .getByText('This replaced an answer given on another phone: Monitor.', { exact: true })
      .waitFor();
    await shot(phoneB.page, 'replaced-390');
    await idle(phoneB.page).getByRole('button', { name: 'Dismiss' }).click();
    expect(await idle(phoneB.page).getByTestId('answer-notice').count()).toBe(0);

    // Phone A loses signal and answers Repair; phone B answers Not applicable afterwards, online.
    await phoneA.context.setOffline(true);
    await idle(phoneA.page).getByRole('button', { name: 'Repair', exact: true }).click();
    await phoneA.page.getByText(/Offline: 1 waiting to save/).waitFor();
    await idle(phoneB.page).getByRole('button', { name: 'Not applicable', exact: true }).click();
    await saved(phoneB.page);

    // Back online, phone A's earlier answer is not saved over B's later one, and A is told, and shows B's.
    await phoneA.context.setOffline(false);
    await phoneA.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await idle(phoneA.page)
      .getByRole('status')
      .getByText(
        'A later answer from another phone was kept: Not applicable. Yours (Repair) was not saved.',
        {
          exact: true,
        },
      )
      .waitFor({ timeout: 60_000 });
    await expect
      .poll(() =>
        idle(phoneA.page)
          .getByRole('button', { name: 'Not applicable', exact: true })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
    await shot(phoneA.page, 'kept-390');
    const draft = await (await admin.page.request.get(`/api/inspections/${listingId}`)).json();
    expect(draft.answers['engine.idle']).toEqual({ rating: 'na', note: '' });
  }, 180_000);
});
