import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tractorCountText } from '../domain/listing-search';
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
import { DEMO_DEALER, signInViaApi, signOutViaApi } from './support/session';

/**
 * A tap counts from the first paint (docs/product/public-site.md#taps-before-the-page-is-ready, decision 0053):
 * on a page that arrives rendered, a tap on a button before the app's script has run is held and happens once the
 * page is hydrated. Each test holds the app's main script back (as a slow network in a yard would), taps, proves
 * nothing has run yet, then lets the script load and waits for the tap's effect.
 */

declare global {
  interface Window {
    __fieldlotEarlyTaps?: unknown[];
    __fieldlotHydrated?: boolean;
  }
}

/**
 * The app's entry script as the page's HTML names it: a module script, or on a page rendered for the request the
 * one started after the first paint (decision 0058).
 */
async function mainScript(url: string): Promise<string> {
  const html = await (await fetch(`${baseUrl()}${url}`)).text();
  const src =
    /<script (?:type="module" crossorigin src|type="text\/plain" data-after-paint data-src)="([^"]+)"><\/script>/.exec(
      html,
    )?.[1];
  expect(src).toBeTruthy();
  return src as string;
}

/** Opens `url` with its main script held back; resolves the returned function to let it load. */
async function openWithScriptHeld(page: Page, url: string): Promise<() => Promise<void>> {
  const script = await mainScript(url);
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const pattern = `**${script}`;
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  return async () => {
    release();
    await page.waitForFunction(() => window.__fieldlotHydrated === true);
    await page.unroute(pattern);
  };
}

/** The demo dealer, signed in on a phone, on a page that has written the reader's time zone (decision 0061). */
async function signInAsPhoneDealer(page: Page) {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await signInViaApi(page, DEMO_DEALER.email, DEMO_DEALER.password);
  // Signed in, the page writes the reader's time zone once idle: the server renders with it from then on.
  await page.goto('/');
  await page.waitForFunction(() => document.cookie.includes('fieldlot_tz='));
}

const hydrated = (page: Page) => page.evaluate(() => window.__fieldlotHydrated === true);
const heldTaps = (page: Page) => page.evaluate(() => window.__fieldlotEarlyTaps?.length ?? 0);

interface PublicCard {
  id: string;
  make: string;
  model: string;
  image: unknown;
}

describe.skipIf(!hasBrowser())('taps before the page is ready', () => {
  let b: Browser;

  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('"Sign In" tapped on the landing page before its script ran opens the sign-in dialog', async () => {
    const { page } = b;
    b.errors.length = 0;
    await page.setViewportSize(DESK);
    const letScriptLoad = await openWithScriptHeld(page, '/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
    // Nothing has run: the tap is held, no dialog yet.
    expect(await hydrated(page)).toBe(false);
    expect(await heldTaps(page)).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await letScriptLoad();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Email').isVisible()).toBe(true);
    expect(await heldTaps(page)).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'early-tap-sign-in-1280');
    // The inline script is allowed by its hash: no Content-Security-Policy report, no error.
    expect(b.errors).toEqual([]);
  });

  it('the menu button tapped on a phone before the script ran opens the menu', async () => {
    const { page } = b;
    b.errors.length = 0;
    await page.setViewportSize(PHONE);
    const letScriptLoad = await openWithScriptHeld(page, '/dealer-benefits');
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await hydrated(page)).toBe(false);
    expect(await heldTaps(page)).toBe(1);
    await letScriptLoad();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    await menu.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    await screenshot(page, 'early-tap-menu-390');
    expect(b.errors).toEqual([]);
  });

  it('a photo chosen on a tractor page rendered by the server before its script ran is shown', async () => {
    const { page } = b;
    b.errors.length = 0;
    await page.setViewportSize(PHONE);
    const cards = (
      (await (await fetch(`${baseUrl()}/api/listings/public`)).json()) as { items: PublicCard[] }
    ).items;
    const tractor = cards.find((c) => c.image) as PublicCard;
    const letScriptLoad = await openWithScriptHeld(page, `/tractor/${tractor.id}`);
    const thumbnails = page.getByRole('list', { name: 'Thumbnails' }).getByRole('button');
    expect(await thumbnails.count()).toBeGreaterThan(1);
    await thumbnails.nth(1).click();
    expect(await hydrated(page)).toBe(false);
    expect(await heldTaps(page)).toBe(1);
    // Held: the first photo is still the current one.
    expect(await thumbnails.nth(1).getAttribute('aria-current')).toBeNull();
    await letScriptLoad();
    // The visitor's sign-in prompt opens after hydration; the photo chosen before it is the current one.
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => thumbnails.nth(1).getAttribute('aria-current')).toBe('true');
    expect(b.errors).toEqual([]);
  });

  it('a search typed on a dealer’s inventory before its script ran counts once the page is ready', async () => {
    const { page } = b;
    b.errors.length = 0;
    await signInAsPhoneDealer(page);
    try {
      const letScriptLoad = await openWithScriptHeld(page, '/');
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.fill('Kubota');
      expect(await hydrated(page)).toBe(false);
      await letScriptLoad();
      // The inventory is a part of its own, taken over just after the page's frame: once the app holds the box,
      // it has the text the dealer typed, and Enter searches for it.
      await expect
        .poll(() => search.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$'))), {
          timeout: 15_000,
        })
        .toBe(true);
      await expect.poll(() => search.inputValue()).toBe('Kubota');
      await search.press('Enter');
      await page.waitForURL(/[?&]q=Kubota/);
      expect(b.errors).toEqual([]);
    } finally {
      await signOutViaApi(page);
    }
  });

  it('Enter in a dealer’s inventory search before its script ran searches at once, through the server', async () => {
    const { page } = b;
    let release: (() => Promise<void>) | undefined;
    b.errors.length = 0;
    await signInAsPhoneDealer(page);
    try {
      const letScriptLoad = await openWithScriptHeld(page, '/?sort=price_desc');
      release = letScriptLoad;
      const search = page.getByRole('search').getByRole('searchbox', { name: 'Search' });
      await search.fill('Kubota');
      await search.press('Enter');
      // The browser submits the search form itself: the server renders the inventory for the search, keeping
      // the sort, while the script is still held (so the new page has not finished loading either).
      await page.waitForURL(
        (url) => url.searchParams.get('q') === 'Kubota' && url.searchParams.get('sort') === 'price_desc',
        { waitUntil: 'commit' },
      );
      await expect.poll(() => search.inputValue()).toBe('Kubota');
      expect(await hydrated(page)).toBe(false);
      await letScriptLoad();
      release = undefined;
      const count = async (qs: string) => {
        const body = await (await page.request.get(`/api/listings?${qs}`)).json();
        return `Available Inventory (${tractorCountText(body.total, body.totalCapped)})`;
      };
      const found = await count('sort=price_desc&q=Kubota');
      expect(found).not.toBe(await count('sort=price_desc'));
      await expect
        .poll(() => page.getByRole('heading', { name: /^Available Inventory/ }).textContent())
        .toBe(found);
      expect(b.errors).toEqual([]);
    } finally {
      await release?.();
      await signOutViaApi(page);
    }
  });

  it('once the page is hydrated, taps go straight to the app and nothing is held', async () => {
    const { page } = b;
    await page.setViewportSize(DESK);
    await page.goto('/');
    await page.waitForFunction(() => window.__fieldlotHydrated === true);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    expect(await heldTaps(page)).toBe(0);
  });
});
