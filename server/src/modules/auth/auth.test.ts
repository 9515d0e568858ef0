import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp, TestClient } from '../../test/test-app.js';

describe('sign-in and sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs an approved dealer in with a session cookie and out again', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    const c = new TestClient(t.app);
    const res = await c.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, role: 'dealer' });
    const cookie = res.cookies.find((x) => x.name === 'fieldlot_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await c.get('/api/auth/session')).json().user.id).toBe(user.id);
    const out = await c.post('/api/auth/sign-out');
    expect(out.statusCode).toBe(204);
    expect((await c.get('/api/auth/session')).json().user).toBeNull();
  });
});
