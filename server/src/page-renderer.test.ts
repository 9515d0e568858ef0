import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeZoneCookieName } from '../../domain/session-cookies.js';
import { type App, buildApp } from './app.js';
import { testConfig } from './config.js';
import { insertListing } from './test/fixtures/offers.js';
import { createUser, openTestDatabase, TestClient, type TestUser } from './test/test-app.js';

/**
 * Dealers' screens rendered on the server side by side (decision 0090): each render has its own query client and
 * scope, so pages rendered at once each hold their own dealer's data, session, zone and moment, never another's.
 * The renderer runs the web app's own server entry (web/src/prerender.tsx) from source, as the server build would.
 */
const SCREENS = ['/my-offers', '/my-listings', '/my-offers', '/'];

describe('signed-in pages rendered at once', () => {
  let tmp: string;
  let app: App;
  let drop: () => Promise<void>;
  const dealers: Array<{ user: TestUser; model: string; offer: string; zone: string; cookie: string }> = [];

  beforeAll(async () => {
    // A stand-in for the build: the shell, and a server entry that is the web app's source.
    tmp = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-render-'));
    const webDist = path.join(tmp, 'web/dist');
    mkdirSync(webDist, { recursive: true });
    mkdirSync(path.join(tmp, 'web/dist-ssr'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>FieldLot</title></head><body><div id="root"></div></body></html>',
    );
    const entry = path.resolve(import.meta.dirname, '../../web/src/prerender.tsx');
    writeFileSync(path.join(tmp, 'web/dist-ssr/prerender.js'), `export * from ${JSON.stringify(entry)};`);
    const db = await openTestDatabase();
    drop = db.drop;
    app = await buildApp({
      config: testConfig({ publicUrl: 'http://localhost:3000', logLevel: 'error' }),
      database: db.database,
      webDist,
      // Every page is rendered, however busy the machine: a shell instead would prove nothing here.
      pageRenderWaitMs: 60_000,
    });
    await app.ready();
    // Two dealers with a tractor each, each offering on the other's, reading their dates in zones hours apart.
    const two = [
      {
        name: 'Ada Alpha',
        company: 'Alpha Tractors',
        model: 'Alpha-7250',
        offer: '41,234',
        zone: 'America/Chicago',
      },
      {
        name: 'Bo Bravo',
        company: 'Bravo Implements',
        model: 'Bravo-9360',
        offer: '37,777',
        zone: 'Pacific/Honolulu',
      },
    ];
    const listingIds: string[] = [];
    for (const d of two) {
      const user = await createUser(app, { status: 'approved', name: d.name, companyName: d.company });
      listingIds.push(await insertListing(app, user.id, { make: 'Kubota', model: d.model }));
      const client = await TestClient.as(app, user);
      const session = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const cookie = `${session}; ${timeZoneCookieName(false)}=${encodeURIComponent(d.zone)}`;
      dealers.push({ user, model: d.model, offer: d.offer, zone: d.zone, cookie });
    }
    for (const [i, d] of dealers.entries()) {
      const client = await TestClient.as(app, d.user);
      const res = await client.post('/api/offers', {
        listingId: listingIds[1 - i],
        offerType: 'offer',
        amount: d.offer.replace(',', ''),
      });
      expect(res.statusCode, res.payload).toBe(201);
    }
    // The first render of each screen loads its lazy parts; what is checked below is renders that overlap.
    for (const url of SCREENS)
      await app.inject({ method: 'GET', url, headers: { cookie: dealers[0].cookie } });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('each holds its own dealer’s tractors, session and zone, never the other’s', async () => {
    // Sixteen loads at once, the two dealers alternating, over three screens.
    const loads = Array.from({ length: 16 }, (_, i) => ({
      dealer: dealers[i % 2],
      other: dealers[(i + 1) % 2],
      url: SCREENS[i % SCREENS.length],
    }));
    const pages = await Promise.all(
      loads.map(({ dealer, url }) => app.inject({ method: 'GET', url, headers: { cookie: dealer.cookie } })),
    );
    loads.forEach(({ dealer, other, url }, i) => {
      const html = pages[i].payload;
      const what = `${url} for ${dealer.user.email}`;
      expect(html, what).toContain('<div id="root" data-prerendered>');
      const data = html.slice(html.indexOf('id="fieldlot-page-data"'));
      expect(data, what).toContain(`"email":"${dealer.user.email}"`);
      expect(html, what).not.toContain(other.user.email);
      // The header names the dealer the page was rendered for.
      expect(html, what).toContain(dealer.user.name);
      expect(html, what).not.toContain(other.user.name);
      expect(html, what).not.toContain(other.user.companyName);
      // My Offers lists the dealer's own offer, on the other's tractor, and never the other's offer.
      if (url === '/my-offers') {
        expect(html, what).toContain(other.model);
        expect(html, what).toContain(dealer.offer);
        expect(html, what).not.toContain(other.offer);
      }
      // The page carries the offset of the zone it was written in: its dealer's, not the other's.
      const offset = Number(/data-zone-offset="(-?\d+)"/.exec(html)?.[1]);
      const expected = dealer.zone === 'America/Chicago' ? [300, 360] : [600];
      expect(expected, what).toContain(offset);
    });
  });
});
