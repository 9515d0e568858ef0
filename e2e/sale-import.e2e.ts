import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  DESK,
  expectNoAxeViolations,
  hasBrowser,
  journeyShots,
  openBrowser,
  PHONE,
} from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { signInViaApi } from './support/session';

const shot = journeyShots('sale-import');

/** A small auction file: good rows, one bad row (an impossible date and a cents price), an unknown column. */
function saleFile(prefix: string): Buffer {
  const rows = [
    'source_id,sold_on,make,model,year,hours,state,price_usd,cab,lot_notes',
    `${prefix}-1,2025-03-04,John Deere,6155R,2019,2400,Iowa,98000,EROPS w AC,"clean, one owner"`,
    `${prefix}-2,2031-02-30,John Deere,6155R,2018,3100,Iowa,91000.50,EROPS,`,
    `${prefix}-3,2025-04-11,Case IH,Magnum 340,2017,4200,NE,151000,,`,
    `${prefix}-4,2025-05-20,Kubota,M7-172,,,Kansas,87000,OROPS,`,
  ];
  return Buffer.from(`${rows.join('\r\n')}\r\n`);
}

// docs/product/sale-imports.md#the-admin-screen at 1280 and 390 px: the admin chooses a CSV, reads the preview
// with its problem row before anything is written, then imports and reads what was added; the same file again
// adds nothing.
describe.runIf(hasBrowser())('the admin imports sales on the Market tab', () => {
  const opened: Browser[] = [];
  afterAll(async () => {
    for (const b of opened) await b.close();
  });

  for (const [name, viewport] of [
    ['1280', DESK],
    ['390', PHONE],
  ] as const) {
    it(`previews a file with a problem row, then imports it (${name} px)`, async () => {
      const b = await openBrowser(viewport);
      opened.push(b);
      const p = b.page;
      await signInViaApi(p, E2E_ADMIN.email, E2E_ADMIN.password);
      await p.goto('/admin?tab=market');
      const panel = p.getByTestId('sale-import');
      await panel.getByRole('heading', { name: 'Import sales' }).waitFor();
      const file = {
        name: 'auction-sales.csv',
        mimeType: 'text/csv',
        buffer: saleFile(`e2e-${randomUUID()}`),
      };
      await panel.getByLabel('Sale file (CSV, up to 50 MB)').setInputFiles(file);

      const preview = p.getByTestId('sale-import-preview');
      await preview.waitFor();
      expect(await preview.textContent()).toContain(
        '4 rows read: 3 good rows, 1 row with problems (not imported). Nothing is written until you import.',
      );
      expect(await preview.textContent()).toContain('Ignored columns (not known): lot_notes');
      expect(await p.getByTestId('sale-import-problems').locator('li').allTextContents()).toEqual([
        'Row 3, sold_on: sold_on 2031-02-30 is not a date',
        'Row 3, price_usd: price_usd must be a whole number of dollars between 100 and 10,000,000',
      ]);
      expect(await p.getByTestId('sale-import-rows').locator('tbody tr').count()).toBe(3);
      expect(await p.getByTestId('sale-import-rows').textContent()).toContain('Auction · Iowa · Mar 2025');
      await panel.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(p, ['[data-testid="sale-import"]']);
      await shot(p, `preview-${name}`);
      if (viewport === PHONE)
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await panel.getByRole('button', { name: 'Import 3 sales' }).click();
      const done = panel.getByRole('status').filter({ hasText: 'Imported' });
      await done.waitFor();
      expect(await done.textContent()).toContain(
        'Imported 3 new sales; 0 sales already recorded (nothing added for them); 1 row with problems skipped.',
      );
      await expectNoAxeViolations(p, ['[data-testid="sale-import"]']);
      await shot(p, `imported-${name}`);

      // The same file again: the preview says every good row is already there, and there is nothing to import.
      await panel.getByRole('button', { name: 'Import another file' }).click();
      await panel.getByLabel('Sale file (CSV, up to 50 MB)').setInputFiles(file);
      await preview.waitFor();
      expect(await preview.textContent()).toContain('3 sales already imported (adds nothing).');
      expect(await panel.getByRole('button', { name: 'Nothing new to import' }).isDisabled()).toBe(true);
    });
  }

  it('refuses a file that is not CSV with one message', async () => {
    const b = await openBrowser(DESK);
    opened.push(b);
    const p = b.page;
    await signInViaApi(p, E2E_ADMIN.email, E2E_ADMIN.password);
    await p.goto('/admin?tab=market');
    const panel = p.getByTestId('sale-import');
    await panel
      .getByLabel('Sale file (CSV, up to 50 MB)')
      .setInputFiles({ name: 'sales.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    expect(await panel.getByRole('alert').textContent()).toBe(
      'This is not a CSV file. Export the sales as CSV (comma-separated, UTF-8) and try again.',
    );
    expect(await p.getByTestId('sale-import-preview').count()).toBe(0);
  });
});
