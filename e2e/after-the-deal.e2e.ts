import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { apiPost, csrf, DEMO_DEALER, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

const shot = journeyShots('after-the-deal');

async function pdfAt(page: Page, href: string | null) {
  const res = await page.request.get(`${baseUrl()}${href}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return pdfText(await res.body());
}

describe.runIf(hasBrowser())('after the deal', () => {
  let admin: Browser;
  let dealer: Browser;
  const run = Date.now().toString(36);
  const model = `AD-${run}`;
  let listingId: string;
  let molineId: string;

  beforeAll(async () => {
    admin = await openBrowser();
    dealer = await openBrowser(PHONE);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await signInViaApi(dealer.page, DEMO_DEALER.email, DEMO_DEALER.password);
    const tractor = (m: string, city: string, zip: string, location: string) =>
      apiPost(admin.page, '/api/listings', {
        ...E2E_YARD,
        make: 'John Deere',
        model: m,
        year: 2020,
        hours: 2100,
        priceCents: 48_500_00,
        location,
        city,
        zip,
        condition: 'Excellent',
        description: 'After-the-deal journey tractor',
      });
    ({ id: listingId } = await tractor(model, 'Omaha', '68102', 'Nebraska'));
    ({ id: molineId } = await tractor(`${model}-M`, 'Moline', '61265', 'Illinois'));
    // A photo, so Purchased Inventory shows the tractor rather than the placeholder.
    const pictured = await admin.page.request.post(`${baseUrl()}/api/admin/listings/${listingId}/images`, {
      headers: { 'x-csrf-token': await csrf(admin.page), origin: baseUrl() },
      multipart: {
        file: {
          name: 'tractor.jpg',
          mimeType: 'image/jpeg',
          buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2f6b2a' } })
            .jpeg()
            .toBuffer(),
        },
      },
    });
    expect(pictured.status(), await pictured.text()).toBe(201);
    for (const id of [listingId, molineId])
      await apiPost(admin.page, `/api/admin/listings/${id}/as-is`, {
        reason: 'Journey tractor, sold as seen',
      });
  });
  afterAll(async () => {
    await admin?.close();
    await dealer?.close();
  });

  it('the dealer saves the company address and sees the landed cost for two known ZIPs', async () => {
    const { page } = dealer;
    await page.goto('/my-account');
    await page.getByRole('heading', { name: 'Company Address' }).waitFor();
    await page.getByLabel('Street address').fill('1200 Lincoln Way');
    await page.getByLabel('City').fill('Ames');
    await page.getByLabel('State').fill('IA');
    await page.getByLabel('ZIP code').fill('50010');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await toast(page, 'Delivery address saved').waitFor();

    await page.goto(`/tractor/${listingId}`);
    const landed = page.getByTestId('landed-cost');
    await landed.getByText('Delivered to Ames, IA 50010: about $520 (159 mi)').waitFor();
    // $48,500 + buyer fee ($500 + 5% = $2,925) + $520.
    await landed.getByText('Landed cost: $51,945').waitFor();
    await shot(page, 'landed-cost-390');
    await page.goto(`/tractor/${molineId}`);
    await page.getByText('Delivered to Ames, IA 50010: about $640 (197 mi)').waitFor();
    await page.getByText('Landed cost: $52,065').waitFor();
  });

  it('accepted offer -> invoice PDF -> payment -> gate pass -> delivery -> claim and credit -> title -> Complete', async () => {
    const d = dealer.page;
    const a = admin.page;
    const offer = await apiPost(d, '/api/offers', { listingId, offerType: 'offer', amount: '46000' });
    await apiPost(a, `/api/admin/offers/${offer.offer?.id ?? offer.id}/accept`, {});

    // The dealer: the purchase, what is due next, the choice of delivery, the invoice.
    await d.goto('/purchased-inventory');
    const card = d.getByTestId('purchase-card').filter({ hasText: model });
    await card.getByTestId('purchase-status').getByText('Awaiting payment').waitFor();
    await card.getByText('Choose "I\'ll collect it" or "FieldLot delivers" to get your invoice').waitFor();
    await card.getByText('Delivered to Ames, IA 50010: about $520 (159 mi)').waitFor();
    // The bought tractor's photo, loaded, not the grey placeholder.
    const tractorPhoto = card.locator(`img[alt="John Deere ${model}"]`);
    await tractorPhoto.scrollIntoViewIfNeeded();
    await expect
      .poll(() => tractorPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await card.getByRole('img', { name: `John Deere ${model} (no photo)` }).count()).toBe(0);
    await card.getByRole('button', { name: 'FieldLot delivers' }).click();
    // $46,000 + $2,800 fee + $520 delivery.
    await d.getByRole('button', { name: 'Issue invoice for $49,320' }).click();
    await toast(d, 'Invoice issued').waitFor();
    await card
      .getByTestId('next-step')
      .getByText(/^Pay \$49,320 by /)
      .waitFor();
    const invoiceLink = card.getByRole('link', { name: /^Invoice INV-\d{4}-\d{6}/ });
    const invoiceText = await pdfAt(d, await invoiceLink.getAttribute('href'));
    expect(invoiceText).toContain('Wire instructions');
    expect(invoiceText).toContain('1200 Lincoln Way, Ames, IA 50010');
    expect(invoiceText).toContain('$49,320.00');
    const mail = await waitForMail({
      template: 'purchase-update',
      to: DEMO_DEALER.email,
      contains: '$49,320',
    });
    expect(mail).toContain('FL-');
    await shot(d, 'invoiced-390');
    await expectNoAxeViolations(d, ['main']);

    // The admin: Purchases tab, payment, release.
    await a.goto('/admin?tab=purchases');
    const row = a.getByTestId('admin-purchase').filter({ hasText: model });
    await row.getByRole('button', { name: /^Open FL-/ }).click();
    const step = async (title: string, fill: Record<string, string> = {}) => {
      const form = row.getByRole('form', { name: title });
      for (const [label, value] of Object.entries(fill)) await form.getByLabel(label).fill(value);
      await form.getByRole('button', { name: title }).click();
      await a.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      // The dialog closes when the step is answered; the badge checks below say whether it went through
      // (toasts pile up when steps follow each other quickly, so they are not waited for each time).
      await a.getByRole('dialog').waitFor({ state: 'detached' });
    };
    const status = (label: string) =>
      row
        .locator('span', { hasText: new RegExp(`^${label}$`) })
        .first()
        .waitFor();
    await step('Record payment', { Reference: 'WIRE-778' });
    await status('Paid');
    await step('Release (gate pass)');
    await status('Released');
    await step('Record transport', { Carrier: 'Heartland Haulers' });
    await row.getByText('Heartland Haulers').first().waitFor();
    await step('Record delivery');
    await status('Delivered');
    await shot(a, 'admin-purchases-1280');

    // The dealer: gate pass, delivery details, the guarantee window, a claim with a photo.
    await d.reload();
    await card.getByTestId('purchase-status').getByText('Delivered').waitFor();
    const gate = card.getByRole('link', { name: /^Gate pass \(release code / });
    const code = ((await gate.textContent()) ?? '').match(/release code ([A-Z0-9-]+)/)?.[1] ?? '';
    expect(await pdfAt(d, await gate.getAttribute('href'))).toContain(code);
    await card.getByTestId('delivery-details').getByText('Heartland Haulers').waitFor();
    await card
      .getByTestId('guarantee-window')
      .getByText(/^Claims until .* \(6 days 23 hours left\)$/)
      .waitFor();
    await card.getByRole('button', { name: 'Open a guarantee claim' }).click();
    const dialog = d.getByRole('dialog');
    await dialog.getByLabel('Not in report').check();
    await dialog.getByLabel('Describe what differs').fill('The loader joystick valve leaks hydraulic oil.');
    await dialog.getByLabel('Photos').setInputFiles({
      name: 'leak.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#553311' } })
        .jpeg()
        .toBuffer(),
    });
    await dialog.getByRole('button', { name: 'Send claim' }).click();
    await toast(d, 'Claim sent: we will answer shortly').waitFor();
    await card.getByTestId('purchase-status').getByText('In dispute').waitFor();
    // The claim photo: a thumbnail that opens the full size (loaded, not the error state).
    await card.getByText('Not covered by the condition report').waitFor();
    await card.getByRole('button', { name: 'Claim photo 1 of 1: open full size' }).click();
    const photo = d.getByRole('dialog', { name: 'Claim photo 1 of 1' });
    await photo.locator('img[alt="Claim photo 1 of 1"][aria-busy="false"]').waitFor();
    await d.keyboard.press('Escape');

    // The admin answers with a credit, records the title, completes.
    await a.reload();
    await row.getByRole('button', { name: /^Open FL-/ }).click();
    // The admin decides with the evidence: the photo and what the report said.
    await row.getByRole('button', { name: 'Claim photo 1 of 1: open full size' }).waitFor();
    await step('Answer claim: credit', { 'Credit ($)': '750', Reason: 'Cracked step the report missed' });
    await status('Delivered');
    await step('Title received from the seller');
    await row.getByRole('form', { name: 'Title sent to the dealer' }).waitFor();
    // The dealer's next step follows the title, on the phone and on the desktop.
    await d.reload();
    await card
      .getByTestId('next-step')
      .getByText('FieldLot has received the title and sends it to you next')
      .waitFor();
    expect(await card.getByText('The title is on its way from the seller').count()).toBe(0);
    await shot(d, 'title-received-390');
    await d.setViewportSize(DESK);
    await card
      .getByTestId('next-step')
      .getByText('FieldLot has received the title and sends it to you next')
      .waitFor();
    await tractorPhoto.scrollIntoViewIfNeeded();
    await expect
      .poll(() => tractorPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await shot(d, 'title-received-1280');
    await d.setViewportSize(PHONE);
    await step('Title sent to the dealer', { Carrier: 'UPS', 'Tracking number': '1Z999AA10123456784' });
    await status('Title sent');
    await step('Complete');
    await status('Complete');

    // The dealer sees it all.
    await d.reload();
    await card.getByTestId('purchase-status').getByText('Complete').waitFor();
    await card.getByRole('link', { name: /^Credit note CN-\d{4}-\d{6} \(\$750\)/ }).waitFor();
    await card
      .getByTestId('delivery-details')
      .getByText(/by UPS, tracking 1Z999AA10123456784/)
      .waitFor();
    await card.getByText('Answer: Credit of $750', { exact: false }).waitFor();
    await card.getByText(/^Timeline \(\d+\)$/).click();
    await card.getByTestId('timeline').getByText('Purchase complete').waitFor();
    await shot(d, 'complete-390');
    await expectNoAxeViolations(d, ['main']);
    const done = await waitForMail({
      template: 'purchase-update',
      to: DEMO_DEALER.email,
      contains: 'Purchase complete',
    });
    expect(done).toContain('Your purchase is complete.');
  });
});
