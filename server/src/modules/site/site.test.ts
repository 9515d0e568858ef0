import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../../test/test-app.js';

describe('site facts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the footer year defaults to the current year and turns with the clock', async () => {
    const c = new TestClient(t.app);
    const year = t.clock.now().getUTCFullYear();
    expect((await c.get('/api/site')).json().copyrightYear).toBe(year);
    // To noon on the next New Year's Day: a fixed 400 days from late November would land two years on.
    t.clock.advance(Date.UTC(year + 1, 0, 1, 12) - t.clock.now().getTime());
    expect((await c.get('/api/site')).json().copyrightYear).toBe(year + 1);
  });
});
