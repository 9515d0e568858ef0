import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieNames } from '../../../../domain/session-cookies.js';
import { createTestApp, type TestApp, TestClient } from '../../test/test-app.js';
import { startDraining } from './health.routes.js';

describe('server basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness without touching anything', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers readiness after checking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('never reads the session, so a cookie does not tie liveness to the database (decision 0031)', async () => {
    const session = cookieNames(false).session;
    for (const url of ['/api/health/live', '/api/health/ready']) {
      const res = await t.app.inject({ method: 'GET', url, cookies: { [session]: 'not-a-session' } });
      expect(res.statusCode).toBe(200);
      // A session that was looked up and not found is cleared; here it was never looked up.
      expect(String(res.headers['set-cookie'] ?? '')).not.toContain(`${session}=`);
    }
    // The same cookie on a route that reads the session is looked up (and cleared).
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { [session]: 'not-a-session' },
    });
    expect(String(other.headers['set-cookie'] ?? '')).toContain(`${session}=`);
  });

  it('answers readiness 503 while draining after SIGTERM, liveness and requests still 200', async () => {
    const own = await createTestApp();
    try {
      expect((await own.app.inject('/api/health/ready')).statusCode).toBe(200);
      startDraining(own.app.ctx);
      const ready = await own.app.inject('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining' });
      // Only readiness changes: in-flight and late requests are still served until the server closes.
      expect((await own.app.inject('/api/health/live')).statusCode).toBe(200);
      expect((await own.app.inject('/api/auth/session')).statusCode).toBe(200);
      // Another app on the same process is not affected.
      expect((await t.app.inject('/api/health/ready')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('sends security headers, and the content security policy with HTML only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeUndefined();
    const html = await t.app.inject({ method: 'GET', url: '/api/reference' });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(String(html.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(html.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    expect(Object.keys(res.json().paths)).toContain('/api/health/ready');
  });

  it('refuses to register an /api route without an access rule', async () => {
    await expect(
      (async () => {
        const { buildApp } = await import('../../app.js');
        const app = await buildApp({ config: t.app.ctx.config, database: t.database, serveWeb: false });
        app.get('/api/undeclared', async () => ({}));
        await app.ready();
      })(),
    ).rejects.toThrow(/declares no access rule/);
  });

  it('hands out an anti-forgery cookie', async () => {
    const client = new TestClient(t.app);
    expect(await client.csrfToken()).toMatch(/^[\w-]{40,}$/);
  });
});
