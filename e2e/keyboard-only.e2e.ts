import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focusHiddenUnderABar, tabUntil } from './support/accessibility';
import {
  type Browser,
  baseUrl,
  DESK,
  hasBrowser,
  journeyShots,
  openBrowser,
  PHONE,
  toast,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { apiPost, DEMO_DEALER, DEMO_PASSWORD, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

/**
 * The main tasks by keyboard alone (WCAG 2.1.1, docs/accessibility.md): a dealer finds a tractor in the inventory,
 * opens it, offers and confirms; the admin approves a dealer. After every Tab the focused element is not hidden
 * under the sticky header (2.4.11). Sign-in takes a pasted password and tells password managers its fields (3.3.8).
 */
const shot = journeyShots('keyboard');

/** The focused element's label (its `<label>`, aria-label or text). */
const label = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return (el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
  });

describe.runIf(hasBrowser())('keyboard only', () => {
  let dealer: Browser;
  let admin: Browser;
  let visitor: Browser;
  let inspector: Browser;
  const run = Date.now().toString(36);
  const model = `KB-${run}`;

  beforeAll(async () => {
    dealer = await openBrowser(PHONE);
    admin = await openBrowser(DESK);
    visitor = await openBrowser(DESK);
    inspector = await openBrowser(PHONE);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await signInViaApi(dealer.page, DEMO_DEALER.email, DEMO_DEALER.password);
    const { id } = await apiPost(admin.page, '/api/listings', {
      ...E2E_YARD,
      make: 'Kubota',
      model,
      year: 2022,
      hours: 900,
      priceCents: 38_000_00,
      location: 'Iowa',
      condition: 'Good',
      description: 'Keyboard journey tractor',
    });
    await apiPost(admin.page, `/api/admin/listings/${id}/as-is`, { reason: 'Keyboard journey tractor' });
    // A tractor waiting for its inspection, for the inspector's walk.
    await apiPost(admin.page, '/api/listings', {
      ...E2E_YARD,
      make: 'Kubota',
      model: `${model}-I`,
      year: 2019,
      hours: 2400,
      priceCents: 29_000_00,
      location: 'Iowa',
      condition: 'Good',
      description: 'Keyboard inspection journey tractor',
    });
    await signInViaApi(inspector.page, 'inspector@fieldlot.example', DEMO_PASSWORD);
  }, 240_000);
  afterAll(async () => {
    for (const b of [dealer, admin, visitor, inspector]) await b?.close();
  });

  it('a dealer searches the inventory, opens the tractor, offers its price and confirms, by keyboard (390 px, then 1280 px)', async () => {
    const { page } = dealer;
    const hidden: string[] = [];
    await page.goto('/browse-listings');
    // The search box, typed into, Enter.
    hidden.push(...(await tabUntil(page, (el) => el.tag === 'input' && /search/i.test(el.name + el.label))));
    await page.keyboard.type(model);
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=KB-/);
    await page.getByRole('heading', { name: `Kubota ${model}` }).waitFor();
    hidden.push(
      ...(await tabUntil(page, (el) => el.name.startsWith('View Details') && el.name.includes(model))),
    );
    // Back up to the top of the page (Shift+Tab scrolls up, under the sticky header), then forward again.
    hidden.push(...(await tabUntil(page, (el) => el.name.endsWith('home'), { back: true, max: 120 })));
    hidden.push(
      ...(await tabUntil(page, (el) => el.name.startsWith('View Details') && el.name.includes(model), {
        max: 120,
      })),
    );
    await shot(page, 'inventory-focus-390');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/tractor\//);
    await page.setViewportSize(DESK);
    await page.getByRole('button', { name: 'Make Offer' }).waitFor();
    hidden.push(...(await tabUntil(page, (el) => el.name === 'Make Offer', { max: 120 })));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Make an Offer' });
    await dialog.waitFor();
    // The offer type is a radio group: Tab reaches it, an arrow key chooses Buy Now.
    hidden.push(
      ...(await tabUntil(page, (el) => el.tag === 'input' && el.label.startsWith('Make an Offer'))),
    );
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByLabel('Buy Now ($38,000)').isChecked()).toBe(true);
    hidden.push(...(await tabUntil(page, (el) => el.name === 'Submit Offer')));
    await shot(page, 'offer-dialog-1280');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Confirm Buy Now' });
    await confirm.waitFor();
    // Focus is inside the confirmation; the binding button is reached by Tab.
    hidden.push(...(await tabUntil(page, (el) => el.name === 'Confirm Buy Now')));
    await shot(page, 'confirm-1280');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Offer Accepted!' }).waitFor({ timeout: 15_000 });
    expect(hidden).toEqual([]);
  }, 240_000);

  it('the admin approves a dealer by keyboard (1280 px)', async () => {
    const { page } = admin;
    const applicant = { name: `Kim Keys ${run}`, email: `kim-keys-${run}@example.com` };
    await apiPost(visitor.page, '/api/users/apply', {
      ...applicant,
      password: 'Quiet-Furrow#2033',
      companyName: 'Keys Tractor Co',
      brands: [],
    });
    await page.goto('/admin?tab=users');
    await page.getByRole('button', { name: `Approve ${applicant.name}` }).waitFor();
    const hidden = await tabUntil(page, (el) => el.name === `Approve ${applicant.name}`, { max: 200 });
    await shot(page, 'admin-approve-1280');
    await page.keyboard.press('Enter');
    await toast(page, 'Application approved successfully').waitFor();
    expect(hidden).toEqual([]);
  }, 240_000);

  it('an inspector opens a tractor from the queue, fills in its details and rates every checkpoint of its first screens, by keyboard (390 px)', async () => {
    const { page } = inspector;
    const hidden: string[] = [];
    const heading = () => page.getByRole('heading', { level: 1 }).textContent();
    const focusedTag = () => page.evaluate(() => document.activeElement?.tagName.toLowerCase());
    await page.goto('/inspect');
    await page.getByRole('heading', { name: 'Inspections' }).waitFor();
    hidden.push(
      ...(await tabUntil(page, (el) => el.name === `Inspect 2019 Kubota ${model}-I`, { max: 400 })),
    );
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Identification' }).waitFor();
    hidden.push(...(await tabUntil(page, (el) => el.label.startsWith('Serial/PIN'), { max: 40 })));
    await page.keyboard.type('KBT0123456789');
    hidden.push(...(await tabUntil(page, (el) => el.label.startsWith('Hour-meter reading'), { max: 5 })));
    await page.keyboard.type('2410');
    // The photo buttons (native file inputs: Enter opens the camera) are reached by Tab too.
    hidden.push(...(await tabUntil(page, (el) => el.tag === 'input' && el.label === 'Photograph the meter')));
    // Three screens: every checkpoint rated OK by Tab and Enter, then Next; the new screen starts at its heading.
    for (let screen = 0; screen < 3; screen++) {
      const title = await heading();
      const fields = page.locator('fieldset[data-checkpoint]');
      const count = await fields.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        // From the OK just pressed, Tab moves on to the next checkpoint's.
        if (i > 0) await page.keyboard.press('Tab');
        const check = await focusHiddenUnderABar(page);
        if (check.hiddenBy) hidden.push(`${check.focused} under ${check.hiddenBy}`);
        hidden.push(...(await tabUntil(page, (el) => el.name === 'OK', { max: 40 })));
        await page.keyboard.press('Enter');
        await expect
          .poll(() =>
            fields.nth(i).getByRole('button', { name: 'OK', exact: true }).getAttribute('aria-pressed'),
          )
          .toBe('true');
      }
      if (screen === 1) await shot(page, 'inspection-rated-390');
      hidden.push(...(await tabUntil(page, (el) => el.name === 'Next', { max: 40 })));
      await page.keyboard.press('Enter');
      await expect.poll(heading).not.toBe(title);
      expect(await focusedTag()).toBe('h1');
    }
    // Back returns to the screen before, its heading focused, its answers kept.
    hidden.push(...(await tabUntil(page, (el) => el.name === 'Back', { back: true, max: 80 })));
    await page.keyboard.press('Enter');
    await expect.poll(focusedTag).toBe('h1');
    const count = await page.locator('fieldset[data-checkpoint]').count();
    expect(
      await page.locator('fieldset[data-checkpoint] button[aria-pressed="true"]', { hasText: 'OK' }).count(),
    ).toBe(count);
    // Down to Next and back up to the first checkpoint: never under the screen's bars, going either way.
    hidden.push(...(await tabUntil(page, (el) => el.name === 'Next', { max: 80 })));
    let seen = 0;
    hidden.push(
      ...(await tabUntil(page, (el) => el.name === 'OK' && ++seen === count, { back: true, max: 80 })),
    );
    expect(hidden).toEqual([]);
  }, 240_000);

  it('sign-in takes a pasted password and names its fields for password managers (WCAG 3.3.8)', async () => {
    const { page, context } = visitor;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.goto('/');
    await tabUntil(page, (el) => el.name === 'Sign In');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    const email = dialog.getByLabel('Email');
    const password = dialog.getByLabel('Password', { exact: true });
    // Password managers fill fields they recognise (the autocomplete tokens of the HTML standard).
    expect(await email.getAttribute('autocomplete')).toBe('email');
    expect(await password.getAttribute('autocomplete')).toBe('current-password');
    expect(await email.getAttribute('type')).toBe('email');
    // Nothing cancels a paste.
    const prevented = await password.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'x');
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      return !el.dispatchEvent(event);
    });
    expect(prevented).toBe(false);
    // A real paste, by keyboard, of both fields.
    const paste = async (text: string) => {
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await page.keyboard.press('ControlOrMeta+V');
    };
    expect(await label(page)).toBe('Email');
    await paste(DEMO_DEALER.email);
    await tabUntil(page, (el) => el.label === 'Password', { max: 3 });
    await paste(DEMO_DEALER.password);
    expect(await email.inputValue()).toBe(DEMO_DEALER.email);
    expect(await password.inputValue()).toBe(DEMO_DEALER.password);
    await page.keyboard.press('Enter');
    await toast(page, 'Successfully signed in!').waitFor();

    // The admin's sign-in and the forms that choose a password say the same.
    const other = await openBrowser(DESK);
    try {
      await other.page.goto('/admin-login');
      expect(await other.page.getByLabel('Email').getAttribute('autocomplete')).toBe('email');
      expect(await other.page.getByLabel('Password', { exact: true }).getAttribute('autocomplete')).toBe(
        'current-password',
      );
      await other.page.goto('/apply');
      expect(await other.page.getByLabel('Password', { exact: true }).getAttribute('autocomplete')).toBe(
        'new-password',
      );
      expect(await other.page.getByLabel('Email Address').getAttribute('autocomplete')).toBe('email');
    } finally {
      await other.close();
    }
  }, 240_000);
});
