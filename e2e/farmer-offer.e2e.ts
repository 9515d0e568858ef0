import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FARMER_ACCEPTED_TEXT } from '../domain/farmer-offers';
import {
  type Browser,
  baseUrl,
  DESK,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
  toast,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { apiWrite, signInViaApi } from './support/session';

async function jpeg(color: string) {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

const noSidewaysScroll = (b: Browser) =>
  b.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

// docs/product/selling.md: a farmer's sell form with photos, the admin's offer, the farmer's answer, the draft.
describe.runIf(hasBrowser())('the farmer gets an offer', () => {
  let farmer: Browser;
  let admin: Browser;
  beforeAll(async () => {
    farmer = await openBrowser(PHONE);
    admin = await openBrowser(PHONE);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
  });
  afterAll(async () => {
    await farmer?.close();
    await admin?.close();
  });

  it('sell form with two photos, a $27,500 offer, accepted by link, a draft listing with the photos, live in one sitting', async () => {
    const email = `farmer-${Date.now()}@example.com`;
    const model = `4440${Date.now().toString(36).toUpperCase()}`;
    const f = farmer.page;

    // The farmer: the tractor, two photos, then the e-mail and a phone number.
    await f.goto('/sell-your-tractor');
    await f.getByLabel('Make').selectOption('John Deere');
    await f.getByLabel('Model').fill(model);
    await f.getByLabel('Year').fill('1981');
    await f.getByLabel('Hours').fill('9800');
    await f.getByLabel('Location').fill('Ames, IA');
    await f.getByLabel('Add photos').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#2f6f3e') },
      { name: 'cab.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#c8a227') },
    ]);
    await f.getByRole('img', { name: /Chosen 2: cab\.jpg/ }).waitFor();
    expect(await noSidewaysScroll(farmer)).toBe(true);
    await expectNoAxeViolations(f);
    await screenshot(f, 'farmer-offer-sell-form-photos-390');
    await f.getByRole('button', { name: 'Submit' }).click();
    await f.getByLabel('Email').fill(email);
    await f.getByLabel('Phone (optional)').fill('(515) 555-0142');
    await f.getByRole('button', { name: 'Get Offer' }).click();
    await f.getByText('Thank you! Your inquiry has been submitted successfully.').waitFor();

    // The admin: the inquiry with its photos, an offer of $27,500 after a confirmation naming it.
    const a = admin.page;
    await a.goto('/admin?tab=inquiries');
    const row = a.getByTestId('inquiry-row').filter({ hasText: email });
    await row.waitFor();
    await row.getByRole('button', { name: 'Offer & history' }).click();
    await row.getByRole('img', { name: /seller's view 2/ }).waitFor();
    expect(await row.getByRole('img', { name: /seller's view/ }).count()).toBe(2);
    await row.getByLabel('Amount ($)').fill('27,500');
    await row.getByRole('button', { name: 'Send offer' }).click();
    const confirm = a.getByTestId('amount-confirm');
    await confirm.getByText('Send an offer of $27,500?').waitFor();
    await expectNoAxeViolations(a);
    await screenshot(a, 'farmer-offer-admin-confirm-390');
    await confirm.getByRole('button', { name: 'Send $27,500 offer' }).click();
    await row.getByText('Offer sent', { exact: true }).first().waitFor();
    expect(await noSidewaysScroll(admin)).toBe(true);

    // The farmer's e-mail: the amount and the link.
    const mail = await waitForMail({ template: 'farmer-offer', to: email });
    expect(mail).toContain('$27,500');
    const link = mail.match(
      new RegExp(`${baseUrl().replace(/[.:/]/g, '\\$&')}/farmer-offer/[A-Za-z0-9_-]+`),
    )?.[0];
    expect(link).toBeTruthy();

    // The farmer's page at 390 px: accept after the confirmation naming the amount.
    await f.goto(link as string);
    await f.getByTestId('offer-amount').filter({ hasText: '$27,500' }).waitFor();
    expect(await noSidewaysScroll(farmer)).toBe(true);
    await expectNoAxeViolations(f);
    await screenshot(f, 'farmer-offer-page-390');
    // Decline asks first, naming the amount; "Keep the offer" changes nothing.
    await f.getByRole('button', { name: 'Decline' }).click();
    const decline = f.getByRole('alertdialog', { name: "Decline FieldLot's offer of $27,500?" });
    await decline.waitFor();
    await expectNoAxeViolations(f);
    await screenshot(f, 'farmer-offer-decline-confirm-390');
    await decline.getByRole('button', { name: 'Keep the offer' }).click();
    await decline.waitFor({ state: 'detached' });
    await f.getByTestId('offer-amount').filter({ hasText: '$27,500' }).waitFor();
    await f.getByRole('button', { name: 'Accept offer' }).click();
    const accept = f.getByTestId('amount-confirm');
    await accept.getByText(`Accept $27,500 for 1981 John Deere ${model}?`).waitFor();
    // What is promised before the farmer says yes, and again after (decision 0077).
    await accept
      .getByText(`You agree to sell the tractor to FieldLot for $27,500. ${FARMER_ACCEPTED_TEXT.paid}`)
      .waitFor();
    await screenshot(f, 'farmer-offer-accept-confirm-390');
    await accept.getByRole('button', { name: 'Accept $27,500' }).click();
    await f.getByRole('heading', { name: 'Offer accepted' }).waitFor();
    await f.getByText(`Thank you! ${FARMER_ACCEPTED_TEXT.contact} ${FARMER_ACCEPTED_TEXT.paid}`).waitFor();
    await expectNoAxeViolations(f);
    await screenshot(f, 'farmer-offer-accepted-390');
    // The farmer's e-mail: what they agreed to and what happens next.
    const accepted = await waitForMail({ template: 'farmer-offer-accepted', to: email });
    expect(accepted).toContain('$27,500');
    expect(accepted).toContain(`1981 John Deere ${model}`);
    // Decision 0077: contact within one business day, the whole amount on pickup day, before the tractor leaves.
    expect(accepted).toContain('within one business day to agree the pickup day');
    expect(accepted).toContain(
      'Payment: the full $27,500, by bank transfer or check as you prefer, on the day we collect the tractor, before it leaves your farm.',
    );

    // The admin is told (e-mail and live) and sees "Offer accepted" and the draft.
    await waitForMail({ template: 'admin-farmer-offer-answered', contains: 'accepted' });
    await row.getByText('Offer accepted', { exact: true }).first().waitFor({ timeout: 30_000 });
    const draftLink = row.getByTestId('draft-listing').getByRole('link');
    await draftLink.waitFor();
    const listingId = (await draftLink.getAttribute('href'))?.split('/').pop() as string;
    await screenshot(a, 'farmer-offer-admin-accepted-390');
    const draft = await a.request.get(`/api/listings/${listingId}`);
    expect(draft.status()).toBe(200);
    const body = await draft.json();
    // What the inquiry knows, and no invented condition.
    expect(body).toMatchObject({
      make: 'John Deere',
      model,
      year: 1981,
      hours: 9800,
      location: 'Iowa',
      city: 'Ames',
      yardPhone: '(515) 555-0142',
      condition: null,
      priceCents: 0,
    });
    expect(body.images).toHaveLength(2);

    // Activate names what is missing under each field; the farmer's yard fills in with one tap.
    await a.goto('/admin?tab=listings');
    await a.getByLabel('Search listings').fill(model);
    const listing = a.getByTestId('admin-listing').filter({ hasText: model });
    await listing.getByRole('button', { name: 'Activate' }).click();
    await toast(
      a,
      'Complete the listing before it goes live: its condition, asking price and yard',
    ).waitFor();
    const dialog = a.getByRole('dialog', { name: 'Edit Listing' });
    await dialog.getByText("Choose the tractor's condition").waitFor();
    await dialog.getByText('Set the asking price').waitFor();
    await dialog.getByText('Yard street address is required').waitFor();
    await dialog.getByRole('button', { name: "Use the farmer's yard: Ames, IA" }).click();
    expect(await dialog.getByLabel('City').inputValue()).toBe('Ames');
    expect(await dialog.getByLabel('Yard contact phone').inputValue()).toBe('(515) 555-0142');
    expect(await dialog.getByLabel('Location (state)').inputValue()).toBe('Iowa');
    await dialog.getByLabel('Yard street address').fill('2600 E Lincoln Way');
    await dialog.getByLabel('ZIP code (for delivery estimates)').fill('50010');
    await dialog.getByLabel('Price ($)').fill('34,500');
    await dialog.getByLabel('Condition').selectOption('Good');
    expect(await noSidewaysScroll(admin)).toBe(true);
    await expectNoAxeViolations(a);
    await screenshot(a, 'farmer-offer-admin-activate-fields-390');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(a, 'Listing updated successfully').waitFor();
    const saved = await (await a.request.get(`/api/listings/${listingId}`)).json();
    expect(saved).toMatchObject({
      priceCents: 3_450_000,
      condition: 'Good',
      yardAddress: '2600 E Lincoln Way',
    });

    // A price sent under another name is refused with the name, never answered 200 and dropped.
    const wrongName = await apiWrite(a, 'PATCH', `/api/admin/listings/${listingId}`, { price: 34_500 });
    expect(wrongName.status()).toBe(400);
    expect((await wrongName.json()).error.message).toBe(
      'Unknown field: price. The asking price is priceCents, in cents.',
    );

    // What is left is the inspection (or as-is): the server's reason, then it goes live.
    await listing.getByRole('button', { name: 'Activate' }).click();
    await toast(
      a,
      'This tractor goes live only with a published condition report or as "Sold as-is, not inspected"',
    ).waitFor();
    const asIs = await apiWrite(a, 'POST', `/api/admin/listings/${listingId}/as-is`, {
      reason: 'E2E: sold as seen',
    });
    expect(asIs.ok(), await asIs.text()).toBe(true);
    await listing.getByRole('button', { name: 'Activate' }).click();
    await toast(a, 'Listing activated successfully').waitFor();
    await screenshot(a, 'farmer-offer-admin-live-390');

    // The link works once: opened again, a clear page inviting a new inquiry.
    await f.goto(link as string);
    await f
      .getByTestId('offer-unavailable')
      .getByText('You have already answered this offer.', { exact: false })
      .waitFor();
    await f.getByRole('link', { name: 'Ask for a new offer' }).waitFor();
    await screenshot(f, 'farmer-offer-used-390');
    expect(farmer.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    expect(admin.errors.filter((e) => !/status of (400|409)/.test(e))).toEqual([]);
  }, 300_000);

  it('at 1280 px the farmer declines only after the confirmation naming the amount', async () => {
    const email = `farmer-decline-${Date.now()}@example.com`;
    const model = `5055${Date.now().toString(36).toUpperCase()}`;
    const a = admin.page;
    const made = await apiWrite(a, 'POST', '/api/inquiries', {
      make: 'John Deere',
      model,
      year: 2016,
      hours: 2100,
      location: 'Ames, IA',
      email,
    });
    expect(made.status(), await made.text()).toBe(201);
    const sent = await apiWrite(a, 'POST', `/api/admin/inquiries/${(await made.json()).id}/offers`, {
      amount: '31,000',
      pickup: 'We collect the tractor from your farm with our own truck.',
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const mail = await waitForMail({ template: 'farmer-offer', to: email });
    const link = mail.match(
      new RegExp(`${baseUrl().replace(/[.:/]/g, '\\$&')}/farmer-offer/[A-Za-z0-9_-]+`),
    )?.[0];
    expect(link).toBeTruthy();

    const desk = await openBrowser(DESK);
    try {
      const f = desk.page;
      await f.goto(link as string);
      await f.getByTestId('offer-amount').filter({ hasText: '$31,000' }).waitFor();
      await f.getByRole('button', { name: 'Decline' }).click();
      const decline = f.getByRole('alertdialog', { name: "Decline FieldLot's offer of $31,000?" });
      await decline
        .getByText(`You tell FieldLot you do not want to sell 2016 John Deere ${model} for $31,000.`, {
          exact: false,
        })
        .waitFor();
      await expectNoAxeViolations(f);
      await screenshot(f, 'farmer-offer-decline-confirm-1280');
      // Escape changes nothing either.
      await f.keyboard.press('Escape');
      await decline.waitFor({ state: 'detached' });
      await f.getByRole('button', { name: 'Decline' }).click();
      await decline.getByRole('button', { name: 'Decline Offer' }).click();
      await f.getByRole('heading', { name: 'Offer declined' }).waitFor();
      await screenshot(f, 'farmer-offer-declined-1280');
      expect(desk.errors).toEqual([]);
    } finally {
      await desk.close();
    }
  }, 120_000);

  it("at 1280 px: the farmer accepts after the confirmation that says when they are paid, and the admin puts the draft live from the farmer's yard", async () => {
    const email = `farmer-desk-${Date.now()}@example.com`;
    const model = `4640${Date.now().toString(36).toUpperCase()}`;
    const a = admin.page;
    const made = await apiWrite(a, 'POST', '/api/inquiries', {
      make: 'John Deere',
      model,
      year: 1985,
      hours: 7200,
      location: 'Ames, IA',
      phone: '(515) 555-0199',
      email,
    });
    expect(made.status(), await made.text()).toBe(201);
    const sent = await apiWrite(a, 'POST', `/api/admin/inquiries/${(await made.json()).id}/offers`, {
      amount: '24,000',
      pickup: 'We collect the tractor from your farm with our own truck.',
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const mail = await waitForMail({ template: 'farmer-offer', to: email });
    const link = mail.match(
      new RegExp(`${baseUrl().replace(/[.:/]/g, '\\$&')}/farmer-offer/[A-Za-z0-9_-]+`),
    )?.[0];
    expect(link).toBeTruthy();

    const desk = await openBrowser(DESK);
    try {
      const f = desk.page;
      await f.goto(link as string);
      await f.getByTestId('offer-amount').filter({ hasText: '$24,000' }).waitFor();
      await f.getByRole('button', { name: 'Accept offer' }).click();
      const accept = f.getByTestId('amount-confirm');
      await accept.getByText(`Accept $24,000 for 1985 John Deere ${model}?`).waitFor();
      await accept
        .getByText(`You agree to sell the tractor to FieldLot for $24,000. ${FARMER_ACCEPTED_TEXT.paid}`)
        .waitFor();
      await expectNoAxeViolations(f);
      await screenshot(f, 'farmer-offer-accept-confirm-1280');
      await accept.getByRole('button', { name: 'Accept $24,000' }).click();
      await f.getByRole('heading', { name: 'Offer accepted' }).waitFor();
      await f.getByText(`Thank you! ${FARMER_ACCEPTED_TEXT.contact} ${FARMER_ACCEPTED_TEXT.paid}`).waitFor();
      await expectNoAxeViolations(f);
      await screenshot(f, 'farmer-offer-accepted-1280');
      const accepted = await waitForMail({ template: 'farmer-offer-accepted', to: email });
      expect(accepted).toContain(`Offer accepted: 1985 John Deere ${model}, $24,000`);
      expect(accepted).toContain(FARMER_ACCEPTED_TEXT.payment('$24,000'));
      expect(desk.errors).toEqual([]);
    } finally {
      await desk.close();
    }

    // The admin at 1280 px: Activate names each missing field, the farmer's yard fills in, then it goes live.
    await a.setViewportSize(DESK);
    try {
      await a.goto('/admin?tab=listings');
      await a.getByLabel('Search listings').fill(model);
      const listing = a.getByTestId('admin-listing').filter({ hasText: model });
      await listing.getByRole('button', { name: 'Activate' }).click();
      await toast(
        a,
        'Complete the listing before it goes live: its condition, asking price and yard',
      ).waitFor();
      const dialog = a.getByRole('dialog', { name: 'Edit Listing' });
      await dialog.getByText("Choose the tractor's condition").waitFor();
      await dialog.getByText('Set the asking price').waitFor();
      await dialog.getByText('Yard street address is required').waitFor();
      await dialog.getByRole('button', { name: "Use the farmer's yard: Ames, IA" }).click();
      expect(await dialog.getByLabel('City').inputValue()).toBe('Ames');
      expect(await dialog.getByLabel('Yard contact phone').inputValue()).toBe('(515) 555-0199');
      expect(await dialog.getByLabel('Location (state)').inputValue()).toBe('Iowa');
      await dialog.getByLabel('Yard street address').fill('2600 E Lincoln Way');
      await dialog.getByLabel('ZIP code (for delivery estimates)').fill('50010');
      await dialog.getByLabel('Price ($)').fill('29,500');
      await dialog.getByLabel('Condition').selectOption('Good');
      await expectNoAxeViolations(a);
      await screenshot(a, 'farmer-offer-admin-activate-fields-1280');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await toast(a, 'Listing updated successfully').waitFor();
      await listing.getByRole('button', { name: 'Activate' }).click();
      await toast(
        a,
        'This tractor goes live only with a published condition report or as "Sold as-is, not inspected"',
      ).waitFor();
      const id = (await (await a.request.get(`/api/admin/listings?q=${model}`)).json()).items?.[0]?.id;
      expect(id).toBeTruthy();
      const asIs = await apiWrite(a, 'POST', `/api/admin/listings/${id}/as-is`, {
        reason: 'E2E: sold as seen',
      });
      expect(asIs.ok(), await asIs.text()).toBe(true);
      await listing.getByRole('button', { name: 'Activate' }).click();
      await toast(a, 'Listing activated successfully').waitFor();
      expect((await (await a.request.get(`/api/listings/${id}`)).json()).priceCents).toBe(2_950_000);
      await screenshot(a, 'farmer-offer-admin-live-1280');
    } finally {
      await a.setViewportSize(PHONE);
    }
  }, 180_000);
});
