import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmerOfferPath } from '../../../domain/farmer-offers.js';
import { type App, buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { TestClock } from '../lib/clock.js';
import { randomToken } from '../lib/crypto.js';
import { emlTransport } from '../modules/mail/transport.js';
import { openTestDatabase } from './test-app.js';

/** docs/product/security.md: whoever reads the logs cannot answer a farmer's offer or reset a password. */
describe('link tokens never reach the logs, and token answers are never cached', () => {
  let app: App;
  let drop: () => Promise<void>;
  let dir: string;
  const lines: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fieldlot-redaction-'));
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const opened = await openTestDatabase();
    drop = opened.drop;
    // The chattiest settings: every incoming request at debug and every completed one sampled.
    const config = testConfig({ publicUrl: 'http://localhost:3000', logLevel: 'debug', requestLogSample: 1 });
    app = await buildApp({
      config,
      database: opened.database,
      clock: new TestClock(),
      serveWeb: false,
      logStream,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes no farmer-offer, reset or sign-in token in any line', async () => {
    const token = randomToken();
    const other = randomToken();
    const answers = [
      await app.inject({ method: 'GET', url: `/api/farmer-offers/${token}` }),
      await app.inject({
        method: 'POST',
        url: `/api/farmer-offers/${token}/answer`,
        payload: { answer: 'accept' },
      }),
      await app.inject({ method: 'GET', url: `/api/farmer-offers/${token}/not-a-route` }),
      await app.inject({ method: 'GET', url: farmerOfferPath(token) }),
      await app.inject({ method: 'GET', url: `/reset-password?token=${other}` }),
    ];
    await emlTransport(dir, app.log).send({
      id: 1,
      template: 'farmer-offer',
      from: 'FieldLot <offers@example.com>',
      to: 'farmer@example.com',
      subject: 'Our offer for your tractor',
      html: `<a href="http://localhost:3000${farmerOfferPath(token)}">See the offer</a> <a href="http://localhost:3000/reset-password?token=${other}">Reset</a>`,
      text: `See the offer: http://localhost:3000${farmerOfferPath(token)}`,
    });
    // The mail itself carries the link (it is the farmer's); the log does not.
    const [file] = readdirSync(dir);
    expect(readFileSync(path.join(dir, file), 'utf8')).toMatch(
      /^See the offer: http:\/\/localhost:3000\/farmer-offer\//m,
    );
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('request completed');
    expect(log).toContain('mail written');
    expect(log).toContain('/api/farmer-offers/[REDACTED]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(other);
    // The same requests: no cache keeps an answer to a token link, an error included.
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('writes no data-export link token in any line (docs/product/accounts.md#download-all-our-data)', async () => {
    const token = randomToken();
    const csrf = 'redaction-csrf';
    const answers = [
      await app.inject({ method: 'GET', url: `/data-export?token=${token}` }),
      await app.inject({
        method: 'POST',
        url: '/api/data-exports/download',
        payload: { token },
        headers: { 'x-csrf-token': csrf, cookie: `fieldlot_csrf=${csrf}`, origin: 'http://localhost:3000' },
      }),
    ];
    // The link is unknown here: the answer is the link's own refusal, past the anti-forgery check.
    expect(answers[1].statusCode).toBe(404);
    expect(lines.join('')).not.toContain(token);
  });
});
