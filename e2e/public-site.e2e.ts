import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  baseUrl,
  DESK,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
} from './support/browser';
import { DEMO_DEALER, signInViaApi } from './support/session';

/** Every public page shows the texts of docs/product/public-site.md, cleanly, on a desktop and a phone. */
interface PublicPage {
  path: string;
  name: string;
  heading: string | RegExp;
  title?: string;
  texts: (string | RegExp)[];
  links?: { name: string | RegExp; href: string }[];
}

const PAGES: PublicPage[] = [
  {
    path: '/',
    title: 'FieldLot: North American marketplace for tractor dealers',
    name: 'landing',
    heading: 'North American marketplace for tractor dealers',
    texts: [
      'Buying',
      'Selling',
      'Value',
      'Dealer trade-ins',
      'Off-lease inventory',
      /40\+ finance, rental and leasing companies/,
      'Direct from farmers',
      '110-point inspection on every tractor',
      'Inspection guarantee',
      /a buyer may cancel a purchase if unhappy with the condition\s+report/,
      /within 24-48 hours/,
      new RegExp(`© ${new Date().getFullYear()} FieldLot`), // the current year unless COPYRIGHT_YEAR says otherwise
    ],
    links: [
      { name: 'Apply as a Dealer', href: '/apply' },
      { name: /Get a Quick Offer/, href: '/sell-your-tractor' },
    ],
  },
  {
    path: '/dealer-benefits',
    title: 'Dealer Benefits | FieldLot',
    name: 'dealer-benefits',
    heading: 'Why Trade on FieldLot?',
    texts: [
      'Vetted dealers only',
      'A dedicated account manager',
      'Trucking across the US',
      'Dealer (wholesale) prices',
      'Pre-purchase inspection',
      /a buyer may cancel a purchase if unhappy with the condition report/,
      'Offers from any device',
      'How It Works',
      'Sign up free',
      'Offer and negotiate',
      'We handle the logistics',
      'Delivered to you',
    ],
    links: [
      { name: /Join Dealer Network/, href: '/apply' },
      { name: 'Talk to an Advisor', href: '/contact' },
    ],
  },
  {
    path: '/contact',
    title: 'Contact | FieldLot',
    name: 'contact',
    heading: 'Contact FieldLot',
    texts: [/Dover, DE/, /Dover, Delaware/],
    links: [
      { name: 'support@fieldlot.example', href: 'mailto:support@fieldlot.example' },
      { name: '+1 (302) 555-0147', href: 'tel:+13025550147' },
    ],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy | FieldLot',
    name: 'privacy-policy',
    heading: 'Privacy Policy',
    texts: [
      /A session cookie/,
      /An anti-forgery cookie/,
      /no tracking pixels/,
      'How long we keep it',
      'Your rights',
    ],
    links: [{ name: '5. Cookies', href: '#cookies' }],
  },
  {
    path: '/terms-of-service',
    title: 'Terms of Service | FieldLot',
    name: 'terms-of-service',
    heading: 'Terms of Service',
    texts: [
      /\$500 plus 5% of the accepted amount/,
      /\$250 if a seller cancels or abandons a transaction after\s+accepting a bid or after receiving a bid that meets the reserve/,
      /Buyer non-payment fee:\s*\$500/,
      /within 3 business days of the invoice date/,
      /within 7 business days/,
      /at least 20 business days/,
      /within one month of the auction/,
      /6pm CET .* third working day after the\s+auction ends/,
      /the fees you paid us in the 12 months before/,
      /one month's written notice/,
      /laws of the State of Delaware/,
      /may cancel the purchase/,
    ],
    links: [{ name: '5. Fees', href: '#fees' }],
  },
  {
    path: '/logo-download',
    title: 'Logo Download | FieldLot',
    name: 'logo-download',
    heading: 'FieldLot logo',
    texts: ['How to save the logo'],
    links: [
      { name: 'Download SVG (vector)', href: '/fieldlot-logo.svg' },
      { name: /Download PNG/, href: '/fieldlot-logo.png' },
    ],
  },
  {
    path: '/sell-your-tractor',
    name: 'sell-your-tractor',
    heading: 'Get a quick offer for your tractor',
    texts: [],
  },
];

async function expectPage(page: Page, p: PublicPage) {
  await page.getByRole('heading', { level: 1, name: p.heading }).waitFor();
  // One space for any run of whitespace, so texts can be matched across line breaks. Strings are checked
  // against the DOM text too, since innerText shows CSS-uppercased labels in capitals.
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text (with line breaks) is what is meant.
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  const dom = (await page.locator('body').textContent()) ?? '';
  for (const t of p.texts) {
    if (typeof t === 'string') expect(`${text}\n${dom}`, `${p.path}: "${t}"`).toContain(t);
    else expect(text, `${p.path}: ${t}`).toMatch(t);
  }
  if (p.title) expect(await page.title()).toBe(p.title);
  for (const l of p.links ?? []) {
    const link = page.getByRole('link', { name: l.name, exact: typeof l.name === 'string' }).first();
    expect(await link.getAttribute('href'), `${p.path}: link ${l.name}`).toBe(l.href);
  }
}

for (const viewport of [DESK, PHONE]) {
  describe.runIf(hasBrowser())(`public site at ${viewport.width}px`, () => {
    let b: Browser;
    beforeAll(async () => {
      b = await openBrowser(viewport);
    });
    afterAll(() => b?.close());

    for (const p of PAGES) {
      it(`${p.path} shows its texts with no console errors or axe violations`, async () => {
        b.errors.length = 0;
        const res = await b.page.goto(p.path);
        expect(res?.status()).toBe(200);
        await expectPage(b.page, p);
        await screenshot(b.page, `public-${p.name}-${viewport.width}`);
        await expectNoAxeViolations(b.page);
        expect(b.errors).toEqual([]);
      });
    }

    it('an unknown path shows the 404 page with status 404', async () => {
      b.errors.length = 0;
      const res = await b.page.goto('/no-such-tractor-page');
      expect(res?.status()).toBe(404);
      await b.page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
      await b.page.getByRole('link', { name: 'Return to Home' }).click();
      await b.page.getByRole('heading', { name: 'North American marketplace for tractor dealers' }).waitFor();
      await b.page.goto('/no-such-tractor-page');
      await b.page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
      await screenshot(b.page, `public-404-${viewport.width}`);
      await expectNoAxeViolations(b.page);
      expect(b.errors).toEqual([]);
    });
  });
}

describe.runIf(hasBrowser())('public header on a phone', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser(PHONE);
  });
  afterAll(() => b?.close());

  it('the mobile menu opens, navigates and closes; Escape closes it and returns focus', async () => {
    const { page } = b;
    await page.goto('/');
    await page.getByRole('heading', { name: 'North American marketplace for tractor dealers' }).waitFor();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    await expect(
      page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'),
    ).resolves.toBe('true');
    await screenshot(page, 'public-mobile-menu-390');
    await expectNoAxeViolations(page);
    for (const name of ['Dealer Benefits', 'Sell Your Tractor', 'Contact']) {
      await expect(menu.getByRole('link', { name }).isVisible()).resolves.toBe(true);
    }
    await expect(menu.getByRole('button', { name: 'Sign In' }).isVisible()).resolves.toBe(true);

    await menu.getByRole('link', { name: 'Dealer Benefits' }).click();
    await page.getByRole('heading', { name: 'Why Trade on FieldLot?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dealer-benefits');
    await menu.waitFor({ state: 'detached' });

    // Keyboard: open with Enter, close with Escape, focus back on the menu button.
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Open menu',
    );
    expect(b.errors).toEqual([]);
  });

  it('Sign In opens the sign-in dialog; an approved dealer gets the dealer menu and signs out from it', async () => {
    const { page } = b;
    b.errors.length = 0;
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await page.locator('#mobile-menu').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await signInViaApi(page, DEMO_DEALER.email, DEMO_DEALER.password);
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    for (const name of ['Browse Listings', 'My Account', 'My Offers', 'Purchased Inventory']) {
      await menu.getByRole('link', { name }).waitFor();
    }
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    // The toast UI is loaded lazily; the sign-out toast must still show.
    await page.getByText('Successfully signed out').waitFor();
    await page.getByRole('heading', { name: 'North American marketplace for tractor dealers' }).waitFor();
    expect(b.errors).toEqual([]);
  });

  it('serves the logo files for download', async () => {
    for (const [file, type] of [
      ['/fieldlot-logo.svg', 'image/svg+xml'],
      ['/fieldlot-logo.png', 'image/png'],
      ['/fieldlot-logo-dark.svg', 'image/svg+xml'],
      ['/fieldlot-logo-dark.png', 'image/png'],
    ]) {
      const res = await fetch(new URL(file, baseUrl()));
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toContain(type);
      expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(500);
    }
  });
});
