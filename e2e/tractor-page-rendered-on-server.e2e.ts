import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  baseUrl,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
} from './support/browser';
import { DEMO_DEALER, signInViaApi } from './support/session';

/**
 * The tractor page on a phone (decision 0024): a visitor's tractor page arrives rendered by the server,
 * the browser takes it over without re-rendering it (no hydration error), and the sign-in prompt still opens.
 */
interface PublicCard {
  id: string;
  make: string;
  model: string;
  image: unknown;
}

describe.skipIf(!hasBrowser())('a tractor page rendered by the server', () => {
  let b: Browser;
  let tractor: PublicCard;

  beforeAll(async () => {
    const res = await fetch(`${baseUrl()}/api/listings/public`);
    const page = (await res.json()) as { items: PublicCard[] };
    tractor = page.items.find((i) => i.image) as PublicCard;
    expect(tractor).toBeTruthy();
    b = await openBrowser(PHONE);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('a visitor gets the page as HTML, with the data it was rendered from and its photo preloaded', async () => {
    const html = await (await fetch(`${baseUrl()}/tractor/${tractor.id}`)).text();
    expect(html).toContain('<div id="root" data-prerendered>');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${tractor.make} ${tractor.model}</h1>`));
    // Its title names the tractor, in the head where the browser's tab reads it (2.4.2), and nowhere else.
    const [head, body] = html.split('</head>');
    expect(head).toMatch(new RegExp(`<title>[^<]*${tractor.make} ${tractor.model} \\| FieldLot</title>`));
    expect(body).not.toContain('<title>');
    // Its data, and the moment its clock-dependent text was written at (decision 0060).
    expect(html).toMatch(/<script type="application\/json" id="fieldlot-page-data" data-rendered-at="\d+">/);
    expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high"/);
    // Nothing the browser would fetch again: the page's data is in it.
    expect(html).not.toContain('rel="preload" as="fetch"');
  });

  it('a signed-in dealer gets the page rendered with their own session, never a visitor’s', async () => {
    const { page } = b;
    await page.goto('/');
    await signInViaApi(page, DEMO_DEALER.email, DEMO_DEALER.password);
    await page.goto('/');
    const cookie = (await b.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await fetch(`${baseUrl()}/tractor/${tractor.id}`, { headers: { cookie } });
    const html = await res.text();
    expect(html).toContain('<div id="root" data-prerendered>');
    expect(html).toContain(DEMO_DEALER.email);
    expect(html).not.toContain('Dealer Login Required');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    await b.context.clearCookies();
  });

  it('the browser takes the page over without an error, then asks the visitor to sign in', async () => {
    const { page } = b;
    b.errors.length = 0;
    await page.goto(`/tractor/${tractor.id}`);
    const heading = (includeHidden: boolean) =>
      page.getByRole('heading', { level: 1, name: `${tractor.make} ${tractor.model}`, includeHidden });
    // The sign-in dialog may already be open (it hides the page from assistive technology), so count it hidden.
    await expect.poll(() => heading(true).count()).toBe(1);
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'tractor-visitor-390');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Closed, the dialog hands the page back: the tractor's heading is there, once, for everyone.
    await expect.poll(() => heading(false).count()).toBe(1);
    // The page is live: its links route in the browser.
    await page.getByRole('link', { name: 'Back to Listings' }).click();
    await page.waitForURL('**/browse-listings');
    expect(b.errors).toEqual([]);
  });

  it('the sign-in dialog still validates (its rules load on first use)', async () => {
    const { page } = b;
    await page.goto(`/tractor/${tractor.id}`);
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => dialog.getByText(/email is required|valid email/i).count()).toBeGreaterThan(0);
    await dialog.getByLabel('Email').fill(DEMO_DEALER.email);
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_DEALER.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Signed in on the page it was rendered for: the dealer's view replaces the visitor's.
    await expect.poll(() => page.getByText('Dealer Login Required').count()).toBe(0);
    expect(b.errors).toEqual([]);
  });
});
