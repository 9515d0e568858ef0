import sharp from 'sharp';
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
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { signInViaApi } from './support/session';

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

  it('sell form with two photos, a $27,500 offer, accepted by link, a draft listing with the photos', async () => {
    const email = `farmer-${Date.now()}@example.com`;
    const f = farmer.page;

    // The farmer: the tractor, two photos, then the e-mail and a phone number.
    await f.goto('/sell-your-tractor');
    await f.getByLabel('Make').selectOption('John Deere');
    await f.getByLabel('Model').fill('4440');
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
    await f.getByRole('button', { name: 'Accept offer' }).click();
    const accept = f.getByTestId('amount-confirm');
    await accept.getByText('Accept $27,500 for 1981 John Deere 4440?').waitFor();
    await screenshot(f, 'farmer-offer-accept-confirm-390');
    await accept.getByRole('button', { name: 'Accept $27,500' }).click();
    await f.getByRole('heading', { name: 'Offer accepted' }).waitFor();
    await screenshot(f, 'farmer-offer-accepted-390');

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
    expect(body).toMatchObject({ make: 'John Deere', model: '4440', year: 1981, hours: 9800 });
    expect(body.images).toHaveLength(2);

    // The link works once: opened again, a clear page inviting a new inquiry.
    await f.goto(link as string);
    await f
      .getByTestId('offer-unavailable')
      .getByText('You have already answered this offer.', { exact: false })
      .waitFor();
    await f.getByRole('link', { name: 'Ask for a new offer' }).waitFor();
    await screenshot(f, 'farmer-offer-used-390');
    expect(farmer.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  }, 300_000);
});
