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
import { apiPost, apiWrite, DEMO_DEALER, DEMO_DEALER2, signInViaApi } from './support/session';

/**
 * A dealer's screens on a phone (decision 0058): the server renders inventory, My Offers, My Listings, Purchased
 * Inventory, a tractor page and a market page with the dealer's own session, and the browser takes the page over
 * in place, in a time zone other than the server's.
 */
const ZONE = 'America/Chicago';

/** Each screen, and a text its first view shows without any script. */
function screens(tractor: { id: string; title: string }, market: { make: string; family: string }) {
  return [
    { path: '/', text: 'Available Inventory' },
    { path: '/my-offers', text: 'My Offers' },
    { path: '/my-listings', text: 'Your tractors' },
    { path: '/purchased-inventory', text: 'Purchased Inventory' },
    { path: `/tractor/${tractor.id}`, text: tractor.title },
    {
      path: `/market/${encodeURIComponent(market.make)}/${encodeURIComponent(market.family)}`,
      text: 'Sales per month',
    },
  ];
}

/** The cookies a dealer's browser holds once signed in, as one Cookie header. */
async function signedInCookie(b: Browser, who: { email: string; password: string }): Promise<string> {
  await b.context.clearCookies();
  await b.page.goto('/');
  await signInViaApi(b.page, who.email, who.password);
  await b.page.goto('/');
  // The page writes the reader's time zone once it is hydrated and idle (decision 0061).
  await b.page.waitForFunction(() => document.cookie.includes('fieldlot_tz='));
  return (await b.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}

/** The signed-in user's e-mail in the data the page was rendered from. */
function sessionEmail(html: string): string | undefined {
  const json = html.match(
    /<script type="application\/json" id="fieldlot-page-data"[^>]*>(.*?)<\/script>/s,
  )?.[1];
  const data = JSON.parse(json ?? '[]') as Array<[unknown[], { user?: { email: string } }]>;
  return data.find(([key]) => key[0] === 'session')?.[1].user?.email;
}

const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root"'), html.indexOf('id="fieldlot-page-data"'));

describe.skipIf(!hasBrowser())('a dealer’s screens rendered by the server', () => {
  let b: Browser;
  let list: ReturnType<typeof screens>;
  let cookie: string;

  beforeAll(async () => {
    const page = (await (await fetch(`${baseUrl()}/api/listings/public`)).json()) as {
      items: Array<{ id: string; make: string; model: string }>;
    };
    const first = page.items[0];
    b = await openBrowser(PHONE, { timezoneId: ZONE });
    cookie = await signedInCookie(b, DEMO_DEALER);
    const market = (await (await fetch(`${baseUrl()}/api/market`, { headers: { cookie } })).json()) as {
      families: Array<{ make: string; family: string }>;
    };
    list = screens({ id: first.id, title: `${first.make} ${first.model}` }, market.families[0]);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('each screen arrives as HTML with the data it was rendered from, never kept by a cache', async () => {
    expect(cookie).toContain(`fieldlot_tz=${encodeURIComponent(ZONE)}`);
    for (const { path, text } of list) {
      const res = await fetch(`${baseUrl()}${path}`, { headers: { cookie } });
      const html = await res.text();
      expect(html, path).toContain('<div id="root" data-prerendered>');
      expect(rootOf(html), path).toContain(text);
      expect(sessionEmail(html), path).toBe(DEMO_DEALER.email);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      // Nothing the browser would fetch again before painting: the session and the data are in the page.
      expect(html, path).not.toContain('rel="preload" as="fetch"');
      // No script loads before the page has painted: the entry and its preloads start after the first paint.
      expect(html, path).not.toMatch(/<script type="module"|rel="modulepreload"/);
      expect(html, path).toMatch(
        /<script type="text\/plain" data-after-paint data-src="\/assets\/index-[^"]+\.js">/,
      );
    }
  });

  it('another dealer’s page holds that dealer’s session, never the first one’s', async () => {
    const other = await signedInCookie(b, DEMO_DEALER2);
    for (const path of ['/', '/my-offers', '/my-listings']) {
      const html = await (await fetch(`${baseUrl()}${path}`, { headers: { cookie: other } })).text();
      expect(sessionEmail(html), path).toBe(DEMO_DEALER2.email);
    }
    cookie = await signedInCookie(b, DEMO_DEALER);
  });

  it('without the time zone its dates would be read in, the page renders in the browser', async () => {
    const noZone = cookie
      .split('; ')
      .filter((c) => !c.startsWith('fieldlot_tz='))
      .join('; ');
    const html = await (await fetch(`${baseUrl()}/my-offers`, { headers: { cookie: noZone } })).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('rel="preload" as="fetch"');
  });

  it('the browser takes each screen over in place, without an error, and it passes axe', async () => {
    const { page } = b;
    // The element the server sent, noted as the parser inserts it, before any script runs.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const first = document.getElementById('root')?.firstElementChild;
        if (!first) return;
        (window as unknown as { serverRendered: Element }).serverRendered = first;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    for (const { path, text } of list) {
      b.errors.length = 0;
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.getByRole('main').getByText(text).first().waitFor();
      const kept = await page.evaluate(
        () =>
          document.getElementById('root')?.firstElementChild ===
          (window as unknown as { serverRendered?: Element }).serverRendered,
      );
      expect(kept, `${path}: the server's markup was replaced`).toBe(true);
      expect(b.errors, path).toEqual([]);
      await expectNoAxeViolations(page);
    }
    await page.goto('/my-offers');
    await screenshot(page, 'my-offers-rendered-390');
  });

  it('an offer’s time left hydrates as the server wrote it, then follows the phone’s own clock', async () => {
    const { page } = b;
    // An open offer of the dealer's, expiring in 48 hours (withdrawn at the end).
    const { items } = (await (await fetch(`${baseUrl()}/api/listings/public`)).json()) as {
      items: Array<{ id: string }>;
    };
    let offerId: string | undefined;
    // The first tractor the dealer has no open offer on yet.
    for (const { id } of items) {
      const res = await apiWrite(page, 'POST', '/api/offers', {
        listingId: id,
        offerType: 'offer',
        amount: '5000',
      });
      offerId = res.ok() ? ((await res.json()) as { offer: { id: string } }).offer.id : undefined;
      if (offerId) break;
    }
    expect(offerId).toBeTruthy();
    try {
      // The phone's clock runs 31 minutes ahead of the server's: the server writes "expires in 48 h" and the
      // phone, hydrating it, would write "expires in 47 h". React would throw that part away and render it again.
      await page.clock.setFixedTime(Date.now() + 31 * 60_000);
      b.errors.length = 0;
      const html = await (await fetch(`${baseUrl()}/my-offers`, { headers: { cookie } })).text();
      expect(rootOf(html)).toContain('expires in 48 h');
      expect(html).toMatch(
        /id="fieldlot-page-data" data-fresh data-rendered-at="\d+" data-zone-offset="-?\d+">/,
      );
      await page.goto('/my-offers');
      await page.getByText('expires in 47 h').first().waitFor();
      expect(b.errors).toEqual([]);
    } finally {
      await apiPost(page, `/api/offers/${offerId}/withdraw`, {});
    }
  });
});
