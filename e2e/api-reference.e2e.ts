import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, DESK, hasBrowser, openBrowser, PHONE, screenshot } from './support/browser';

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
}

describe.runIf(hasBrowser())('API reference page', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(() => b?.close());

  it('shows every operation of /api/docs grouped by feature, from our own origin', async () => {
    const doc = (await (await b.page.request.get('/api/docs')).json()) as {
      tags: { name: string }[];
      paths: Record<string, Record<string, Operation>>;
    };
    const byTag = new Map<string, Operation[]>();
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item)) byTag.set(op.tags[0], [...(byTag.get(op.tags[0]) ?? []), op]);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
    expect(byTag.size).toBeGreaterThanOrEqual(10);

    const requested: string[] = [];
    b.page.on('request', (req) => requested.push(req.url()));
    const res = await b.page.goto('/api/reference');
    expect(res?.status()).toBe(200);
    await b.page.getByRole('heading', { name: /FieldLot API/ }).waitFor();

    // Past 150 rows Swagger UI renders only what is on screen, so each feature is read through the
    // page's own "Filter by tag" box, as a reader looking for one feature would.
    const filter = b.page.getByPlaceholder('Filter by tag');
    for (const [tag, ops] of byTag) {
      await filter.fill(tag);
      const section = b.page.locator('.opblock-tag-section').filter({
        // Swagger UI's deep-link id: spaces become underscores ("Saved searches").
        has: b.page.locator(`h3[id="operations-tag-${tag.trim().replace(/\s/g, '_')}"]`),
      });
      await section.waitFor();
      await expect.poll(() => section.locator('.opblock').count(), { message: tag }).toBe(ops.length);
      for (const op of ops) {
        const block = section
          .locator('.opblock')
          .filter({ has: b.page.getByText(op.operationId, { exact: true }) });
        expect(await block.count(), `${tag}: ${op.operationId}`).toBe(1);
        await expect.poll(() => block.first().textContent()).toContain(op.summary);
      }
    }
    await filter.fill('');
    await screenshot(b.page, 'api-reference');
    await b.page.setViewportSize(PHONE);
    await b.page.screenshot({ path: path.resolve(import.meta.dirname, 'artifacts/api-reference-390.png') });
    await b.page.setViewportSize(DESK);
    // Only our own origin is contacted (no CDN, no validator badge) and the CSP refuses nothing.
    const origin = new URL(b.page.url()).origin;
    expect(requested.length).toBeGreaterThan(2);
    expect(requested.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it('opens an operation with its error responses and the shared error body', async () => {
    await b.page.getByPlaceholder('Filter by tag').fill('Offers');
    const block = b.page
      .locator('.opblock')
      .filter({ has: b.page.getByText('offers.accept', { exact: true }) })
      .first();
    await block.locator('.opblock-summary').click();
    const responses = block.locator('.responses-table');
    await responses.first().waitFor();
    for (const status of ['200', '401', '403', '404', '409'])
      await block.locator(`tr.response[data-code="${status}"]`).waitFor();
    await expect.poll(() => block.textContent()).toContain('No such record');
    await block.screenshot({
      path: path.resolve(import.meta.dirname, 'artifacts/api-reference-operation.png'),
    });
    expect(b.errors).toEqual([]);
  });
});
