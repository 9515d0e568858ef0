import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
} from './support/browser';
import { waitForMail } from './support/mail';

describe.runIf(hasBrowser())('sell your tractor', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(() => b?.close());

  it('a visitor submits the two-step form and gets the confirmation e-mail', async () => {
    const { page } = b;
    const email = `seller-${Date.now()}@example.com`;
    await page.goto('/sell-your-tractor');
    await page.getByRole('heading', { name: 'Get a quick offer for your tractor' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel('Make').selectOption('Kubota');
    await page.getByLabel('Model').fill('M7-172');
    await page.getByLabel('Year').fill('2019');
    await page.getByLabel('Hours').fill('2100');
    await expect(page.getByLabel('Location').getAttribute('placeholder')).resolves.toMatch(/state/i);
    await page.getByLabel('Location').fill('Nebraska');
    await page.getByLabel('Transmission').fill('PowerShift');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByText("We'll send your offer to this email address").waitFor();
    const getOffer = page.getByRole('button', { name: 'Get Offer' });
    expect(await getOffer.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    // The way back keeps what was typed.
    await page.getByRole('button', { name: /back/i }).click();
    expect(await page.getByLabel('Model').inputValue()).toBe('M7-172');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByLabel('Email').fill(email);
    expect(await getOffer.isDisabled()).toBe(false);
    await getOffer.click();
    await page.getByText('Thank you! Your inquiry has been submitted successfully.').waitFor();

    // Cleared and back on step 1.
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    expect(await page.getByLabel('Model').inputValue()).toBe('');
    expect(await page.getByLabel('Make').inputValue()).toBe('');

    const mail = await waitForMail({ template: 'send-tractor-inquiry-confirmation', to: email });
    // Year, make and model: the model only because it looks like one (docs/product/selling.md#inquiry-e-mails).
    expect(mail).toContain('2019 Kubota M7-172');
    expect(b.errors).toEqual([]);
  });

  it('refuses an impossible year with a clear message on step 1', async () => {
    const { page } = b;
    await page.goto('/sell-your-tractor');
    await page.getByLabel('Year').fill('1900');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByLabel('Email').fill('junk@example.com');
    await page.getByRole('button', { name: 'Get Offer' }).click();
    const message = `Year must be between 1950 and ${new Date().getFullYear() + 1}`;
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await page.getByLabel('Year').getAttribute('aria-invalid')).toBe('true');
  });

  it('reads well on a phone', async () => {
    const phone = await openBrowser(PHONE);
    try {
      await phone.page.goto('/sell-your-tractor');
      await phone.page.getByRole('heading', { name: 'Get a quick offer for your tractor' }).waitFor();
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow).toBe(false);
      await screenshot(phone.page, 'sell-390');
    } finally {
      await phone.close();
    }
    await screenshot(b.page, 'sell-1280');
  });
});
