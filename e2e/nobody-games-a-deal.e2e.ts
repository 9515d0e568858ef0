import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { apiPost, DEMO_DEALER, DEMO_DEALER2, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

/**
 * docs/decisions/0039-nobody-can-game-a-deal.md, on a phone: a buyer's message reaches the seller with its contact
 * details hidden until the sale, and a member of the seller's own dealership cannot offer on its listing.
 */

describe.runIf(hasBrowser())('nobody games a deal', () => {
  let seller: Browser;
  let buyer: Browser;
  let member: Browser;
  let admin: Browser;
  const run = Date.now().toString(36);
  const model = `Fair-${run}`;
  let listingId = '';

  beforeAll(async () => {
    seller = await openBrowser(PHONE);
    buyer = await openBrowser(PHONE);
    member = await openBrowser(PHONE);
    admin = await openBrowser();
    await signInViaApi(seller.page, DEMO_DEALER.email, DEMO_DEALER.password);
    await signInViaApi(buyer.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
    await signInViaApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    ({ id: listingId } = await apiPost(seller.page, '/api/listings', {
      make: 'Case IH',
      model,
      year: 2017,
      hours: 4100,
      priceCents: 64_000_00,
      location: 'Iowa',
      ...E2E_YARD,
      condition: 'Good',
      description: 'Fair deals journey tractor',
    }));
    await apiPost(seller.page, `/api/my-listings/${listingId}/submit`, {});
    await apiPost(admin.page, `/api/admin/listings/${listingId}/approve`, {
      asIsReason: 'Trade-in, sold as seen',
    });
  });
  afterAll(async () => {
    for (const b of [seller, buyer, member, admin]) await b?.close();
  });

  it("a buyer's message is shown to the seller with contact details hidden until the sale", async () => {
    const b = buyer.page;
    await b.goto(`/tractor/${listingId}`);
    await b.getByRole('button', { name: 'Make Offer' }).click();
    const dialog = b.getByRole('dialog', { name: 'Make an Offer' });
    await dialog
      .getByText('Your message is shown to the seller. Contact details are hidden until the sale.')
      .waitFor();
    await dialog.getByLabel('Offer amount (USD)').fill('62000');
    await dialog
      .getByLabel('Message (optional)')
      .fill('Can pick up Friday. Call 515-555-0199 or write to bob@example.com');
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const s = seller.page;
    await s.goto('/my-listings');
    const offer = s.getByTestId('seller-offer').filter({ hasText: model });
    const message = offer.getByTestId('buyer-message');
    await message.getByText('Can pick up Friday.', { exact: false }).waitFor();
    const text = (await message.textContent()) ?? '';
    expect(text).toContain('[contact hidden]');
    expect(text).not.toContain('515-555-0199');
    expect(text).not.toContain('bob@example.com');
    await expectNoAxeViolations(s, ['main']);
    await screenshot(s, 'fair-deals-masked-message-390');
  });

  it("a member of the seller's dealership cannot make an offer on its listing", async () => {
    const email = `fair-member-${run}@example.com`;
    const password = 'Fair-Deal-Member#2026';
    await apiPost(seller.page, '/api/team/invites', { email, role: 'buyer' });
    const mail = await waitForMail({ template: 'team-invite', to: email, contains: '/team/join' });
    const token = /\/team\/join\?token=([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
    expect(token).toBeTruthy();
    await apiPost(member.page, '/api/team/invites/accept', { token, name: 'Riley Samefirm', password });
    await signInViaApi(member.page, email, password);

    const m = member.page;
    await m.goto(`/tractor/${listingId}`);
    await m.getByRole('button', { name: 'Make Offer' }).click();
    const dialog = m.getByRole('dialog', { name: 'Make an Offer' });
    await dialog.getByLabel('Offer amount (USD)').fill('63000');
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    await m.getByText("You cannot make an offer on your own dealership's listing").first().waitFor();
    await screenshot(m, 'fair-deals-own-dealership-390');
  });
});
