import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, outbox } from '../../db/schema.js';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp, TestClient } from '../../test/test-app.js';

const WRONG = 'Wrong-Password#2024x';
const signInBody = (email: string, password = TEST_PASSWORD) => ({ email, password });

/** Each test starts with fresh rate-limit windows: move the clock rather than sleep. */
function freshWindows(t: TestApp) {
  t.clock.advance(60 * 60_000);
}

async function lastAudit(t: TestApp, action: string) {
  const rows = await t.app.ctx.db
    .select({ details: auditLog.details, actorEmail: auditLog.actorEmail, ip: auditLog.ip })
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return rows[0];
}

describe('sign-in, sessions and sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => freshWindows(t));

  it('signs an approved dealer in with an HttpOnly SameSite=Lax cookie and out again', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    const c = new TestClient(t.app);
    const res = await c.post('/api/auth/sign-in', signInBody(user.email.toUpperCase()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        companyName: user.companyName,
        status: 'approved',
        role: 'dealer',
      },
    });
    const cookie = res.cookies.find((x) => x.name === 'fieldlot_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect((await c.get('/api/auth/session')).json().user.id).toBe(user.id);
    expect((await lastAudit(t, 'auth.sign_in.success'))?.actorEmail).toBe(user.email);

    const replay = new Map(c.cookies);
    expect((await c.post('/api/auth/sign-out')).statusCode).toBe(204);
    expect((await c.get('/api/auth/session')).json().user).toBeNull();
    // The old cookie replayed after sign-out is dead on the server.
    const replayed = new TestClient(t.app);
    replayed.cookies = replay;
    expect((await replayed.get('/api/users/me')).statusCode).toBe(401);
  });

  it('gives a new session id at every sign-in and ends the previous one', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    const c = new TestClient(t.app);
    await c.post('/api/auth/sign-in', signInBody(user.email));
    const first = c.cookies.get('fieldlot_session');
    const old = new Map(c.cookies);
    await c.post('/api/auth/sign-in', signInBody(user.email));
    const second = c.cookies.get('fieldlot_session');
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(second?.length).toBeGreaterThanOrEqual(22); // 128+ bits in base64url
    const replayed = new TestClient(t.app);
    replayed.cookies = old;
    expect((await replayed.get('/api/users/me')).statusCode).toBe(401);
    expect((await c.get('/api/users/me')).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    const wrong = await new TestClient(t.app).post('/api/auth/sign-in', signInBody(user.email, WRONG));
    const unknown = await new TestClient(t.app).post(
      '/api/auth/sign-in',
      signInBody('nobody-here@example.com', WRONG),
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().error).toMatchObject({
      message: 'Invalid email or password',
      fields: { password: 'Invalid email or password' },
    });
    expect(wrong.cookies.find((x) => x.name === 'fieldlot_session')).toBeUndefined();
    const failed = await lastAudit(t, 'auth.sign_in.failed');
    expect(JSON.stringify(failed)).not.toContain(WRONG);
  });

  it('takes about as long for an unknown e-mail as for a wrong password (loose)', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const time = async (email: string) => {
      const start = performance.now();
      const res = await new TestClient(t.app).post('/api/auth/sign-in', signInBody(email, WRONG));
      expect(res.statusCode).toBe(401);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(user.email));
      unknown.push(await time(`ghost-${i}@example.com`));
    }
    const ratio = median(unknown) / median(known);
    console.log(
      `sign-in timing: wrong password median ${median(known).toFixed(1)} ms, unknown e-mail median ${median(unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('tells pending and rejected accounts their state only after the password verified', async () => {
    const pending = await createUser(t.app, { status: 'pending' });
    const rejected = await createUser(t.app, { status: 'rejected' });
    const c = new TestClient(t.app);
    for (const u of [pending, rejected]) {
      const res = await c.post('/api/auth/sign-in', signInBody(u.email, WRONG));
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Invalid email or password');
    }
    const p = await c.post('/api/auth/sign-in', signInBody(pending.email));
    expect(p.statusCode).toBe(403);
    expect(p.json().error.message).toBe(
      'Your application is still pending approval. Please wait for admin confirmation.',
    );
    const r = await c.post('/api/auth/sign-in', signInBody(rejected.email));
    expect(r.statusCode).toBe(403);
    expect(r.json().error.message).toBe(
      'Your application has been rejected. Please contact support for more information.',
    );
    expect(c.cookies.has('fieldlot_session')).toBe(false);
  });

  it('admin login: only admins get a session', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    const admin = await createUser(t.app, { status: 'admin' });
    const c = new TestClient(t.app);
    const refused = await c.post('/api/auth/sign-in', { ...signInBody(dealer.email), admin: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Access denied. Admin privileges required.');
    expect(refused.cookies.find((x) => x.name === 'fieldlot_session')).toBeUndefined();
    expect((await c.get('/api/auth/session')).json().user).toBeNull();
    const wrong = await c.post('/api/auth/sign-in', { ...signInBody(admin.email, WRONG), admin: true });
    expect(wrong.json().error.message).toBe('Invalid email or password');
    const ok = await c.post('/api/auth/sign-in', { ...signInBody(admin.email), admin: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.role).toBe('admin');
    expect(await lastAudit(t, 'auth.admin_sign_in.success')).toBeTruthy();
  });

  it('validates the body with the spec messages', async () => {
    const c = new TestClient(t.app);
    const empty = await c.post('/api/auth/sign-in', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      email: 'Email is required',
      password: 'Password is required',
    });
    const bad = await c.post('/api/auth/sign-in', { email: 'not-an-email', password: 'x' });
    expect(bad.json().error.fields.email).toBe('Please enter a valid email address');
  });

  it('refuses state changes without the anti-forgery header or from another site', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    const c = new TestClient(t.app);
    await c.csrfToken();
    const noHeader = await c.post('/api/auth/sign-in', signInBody(user.email), { 'x-csrf-token': '' });
    expect(noHeader.statusCode).toBe(403);
    const crossOrigin = await c.post('/api/auth/sign-in', signInBody(user.email), {
      origin: 'https://evil.example',
    });
    expect(crossOrigin.statusCode).toBe(403);
    const crossSite = await c.post('/api/auth/sign-in', signInBody(user.email), {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(c.cookies.has('fieldlot_session')).toBe(false);
    const signedIn = await TestClient.as(t.app, user);
    const out = await signedIn.post('/api/auth/sign-out', {}, { 'x-csrf-token': 'forged' });
    expect(out.statusCode).toBe(403);
    expect((await signedIn.get('/api/users/me')).statusCode).toBe(200);
  });
});

describe('sign-in rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => freshWindows(t));

  it('allows 5 attempts per 5 minutes per e-mail, then blocks 15 minutes with Retry-After', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    const c = new TestClient(t.app);
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/auth/sign-in', signInBody(user.email, WRONG))).statusCode).toBe(401);
    const blocked = await c.post('/api/auth/sign-in', signInBody(user.email));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(blocked.json().error.message).toBe('Too many login attempts. Please try again in 15 minutes.');
    expect(await lastAudit(t, 'auth.sign_in.blocked')).toMatchObject({ actorEmail: user.email });
    t.clock.advance(10 * 60_000);
    const later = await c.post('/api/auth/sign-in', signInBody(user.email));
    expect(later.statusCode).toBe(429);
    expect(later.json().error.message).toBe('Too many login attempts. Please try again in 5 minutes.');
    t.clock.advance(5 * 60_000 + 1000);
    expect((await c.post('/api/auth/sign-in', signInBody(user.email))).statusCode).toBe(200);
  });

  it('lets exactly 5 of 20 parallel attempts through', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        new TestClient(t.app).post('/api/auth/sign-in', signInBody(user.email, WRONG)),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 401)).toHaveLength(5);
    expect(codes.filter((s) => s === 429)).toHaveLength(15);
  });

  it('limits failed attempts per client address; a forged X-Forwarded-For does not reset it', async () => {
    const c = new TestClient(t.app);
    // Exactly 30 failures are processed (decision 0012: the cap is reserved before the password check).
    for (let i = 0; i < 30; i++)
      expect(
        (await c.post('/api/auth/sign-in', signInBody(`spray-${i}@example.com`, WRONG))).statusCode,
      ).toBe(401);
    const next = await c.post('/api/auth/sign-in', signInBody('spray-next@example.com', WRONG));
    expect(next.statusCode).toBe(429);
    const forged = await c.post('/api/auth/sign-in', signInBody('spray-forged@example.com', WRONG), {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(forged.statusCode).toBe(429);
  });

  it('does not count successful sign-ins against the address (an office of dealers)', async () => {
    const c = new TestClient(t.app);
    for (let i = 0; i < 35; i++) {
      const dealer = await createUser(t.app, { status: 'approved' });
      expect((await c.post('/api/auth/sign-in', signInBody(dealer.email))).statusCode).toBe(200);
    }
    expect((await c.post('/api/auth/sign-in', signInBody('office@example.com', WRONG))).statusCode).toBe(401);
  });

  it('honours X-Forwarded-For only behind a configured trusted proxy', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const c = new TestClient(proxied.app, { 'x-forwarded-for': '198.51.100.1' });
      for (let i = 0; i < 30; i++) await c.post('/api/auth/sign-in', signInBody(`p-${i}@example.com`, WRONG));
      expect((await c.post('/api/auth/sign-in', signInBody('p-x@example.com', WRONG))).statusCode).toBe(429);
      const other = await c.post('/api/auth/sign-in', signInBody('p-y@example.com', WRONG), {
        'x-forwarded-for': '198.51.100.2',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('production cookies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ production: true, publicUrl: 'https://fieldlot.example' });
  });
  afterAll(() => t.close());

  it('uses __Host- names, Secure, HttpOnly and SameSite=Lax', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    const c = new TestClient(t.app);
    const res = await c.post('/api/auth/sign-in', signInBody(user.email));
    expect(res.statusCode).toBe(200);
    const session = res.cookies.find((x) => x.name === '__Host-fieldlot_session');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(session?.domain).toBeUndefined();
    expect(c.cookies.has('__Host-fieldlot_csrf')).toBe(true);
    expect((await c.get('/api/users/me')).statusCode).toBe(200);
  });
});

describe('audit rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('cuts the user agent to 500 characters and keeps no secrets', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    const c = new TestClient(t.app, { 'user-agent': `UA-${'x'.repeat(900)}` });
    await c.post('/api/auth/sign-in', signInBody(user.email, WRONG));
    await c.post('/api/auth/sign-in', signInBody(user.email));
    const rows = await t.app.ctx.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.actorEmail, user.email)));
    expect(rows.map((r) => r.action).sort()).toEqual(['auth.sign_in.failed', 'auth.sign_in.success']);
    for (const r of rows) {
      expect((r.details as { userAgent: string }).userAgent).toHaveLength(500);
      expect(JSON.stringify(r.details)).not.toContain(TEST_PASSWORD);
      expect(JSON.stringify(r.details)).not.toContain(WRONG);
    }
    const mails = await t.app.ctx.db.select().from(outbox);
    expect(mails).toHaveLength(0);
  });
});
