import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerDescriptionText } from '../domain/condition-grades';
import { hoursCorrectedText, meterMismatchMessage } from '../domain/hours-check';
import { CHECKPOINT_IDS } from '../domain/inspection';
import { YARD_MESSAGES } from '../domain/listing-schemas';
import { dealershipAddressText } from '../domain/purchases';
import { pdfText } from '../server/src/test/pdf-text';
import {
  type Browser,
  baseUrl,
  DESK,
  expectNoAxeViolations,
  hasBrowser,
  journeyShots,
  openBrowser,
  PHONE,
  toast,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import {
  apiCall,
  apiPost,
  csrf,
  DEMO_DEALER,
  DEMO_DEALER2,
  DEMO_PASSWORD,
  signInViaApi,
} from './support/session';
import { E2E_YARD } from './support/yard';

/**
 * Every role gets through, at 390 px and 1280 px: a dealer's yard (docs/decisions/0041-every-listing-has-a-yard.md),
 * hours corrected at inspection and one condition scale (0042), a team member's delivery address (0041), the
 * documents a yard and a back office use (0043), and old condition links (0052).
 */
const shot = journeyShots('every-role');

async function pdfAt(page: Page, href: string) {
  const res = await page.request.get(`${baseUrl()}${href}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const body = await res.body();
  return { text: pdfText(body).replace(/\s+/g, ' '), raw: body.toString('latin1') };
}

const jpeg = async (background: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe.runIf(hasBrowser())('every role gets through', () => {
  let seller: Browser;
  let inspector: Browser;
  let buyer: Browser;
  let admin: Browser;
  let member: Browser;
  const run = Date.now().toString(36);
  const model = `ER-${run}`;
  const serial = `KBT${run.toUpperCase()}77`;
  let listingId = '';

  beforeAll(async () => {
    seller = await openBrowser(PHONE);
    inspector = await openBrowser(PHONE);
    buyer = await openBrowser(DESK);
    admin = await openBrowser(DESK);
    member = await openBrowser(PHONE);
    await signInViaApi(seller.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
    await signInViaApi(inspector.page, 'inspector@fieldlot.example', DEMO_PASSWORD);
    await signInViaApi(buyer.page, DEMO_DEALER.email, DEMO_DEALER.password);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
  });
  afterAll(async () => {
    for (const b of [seller, inspector, buyer, admin, member]) await b?.close();
  }, 240_000);

  it('a dealer cannot submit a listing without its yard, sees why, adds it and submits (390 px, then 1280 px)', async () => {
    const { page } = seller;
    await page.goto('/my-listings/new');
    await page.getByRole('heading', { name: 'List a Tractor' }).waitFor();
    await page.getByLabel('Make', { exact: true }).selectOption('Kubota');
    await page.getByLabel('Model', { exact: true }).fill(model);
    await page.getByLabel('Year', { exact: true }).fill('2019');
    await page.getByLabel('Hours', { exact: true }).fill('2900');
    await page.getByLabel('Price ($)').fill('58000');
    await page.getByLabel('Location (state)').selectOption('Iowa');
    await page.getByLabel('Condition', { exact: true }).selectOption('Very Good');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await toast(page, 'Listing created successfully!').waitFor();
    await page.waitForURL(/\/my-listings\/[0-9a-f-]{36}$/);
    listingId = page.url().split('/').at(-1) as string;

    // No yard: refused, with the missing pieces named.
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await toast(page, "Add the tractor's yard: street address, city, state, ZIP and contact phone").waitFor();
    expect(await page.getByTestId('stage').textContent()).toBe('Draft');
    // Each missing piece is named under its field (the state was chosen), and in a summary at the top.
    const missing: Array<[string, string]> = [
      ['City', YARD_MESSAGES.city],
      ['ZIP code (for delivery estimates)', YARD_MESSAGES.zip],
      ['Yard street address', YARD_MESSAGES.yardAddress],
      ['Yard contact phone', YARD_MESSAGES.yardPhone],
    ];
    for (const [label, message] of missing) {
      const input = page.getByLabel(label, { exact: true });
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(message);
    }
    expect(await page.getByText(YARD_MESSAGES.location).count()).toBe(0);
    const summary = page.getByTestId('submit-refused');
    expect(await summary.getByRole('listitem').allTextContents()).toEqual(missing.map(([, m]) => m));
    // The first missing field in the form's order has the focus.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('lf-city');
    await shot(page, 'yard-field-messages-390');
    await shot(page, 'yard-refused-390');
    await expectNoAxeViolations(page, ['main']);

    // At 1280 px the dealer adds the yard and submits.
    await page.setViewportSize(DESK);
    await page.getByLabel('City', { exact: true }).fill(E2E_YARD.city);
    await page.getByLabel('ZIP code (for delivery estimates)').fill(E2E_YARD.zip);
    await page.getByLabel('Yard street address').fill(E2E_YARD.yardAddress);
    await page.getByLabel('Yard contact phone').fill(E2E_YARD.yardPhone);
    await page.getByLabel('Yard opening hours (optional, e.g. Mon–Fri 8–5)').fill(E2E_YARD.yardHours);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await toast(page, 'Draft saved').waitFor();
    expect(await page.getByTestId('submit-refused').count()).toBe(0);
    expect(await page.getByText(YARD_MESSAGES.yardAddress).count()).toBe(0);
    // The serial/PIN the gate pass and invoice print (seeded: this step is not about it).
    await apiCall(page, 'PATCH', `/api/my-listings/${listingId}`, { serialNumber: serial });
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await toast(page, 'Submitted for review').waitFor();
    await expect.poll(() => page.getByTestId('stage').textContent()).toBe('In review');
    await shot(page, 'yard-submitted-1280');
    await expectNoAxeViolations(page, ['main']);
  }, 240_000);

  it('an inspector cannot publish a meter far from the listed hours until confirming it (390 px), then every page says so (1280 px)', async () => {
    const { page } = inspector;
    // The report's answers, details and photos through the API: this journey is about publishing.
    await page.request.get(`${baseUrl()}/api/inspections/${listingId}`);
    for (const checkpointId of CHECKPOINT_IDS)
      await apiCall(page, 'PUT', `/api/inspections/${listingId}/answers`, {
        checkpointId,
        rating: 'ok',
        note: '',
      });
    await apiCall(page, 'PATCH', `/api/inspections/${listingId}`, {
      serial,
      hourMeter: 4321,
      treads: { 'front-left': 80, 'front-right': 80, 'rear-left': 75, 'rear-right': 75 },
    });
    for (const checkpointId of ['identification.hour-meter', 'identification.serial-plate']) {
      const res = await page.request.post(
        `${baseUrl()}/api/inspections/${listingId}/photos?checkpointId=${checkpointId}`,
        {
          headers: { 'x-csrf-token': await csrf(page), origin: baseUrl() },
          multipart: {
            file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#334155') },
          },
        },
      );
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.goto(`/inspect/${listingId}`);
    await page.getByTestId('progress').waitFor();
    const screens = page.locator('header select');
    const last = (await screens.locator('option').last().textContent()) ?? '';
    expect(last).toMatch(/Announcements and publish$/);
    await screens.selectOption({ label: last });
    await page.getByRole('heading', { name: 'Announcements and publish' }).waitFor();
    const mismatch = meterMismatchMessage(2900, 4321);
    await page.getByText(mismatch).first().waitFor();
    const publish = page.getByRole('button', { name: 'Publish report' });
    expect(await publish.isDisabled()).toBe(true);
    await shot(page, 'meter-blocked-390');
    await expectNoAxeViolations(page, ['main']);
    await page.getByRole('checkbox', { name: /confirm the meter reading/i }).check();
    expect(await publish.isDisabled()).toBe(false);
    await publish.click();
    // The dealer's listing is in review: the report waits for FieldLot's approval, it does not go live.
    await page.getByText('Publish revision 1 of this report?').waitFor();
    const confirm = ((await page.getByText('Publish revision 1 of this report?').textContent()) ?? '').trim();
    expect(confirm).toBe(
      'Publish revision 1 of this report? The report is published with the listing when FieldLot approves it.',
    );
    await page.getByRole('button', { name: 'Publish revision 1' }).click();
    await toast(page, /Report published: revision 1, grade \d\.\d/).waitFor();

    // FieldLot approves the dealer's listing (seeded); a buyer's instant saved search comes first.
    const me = await (await buyer.page.request.get(`${baseUrl()}/api/users/me`)).json();
    await apiCall(buyer.page, 'PATCH', '/api/users/me', {
      name: me.name,
      companyName: me.companyName,
      emailNotifications: true,
    });
    await apiPost(buyer.page, '/api/saved-searches', {
      name: `Kubota ${model}`,
      filters: { q: model },
      alert: 'instant',
    });
    await apiPost(admin.page, `/api/admin/listings/${listingId}/approve`, {});

    const notice = hoursCorrectedText(2900, 4321);
    const b = buyer.page;
    await b.setViewportSize(DESK);
    await b.goto(`/tractor/${listingId}`);
    await b.getByTestId('hours-notice').filter({ hasText: notice }).first().waitFor();
    await shot(b, 'hours-tractor-1280');
    // The condition report's PDF says it too.
    expect((await pdfAt(b, `/api/reports/${listingId}/pdf`)).text).toContain(notice);
    await b.goto(`/browse-listings?q=${model}`);
    await b.locator('main').getByText(notice).first().waitFor();
    await shot(b, 'hours-card-1280');
    await expectNoAxeViolations(b, ['main']);
    await b.setViewportSize(PHONE);
    await b.getByText(notice).first().waitFor();
    await shot(b, 'hours-card-390');
    await b.setViewportSize(DESK);
  }, 240_000);

  it("one condition scale: the report's grade is shown, the seller's word as Seller's description, one filter (1280 px and 390 px)", async () => {
    const b = buyer.page;
    const notice = hoursCorrectedText(2900, 4321);
    // The tractor page: the grade's word, the seller's own word kept apart.
    await b.goto(`/tractor/${listingId}`);
    await b.getByText(sellerDescriptionText('Very Good')).waitFor();
    await b.locator('main').getByText('Excellent', { exact: true }).first().waitFor();
    await shot(b, 'condition-tractor-1280');

    // The watchlist card: the grade's word and the hours notice.
    await apiCall(b, 'PUT', `/api/watchlist/${listingId}`);
    await b.goto('/watchlist');
    const watched = b.getByRole('listitem').filter({ hasText: model });
    await watched.getByText('Excellent', { exact: true }).waitFor();
    await watched.getByText(notice).waitFor();
    expect(await watched.getByText('Very Good', { exact: true }).count()).toBe(0);
    await shot(b, 'condition-watchlist-1280');
    await expectNoAxeViolations(b, ['main']);

    // The saved-search alert e-mail says it the same way.
    const alert = await waitForMail(
      { template: 'saved-search-alert', to: DEMO_DEALER.email, contains: model },
      60_000,
    );
    expect(alert).toContain('Condition: Excellent');
    expect(alert).toContain(sellerDescriptionText('Very Good'));
    expect(alert).toContain(notice);

    // One filter: "Grade at least"; an old ?condition= link shows a value in it.
    await b.setViewportSize(PHONE);
    await b.goto('/browse-listings?condition=Very+Good');
    // Rewritten once the page has hydrated: a loaded machine takes more than the poll's default second.
    await expect.poll(() => new URL(b.url()).searchParams.get('gradeMin'), { timeout: 30_000 }).toBe('3.5');
    expect(new URL(b.url()).searchParams.has('condition')).toBe(false);
    const toggle = b.getByRole('button', { name: /^More Filters/ });
    const grade = b.locator('select[id$="-gradeMin"]');
    await expect
      .poll(
        async () => {
          if ((await grade.count()) > 0) return true;
          if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
          return false;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await grade.inputValue()).toBe('3.5');
    expect(await b.getByLabel('Grade at least').inputValue()).toBe('3.5');
    const filters = b.locator('form[aria-label="More Filters"]');
    expect(await filters.getByRole('checkbox').count()).toBe(0);
    expect(await filters.getByText('Condition', { exact: true }).count()).toBe(0);
    await shot(b, 'condition-old-link-390');
    await expectNoAxeViolations(b, ['main']);
    await b.setViewportSize(DESK);

    // The seller's My Listings row: the grade's word, and the notice.
    const s = seller.page;
    for (const size of [PHONE, DESK]) {
      await s.setViewportSize(size);
      await s.goto('/my-listings');
      const row = s.getByTestId('my-listing').filter({ hasText: model });
      await row.getByText('Excellent', { exact: true }).waitFor();
      await row.getByText(notice).waitFor();
      await shot(s, `condition-my-listings-${size.width}`);
    }
    await expectNoAxeViolations(s, ['main']);
  }, 240_000);

  it('an invited team member joins signed in, reads the dealership address and gets the delivery estimate (390 px, 1280 px)', async () => {
    const owner = buyer.page;
    await apiCall(owner, 'PUT', '/api/purchases/address', {
      addressLine: '1200 Lincoln Way',
      city: 'Ames',
      state: 'IA',
      zip: '50010',
    });
    const email = `member-${run}@example.com`;
    await apiPost(owner, '/api/team/invites', { email, role: 'buyer' });
    const mail = await waitForMail({ template: 'team-invite', to: email, contains: '/team/join' }, 60_000);
    const token = /\/team\/join\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(token).toBeTruthy();

    const { page } = member;
    await page.goto(`/team/join?token=${token}`);
    await page.getByRole('heading', { name: 'Join Your Dealership' }).waitFor();
    await page.getByLabel('Full Name').fill('Morgan Teammate');
    await page.getByLabel('Password', { exact: true }).fill('Combine-Harvest#2032');
    await page.getByLabel('Confirm Password').fill('Combine-Harvest#2032');
    await page.getByRole('button', { name: 'Join the Team' }).click();
    await toast(page, 'Welcome to your dealership.').waitFor();
    await page.getByRole('heading', { name: 'Team', exact: true }).waitFor();

    // My Account: the dealership's address, read-only, naming its owner.
    const team = await (await owner.request.get(`${baseUrl()}/api/team`)).json();
    const ownerRow = (team.members as Array<{ role: string; name: string }>).find((m) => m.role === 'owner');
    const dealershipName = team.dealership.name as string;
    await page.goto('/my-account');
    const card = page.getByTestId('dealership-address');
    await card.getByText("Your Dealership's Address").waitFor();
    await card.getByText('1200 Lincoln Way').waitFor();
    await card.getByText(dealershipAddressText(dealershipName, ownerRow?.name ?? '')).waitFor();
    expect(await page.getByRole('button', { name: 'Save Address' }).count()).toBe(0);
    expect(await page.getByLabel('Street address').count()).toBe(0);
    await shot(page, 'member-address-390');
    await expectNoAxeViolations(page, ['main']);

    // A tractor page: the estimate to the dealership's address, not "Add your delivery address".
    await page.setViewportSize(DESK);
    await page.goto(`/tractor/${listingId}`);
    const landed = page.getByTestId('landed-cost');
    await landed
      .getByText(/Delivered to Ames, IA 50010: about \$[\d,]+ \(\d+ mi\)/)
      .first()
      .waitFor();
    expect(await landed.getByText('Add your delivery address').count()).toBe(0);
    await shot(page, 'member-estimate-1280');
    await expectNoAxeViolations(page, ['main']);
  }, 240_000);

  it("the buyer's invoice and gate pass carry what a back office and a yard need, attached to the deal e-mails", async () => {
    const b = buyer.page;
    const me = await (await b.request.get(`${baseUrl()}/api/users/me`)).json();
    const certificate = `IA-RC-${run.toUpperCase()}`;
    await apiCall(b, 'PATCH', '/api/users/me', {
      name: me.name,
      companyName: me.companyName,
      resaleCertificate: certificate,
    });
    const sellerCompany = (await (await seller.page.request.get(`${baseUrl()}/api/users/me`)).json())
      .companyName as string;
    const offer = await apiPost(b, '/api/offers', { listingId, offerType: 'offer', amount: '57000' });
    await apiPost(seller.page, `/api/my-listings/offers/${offer.offer.id}/accept`, {});
    const purchases = (await (await b.request.get(`${baseUrl()}/api/purchases`)).json()).items as Array<{
      id: string;
      number: string;
      listingId: string;
    }>;
    const purchase = purchases.find((p) => p.listingId === listingId) as { id: string; number: string };
    await apiPost(b, `/api/purchases/${purchase.id}/fulfilment`, { fulfilment: 'collect' });

    // The invoice: serial/PIN, hours, the seller, the resale certificate.
    const invoice = await pdfAt(b, `/api/purchases/${purchase.id}/documents/invoice.pdf`);
    expect(invoice.text).toContain(`Serial/PIN: ${serial}`);
    expect(invoice.text).toContain('Hours: 4,321');
    expect(invoice.text).toContain(`Sold by ${sellerCompany}`);
    expect(invoice.text).toContain(`Resale certificate: ${certificate}`);
    const invoiceNumber = /Invoice (INV-\d{4}-\d{6})/.exec(invoice.text)?.[1];
    expect(invoiceNumber).toBeTruthy();
    // The invoice e-mail carries the PDF.
    const invoiceMail = await waitForMail(
      { template: 'purchase-update', to: DEMO_DEALER.email, contains: `invoice-${invoiceNumber}.pdf` },
      60_000,
    );
    expect(invoiceMail).toContain('application/pdf');

    // FieldLot records the payment and releases the tractor (seeded: the admin's screens have their journey).
    const a = admin.page;
    const adminView = (await (await b.request.get(`${baseUrl()}/api/purchases/${purchase.id}`)).json()) as {
      money: { balanceDueCents: number };
    };
    await apiPost(a, `/api/admin/purchases/${purchase.id}/payments`, {
      amount: String(adminView.money.balanceDueCents / 100),
      method: 'wire',
      reference: `WIRE-${run}`,
      paidOn: new Date().toISOString().slice(0, 10),
      expectedBalanceCents: adminView.money.balanceDueCents,
    });
    await apiPost(a, `/api/admin/purchases/${purchase.id}/release`, {});

    // The gate pass: yard address, phone, opening hours, serial/PIN, release code and its QR image.
    for (const size of [PHONE, DESK]) {
      await b.setViewportSize(size);
      await b.goto('/purchased-inventory');
      const card = b.getByTestId('purchase-card').filter({ hasText: model });
      await card.getByRole('link', { name: /^Gate pass \(release code / }).waitFor();
      await card.getByRole('link', { name: /^Invoice INV-\d{4}-\d{6}/ }).waitFor();
      await shot(b, `documents-${size.width}`);
    }
    await expectNoAxeViolations(b, ['main']);
    const card = b.getByTestId('purchase-card').filter({ hasText: model });
    const gate = card.getByRole('link', { name: /^Gate pass \(release code / });
    const code = ((await gate.textContent()) ?? '').match(/release code ([A-Z0-9-]+)/)?.[1] ?? '';
    expect(code).not.toBe('');
    const pass = await pdfAt(b, (await gate.getAttribute('href')) as string);
    expect(pass.text).toContain(
      `Collect at: ${E2E_YARD.yardAddress}, ${E2E_YARD.city}, Iowa, ${E2E_YARD.zip}`,
    );
    expect(pass.text).toContain(`Yard phone: ${E2E_YARD.yardPhone}`);
    expect(pass.text).toContain('Opening hours: Mon');
    expect(pass.text).toContain(`Serial/PIN: ${serial}`);
    expect(pass.text).toContain(code);
    expect(pass.raw).toMatch(/\/Subtype\s*\/Image/);
    // The release e-mail carries the gate pass.
    const releaseMail = await waitForMail(
      { template: 'purchase-update', to: DEMO_DEALER.email, contains: `gate-pass-${purchase.number}.pdf` },
      60_000,
    );
    expect(releaseMail).toContain('application/pdf');
  }, 240_000);
});
