import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { advanceServerClock, serverClockOffsetMs } from './support/clock';
import { E2E_ADMIN } from './support/global-setup';
import { apiPost, csrf, DEMO_DEALER, DEMO_DEALER2, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

/**
 * docs/product/timed-sale.md#the-clock: a dealer whose device clock is 5 minutes wrong (ahead at 1280 px, behind
 * at 390 px) still sees the time left on the server's clock, within a second, and cannot bid once the lot closed;
 * a bid sent just before the close that reaches the server after it is refused with "This lot closed at 10:14:00"
 * (the lot's close in the dealer's time zone, on a 24-hour clock), shown to the dealer.
 */
const shot = journeyShots('timed-sale-clock');
const MIN = 60_000;
const WRONG_BY_MS = 5 * MIN;

/** Shifts the page's Date (now, new Date()) by `ms` before any of its scripts run: a device clock set wrong. */
async function wrongClock(page: Page, ms: number) {
  await page.addInitScript((shift: number) => {
    const RealDate = Date;
    class ShiftedDate extends RealDate {
      constructor(...args: ConstructorParameters<DateConstructor> | []) {
        if (args.length === 0) super(RealDate.now() + shift);
        else super(...(args as ConstructorParameters<DateConstructor>));
      }
      static override now() {
        return RealDate.now() + shift;
      }
    }
    globalThis.Date = ShiftedDate as DateConstructor;
  }, ms);
}

/** "2:05 left" as milliseconds (whole seconds, rounded down as the page shows them). */
function leftMs(text: string): number {
  const m = /^(?:(\d+):)?(\d+):(\d\d) left$/.exec(text.trim());
  if (!m) throw new Error(`not a time left: "${text}"`);
  return ((Number(m[1] ?? 0) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000;
}

/** The close as the refusal writes it: 24-hour "10:14:00" in the given time zone. */
function closeClock(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));
}

describe.runIf(hasBrowser())('the Timed Sale on a wrong clock', () => {
  let admin: Browser;
  let seller: Browser;
  let ahead: Browser;
  let behind: Browser;
  const run = Date.now().toString(36);
  const model = `TS-Clock ${run}`;
  let saleId = '';
  let lotId = '';
  let closesAt = 0;

  beforeAll(async () => {
    admin = await openBrowser(DESK);
    seller = await openBrowser(PHONE);
    // A dealer in Denver: the refusal names the close in the dealer's own zone, as the page does.
    ahead = await openBrowser(DESK, { timezoneId: 'America/Denver' });
    behind = await openBrowser(PHONE);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await signInViaApi(seller.page, DEMO_DEALER.email, DEMO_DEALER.password);
    await signInViaApi(ahead.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
    await signInViaApi(behind.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
    const { id: listingId } = await apiPost(seller.page, '/api/listings', {
      ...E2E_YARD,
      make: 'Kubota',
      model,
      year: 2020,
      hours: 1800,
      priceCents: 40_000_00,
      floorPriceCents: 1_000_00,
      location: 'Ames, IA',
      condition: 'Good',
    });
    await apiPost(seller.page, `/api/my-listings/${listingId}/submit`);
    await apiPost(admin.page, `/api/admin/listings/${listingId}/approve`, { asIsReason: 'Clock journey' });
    // The sale's times on the server's clock, which earlier journeys may have moved ahead of the machine's.
    const now = Date.now() + serverClockOffsetMs();
    const sale = await apiPost(admin.page, '/api/sales', {
      name: `Clock Sale ${run}`,
      startsAt: new Date(now + MIN).toISOString(),
      firstCloseAt: new Date(now + 2 * MIN + 20_000).toISOString(),
      intervalSeconds: 30,
    });
    saleId = sale.id;
    const lot = await apiPost(seller.page, `/api/sales/${saleId}/lots`, { listingId });
    lotId = lot.id;
    closesAt = new Date(lot.closesAt).getTime();
    // The sale starts: about 80 s of bidding left on the server's clock.
    advanceServerClock(MIN + 2000);
    // Set after the server's clock moved: 5 minutes off the server's time, whatever the machine's says.
    await wrongClock(ahead.page, serverClockOffsetMs() + WRONG_BY_MS);
    await wrongClock(behind.page, serverClockOffsetMs() - WRONG_BY_MS);
  }, 180_000);
  afterAll(async () => {
    for (const b of [admin, seller, ahead, behind]) await b?.close();
  });

  const lotOf = (page: Page) => page.getByTestId('lot').filter({ hasText: model });
  /** The server's time left for the lot, read from its API (its `serverNow`), at the moment of reading. */
  async function serverLeftMs(): Promise<number> {
    const list = await (await admin.page.request.get(`${baseUrl()}/api/sales/${saleId}`)).json();
    return closesAt - new Date(list.serverNow).getTime();
  }

  it('shows the time left on the server clock, within a second, 5 minutes ahead (1280 px) and behind (390 px)', {
    timeout: 120_000,
  }, async () => {
    for (const [page, shift, name] of [
      [ahead.page, WRONG_BY_MS, 'ahead-1280'],
      [behind.page, -WRONG_BY_MS, 'behind-390'],
    ] as const) {
      await page.goto(`/sales/${saleId}`);
      await lotOf(page).getByRole('button', { name: 'Bid $100' }).waitFor();
      // The device clock is wrong indeed: the page's Date reads 5 minutes off the server's.
      const pageNow = await page.evaluate(() => Date.now());
      const serverNow = Date.now() + serverClockOffsetMs();
      expect(Math.abs(pageNow - serverNow - shift)).toBeLessThan(2000);
      // Sampled a few times: the shown whole seconds against the server's exact time left (read just after,
      // so the shown value lies within [server - 1 s - the read's time, server + 1 s]).
      for (let i = 0; i < 3; i++) {
        const shown = leftMs((await lotOf(page).getByTestId('time-left').textContent()) ?? '');
        const server = await serverLeftMs();
        expect(Math.abs(shown - server), `shown ${shown} ms, server ${server} ms`).toBeLessThanOrEqual(1500);
        expect(shown).toBeGreaterThan(server - 1500);
        await page.waitForTimeout(700);
      }
      await shot(page, `time-left-${name}`);
    }
  });

  it('cannot bid after the close; a bid reaching the server late is refused with "This lot closed at hh:mm:ss"', {
    timeout: 180_000,
  }, async () => {
    const page = ahead.page;
    // The bid is confirmed a few seconds before the close, and the network holds it until after the close.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/sales/lots/*/bids', async (route) => {
      await held;
      await route.continue();
    });
    const wait = (await serverLeftMs()) - 6000;
    if (wait > 0) await page.waitForTimeout(wait);
    await lotOf(page).getByRole('button', { name: 'Bid $100' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByText('Buyer fee', { exact: false }).first().waitFor();
    await dialog.getByRole('button', { name: 'Bid $100' }).click();
    // The lot closes on the server's clock: the page says so and offers no bid.
    await expect
      .poll(async () => lotOf(page).getByTestId('time-left').textContent(), { timeout: 30_000 })
      .toMatch(/^Closed/);
    expect(
      await lotOf(page)
        .getByRole('button', { name: /^Bid \$/ })
        .count(),
    ).toBe(0);
    expect(await lotOf(page).getByRole('button', { name: 'Set a maximum bid' }).count()).toBe(0);
    await page.waitForTimeout(1000);
    expect(await serverLeftMs()).toBeLessThan(0);
    release();
    const expected = `This lot closed at ${closeClock(closesAt, 'America/Denver')}`;
    await toast(page, expected).waitFor({ timeout: 15_000 });
    await shot(page, 'refused-after-close-1280');
    await page.unroute('**/api/sales/lots/*/bids');

    // The same on the phone: straight to the API after the close, the exact words; the page offers no bid.
    const phone = behind.page;
    const late = await phone.request.fetch(`${baseUrl()}/api/sales/lots/${lotId}/bids`, {
      method: 'POST',
      data: { kind: 'bid', amount: 200 },
      headers: {
        'x-csrf-token': await csrf(phone),
        origin: baseUrl(),
        'idempotency-key': `clock-late-${run}`,
      },
    });
    expect(late.status()).toBe(409);
    const phoneZone = await phone.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect((await late.json()).error.message).toBe(`This lot closed at ${closeClock(closesAt, phoneZone)}`);
    expect((await late.json()).error.message).toMatch(/^This lot closed at \d\d:\d\d:\d\d$/);
    await phone.goto(`/sales/${saleId}`);
    await lotOf(phone).getByTestId('time-left').waitFor();
    expect(
      await lotOf(phone)
        .getByRole('button', { name: /^Bid \$/ })
        .count(),
    ).toBe(0);
    expect(await lotOf(phone).getByRole('button', { name: 'Set a maximum bid' }).count()).toBe(0);
    await shot(phone, 'closed-390');
  });
});
