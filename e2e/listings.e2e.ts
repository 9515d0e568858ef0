import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  baseUrl,
  DESK,
  dataDir,
  expectNoAxeViolations,
  hasBrowser,
  openBrowser,
  PHONE,
  screenshot,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { apiWrite, DEMO_DEALER, signInViaApi } from './support/session';

const heading = (page: Browser['page']) => page.getByRole('heading', { name: /^Available Inventory \(/ });
async function count(page: Browser['page']): Promise<number> {
  await expect.poll(async () => (await heading(page).textContent()) ?? '').toMatch(/\([\d,]+ tractors\)/);
  return Number((await heading(page).textContent())?.match(/\(([\d,]+)/)?.[1].replace(/,/g, ''));
}
const cardTitles = (page: Browser['page']) => page.locator('main h3').allTextContents();

describe.runIf(hasBrowser())('listings', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(() => b?.close());

  it('dealer searches, filters by brand and More Filters, shares the URL, opens a tractor, walks the gallery', async () => {
    const { page } = b;
    await signInViaApi(page, DEMO_DEALER.email, DEMO_DEALER.password);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Wholesale tractors available now' }).waitFor();
    const all = await count(page);
    expect(all).toBeGreaterThan(24);
    await expect.poll(async () => (await cardTitles(page)).length).toBe(24);
    await screenshot(page, 'listings-dashboard-1280');

    // Load more pages in the next 24.
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(async () => (await cardTitles(page)).length).toBe(Math.min(48, all));

    await page.getByPlaceholder('Search by make, model, location, or description...').fill('deere');
    await page.waitForURL(/q=deere/);
    await expect.poll(() => count(page)).toBeLessThan(all);
    expect(await count(page)).toBeGreaterThan(0);

    await page.getByPlaceholder('Search by make, model, location, or description...').fill('');
    await page.waitForURL((u) => !u.searchParams.has('q'));
    await page.getByLabel('Brand').selectOption('Kubota');
    await page.waitForURL(/brand=Kubota/);
    await expect.poll(() => count(page)).toBeLessThan(all);
    await expect.poll(async () => (await cardTitles(page)).every((t) => t.startsWith('Kubota'))).toBe(true);
    const kubota = await count(page);

    await page.getByRole('button', { name: /^More Filters/ }).click();
    const panel = page.getByRole('form', { name: 'More Filters' });
    await panel.getByLabel('Year from').fill('2012');
    await panel.getByLabel('Max hours').fill('8000');
    const filteredResponse = page.waitForResponse(
      (r) => r.url().includes('/api/listings?') && r.url().includes('yearMin=2012'),
    );
    await panel.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/yearMin=2012/);
    expect(page.url()).toContain('hoursMax=8000');
    const filtered = (await (await filteredResponse).json()).total as number;
    expect(filtered).toBeLessThanOrEqual(kubota);
    await expect.poll(() => count(page)).toBe(filtered);
    for (const text of await page.locator('main h3 + p').allTextContents())
      expect(Number(text.slice(0, 4))).toBeGreaterThanOrEqual(2012);
    await expectNoAxeViolations(page);

    // The URL is the shareable view: a reload (or another dealer opening it) shows the same thing.
    const shared = page.url();
    await page.reload();
    await expect.poll(() => count(page)).toBe(filtered);
    await expect.poll(() => page.getByLabel('Brand').inputValue()).toBe('Kubota');

    // Back goes to the view before More Filters.
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('yearMin'));
    await expect.poll(() => count(page)).toBe(kubota);
    await page.goto(shared);

    // Nothing matches: the empty state clears the filters.
    await page
      .getByPlaceholder('Search by make, model, location, or description...')
      .fill('zzqx-no-such-tractor');
    await page.getByRole('heading', { name: 'No Tractors Found' }).waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => count(page)).toBe(all);

    // A tractor with several photos (the demo pictures are drawn in the background after start-up).
    let target: string | undefined;
    await expect
      .poll(
        async () => {
          const list = await (await page.request.get(`${baseUrl()}/api/listings`)).json();
          for (const item of list.items) {
            const d = await (await page.request.get(`${baseUrl()}/api/listings/${item.id}`)).json();
            if (d.images.length > 1) {
              target = item.id;
              return true;
            }
          }
          return false;
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(true);
    await page.goto(`/tractor/${target}`);
    const gallery = page.getByRole('region', { name: /^Photos of / });
    await gallery.waitFor();
    const main = page.getByTestId('gallery-main');
    const firstSrc = await main.getAttribute('src');
    await gallery.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => main.getAttribute('src')).not.toBe(firstSrc);
    await expect.poll(() => gallery.getByText(/^2 \/ \d+$/).isVisible()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => main.getAttribute('src')).toBe(firstSrc);
    await page.getByRole('button', { name: /^Show photo 2 of/ }).click();
    await expect.poll(() => main.getAttribute('src')).not.toBe(firstSrc);
    await page.getByText('Key specifications').or(page.getByText('Hours').first()).first().waitFor();
    await page.getByRole('link', { name: 'Back to Listings' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'listings-detail-1280');

    await page.setViewportSize(PHONE);
    await screenshot(page, 'listings-detail-390');
    await page.goto('/');
    await heading(page).waitFor();
    await screenshot(page, 'listings-dashboard-390');
    await page.setViewportSize(DESK);

    await page.goto('/tractor/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Tractor Not Found' }).waitFor();
    await page.getByText("The tractor you're looking for doesn't exist or has been removed.").waitFor();
    await page.getByRole('link', { name: 'Browse All Tractors' }).waitFor();
    expect(b.errors.filter((e) => !e.includes('404'))).toEqual([]);
  }, 180_000);

  it('admin adds a listing with three photos, reorders, sets the primary, edits, deactivates, deletes', async () => {
    const ctx = await openBrowser();
    const { page } = ctx;
    try {
      await signInViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto('/admin?tab=listings');
      await page.getByRole('button', { name: 'Add Listing' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Make').selectOption('Fendt');
      await dialog.getByLabel('Model').fill('E2E 942 Vario');
      await dialog.getByLabel('Hours', { exact: true }).fill('1234');
      await dialog.getByLabel('Price ($)').fill('187500');
      await dialog.getByLabel('Location (state)').selectOption('Kansas');
      await dialog.getByLabel('City', { exact: true }).fill('Salina');
      await dialog.getByLabel('ZIP code (for delivery estimates)').fill('67401');
      await dialog.getByLabel('Yard street address').fill('2200 N 9th St');
      await dialog.getByLabel('Yard contact phone').fill('(785) 555-0163');
      expect(await dialog.getByLabel('Condition').inputValue()).toBe('Excellent');
      expect(await dialog.getByLabel('Year', { exact: true }).inputValue()).toBe(
        String(new Date().getFullYear()),
      );
      await dialog.getByRole('button', { name: 'Create Listing' }).click();
      await page.getByText('Listing created successfully!').waitFor();
      // New tractors go live with a condition report or as "Sold as-is, not inspected" (docs/product/condition-reports.md).
      const created = await (await page.request.get(`${baseUrl()}/api/admin/listings?q=e2e%20942`)).json();
      await apiWrite(page, 'POST', `/api/admin/listings/${created.items[0].id}/as-is`, {
        reason: 'E2E test',
      });
      await dialog.getByRole('heading', { name: 'Add photos' }).waitFor();

      const colours = ['#b91c1c', '#15803d', '#1d4ed8'];
      const files = await Promise.all(
        colours.map(async (background, i) => ({
          name: `photo-${i + 1}.jpg`,
          mimeType: 'image/jpeg',
          buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
            .jpeg()
            .toBuffer(),
        })),
      );
      await dialog.locator('input[type=file]').setInputFiles(files);
      await expect.poll(() => dialog.getByTestId('managed-image').count(), { timeout: 30_000 }).toBe(3);
      await expect.poll(() => dialog.getByText('Uploaded').count()).toBe(3);
      const order = () =>
        dialog
          .locator('[data-image-id]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-image-id')));
      const before = await order();
      await dialog.getByRole('button', { name: 'Move 1 later' }).click();
      await expect.poll(order).toEqual([before[1], before[0], before[2]]);
      await dialog.getByRole('button', { name: 'Make 3 the primary photo' }).click();
      await expect
        .poll(() => dialog.getByTestId('managed-image').nth(2).getByText('Primary').isVisible())
        .toBe(true);
      await screenshot(page, 'listings-admin-photos-1280');
      await dialog.getByRole('button', { name: 'Done' }).click();

      // Find it, edit it.
      await page.getByLabel('Search listings').fill('E2E 942');
      const row = page.getByTestId('admin-listing').filter({ hasText: 'E2E 942 Vario' });
      await expect.poll(() => page.getByTestId('admin-listing').count()).toBe(1);
      await row.getByText('3 photos', { exact: false }).waitFor();
      await screenshot(page, 'listings-admin-1280');
      await row.getByRole('button', { name: /^Edit/ }).click();
      await dialog.getByLabel('Model').fill('E2E 942 Vario Gen6');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Listing updated successfully').waitFor();
      await row.getByText('E2E 942 Vario Gen6').waitFor();

      const inventory = async () =>
        (await (await page.request.get(`${baseUrl()}/api/listings?q=e2e%20942`)).json()).total as number;
      expect(await inventory()).toBe(1);
      const detail = await (await page.request.get(`${baseUrl()}/api/admin/listings?q=e2e%20942`)).json();
      const id = detail.items[0].id as string;
      const images = (await (await page.request.get(`${baseUrl()}/api/listings/${id}`)).json()).images as {
        srcSet: string;
        isPrimary: boolean;
      }[];
      expect(images.map((i) => i.isPrimary)).toEqual([false, false, true]);
      const files3 = images.flatMap((i) =>
        i.srcSet
          .split(', ')
          .map((s) => path.join(dataDir(), 'images', s.split(' ')[0].replace('/api/images/', ''))),
      );
      expect(files3.length).toBeGreaterThanOrEqual(3);
      expect(files3.every((f) => existsSync(f))).toBe(true);

      await row.getByRole('button', { name: 'Deactivate' }).click();
      await page.getByText('Listing deactivated successfully').waitFor();
      await row.getByText('Inactive').waitFor();
      expect(await inventory()).toBe(0);

      await row.getByRole('button', { name: /^Delete/ }).click();
      await page
        .getByText('Are you sure you want to delete this listing? This action cannot be undone.')
        .waitFor();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Listing deleted successfully').waitFor();
      await expect.poll(() => page.getByTestId('admin-listing').count()).toBe(0);
      expect(files3.some((f) => existsSync(f))).toBe(false);
      // Toasts are the shared toaster's; check the tab itself once they are gone.
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 20_000 });
      await expectNoAxeViolations(page);
      expect(ctx.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 180_000);
});
