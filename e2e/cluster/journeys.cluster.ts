// The buyer and admin journeys through nginx over https, on two production instances (decision 0015). Started by
// scripts/cluster/run.ts; one story in order: apply, approve, sign in, search, offer, counter (the instance holding
// the dealer's live stream is killed meanwhile), accept, restart, sell form, notifications, rate limits, draining.
import { statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpsRequest } from '../../scripts/cluster/https-client';
import { baseUrl, dataDir, hasBrowser, toast } from '../support/browser';
import { siteLinkIn, waitForMail } from '../support/mail';
import { csrf, signInViaUi } from '../support/session';
import { E2E_YARD } from '../support/yard';
import {
  type ClusterBrowser,
  ca,
  cluster,
  control,
  type InstanceState,
  openClusterBrowser,
  recordWrite,
} from './cluster-support';

const stamp = Date.now().toString(36);
const applicant = {
  name: `Casey Harrow ${stamp}`,
  email: `casey-${stamp}@example.com`,
  company: 'Harrow Farm Equipment',
  password: 'Fresh-Harvest#2031',
};
const model = `Cluster ${stamp}`;

/** A plain-HTTP request to the proxy's port 80 equivalent. */
function plainGet(port: number, urlPath: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers: { host: 'localhost' } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      })
      .on('error', reject);
  });
}

describe.runIf(hasBrowser())('FieldLot behind nginx over https: two instances, one killed', () => {
  let admin: ClusterBrowser;
  let dealer: ClusterBrowser;
  let listingId = '';
  const markAsIs = async (id: string) => {
    const res = await admin.write('POST', `/api/admin/listings/${id}/as-is`, {
      reason: 'Cluster test: sold as seen',
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  beforeAll(async () => {
    admin = await openClusterBrowser();
    dealer = await openClusterBrowser();
  });
  afterAll(async () => {
    await admin?.flush();
    await dealer?.flush();
    await admin?.close();
    await dealer?.close();
  });

  it('answers only over https: HTTP redirects, HSTS, precompressed immutable assets', async () => {
    const redirect = await plainGet(cluster().httpPort, '/browse?x=1');
    expect(redirect.status).toBe(301);
    expect(redirect.location).toBe(`${baseUrl()}/browse?x=1`);

    const home = await httpsRequest(`${baseUrl()}/`, { ca: ca() });
    expect(home.status).toBe(200);
    expect(String(home.headers['strict-transport-security'])).toContain('max-age=31536000');
    const script = /\/assets\/[\w.-]+\.js/.exec(home.body)?.[0];
    expect(script).toBeTruthy();
    const asset = await httpsRequest(`${baseUrl()}${script}`, {
      ca: ca(),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(String(asset.headers['cache-control'])).toContain('immutable');
    // The very file deploy/precompress.mjs wrote, not compressed on the fly.
    expect(Number(asset.headers['content-length'])).toBe(
      statSync(path.join(dataDir(), 'web', `${script}.gz`)).size,
    );
  });

  it('applies for a dealer account', async () => {
    const { page } = dealer;
    await page.goto('/apply');
    await page.getByRole('heading', { name: 'Apply for a Dealer Account' }).waitFor();
    await page.getByLabel('Full Name').fill(applicant.name);
    await page.getByLabel('Email Address').fill(applicant.email);
    await page.getByLabel('Password', { exact: true }).fill(applicant.password);
    await page.getByText('Strong enough').waitFor();
    await page.getByLabel('Company Name').fill(applicant.company);
    await page.getByLabel('John Deere').check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL('**/pending-approval');
    await page.getByRole('heading', { name: 'Application Pending Approval' }).waitFor();
  });

  it('the admin signs in and approves; the e-mail goes out over SMTP with the public https link', async () => {
    const { page } = admin;
    await page.goto('/admin-login');
    await page.getByLabel('Email').fill(cluster().admin.email);
    await page.getByLabel('Password', { exact: true }).fill(cluster().admin.password);
    await page.getByRole('button', { name: 'Sign In as Admin' }).click();
    await toast(page, 'Successfully signed in as admin!').waitFor();
    await page.waitForURL('**/admin');
    const row = page.getByRole('listitem').filter({ hasText: applicant.email });
    await row.getByRole('button', { name: `Approve ${applicant.name}` }).click();
    await toast(page, 'Application approved successfully').waitFor();
    await row.getByText('Approved', { exact: true }).waitFor();
    const mail = await waitForMail({ template: 'notify-user-status-change', to: applicant.email }, 30_000);
    expect(siteLinkIn(mail)).toContain(baseUrl());
  });

  it('the dealer signs in with __Host- Secure cookies only (session, anti-forgery, trusted device, time zone)', async () => {
    const { page } = dealer;
    await page.goto('/');
    await signInViaUi(page, applicant.email, applicant.password);
    await page.getByRole('banner').getByRole('link', { name: 'My Account' }).waitFor();
    // The page writes the reader's time zone once signed in and idle (decision 0061).
    await page.waitForFunction(() => document.cookie.includes('fieldlot_tz='));
    const cookies = await page.context().cookies(baseUrl());
    const names = cookies.map((c) => c.name).sort();
    // The device cookie (docs/product/security.md) carries a per-account suffix.
    expect(names).toHaveLength(4);
    expect(names.filter((n) => !n.startsWith('__Host-fieldlot_device_'))).toEqual([
      '__Host-fieldlot_csrf',
      '__Host-fieldlot_session',
      // The reader's time zone, written by the page (decision 0058).
      '__Host-fieldlot_tz',
    ]);
    for (const c of cookies)
      expect({ name: c.name, secure: c.secure, path: c.path, domain: c.domain }).toEqual({
        name: c.name,
        secure: true,
        path: '/',
        domain: 'localhost',
      });
    // The page reads the anti-forgery cookie and writes the time zone one; the others are out of its reach.
    const scriptCookies = ['__Host-fieldlot_csrf', '__Host-fieldlot_tz'];
    for (const c of cookies.filter((c) => !scriptCookies.includes(c.name))) expect(c.httpOnly).toBe(true);
  });

  it('the admin lists a tractor with a picture (stored in S3); the dealer finds it by search', async () => {
    const created = await admin.write('POST', '/api/listings', {
      ...E2E_YARD,
      make: 'John Deere',
      model,
      year: 2020,
      hours: 2150,
      priceCents: 50_000_00,
      location: 'Iowa',
      condition: 'Good',
      description: 'Cluster test tractor',
    });
    expect(created.status(), await created.text()).toBe(201);
    listingId = (await created.json()).id;
    // New tractors go live with a condition report or as "Sold as-is, not inspected" (docs/product/condition-reports.md).
    await markAsIs(listingId);
    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2f6b3a' } })
      .png()
      .toBuffer();
    const uploadPath = `/api/admin/listings/${listingId}/images`;
    const upload = await admin.page.request.post(`${baseUrl()}${uploadPath}`, {
      multipart: { file: { name: 'tractor.png', mimeType: 'image/png', buffer: picture } },
      headers: { 'x-csrf-token': await csrf(admin.page), origin: baseUrl() },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    recordWrite({
      method: 'POST',
      path: uploadPath,
      status: 201,
      request: null,
      response: await upload.json(),
    });

    const { page } = dealer;
    await page.goto('/');
    await page.getByPlaceholder('Search by make, model, location, or description...').fill(model);
    await page.waitForURL(/q=/);
    await page.getByRole('link', { name: new RegExp(`^View Details: .*${model}$`) }).click();
    await page.waitForURL(`**/tractor/${listingId}`);
    const img = page.locator('main img[src*="/api/images/"]').first();
    await img.waitFor();
    const src = (await img.getAttribute('src')) ?? '';
    const picRes = await page.request.get(new URL(src, baseUrl()).toString());
    expect(picRes.status()).toBe(200);
    expect(picRes.headers()['content-type']).toBe('image/webp');
  });

  it('offer and counter: the instance holding the live stream is killed; nothing fails, the stream resyncs', async () => {
    const page = dealer.page;
    await page.goto(`/tractor/${listingId}`);
    await page.getByRole('button', { name: 'Make Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make an Offer' });
    await dialog.getByLabel('Offer amount (USD)').fill('45000');
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    await toast(page, 'Offer submitted successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The admin gets the counter ready (the confirmation open) in Offer Management.
    const a = admin.page;
    await a.goto('/admin');
    await a.getByRole('tab', { name: 'Offer Management' }).click();
    const row = a.getByTestId('admin-offer-row').filter({ hasText: model });
    await row.getByLabel('Counter amount').fill('47000');
    await row.getByLabel('Counter message (optional)').fill('Meet me at 47');
    await row.getByRole('button', { name: /^Counter/ }).click();
    const confirm = a.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Send Counter Offer' }).waitFor();

    // The dealer's page opens a fresh live stream; the instance that accepted it dies at once.
    const mark = Date.now();
    // The offer panel (and its live stream) loads as a chunk of its own after the history: wait for the stream.
    const streamOpened = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/events');
    await page.reload();
    await page
      .getByTestId('offer-history')
      .getByTestId('offer-status')
      .filter({ hasText: 'Pending' })
      .waitFor();
    await streamOpened;
    // The dealer's reconnects are held back until the counter is in, so the banner can only come from the resync
    // the page does when its stream opens again (the event itself reached no stream of the dealer's).
    await dealer.context.route('**/api/events', (route) => route.abort());
    const { killed, at } = await control<{ killed: string; at: number }>('kill-stream-holder', {
      since: mark,
    });

    await confirm.getByRole('button', { name: 'Send Counter Offer' }).click();
    await toast(a, 'Offer updated successfully').waitFor();
    const countered = Date.now();
    await dealer.context.unroute('**/api/events');
    await page
      .getByRole('heading', { name: 'You have received a counter offer!' })
      .waitFor({ timeout: 30_000 });
    await page.getByText('Meet me at 47').first().waitFor();
    const states = await control<InstanceState[]>('state');
    const survivor = states.find((s) => s.name !== killed)!;
    const reconnected = survivor.eventStreams.find((t) => t > countered);
    expect(reconnected, 'the stream reconnected to the other instance after the counter').toBeDefined();
    console.log(
      `[cluster] instance ${killed} killed; counter acknowledged ${countered - at} ms later; the dealer's stream reopened on ${survivor.name} ${reconnected! - at} ms after the kill and showed the counter through its resync`,
    );

    await page.getByRole('button', { name: 'Accept Counter Offer' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Accept and Buy' }).click();
    await toast(page, 'Counter offer accepted successfully!').waitFor();
    await page.getByRole('heading', { name: 'Offer Accepted!' }).waitFor();
    await page.goto('/purchased-inventory');
    const card = page.getByTestId('purchase-card').filter({ hasText: model });
    expect(await card.getByTestId('purchase-price').textContent()).toBe('$47,000');

    // Restarted, the instance gets requests from the proxy again.
    const before = (await control<InstanceState>('restart', { name: killed })).requests;
    const deadline = Date.now() + 30_000;
    let now = before;
    while (now === before && Date.now() < deadline) {
      const res = await httpsRequest(`${baseUrl()}/api/listings/public`, { ca: ca() });
      expect(res.status).toBe(200);
      now = (await control<InstanceState[]>('state')).find((s) => s.name === killed)!.requests;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(now, `instance ${killed} receives requests through the proxy again`).toBeGreaterThan(before);
  });

  it('a visitor sends the sell form and gets the confirmation e-mail', async () => {
    const visitor = await openClusterBrowser({ width: 390, height: 844 });
    try {
      const { page } = visitor;
      const email = `seller-${stamp}@example.com`;
      await page.goto('/sell-your-tractor');
      await page.getByLabel('Make').selectOption('Kubota');
      await page.getByLabel('Model').fill('M7-172');
      await page.getByLabel('Year').fill('2019');
      await page.getByLabel('Hours').fill('2100');
      await page.getByLabel('Location').fill('Nebraska');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Get Offer' }).click();
      await page.getByText('Thank you! Your inquiry has been submitted successfully.').waitFor();
      const mail = await waitForMail({ template: 'send-tractor-inquiry-confirmation', to: email }, 30_000);
      // Year, make and a model that looks like one reach an unverified address, nothing else typed (decision 0075,
      // docs/product/selling.md).
      expect(mail).toContain('2019 Kubota M7-172');
      await visitor.flush();
    } finally {
      await visitor.close();
    }
  });

  it('the admin sends brand notifications; the John Deere dealer gets one', async () => {
    const created = await admin.write('POST', '/api/listings', {
      ...E2E_YARD,
      make: 'John Deere',
      model: `${model} 2`,
      year: 2022,
      hours: 640,
      priceCents: 52_500_00,
      location: 'Iowa',
    });
    expect(created.status(), await created.text()).toBe(201);
    await markAsIs((await created.json()).id);
    const page = admin.page;
    await page.goto('/admin?tab=listings');
    expect(await page.getByLabel('Brand').inputValue()).toBe('John Deere');
    await page.getByRole('button', { name: 'Send brand notifications' }).click();
    await toast(page, /Successfully sent 1 John Deere notifications?!/).waitFor();
    const mail = await waitForMail({ template: 'send-brand-notifications', to: applicant.email }, 30_000);
    expect(mail).toContain(`${model} 2`);
  });

  it('rate limits count the real client address behind the proxy; a forged X-Forwarded-For is not believed', async () => {
    /** A sell-form inquiry sent from `from` (a loopback address) through the proxy. */
    const inquiry = async (from: string, headers: Record<string, string> = {}) => {
      const session = await httpsRequest(`${baseUrl()}/api/auth/session`, { ca: ca(), localAddress: from });
      const cookie = String(session.headers['set-cookie'] ?? '').split(';')[0];
      const token = cookie.split('=')[1];
      const body = {
        make: 'Kubota',
        model: 'L3901',
        year: 2018,
        email: `limit-${Math.random()}@example.com`,
      };
      const res = await httpsRequest(`${baseUrl()}/api/inquiries`, {
        ca: ca(),
        localAddress: from,
        method: 'POST',
        headers: {
          cookie,
          'x-csrf-token': token,
          origin: baseUrl(),
          'content-type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
      });
      if (res.status === 201)
        recordWrite({
          method: 'POST',
          path: '/api/inquiries',
          status: 201,
          request: body,
          response: JSON.parse(res.body),
        });
      return res.status;
    };
    for (let i = 0; i < 20; i++) expect(await inquiry('127.0.0.10')).toBe(201);
    expect(await inquiry('127.0.0.10')).toBe(429);
    // Claiming another address does not get the blocked client through.
    expect(await inquiry('127.0.0.10', { 'x-forwarded-for': '198.51.100.9' })).toBe(429);
    // Another client behind the same proxy is not blocked (the count is not the proxy's address).
    expect(await inquiry('127.0.0.11')).toBe(201);
    // A client claiming to be the blocked one is not believed either way.
    expect(await inquiry('127.0.0.12', { 'x-forwarded-for': '127.0.0.10' })).toBe(201);

    const db = new pg.Client({ connectionString: cluster().databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ key: string; count: number }>(
        `select key, count from rate_limits where key like 'inquiry:ip:%' order by key`,
      );
      const keys = Object.fromEntries(rows.map((r) => [r.key, r.count]));
      expect(keys['inquiry:ip:127.0.0.10']).toBeGreaterThanOrEqual(20);
      expect(keys['inquiry:ip:127.0.0.11']).toBe(1);
      expect(keys['inquiry:ip:127.0.0.12']).toBe(1);
      expect(keys['inquiry:ip:198.51.100.9']).toBeUndefined();
    } finally {
      await db.end();
    }
  });

  it('drains on SIGTERM: readiness 503 at the instance while the proxy keeps answering, then a clean exit', async () => {
    const target = cluster().instances[1];
    await control('term', { name: target.name });
    // The signal arrives within moments; from then on until it stops accepting (2 s) readiness says 503.
    await expect
      .poll(async () => (await fetch(`${target.url}/api/health/ready`)).status, {
        timeout: 2000,
        interval: 50,
      })
      .toBe(503);
    expect(await (await fetch(`${target.url}/api/health/ready`)).json()).toEqual({ status: 'draining' });
    for (let i = 0; i < 10; i++)
      expect((await httpsRequest(`${baseUrl()}/api/listings/public`, { ca: ca() })).status).toBe(200);
    expect((await control<{ code: number }>('wait-exit', { name: target.name })).code).toBe(0);
    for (let i = 0; i < 5; i++)
      expect((await httpsRequest(`${baseUrl()}/api/listings/public`, { ca: ca() })).status).toBe(200);
  });

  it('failed no request but the live streams the kill cut (the browser reconnects them)', () => {
    const failed = [...dealer.failedRequests, ...admin.failedRequests];
    expect(failed.filter((f) => f.path !== '/api/events')).toEqual([]);
    // Chromium logs each cut stream once; nothing else may show in the console.
    const cut = new Set(failed.map((f) => `Failed to load resource: ${f.error}`));
    const unexpected = [...dealer.errors, ...admin.errors].filter(
      (e) => !/status of (401|403|404|429)/.test(e) && !cut.has(e),
    );
    expect(unexpected).toEqual([]);
  });
});
