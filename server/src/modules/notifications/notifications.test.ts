import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  auditLog,
  jobRuns,
  listings,
  notificationSends,
  outbox,
  savedSearches,
  users,
} from '../../db/schema.js';
import { unsubscribeToken } from '../../lib/unsubscribe-token.js';
import { underFirstLook } from '../../test/fixtures/first-look.js';
import { createTestApp, createUser, type TestApp, TestClient, type TestUser } from '../../test/test-app.js';
import { renderTemplate } from '../mail/index.js';
import { dayKey, runDigestIfDue } from './digest-scheduler.js';

describe('notifications', () => {
  let t: TestApp;
  let admin: TestClient;
  let seller: TestUser;
  let deereFan: TestUser;
  let kubotaFan: TestUser;
  let quiet: TestUser;

  async function addListing(make: string, model = 'Model', createdAt?: Date) {
    const [row] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: seller.id,
        make,
        model,
        year: 2019,
        hours: 1200,
        priceCents: 5_000_000,
        location: 'Ames, IA',
        createdAt: createdAt ?? t.clock.now(),
      })
      .returning({ id: listings.id });
    return row.id;
  }

  // Brand preferences are saved searches (decision 0021): one per brand, in the daily e-mail.
  const prefer = (user: TestUser, ...brands: string[]) =>
    t.app.ctx.db.insert(savedSearches).values(
      brands.map((brand) => ({
        userId: user.id,
        name: brand,
        filters: { brand },
        alert: 'daily' as const,
      })),
    );

  const mailsTo = async (email: string, template?: string) =>
    (await t.app.ctx.db.select().from(outbox).where(eq(outbox.recipient, email))).filter(
      (m) => !template || m.template === template,
    );

  /** A brand send that mails the fan of that brand once (the starting point of the tests of a later send). */
  async function firstBrandSend(brand: string) {
    const id = await addListing(brand, 'First');
    expect((await admin.post('/api/admin/notifications/brand', { brand })).json()).toEqual({ emailsSent: 1 });
    return id;
  }

  // Each test has its own database: no test needs the sends, digests or unsubscribes of another.
  beforeEach(async () => {
    t = await createTestApp();
    admin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    seller = await createUser(t.app, { status: 'approved' });
    deereFan = await createUser(t.app, { status: 'approved' });
    kubotaFan = await createUser(t.app, { status: 'approved' });
    quiet = await createUser(t.app, { status: 'approved' });
    const pendingFan = await createUser(t.app, { status: 'pending' });
    await prefer(deereFan, 'John Deere');
    await prefer(kubotaFan, 'Kubota');
    await prefer(quiet, 'John Deere');
    await prefer(pendingFan, 'John Deere');
    await t.app.ctx.db.update(users).set({ emailNotifications: false }).where(eq(users.id, quiet.id));
  });
  afterEach(() => t.close());

  describe('brand notifications', () => {
    it('sends one e-mail per approved dealer who prefers the brand and wants e-mails', async () => {
      const a = await addListing('John Deere', '6155R');
      const b = await addListing('john deere', '8R 410');
      await addListing('Kubota', 'M7-172');
      // Older than the 30-day window: not news any more.
      await addListing('John Deere', '4020', new Date(t.clock.now().getTime() - 40 * 86_400_000));
      const res = await admin.post('/api/admin/notifications/brand', { brand: 'John Deere' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ emailsSent: 1 });
      const [mail] = await mailsTo(deereFan.email, 'send-brand-notifications');
      const listed = (mail.payload as { listings: Array<{ id: string }> }).listings.map((l) => l.id);
      expect(listed.sort()).toEqual([a, b].sort());
      expect(await mailsTo(quiet.email)).toEqual([]);
      expect(await mailsTo(kubotaFan.email)).toEqual([]);
      expect(await mailsTo(seller.email)).toEqual([]);
    });

    it('sends nothing twice: a second send finds nothing new', async () => {
      await firstBrandSend('John Deere');
      const res = await admin.post('/api/admin/notifications/brand', { brand: 'John Deere' });
      expect(res.json()).toEqual({
        emailsSent: 0,
        message: 'No new John Deere listings to send. Every dealer has already been sent them.',
      });
      expect(await mailsTo(deereFan.email, 'send-brand-notifications')).toHaveLength(1);
    });

    it('sends only the new listing next time', async () => {
      await addListing('John Deere', '6155R');
      await firstBrandSend('John Deere');
      const c = await addListing('John Deere', '5075E');
      const res = await admin.post('/api/admin/notifications/brand', { brand: 'john deere' });
      expect(res.json()).toEqual({ emailsSent: 1 });
      const mails = await mailsTo(deereFan.email, 'send-brand-notifications');
      expect(mails).toHaveLength(2);
      const latest = mails.sort((x, y) => y.id - x.id)[0];
      expect((latest.payload as { listings: Array<{ id: string }> }).listings.map((l) => l.id)).toEqual([c]);
      const sends = await t.app.ctx.db
        .select()
        .from(notificationSends)
        .where(eq(notificationSends.userId, deereFan.id));
      expect(sends.filter((s) => s.kind === 'brand')).toHaveLength(3);
    });

    it('two sends at once still mail each listing once', async () => {
      await addListing('Kubota', 'L2501');
      const [r1, r2] = await Promise.all([
        admin.post('/api/admin/notifications/brand', { brand: 'Kubota' }),
        admin.post('/api/admin/notifications/brand', { brand: 'Kubota' }),
      ]);
      expect(r1.json().emailsSent + r2.json().emailsSent).toBe(1);
      expect(await mailsTo(kubotaFan.email, 'send-brand-notifications')).toHaveLength(1);
    });

    it('answers a message when no dealer prefers the brand, refuses unknown brands, audits the send', async () => {
      const res = await admin.post('/api/admin/notifications/brand', { brand: 'Fendt' });
      expect(res.json()).toEqual({
        emailsSent: 0,
        message: 'No approved dealers who prefer Fendt have notifications switched on.',
      });
      expect((await admin.post('/api/admin/notifications/brand', { brand: 'Tesla' })).statusCode).toBe(400);
      const rows = await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'notifications.brand_sent'));
      expect(rows.map((r) => r.details)).toEqual([
        expect.objectContaining({ brand: 'Fendt', emailsSent: 0 }),
      ]);
    });

    it('renders with an absolute unsubscribe link in both parts', async () => {
      await firstBrandSend('John Deere');
      const [mail] = await mailsTo(deereFan.email, 'send-brand-notifications');
      const out = renderTemplate(mail.template, mail.payload as Record<string, unknown>, {
        publicUrl: t.app.ctx.config.publicUrl,
        brand: t.app.ctx.config.brand,
      });
      const token = encodeURIComponent(unsubscribeToken(t.app.ctx.config.sessionSecret, deereFan.id));
      expect(out.html).toContain(`http://localhost:3000/unsubscribe?token=${token}`);
      expect(out.text).toContain(`http://localhost:3000/unsubscribe?token=${token}`);
      expect(out.text).toMatch(/http:\/\/localhost:3000\/tractor\/[0-9a-f-]{36}/);
      expect(out.subject).toBe('New John Deere tractors on FieldLot');
    });
  });

  describe('daily listing notifications', () => {
    it('sends each approved dealer the listings since their last digest, preferred brands first', async () => {
      await addListing('John Deere', '6155R');
      await addListing('Kubota', 'M7-172');
      const old = await addListing('Fendt', '942 Vario', new Date(t.clock.now().getTime() - 3 * 86_400_000));
      const res = await admin.post('/api/admin/notifications/daily');
      // deereFan, kubotaFan and the seller (who gets the listings of others only: none) -> 2 e-mails.
      expect(res.json()).toEqual({ emailsSent: 2 });
      const [mail] = await mailsTo(kubotaFan.email, 'daily-listing-notifications');
      const listed = (mail.payload as { listings: Array<{ id: string; make: string }> }).listings;
      expect(listed[0].make).toBe('Kubota');
      expect(listed.map((l) => l.id)).not.toContain(old);
      expect(listed.map((l) => l.make.toLowerCase())).toContain('john deere');
      expect(await mailsTo(quiet.email)).toEqual([]);
      expect(await mailsTo(seller.email)).toEqual([]);
    });

    it('sends nothing twice', async () => {
      await addListing('Kubota', 'M7-172');
      expect((await admin.post('/api/admin/notifications/daily')).json()).toEqual({ emailsSent: 2 });
      const res = await admin.post('/api/admin/notifications/daily');
      expect(res.json()).toEqual({
        emailsSent: 0,
        message: 'No new listings to send since the last daily notifications.',
      });
      t.clock.advance(60_000);
      const fresh = await addListing('Case IH', 'Magnum 340');
      const next = await admin.post('/api/admin/notifications/daily');
      // Now the seller's own listing is excluded but deereFan and kubotaFan get the new one.
      expect(next.json()).toEqual({ emailsSent: 2 });
      const mails = (await mailsTo(deereFan.email, 'daily-listing-notifications')).sort(
        (a, b) => b.id - a.id,
      );
      expect((mails[0].payload as { listings: Array<{ id: string }> }).listings.map((l) => l.id)).toEqual([
        fresh,
      ]);
    });

    it('runs by itself once a day, exactly once with two instances', async () => {
      t.clock.advance(60_000);
      await addListing('Kubota', 'M5-111');
      // A second server instance on the same database.
      const other = await buildApp({
        config: t.app.ctx.config,
        database: t.database,
        clock: t.clock,
        serveWeb: false,
      });
      const day = new Date(t.clock.now());
      day.setHours(t.app.ctx.config.digestHour, 5, 0, 0);
      const before = new Date(day);
      before.setHours(t.app.ctx.config.digestHour - 1);
      expect(await runDigestIfDue(t.app.ctx, before)).toBe('not-due');
      const ticks = await Promise.all([runDigestIfDue(t.app.ctx, day), runDigestIfDue(other.ctx, day)]);
      expect(ticks.sort()).toEqual(['ran', 'taken']);
      expect(await runDigestIfDue(other.ctx, day)).toBe('taken');
      const runs = await t.app.ctx.db
        .select()
        .from(jobRuns)
        .where(eq(jobRuns.runKey, dayKey(day)));
      expect(runs).toHaveLength(1);
      expect(runs[0].finishedAt).not.toBeNull();
      expect(runs[0].result).toEqual({ emailsSent: 2 });
      await other.close();
    });

    it('goes out at DIGEST_HOUR, never just because the server started later that day', async () => {
      const h = t.app.ctx.config.digestHour;
      const next = new Date(t.clock.now());
      next.setDate(next.getDate() + 3);
      // A server (re)started after the hour: no digest that day (the next one carries what was not sent).
      for (const later of [1, 3, 12]) {
        next.setHours(h + later, 0, 0, 0);
        if (next.getHours() !== h + later) continue; // past midnight
        expect(await runDigestIfDue(t.app.ctx, next)).toBe('not-due');
      }
      next.setHours(h, 59, 0, 0);
      expect(await runDigestIfDue(t.app.ctx, next)).toBe('ran');
    });
  });

  // docs/product/want-lists.md#first-look: e-mails name a tractor under a first look only to dealers inside it.
  it('the daily e-mail and the brand e-mail leave out a tractor under a first look for dealers outside it', async () => {
    const hidden = await addListing('John Deere', '6145R');
    const shown = await addListing('John Deere', '6155R');
    await underFirstLook(t.app, hidden, [kubotaFan]);
    expect((await admin.post('/api/admin/notifications/brand', { brand: 'John Deere' })).statusCode).toBe(
      200,
    );
    const ids = (m: { payload: unknown }) =>
      (m.payload as { listings: Array<{ id: string }> }).listings.map((l) => l.id);
    const [brand] = await mailsTo(deereFan.email, 'send-brand-notifications');
    expect(ids(brand)).toEqual([shown]);
    expect((await admin.post('/api/admin/notifications/daily')).statusCode).toBe(200);
    const [daily] = await mailsTo(deereFan.email, 'daily-listing-notifications');
    expect(ids(daily)).toEqual([shown]);
    const [inside] = await mailsTo(kubotaFan.email, 'daily-listing-notifications');
    expect(ids(inside).sort()).toEqual([hidden, shown].sort());
  });

  describe('unsubscribe', () => {
    it('GET checks the token and changes nothing', async () => {
      const token = unsubscribeToken(t.app.ctx.config.sessionSecret, deereFan.id);
      const visitor = new TestClient(t.app);
      const res = await visitor.get(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.json()).toEqual({ valid: true });
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, deereFan.id));
      expect(row.emailNotifications).toBe(true);
    });

    it('refuses a forged or tampered token', async () => {
      const visitor = new TestClient(t.app);
      const forged = unsubscribeToken('y'.repeat(32), deereFan.id);
      expect((await visitor.get(`/api/notifications/unsubscribe?token=${forged}`)).json()).toEqual({
        valid: false,
      });
      const res = await visitor.post('/api/notifications/unsubscribe', { token: forged });
      expect(res.statusCode).toBe(400);
      const good = unsubscribeToken(t.app.ctx.config.sessionSecret, deereFan.id);
      const swapped = good.replace(deereFan.id, kubotaFan.id);
      expect((await visitor.post('/api/notifications/unsubscribe', { token: swapped })).statusCode).toBe(400);
      const rows = await t.app.ctx.db.select().from(users).where(eq(users.emailNotifications, false));
      expect(rows.map((r) => r.id)).toEqual([quiet.id]);
    });

    it('POST with a valid token turns e-mails off without a session; then no more notifications', async () => {
      const visitor = new TestClient(t.app);
      const token = unsubscribeToken(t.app.ctx.config.sessionSecret, deereFan.id);
      const res = await visitor.post('/api/notifications/unsubscribe', { token });
      expect(res.json()).toEqual({ unsubscribed: true });
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, deereFan.id));
      expect(row.emailNotifications).toBe(false);
      await addListing('John Deere', '9RX');
      expect(
        (await admin.post('/api/admin/notifications/brand', { brand: 'John Deere' })).json().emailsSent,
      ).toBe(0);
    });

    it('lets a dealer switch e-mails back on in My Account', async () => {
      // My Account (the accounts module's /api/users/me) writes the same users.email_notifications.
      await t.app.ctx.db.update(users).set({ emailNotifications: false }).where(eq(users.id, deereFan.id));
      await addListing('John Deere', '9RX');
      const me = await TestClient.as(t.app, deereFan);
      expect((await me.get('/api/users/me')).json().emailNotifications).toBe(false);
      const res = await me.patch('/api/users/me', {
        name: deereFan.name,
        companyName: deereFan.companyName,
        emailNotifications: true,
      });
      expect(res.json().emailNotifications).toBe(true);
      expect(
        (await admin.post('/api/admin/notifications/brand', { brand: 'John Deere' })).json().emailsSent,
      ).toBe(1);
    });
  });

  it('lets only admins send notifications', async () => {
    const dealer = await TestClient.as(t.app, deereFan);
    expect((await dealer.post('/api/admin/notifications/brand', { brand: 'John Deere' })).statusCode).toBe(
      403,
    );
    expect((await dealer.post('/api/admin/notifications/daily')).statusCode).toBe(403);
    expect((await new TestClient(t.app).post('/api/admin/notifications/daily')).statusCode).toBe(401);
  });
});
