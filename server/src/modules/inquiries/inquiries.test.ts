import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, outbox, saleInquiries } from '../../db/schema.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import { renderTemplate } from '../mail/index.js';

const form = {
  make: 'John Deere',
  model: '6155R',
  year: '2018',
  hours: '4250',
  location: 'Iowa',
  transmission: '  ',
  email: '  Seller@Example.COM ',
};

describe('sale inquiries', () => {
  let t: TestApp;
  let admin: TestUser;
  let adminClient: TestClient;
  // Each test has its own database: the rate limit and the inquiry list start empty whatever ran before.
  beforeEach(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    adminClient = await TestClient.as(t.app, admin);
  });
  afterEach(() => t.close());

  // Every injected request comes from the same address, so these count against one rate-limit key.
  const submit = (body: Record<string, unknown>) => new TestClient(t.app).post('/api/inquiries', body);

  it('stores a visitor inquiry with integers, blanks as none, and queues both e-mails in one go', async () => {
    const res = await submit(form);
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const [row] = await t.app.ctx.db.select().from(saleInquiries).where(eq(saleInquiries.id, id));
    expect(row).toMatchObject({
      make: 'John Deere',
      model: '6155R',
      year: 2018,
      hours: 4250,
      location: 'Iowa',
      transmission: null,
      condition: null,
      email: 'seller@example.com',
      status: 'pending',
    });
    const mails = await t.app.ctx.db.select().from(outbox);
    expect(mails.map((m) => [m.template, m.recipient]).sort()).toEqual(
      [
        ['admin-new-sale-inquiry', admin.email],
        ['send-tractor-inquiry-confirmation', 'seller@example.com'],
      ].sort(),
    );
    // The farmer's request e-mail names the tractor by year, make and model.
    const confirmation = mails.find((m) => m.template === 'send-tractor-inquiry-confirmation');
    const env = { publicUrl: t.app.ctx.config.publicUrl, brand: t.app.ctx.config.brand };
    const sent = renderTemplate(
      'send-tractor-inquiry-confirmation',
      confirmation?.payload as Record<string, unknown>,
      env,
    );
    expect(sent.subject).toBe('Your offer request for 2018 John Deere 6155R');
    expect(sent.text).toContain('for an offer on 2018 John Deere 6155R.');
  });

  it('keeps a non-blank transmission and treats empty numbers as none', async () => {
    const res = await submit({ email: 'a@example.com', year: '', hours: null, transmission: 'PowerQuad' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.ctx.db.select().from(saleInquiries).where(eq(saleInquiries.id, res.json().id));
    expect(row).toMatchObject({ year: null, hours: null, transmission: 'PowerQuad', make: null });
  });

  it('rejects junk with clear messages', async () => {
    const nextYear = new Date().getFullYear() + 1;
    const tooOld = await submit({ ...form, year: 1949 });
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().error.fields.year).toBe(`Year must be between 1950 and ${nextYear}`);
    const future = await submit({ ...form, year: nextYear + 1 });
    expect(future.json().error.message).toBe(`Year must be between 1950 and ${nextYear}`);
    const negative = await submit({ ...form, hours: -5 });
    expect(negative.json().error).toMatchObject({ code: 'VALIDATION', message: 'Hours cannot be negative' });
    const badEmail = await submit({ ...form, email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.fields.email).toBe('Please enter a valid email address');
    const noEmail = await submit({ ...form, email: '' });
    expect(noEmail.json().error.fields.email).toBe('Email is required');
  });

  it('limits submissions per client address with 429 and Retry-After', async () => {
    // The test app does not trust proxies: every request comes from the same socket address.
    const client = new TestClient(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await client.post('/api/inquiries', form)).statusCode);
    const limited = await client.post('/api/inquiries', form);
    expect(statuses).toContain(429);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A new window lets the address in again.
    t.clock.advance(16 * 60_000);
    expect((await client.post('/api/inquiries', form)).statusCode).toBe(201);
  });

  it('lists inquiries newest first with every field, for admins only', async () => {
    for (const email of ['first@example.com', 'second@example.com', 'third@example.com']) {
      expect((await submit({ ...form, email })).statusCode).toBe(201);
      t.clock.advance(1000);
    }
    const res = await adminClient.get('/api/admin/inquiries');
    expect(res.statusCode).toBe(200);
    const list = res.json().inquiries;
    expect(list.length).toBeGreaterThan(2);
    const times = list.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        'condition',
        'createdAt',
        'description',
        'email',
        'hours',
        'id',
        'location',
        'make',
        'model',
        'phone',
        'photoCount',
        'draftListingId',
        'status',
        'transmission',
        'updatedAt',
        'year',
      ].sort(),
    );
    const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    expect((await dealer.get('/api/admin/inquiries')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/inquiries')).statusCode).toBe(401);
  });

  describe('status transitions', () => {
    let id: string;
    beforeEach(async () => {
      id = (await submit({ ...form, email: 'flow@example.com' })).json().id;
    });
    const move = (status: string) => adminClient.patch(`/api/admin/inquiries/${id}`, { status });

    it('refuses every transition the inquiry status machine does not list (selling.md#inquiry-status), with 409', async () => {
      // pending: contacted, an offer, or closed; never pending again.
      expect((await move('pending')).statusCode).toBe(409);
    });

    it('pending -> contacted -> closed -> pending, refusing the others at each step', async () => {
      const contacted = await move('contacted');
      expect(contacted.statusCode).toBe(200);
      expect(contacted.json().inquiry.status).toBe('contacted');
      expect((await move('contacted')).statusCode).toBe(409);
      expect((await move('pending')).statusCode).toBe(409);

      expect((await move('closed')).json().inquiry.status).toBe('closed');
      expect((await move('closed')).statusCode).toBe(409);
      const wrong = await move('contacted');
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json().error.code).toBe('CONFLICT');

      expect((await move('pending')).json().inquiry.status).toBe('pending');
      const [row] = await t.app.ctx.db.select().from(saleInquiries).where(eq(saleInquiries.id, id));
      expect(row.status).toBe('pending');
    });

    it('writes an audit row for each change', async () => {
      for (const status of ['contacted', 'closed', 'pending'])
        expect((await move(status)).statusCode).toBe(200);
      const rows = await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'inquiry.status_changed'))
        .orderBy(asc(auditLog.id));
      const mine = rows.filter((r) => (r.details as { inquiryId: string }).inquiryId === id);
      expect(mine.map((r) => (r.details as { to: string }).to)).toEqual(['contacted', 'closed', 'pending']);
      expect(mine.every((r) => r.actorUserId === admin.id)).toBe(true);
    });

    it('answers 404 for an unknown inquiry and 400 for a bad status', async () => {
      const missing = await adminClient.patch('/api/admin/inquiries/00000000-0000-4000-8000-000000000000', {
        status: 'contacted',
      });
      expect(missing.statusCode).toBe(404);
      expect((await move('archived')).statusCode).toBe(400);
    });

    it('lets only admins move inquiries', async () => {
      const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
      expect((await dealer.patch(`/api/admin/inquiries/${id}`, { status: 'contacted' })).statusCode).toBe(
        403,
      );
    });
  });

  it('still serves the OpenAPI document with these routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/inquiries');
  });
});
