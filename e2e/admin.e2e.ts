import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  baseUrl,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
  toast,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import { apiWrite, DEMO_DEALER, DEMO_DEALER2, DEMO_PASSWORD, signInViaApi } from './support/session';
import { E2E_YARD } from './support/yard';

describe.runIf(hasBrowser())('admin panel', () => {
  let b: Browser;
  const sellerEmail = `admin-journey-${Date.now()}@example.com`;

  beforeAll(async () => {
    b = await openBrowser();
    // A fresh inquiry of our own to move through its states.
    const res = await apiWrite(b.page, 'POST', '/api/inquiries', {
      make: 'Fendt',
      model: '724 Vario',
      year: 2020,
      hours: 3100,
      location: 'Ohio',
      email: sellerEmail,
    });
    expect(res.status()).toBe(201);
    await signInViaApi(b.page, E2E_ADMIN.email, E2E_ADMIN.password);
  });
  afterAll(() => b?.close());

  it('shows the panel with live counts and tabs', async () => {
    const { page } = b;
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    for (const label of ['Total Users', 'Pending Review', 'Approved Users', 'Administrators'])
      await page.getByTestId(`stat-${label}`).waitFor();
    const admins = Number(await page.getByTestId('stat-Administrators').textContent());
    expect(admins).toBeGreaterThanOrEqual(1);
    await page.getByText(/\d+ approved · \d+ admin/).waitFor();
    await screenshot(page, 'admin-1280');
    await expectNoAxeViolations(page);
  });

  it('moves the inquiry to contacted, closed and back to pending', async () => {
    const { page } = b;
    await page.getByRole('tab', { name: 'Sale Inquiries' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('inquiries');
    const row = page.getByTestId('inquiry-row').filter({ hasText: sellerEmail });
    await row.waitFor();
    await expectNoAxeViolations(page);

    await row.getByRole('button', { name: /^Mark Contacted/ }).click();
    await toast(page, 'Inquiry marked as contacted').waitFor();
    await row.getByText('Contacted', { exact: true }).waitFor();

    await row.getByRole('button', { name: /^Mark Closed/ }).click();
    await toast(page, 'Inquiry marked as closed').waitFor();

    await row.getByRole('button', { name: /^Reopen/ }).click();
    await toast(page, 'Inquiry marked as pending').waitFor();
    await row.getByRole('button', { name: /^Mark Contacted/ }).waitFor();

    // The state is the server's: a reload shows it.
    await page.reload();
    await page
      .getByTestId('inquiry-row')
      .filter({ hasText: sellerEmail })
      .getByText('Pending', { exact: true })
      .waitFor();
    await screenshot(page, 'admin-inquiries');
  });

  it('sends brand and daily notifications, and nothing twice', async () => {
    const { page } = b;
    await page.goto('/admin?tab=listings');
    expect(await page.getByLabel('Brand').inputValue()).toBe('John Deere');
    await expectNoAxeViolations(page);

    // Something to announce for sure: a dealer who prefers John Deere, and a John Deere listing new to them.
    const dealer = await openBrowser();
    try {
      await signInViaApi(dealer.page, DEMO_DEALER2.email, DEMO_DEALER2.password);
      const pref = await apiWrite(dealer.page, 'POST', '/api/users/me/brands', { brandName: 'John Deere' });
      expect(pref.status()).toBeLessThan(500);
    } finally {
      await dealer.close();
    }
    const listing = await apiWrite(page, 'POST', '/api/listings', {
      ...E2E_YARD,
      make: 'John Deere',
      model: 'E2E 5075E',
      year: 2022,
      hours: 640,
      location: 'Iowa',
      priceCents: 5_250_000,
    });
    expect(listing.status(), await listing.text()).toBe(201);
    // New tractors go live with a condition report or as "Sold as-is, not inspected" (docs/product/condition-reports.md).
    const { id } = await listing.json();
    await apiWrite(page, 'POST', `/api/admin/listings/${id}/as-is`, { reason: 'E2E: sold as seen' });

    const sendBrand = page.getByRole('button', { name: 'Send brand notifications' });
    await sendBrand.click();
    const brandToast = toast(page, /Successfully sent \d+ John Deere notifications!/);
    await brandToast.waitFor();
    expect(Number(/sent (\d+)/.exec((await brandToast.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(1);
    await sendBrand.click();
    await toast(
      page,
      'No new John Deere listings to send. Every dealer has already been sent them.',
    ).waitFor();

    const sendDaily = page.getByRole('button', { name: 'Send daily listing notifications' });
    await sendDaily.click();
    const dailyToast = toast(page, /Successfully sent \d+ daily listing notifications!/);
    await dailyToast.waitFor();
    expect(Number(/sent (\d+)/.exec((await dailyToast.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(1);
    await sendDaily.click();
    await toast(page, 'No new listings to send since the last daily notifications.').waitFor();
  });

  it('a dealer unsubscribes from the e-mailed link without signing in', async () => {
    // The demo dealer who prefers John Deere above: other journeys' dealers get these mails too, with passwords
    // of their own.
    const mail = await waitForMail({
      template: /-(send-brand-notifications|daily-listing-notifications)\.eml$/,
      to: DEMO_DEALER2.email,
    });
    const to = /^To: (.+)$/m.exec(mail)?.[1].trim() ?? '';
    const link = /https?:\/\/[^\s"<>]+\/unsubscribe\?token=[\w.%-]+/.exec(mail)?.[0];
    expect(link, 'unsubscribe link in the e-mail').toBeTruthy();
    const visitor = await openBrowser();
    try {
      await visitor.page.goto(link as string);
      const confirm = visitor.page.getByRole('button', { name: 'Unsubscribe' });
      await confirm.waitFor();
      await expectNoAxeViolations(visitor.page);
      // Opening the link changed nothing; the button does.
      await signInViaApi(visitor.page, to, DEMO_PASSWORD);
      const me = async () => (await visitor.page.request.get(`${baseUrl()}/api/users/me`)).json();
      const prefs = async () => (await me()).emailNotifications;
      expect(await prefs()).toBe(true);
      await confirm.click();
      await visitor.page.getByText('You are unsubscribed.').waitFor();
      expect(await prefs()).toBe(false);
      const { name, companyName } = await me();
      await apiWrite(visitor.page, 'PATCH', '/api/users/me', { name, companyName, emailNotifications: true });
      expect(await prefs()).toBe(true);
    } finally {
      await visitor.close();
    }
  });

  it('previews the dealer view and returns', async () => {
    const { page } = b;
    await page.goto('/admin');
    await page.getByRole('button', { name: 'View as User' }).click();
    await page.getByRole('heading', { name: 'Admin Preview Mode - Viewing as Approved User' }).waitFor();
    await page.getByRole('button', { name: 'Return to Admin Panel' }).click();
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
  });

  it('shows the sign-ins of the journey in the audit log, and the e-mail outbox', async () => {
    const { page } = b;
    await page.goto('/admin?tab=audit');
    await page.getByLabel('User e-mail').fill(E2E_ADMIN.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByTestId('audit-row').filter({ hasText: 'auth.sign_in.success' }).first().waitFor();
    await page.getByTestId('audit-row').filter({ hasText: 'inquiry.status_changed' }).first().waitFor();
    await page.getByLabel('Action', { exact: true }).selectOption('auth.sign_in.success');
    const rows = page.getByTestId('audit-row');
    await rows.first().waitFor();
    for (const text of await rows.allTextContents()) expect(text).toContain('auth.sign_in.success');
    // The hash chain's nightly check (run at start once it is past 02:00) and the export of a period.
    await page.getByText(/^Audit: (verified through .+|not verified yet)$/).waitFor();
    const csvLink = page.getByRole('link', { name: 'Download CSV' });
    const csv = await page.request.get(String(await csvLink.getAttribute('href')));
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'id,chain_seq,created_at,action,resource_type,actor_user_id,actor_email,ip,details,prev_hash,row_hash',
    );
    const json = await page.request.get(
      String(await page.getByRole('link', { name: 'Download JSON' }).getAttribute('href')),
    );
    expect(json.status()).toBe(200);
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: 'E-mail' }).click();
    await page.getByText(sellerEmail).first().waitFor();
    await expectNoAxeViolations(page);
  });

  it('checks the other tabs for accessibility', async () => {
    const { page } = b;
    for (const tab of ['User Management', 'Offer Management']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    }
  });

  it('works on a phone', async () => {
    const phone = await openBrowser(PHONE);
    try {
      await signInViaApi(phone.page, E2E_ADMIN.email, E2E_ADMIN.password);
      await phone.page.goto('/admin?tab=inquiries');
      await phone.page.getByTestId('inquiry-row').first().waitFor();
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow).toBe(false);
      await screenshot(phone.page, 'admin-390');
    } finally {
      await phone.close();
    }
  });

  it('signs a non-admin out of /admin with the access-denied message', async () => {
    const dealer = await openBrowser();
    try {
      await signInViaApi(dealer.page, DEMO_DEALER.email, DEMO_DEALER.password);
      await dealer.page.goto('/admin');
      const denied = toast(dealer.page, 'Access denied. Admin privileges required.');
      await denied.waitFor();
      await dealer.page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await dealer.page.getByText("You don't have admin privileges.").waitFor();
      await expect
        .poll(
          async () => (await (await dealer.page.request.get(`${baseUrl()}/api/auth/session`)).json()).user,
        )
        .toBeNull();
      // The toast's own colours belong to the shared toaster; check the page once it has gone.
      await denied.waitFor({ state: 'detached', timeout: 15_000 });
      await expectNoAxeViolations(dealer.page);
    } finally {
      await dealer.close();
    }
  });
});
