import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../../../domain/password.js';
import { auditLog, savedSearches, users } from '../../db/schema.js';
import { verifyPassword } from '../../lib/password-hash.js';
import { createTestApp, createUser, mailsTo, type TestApp, TestClient } from '../../test/test-app.js';
import { renderTemplate } from '../mail/index.js';

const GOOD = 'Fresh-Harvest#2031';
const application = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Dana Fields',
  email,
  password: GOOD,
  companyName: 'Fields Equipment LLC',
  brands: ['Kubota', 'John Deere', 'Zetor'],
  ...extra,
});

async function userRow(t: TestApp, email: string) {
  const rows = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
  return rows[0];
}

describe('applying', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(60 * 60_000));

  it('creates a pending applicant with every brand as a preference and mails the admins', async () => {
    const c = new TestClient(t.app);
    const res = await c.post('/api/users/apply', application('  Dana@Example.COM '));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Application submitted' });
    expect(c.cookies.has('fieldlot_session')).toBe(false);
    const row = await userRow(t, 'dana@example.com');
    expect(row).toMatchObject({
      status: 'pending',
      desiredBrand1: 'Kubota',
      companyName: 'Fields Equipment LLC',
    });
    expect(await verifyPassword(row.passwordHash ?? '', GOOD)).toBe(true);
    // A brand is a search (decision 0021): one saved search per brand, in the daily e-mail.
    const prefs = await t.app.ctx.db
      .select({ name: savedSearches.name, filters: savedSearches.filters, alert: savedSearches.alert })
      .from(savedSearches)
      .where(eq(savedSearches.userId, row.id));
    expect(prefs.map((p) => p.name).sort()).toEqual(['John Deere', 'Kubota', 'Zetor']);
    expect(prefs.find((p) => p.name === 'Kubota')).toEqual({
      name: 'Kubota',
      filters: { brand: 'Kubota' },
      alert: 'daily',
    });
    const [mail] = await mailsTo(t, admin.email);
    expect(mail).toMatchObject({
      template: 'notify-admin-new-user',
      payload: { userId: row.id, email: 'dana@example.com' },
    });
  });

  it('sends the applicant a "we received your application" e-mail', async () => {
    const res = await new TestClient(t.app).post('/api/users/apply', application('received@example.com'));
    expect(res.statusCode).toBe(201);
    const mails = await mailsTo(t, 'received@example.com');
    expect(mails.map((m) => m.template)).toEqual(['users-application-received']);
    const mail = renderTemplate('users-application-received', mails[0].payload as never, {
      publicUrl: 'https://fieldlot.example',
      brand: t.app.ctx.config.brand,
    });
    expect(mail.subject).toBe('We received your FieldLot dealer application');
    expect(mail.text).toContain('We received your application');
  });

  it('answers an existing e-mail exactly like a new one, and mails the owner instead', async () => {
    const owner = await createUser(t.app, { status: 'approved' });
    const before = await userRow(t, owner.email);
    const fresh = await new TestClient(t.app).post('/api/users/apply', application('brand-new@example.com'));
    const existing = await new TestClient(t.app).post(
      '/api/users/apply',
      application(owner.email, { name: 'Intruder' }),
    );
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.json()).toEqual(fresh.json());
    const after = await userRow(t, owner.email);
    expect(after).toMatchObject({ name: before.name, status: 'approved', passwordHash: before.passwordHash });
    expect((await mailsTo(t, owner.email)).map((m) => m.template)).toEqual(['users-application-exists']);
  });

  it('refuses passwords with the spec messages, in order, and common passwords', async () => {
    const cases: Array<[string, string]> = [
      ['', PASSWORD_MESSAGES.required],
      ['Ab1!', PASSWORD_MESSAGES.tooShort],
      [`Ab1!${'x'.repeat(130)}`, PASSWORD_MESSAGES.tooLong],
      ['ALLUPPER#2024X', PASSWORD_MESSAGES.lowercase],
      ['alllower#2024x', PASSWORD_MESSAGES.uppercase],
      ['NoDigits#Here!', PASSWORD_MESSAGES.number],
      ['NoSpecial2024xY', PASSWORD_MESSAGES.special],
      ['MyPassWord#2024', PASSWORD_MESSAGES.containsPassword],
      ['Heyyyy#2024Xz', PASSWORD_MESSAGES.repeated],
      ['Tractor#123Xyz', PASSWORD_MESSAGES.sequential],
      ['Welcome2015!!', PASSWORD_MESSAGES.common],
    ];
    for (const [password, message] of cases) {
      t.clock.advance(60 * 60_000);
      const res = await new TestClient(t.app).post(
        '/api/users/apply',
        application('rules@example.com', { password }),
      );
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.fields.password, password).toBe(message);
    }
    expect(await userRow(t, 'rules@example.com')).toBeUndefined();
  });

  it('ignores status and role in the body: an applicant is always pending', async () => {
    const res = await new TestClient(t.app).post(
      '/api/users/apply',
      application('sneaky@example.com', { status: 'admin', role: 'admin', brands: [] }),
    );
    expect(res.statusCode).toBe(201);
    expect((await userRow(t, 'sneaky@example.com')).status).toBe('pending');
  });

  it('refuses brands outside the application list', async () => {
    const res = await new TestClient(t.app).post(
      '/api/users/apply',
      application('b@example.com', { brands: ['Tesla'] }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('allows 3 applications per 15 minutes per e-mail', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await new TestClient(t.app).post('/api/users/apply', application('limit@example.com'))).statusCode,
      ).toBe(201);
    const blocked = await new TestClient(t.app).post('/api/users/apply', application('limit@example.com'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().error.message).toBe('Too many signup attempts. Please try again later.');
  });
});

describe('My Account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows and edits name and company; e-mail, status and role cannot be set', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    const c = await TestClient.as(t.app, dealer);
    expect((await c.get('/api/users/me')).json()).toMatchObject({
      email: dealer.email,
      emailNotifications: true,
    });
    const ok = await c.patch('/api/users/me', {
      name: ' New Name ',
      companyName: 'New Co',
      emailNotifications: false,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'New Name', companyName: 'New Co', emailNotifications: false });
    for (const extra of [{ email: 'me@evil.example' }, { status: 'admin' }, { role: 'admin' }]) {
      const res = await c.patch('/api/users/me', { name: 'X', companyName: 'Y', ...extra });
      expect(res.statusCode).toBe(400);
    }
    expect(await userRow(t, dealer.email)).toMatchObject({
      name: 'New Name',
      status: 'approved',
      email: dealer.email,
    });
    expect((await c.patch('/api/users/me', { name: '', companyName: 'Y' })).json().error.fields.name).toBe(
      'Full Name is required',
    );
  });

  it('keeps an optional resale certificate number: up to 40 letters, digits, - and spaces', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    const c = await TestClient.as(t.app, dealer);
    expect((await c.get('/api/users/me')).json()).toMatchObject({ resaleCertificate: null });
    const body = { name: 'Buyer', companyName: 'Buyer Co' };
    const ok = await c.patch('/api/users/me', { ...body, resaleCertificate: ' IA-12345 678 ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ resaleCertificate: 'IA-12345 678' });
    // Left out, it stays; sent empty, it is cleared.
    expect((await c.patch('/api/users/me', body)).json()).toMatchObject({
      resaleCertificate: 'IA-12345 678',
    });
    const bad = await c.patch('/api/users/me', { ...body, resaleCertificate: 'IA#123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.resaleCertificate).toBe(
      'Resale certificate number may use letters, digits, - and spaces only',
    );
    const long = await c.patch('/api/users/me', { ...body, resaleCertificate: 'A'.repeat(41) });
    expect(long.json().error.fields.resaleCertificate).toBe(
      'Resale certificate number must be at most 40 characters',
    );
    expect((await c.patch('/api/users/me', { ...body, resaleCertificate: '' })).json()).toMatchObject({
      resaleCertificate: null,
    });
  });

  it('adds and removes preferred brands from the 20-brand list', async () => {
    const dealer = await createUser(t.app, { status: 'approved' });
    const c = await TestClient.as(t.app, dealer);
    expect((await c.post('/api/users/me/brands', { brandName: 'Fendt' })).statusCode).toBe(201);
    expect((await c.post('/api/users/me/brands', { brandName: 'Fendt' })).statusCode).toBe(201);
    await c.post('/api/users/me/brands', { brandName: 'Mahindra' });
    expect((await c.post('/api/users/me/brands', { brandName: 'Zetor' })).statusCode).toBe(400);
    const list = (await c.get('/api/users/me/brands'))
      .json()
      .brands.map((b: { brandName: string }) => b.brandName);
    expect(list).toEqual(['Fendt', 'Mahindra']);
    expect((await c.delete('/api/users/me/brands/Fendt')).statusCode).toBe(204);
    const after = (await c.get('/api/users/me/brands'))
      .json()
      .brands.map((b: { brandName: string }) => b.brandName);
    expect(after).toEqual(['Mahindra']);
    // Another dealer's preferences are untouched and unseen.
    const other = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    expect((await other.get('/api/users/me/brands')).json().brands).toEqual([]);
  });

  it('is for approved dealers and admins only', async () => {
    expect((await new TestClient(t.app).get('/api/users/me')).statusCode).toBe(401);
    const pending = await TestClient.as(t.app, await createUser(t.app, { status: 'pending' }));
    expect((await pending.get('/api/users/me')).statusCode).toBe(403);
    const admin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    expect((await admin.get('/api/users/me')).statusCode).toBe(200);
  });
});

describe('admin user management', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists applications newest first with the actions the status machine allows (accounts.md#account-status)', async () => {
    const admin = await createUser(t.app, { status: 'admin' });
    const approved = await createUser(t.app, { status: 'approved' });
    t.clock.advance(1000);
    const c = await TestClient.as(t.app, admin);
    await new TestClient(t.app).post('/api/users/apply', application('newest@example.com'));
    const res = await c.get('/api/admin/users');
    expect(res.statusCode).toBe(200);
    const list = res.json().users as Array<{ email: string; actions: string[]; createdAt: string }>;
    expect(list[0].email).toBe('newest@example.com');
    const dates = list.map((u) => u.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const by = (email: string) => list.find((u) => u.email === email);
    expect(by('newest@example.com')?.actions).toEqual(['approved', 'rejected']);
    expect(by(approved.email)?.actions).toEqual(['rejected']);
    expect(by(admin.email)?.actions).toEqual([]);
    expect(res.json().counts).toMatchObject({ admins: 1, approved: 1, pending: 1 });
  });

  it('approves and rejects; rejecting ends the dealer sessions at once; the dealer gets an e-mail', async () => {
    const admin = await createUser(t.app, { status: 'admin' });
    const dealer = await createUser(t.app, { status: 'pending' });
    const c = await TestClient.as(t.app, admin);
    const approve = await c.patch(`/api/admin/users/${dealer.id}/status`, { status: 'approved' });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toEqual({ id: dealer.id, status: 'approved' });
    expect((await c.patch(`/api/admin/users/${dealer.id}/status`, { status: 'approved' })).statusCode).toBe(
      409,
    );

    const dealerClient = await TestClient.as(t.app, dealer);
    expect((await dealerClient.get('/api/users/me')).statusCode).toBe(200);
    expect((await c.patch(`/api/admin/users/${dealer.id}/status`, { status: 'rejected' })).statusCode).toBe(
      200,
    );
    expect((await dealerClient.get('/api/users/me')).statusCode).toBe(401);
    expect((await dealerClient.get('/api/auth/session')).json().user).toBeNull();

    const mails = await mailsTo(t, dealer.email);
    expect(mails.map((m) => [m.template, (m.payload as { status: string }).status])).toEqual([
      ['notify-user-status-change', 'rejected'],
      ['notify-user-status-change', 'approved'],
    ]);
    const audits = await t.app.ctx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'user.status_changed'))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => (a.details as { to: string }).to)).toEqual(['approved', 'rejected']);
  });

  it('offers no actions on admins and refuses statuses other than approved / rejected', async () => {
    const admin = await createUser(t.app, { status: 'admin' });
    const other = await createUser(t.app, { status: 'admin' });
    const c = await TestClient.as(t.app, admin);
    expect((await c.patch(`/api/admin/users/${other.id}/status`, { status: 'rejected' })).statusCode).toBe(
      409,
    );
    const dealer = await createUser(t.app, { status: 'approved' });
    expect((await c.patch(`/api/admin/users/${dealer.id}/status`, { status: 'admin' })).statusCode).toBe(400);
    expect(
      (await c.patch(`/api/admin/users/${crypto.randomUUID()}/status`, { status: 'approved' })).statusCode,
    ).toBe(404);
    expect((await userRow(t, dealer.email)).status).toBe('approved');
  });

  it('lets exactly one of two admins approving at once win', async () => {
    const a = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    const b = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    const dealer = await createUser(t.app, { status: 'pending' });
    const codes = (
      await Promise.all([
        a.patch(`/api/admin/users/${dealer.id}/status`, { status: 'approved' }),
        b.patch(`/api/admin/users/${dealer.id}/status`, { status: 'approved' }),
      ])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409]);
    expect((await mailsTo(t, dealer.email)).length).toBe(1);
  });

  it('is refused to dealers', async () => {
    const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    expect((await dealer.get('/api/admin/users')).statusCode).toBe(403);
    const target = await createUser(t.app, { status: 'pending' });
    expect(
      (await dealer.patch(`/api/admin/users/${target.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(403);
  });
});
