import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_TEXT } from '../domain/data-exports';
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
import { siteLinkIn, waitForMail } from './support/mail';
import { DEMO_DEALER, signInViaUi } from './support/session';

/** Closes open toasts so axe checks the page itself (the toast colours belong to the app shell). */
async function dismissToasts(page: Page) {
  for (const button of await page.locator('[data-sonner-toast] [data-close-button]').all())
    await button.click({ timeout: 1000 }).catch(() => {});
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 8000 })
    .catch(() => {});
}

describe.runIf(hasBrowser())('accounts journeys', () => {
  let dealer: Browser;
  let admin: Browser;
  const stamp = Date.now();
  const applicant = {
    name: `Dana Fields ${stamp}`,
    email: `dana-${stamp}@example.com`,
    company: 'Fields Equipment LLC',
    password: 'Fresh-Harvest#2031',
  };
  const newPassword = 'Golden-Wheat#2032';

  beforeAll(async () => {
    dealer = await openBrowser();
    admin = await openBrowser();
  });
  afterAll(async () => {
    await dealer?.close();
    await admin?.close();
  });

  it('applies and lands on the pending page', async () => {
    const { page } = dealer;
    await page.goto('/apply');
    await page.getByRole('heading', { name: 'Apply for a Dealer Account' }).waitFor();
    await page.getByLabel('Full Name').fill(applicant.name);
    await page.getByLabel('Email Address').fill(applicant.email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByText('Password must be at least 12 characters long').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Welcome2015!!');
    await page.getByText('This password is too common. Please choose another.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(applicant.password);
    await page.getByText('Strong enough').waitFor();
    await page.getByLabel('Company Name').fill(applicant.company);
    await page.getByLabel('Kubota').check();
    await page.getByLabel('Fendt').check();
    await screenshot(page, 'accounts-apply-1280');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL('**/pending-approval');
    await page.getByRole('heading', { name: 'Application Pending Approval' }).waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, 'accounts-pending-390');
    await page.goto('/apply');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await screenshot(page, 'accounts-apply-390');
    await page.setViewportSize(DESK);
    await page.goto('/pending-approval');
    await page.getByRole('heading', { name: 'Application Pending Approval' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    // Applying signs nobody in (Sign Out only for a signed-in user).
    expect(await page.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('refuses a pending applicant at sign-in only after the password checks out', async () => {
    const { page } = dealer;
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(applicant.email);
    await dialog.getByLabel('Password', { exact: true }).fill('Not-The-One#2024x');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    expect(await dialog.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.getByText('Invalid email or password').waitFor();
    await dialog.getByRole('link', { name: 'Apply for a dealer account' }).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Password', { exact: true }).fill(applicant.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast(
      page,
      'Your application is still pending approval. Please wait for admin confirmation.',
    ).waitFor();
    await page.keyboard.press('Escape');
  });

  it('admin login refuses a non-admin, then signs the admin in', async () => {
    const { page } = admin;
    await page.goto('/admin-login');
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill(DEMO_DEALER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_DEALER.password);
    await page.getByRole('button', { name: 'Sign In as Admin' }).click();
    await page.getByRole('alert').filter({ hasText: 'Access denied. Admin privileges required.' }).waitFor();
    const session = await page.request.get(`${baseUrl()}/api/auth/session`);
    expect((await session.json()).user).toBeNull();
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In as Admin' }).click();
    await toast(page, 'Successfully signed in as admin!').waitFor();
    await page.waitForURL('**/admin');
  });

  it('admin approves the application; the dealer gets the e-mail, signs in and sees the dealer header', async () => {
    const { page } = admin;
    await page.goto('/admin');
    const row = page.getByRole('listitem').filter({ hasText: applicant.email });
    await row.getByRole('button', { name: `Approve ${applicant.name}` }).click();
    await toast(page, 'Application approved successfully').waitFor();
    await row.getByText('Approved', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Approve/ }).count()).toBe(0);
    await screenshot(page, 'accounts-admin-users-1280');
    expect(
      siteLinkIn(await waitForMail({ template: 'notify-user-status-change', to: applicant.email })),
    ).toContain(baseUrl());

    const d = dealer.page;
    await d.goto('/');
    await signInViaUi(d, applicant.email, applicant.password);
    await d.getByRole('banner').getByRole('link', { name: 'Browse Listings' }).waitFor();
    await d.getByRole('banner').getByRole('link', { name: 'My Account' }).waitFor();
  });

  it('My Account edits and brand preferences persist across a reload', async () => {
    const { page } = dealer;
    await page.goto('/my-account');
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    await page.getByText('Email cannot be changed').waitFor();
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Full Name').fill(`${applicant.name} Jr`);
    await page.getByLabel('Company Name').fill('Fields & Sons Equipment');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Personal information updated successfully').waitFor();
    const brands = page.getByRole('list', { name: 'Your preferred brands' });
    await brands.getByText('Kubota').waitFor();
    await page.getByLabel('Add a brand').selectOption('Mahindra');
    await page.getByRole('button', { name: 'Add Brand' }).click();
    await toast(page, 'Mahindra added to your preferred brands').waitFor();
    await page.getByRole('button', { name: 'Remove Kubota' }).click();
    await toast(page, 'Kubota removed from your preferred brands').waitFor();
    await dismissToasts(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'accounts-my-account-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'accounts-my-account-390');
    await page.setViewportSize(DESK);
    await page.reload();
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe(`${applicant.name} Jr`);
    expect(await page.getByLabel('Company Name').inputValue()).toBe('Fields & Sons Equipment');
    const names = await page
      .getByRole('list', { name: 'Your preferred brands' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(names.map((n) => n.trim()).sort()).toEqual(['Fendt', 'Mahindra']);
  });

  it('the dealership owner asks for all its data on My Account and sees the card follow the file (1280 px, 390 px)', async () => {
    const { page } = dealer;
    await page.goto('/my-account');
    const card = page.getByTestId('data-export-card');
    await card.getByRole('heading', { name: DATA_EXPORT_TEXT.title }).waitFor();
    await card.getByText(DATA_EXPORT_TEXT.intro).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'accounts-data-export-card-1280');
    await card.getByRole('button', { name: DATA_EXPORT_TEXT.request }).click();
    await toast(page, DATA_EXPORT_TEXT.queued).waitFor();
    // While the file is prepared the button waits; the card then says the link was e-mailed, without a reload.
    await card.getByRole('status').filter({ hasText: DATA_EXPORT_TEXT.ready }).waitFor({ timeout: 60_000 });
    expect(await card.getByRole('button', { name: DATA_EXPORT_TEXT.request }).isEnabled()).toBe(true);
    await waitForMail({ template: /data-export/, to: applicant.email }, 60_000);
    await dismissToasts(page);
    await expectNoAxeViolations(page, ['[data-testid="data-export-card"]']);
    await screenshot(page, 'accounts-data-export-ready-1280');
    await page.setViewportSize(PHONE);
    await card.getByRole('status').filter({ hasText: DATA_EXPORT_TEXT.ready }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'accounts-data-export-ready-390', { fullPage: false });
    await expectNoAxeViolations(page, ['[data-testid="data-export-card"]']);
    await page.setViewportSize(DESK);

    // The admin's Audit Log tab: the chain's "verified through" line (docs/product/security.md#audit-log).
    const a = admin.page;
    await a.goto('/admin?tab=audit');
    await a.getByText(/^Audit: (verified through|not verified yet)/).waitFor();
    await screenshot(a, 'accounts-audit-verified-1280');
    await a.setViewportSize(PHONE);
    await screenshot(a, 'accounts-audit-verified-390');
    await a.setViewportSize(DESK);
  });

  it('resets the password through the e-mailed link; the reset ends the session', async () => {
    const { page } = dealer;
    await page.goto('/');
    // Signed in: the reset must end this session too.
    await page.request.get(`${baseUrl()}/api/auth/session`);
    const other = await openBrowser();
    try {
      const p = other.page;
      await p.goto('/');
      await p.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
      const dialog = p.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
      await dialog.getByRole('heading', { name: 'Reset Password' }).waitFor();
      await dialog.getByLabel('Email').fill(applicant.email);
      await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
      await toast(p, 'Password reset link sent to your email!').waitFor();
      await dialog.getByRole('heading', { name: 'Sign In' }).waitFor();
      const link = siteLinkIn(await waitForMail({ template: 'auth-reset-password', to: applicant.email }));
      expect(link).toContain('/reset-password?token=');
      await p.goto(link);
      await p.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
      await expectNoAxeViolations(p);
      await p.getByLabel('New Password', { exact: true }).fill(newPassword);
      await p.getByLabel('Confirm New Password').fill(newPassword);
      await p.getByRole('button', { name: 'Reset Password' }).click();
      await toast(p, 'Your password has been reset. Please sign in with your new password.').waitFor();
      await p.waitForURL(`${baseUrl()}/`);
    } finally {
      await other.close();
    }
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await signInViaUi(page, applicant.email, newPassword);
  });

  it('signs in through an e-mailed link and lands on the listing', async () => {
    const probe = await admin.page.request.get(`${baseUrl()}/api/listings/public`);
    const listingId = ((await probe.json()) as { items: Array<{ id: string }> }).items[0]?.id;
    expect(listingId).toBeTruthy();
    const other = await openBrowser(PHONE);
    try {
      const p = other.page;
      // Opened signed out, a tractor page asks to sign in at once (docs/product/accounts.md).
      await p.goto(`/tractor/${listingId}`);
      const dialog = p.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByLabel('Email').fill(applicant.email);
      await screenshot(p, 'accounts-sign-in-dialog-390');
      await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await toast(p, 'Login link sent! Please check your email.').waitFor();
      const link = siteLinkIn(await waitForMail({ template: 'auth-sign-in-link', to: applicant.email }));
      expect(link).toContain(`listing=${listingId}`);
      await p.goto(link);
      await p.getByRole('button', { name: 'Continue' }).waitFor();
      await expectNoAxeViolations(p);
      await p.getByRole('button', { name: 'Continue' }).click();
      await toast(p, 'Successfully authenticated!').waitFor();
      await p.waitForURL(`**/tractor/${listingId}`);
      // The link works once.
      await p.goto(link);
      await p.getByRole('button', { name: 'Continue' }).click();
      await toast(p, 'This sign-in link is invalid, has expired or was already used.').waitFor();
      await p.waitForURL(`${baseUrl()}/`);
    } finally {
      await other.close();
    }
  });

  it("rejecting the dealer ends the dealer's session at once", async () => {
    const { page } = dealer;
    await page.goto('/my-account');
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    const a = admin.page;
    await a.goto('/admin');
    const row = a.getByRole('listitem').filter({ hasText: applicant.email });
    await row.getByRole('button', { name: /^Reject/ }).click();
    const confirm = a.getByRole('alertdialog');
    await confirm.getByText('They are signed out at once').waitFor();
    await confirm.getByRole('button', { name: 'Reject', exact: true }).click();
    await toast(a, 'Application rejected successfully').waitFor();
    await waitForMail({ template: 'notify-user-status-change', to: applicant.email });
    await page.reload();
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByRole('link', { name: 'Return Home' }).waitFor();
    await expectNoAxeViolations(page);
    const me = await page.request.get(`${baseUrl()}/api/users/me`);
    expect(me.status()).toBe(401);
  });

  it('sends bad e-mailed links home with their message', async () => {
    const { page } = dealer;
    await page.goto('/auth-redirect?token=abc&email=not-an-email');
    await toast(page, 'Invalid email in authentication link').waitFor();
    await page.waitForURL(`${baseUrl()}/`);
    await page.goto('/email-auth?email=someone%40example.com');
    await toast(page, 'Invalid authentication link').waitFor();
    await page.waitForURL(`${baseUrl()}/`);
  });

  it('has no unexpected console errors', () => {
    const unexpected = [...dealer.errors, ...admin.errors].filter((e) => !/status of (400|403|429)/.test(e));
    expect(unexpected).toEqual([]);
  });
});
