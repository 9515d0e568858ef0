import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tractorCountText } from '../domain/listing-search';
import { type Browser, baseUrl, hasBrowser, openBrowser, PHONE } from './support/browser';
import { apiPost, DEMO_DEALER, DEMO_DEALER2, signInViaApi, signOutViaApi } from './support/session';

/**
 * A search typed before the inventory is ready is never lost (docs/product/listings.md#search-before-the-page-is-ready,
 * decision 0079). The race between the page's script, its data and the dealer's thumb is run on purpose, on a phone
 * whose CPU is slowed four times, with the keystrokes at each moment in turn: all before the script arrives, half
 * before and half as it is let through, while it loads and hydrates, and once the page says it is hydrated but the
 * inventory's own part may not be yet. Every run ends with "Kubota" in the box and the inventory searched for it,
 * once, without Enter.
 */

declare global {
  interface Window {
    __fieldlotHydrated?: boolean;
  }
}

const RUNS = Number(process.env.SEARCH_RACE_RUNS ?? 20);
const MOMENTS = ['before the script', 'as the script arrives', 'while it hydrates', 'once hydrated'] as const;
type Moment = (typeof MOMENTS)[number];

/** The app's entry script as the signed-in inventory's HTML names it (started after the first paint, 0058). */
async function mainScript(page: Page): Promise<string> {
  const html = await (await page.request.get(`${baseUrl()}/`)).text();
  const src =
    /<script (?:type="module" crossorigin src|type="text\/plain" data-after-paint data-src)="([^"]+)"><\/script>/.exec(
      html,
    )?.[1];
  expect(src).toBeTruthy();
  return src as string;
}

/**
 * Opens a screen with its main script held back; the returned function lets it load (without waiting). A busy
 * server may send the plain shell instead of the rendered screen (a render not done in 2 s, decision 0058): there
 * is then nothing to type into before the script, so the screen is asked for again.
 */
async function openWithScriptHeld(page: Page, script: string, url = '/'): Promise<() => void> {
  for (let attempt = 1; ; attempt++) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${script}`, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.getElementById('root') !== null);
    if (await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-prerendered')))
      return release;
    release();
    await page.unroute(`**${script}`);
    if (attempt === 5) throw new Error(`${url} came unrendered 5 times`);
  }
}

/** Types the way a thumb does, a key at a time, at the run's moment. */
async function typeAt(page: Page, moment: Moment, release: () => void) {
  const search = page.getByRole('search').getByRole('searchbox', { name: 'Search' });
  await search.waitFor();
  if (moment === 'before the script') {
    await search.pressSequentially('Kubota');
    expect(await page.evaluate(() => window.__fieldlotHydrated === true)).toBe(false);
    release();
  } else if (moment === 'as the script arrives') {
    await search.pressSequentially('Kub');
    release();
    await search.pressSequentially('ota');
  } else if (moment === 'while it hydrates') {
    release();
    await search.pressSequentially('Kubota', { delay: 40 });
  } else {
    release();
    await page.waitForFunction(() => window.__fieldlotHydrated === true);
    await search.pressSequentially('Kubota');
  }
}

describe.skipIf(!hasBrowser())('a search typed before the inventory is ready', () => {
  let b: Browser;
  let cdp: CDPSession;
  let script: string;

  beforeAll(async () => {
    b = await openBrowser(PHONE);
    await b.page.goto('/');
    await signInViaApi(b.page, DEMO_DEALER.email, DEMO_DEALER.password);
    // Signed in, the page writes the reader's time zone once idle: the server renders the inventory from then on.
    await b.page.goto('/');
    await b.page.waitForFunction(() => document.cookie.includes('fieldlot_tz='));
    script = await mainScript(b.page);
    cdp = await b.context.newCDPSession(b.page);
  });
  afterAll(async () => {
    await cdp?.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
    if (b) await signOutViaApi(b.page).catch(() => undefined);
    await b?.close();
  });

  it(`keeps what was typed and searches for it once, ${RUNS} of ${RUNS} times on a slowed phone`, async () => {
    const { page } = b;
    const outcomes: string[] = [];
    const answer = await (await page.request.get('/api/listings?q=Kubota')).json();
    const found = `Available Inventory (${tractorCountText(answer.total, answer.totalCapped)})`;
    const searched: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/listings') searched.push(`${r.method()} ${url.pathname}${url.search}`);
    });
    for (let run = 0; run < RUNS; run++) {
      const moment = MOMENTS[run % MOMENTS.length];
      b.errors.length = 0;
      searched.length = 0;
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const release = await openWithScriptHeld(page, script);
      await typeAt(page, moment, release);
      // Nothing more is pressed: the page searches for what the box holds once it is ready.
      const searchedFor = await page
        .waitForURL((url) => url.searchParams.get('q') === 'Kubota', { timeout: 20_000 })
        .then(() => true)
        .catch(() => false);
      const search = page.getByRole('search').getByRole('searchbox', { name: 'Search' });
      const box = await search.inputValue().catch(() => '(no box)');
      await page.unroute(`**${script}`);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      // The search's own answer is on screen, asked for once.
      const heading = page.getByRole('heading', { name: /^Available Inventory/ });
      if (searchedFor) await expect.poll(() => heading.textContent(), { timeout: 20_000 }).toBe(found);
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      // Never twice. Zero seen while the heading shows the search's own answer is a request the browser's event
      // reached us too late for (seen once on a loaded machine), not a search that did not run.
      const kubotaSearches = searched.filter((r) => r.startsWith('GET /api/listings?q=Kubota')).length;
      const ok = searchedFor && box === 'Kubota' && kubotaSearches <= 1 && b.errors.length === 0;
      outcomes.push(
        `${run + 1} (${moment}): ${ok ? 'kept' : `LOST: box "${box}", address ${page.url()}, searched ${kubotaSearches} times, errors ${b.errors.join(' | ')}`}`,
      );
    }
    console.log(outcomes.join('\n'));
    expect(outcomes.filter((o) => !o.endsWith(': kept'))).toEqual([]);
  }, 600_000);

  it('a brand and a sort chosen before the script ran are applied once the page is ready', async () => {
    const { page } = b;
    b.errors.length = 0;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      const release = await openWithScriptHeld(page, script);
      await page.getByLabel('Brand').selectOption('Kubota');
      await page.getByLabel('Sort by').selectOption('price_desc');
      expect(await page.evaluate(() => window.__fieldlotHydrated === true)).toBe(false);
      release();
      await page.waitForURL(
        (url) => url.searchParams.get('brand') === 'Kubota' && url.searchParams.get('sort') === 'price_desc',
        { timeout: 20_000 },
      );
      await expect.poll(() => page.getByLabel('Brand').inputValue()).toBe('Kubota');
      await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('price_desc');
      expect(b.errors).toEqual([]);
    } finally {
      await page.unroute(`**${script}`);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
  });

  it('"Counter amount" typed on My Listings before the script ran offers "Counter at $…" once ready', async () => {
    const { page } = b;
    b.errors.length = 0;
    // An offer of another dealer's on one of this dealer's tractors, so the screen has a "Counter amount" field.
    const mine = (await (await page.request.get('/api/my-listings')).json()) as {
      items: { id: string; stage: string; priceCents: number; floorPriceCents: number | null }[];
    };
    // At or above the floor price, or the seller would never see the offer (docs/product/dealer-selling.md#floor-price).
    const offerOn = (l: (typeof mine.items)[number]) =>
      Math.max(Math.ceil((l.floorPriceCents ?? 0) / 100), Math.round(l.priceCents / 100 / 1.2));
    const active = mine.items.find((l) => l.stage === 'live' && offerOn(l) < l.priceCents / 100 - 1000);
    expect(active, 'the demo dealer has a live tractor').toBeTruthy();
    const price = (active?.priceCents ?? 0) / 100;
    const offer = offerOn(active as (typeof mine.items)[number]);
    const counter = Math.round((offer + price) / 2);
    const counterText = `Counter at $${counter.toLocaleString('en-US')}`;
    const buyer = await openBrowser(PHONE);
    await buyer.page.goto('/');
    await signInViaApi(buyer.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
    const made = await apiPost(buyer.page, '/api/offers', {
      listingId: active?.id,
      offerType: 'offer',
      amount: String(offer),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      const release = await openWithScriptHeld(page, script, '/my-listings');
      const card = page.getByTestId('seller-offer').filter({ hasText: `$${offer.toLocaleString('en-US')}` });
      const field = card.getByLabel('Counter amount');
      await field.pressSequentially(String(counter));
      expect(await page.evaluate(() => window.__fieldlotHydrated === true)).toBe(false);
      release();
      await card.getByRole('button', { name: counterText }).waitFor({ timeout: 20_000 });
      expect(await field.inputValue()).toBe(String(counter));
      expect(b.errors).toEqual([]);
    } finally {
      await page.unroute(`**${script}`);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      // Nothing is left open for the journeys after this one.
      await apiPost(buyer.page, `/api/offers/${made.offer.id}/withdraw`).catch(() => undefined);
      await buyer.close();
    }
  });
});
