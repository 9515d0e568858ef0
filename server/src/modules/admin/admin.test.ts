import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.js';
import { enqueueMail } from '../../lib/outbox.js';
import { createTestApp, createUser, setUserStatus, type TestApp, TestClient } from '../../test/test-app.js';
import type { TemplateName } from '../mail/index.js';

describe('admin panel API', () => {
  let t: TestApp;
  let admin: TestClient;
  // Each test has its own database: the counts and the outbox pages start from what the test itself wrote.
  beforeEach(async () => {
    t = await createTestApp();
    admin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
  });
  afterEach(() => t.close());

  it('counts users live from the database', async () => {
    const before = (await admin.get('/api/admin/stats')).json();
    expect(before).toEqual({
      totalUsers: 1,
      pendingReview: 0,
      approvedUsers: 0,
      administrators: 1,
      offersNeedingAction: 0,
      listingsInReview: 0,
    });
    const a = await createUser(t.app, { status: 'pending' });
    await createUser(t.app, { status: 'pending' });
    await createUser(t.app, { status: 'approved' });
    await createUser(t.app, { status: 'rejected' });
    expect((await admin.get('/api/admin/stats')).json()).toEqual({
      totalUsers: 5,
      pendingReview: 2,
      approvedUsers: 1,
      administrators: 1,
      offersNeedingAction: 0,
      listingsInReview: 0,
    });
    await setUserStatus(t.app, a.id, 'approved');
    expect((await admin.get('/api/admin/stats')).json()).toMatchObject({
      pendingReview: 1,
      approvedUsers: 2,
    });
  });

  it('refuses stats to dealers and visitors', async () => {
    const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    expect((await dealer.get('/api/admin/stats')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/stats')).statusCode).toBe(401);
  });

  describe('outbox', () => {
    let failedId: number;
    beforeEach(async () => {
      for (let i = 0; i < 55; i++)
        await enqueueMail(t.app.ctx.db, { template: 'x' as TemplateName, to: `r${i}@example.com` });
      const [row] = await t.app.ctx.db
        .insert(outbox)
        .values({
          template: 'y',
          recipient: 'failed@example.com',
          status: 'failed',
          lastError: 'SMTP 550 mailbox unavailable',
          attempts: 10,
        })
        .returning({ id: outbox.id });
      failedId = row.id;
    });

    it('lists newest first with keyset pages and a status filter', async () => {
      const first = (await admin.get('/api/admin/outbox')).json();
      expect(first.messages).toHaveLength(50);
      expect(first.messages[0]).toMatchObject({
        id: failedId,
        status: 'failed',
        lastError: 'SMTP 550 mailbox unavailable',
      });
      const second = (await admin.get(`/api/admin/outbox?before=${first.nextCursor}`)).json();
      expect(second.messages).toHaveLength(6);
      expect(second.nextCursor).toBeNull();
      const ids = [...first.messages, ...second.messages].map((m: { id: number }) => m.id);
      expect(new Set(ids).size).toBe(56);
      const failed = (await admin.get('/api/admin/outbox?status=failed')).json();
      expect(failed.messages.map((m: { id: number }) => m.id)).toEqual([failedId]);
    });

    it('retries a failed e-mail once, refusing anything else with 409', async () => {
      const res = await admin.post(`/api/admin/outbox/${failedId}/retry`);
      expect(res.statusCode).toBe(200);
      const [row] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.id, failedId));
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
      expect((await admin.post(`/api/admin/outbox/${failedId}/retry`)).statusCode).toBe(409);
      expect((await admin.post('/api/admin/outbox/99999999/retry')).statusCode).toBe(404);
    });

    it('shows subject, recipient, template, status and time, and opens the rendered message with tokens hidden', async () => {
      const [row] = await t.app.ctx.db
        .insert(outbox)
        .values({
          template: 'auth-sign-in-link',
          recipient: 'jane@example.com',
          payload: { name: 'Jane', url: 'http://localhost:3000/auth-redirect?token=SECRET123' },
        })
        .returning({ id: outbox.id });
      const list = (await admin.get('/api/admin/outbox')).json();
      const listed = list.messages.find((m: { id: number }) => m.id === row.id);
      expect(listed).toMatchObject({
        template: 'auth-sign-in-link',
        recipient: 'jane@example.com',
        status: 'pending',
        subject: expect.stringMatching(/sign/i),
      });
      expect(listed.createdAt).toEqual(expect.any(String));
      const res = await admin.get(`/api/admin/outbox/${row.id}`);
      expect(res.statusCode).toBe(200);
      const mail = res.json();
      expect(mail.subject).toBe(listed.subject);
      expect(mail.html).toContain('<html');
      expect(mail.text).toContain('token=hidden');
      expect(`${mail.html}${mail.text}`).not.toContain('SECRET123');
      expect((await admin.get('/api/admin/outbox/99999999')).statusCode).toBe(404);
      const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
      expect((await dealer.get(`/api/admin/outbox/${row.id}`)).statusCode).toBe(403);
    });
  });

  describe('e-mail previews', () => {
    it('renders every template with absolute links, an HTML and a text part', async () => {
      const { templates } = (await admin.get('/api/admin/mail-preview')).json();
      expect(templates).toEqual(
        expect.arrayContaining([
          'send-tractor-inquiry-confirmation',
          'admin-new-sale-inquiry',
          'send-brand-notifications',
          'daily-listing-notifications',
        ]),
      );
      const problems: string[] = [];
      for (const name of templates as string[]) {
        const html = await admin.get(`/api/admin/mail-preview/${name}`);
        const text = await admin.get(`/api/admin/mail-preview/${name}?format=text`);
        if (html.statusCode !== 200 || text.statusCode !== 200) {
          problems.push(`${name}: ${html.statusCode}/${text.statusCode}`);
          continue;
        }
        expect(html.headers['content-type']).toContain('text/html');
        const hrefs = [...html.body.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
        for (const href of hrefs)
          if (!href.startsWith('http://localhost:3000') && !href.startsWith('mailto:'))
            problems.push(`${name}: relative link ${href}`);
        if (!text.body.startsWith('Subject: ')) problems.push(`${name}: no subject`);
        // Every template reads its sample: no field it needs is missing from the preview.
        if (/undefined|NaN|\[object Object\]/.test(text.body))
          problems.push(`${name}: a field without sample`);
      }
      expect(problems).toEqual([]);
    });

    it('puts an unsubscribe link on commercial mail only', async () => {
      for (const name of ['send-brand-notifications', 'daily-listing-notifications', 'saved-search-alert']) {
        const text = (await admin.get(`/api/admin/mail-preview/${name}?format=text`)).body;
        expect(text).toContain('http://localhost:3000/unsubscribe?token=');
      }
      const confirmation = (await admin.get('/api/admin/mail-preview/send-tractor-inquiry-confirmation'))
        .body;
      expect(confirmation).not.toContain('unsubscribe');
    });

    it('answers 404 for an unknown template', async () => {
      expect((await admin.get('/api/admin/mail-preview/nope')).statusCode).toBe(404);
    });
  });
});
