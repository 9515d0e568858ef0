import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../../../domain/session-cookies.js';
import { auditLog } from '../../db/schema.js';
import { createTestApp, type TestApp, TestClient } from '../../test/test-app.js';

/** TRUST_PROXY with the proxies' addresses: X-Forwarded-For is believed from them and from nobody else. */
describe('TRUST_PROXY as a list of proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['10.0.1.5'] });
  });
  afterAll(() => t.close());

  /** A failed sign-in (audited with the client address) from `remoteAddress`, claiming `forwardedFor`. */
  async function failedSignInIp(remoteAddress: string, forwardedFor: string): Promise<string | null> {
    const client = new TestClient(t.app);
    const token = await client.csrfToken();
    const email = `proxy-${crypto.randomUUID()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress,
      headers: {
        [CSRF_HEADER]: token,
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-forwarded-for': forwardedFor,
      },
      payload: { email, password: 'Wrong-Password#2024x' },
    });
    expect(res.statusCode).toBe(401);
    const [row] = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.actorEmail, email));
    return row?.ip ?? null;
  }

  it('takes the client address from X-Forwarded-For when the proxy sends it', async () => {
    expect(await failedSignInIp('10.0.1.5', '198.51.100.23')).toBe('198.51.100.23');
  });

  it('ignores X-Forwarded-For from anyone else', async () => {
    expect(await failedSignInIp('10.0.9.9', '198.51.100.23')).toBe('10.0.9.9');
  });
});
