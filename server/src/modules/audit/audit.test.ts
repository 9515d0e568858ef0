import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../lib/audit.js';
import { createTestApp, createUser, type TestApp, TestClient } from '../../test/test-app.js';

describe('audit log API', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await TestClient.as(
      t.app,
      await createUser(t.app, { status: 'admin', email: 'boss@fieldlot.example' }),
    );
    const request = { ip: '203.0.113.9', userAgent: 'x'.repeat(900) };
    for (let i = 0; i < 60; i++)
      await audit(t.app.ctx.db, {
        action: i % 2 ? 'auth.sign_in' : 'auth.sign_in_failed',
        actorEmail: i % 3 ? 'dealer@example.com' : 'Other@Example.com',
        details: { n: i },
        request,
      });
    await audit(t.app.ctx.db, {
      action: 'inquiry.status_changed',
      actorEmail: 'boss@fieldlot.example',
      details: { n: 60 },
    });
  });
  afterAll(() => t.close());

  type Entry = { id: number; action: string; actorEmail: string; details: { n: number; userAgent: string } };

  it('pages newest first without gaps or repeats', async () => {
    const first = (await admin.get('/api/admin/audit')).json();
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0].action).toBe('inquiry.status_changed');
    const second = (await admin.get(`/api/admin/audit?before=${first.nextCursor}`)).json();
    const all: Entry[] = [...first.entries, ...second.entries];
    expect(second.nextCursor).toBeNull();
    expect(all.map((e) => e.details.n)).toEqual(Array.from({ length: 61 }, (_, i) => 60 - i));
    expect(all[1].details.userAgent).toHaveLength(500);
  });

  it('filters by action (exact or family) and by user e-mail', async () => {
    const exact = (await admin.get('/api/admin/audit?action=auth.sign_in')).json().entries as Entry[];
    expect(exact.length).toBe(30);
    expect(exact.every((e) => e.action === 'auth.sign_in')).toBe(true);
    const family = (await admin.get('/api/admin/audit?action=auth')).json().entries as Entry[];
    expect(family).toHaveLength(50);
    const byEmail = (await admin.get('/api/admin/audit?email=other@example')).json().entries as Entry[];
    expect(byEmail).toHaveLength(20);
    expect(byEmail.every((e) => e.actorEmail === 'Other@Example.com')).toBe(true);
    const both = (await admin.get('/api/admin/audit?email=dealer&action=auth.sign_in')).json()
      .entries as Entry[];
    expect(both.every((e) => e.action === 'auth.sign_in' && e.actorEmail === 'dealer@example.com')).toBe(
      true,
    );
    expect((await admin.get('/api/admin/audit?email=%25')).json().entries).toEqual([]);
  });

  it('lists the actions for the filter', async () => {
    const res = (await admin.get('/api/admin/audit/actions')).json();
    expect(res.actions).toEqual(
      expect.arrayContaining(['auth.sign_in', 'auth.sign_in_failed', 'inquiry.status_changed']),
    );
  });

  it('is for admins only', async () => {
    const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    expect((await dealer.get('/api/admin/audit')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/audit')).statusCode).toBe(401);
  });
});
