import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NESTING_ERROR } from '../../../domain/text.js';
import { apiRoutes } from '../openapi/route-docs.js';
import { createTestApp, createUser, type TestApp, TestClient } from '../test/test-app.js';

// Hostile bodies on every operation that takes one (docs/product/security.md): never a 5xx, deep nesting a 400.
const HOSTILE: Array<[string, string]> = [
  ['20,000 nested arrays', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ['20,000 nested objects', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
  ['a 100,000-element array', JSON.stringify(Array.from({ length: 100_000 }, () => 1))],
  ['huge numbers', JSON.stringify({ amount: 1e308, price: -1e308, year: 2 ** 64, hours: 1e-320 })],
];

describe('hostile request bodies', () => {
  let t: TestApp;
  let admin: TestClient;
  let dealer: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    dealer = await TestClient.as(t.app, await createUser(t.app));
  });
  afterAll(() => t?.close());

  async function send(client: TestClient, method: string, url: string, payload: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-csrf-token': '' };
    headers['x-csrf-token'] = await client.csrfToken();
    headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return t.app.inject({ method: method as 'POST', url, headers, payload });
  }

  it('answers deep nesting with a 400 that says so', async () => {
    const res = await send(admin, 'POST', '/api/inquiries', HOSTILE[0][1]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(NESTING_ERROR);
  });

  it('never answers 5xx, for an admin and a dealer, on any operation with a body', {
    timeout: 240_000,
  }, async () => {
    const operations = apiRoutes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    expect(operations.length).toBeGreaterThan(40);
    const fiveHundreds: string[] = [];
    let requests = 0;
    for (const r of operations) {
      const url = r.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      for (const client of [admin, dealer]) {
        for (const [what, payload] of HOSTILE) {
          const res = await send(client, r.method, url, payload);
          requests += 1;
          if (res.statusCode >= 500)
            fiveHundreds.push(`${r.method} ${r.url} with ${what}: ${res.statusCode}`);
        }
      }
    }
    console.log(
      `hostile input: ${fiveHundreds.length} x 5xx in ${requests} requests over ${operations.length} operations ` +
        `(${HOSTILE.length} bodies, admin and dealer)`,
    );
    expect(fiveHundreds).toEqual([]);
  });
});
