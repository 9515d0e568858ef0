import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokens, listings } from '../../db/schema.js';
import {
  createTestApp,
  createUser,
  mailsTo,
  setUserStatus,
  TEST_PASSWORD,
  type TestApp,
  TestClient,
  type TestUser,
} from '../../test/test-app.js';
import { renderTemplate } from '../mail/index.js';
import { issueSignInLink } from './auth.service.js';

const NEW_PASSWORD = 'Fresh-Harvest#2031';

const env = (t: TestApp) => ({ publicUrl: t.app.ctx.config.publicUrl, brand: t.app.ctx.config.brand });

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(60 * 60_000));

  async function requestReset(email: string, headers?: Record<string, string>) {
    return new TestClient(t.app).post('/api/auth/password-reset', { email }, headers);
  }
  async function resetToken(user: TestUser) {
    const [mail] = await mailsTo(t, user.email);
    expect(mail.template).toBe('auth-reset-password');
    return (mail.payload as { token: string }).token;
  }

  it('answers the same for approved, pending and unknown addresses; the e-mail says what applies', async () => {
    const approved = await createUser(t.app, { status: 'approved' });
    const pending = await createUser(t.app, { status: 'pending' });
    const answers = await Promise.all([
      requestReset(approved.email),
      requestReset(pending.email),
      requestReset('unknown-person@example.com'),
    ]);
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual({ message: 'Password reset link sent to your email!' });
    }
    expect((await mailsTo(t, approved.email)).map((m) => m.template)).toEqual(['auth-reset-password']);
    expect((await mailsTo(t, pending.email)).map((m) => m.template)).toEqual(['auth-reset-not-approved']);
    expect(await mailsTo(t, 'unknown-person@example.com')).toEqual([]);
    const notApproved = renderTemplate('auth-reset-not-approved', { name: pending.name }, env(t));
    expect(notApproved.text).toContain('Your account must be approved before you can reset your password.');
  });

  it('builds the link from the configured public URL, never the Host header', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    await requestReset(user.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    const token = await resetToken(user);
    expect(token.length).toBeGreaterThanOrEqual(22);
    const mail = renderTemplate('auth-reset-password', { name: user.name, token }, env(t));
    expect(mail.text).toContain(`http://localhost:3000/reset-password?token=${token}`);
    expect(mail.html).not.toContain('evil.example');
    // Only the hash is stored.
    const stored = await t.app.ctx.db
      .select({ hash: authTokens.tokenHash })
      .from(authTokens)
      .where(eq(authTokens.userId, user.id));
    expect(stored.map((s) => s.hash)).not.toContain(token);
  });

  it('sets the new password once, ends every session and signs nobody in', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    const signedIn = await TestClient.as(t.app, user);
    await requestReset(user.email);
    const token = await resetToken(user);

    const c = new TestClient(t.app);
    const weak = await c.post('/api/auth/password-reset/confirm', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toBe('Password must be at least 12 characters long');
    const common = await c.post('/api/auth/password-reset/confirm', { token, password: 'Welcome2015!!' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toBe('This password is too common. Please choose another.');

    const done = await c.post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: user.email });
    expect(c.cookies.has('fieldlot_session')).toBe(false);
    expect((await signedIn.get('/api/users/me')).statusCode).toBe(401);

    const again = await c.post('/api/auth/password-reset/confirm', { token, password: 'Another-Field#2032' });
    expect(again.statusCode).toBe(400);
    expect(
      (await c.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await c.post('/api/auth/sign-in', { email: user.email, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('expires after 1 hour, and a newer link voids the older one', async () => {
    const user = await createUser(t.app, { status: 'approved' });
    await requestReset(user.email);
    const first = await resetToken(user);
    await requestReset(user.email);
    const second = await resetToken(user);
    const c = new TestClient(t.app);
    expect(
      (await c.post('/api/auth/password-reset/confirm', { token: first, password: NEW_PASSWORD })).statusCode,
    ).toBe(400);
    t.clock.advance(61 * 60_000);
    const late = await c.post('/api/auth/password-reset/confirm', { token: second, password: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(
      'This password reset link is invalid, has expired or was already used.',
    );
  });

  it('allows 3 requests per 15 minutes, then says how many minutes are left', async () => {
    const email = 'reset-limit@example.com';
    for (let i = 0; i < 3; i++) expect((await requestReset(email)).statusCode).toBe(200);
    const blocked = await requestReset(email);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error.message).toBe(
      'Too many password reset attempts. Please try again in 15 minutes.',
    );
    t.clock.advance(15 * 60_000 + 1000);
    expect((await requestReset(email)).statusCode).toBe(200);
  });
});

describe('e-mailed sign-in links', () => {
  let t: TestApp;
  let listingId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const seller = await createUser(t.app, { status: 'admin' });
    const [row] = await t.app.ctx.db
      .insert(listings)
      .values({ userId: seller.id, make: 'Kubota', model: 'M7-172', year: 2020, location: 'Fresno, CA' })
      .returning({ id: listings.id });
    listingId = row.id;
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(60 * 60_000));

  const requestLink = (email: string, listing?: string) =>
    new TestClient(t.app).post('/api/auth/sign-in-link', { email, ...(listing ? { listing } : {}) });
  async function linkOf(user: TestUser) {
    const [mail] = await mailsTo(t, user.email);
    expect(mail.template).toBe('auth-sign-in-link');
    const url = new URL((mail.payload as { url: string }).url, 'http://x');
    return { path: url.pathname, params: url.searchParams };
  }

  it('answers the same for everyone; only approved dealers and admins get a link', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    const rejected = await createUser(t.app, { status: 'rejected' });
    for (const email of [dealer.email, rejected.email, 'ghost-link@example.com']) {
      const res = await requestLink(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Login link sent! Please check your email.' });
    }
    expect((await mailsTo(t, rejected.email)).map((m) => m.template)).toEqual([
      'auth-sign-in-link-not-approved',
    ]);
    expect(await mailsTo(t, 'ghost-link@example.com')).toEqual([]);
  });

  it('signs in once through /auth-redirect and leads to the listing', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    await requestLink(dealer.email, listingId);
    const { path, params } = await linkOf(dealer);
    expect(path).toBe('/auth-redirect');
    expect(params.get('email')).toBe(dealer.email);
    expect(params.get('listing')).toBe(listingId);
    const token = params.get('token') ?? '';
    const mail = renderTemplate('auth-sign-in-link', { name: dealer.name, url: `${path}?${params}` }, env(t));
    expect(mail.text).toContain(`http://localhost:3000/auth-redirect?token=${token}`);

    const c = new TestClient(t.app);
    const wrongEmail = await c.post('/api/auth/sign-in-link/confirm', {
      token,
      email: 'someone-else@example.com',
    });
    expect(wrongEmail.statusCode).toBe(400);
    const ok = await c.post('/api/auth/sign-in-link/confirm', { token, email: dealer.email });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ user: { id: dealer.id }, redirectTo: `/tractor/${listingId}` });
    expect((await c.get('/api/users/me')).statusCode).toBe(200);
    const replay = await new TestClient(t.app).post('/api/auth/sign-in-link/confirm', {
      token,
      email: dealer.email,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(
      'This sign-in link is invalid, has expired or was already used.',
    );
  });

  it('expires after 15 minutes, and a newer link voids the older one', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    await requestLink(dealer.email);
    const first = (await linkOf(dealer)).params.get('token');
    await requestLink(dealer.email);
    const second = (await linkOf(dealer)).params.get('token');
    const c = new TestClient(t.app);
    expect(
      (await c.post('/api/auth/sign-in-link/confirm', { token: first, email: dealer.email })).statusCode,
    ).toBe(400);
    t.clock.advance(15 * 60_000 + 1000);
    expect(
      (await c.post('/api/auth/sign-in-link/confirm', { token: second, email: dealer.email })).statusCode,
    ).toBe(400);
  });

  it('refuses a link whose owner is no longer approved', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    await requestLink(dealer.email);
    const token = (await linkOf(dealer)).params.get('token');
    await setUserStatus(t.app, dealer.id, 'rejected');
    const res = await new TestClient(t.app).post('/api/auth/sign-in-link/confirm', {
      token,
      email: dealer.email,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Account not approved for access');
  });

  it('checks the e-mail in the link', async () => {
    const res = await new TestClient(t.app).post('/api/auth/sign-in-link/confirm', {
      token: 'x'.repeat(43),
      email: 'bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Invalid email in authentication link');
  });

  it('email-auth links follow redirect_to only to same-origin paths', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    const confirm = async (redirectTo: string) => {
      const path = await issueSignInLink(t.app.ctx.db, t.app.ctx, {
        userId: dealer.id,
        email: dealer.email,
        redirectTo,
        style: 'email-auth',
      });
      const params = new URL(path, 'http://x').searchParams;
      expect(path.startsWith('/email-auth?')).toBe(true);
      return new TestClient(t.app).post('/api/auth/sign-in-link/confirm', {
        token: params.get('temp_password'),
        email: params.get('email'),
        redirectTo: params.get('redirect_to'),
      });
    };
    expect((await confirm('/my-offers')).json().redirectTo).toBe('/my-offers');
    expect((await confirm('//evil.example/x')).json().redirectTo).toBe('/');
    expect((await confirm('https://evil.example')).json().redirectTo).toBe('/');
  });

  it('limits link requests to 3 per 15 minutes per address', async () => {
    for (let i = 0; i < 3; i++) expect((await requestLink('link-limit@example.com')).statusCode).toBe(200);
    const blocked = await requestLink('link-limit@example.com');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
