import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { testConfig } from './config.js';
import { openTestDatabase } from './test/test-app.js';

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

    it('answers SPA routes with 200 and the app shell, never cached', async () => {
      for (const url of ['/', '/dealer-benefits', '/tractor/6a0e9a1c-4a3e-4a59-9d11-58b6b1a1f6a0']) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
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
