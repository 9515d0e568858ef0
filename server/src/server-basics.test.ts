import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_IMAGE_SIZES } from '../../domain/listings.js';
import { SPA_ROUTES } from '../../domain/routes.js';
import { buildApp } from './app.js';
import { testConfig } from './config.js';
import { listingImages, listings } from './db/schema.js';
import { createUser, openTestDatabase } from './test/test-app.js';

describe('server basics (in process)', () => {
  let webDist: string;
  beforeAll(() => {
    // A stand-in for web/dist, so these tests do not depend on a build.
    webDist = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>FieldLot</title><div id="root"></div>',
    );
    writeFileSync(
      path.join(webDist, 'assets', 'index-AbC123.js'),
      `console.log(${JSON.stringify('tractor '.repeat(2000))});`,
    );
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('answers readiness 503 once the database is gone, while liveness still answers', async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, serveWeb: false });
    try {
      expect((await app.inject('/api/health/ready')).statusCode).toBe(200);
      await drop();
      const res = await app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'database unavailable' });
      expect((await app.inject('/api/health/live')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  describe('serving the web app', () => {
    const lines: Array<Record<string, unknown>> = [];
    let close: () => Promise<void>;
    let app: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      const { database, drop } = await openTestDatabase();
      const logStream = new Writable({
        write(chunk, _enc, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      app = await buildApp({ config: testConfig({ logLevel: 'warn' }), database, webDist, logStream });
      close = async () => {
        await app.close();
        await drop();
      };
    });
    afterAll(() => close());

    it('answers an unknown path with 404 and the app shell, and logs the path', async () => {
      const res = await app.inject('/no/such/page?x=1');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'page not found', path: '/no/such/page' }));
    });

    it('answers every route of the web app with 200 and the app shell, never cached', async () => {
      const id = '6a0e9a1c-4a3e-4a59-9d11-58b6b1a1f6a0';
      for (const url of SPA_ROUTES.map((route) => route.replace(/:[A-Za-z]+/g, id))) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(200);
        // A page whose path carries a link token is kept by no cache at all (decision 0070).
        expect(res.headers['cache-control'], url).toBe(
          url.startsWith('/farmer-offer/') ? 'no-store' : 'no-cache',
        );
      }
    });

    it('starts the scripts, data and main photo of a live tractor page with its HTML', async () => {
      mkdirSync(path.join(webDist, '.vite'), { recursive: true });
      writeFileSync(
        path.join(webDist, '.vite', 'manifest.json'),
        JSON.stringify({
          'index.html': { file: 'assets/index-AbC123.js', imports: ['_framework-F1.js'] },
          '_framework-F1.js': { file: 'assets/framework-F1.js' },
          'src/app/routes/tractor-detail.tsx': {
            file: 'assets/tractor-detail-T1.js',
            imports: ['_framework-F1.js', 'index.html', '_listings-L1.js'],
          },
          '_listings-L1.js': { file: 'assets/listings-L1.js' },
          'src/app/routes/my-offers.tsx': {
            file: 'assets/my-offers-M1.js',
            imports: ['_framework-F1.js', 'index.html', '_listings-L1.js'],
          },
          'src/app/routes/market-family.tsx': {
            file: 'assets/market-family-K1.js',
            imports: ['_framework-F1.js', '_market-pages-K2.js'],
          },
          '_market-pages-K2.js': { file: 'assets/market-pages-K2.js' },
        }),
      );
      writeFileSync(
        path.join(webDist, 'index.html'),
        '<!doctype html><head><title>FieldLot</title><script type="module" crossorigin src="/assets/index-AbC123.js"></script>' +
          '<link rel="modulepreload" crossorigin href="/assets/framework-F1.js"></head><div id="root"></div>',
      );
      const seller = await createUser(app, { status: 'approved' });
      const [live, hidden] = await app.ctx.db
        .insert(listings)
        .values([
          { userId: seller.id, make: 'Fendt', model: '724', year: 2019, location: 'Iowa', status: 'active' },
          {
            userId: seller.id,
            make: 'Fendt',
            model: '828',
            year: 2020,
            location: 'Iowa',
            status: 'inactive',
          },
        ])
        .returning({ id: listings.id });
      await app.ctx.db.insert(listingImages).values([
        { listingId: live.id, storageKey: 'second', width: 1600, height: 1200, imageOrder: 1 },
        { listingId: live.id, storageKey: 'main', width: 1600, height: 1200, imageOrder: 0, isPrimary: true },
      ]);

      const page = await app.inject(`/tractor/${live.id}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toBeDefined();
      const head = page.body.slice(0, page.body.indexOf('</head>'));
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/tractor-detail-T1.js">');
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/listings-L1.js">');
      // What the shell loads already is not preloaded twice.
      expect(head.match(/framework-F1\.js/g)).toHaveLength(1);
      expect(head.match(/index-AbC123\.js/g)).toHaveLength(1);
      expect(head).toContain(`<link rel="preload" as="fetch" crossorigin href="/api/listings/${live.id}">`);
      expect(head).toContain(
        '<link rel="preload" as="image" fetchpriority="high" href="/api/images/main-800.webp" ' +
          'imagesrcset="/api/images/main-400.webp 400w, /api/images/main-800.webp 800w, /api/images/main-1600.webp 1600w" ' +
          `imagesizes="${GALLERY_IMAGE_SIZES}">`,
      );

      // A listing not everyone may see: only the scripts, nothing about it.
      const other = await app.inject(`/tractor/${hidden.id}`);
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain('tractor-detail-T1.js');
      expect(other.body).not.toContain(hidden.id);
      expect(other.body).not.toContain('as="image"');
      // Any other page gets the shell as built.
      expect((await app.inject('/my-offers')).body).not.toContain('tractor-detail-T1.js');
      expect((await app.inject('/my-offers')).body).not.toContain('rel="preload"');

      // Signed in (decision 0053): a dealer's screen starts its scripts, the session and its first data at once.
      const cookie = 'fieldlot_session=anything';
      const offers = await app.inject({ url: '/my-offers', headers: { cookie } });
      expect(offers.statusCode).toBe(200);
      expect(offers.headers['cache-control']).toBe('no-cache');
      const offersHead = offers.body.slice(0, offers.body.indexOf('</head>'));
      expect(offersHead).toContain('<link rel="preload" as="fetch" crossorigin href="/api/auth/session">');
      expect(offersHead).toContain('<link rel="modulepreload" crossorigin href="/assets/my-offers-M1.js">');
      expect(offersHead).toContain('<link rel="modulepreload" crossorigin href="/assets/listings-L1.js">');
      expect(offersHead).toContain('<link rel="preload" as="fetch" crossorigin href="/api/offers/mine">');
      expect(offersHead.match(/framework-F1\.js/g)).toHaveLength(1);
      // Any page signed in asks who is signed in first; a signed-in `/` gets the shell, not the visitor's page.
      const home = await app.inject({ url: '/', headers: { cookie } });
      expect(home.body).toContain('<div id="root"></div>');
      expect(home.body).toContain('href="/api/auth/session"');
      const tractor = await app.inject({ url: `/tractor/${live.id}`, headers: { cookie } });
      expect(tractor.body).toContain('href="/api/auth/session"');
      expect(tractor.body).toContain(`href="/api/listings/${live.id}"`);
      // A market page (docs/product/market.md) starts its scripts and its family's data, spelled as the page asks.
      const market = await app.inject({ url: '/market/John%20Deere/6R', headers: { cookie } });
      const marketHead = market.body.slice(0, market.body.indexOf('</head>'));
      expect(marketHead).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/market-family-K1.js">',
      );
      expect(marketHead).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/market-pages-K2.js">',
      );
      expect(marketHead).toContain(
        '<link rel="preload" as="fetch" crossorigin href="/api/market/John%20Deere/6R">',
      );
      expect(marketHead.match(/framework-F1\.js/g)).toHaveLength(1);
      // A visitor's market page gets the shell as built; the index and a bad escape get no market data.
      expect((await app.inject('/market/John%20Deere/6R')).body).not.toContain('market-family-K1.js');
      expect((await app.inject({ url: '/market', headers: { cookie } })).body).not.toContain('/api/market');
      expect((await app.inject({ url: '/market/%E0%A4/6R', headers: { cookie } })).body).not.toContain(
        '/api/market',
      );
    });

    it('caches hashed assets for a year and revalidates everything else', async () => {
      const asset = await app.inject('/assets/index-AbC123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await app.inject('/favicon.svg');
      expect(icon.headers['cache-control']).toBe('no-cache');
    });

    it('serves files of a rebuild made while running, and never HTML for a missing asset', async () => {
      writeFileSync(path.join(webDist, 'assets', 'later-XyZ789.css'), 'body{}');
      const later = await app.inject('/assets/later-XyZ789.css');
      expect(later.statusCode).toBe(200);
      expect(later.headers['content-type']).toContain('text/css');
      const missing = await app.inject('/assets/gone-000000.css');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toContain('application/json');
    });

    it('compresses responses when the client accepts it', async () => {
      const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const br = await app.inject({ url: '/api/docs', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      const plain = await app.inject({ url: '/assets/index-AbC123.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
    });
  });
});
