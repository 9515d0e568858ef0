import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { listingImages, listings, outbox } from '../db/schema.js';
import { TestClock } from '../lib/clock.js';
import { enqueueMail } from '../lib/outbox.js';
import { deviceCookieName } from '../modules/auth/device-cookie.js';
import { issueSignInLink } from '../modules/auth/index.js';
import { IMAGE_MAX_BYTES } from '../modules/listings/image-files.js';
import { addListingImageFromBuffer } from '../modules/listings/images.service.js';
import { processOutboxOnce } from '../modules/mail/mail.worker.js';
import type { MailTransport, OutgoingMail } from '../modules/mail/transport.js';
import { dataDirFromTemplate } from './data-dir-fixture.js';
import { jpegWithExif, multipart } from './fixtures/images.js';
import { insertListing } from './fixtures/offers.js';
import { freePort } from './free-port.js';
import {
  createTestApp,
  createUser,
  mailsTo,
  openTestDatabase,
  TEST_PASSWORD,
  type TestApp,
  TestClient,
} from './test-app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Nobody can turn our mail or our sign-in against a user (docs/product/security.md). Each block names its section. */

function recordingTransport(sent: OutgoingMail[]): MailTransport {
  return {
    kind: 'eml',
    async send(mail) {
      sent.push(mail);
    },
    close() {},
  };
}

/** A browser at a given client address (the test app trusts X-Forwarded-For). */
const clientAt = (t: TestApp, ip: string) => new TestClient(t.app, { 'x-forwarded-for': ip });

const sellForm = (email: string) => ({
  make: 'Kubota',
  model: 'Click <a href="http://evil.example">here</a> to claim',
  year: '2019',
  hours: '1200',
  location: 'Call 555-0100 now',
  email,
});

describe('1. security mail is never dropped', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
  });
  afterAll(() => t.close());

  const rows = (to: string) =>
    t.app.ctx.db
      .select({ template: outbox.template, status: outbox.status, lastError: outbox.lastError })
      .from(outbox)
      .where(eq(outbox.recipient, to))
      .orderBy(outbox.id);

  it('21 inquiries naming a dealer, then the dealer resets: the reset is delivered', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    for (let i = 0; i < 21; i++) {
      const res = await clientAt(t, `10.1.0.${i + 1}`).post('/api/inquiries', sellForm(dealer.email));
      expect(res.statusCode).toBe(201);
    }
    const reset = await clientAt(t, '10.1.1.1').post('/api/auth/password-reset', { email: dealer.email });
    expect(reset.json().message).toBe('Password reset link sent to your email!');

    const sent: OutgoingMail[] = [];
    await processOutboxOnce(t.app.ctx, recordingTransport(sent));
    const toDealer = sent.filter((m) => m.to === dealer.email);
    expect(toDealer.map((m) => m.template)).toEqual([
      'send-tractor-inquiry-confirmation',
      'auth-reset-password',
    ]);
    expect((await rows(dealer.email)).every((r) => r.status === 'sent')).toBe(true);

    // The one confirmation carries the listed make and the year, nothing the visitor typed.
    const confirmation = toDealer[0];
    expect(confirmation.subject).toBe('Your offer request for 2019 Kubota');
    for (const part of [confirmation.subject, confirmation.text, confirmation.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('claim');
      expect(part).not.toContain('555-0100');
    }
  });

  it('a sell-form confirmation goes to one address at most once a day', async () => {
    const to = 'stranger@example.com';
    await clientAt(t, '10.2.0.1').post('/api/inquiries', sellForm(to));
    await clientAt(t, '10.2.0.2').post('/api/inquiries', sellForm(to));
    expect((await rows(to)).map((r) => r.template)).toEqual(['send-tractor-inquiry-confirmation']);
    t.clock.advance(24 * 3600_000 + 1000);
    await clientAt(t, '10.2.0.3').post('/api/inquiries', sellForm(to));
    expect(await rows(to)).toHaveLength(2);
  });

  it('one client address gets at most 20 confirmations sent a day; the inquiries are kept', async () => {
    const ip = '10.3.0.1';
    const confirmed: string[] = [];
    for (let i = 0; i < 22; i++) {
      // The form's own limit is 20 per 15 minutes: spread the submissions.
      if (i === 20) t.clock.advance(16 * 60_000);
      const to = `seller-${i}@example.com`;
      const res = await clientAt(t, ip).post('/api/inquiries', sellForm(to));
      expect(res.statusCode).toBe(201);
      if ((await rows(to)).length) confirmed.push(to);
    }
    expect(confirmed).toHaveLength(20);
    // Another client is not affected.
    await clientAt(t, '10.3.0.2').post('/api/inquiries', sellForm('seller-other@example.com'));
    expect(await rows('seller-other@example.com')).toHaveLength(1);
  });

  it('caps count per class: a flood of offer mail does not hold back a sign-in link, and waits', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    for (let i = 0; i < 22; i++) {
      await enqueueMail(t.app.ctx.db, {
        template: 'notify-offer-update',
        to: dealer.email,
        payload: { listingId: '00000000-0000-4000-8000-000000000000', status: 'rejected' },
      });
    }
    const link = await clientAt(t, '10.4.0.1').post('/api/auth/sign-in-link', { email: dealer.email });
    expect(link.statusCode).toBe(200);
    const sent: OutgoingMail[] = [];
    const pass = await processOutboxOnce(t.app.ctx, recordingTransport(sent));
    expect(pass.failed).toBe(0);
    expect(sent.some((m) => m.to === dealer.email && m.template === 'auth-sign-in-link')).toBe(true);
    const waiting = (await rows(dealer.email)).filter((r) => r.status === 'pending');
    expect(waiting).toHaveLength(2);
    expect(waiting[0].lastError).toMatch(/Deferred by the recipient cap/);
    // Sent once the hour is over, never marked failed.
    t.clock.advance(3600_000 + 5000);
    await processOutboxOnce(t.app.ctx, recordingTransport(sent));
    expect((await rows(dealer.email)).every((r) => r.status === 'sent')).toBe(true);
  });
});

const WRONG = 'Not-The-Password-9!';
const signInBody = (email: string, password = TEST_PASSWORD) => ({ email, password });
const LOCKED = 'Too many login attempts. Please try again in 15 minutes.';

describe('2. a stranger cannot lock a user out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
  });
  afterAll(() => t.close());

  /** A browser that signed in to `email` once and signed out again: it keeps its device cookie. */
  async function trustedDevice(email: string, ip: string) {
    const c = clientAt(t, ip);
    expect((await c.post('/api/auth/sign-in', signInBody(email))).statusCode).toBe(200);
    expect([...c.cookies.keys()].some((k) => k.startsWith('fieldlot_device_'))).toBe(true);
    await c.post('/api/auth/sign-out');
    return c;
  }

  it('5 failures from client A: the trusted device signs in, a new device gets the 429 text', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    const trusted = await trustedDevice(dealer.email, '10.5.0.1');
    const attacker = clientAt(t, '10.5.0.2');
    for (let i = 0; i < 5; i++) {
      expect((await attacker.post('/api/auth/sign-in', signInBody(dealer.email, WRONG))).statusCode).toBe(
        401,
      );
    }
    const fresh = await clientAt(t, '10.5.0.3').post('/api/auth/sign-in', signInBody(dealer.email));
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().error.message).toBe(LOCKED);
    const own = await trusted.post('/api/auth/sign-in', signInBody(dealer.email));
    expect(own.statusCode).toBe(200);
    expect(own.json().user.email).toBe(dealer.email);
  });

  it('the administrator is not locked out from a browser that signed in before', async () => {
    const admin = await createUser(t.app, { status: 'admin' });
    const trusted = await trustedDevice(admin.email, '10.6.0.1');
    const attacker = clientAt(t, '10.6.0.2');
    for (let i = 0; i < 6; i++)
      await attacker.post('/api/auth/sign-in', { ...signInBody(admin.email, WRONG), admin: true });
    expect(
      (await clientAt(t, '10.6.0.3').post('/api/auth/sign-in', { ...signInBody(admin.email), admin: true }))
        .statusCode,
    ).toBe(429);
    expect(
      (await trusted.post('/api/auth/sign-in', { ...signInBody(admin.email), admin: true })).statusCode,
    ).toBe(200);
  });

  it('a blocked user still gets a reset and a sign-in link from a trusted device', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    const trusted = await trustedDevice(dealer.email, '10.7.0.1');
    const attacker = clientAt(t, '10.7.0.2');
    for (let i = 0; i < 3; i++) {
      await attacker.post('/api/auth/password-reset', { email: dealer.email });
      await attacker.post('/api/auth/sign-in-link', { email: dealer.email });
    }
    const newDevice = clientAt(t, '10.7.0.3');
    expect((await newDevice.post('/api/auth/password-reset', { email: dealer.email })).statusCode).toBe(429);
    expect((await newDevice.post('/api/auth/sign-in-link', { email: dealer.email })).statusCode).toBe(429);

    const before = (await mailsTo(t, dealer.email)).length;
    const reset = await trusted.post('/api/auth/password-reset', { email: dealer.email });
    expect(reset.statusCode).toBe(200);
    const link = await trusted.post('/api/auth/sign-in-link', { email: dealer.email });
    expect(link.statusCode).toBe(200);
    const mails = await mailsTo(t, dealer.email);
    expect(mails.slice(0, mails.length - before).map((m) => m.template)).toEqual([
      'auth-sign-in-link',
      'auth-reset-password',
    ]);
  });

  it('a device cookie counts only for its own account and only when its signature holds', async () => {
    const victim = await createUser(t.app, { status: 'approved' });
    const other = await createUser(t.app, { status: 'approved' });
    // The attacker signs in to an account of their own and replays that cookie under the victim's name.
    const attacker = await trustedDevice(other.email, '10.8.0.1');
    const [, ownValue] = [...attacker.cookies].find(([k]) => k.startsWith('fieldlot_device_')) ?? [];
    const victimName = deviceCookieName(t.app.ctx.config.sessionSecret, victim.email, false);
    for (let i = 0; i < 5; i++)
      await clientAt(t, '10.8.0.2').post('/api/auth/sign-in', signInBody(victim.email, WRONG));
    for (const value of [String(ownValue), 'forged.signature']) {
      const c = clientAt(t, '10.8.0.3');
      c.cookies.set(victimName, value);
      const res = await c.post('/api/auth/sign-in', signInBody(victim.email));
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toBe(LOCKED);
    }
  });

  it('a trusted device that guesses wrong locks only itself', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    const trusted = await trustedDevice(dealer.email, '10.9.0.1');
    for (let i = 0; i < 5; i++) await trusted.post('/api/auth/sign-in', signInBody(dealer.email, WRONG));
    expect((await trusted.post('/api/auth/sign-in', signInBody(dealer.email))).statusCode).toBe(429);
    expect(
      (await clientAt(t, '10.9.0.2').post('/api/auth/sign-in', signInBody(dealer.email))).statusCode,
    ).toBe(200);
  });
});

describe('4. per-client sign-in cap and timing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
  });
  afterAll(() => t.close());

  it('the per-client cap on failed sign-ins holds exactly under parallel load (40 at a cap of 30)', async () => {
    const c = clientAt(t, '10.20.0.1');
    await c.csrfToken();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        c.post('/api/auth/sign-in', signInBody(`par-${i}@example.com`, WRONG)),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 401)).toHaveLength(30);
    expect(codes.filter((s) => s === 429)).toHaveLength(10);
  });

  it('reset and sign-in-link requests take about as long for approved and unknown addresses (loose)', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    // The least of nine times is the request's own work: a busy machine only adds to a time, and under a load of
    // 15 the medians of the same work came out 0.30 apart (the loaded CI machine failed the test once).
    const least = (xs: number[]) => Math.min(...xs);
    let n = 0;
    const time = async (path: string, email: string) => {
      n += 1;
      const c = clientAt(t, `10.21.${Math.floor(n / 200)}.${n % 200}`);
      await c.csrfToken();
      const start = performance.now();
      const res = await c.post(path, { email });
      const ms = performance.now() - start;
      expect(res.statusCode).toBe(200);
      return ms;
    };
    for (const path of ['/api/auth/password-reset', '/api/auth/sign-in-link']) {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 9; i++) {
        // Three a quarter-hour per address is the spec's limit: move on between rounds.
        if (i % 3 === 0) t.clock.advance(16 * 60_000);
        known.push(await time(path, dealer.email));
        unknown.push(await time(path, `ghost-${path.length}-${i}@example.com`));
      }
      const ratio = least(unknown) / least(known);
      console.log(
        `${path} timing: approved least ${least(known).toFixed(1)} ms, unknown least ${least(unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
      );
      expect(ratio).toBeGreaterThan(1 / 3);
      expect(ratio).toBeLessThan(3);
    }
  });
});

describe('3. no input crashes a request', () => {
  let t: TestApp;
  let lines: string[];
  beforeAll(async () => {
    lines = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { database, drop } = await openTestDatabase();
    // Every request line logged (the server samples 1% of them), so the redaction test sees them.
    const config = testConfig({ publicUrl: 'http://localhost:3000', logLevel: 'info', requestLogSample: 1 });
    const app = await buildApp({ config, database, clock: new TestClock(), serveWeb: false, logStream });
    await app.ready();
    t = {
      app,
      clock: app.ctx.clock as TestClock,
      database,
      close: async () => {
        await app.close();
        await drop();
      },
    };
  });
  afterAll(() => t.close());

  // Raw query/path encodings: NUL, a bell, and a C1 control (NEL). Lone surrogates can only come in JSON.
  const BAD_RAW = ['%00', 'a%00b', '%07', '%C2%85'];
  const BAD_JSON = ['\u0000', 'a\u0000b', 'x\u0007y', '\ud800', 'ok\udc00', 'tab\there', 'new\nline'];

  interface Operation {
    method: string;
    path: string;
    query: string[];
    body: string[];
  }

  function operations(): Operation[] {
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ in: string; name: string }>;
            requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
          }
        >
      >;
    };
    const ops: Operation[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        ops.push({
          method: method.toUpperCase(),
          path,
          query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          body: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
        });
      }
    }
    return ops;
  }

  const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
  const validPath = (path: string) => fill(path, '00000000-0000-4000-8000-000000000000');

  it('every operation of the OpenAPI document answers bad text with a 400 naming the field, never a 5xx', {
    timeout: 240_000,
  }, async () => {
    const admin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    const signedOut = new TestClient(t.app);
    const ops = operations();
    expect(ops.length).toBeGreaterThan(30);
    const fivexx: string[] = [];
    const not400: string[] = [];
    const send = async (c: TestClient, method: string, url: string, body?: unknown) => {
      const res = await c.request(
        method as 'GET',
        url,
        method === 'GET' || method === 'DELETE' ? undefined : (body ?? {}),
      );
      if (res.statusCode >= 500) fivexx.push(`${method} ${url} -> ${res.statusCode}`);
      return res;
    };
    for (const op of ops) {
      const requests: Array<{ url: string; body?: unknown; field: string }> = [];
      if (op.path.includes('{'))
        for (const bad of BAD_RAW) requests.push({ url: fill(op.path, bad), field: '' });
      for (const name of [...op.query, 'extra'])
        for (const bad of BAD_RAW)
          requests.push({ url: `${validPath(op.path)}?${name}=${bad}`, field: name });
      for (const name of op.body)
        for (const bad of BAD_JSON) {
          const multiline = ['description', 'otherInfo', 'message'].includes(name);
          if (multiline && /[\t\n]/.test(bad)) continue;
          requests.push({ url: validPath(op.path), body: { [name]: bad }, field: name });
        }
      for (const r of requests) {
        await send(signedOut, op.method, r.url, r.body);
        const res = await send(admin, op.method, r.url, r.body);
        if (res.statusCode !== 400 || (r.field && !(r.field in (res.json().error.fields ?? {}))))
          not400.push(
            `${op.method} ${r.url} ${JSON.stringify(r.body)} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(fivexx).toEqual([]);
    expect(not400).toEqual([]);
    expect(lines.join('')).not.toContain('unhandled error');
  });

  it('the sell form, the search and an offer message name the field; a message may hold newlines', async () => {
    const c = new TestClient(t.app);
    const search = await c.get('/api/listings/public?q=%00');
    expect(search.statusCode).toBe(400);
    expect(search.json().error.fields).toHaveProperty('q');
    const sell = await c.post('/api/inquiries', { email: 'seller@example.com', model: 'M7\u0000' });
    expect(sell.statusCode).toBe(400);
    expect(sell.json().error.fields).toEqual({ model: expect.stringContaining('not allowed') });
    const sellOk = await c.post('/api/inquiries', {
      email: 'seller@example.com',
      description: 'Line one\nLine\ttwo',
    });
    expect(sellOk.statusCode).toBe(201);
    const oneLine = await c.post('/api/inquiries', { email: 'seller@example.com', model: 'M7\nX' });
    expect(oneLine.statusCode).toBe(400);
  });

  it('logs never carry token values from URLs', async () => {
    const secret = 'SeCrEtToKeN1234567890abcdef';
    await t.app.inject({
      method: 'GET',
      url: `/api/health/live?token=${secret}&temp_password=${secret}x&email=a%40b.c`,
    });
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${secret}` });
    const log = lines.join('');
    expect(log).toContain('token=[REDACTED]');
    expect(log).not.toContain(secret);
  });
});

describe('4. smaller findings', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fieldlot-abuse-'));
    t = await createTestApp({ trustProxy: true, dataDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('replays of one Idempotency-Key, even racing their original, do not count toward 30 offers an hour', async () => {
    const admin = await createUser(t.app, { status: 'admin' });
    const dealer = await createUser(t.app, { status: 'approved' });
    const c = await TestClient.as(t.app, dealer);
    await c.csrfToken();
    const offer = (listingId: string, key: string) =>
      c.post('/api/offers', { listingId, offerType: 'offer', amount: 40_000 }, { 'idempotency-key': key });
    for (let i = 0; i < 8; i++)
      expect((await offer(await insertListing(t.app, admin.id), `real-key-${i}`)).statusCode).toBe(201);
    const raced = await insertListing(t.app, admin.id);
    const answers = await Promise.all(Array.from({ length: 30 }, () => offer(raced, 'raced-key-0001')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(201));
    for (let i = 0; i < 30; i++) await offer(raced, 'raced-key-0001');
    // 9 offers written: 21 more are allowed this hour, and the 22nd is refused.
    for (let i = 0; i < 21; i++)
      expect((await offer(await insertListing(t.app, admin.id), `more-key-${i}`)).statusCode).toBe(201);
    const over = await offer(await insertListing(t.app, admin.id), 'one-too-many');
    expect(over.statusCode).toBe(429);
  });

  it('the redirect after a sign-in link accepts only a same-origin path', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    const confirm = async (redirectTo: string) => {
      const url = await issueSignInLink(t.app.ctx.db, t.app.ctx, {
        userId: dealer.id,
        email: dealer.email,
        style: 'email-auth',
      });
      const token = new URL(url, 'http://x').searchParams.get('temp_password');
      return new TestClient(t.app).post('/api/auth/sign-in-link/confirm', {
        token,
        email: dealer.email,
        redirectTo,
      });
    };
    for (const bad of ['/\\evil.example', '//evil.example', '/\\/evil.example', 'https://evil.example/']) {
      const res = await confirm(bad);
      expect(res.statusCode).toBe(200);
      expect(res.json().redirectTo).toBe('/');
    }
    // Tabs and newlines never get that far: the edge check refuses them in a one-line field.
    for (const bad of ['/\t/evil.example', '/\n/evil.example'])
      expect((await confirm(bad)).statusCode).toBe(400);
    expect((await confirm('/my-offers?tab=open')).json().redirectTo).toBe('/my-offers?tab=open');
  });

  it('pictures of listings a user may not see are not served to that user', async () => {
    const admin = await createUser(t.app, { status: 'admin' });
    const dealer = await createUser(t.app, { status: 'approved' });
    const bidder = await createUser(t.app, { status: 'approved' });
    const listingId = await insertListing(t.app, admin.id);
    await addListingImageFromBuffer(t.app.ctx, listingId, await jpegWithExif(500, 300));
    const [image] = await t.app.ctx.db
      .select()
      .from(listingImages)
      .where(eq(listingImages.listingId, listingId));
    const url = `/api/images/${image.storageKey}-400.webp`;
    const asAdmin = await TestClient.as(t.app, admin);
    const asDealer = await TestClient.as(t.app, dealer);
    const asBidder = await TestClient.as(t.app, bidder);
    const signedOut = new TestClient(t.app);
    expect((await signedOut.get(url)).statusCode).toBe(200);
    const offered = await asBidder.post('/api/offers', { listingId, offerType: 'offer', amount: 40_000 });
    expect(offered.statusCode).toBe(201);

    await t.app.ctx.db.update(listings).set({ status: 'inactive' }).where(eq(listings.id, listingId));
    expect((await signedOut.get(url)).statusCode).toBe(404);
    expect((await asDealer.get(url)).statusCode).toBe(404);
    expect((await asAdmin.get(url)).statusCode).toBe(200);
    // The dealer who made an offer still sees it in their offers list.
    expect((await asBidder.get(url)).statusCode).toBe(200);
    expect((await asAdmin.get(url)).headers['cache-control']).toMatch(/^private/);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('4. shutdown after an upload', () => {
  it('SIGTERM after an image upload exits without waiting for the open connections to be cut', {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fieldlot-sigterm-'));
    await dataDirFromTemplate(dir);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'development',
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO: 'false',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'boot-admin@example.com',
        ADMIN_PASSWORD: 'Harvest-Gold#2024x',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(out);
        if (
          await fetch(`${url}/api/health/ready`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      // Sign in as the boot admin like a browser (keep-alive connection), create a listing, upload.
      const agent = new http.Agent({ keepAlive: true });
      const cookies = new Map<string, string>();
      const call = (
        method: string,
        p: string,
        body?: Buffer | string,
        headers: Record<string, string> = {},
      ) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = http.request(
            `${url}${p}`,
            {
              method,
              agent,
              headers: {
                ...headers,
                cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
                'x-csrf-token': cookies.get('fieldlot_csrf') ?? '',
                ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
              },
            },
            (res) => {
              for (const c of res.headers['set-cookie'] ?? []) {
                const [pair] = c.split(';');
                const i = pair.indexOf('=');
                cookies.set(pair.slice(0, i), pair.slice(i + 1));
              }
              let text = '';
              res.on('data', (d) => (text += d));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      await call('GET', '/api/auth/session');
      const json = { 'content-type': 'application/json' };
      const signIn = await call(
        'POST',
        '/api/auth/sign-in',
        JSON.stringify({ email: 'boot-admin@example.com', password: 'Harvest-Gold#2024x', admin: true }),
        json,
      );
      expect(signIn.status).toBe(200);
      const created = await call(
        'POST',
        '/api/listings',
        JSON.stringify({
          make: 'Kubota',
          model: 'M7',
          year: 2020,
          location: 'Iowa',
          priceCents: 40_000_00,
          condition: 'Good',
          description: 'x',
        }),
        json,
      );
      expect(created.status, created.body).toBe(201);
      const listingId = JSON.parse(created.body).id;
      const form = multipart(await jpegWithExif(1200, 800));
      const uploaded = await call('POST', `/api/admin/listings/${listingId}/images`, form.body, form.headers);
      expect(uploaded.status, uploaded.body).toBe(201);
      // And one refused for its size, whose body the server stops reading.
      const big = multipart(Buffer.alloc(IMAGE_MAX_BYTES + 1_000_000, 1));
      const refused = await call('POST', `/api/admin/listings/${listingId}/images`, big.body, big.headers);
      expect(refused.status).toBe(413);

      // The admin page keeps its live-events stream open on the same kind of keep-alive connection.
      const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const req = http.request(`${url}/api/events`, {
          agent,
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        req.on('response', resolve);
        req.on('error', reject);
        req.end();
      });
      expect(stream.statusCode).toBe(200);
      stream.resume();

      const start = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      const took = Date.now() - start;
      console.log(`SIGTERM after an upload: exited ${code} in ${took} ms`);
      expect(code).toBe(0);
      // Open keep-alive and live-stream connections are cut 10 s after accepting stops; exiting well before
      // that shows they did not hold the process (about 1-2 s on an idle machine, more under load).
      expect(took).toBeLessThan(9000);
      agent.destroy();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
