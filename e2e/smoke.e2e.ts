import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, expectNoAxeViolations, hasBrowser, openBrowser } from './support/browser';

describe.runIf(hasBrowser())('smoke', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(() => b?.close());

  it('shows the 404 page for an unknown path', async () => {
    const res = await b.page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await b.page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await b.page.getByRole('link', { name: /home/i }).first().waitFor();
    await expectNoAxeViolations(b.page);
    expect(b.errors).toEqual([]);
  });
});
